/*
 * Diagnostics for people (render/diag.h): the commands' one-line messages
 * on stderr, and the wording of what the library reports about jobs,
 * stores and recordings.  Every diagnostic is one line:
 * "iolens parse: cannot open 'x': No such file or directory".
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/diag.h"
#include "base/utf8.h"
#include "model/job.h"
#include "population/popctx.h"
#include "population/sql.h"
#include "sources/inputs.h"
#include "storage/devio.h"
#include "base/banned.h"

const char *iol_progname = "iolens";

/* The message of fmt and ap to stderr after "iolens <cmd>: ", the
 * password of any PostgreSQL URL in it masked (messages go to Slurm
 * output and cron mail, and a URL given to --db, or libpq's text about
 * it, must not carry the password there), then every control character
 * escaped (iol_esc_char()): its names come from logs, traces, scripts
 * and argv, and one of them held a screen clear and a report line of its
 * own.  Short of memory a long message is cut, not lost. */
void msg_v(const char *fmt, va_list ap)
{
	char b[1024], c[IOL_ESC_MAX], s[sizeof(b) * 4 + 16], *t = b;
	char *shown = s;
	const char *p;
	va_list aq;
	size_t k, size;
	int n;

	va_copy(aq, ap);
	n = vsnprintf(b, sizeof(b), fmt, ap);
	if (n >= (int)sizeof(b) && (t = malloc((size_t)n + 1)) != NULL)
		vsnprintf(t, (size_t)n + 1, fmt, aq);
	va_end(aq);
	if (!t)
		t = b, n = (int)sizeof(b) - 1;
	if (n < 0)
		n = 0, t[0] = 0;
	/* "a:b@" becomes "a:***@": at most 4 bytes more per byte */
	size = (size_t)n * 4 + 16;
	if (size > sizeof(s) && !(shown = malloc(size)))
		shown = s, size = sizeof(s);
	fprintf(stderr, "%s: ", iol_progname);
	p = iol_sql_mask(t, shown, size);
	for (; (k = iol_esc_char(p, c)) != 0; p += k)
		fputs(c, stderr);
	fputc('\n', stderr);
	if (shown != s)
		free(shown);
	if (t != b)
		free(t);
}

void msg(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	va_start(ap, fmt);
	msg_v(fmt, ap);
	va_end(ap);
}

const char *esc(const char *s)
{
	static char *ring[4];
	static unsigned at;
	char *d = iol_esc_dup(s ? s : "");

	at = (at + 1) % 4;
	free(ring[at]);
	ring[at] = d;
	return d ? d : "?";
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

void msg_input_failed(const struct iol_input *in, int rc,
		      const struct iol_error *err)
{
	if (rc == IOL_ENOTLOG && !in->paths && iol_is_text_file(in->arg))
		/* a text file: say what a text log would have been */
		msg("cannot read '%s': a text file, but not a trace iolens "
		    "reads (strace -f -tt -T output, an iolens trace) nor a "
		    "Darshan log",
		    in->arg);
	else
		msg_ioerr(in->arg, rc, err);
}

void msg_inputs_empty(const struct iol_inputs *in)
{
	for (size_t k = 0; k < in->nempty; k++)
		msg("cannot read '%s': no Darshan logs or traces in it",
		    in->empty[k]);
}

void msg_job_warnings(const char *path, const struct iol_job *job)
{
	if (job->partial) {
		char list[160] = "";
		size_t l = 0;
		int m;

		for (m = 0; m < IOL_MOD_MAX && l < sizeof(list) - 20; m++)
			if ((job->partial >> m) & 1)
				l += (size_t)snprintf(
					list + l, sizeof(list) - l, "%s%s",
					l ? ", " : "",
					m < IOL_MOD_KNOWN ? iol_modinfo(m)->name
							  : "unknown");
		msg("warning: '%s' is incomplete (%s ran out of memory): "
		    "figures miss records",
		    path, list);
	}
	if (job->lost) {
		char text[512];

		msg("warning: '%s': %s", path,
		    iol_lost_text(text, sizeof(text), job->lost, job->lost_have,
				  job->lost_len));
	}
	if (job->unknown_ops)
		msg("warning: '%s': operations not understood, skipped:%s",
		    path, job->unknown_ops);
	if (job->skipped)
		msg("warning: '%s': %llu unparsable lines skipped", path,
		    (unsigned long long)job->skipped);
}

void msg_store(const char *db, int rc, const struct iol_error *err)
{
	msg("'%s': %s", db, iol_error_text(err, rc));
}

void msg_popctx(const char *db, const char *log, int rc, int stage,
		const struct iol_error *err)
{
	if (stage == IOL_POPCTX_OPEN)
		msg("cannot open '%s': %s", db, iol_error_text(err, rc));
	else if (stage == IOL_POPCTX_STORE)
		msg_store(db, rc, err);
	else if (stage == IOL_POPCTX_LOG)
		msg_ioerr(log, rc, err);
	else
		msg("out of memory");
}

void msg_weather(const char *const *recs, int nrecs, const uint64_t *cut, int r,
		 int bad, const struct iol_error *err)
{
	for (int i = 0; i < nrecs; i++)
		if (cut[i])
			msg("warning: '%s' ends early, cut in line %llu; the "
			    "samples before it are read",
			    recs[i], (unsigned long long)cut[i]);
	if (r < 0 && bad >= 0)
		msg_ioerr(recs[bad], r, err);
	else if (r < 0)
		msg("%s", iol_error_text(err, r));
}

void msg_fsweather(const char *const *recs, int nrecs, const char *db, int r,
		   int bad, const struct iol_error *err)
{
	if (r < 0 && bad >= 0)
		msg("cannot read '%s': %s", recs[bad], iol_error_text(err, r));
	else if (r < 0)
		msg("%s%s%s", nrecs ? "" : db, nrecs ? "" : ": ",
		    iol_error_text(err, r));
}

void msg_devset_cut(const char *path, const struct iol_devset *ds, int fmt)
{
	if (ds->cut_line)
		msg("warning: '%s': the %s ends early, cut in line %llu (the "
		    "recorder was stopped while writing); the samples before "
		    "it are read",
		    path,
		    fmt == IOL_DEVFMT_IOSTAT_JSON ? "JSON document"
						  : "recording",
		    (unsigned long long)ds->cut_line);
}

void msg_devset_skips(const struct iol_devset *ds)
{
	if (ds->skipped)
		msg("warning: %llu bad lines skipped",
		    (unsigned long long)ds->skipped);
	if (ds->resets)
		msg("warning: %llu counter resets (no interval there)",
		    (unsigned long long)ds->resets);
}

void msg_jobs_undated(const char *db, uint64_t n)
{
	if (n)
		msg("warning: '%s': %llu jobs without start or end time left "
		    "out",
		    db, (unsigned long long)n);
}
