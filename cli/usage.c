/*
 * Usage errors, the library's failures and --help for the commands;
 * their one-line messages are render/diag.c's.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/usage.h"
#include "render/help.h"
#include "render/views.h"
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

int cmd_fail(int rc, const struct iol_error *err, const char *fmt, ...)
{
	const char *text = iol_error_text(err, rc);
	char *what = NULL;
	va_list ap;
	int n = 0;

	if (fmt) {
		va_start(ap, fmt);
		n = vsnprintf(NULL, 0, fmt, ap);
		va_end(ap);
	}
	/* a name of any length, as msg() takes it */
	if (n > 0 && (what = malloc((size_t)n + 1)) != NULL) {
		va_start(ap, fmt);
		vsnprintf(what, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	if (what)
		msg("%s: %s", what, text);
	else
		msg("%s", n > 0 ? "out of memory" : text);
	free(what);
	return EXIT_DATA;
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

int cmd_help_columns(const char *cmd, int mdoc)
{
	struct obuf ob;
	int n;

	obuf_init(&ob, 1, 1 << 14);
	n = iol_views_describe(&ob, cmd, mdoc);
	if (obuf_release(&ob) != 0)
		return EXIT_DATA;
	if (!n) {
		fprintf(stderr, "iolens: '%s' has no tables described\n", cmd);
		return EXIT_DATA;
	}
	return EXIT_OK;
}
