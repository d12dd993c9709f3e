/*
 * Writing the text form of a replay script: the header (source, tracer
 * overhead, inputs with their sizes, path rewrites, dropped system
 * paths), then each rank's events with compute gaps between them, in a
 * form iol_rscript_parse() reads back to the same script.
 */
#include <stdio.h>
#include <string.h>

#include "base/errname.h"
#include "replay/script.h"
#include "model/event.h"
#include "base/banned.h"

struct wst {
	int (*write)(void *ctx, const char *text);
	void *ctx;
	int rc;
};

static void put(struct wst *w, const char *t)
{
	if (!w->rc)
		w->rc = w->write(w->ctx, t);
}

/* A path in double quotes, with quotes, backslashes and control bytes
 * escaped. */
static void put_quoted(struct wst *w, const char *s)
{
	char b[512];
	size_t n = 0;

	b[n++] = '"';
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (n > sizeof(b) - 8) {
			b[n] = 0;
			put(w, b);
			n = 0;
		}
		if (c == '"' || c == '\\') {
			b[n++] = '\\';
			b[n++] = (char)c;
		} else if (c < 0x20 || c == 0x7f) {
			n += (size_t)snprintf(b + n, 8, "\\x%02x", c);
		} else {
			b[n++] = (char)c;
		}
	}
	b[n++] = '"';
	b[n] = 0;
	put(w, b);
}

static void flags_text(char *b, size_t n, unsigned f)
{
	static const char *const acc[] = {"rdonly", "wronly", "rdwr", "rdwr"};
	static const char *const names[] = {
		"creat", "excl",   "trunc",	"append",
		"sync",	 "direct", "directory", "cloexec",
	};
	size_t l = (size_t)snprintf(b, n, "%s", acc[f & IOL_EVF_ACCMODE]);
	int i;

	for (i = 0; i < 8; i++)
		if (f & (IOL_EVF_CREAT << i) && l < n)
			l += (size_t)snprintf(b + l, n - l, "|%s", names[i]);
}

static void falloc_text(char *b, size_t n, unsigned f)
{
	size_t l = 0;
	int i;

	b[0] = 0;
	for (i = 0; i < 7; i++)
		if (f & (1u << i) && iol_rfalloc_name(i) && l < n)
			l += (size_t)snprintf(b + l, n - l, "%s%s",
					      l ? "|" : "",
					      iol_rfalloc_name(i));
	if (!l)
		snprintf(b, n, "0");
}

static void put_arg(struct wst *w, const struct iol_rscript *s,
		    const struct iol_rev *e, char c)
{
	static const char *const wh[] = {"set", "cur", "end"};
	char b[96];

	put(w, " ");
	switch (c) {
	case 'p': put_quoted(w, iol_rscript_s(s, e->path)); return;
	case 'q':
	case 't': put_quoted(w, iol_rscript_s(s, e->path2)); return;
	case 'f': flags_text(b, sizeof(b), e->flags); break;
	case 'w': snprintf(b, sizeof(b), "%s", wh[e->whence % 3]); break;
	case 'k': falloc_text(b, sizeof(b), e->flags); break;
	case 'a':
		snprintf(b, sizeof(b), "%s",
			 iol_radvice_name(e->flags) ? iol_radvice_name(e->flags)
						    : "normal");
		break;
	case 'm': snprintf(b, sizeof(b), "%#o", e->mode); break;
	case 'd': snprintf(b, sizeof(b), "%d", e->fd); break;
	case 'e': snprintf(b, sizeof(b), "%d", e->fd2); break;
	case 'l':
	case 'L': snprintf(b, sizeof(b), "%lld", (long long)e->len); break;
	case 'n': snprintf(b, sizeof(b), "%lld", (long long)e->off2); break;
	default: snprintf(b, sizeof(b), "%lld", (long long)e->off);
	}
	put(w, b);
}

/* Seconds to the nanosecond, trailing zeros dropped down to the
 * microsecond: strace's times keep their six places, iolens trace's
 * their nine (at six, 28,915 of a tree copy's 34,736 gaps were under
 * half a microsecond and written as 0: they summed to 17.4 ms against
 * 20.8 in its trace). */
static const char *secs(char *b, size_t n, double v)
{
	const char *dot;
	size_t l;

	snprintf(b, n, "%.9f", v);
	l = strlen(b);
	dot = strchr(b, '.');
	while (dot && l > (size_t)(dot - b) + 7 && b[l - 1] == '0')
		b[--l] = 0;
	return b;
}

