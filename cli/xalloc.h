/*
 * Dying allocation for the commands: out of memory is said in the house
 * style and ends the command with EXIT_DATA (commands may exit; the
 * library returns IOL_ENOMEM instead).
 */
#ifndef IOLENS_CLI_XALLOC_H
#define IOLENS_CLI_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t m);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);

#endif
