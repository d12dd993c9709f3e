/*
 * Loading strace and Iota traces: the inputs (files, or directories
 * standing for the traces in them, in name order), ranks (one per file,
 * or per process), and the passes.  The loading pass runs the readers with
 * the reducer as sink and leaves the records in the job; each segment or
 * event iterator runs a pass of its own over the same inputs, line by
 * line, so memory follows the number of files and ranks, never the number
 * of calls, and iterators never share state.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/civil.h"
#include "base/grow.h"
#include "base/lines.h"
#include "sources/inputs.h"
#include "sources/modstamp.h"
#include "sources/registry.h"
#include "sources/trace-int.h"
#include "base/banned.h"

static struct tstate *state_of(const struct iol_job *job)
{
	return iol_job_data(job);
}

/* "# started 2026-11-28 17:36:11 UTC": its seconds since the epoch in
 * *t; 0 when the line is not that */
static int started_line(const char *line, int64_t *t)
{
	int y, mo, d, h, mi, s, n = 0;

	if (sscanf(line, "# started %4d-%2d-%2d %2d:%2d:%2d UTC%n", &y, &mo, &d,
		   &h, &mi, &s, &n) != 6 ||
	    !n || y < 1970 || y > 9999 || mo < 1 || mo > 12 || d < 1 ||
	    d > 31 || h > 23 || mi > 59 || s > 60 || h < 0 || mi < 0 || s < 0)
		return 0;
	*t = (int64_t)iol_days_from_civil(y, mo, d) * 86400 + h * 3600 +
	     mi * 60 + s;
	return 1;
}

/* Was the file written by iolens trace?  Its first line says so; a
 * later comment what the tracer's lines cost it ("# tracer cost: N
 * calls, T ns"), into *cost in seconds a call, and another the date it
 * started. */
static int iolens_traced(struct tstate *st, const char *path, double *cost)
{
	struct iol_lines l;
	unsigned long long k, ns;
	char *line;
	size_t len;
	int r = 0, i;

	*cost = 0;
	if (iol_lines_open(&l, path, NULL) < 0)
		return 0;
	for (i = 0; i < 8 && iol_lines_next(&l, &line, &len, NULL) == 1 &&
		    len && line[0] == '#';
	     i++) {
		if (i == 0)
			r = len >= 14 && !strncmp(line, "# iolens-trace", 14);
		else if (r &&
			 sscanf(line, "# tracer cost: %llu calls, %llu ns", &k,
				&ns) == 2 &&
			 k > 0 && ns / k < 1000000)
			*cost = (double)ns / (double)k * 1e-9;
		else if (r && started_line(line, &st->started))
			st->have_started = 1;
	}
	iol_lines_close(&l);
	return r;
}

/* a header's "# module ..." lines into the job's arena */
static int add_module(struct iol_job *job, char *line, size_t *cap)
{
	struct iol_jmodule m, *v = (struct iol_jmodule *)job->modules;

	if (!iol_module_parse(line, &m))
		return 0;
	if (job->nmodules == *cap) {
		size_t nc = *cap ? *cap * 2 : 16;
		struct iol_jmodule *nv =
			iol_arena_alloc(&job->priv->arena, nc * sizeof(*nv));

		if (!nv)
			return IOL_ENOMEM;
		if (job->nmodules)
			memcpy(nv, v, job->nmodules * sizeof(*nv));
		job->modules = v = nv;
		*cap = nc;
	}
	if (!(m.path = iol_arena_strdup(&job->priv->arena, m.path)))
		return IOL_ENOMEM;
	v[job->nmodules++] = m;
	return 0;
}

/*
 * iolens trace --stacks's header: the modules as traced ("# module
 * BUILDID SIZE MTIME PATH") and the stacks cut ("# stacks: depth D, N
 * cut"), in the comment lines at the top; and the trace file's time, to
 * which a strace -k trace's binaries are compared.  0 or IOL_ENOMEM.
 */
