/*
 * Helpers shared by the commands: dying allocation (commands may exit;
 * the library never does), with the command line's exit codes, usage
 * errors (cli/usage.h) and messages (render/diag.h) they all use.
 */
#ifndef IOLENS_UTIL_H
#define IOLENS_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "base/error.h"
#include "base/values.h"
#include "cli/usage.h"
#include "render/diag.h"

/* Counts, sizes, durations and the output's date: base/values.h. */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t m);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);

#endif
