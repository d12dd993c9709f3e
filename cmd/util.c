/*
 * Messages and dying allocators for the commands.  Every diagnostic is one
 * line: "iolens parse: cannot open 'x': No such file or directory".
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/util.h"
#include "population/sql.h"
#include "base/banned.h"

const char *iol_progname = "iolens";

/*
 * The text of a message on stderr, the password of any PostgreSQL URL in
 * it masked: messages go to Slurm output and cron mail, and a URL given
 * to --db (or libpq's text about it) must not carry the password there.
 */
static void put_masked(const char *fmt, va_list ap)
{
	va_list ap2;
	char small[1024], *text = small, *shown;
	int n;

	va_copy(ap2, ap);
	n = vsnprintf(small, sizeof small, fmt, ap);
	if (n >= (int)sizeof small && (text = malloc((size_t)n + 1)))
		vsnprintf(text, (size_t)n + 1, fmt, ap2);
	va_end(ap2);
	if (n < 0 || !text) {
		fputs("(message lost: out of memory)", stderr);
		return;
	}
	/* "a:b@" becomes "a:***@": at most 4 bytes more per byte */
	shown = malloc((size_t)n * 4 + 16);
	if (shown) {
		fputs(iol_sql_mask(text, shown, (size_t)n * 4 + 16), stderr);
		free(shown);
	} else {
		fputs("(message lost: out of memory)", stderr);
	}
	if (text != small)
		free(text);
}

void msg(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "%s: ", iol_progname);
	va_start(ap, fmt);
	put_masked(fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void msg_ioerr(const char *path, int code, const struct iol_error *err)
{
	const char *what = iol_strerror(code);

	if (code == IOL_EIO && err && err->sys)
		msg("cannot open '%s': %s", path, strerror(err->sys));
	else if (err && err->msg[0] &&
		 strncmp(err->msg, what, strlen(what)) != 0)
		msg("cannot read '%s': %s: %s", path, what, err->msg);
	else if (err && err->msg[0])
		msg("cannot read '%s': %s", path, err->msg);
	else
		msg("cannot read '%s': %s", path, what);
}

int usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", iol_progname);
	va_start(ap, fmt);
	put_masked(fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n%s: try '%s --help'\n", iol_progname, iol_progname);
	return EXIT_USAGE;
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
