/*
 * Helpers shared by the commands: messages in the one-line house style
 * (render/diag.h), usage errors, dying allocation (commands may exit;
 * the library never does) and the exit codes.
 */
#ifndef IOLENS_UTIL_H
#define IOLENS_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "base/error.h"
#include "base/values.h"
#include "render/diag.h"

enum { EXIT_OK = 0, EXIT_DATA = 1, EXIT_USAGE = 2 };

int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Print the --help text of topic (man/help/<topic>.txt, render/help.h)
 * to stdout, the values only the binary knows filled in; topic NULL: the
 * running command's (iol_progname).  Returns EXIT_OK. */
int cmd_help(const char *topic);
/* Counts, sizes, durations and the output's date: base/values.h. */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t m);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);

#endif
