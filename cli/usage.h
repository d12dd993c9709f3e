/*
 * The command line's own messages: the exit codes every command returns,
 * the usage error in the house style ("iolens files: unknown option
 * '--x'" and the hint to --help) and the --help text.  Other messages
 * are render/diag.h's.
 */
#ifndef IOLENS_CLI_USAGE_H
#define IOLENS_CLI_USAGE_H

#include "render/diag.h"

enum { EXIT_OK = 0, EXIT_DATA = 1, EXIT_USAGE = 2 };

int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Print the --help text of topic (man/help/<topic>.txt, render/help.h)
 * to stdout, the values only the binary knows filled in; topic NULL: the
 * running command's (iol_progname).  Returns EXIT_OK. */
int cmd_help(const char *topic);

#endif