static int stack_header(struct iol_job *job, const char *path, int traced)
{
	struct iol_lines l;
	struct stat sb;
	long long n;
	int d, r = 0;
	size_t len, cap = 0;
	char *line;

	if (stat(path, &sb) == 0)
		job->trace_mtime_ns = (int64_t)sb.st_mtim.tv_sec * 1000000000 +
				      sb.st_mtim.tv_nsec;
	if (!traced || iol_lines_open(&l, path, NULL) < 0)
		return 0;
	while (r == 0 && iol_lines_next(&l, &line, &len, NULL) == 1 && len &&
	       line[0] == '#') {
		if (sscanf(line, "# stacks: depth %d, %lld cut", &d, &n) == 2) {
			job->stack_depth = d;
			job->stacks_cut = n;
		} else if (!strncmp(line, "# module ", 9)) {
			r = add_module(job, line, &cap);
		}
	}
	iol_lines_close(&l);
	return r;
}

static int is_dir(const char *path)
{
	struct stat sb;

	return strcmp(path, "-") && stat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
}

static int strace_src_sniff(const char *path, const void *head, size_t len)
{
	(void)head;
	(void)len;
	return is_dir(path) || iol_strace_sniff_file(path) == 1;
}

static int iota_src_sniff(const char *path, const void *head, size_t len)
{
	(void)head;
	(void)len;
	return iol_strace_sniff_file(path) == 2;
}

/* ---- inputs ---- */

static int add_path(struct tstate *st, char *path)
{
	char **np;

	if (!path)
		return IOL_ENOMEM;
	np = realloc(st->paths, (size_t)(st->npaths + 1) * sizeof(*np));
	if (!np) {
		free(path);
		return IOL_ENOMEM;
	}
	st->paths = np;
	st->paths[st->npaths++] = path;
	return 0;
}

/* a directory stands for the traces in it, by the one rule of
 * sources/inputs.h */
static int expand_dir(struct tstate *st, const char *dir, struct iol_error *err)
{
	char **list;
	int n, k, ret;

	ret = iol_trace_dir(dir, &list, &n, err);
	if (ret < 0)
		return ret;
	for (k = 0; k < n; k++)
		if (ret == 0)
			ret = add_path(st, list[k]); /* frees it on failure */
		else
			free(list[k]);
	free(list);
	return ret < 0 ? iol_error_set(err, IOL_ENOMEM, "out of memory") : 0;
}

static int expand_paths(struct tstate *st, const char *const *paths, int n,
			struct iol_error *err)
{
	int i, ret;

	for (i = 0; i < n; i++) {
		if (is_dir(paths[i]))
			ret = expand_dir(st, paths[i], err);
		else if ((ret = add_path(st, strdup(paths[i]))) < 0)
			ret = iol_error_set(err, IOL_ENOMEM, "out of memory");
		if (ret < 0)
			return ret;
	}
	if (!st->npaths)
		return iol_error_set(err, IOL_EEMPTY, "no trace files");
	return 0;
}

/* ---- passes ---- */

static int bad_line(struct tpass *ps, uint64_t lineno, const char *path,
		    struct iol_error *err)
{
	const char *why = ps->why;

	ps->why = NULL;
	if (ps->st->opts.lenient) {
		if (ps->loading)
			ps->st->job->skipped++;
		return 1;
	}
	if (why)
		return iol_error_set(err, IOL_ESYNTAX, "%s: line %llu: %s",
				     path, (unsigned long long)lineno, why);
	return iol_error_set(err, IOL_ESYNTAX,
			     ps->st->iota
				     ? "%s: line %llu is not an Iota trace line"
				     : "%s: line %llu is not strace output",
			     path, (unsigned long long)lineno);
}

/* one line; 0 ok, 1 skipped (lenient), < 0 error */
static int feed(struct tpass *ps, char *line, uint64_t lineno, const char *path,
		struct iol_error *err)
{
	struct call c;
	struct proc *p = NULL;
	int r;

