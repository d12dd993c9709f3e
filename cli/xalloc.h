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
/* Buffers of up to 8 MiB taken from the heap and given back to it, not
 * mapped and unmapped each time, for a command that makes and frees
 * several of megabytes: freed memory is used again instead of a fresh
 * page faulted in (1.6 us a page here; 900 of the e3sm log's report's
 * 3,800 faults).  glibc only; elsewhere it does nothing. */
void xheap_reuse(void);

#endif
