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

#include "base/grow.h"
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

/* the next line of the inputs as they are */
static int raw_next(struct tr_reader *r, struct tpass *ps, char **line,
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

/*
 * Whole calls in the order they began: strace -ff's files merged, and
 * iolens trace, whose tracer writes each call once it returned, merged
 * by the times they began.  A call's effect on the descriptors falls
 * anywhere between its begin and its end, so that line order alone
 * says too little: a long open may return a number that another thread
 * opened, used and closed meanwhile.  The lines are given as strace -f
 * would have printed them, each call's first part at its begin, cut
 * ("<unfinished ...>") when another's begin or end comes before its own
 * end, its end ("<... name resumed>") in the order of the ends, as
 * their times say (exact in iolens trace, to the nanosecond); a call
 * that nothing came between stays one line.  The semantics then follow
 * strace -f's line order (strace-calls.c).  Each thread has at most one
 * call begun, so few wait.
 */
struct tr_fly {
	char *line;   /* its line, and the stack lines after it */
	size_t split; /* where its arguments end: the ')' */
	size_t head;  /* the length of its line alone */
	double start, end;
	uint64_t lineno;
	long pid;
	int fi, begun; /* begun: its first part given */
};

struct tr_outl {
	char *s;
	uint64_t lineno;
	int fi, first;
};

static int out_push(struct tr_reader *r, char *s, uint64_t lineno, int fi,
		    int first)
{
	struct tr_outl *o;

	if (!s)
		return IOL_ENOMEM;
	o = iol_grow(r->out, &r->capout, r->nout, sizeof(*o), 16);
	if (!o) {
		free(s);
		return IOL_ENOMEM;
	}
	r->out = o;
	o[r->nout].s = s;
	o[r->nout].lineno = lineno;
	o[r->nout].fi = fi;
	o[r->nout++].first = first;
	return 0;
}

static char *dup_n(const char *a, size_t n, const char *b)
{
	size_t m = b ? strlen(b) : 0;
	char *s = malloc(n + m + 1);

	if (s) {
		memcpy(s, a, n);
		memcpy(s + n, b ? b : "", m + 1);
	}
	return s;
}

/* where the name of the call begins in a line "[PID ]TIME name(" */
static size_t name_at(const char *l)
{
	size_t i = 0;

	while (l[i] >= '0' && l[i] <= '9')
		i++;
	while (l[i] == ' ')
		i++;
	while ((l[i] >= '0' && l[i] <= '9') || l[i] == ':' || l[i] == '.')
		i++;
	while (l[i] == ' ')
		i++;
	return i;
}

/* f's first part, cut */
static int fly_cut(struct tr_reader *r, struct tr_fly *f)
{
	f->begun = 1;
	return out_push(r, dup_n(f->line, f->split, " <unfinished ...>"),
			f->lineno, f->fi, 0);
}

/* call k of those begun ends: the one begun last, not given yet, first
 * cut when it is another; then its end, and its stack lines */
static int fly_end(struct tr_reader *r, size_t k)
{
	struct tr_fly *f = &r->fly[k];
	size_t nm = name_at(f->line), e, n;
	char *s, *p;
	int ret = 0;

	if (r->held >= 0 && (size_t)r->held != k)
		ret = fly_cut(r, &r->fly[r->held]);
	if (ret == 0 && !f->begun) {
		ret = out_push(r, dup_n(f->line, f->head, NULL), f->lineno,
			       f->fi, 0);
	} else if (ret == 0) {
		/* "PID TIME <... name resumed>) = ..." */
		for (e = nm; f->line[e] != '('; e++)
			;
		s = malloc(f->head + 16);
		if (s)
			snprintf(s, f->head + 16, "%.*s<... %.*s resumed>%.*s",
				 (int)nm, f->line, (int)(e - nm), f->line + nm,
				 (int)(f->head - f->split), f->line + f->split);
		ret = out_push(r, s, f->lineno, f->fi, 0);
	}
	for (p = f->line + f->head; ret == 0 && *p == '\n'; p += 1 + n) {
		n = strcspn(p + 1, "\n");
		ret = out_push(r, dup_n(p + 1, n, NULL), f->lineno, f->fi, 0);
	}
	free(f->line);
	memmove(f, f + 1, (r->nfly - k - 1) * sizeof(*f));
	r->nfly--;
	if (r->held == (int)k)
		r->held = -1;
	else if (r->held > (int)k)
		r->held--;
	return ret;
}

/* the calls begun whose ends come by time t (all of them when t < 0),
 * in the order of their ends */
static int fly_flush(struct tr_reader *r, double t)
{
	int ret = 0;

	while (ret == 0 && r->nfly) {
		size_t k, m = 0;

		for (k = 1; k < r->nfly; k++)
			if (r->fly[k].end < r->fly[m].end)
				m = k;
		if (t >= 0 && r->fly[m].end > t)
			break;
		ret = fly_end(r, m);
	}
	return ret;
}

/* the time of a line "[PID ]TIME ...", or -1; a day added at each
 * midnight */
static double time_of(struct tr_reader *r, const char *l, size_t len)
{
	size_t i = 0;
	double t;

	while (i < len && l[i] >= '0' && l[i] <= '9')
		i++;
	t = i < len && l[i] == ' ' ? line_time(l + i + 1, len - i - 1)
				   : line_time(l, len);
	if (t < 0)
		return t;
	if (t + r->day + 43200 < r->last)
		r->day += 86400;
	r->last = t + r->day;
	return r->last;
}

/* A whole call "[PID ]TIME name(args) = ret [<dur>]": its start and end,
 * and where its arguments end; 0 when the line is not one. */
static int whole_call(struct tr_reader *r, const char *l, size_t len,
		      double *start, double *end, size_t *split)
{
	size_t i = name_at(l), depth = 0;
	const char *lt;
	char *e;
	double d;

	*start = time_of(r, l, len);
	if (*start < 0 || i >= len || !(l[i] >= 'a' && l[i] <= 'z'))
		return 0;
	while (i < len && l[i] != '(')
		i++;
	for (; i < len; i++) {
		if (l[i] == '"') {
			for (i++; i < len && l[i] != '"'; i++)
				i += l[i] == '\\';
		} else if (l[i] == '(' || l[i] == '[' || l[i] == '{') {
			depth++;
		} else if ((l[i] == ')' || l[i] == ']' || l[i] == '}') &&
			   !--depth) {
			break;
		}
	}
	if (i >= len || strncmp(l + i, ") = ", 4) || strstr(l, "<unfinished"))
		return 0;
	*split = i;
	*end = *start;
	lt = strrchr(l + i, '<');
	if (lt && (d = strtod(lt + 1, &e)) >= 0 && *e == '>' && e > lt + 1 &&
	    d < 1e7)
		*end += d;
	return 1;
}

/* The pid a line begins with (0 none).  A thread's calls come one
 * after the other: its call begun before ends by the time this line
 * begins, whatever its duration says. */
static long pid_of(struct tr_reader *r, const char *l, double t)
{
	long pid = strtol(l, NULL, 10);
	size_t k;

	for (k = 0; t >= 0 && k < r->nfly; k++)
		if (r->fly[k].pid == pid && r->fly[k].end > t)
			r->fly[k].end = t;
	return pid;
}

/* 1 when the whole call at l makes a process or thread: given whole at
 * its begin, its child's pid known then.  Cut at its begin, its return
 * (the child's pid) came after the child's own first lines when the
 * parent waited for a CPU (a fork of 14 ms on a loaded machine), and of
 * two processes forking at once neither could be told the parent: the
 * child started with a table of its own (cat's copy into a file its
 * shell had opened was lost, t/6006).  The child exists only from
 * within the call, so its lines come after it either way. */
static int makes_process(const char *l)
{
	static const char *const names[] = {"clone(", "clone3(", "fork(",
					    "vfork("};
	size_t i, at = name_at(l);

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strncmp(l + at, names[i], strlen(names[i])))
			return 1;
	return 0;
}