static void put_event(struct wst *w, const struct iol_rscript *s,
		      const struct iol_rev *e)
{
	char b[96], eb[16], t[48];
	const char *c;

	if (e->gap > 0) {
		snprintf(b, sizeof(b), "compute %s\n",
			 secs(t, sizeof(t), e->gap));
		put(w, b);
	}
	if (e->op == IOL_ROP_END || e->op >= IOL_ROP_COUNT)
		return;
	if (e->op == IOL_ROP_WAIT) {
		snprintf(b, sizeof(b), "after %d %lld\n", e->fd,
			 (long long)e->len);
		put(w, b);
		return;
	}
	put(w, iol_rop_name(e->op));
	for (c = iol_rop_args(e->op); *c; c++)
		put_arg(w, s, e, *c);
	if (e->ret == -1 && e->err)
		snprintf(b, sizeof(b), " = -1 %s %s\n",
			 iol_errno_name(e->err, eb, sizeof(eb)),
			 secs(t, sizeof(t), e->dur));
	else
		snprintf(b, sizeof(b), " = %lld %s\n", (long long)e->ret,
			 secs(t, sizeof(t), e->dur));
	put(w, b);
}

static void put_header(struct wst *w, const struct iol_rscript *s)
{
	char b[160];
	size_t i;

	put(w, "iolens-replay-script 1\n");
	if (s->source[0]) {
		put(w, "source ");
		put_quoted(w, s->source);
		put(w, "\n");
	}
	put(w, s->inferred ? "inferred yes\n" : "inferred no\n");
	snprintf(b, sizeof(b),
		 "overhead %.9f %s %.9f\ntraced %.6f\ndropped %llu\n",
		 s->overhead, s->overhead_from[0] ? s->overhead_from : "none",
		 s->duroverhead, s->traced, (unsigned long long)s->ndropev);
	put(w, b);
	if (s->nunfit) {
		/* counted in "dropped" above; a comment, as the parser
		 * has nothing to do with it */
		snprintf(b, sizeof(b),
			 "# %llu calls dropped: a script cannot hold "
			 "them (the first: %s)\n",
			 (unsigned long long)s->nunfit,
			 s->unfit_why ? s->unfit_why : "?");
		put(w, b);
	}
	for (i = 0; i < s->ninput; i++) {
		put(w, "input ");
		put_quoted(w, iol_rscript_s(s, s->input[i].path));
		if (s->input[i].target) {
			put(w, " link ");
			put_quoted(w, iol_rscript_s(s, s->input[i].target));
			b[0] = '\n', b[1] = 0;
		} else if (s->input[i].size < 0)
			snprintf(b, sizeof(b), " dir\n");
		else
			snprintf(b, sizeof(b), " %lld\n",
				 (long long)s->input[i].size);
		put(w, b);
	}
	for (i = 0; i + 1 < s->nrewrite; i += 2) {
		put(w, "rewrite ");
		put_quoted(w, iol_rscript_s(s, s->rewrite[i]));
		put(w, " ");
		put_quoted(w, iol_rscript_s(s, s->rewrite[i + 1]));
		put(w, "\n");
	}
	for (i = 0; i < s->ndropped; i++) {
		put(w, "system ");
		put_quoted(w, iol_rscript_s(s, s->dropped[i]));
		put(w, "\n");
	}
}

int iol_rscript_write(const struct iol_rscript *s,
		      int (*write)(void *ctx, const char *text), void *ctx)
{
	struct wst w = {write, ctx, 0};
	size_t r, i;
	char b[96];

	put_header(&w, s);
	for (r = 0; r < s->nrank && !w.rc; r++) {
		snprintf(b, sizeof(b), "rank %lld pid %lld",
			 (long long)s->rank[r].rank, (long long)s->rank[r].pid);
		put(&w, b);
		if (s->rank[r].thread_of) {
			snprintf(b, sizeof(b), " thread-of %lld",
				 (long long)s->rank[r].thread_of);
			put(&w, b);
		}
		put(&w, "\n");
		for (i = 0; i < s->rank[r].n && !w.rc; i++)
			put_event(&w, s, &s->rank[r].ev[i]);
	}
	return w.rc;
}

void iol_rscript_count(const struct iol_rscript *s, struct iol_rcounts *c)
{
	size_t i, k;

	memset(c, 0, sizeof(*c));
	for (i = 0; i < s->nrank; i++) {
		for (k = 0; k < s->rank[i].n; k++)
			c->calls += s->rank[i].ev[k].op != IOL_ROP_WAIT &&
				    s->rank[i].ev[k].op != IOL_ROP_END;
		/* a process of threads: its sections have thread_of, the
		 * first made (its main thread's, if it made calls) first */
		c->procs += !s->rank[i].thread_of ||
			    (i == 0 ||
			     s->rank[i - 1].thread_of != s->rank[i].thread_of ||
			     s->rank[i - 1].rank != s->rank[i].rank);
		c->threads += s->rank[i].thread_of != 0;
	}
	for (i = 0; i < s->ninput; i++)
		c->input_bytes += s->input[i].size > 0 ? s->input[i].size : 0;
}
