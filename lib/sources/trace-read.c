/*
 * Reading the inputs of a trace line by line (trace-int.h): file after
 * file, each with its own clock day and processes; or, for the files
 * strace -ff -o PREFIX writes (PREFIX.PID, a file per process, lines
 * without a pid), all of them at once as one trace: merged in time
 * order, each line given its file's pid, so that a fork in one file
 * hands its descriptors to the child whose calls are in another.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/lines.h"
#include "sources/trace-int.h"
#include "base/banned.h"

void tr_start_file(struct tpass *ps, int fi)
{
	ps->cur_file = fi;
	ps->day = 0;
	ps->have_time = 0;
	ps->relsum = 0;
}

/* The pid in a -ff file's name (PREFIX.PID, maybe compressed), and the
 * length of its PREFIX; -1 when it has none. */
static long ff_pid(const char *path, size_t *plen)
{
	static const char *const zs[] = {".gz", ".xz", ".bz2", ".zst"};
	size_t n = strlen(path), i, d;
	long pid = 0;

	for (i = 0; i < sizeof(zs) / sizeof(zs[0]); i++) {
		size_t zl = strlen(zs[i]);

		if (n > zl && !strcmp(path + n - zl, zs[i])) {
			n -= zl;
			break;
		}
	}
	for (d = 0; d < n && d < 10 && isdigit((unsigned char)path[n - 1 - d]);
	     d++)
		;
	if (d == 0 || d >= 10 || d >= n || path[n - 1 - d] != '.')
		return -1;
	for (i = n - d, pid = 0; i < n; i++)
		pid = pid * 10 + (path[i] - '0');
	*plen = n - d - 1;
	return pid > 0 ? pid : -1;
}

static double line_time(const char *s, size_t n);

/* 1 when the first line of path starts with its time of day (-tt) or
 * since the epoch (-ttt), no pid column: times the files share, unlike
 * -r's times from each file's line before. */
static int pidless(const char *path)
{
	struct iol_lines l;
	char *line;
	size_t len, i;
	int r = 0;

	if (iol_lines_open(&l, path, NULL) < 0)
		return 0;
	while (iol_lines_next(&l, &line, &len, NULL) == 1) {
		if (!len)
			continue;
		for (i = 0; i < len && line[i] != ' '; i++)
			if (line[i] == ':')
				r = 1;
		/* -ttt's seconds have a fraction; a pid column has none */
		if (!r && i < len && memchr(line, '.', i) &&
		    line_time(line, i) >= 1e6)
			r = 1;
		break;
	}
	iol_lines_close(&l);
	return r;
}

int tr_ff_detect(struct tstate *st)
{
	size_t plen = 0, p0 = 0;
	long *pid;
	int k;

	if (st->iota || st->npaths < 2)
		return 0;
	pid = calloc((size_t)st->npaths, sizeof(*pid));
	if (!pid)
		return IOL_ENOMEM;
	for (k = 0; k < st->npaths; k++) {
		pid[k] = ff_pid(st->paths[k], &plen);
		if (k == 0)
			p0 = plen;
		if (pid[k] < 0 || plen != p0 ||
		    strncmp(st->paths[k], st->paths[0], plen) ||
		    !pidless(st->paths[k])) {
			free(pid);
			return 0;
		}
	}
	st->ffpid = pid;
	return 0;
}

/* The time a line starts with, in seconds of its day (or since the
 * epoch); -1 when it starts with none. */
static double line_time(const char *s, size_t n)
{
	double t = 0, f = 0.1;
	size_t i = 0;
	int parts = 0;

	while (i < n && parts < 3) {
		double v = 0;

		if (i >= n || !isdigit((unsigned char)s[i]))
			return -1;
		while (i < n && isdigit((unsigned char)s[i]))
			v = v * 10 + (s[i++] - '0');
		t = parts ? t * 60 + v : v;
		parts++;
		if (i < n && s[i] == ':')
			i++;
		else
			break;
	}
	if (i < n && s[i] == '.')
		for (i++; i < n && isdigit((unsigned char)s[i]); i++, f /= 10)
			t += (s[i] - '0') * f;
	return t;
}

/* Read the next line of input k into its slot (have 0 at its end). */
static int ff_advance(struct tr_reader *r, int k, struct iol_error *err)
{
	struct tr_ffin *in = &r->in[k];
	int ret;

	for (;;) {
		ret = iol_lines_next(&in->l, &in->line, &in->len, err);
		if (ret <= 0) {
			in->have = 0;
			/* at its end: its descriptor for the files to come */
			if (ret == 0) {
				iol_lines_close(&in->l);
				in->open = 0;
			}
			return ret;
		}
		if (in->len)
			break;
	}
	in->have = 1;
	in->t = line_time(in->line, in->len);
	if (in->t < 0)
		in->t = in->last; /* keeps its place after the line before */
	in->last = in->t;
	return 1;
}