/* One line of the inputs into the lines to give. */
static int reorder_line(struct tr_reader *r, char *l, size_t len)
{
	struct tr_fly *f;
	double start, end, t;
	size_t split;
	long pid;
	int ret;

	if (tr_is_stack_line(l) && r->nfly && r->held == (int)r->nfly - 1) {
		/* strace -k's frames stay with their call */
		size_t at;
		char *nl;

		f = &r->fly[r->nfly - 1];
		at = strlen(f->line);
		if (!(nl = realloc(f->line, at + len + 2)))
			return IOL_ENOMEM;
		nl[at] = '\n';
		memcpy(nl + at + 1, l, len);
		nl[at + 1 + len] = '\0';
		f->line = nl;
		return 0;
	}
	if (!whole_call(r, l, len, &start, &end, &split) || makes_process(l)) {
		t = len && l[0] != '#' ? time_of(r, l, len) : -1;
		pid_of(r, l, t);
		ret = t >= 0 ? fly_flush(r, t) : 0;
		if (ret == 0 && r->held >= 0 && t >= 0)
			ret = fly_cut(r, &r->fly[r->held]);
		if (ret == 0 && t >= 0)
			r->held = -1;
		return ret ? ret
			   : out_push(r, dup_n(l, len, NULL), r->lineno, r->fi,
				      r->first);
	}
	pid = pid_of(r, l, start);
	if ((ret = fly_flush(r, start)) != 0)
		return ret;
	if (r->held >= 0 && (ret = fly_cut(r, &r->fly[r->held])) != 0)
		return ret;
	f = iol_grow(r->fly, &r->capfly, r->nfly, sizeof(*f), 8);
	if (!f)
		return IOL_ENOMEM;
	r->fly = f;
	f += r->nfly;
	memset(f, 0, sizeof(*f));
	if (!(f->line = dup_n(l, len, NULL)))
		return IOL_ENOMEM;
	f->split = split, f->head = len;
	f->start = start, f->end = end;
	f->lineno = r->lineno, f->fi = r->fi, f->pid = pid;
	r->held = (int)r->nfly++;
	return 0;
}

