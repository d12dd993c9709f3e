/*
 * Usage errors, --help and dying allocators for the commands; their
 * one-line messages are render/diag.c's.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/util.h"
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

static void oom(size_t n)
{
	fprintf(stderr, "%s: out of memory allocating %zu bytes\n",
		iol_progname, n);
	exit(EXIT_DATA);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		oom(n);
	return p;
}

void *xcalloc(size_t n, size_t m)
{
	void *p = calloc(n ? n : 1, m ? m : 1);

	if (!p)
		oom(n * m);
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		oom(n);
	return p;
}

char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(xmalloc(n), s, n);
}
