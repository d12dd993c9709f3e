/*
 * Usage errors and --help for the commands; their one-line messages are
 * render/diag.c's.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli/usage.h"
#include "render/help.h"
#include "base/banned.h"

int usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	msg_v(fmt, ap);
	va_end(ap);
	fprintf(stderr, "%s: try '%s --help'\n", iol_progname, iol_progname);
	return EXIT_USAGE;
}

int cmd_help(const char *topic)
{
	const char *cmd = strchr(iol_progname, ' ');

	iol_help_print(stdout,
		       topic ? topic
		       : cmd ? cmd + 1
			     : iol_progname,
		       iol_help_binary_value);
	return EXIT_OK;
}