int tr_reader_next(struct tr_reader *r, struct tpass *ps, char **line,
		   size_t *len, struct iol_error *err)
{
	char *l;
	size_t n;
	int ret;

	if (!r->reorder)
		return raw_next(r, ps, line, len, err);
	while (r->hout == r->nout) {
		r->hout = r->nout = 0;
		if (r->at_end)
			return 0;
		ret = raw_next(r, ps, &l, &n, err);
		if (ret < 0)
			return ret;
		if (ret == 0) {
			r->at_end = 1;
			ret = fly_flush(r, -1);
		} else if (memchr(l, '\0', n)) {
			*line = l, *len = n; /* binary data: said so as is */
			return 1;
		} else {
			ret = reorder_line(r, l, n);
		}
		if (ret < 0)
			return iol_error_set(err, ret, "out of memory");
	}
	free(r->cur);
	r->cur = r->out[r->hout].s;
	r->lineno = r->out[r->hout].lineno;
	r->fi = r->out[r->hout].fi;
	r->first = r->out[r->hout++].first;
	*line = r->cur;
	*len = strlen(r->cur);
	return 1;
}

void tr_reader_init(struct tr_reader *r, struct tstate *st)
{
	memset(r, 0, sizeof(*r));
	r->st = st;
	r->fi = -1;
	r->held = -1;
	r->reorder = !st->iota &&
		     (st->ffpid || !strcmp(st->job->source, "iolens-trace"));
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
	while (r->nfly)
		free(r->fly[--r->nfly].line);
	free(r->fly);
	while (r->hout < r->nout)
		free(r->out[r->hout++].s);
	free(r->out);
	free(r->cur);
	memset(r, 0, sizeof(*r));
}