	if (ps->st->iota) {
		r = tr_iota_line(ps, line);
	} else if (tr_is_stack_line(line)) {
		r = tr_stack_line(ps, line); /* strace -k */
	} else {
		if ((r = tr_stack_end(ps)) < 0)
			return iol_error_set(err, r,
					     "%s: line %llu: out of memory",
					     path, (unsigned long long)lineno);
		r = tr_parse_line(ps, line, &c, &p);
		if (r == 0)
			r = tr_handle(ps, p, &c);
		free(c.owned);
	}
	if (r >= 0 && ps->err)
		r = ps->err;
	if (r >= 0 && ps->why)
		r = TR_BADLINE; /* an absurd value seen past the lexer */
	if (r >= 0 && r != TR_BADLINE && ps->has_span && ps->loading) {
		if (ps->st->tmin == 0 || ps->span[0] < ps->st->tmin)
			ps->st->tmin = ps->span[0];
		if (ps->span[1] > ps->st->tmax)
			ps->st->tmax = ps->span[1];
	}
	ps->has_span = 0;
	if (r < 0)
		return iol_error_set(err, r, "%s: line %llu: out of memory",
				     path, (unsigned long long)lineno);
	if (r == TR_BADLINE)
		return bad_line(ps, lineno, path, err);
	return 0;
}

/* every line of the inputs through ps */
static int run_inputs(struct tpass *ps, struct iol_error *err)
{
	struct tr_reader r;
	char *line;
	size_t len;
	int ret;

	tr_reader_init(&r, ps->st);
	while ((ret = tr_reader_next(&r, ps, &line, &len, err)) == 1) {
		const char *path = ps->st->paths[r.fi];

		if (memchr(line, '\0', len)) {
			ret = iol_error_set(err, IOL_ESYNTAX,
					    "%s: line %llu holds binary data",
					    path, (unsigned long long)r.lineno);
			if (!ps->st->opts.lenient)
				break;
			ps->st->job->skipped++;
			continue;
		}
		if (r.first && !ps->st->iota && tr_untimed(line)) {
			ret = iol_error_set(
				err, IOL_ESYNTAX,
				"%s: strace trace without timestamps: "
				"record with strace -tt (or -ttt) -T",
				path);
			break;
		}
		ret = feed(ps, line, r.lineno, path, err);
		if (ret < 0)
			break;
	}
	tr_reader_close(&r);
	return ret < 0 ? ret : 0;
}

/* the loading pass: the reducer as sink; *maxrank the highest rank */
static int load_pass(struct tstate *st, int *maxrank, struct iol_error *err)
{
	struct tpass ps;
	size_t i;
	int ret;

	memset(&ps, 0, sizeof(ps));
	ps.st = st;
	ps.loading = 1;
	ps.sink = tr_reduce;
	ps.ctx = st;
	st->t0 = 0; /* absolute during loading, made relative after */
	ret = run_inputs(&ps, err);
	if (ret == 0 && (ret = tr_stack_end(&ps)) < 0)
		iol_error_set(err, ret, "out of memory");
	*maxrank = 0;
	for (i = 0; i < ps.nprocs; i++)
		if (ps.procs[i].rank > *maxrank)
			*maxrank = ps.procs[i].rank;
	tr_pass_release(&ps);
	return ret;
}

/* Times of day dated by iolens trace's "# started" line: its midnight,
 * a day on when the first call is past a midnight the header is not (the
 * two are the same instant, read twice), so that summary, convert and
 * ingest see the day the trace was taken, not 1 January 1970. */