/* Input k open at its first line.  Only the inputs whose lines are
 * being merged stay open: a make under strace -ff leaves more files
 * than a process may hold open. */
static int ff_reopen(struct tr_reader *r, int k, struct iol_error *err)
{
	int ret = iol_lines_open(&r->in[k].l, r->st->paths[k], err);

	if (ret < 0)
		return ret;
	r->in[k].open = 1;
	r->in[k].last = 0;
	return ff_advance(r, k, err);
}

/* Every input's first time, and every input closed till its turn. */
static int ff_open(struct tr_reader *r, struct iol_error *err)
{
	int k, ret = 0;

	r->in = calloc((size_t)r->st->npaths, sizeof(*r->in));
	if (!r->in)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	for (k = 0; k < r->st->npaths && ret >= 0; k++) {
		ret = ff_reopen(r, k, err);
		if (ret > 0) {
			iol_lines_close(&r->in[k].l);
			r->in[k].open = 0;
		}
	}
	return ret < 0 ? ret : 0;
}

/* The earliest line of all inputs, with its file's pid before it. */
static int ff_next(struct tr_reader *r, char **line, size_t *len,
		   struct iol_error *err)
{
	int k, best = -1;
	struct tr_ffin *in;
	size_t need;
	int ret;

	for (k = 0; k < r->st->npaths; k++)
		if (r->in[k].have && (best < 0 || r->in[k].t < r->in[best].t))
			best = k;
	/* strace -k's stack lines stay with the call before them */
	if (r->fi >= 0 && r->in[r->fi].have && r->in[r->fi].open &&
	    tr_is_stack_line(r->in[r->fi].line))
		best = r->fi;
	if (best < 0)
		return 0;
	in = &r->in[best];
	if (!in->open && (ret = ff_reopen(r, best, err)) <= 0)
		return ret < 0 ? ret
			       : iol_error_set(err, IOL_ECORRUPT,
					       "%s: changed while read",
					       r->st->paths[best]);
	need = in->len + 24;
	if (need > r->cap) {
		char *nb = realloc(r->buf, need);

		if (!nb)
			return iol_error_set(err, IOL_ENOMEM, "out of memory");
		r->buf = nb;
		r->cap = need;
	}
	*len = tr_is_stack_line(in->line)
		       ? 0
		       : (size_t)snprintf(r->buf, r->cap, "%ld ",
					  r->st->ffpid[best]);
	memcpy(r->buf + *len, in->line, in->len);
	*len += in->len;
	r->buf[*len] = 0;
	*line = r->buf;
	r->fi = best;
	r->lineno = in->l.lineno;
	ret = ff_advance(r, best, err);
	return ret < 0 ? ret : 1;
}

int tr_reader_next(struct tr_reader *r, struct tpass *ps, char **line,
		   size_t *len, struct iol_error *err)
{
	int ret;

	if (r->st->ffpid) {
		if (!r->in) {
			if ((ret = ff_open(r, err)) < 0)
				return ret;
			tr_start_file(ps, 0); /* one trace: one clock */
		}
		return ff_next(r, line, len, err);
	}
	for (;;) {
		if (!r->open) {
			if (r->fi + 1 >= r->st->npaths)
				return 0;
			ret = iol_lines_open(&r->l, r->st->paths[r->fi + 1],
					     err);
			if (ret < 0)
				return ret;
			r->open = 1;
			r->nonempty = 0;
			tr_start_file(ps, ++r->fi);
		}
		ret = iol_lines_next(&r->l, line, len, err);
		if (ret < 0)
			return ret;
		if (ret == 1) {
			r->lineno = r->l.lineno;
			r->first = *len && !r->nonempty;
			r->nonempty |= *len > 0;
			return 1;
		}
		iol_lines_close(&r->l);
		r->open = 0;
		if (!r->nonempty)
			return iol_error_set(err, IOL_EEMPTY, "%s: empty trace",
					     r->st->paths[r->fi]);
	}
}

void tr_reader_init(struct tr_reader *r, struct tstate *st)
{
	memset(r, 0, sizeof(*r));
	r->st = st;
	r->fi = -1;
}

void tr_reader_close(struct tr_reader *r)
{
	int k;

	if (r->open)
		iol_lines_close(&r->l);
	for (k = 0; r->in && k < r->st->npaths; k++)
		if (r->in[k].open)
			iol_lines_close(&r->in[k].l);
	free(r->in);
	free(r->buf);
	memset(r, 0, sizeof(*r));
}
