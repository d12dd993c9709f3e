/*
 * Helpers shared by the commands: messages in the one-line house style,
 * dying allocation (commands may exit; the library never does) and the
 * exit codes.
 */
#ifndef IOLENS_UTIL_H
#define IOLENS_UTIL_H

#include <stddef.h>

#include "base/error.h"

enum { EXIT_OK = 0, EXIT_DATA = 1, EXIT_USAGE = 2 };

/* "iolens <cmd>", set by main before dispatch */
extern const char *iol_progname;

void msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "iolens <cmd>: <subject>: <detail>" for a library error on a file */
void msg_ioerr(const char *path, int code, const struct iol_error *err);
int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t m);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);

#endif