static void date_by_header(struct iol_job *job, const struct tstate *st)
{
	int64_t midnight, tod, first;

	if (job->date_known || !st->tod || !st->have_started)
		return;
	midnight = st->started - st->started % 86400;
	tod = st->started % 86400;
	first = (int64_t)floor(st->tmin) % 86400;
	if (first + 43200 < tod)
		midnight += 86400;
	else if (tod + 43200 < first)
		midnight -= 86400;
	midnight -= (int64_t)floor(st->tmin) - first; /* days it wrapped */
	job->start_sec += midnight;
	job->end_sec += midnight;
	job->date_known = 1;
}

static void set_header(struct iol_job *job, struct tstate *st, int maxrank)
{
	job->nprocs =
		st->opts.rank_from == IOL_RANK_FROM_PID || st->iota || st->ffpid
			? maxrank + 1
			: st->npaths;
	if (job->nprocs < maxrank + 1)
		job->nprocs = maxrank + 1;
	job->start_sec = (int64_t)floor(st->tmin) + st->ebase;
	job->start_nsec = (int64_t)((st->tmin - floor(st->tmin)) * 1e9);
	job->end_sec = (int64_t)floor(st->tmax) + st->ebase;
	job->end_nsec = (int64_t)((st->tmax - floor(st->tmax)) * 1e9);
	job->run_time = st->tmax - st->tmin;
	job->time_exact = 1;
	job->metadata = "";
	date_by_header(job, st);
}

static int trace_load(struct iol_job *job, const char *const *paths, int npaths,
		      const struct iol_trace_opts *o, struct iol_error *err)
{
	struct tstate *st = calloc(1, sizeof(*st));
	int ret, maxrank;

	if (!st)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	job->priv->data = st;
	job->src = &iol_source_strace;
	job->kind = IOL_SRC_STRACE;
	memcpy(job->source, "strace", 7);
	job->ncreated = 0;
	job->date_known = 0; /* -ttt timestamps set it */
	st->job = job;
	if (o)
		st->opts = *o;
	ret = expand_paths(st, paths, npaths, err);
	if (ret < 0)
		return ret;
	if (iol_strace_sniff_file(st->paths[0]) == 2) {
		st->iota = 1;
		memcpy(job->source, "iota", 5);
		job->src = &iol_source_iota;
	}
	if (!st->iota && iolens_traced(st, st->paths[0], &job->call_cost))
		memcpy(job->source, "iolens-trace", 13);
	if (!st->iota && tr_ff_detect(st) < 0)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	ret = load_pass(st, &maxrank, err);
	if (ret < 0)
		return ret;
	job->stacks = st->stacks;
	if (job->stacks &&
	    stack_header(job, st->paths[0],
			 !strcmp(job->source, "iolens-trace")) < 0)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	st->t0 = st->tmin;
	if (tr_reduce_finish(st) < 0)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	set_header(job, st, maxrank);
	if (!job->exe)
		job->exe = iol_arena_strdup(&job->priv->arena, st->paths[0]);
	if (st->unknown_ops[0])
		job->unknown_ops =
			iol_arena_strdup(&job->priv->arena, st->unknown_ops);
	if (!job->exe || (st->unknown_ops[0] && !job->unknown_ops))
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	return 0;
}

/* the job's name: its one input, or the first and "+N" for the N others,
 * so that no output names only one of several traces */
static const char *name_of(struct iol_job *job, const char *const *paths,
			   int npaths)
{
	char *s;
	size_t n;

	if (npaths < 2)
		return iol_arena_strdup(&job->priv->arena, paths[0]);
	n = strlen(paths[0]) + 16;
	s = iol_arena_alloc(&job->priv->arena, n);
	if (s)
		snprintf(s, n, "%s +%d", paths[0], npaths - 1);
	return s;
}

int iol_job_load_strace(struct iol_job **out, const char *const *paths,
			int npaths, const struct iol_trace_opts *o,
			struct iol_error *err)
{
	return iol_job_load_traces(out, NULL, paths, npaths, o, err);
}

