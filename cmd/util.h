/*
 * Helpers shared by the commands: messages in the one-line house style,
 * dying allocation (commands may exit; the library never does) and the
 * exit codes.
 */
#ifndef IOLENS_UTIL_H
#define IOLENS_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "base/error.h"
#include "base/values.h"

enum { EXIT_OK = 0, EXIT_DATA = 1, EXIT_USAGE = 2 };

/* "iolens <cmd>", set by main before dispatch */
extern const char *iol_progname;

/* One line to stderr, "iolens <cmd>: " first, its control characters
 * escaped (base/utf8.h iol_esc_char()): a name in it cannot move the
 * cursor or start a line of its own. */
void msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "iolens <cmd>: <subject>: <detail>" for a library error on a file */
void msg_ioerr(const char *path, int code, const struct iol_error *err);
int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Print the --help text of topic (man/help/<topic>.txt, render/help.h)
 * to stdout, the values only the binary knows filled in; topic NULL: the
 * running command's (iol_progname).  Returns EXIT_OK. */
int cmd_help(const char *topic);
/* s escaped as msg() escapes, for names printed to stdout; valid until
 * the fourth call after (a line may print up to four). */
const char *esc(const char *s);
/* Counts, sizes, durations and the output's date: base/values.h. */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t m);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);

#endif
