/*
 * The command line's own messages: the exit codes every command returns,
 * the usage error in the house style ("iolens files: unknown option
 * '--x'" and the hint to --help) and the --help text.  Other messages
 * are render/diag.h's.
 */
#ifndef IOLENS_CLI_USAGE_H
#define IOLENS_CLI_USAGE_H

#include "base/error.h"
#include "render/diag.h"

enum { EXIT_OK = 0, EXIT_DATA = 1, EXIT_USAGE = 2 };

int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/*
 * The library's failure rc said in the house style: what fmt says, ": "
 * and err's text (iol_error_text()), or that text alone when fmt is NULL
 * ("iolens convert: cannot write 'x.darshan': No space left on device").
 * Returns EXIT_DATA, the status of a command the data or the system
 * failed, for the command to return.
 */
int cmd_fail(int rc, const struct iol_error *err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Print the --help text of topic (man/help/<topic>.txt, render/help.h)
 * to stdout, the values only the binary knows filled in; topic NULL: the
 * running command's (iol_progname).  Returns EXIT_OK. */
int cmd_help(const char *topic);
/* Print the columns of the tables of command cmd (render/views.h) to
 * stdout, for people or as its man page's COLUMNS section (mdoc): an
 * exit status, EXIT_DATA when cmd describes none. */
int cmd_help_columns(const char *cmd, int mdoc);

#endif
