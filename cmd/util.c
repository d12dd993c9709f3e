/*
 * Messages and dying allocators for the commands.  Every diagnostic is one
 * line: "iolens parse: cannot open 'x': No such file or directory".
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/util.h"
#include "cmd/common.h"
#include "base/utf8.h"
#include "population/popan.h"
#include "population/sql.h"
#include "population/trend.h"
#include "storage/devio.h"
#include "render/help.h"
#include "render/report.h"
#include "base/banned.h"

const char *iol_progname = "iolens";

/* The message of fmt and ap to stderr after "iolens <cmd>: ", the
 * password of any PostgreSQL URL in it masked (messages go to Slurm
 * output and cron mail, and a URL given to --db, or libpq's text about
 * it, must not carry the password there), then every control character
 * escaped (iol_esc_char()): its names come from logs, traces, scripts
 * and argv, and one of them held a screen clear and a report line of its
 * own. */
static void vmsg(const char *fmt, va_list ap)
{
	char b[1024], c[IOL_ESC_MAX], *t = b, *shown;
	const char *p;
	va_list aq;
	size_t k;
	int n;

	va_copy(aq, ap);
	n = vsnprintf(b, sizeof(b), fmt, ap);
	if (n >= (int)sizeof(b)) {
		t = xmalloc((size_t)n + 1);
		vsnprintf(t, (size_t)n + 1, fmt, aq);
	}
	va_end(aq);
	if (n < 0)
		n = 0, t[0] = 0;
	/* "a:b@" becomes "a:***@": at most 4 bytes more per byte */
	shown = xmalloc((size_t)n * 4 + 16);
	fprintf(stderr, "%s: ", iol_progname);
	p = iol_sql_mask(t, shown, (size_t)n * 4 + 16);
	for (; (k = iol_esc_char(p, c)) != 0; p += k)
		fputs(c, stderr);
	fputc('\n', stderr);
	free(shown);
	if (t != b)
		free(t);
}

void msg(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	va_start(ap, fmt);
	vmsg(fmt, ap);
	va_end(ap);
}

const char *esc(const char *s)
{
	static char *ring[4];
	static unsigned at;
	char *d = iol_esc_dup(s ? s : "");

	if (!d)
		d = xstrdup("?");
	at = (at + 1) % 4;
	free(ring[at]);
	ring[at] = d;
	return d;
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

	va_start(ap, fmt);
	vmsg(fmt, ap);
	va_end(ap);
	fprintf(stderr, "%s: try '%s --help'\n", iol_progname, iol_progname);
	return EXIT_USAGE;
}

/* The placeholders of man/help/<cmd>.txt: defaults the library holds, and
 * the report template, which the drawing module finds (render/gfx-load.c) */
static const char *help_value(const char *name)
{
	static const struct {
		const char *name;
		double v;
	} nums[] = {
		{"TREND_MIN", IOL_TREND_MIN},
		{"TREND_REL_PCT", (int)(IOL_TREND_REL * 100)},
		{"CMP_D", IOL_CMP_D},
		{"POP_CTX_MIN", IOL_POP_CTX_MIN},
	};
	static char b[32];

	if (!strcmp(name, "EXCL_DEFAULTS"))
		return excl_defaults_help();
	if (!strcmp(name, "REPORT_TEMPLATE"))
		return report_default_template();
	for (size_t i = 0; i < sizeof nums / sizeof *nums; i++)
		if (!strcmp(name, nums[i].name)) {
			snprintf(b, sizeof(b), "%g", nums[i].v);
			return b;
		}
	return NULL;
}

int cmd_help(const char *topic)
{
	const char *cmd = strchr(iol_progname, ' ');

	iol_help_print(stdout,
		       topic ? topic
		       : cmd ? cmd + 1
			     : iol_progname,
		       help_value);
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