int iol_job_load_traces(struct iol_job **out, const char *name,
			const char *const *paths, int npaths,
			const struct iol_trace_opts *o, struct iol_error *err)
{
	struct iol_job *job;
	int ret;

	ret = iol_job_new(&job, &iol_source_strace, err);
	if (ret < 0)
		return ret;
	job->path = name ? iol_arena_strdup(&job->priv->arena, name)
			 : name_of(job, paths, npaths);
	ret = job->path ? trace_load(job, paths, npaths, o, err)
			: iol_error_set(err, IOL_ENOMEM, "out of memory");
	if (ret < 0) {
		iol_job_close(job);
		return ret;
	}
	*out = job;
	return 0;
}

static const char *trace_name(const struct iol_job *job, uint64_t id)
{
	return tr_name_of(state_of(job), id);
}

static void trace_free(struct iol_job *job)
{
	struct tstate *st = state_of(job);
	int i;

	if (!st)
		return;
	tr_reduce_free(st);
	for (i = 0; i < st->npaths; i++)
		free(st->paths[i]);
	free(st->paths);
	free(st->ffpid);
	iol_stacks_free(st->stacks);
	job->stacks = NULL;
	free(st);
	job->priv->data = NULL;
}

/* ---- iterators: a pass each, events queued as the readers give them ---- */

struct qev {
	struct iol_event ev;
	char name[32];
};

struct titer {
	struct tstate *st; /* read only */
	struct tpass ps;
	struct tr_reader r;
	struct qev *q;
	size_t nq, head, capq;
	size_t ready; /* q[head..ready) given out; later ones wait for
		       * their call's stack lines (strace -k) */
	int at_end;
	char name[32];	       /* of the event last given */
	struct iol_event look; /* segments: an event read ahead */
	int have_look;
};

static int queue_ev(void *ctx, const struct iol_event *ev)
{
	struct titer *it = ctx;
	struct qev *nq = iol_grow(it->q, &it->capq, it->nq, sizeof(*nq), 8);

	if (!nq)
		return IOL_ENOMEM;
	it->q = nq;
	nq[it->nq].ev = *ev;
	snprintf(nq[it->nq].name, sizeof(nq[it->nq].name), "%s", ev->name);
	it->nq++;
	return 0;
}

static int titer_open(struct titer **out, const struct iol_job *job,
		      struct iol_error *err)
{
	struct titer *it = calloc(1, sizeof(*it));

	if (!it)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	it->st = state_of(job);
	it->ps.st = it->st;
	it->ps.sink = queue_ev;
	it->ps.ctx = it;
	tr_reader_init(&it->r, it->st);
	*out = it;
	return 0;
}

static void titer_close(void *state)
{
	struct titer *it = state;

	if (!it)
		return;
	tr_reader_close(&it->r);
	tr_pass_release(&it->ps);
	free(it->q);
	free(it);
}

/* The events queued before q[upto] have their stack: the one the
 * stack lines just ended gave (strace -k). */
static void titer_ready(struct titer *it, size_t upto)
{
	size_t i;

	if (it->ps.stack_done)
		for (i = it->ready; i < upto; i++)
			it->q[i].ev.stack = it->ps.last_stack;
	it->ps.stack_done = 0;
	it->ready = upto;
}

/* the next line through the readers; 0 at the end of the inputs */
static int titer_line(struct titer *it, struct iol_error *err)
{
	char *line;
	size_t len, before;
	int ret;

	for (;;) {
		ret = tr_reader_next(&it->r, &it->ps, &line, &len, err);
		if (ret <= 0)
			return ret;
		if (memchr(line, '\0', len))
			continue;
		before = it->nq;
		ret = feed(&it->ps, line, it->r.lineno, it->st->paths[it->r.fi],
			   err);
		/* a call's events wait for the stack lines after it */
		if (!it->st->stacks)
			it->ready = it->nq;
		else if (it->ps.stack_done)
			titer_ready(it, before);
		return ret < 0 ? ret : 1;
	}
}

static int titer_next(void *state, struct iol_event *ev, struct iol_error *err)
{
	struct titer *it = state;
	int ret;

	while (it->head == it->ready) {
		if (it->head) { /* the waiting events to the front */
			memmove(it->q, it->q + it->head,
				(it->nq - it->head) * sizeof(*it->q));
			it->nq -= it->head;
			it->ready = it->head = 0;
		}
		if (it->at_end) {
			if (it->nq == 0)
				return 0;
			titer_ready(it, it->nq);
			continue;
		}
		ret = titer_line(it, err);
		if (ret < 0)
			return ret;
		if (ret == 0) {
			it->at_end = 1;
			if ((ret = tr_stack_end(&it->ps)) < 0)
				return iol_error_set(err, ret, "out of memory");
		}
	}
	*ev = it->q[it->head].ev;
	memcpy(it->name, it->q[it->head].name, sizeof(it->name));
	ev->name = it->name;
	it->head++;
	return 1;
}

static int tevents_open(void **out, const struct iol_job *job,
			struct iol_error *err)
{
	return titer_open((struct titer **)out, job, err);
}

static int tsegs_open(void **out, const struct iol_job *job, int which,
		      struct iol_error *err)
{
	(void)which; /* the caller asks for POSIX (0) only: ndxt[1] is 0 */
	return titer_open((struct titer **)out, job, err);
}

/* the record and direction of a data event on a file; 0 for others */
static int seg_of(struct titer *it, const struct iol_event *ev, size_t *rec,
		  int *is_read, struct iol_seg *g)
{
	int fi;
	long r;

	if ((ev->kind != IOL_EV_READ && ev->kind != IOL_EV_WRITE) ||
	    !ev->regular)
		return 0;
	fi = tr_file_find(it->st, ev->file, ev->path, 0);
	r = fi < 0 ? -1 : tr_rec_index(it->st, fi, (int)ev->rank, 0);
	if (r < 0)
		return 0;
	*rec = (size_t)r;
	*is_read = ev->kind == IOL_EV_READ;
	g->off = ev->off;
	g->len = ev->ret;
	g->start = ev->start;
	g->end = ev->start + ev->dur;
	g->tid = (uint64_t)ev->pid;
	return 1;
}

/* up to max segments of one record and direction, in trace order */
static long tsegs_next(void *state, struct iol_seg *segs, size_t max,
		       size_t *rec, int *is_read, struct iol_error *err)
{
	struct titer *it = state;
	struct iol_event ev;
	struct iol_seg g;
	size_t n = 0, r;
	int got, rd;

	while (n < max) {
		got = it->have_look ? 1 : titer_next(it, &ev, err);
		if (it->have_look) {
			ev = it->look;
			it->have_look = 0;
		}
		if (got <= 0)
			return got < 0 ? got : (long)n;
		if (!seg_of(it, &ev, &r, &rd, &g))
			continue;
		if (n && (r != *rec || rd != *is_read)) {
			it->look = ev;
			it->have_look = 1;
			break;
		}
		*rec = r;
		*is_read = rd;
		segs[n++] = g;
	}
	return (long)n;
}

const struct iol_source iol_source_strace = {
	.name = "strace",
	.sniff = strace_src_sniff,
	.load = trace_load,
	.segs_open = tsegs_open,
	.segs_next = tsegs_next,
	.segs_close = titer_close,
	.events_open = tevents_open,
	.events_next = titer_next,
	.events_close = titer_close,
	.name_of = trace_name,
	.free = trace_free,
};

const struct iol_source iol_source_iota = {
	.name = "iota",
	.sniff = iota_src_sniff,
	.load = trace_load,
	.segs_open = tsegs_open,
	.segs_next = tsegs_next,
	.segs_close = titer_close,
	.events_open = tevents_open,
	.events_next = titer_next,
	.events_close = titer_close,
	.name_of = trace_name,
	.free = trace_free,
};
