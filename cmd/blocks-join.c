/*
 * iolens blocks --source FILE... TRACE: the blocks the source predicts
 * (lib/code) joined to the blocks a trace with stacks measured
 * (analysis/blocks.h), side by side, with how far apart they are.
 *
 * A predicted block is a function, a loop, a branch or a line of the
 * source; a measured one is the same along one call path.  They meet by
 * kind, function name (without class, namespace, template arguments or
 * parameters: what DWARF and the source both spell), file name (without
 * its directory) and line (a function's: none).  A block reached by
 * several call paths is the sum of its measured blocks, each counted once
 * (a block under another of the same key, recursion, is left out).  A
 * branch, which a trace does not see, is the sum of its blocks, as is a
 * loop the trace's reading of the source did not find (a macro's).
 * Measured blocks of the sources' files that no predicted block has are
 * rows of their own, predicted 0.
 *
 * The source predicts a block per run of its function; the run total is
 * that times the iterations of the loops around it in its function, times
 * the calls of the function over the run: 1 for main, the sum over its
 * call sites of the calls of the caller times the loops around the site
 * for a function the parsed files call, unknown for another (called
 * through a pointer, or by code not given).  A loop of unknown trip
 * count, a size the source does not fix or a recursive call leave the
 * number unknown: it is not guessed.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/blocks.h"
#include "cmd/util.h"
#include "analysis/blocks.h"
#include "analysis/iocost.h"
#include "code/extract.h"
#include "render/obuf.h"
#include "render/output.h"
#include "base/banned.h"

/* the predicted counters compared */
static const enum iol_cpk pks[] = {
	IOL_CP_CALLS, IOL_CP_OPENS,	 IOL_CP_READS,	       IOL_CP_WRITES,
	IOL_CP_SYNCS, IOL_CP_BYTES_READ, IOL_CP_BYTES_WRITTEN,
};
#define NPK (sizeof(pks) / sizeof(pks[0]))
enum { P_CALLS, P_OPENS, P_READS, P_WRITES, P_SYNCS, P_BR, P_BW };

struct jrow {
	const struct iol_cblock *pb; /* NULL: measured, not predicted */
	const char *id, *kind, *func, *file;
	int line;
	/* measured, over its blocks */
	int nm;
	int64_t mtrip, mcalls, mopens, mreads, mwrites, msyncs, mbr, mbw;
	int64_t mfiles;
	double mtime, mfirst, mlast;
	/* predicted over the run; known[k] 0 when not a number */
	int64_t pv[NPK];
	unsigned char known[NPK];
	int64_t ptrip; /* loops: iterations over the run, -1 unknown */
	int64_t iters; /* a loop of unknown trip count: iterations the
			* run implies, -1 none */
	int depth;     /* text: indentation */
	double ptime;  /* predicted I/O time, s; NAN unknown or no model */
};

struct join {
	const struct iol_ctree *t;
	const struct iol_blocks *bl;
	const struct iol_iocost *cost; /* NULL: no model */
	int64_t nmain;	   /* processes that ran main (MPI ranks): each ran the
			    * prediction, which is per process */
	struct jrow *rows; /* t->nblocks predicted (by rank), then measured
			    * only */
	size_t n, np;
	char **strs; /* names made here */
	size_t nstrs, capstrs;
};

/* a * b saturating at INT64_MAX; -1 when either is negative (unknown) */
static int64_t blocks_sat_mul(int64_t a, int64_t b)
{
	if (a == 0 || b == 0)
		return 0;
	if (a < 0 || b < 0)
		return -1;
	return a > INT64_MAX / b ? INT64_MAX : a * b;
}

static int64_t sat_add(int64_t a, int64_t b)
{
	return a > INT64_MAX - b ? INT64_MAX : a + b;
}

int blocks_pred_exact(const struct iol_cpred *p, enum iol_cpk k)
{
	if (p->recursive || p->per[k])
		return 0;
	if (k == IOL_CP_BYTES_READ)
		return !p->fixed[IOL_CP_UNSIZED_R] && !p->per[IOL_CP_UNSIZED_R];
	if (k == IOL_CP_BYTES_WRITTEN)
		return !p->fixed[IOL_CP_UNSIZED_W] && !p->per[IOL_CP_UNSIZED_W];
	if (k == IOL_CP_FILES)
		return !p->per[IOL_CP_FILES];
	return 1;
}

static const char *keep(struct join *j, const char *s)
{
	char *c = xstrdup(s);

	if (j->nstrs == j->capstrs) {
		j->capstrs = j->capstrs ? 2 * j->capstrs : 256;
		j->strs = xrealloc(j->strs, j->capstrs * sizeof(*j->strs));
	}
	j->strs[j->nstrs++] = c;
	return c;
}

/* ---- keys ---- */

/* "app::Logger<T>::flush(int) const" -> "flush": the name a DWARF DIE,
 * strace and the source all give */
static void short_name(const char *s, char *out, size_t n)
{
	const char *end = s + strlen(s), *p, *start = s;
	int depth = 0;
	size_t len;

	/* the parameters: the first '(' outside template arguments, not
	 * the first character (a lambda's "(anonymous)") */
	for (p = s; *p; p++) {
		if (*p == '<')
			depth++;
		else if (*p == '>' && depth > 0)
			depth--;
		else if (*p == '(' && depth == 0 && p > s) {
			end = p;
			break;
		}
	}
	/* template arguments at the end */
	if (end > s && end[-1] == '>') {
		depth = 0;
		for (p = end; p-- > s;) {
			if (*p == '>')
				depth++;
			else if (*p == '<' && --depth == 0) {
				/* operator<, operator<< keep theirs */
				if (p > s && p[-1] != '<' &&
				    !(p - s >= 8 &&
				      !strncmp(p - 8, "operator", 8)))
					end = p;
				break;
			}
		}
	}
	/* the last "::" outside template arguments */
	depth = 0;
	for (p = s; p < end; p++) {
		if (*p == '<')
			depth++;
		else if (*p == '>' && depth > 0)
			depth--;
		else if (depth == 0 && p[0] == ':' && p + 1 < end &&
			 p[1] == ':')
			start = p + 2;
	}
	len = (size_t)(end - start);
	if (len >= n)
		len = n - 1;
	memcpy(out, start, len);
	out[len] = '\0';
}

static const char *base(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

struct key {
	int kind; /* enum iol_cblock_kind */
	int line; /* 0 for a function */
	const char *name, *fbase;
	size_t row; /* predicted: its row; measured: its block */
};

static int key_cmp(const struct key *a, const struct key *b)
{
	int c;

	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if ((c = strcmp(a->name, b->name)) != 0)
		return c;
	return strcmp(a->fbase, b->fbase);
}

static int key_qcmp(const void *a, const void *b)
{
	int c = key_cmp(a, b);

	if (c)
		return c;
	/* the first row of a key first: the one a measured block joins */
	return ((const struct key *)a)->row < ((const struct key *)b)->row
		       ? -1
		       : ((const struct key *)a)->row >
				 ((const struct key *)b)->row;
}

static int mkind(int k)
{
	return k == IOL_BLOCK_LOOP   ? IOL_CB_LOOP
	       : k == IOL_BLOCK_LINE ? IOL_CB_LINE
				     : IOL_CB_FUNCTION;
}

static void make_key(struct join *j, struct key *k, int kind, const char *func,
		     const char *file, int line)
{
	char buf[1024];

	short_name(func, buf, sizeof(buf));
	k->kind = kind;
	k->line = kind == IOL_CB_FUNCTION ? 0 : line;
	k->name = keep(j, buf);
	k->fbase = base(file);
}

/* ---- predicted over the run ---- */

static const struct iol_cblock *fn_of(const struct iol_cblock *b)
{
	while (b->parent)
		b = b->parent;
	return b;
}

/* iterations of the loops around b in its function, -1 unknown */
static int64_t loops_around(const struct iol_cblock *b)
{
	int64_t m = 1;

	for (b = b->parent; b; b = b->parent)
		if (b->kind == IOL_CB_LOOP)
			m = blocks_sat_mul(m, b->trip);
	return m;
}

static int in_tree(const struct iol_ctree *t, const struct iol_cblock *b)
{
	return b && b->rank < t->nblocks && t->ranked[b->rank] == b;
}

static int is_main(const char *name)
{
	return !strcmp(name, "main");
}

/* a call of a function of the sources: the callee's rank, the line's */
struct site {
	size_t callee, line;
};

struct calls {
	const struct iol_ctree *t;
	struct site *sites; /* by callee */
	size_t nsites;
	int64_t *times;	      /* by rank */
	unsigned char *state; /* 0 new, 1 busy, 2 done */
	int64_t nmain;	      /* processes that ran main */
};

static int site_cmp(const void *a, const void *b)
{
	const struct site *x = a, *y = b;

	if (x->callee != y->callee)
		return x->callee < y->callee ? -1 : 1;
	return x->line < y->line ? -1 : x->line > y->line;
}

static void calls_init(struct calls *cs, const struct iol_ctree *t)
{
	size_t i, cap = 0;

	memset(cs, 0, sizeof(*cs));
	cs->t = t;
	cs->times = xcalloc(t->nblocks + 1, sizeof(*cs->times));
	cs->state = xcalloc(t->nblocks + 1, 1);
	for (i = 0; i < t->nblocks; i++) {
		const struct iol_cblock *b = t->ranked[i];
		const struct iol_ccall *cc;

		if (b->kind != IOL_CB_LINE)
			continue;
		for (cc = b->calls; cc; cc = cc->next) {
			if (cc->op != IOL_COP_CALL || !in_tree(t, cc->callee))
				continue;
			if (cs->nsites == cap) {
				cap = cap ? 2 * cap : 64;
				cs->sites = xrealloc(cs->sites,
						     cap * sizeof(*cs->sites));
			}
			cs->sites[cs->nsites].callee = cc->callee->rank;
			cs->sites[cs->nsites++].line = i;
		}
	}
	if (cs->nsites)
		qsort(cs->sites, cs->nsites, sizeof(*cs->sites), site_cmp);
}

static void calls_free(struct calls *cs)
{
	free(cs->sites);
	free(cs->times);
	free(cs->state);
}

/* the calls of function f (a rank) over the run, memoized; -1 unknown */
static int64_t calls_of(struct calls *cs, size_t f)
{
	const struct iol_ctree *t = cs->t;
	struct site key = {f, 0};
	const struct site *s = cs->nsites ? cs->sites : NULL;
	size_t lo = 0, hi = cs->nsites, k;
	int64_t sum = 0;

	if (cs->state[f] == 2)
		return cs->times[f];
	if (cs->state[f] == 1)
		return -1; /* a cycle: recursion */
	cs->state[f] = 1;
	while (lo < hi) { /* the first site of f */
		size_t mid = lo + (hi - lo) / 2;

		if (site_cmp(&s[mid], &key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (k = lo; k < cs->nsites && s[k].callee == f && sum >= 0; k++) {
		const struct iol_cblock *b = t->ranked[s[k].line];
		int64_t c = calls_of(cs, fn_of(b)->rank), m = loops_around(b);

		sum = c < 0 || m < 0 ? -1 : sat_add(sum, blocks_sat_mul(c, m));
	}
	cs->state[f] = 2;
	/* no call site in the sources: main runs once; another function
	 * is called from elsewhere (a library, a function pointer) an
	 * unknown number of times */
	cs->times[f] = k > lo				 ? sum
		       : is_main(t->ranked[f]->function) ? cs->nmain
							 : -1;
	return cs->times[f];
}

static void predict_rows(struct join *j)
{
	const struct iol_ctree *t = j->t;
	struct calls cs;
	size_t i, k;

	calls_init(&cs, t);
	cs.nmain = j->nmain;
	for (i = 0; i < t->nblocks; i++) {
		const struct iol_cblock *b = t->ranked[i];
		const struct iol_cblock *f = fn_of(b);
		struct jrow *r = &j->rows[i];
		int64_t c = in_tree(t, f) ? calls_of(&cs, f->rank) : -1;
		int64_t m = c < 0 ? -1 : blocks_sat_mul(c, loops_around(b));

		for (k = 0; k < NPK; k++) {
			r->known[k] =
				m >= 0 && blocks_pred_exact(&b->pred, pks[k]);
			r->pv[k] = r->known[k]
					   ? blocks_sat_mul(
						     b->pred.fixed[pks[k]], m)
					   : 0;
		}
		r->ptrip = -1;
		if (b->kind == IOL_CB_LOOP && b->trip >= 0 && m >= 0)
			r->ptrip = blocks_sat_mul(b->trip, m);
	}
	calls_free(&cs);
}

/*
 * A row's predicted I/O time: its predicted calls over the run times the
 * cost model's cost of each.  Unknown when a count is; a size the source
 * does not fix is costed as the smallest class (a lower bound), and the
 * share of positioned calls (pread, pwrite, seeks) as random.
 */
static void predict_time(struct join *j, struct jrow *r)
{
	const struct iol_cpred *p = &r->pb->pred;
	struct iol_iocalls n;
	int64_t seeks = p->fixed[IOL_CP_SEEKS] + p->per[IOL_CP_SEEKS];
	int64_t rw1 = p->fixed[IOL_CP_READS] + p->fixed[IOL_CP_WRITES] +
		      p->per[IOL_CP_READS] + p->per[IOL_CP_WRITES];
	size_t k;

	r->ptime = NAN;
	for (k = P_CALLS; k <= P_SYNCS; k++)
		if (!j->cost || !r->known[k])
			return;
	memset(&n, 0, sizeof(n));
	n.opens = r->pv[P_OPENS];
	n.reads = r->pv[P_READS];
	n.writes = r->pv[P_WRITES];
	n.syncs = r->pv[P_SYNCS];
	n.others = r->pv[P_CALLS] - n.opens - n.reads - n.writes - n.syncs;
	if (n.others < 0)
		n.others = 0;
	n.bytes_read = r->known[P_BR] ? r->pv[P_BR] : 0;
	n.bytes_written = r->known[P_BW] ? r->pv[P_BW] : 0;
	if (rw1 > 0)
		n.positioned =
			(int64_t)((double)(n.reads + n.writes) *
				  fmin(1.0, (double)seeks / (double)rw1));
	r->ptime = iol_iocost_calls(j->cost, &n);
}

/* ---- measured ---- */

static void add_measured(struct jrow *r, const struct iol_block *b)
{
	if (!r->nm) {
		r->mfirst = b->first;
		r->mlast = b->last;
	} else {
		r->mfirst = fmin(r->mfirst, b->first);
		r->mlast = fmax(r->mlast, b->last);
	}
	r->nm++;
	r->mtrip += b->trip;
	r->mcalls += b->calls;
	r->mopens += b->opens;
	r->mreads += b->reads;
	r->mwrites += b->writes;
	r->msyncs += b->syncs;
	r->mbr += b->bytes_read;
	r->mbw += b->bytes_written;
	if (b->files > r->mfiles) /* distinct files do not add up */
		r->mfiles = b->files;
	r->mtime += b->io_time;
}

static void add_row(struct jrow *to, const struct jrow *from)
{
	if (!from->nm)
		return;
	if (!to->nm) {
		to->mfirst = from->mfirst;
		to->mlast = from->mlast;
	} else {
		to->mfirst = fmin(to->mfirst, from->mfirst);
		to->mlast = fmax(to->mlast, from->mlast);
	}
	to->nm += from->nm;
	to->mcalls += from->mcalls;
	to->mopens += from->mopens;
	to->mreads += from->mreads;
	to->mwrites += from->mwrites;
	to->msyncs += from->msyncs;
	to->mbr += from->mbr;
	to->mbw += from->mbw;
	if (from->mfiles > to->mfiles)
		to->mfiles = from->mfiles;
	to->mtime += from->mtime;
}

/* a branch, which a trace does not see, and a loop the trace's source
 * scan did not find (a loop a macro makes): the sum of their blocks
 * (children first) */
static void unseen_measured(struct join *j, const struct iol_cblock *b)
{
	const struct iol_cblock *ch;
	int sum = in_tree(j->t, b) &&
		  (b->kind == IOL_CB_BRANCH ||
		   (b->kind == IOL_CB_LOOP && !j->rows[b->rank].nm));

	for (ch = b->first; ch; ch = ch->next) {
		unseen_measured(j, ch);
		if (sum && in_tree(j->t, ch))
			add_row(&j->rows[b->rank], &j->rows[ch->rank]);
	}
}

/* the id of a measured block the source does not have: its function
 * and the lines of the loops down to it, as the extractor names them */
static const char *measured_id(struct join *j, size_t i)
{
	const struct iol_block *v = j->bl->v;
	int lines[64], n = 0;
	char buf[4096];
	size_t len;
	int32_t p = (int32_t)i;

	while (p >= 0 && v[p].kind != IOL_BLOCK_FUNCTION && n < 64) {
		lines[n++] = v[p].line;
		p = v[p].parent;
	}
	snprintf(buf, sizeof(buf), "%s", p >= 0 ? v[p].func : v[i].func);
	len = strlen(buf);
	while (n-- > 0 && len + 16 < sizeof(buf))
		len += (size_t)snprintf(buf + len, sizeof(buf) - len, ":%d",
					lines[n]);
	return keep(j, buf);
}

static int source_file(const char *const *files, int nfiles, const char *f)
{
	int i;

	for (i = 0; i < nfiles; i++)
		if (!strcmp(base(files[i]), base(f)))
			return 1;
	return 0;
}

static void measure_rows(struct join *j, const char *const *files, int nfiles)
{
	const struct iol_blocks *bl = j->bl;
	struct key *pk = xcalloc(j->np + 1, sizeof(*pk));
	struct key *mk = xcalloc(bl->n + 1, sizeof(*mk));
	unsigned char *ours = xcalloc(bl->n + 1, 1);
	size_t *only = xcalloc(bl->n + 1, sizeof(*only));
	size_t npk = 0, nonly = 0, i, k;

	for (i = 0; i < j->np; i++) {
		const struct iol_cblock *b = j->t->ranked[i];

		if (b->kind == IOL_CB_BRANCH)
			continue;
		make_key(j, &pk[npk], (int)b->kind, b->function, b->file,
			 (int)b->line);
		pk[npk++].row = i;
	}
	qsort(pk, npk, sizeof(*pk), key_qcmp);
	for (i = 0; i < bl->n; i++) {
		const struct iol_block *b = &bl->v[i];
		const struct key *hit;
		int32_t p;

		if (!*b->file || !source_file(files, nfiles, b->file))
			continue;
		ours[i] = 1;
		make_key(j, &mk[i], mkind(b->kind), b->func, b->file, b->line);
		mk[i].row = i;
		/* under a block of the same key: counted there */
		for (p = b->parent; p >= 0; p = bl->v[p].parent)
			if (ours[p] && !key_cmp(&mk[p], &mk[i]))
				break;
		if (p >= 0)
			continue;
		hit = npk ? bsearch(&mk[i], pk, npk, sizeof(*pk),
				    (int (*)(const void *,
					     const void *))key_cmp)
			  : NULL;
		/* bsearch finds one of equal keys: the first of them */
		while (hit && hit > pk && !key_cmp(hit - 1, &mk[i]))
			hit--;
		if (hit)
			add_measured(&j->rows[hit->row], b);
		else
			only[nonly++] = i;
	}
	/* the measured blocks the source does not have, one row a key */
	{
		struct key *ok = xcalloc(nonly + 1, sizeof(*ok));

		for (k = 0; k < nonly; k++)
			ok[k] = mk[only[k]];
		qsort(ok, nonly, sizeof(*ok), key_qcmp);
		j->rows = xrealloc(j->rows,
				   (j->np + nonly + 1) * sizeof(*j->rows));
		for (k = 0; k < nonly; k++) {
			const struct iol_block *b = &bl->v[ok[k].row];
			struct jrow *r;

			if (k == 0 || key_cmp(&ok[k - 1], &ok[k])) {
				r = &j->rows[j->n++];
				memset(r, 0, sizeof(*r));
				r->id = measured_id(j, ok[k].row);
				r->kind = iol_cblock_kind_name(
					(enum iol_cblock_kind)ok[k].kind);
				r->func = b->func;
				r->file = b->file;
				r->line = b->kind == IOL_BLOCK_FUNCTION
						  ? 0
						  : b->line;
				r->ptrip = r->iters = -1;
				/* predicted: nothing, which is a number */
				memset(r->known, 1, sizeof(r->known));
				r->ptime = j->cost ? 0 : NAN;
			}
			add_measured(&j->rows[j->n - 1], b);
		}
		free(ok);
	}
	free(pk);
	free(mk);
	free(ours);
	free(only);
}

/* a loop of unknown trip count: the iterations the run's calls imply
 * when its body's calls are known per iteration */
static void implied_iterations(struct join *j)
{
	size_t i;

	for (i = 0; i < j->np; i++) {
		const struct iol_cblock *b = j->t->ranked[i];
		struct jrow *r = &j->rows[i];
		int64_t per = b->pred.per[IOL_CP_CALLS];

		r->iters = -1;
		if (b->kind != IOL_CB_LOOP || b->trip >= 0 || per <= 0 ||
		    b->pred.fixed[IOL_CP_CALLS] || b->pred.recursive)
			continue;
		if (r->mcalls % per == 0)
			r->iters = r->mcalls / per;
	}
}

static void join_free(struct join *j)
{
	size_t i;

	for (i = 0; i < j->nstrs; i++)
		free(j->strs[i]);
	free(j->strs);
	free(j->rows);
}

/* the processes whose stacks have main: an MPI job's ranks, each of
 * which ran what the source predicts for one */
static int64_t main_procs(const struct iol_blocks *bl)
{
	int64_t n = 1;
	size_t i;

	for (i = 0; i < bl->n; i++)
		if (bl->v[i].kind == IOL_BLOCK_FUNCTION &&
		    is_main(bl->v[i].func) && bl->v[i].procs > n)
			n = bl->v[i].procs;
	return n;
}

static void join_make(struct join *j, const struct iol_ctree *t,
		      const struct iol_blocks *bl,
		      const struct iol_iocost *cost, const char *const *files,
		      int nfiles)
{
	size_t i;
	const struct iol_cblock *f;

	memset(j, 0, sizeof(*j));
	j->t = t;
	j->bl = bl;
	j->cost = cost;
	j->nmain = main_procs(bl);
	j->np = j->n = t->nblocks;
	j->rows = xcalloc(t->nblocks + 1, sizeof(*j->rows));
	for (i = 0; i < t->nblocks; i++) {
		const struct iol_cblock *b = t->ranked[i];
		struct jrow *r = &j->rows[i];

		r->pb = b;
		r->id = b->id;
		r->kind = iol_cblock_kind_name(b->kind);
		r->func = b->function;
		r->file = b->file;
		r->line = (int)b->line;
	}
	predict_rows(j);
	for (i = 0; i < t->nblocks; i++)
		predict_time(j, &j->rows[i]);
	measure_rows(j, files, nfiles);
	for (f = t->funcs; f; f = f->next)
		unseen_measured(j, f);
	implied_iterations(j);
}

/* ---- how far apart ---- */

enum { ST_EXACT, ST_CALLS_EXACT, ST_DIFFERS, ST_UNKNOWN, ST_NOT_PREDICTED };

static const char *const st_name[] = {"exact", "calls exact", "differs",
				      "unknown", "not predicted"};

static int bytes_known(const struct jrow *r)
{
	return r->known[P_BR] && r->known[P_BW];
}

static int64_t pbytes(const struct jrow *r)
{
	return sat_add(r->pv[P_BR], r->pv[P_BW]);
}

static int status(const struct jrow *r)
{
	if (!r->pb)
		return ST_NOT_PREDICTED;
	if (!r->known[P_CALLS])
		return ST_UNKNOWN;
	if (r->pv[P_CALLS] != r->mcalls)
		return ST_DIFFERS;
	if (!bytes_known(r))
		return ST_CALLS_EXACT;
	return pbytes(r) == r->mbr + r->mbw ? ST_EXACT : ST_DIFFERS;
}

struct accuracy {
	size_t rows, compared, exact, calls_exact, unknown, not_predicted;
	double dcalls, mcalls, dbytes, mbytes;
};

static void accuracy(const struct join *j, struct accuracy *a)
{
	size_t i;

	memset(a, 0, sizeof(*a));
	for (i = 0; i < j->n; i++) {
		const struct jrow *r = &j->rows[i];
		int s = status(r);

		a->rows++;
		if (s == ST_UNKNOWN) {
			a->unknown++;
			continue;
		}
		a->compared++;
		a->exact += s == ST_EXACT;
		a->calls_exact += r->pv[P_CALLS] == r->mcalls;
		a->not_predicted += s == ST_NOT_PREDICTED;
		a->dcalls += fabs((double)r->pv[P_CALLS] - (double)r->mcalls);
		a->mcalls += (double)r->mcalls;
		if (bytes_known(r)) {
			a->dbytes += fabs((double)pbytes(r) -
					  (double)(r->mbr + r->mbw));
			a->mbytes += (double)(r->mbr + r->mbw);
		}
	}
}

/* ---- output ---- */

static const char *const jcols[] = {
	"block",
	"kind",
	"function",
	"file",
	"line",
	"trip_count",
	"calls",
	"opens",
	"reads",
	"writes",
	"syncs",
	"bytes_read",
	"bytes_written",
	"files",
	"io_time_s",
	"intensity",
	"predicted_trip_count",
	"predicted_calls",
	"predicted_opens",
	"predicted_reads",
	"predicted_writes",
	"predicted_syncs",
	"predicted_bytes_read",
	"predicted_bytes_written",
	"calls_diff",
	"bytes_diff",
	"calls_error_pct",
	"bytes_error_pct",
	"status",
	"predicted_io_time_s",
};

static const char *const jtcols[] = {
	"code block", "pred calls", "calls",  "diff",	       "pred bytes",
	"bytes",      "diff",	    "status", "pred I/O time", "I/O time",
};
#define NJT_NOCOST 8 /* without a cost model: no time columns */

static double intensity_of(const struct jrow *r)
{
	double span = r->mlast - r->mfirst;

	if (!r->nm)
		return NAN;
	return span > 0 ? fmin(1.0, r->mtime / span) : r->mcalls ? 1.0 : 0.0;
}

static void error_pct(struct out *o, int known, int64_t p, int64_t m)
{
	if (!known || m == 0)
		out_null(o);
	else
		out_num(o, 100.0 * ((double)p - (double)m) / (double)m, 2);
}

static void machine_row(struct out *o, const struct jrow *r)
{
	size_t k;
	int kb = bytes_known(r);
	int loop = !strcmp(r->kind, "loop");

	out_str(o, r->id);
	out_str(o, r->kind);
	out_str(o, r->func);
	out_str(o, r->file);
	if (r->line > 0)
		out_int(o, r->line);
	else
		out_null(o);
	/* a loop whose calls are all in a loop inside it: its own
	 * iterations are not in the calls */
	if (loop && !(r->nm && !r->mtrip))
		out_int(o, r->mtrip);
	else
		out_null(o);
	out_int(o, r->mcalls);
	out_int(o, r->mopens);
	out_int(o, r->mreads);
	out_int(o, r->mwrites);
	out_int(o, r->msyncs);
	out_int(o, r->mbr);
	out_int(o, r->mbw);
	out_int(o, r->mfiles);
	out_num(o, r->mtime, 6);
	out_num(o, intensity_of(r), 3);
	if (loop && r->ptrip >= 0)
		out_int(o, r->ptrip);
	else
		out_null(o);
	for (k = 0; k < NPK; k++)
		if (r->known[k])
			out_int(o, r->pv[k]);
		else
			out_null(o);
	if (r->known[P_CALLS])
		out_int(o, r->mcalls - r->pv[P_CALLS]);
	else
		out_null(o);
	if (kb)
		out_int(o, r->mbr + r->mbw - pbytes(r));
	else
		out_null(o);
	error_pct(o, r->known[P_CALLS], r->pv[P_CALLS], r->mcalls);
	error_pct(o, kb, pbytes(r), r->mbr + r->mbw);
	out_str(o, st_name[status(r)]);
	out_num(o, r->ptime, 9);
	out_endrow(o);
}

static void label(const struct jrow *r, char *buf, size_t n)
{
	int ind = r->depth * 2 > 40 ? 40 : r->depth * 2;
	const struct iol_cblock *b = r->pb;

	if (!strcmp(r->kind, "function"))
		snprintf(buf, n, "%*s%s%s", ind, "", r->func,
			 strchr(r->func, '(') ? "" : "()");
	else if (b && b->kind == IOL_CB_LOOP && b->trip >= 0)
		snprintf(buf, n, "%*sloop %s:%d x%lld", ind, "", base(r->file),
			 r->line, (long long)b->trip);
	else if (b && b->kind == IOL_CB_LOOP)
		snprintf(buf, n, "%*sloop %s:%d x?", ind, "", base(r->file),
			 r->line);
	else if (!strcmp(r->kind, "line"))
		snprintf(buf, n, "%*s%s:%d", ind, "", base(r->file), r->line);
	else
		snprintf(buf, n, "%*s%s %s:%d", ind, "", r->kind, base(r->file),
			 r->line);
}

static void signed_str(char *buf, size_t n, int64_t v, int bytes)
{
	char b[32];

	if (!bytes) {
		snprintf(buf, n, v ? "%+lld" : "0", (long long)v);
		return;
	}
	fmt_bytes(b, sizeof(b), fabs((double)v), BYTES_TEXT);
	snprintf(buf, n, "%s%s", v < 0 ? "-" : v > 0 ? "+" : "", b);
}

static void text_row(struct out *o, const struct jrow *r, int cost)
{
	char buf[512];
	int s = status(r), kb = bytes_known(r);

	label(r, buf, sizeof(buf));
	out_str(o, buf);
	if (r->known[P_CALLS])
		out_int(o, r->pv[P_CALLS]);
	else
		out_numstr(o, "?");
	out_int(o, r->mcalls);
	if (r->known[P_CALLS]) {
		signed_str(buf, sizeof(buf), r->mcalls - r->pv[P_CALLS], 0);
		out_numstr(o, buf);
	} else {
		out_numstr(o, "");
	}
	if (kb)
		out_bytes(o, pbytes(r));
	else
		out_numstr(o, "?");
	out_bytes(o, r->mbr + r->mbw);
	if (kb) {
		signed_str(buf, sizeof(buf), r->mbr + r->mbw - pbytes(r), 1);
		out_numstr(o, buf);
	} else {
		out_numstr(o, "");
	}
	if (s == ST_UNKNOWN && r->iters >= 0)
		snprintf(buf, sizeof(buf), "unknown: %lld iterations ran",
			 (long long)r->iters);
	else
		snprintf(buf, sizeof(buf), "%s", st_name[s]);
	out_str(o, buf);
	if (cost) {
		if (isnan(r->ptime))
			out_numstr(o, "?");
		else
			out_num(o, r->ptime, 6);
		out_num(o, r->mtime, 6);
	}
	out_endrow(o);
}

static void text_tree(struct out *o, struct join *j, const struct iol_cblock *b,
		      int depth)
{
	const struct iol_cblock *ch;

	if (!in_tree(j->t, b))
		return;
	j->rows[b->rank].depth = depth;
	text_row(o, &j->rows[b->rank], j->cost != NULL);
	for (ch = b->first; ch; ch = ch->next)
		text_tree(o, j, ch, depth + 1);
}

static void pct(char *buf, size_t n, double d, double m)
{
	if (m > 0)
		snprintf(buf, n, "%.1f %%", 100.0 * d / m);
	else
		snprintf(buf, n, "n/a (nothing measured)");
}

static void text_summary(struct out *o, const struct join *j)
{
	struct accuracy a;
	char c[64], b[64], acc[64];

	accuracy(j, &a);
	pct(c, sizeof(c), a.dcalls, a.mcalls);
	pct(b, sizeof(b), a.dbytes, a.mbytes);
	if (a.mbytes > 0)
		snprintf(acc, sizeof(acc), "%.1f %%",
			 100.0 * (1.0 - fmin(1.0, a.dbytes / a.mbytes)));
	else
		snprintf(acc, sizeof(acc), "n/a");
	out_text(o,
		 "predicted against measured: %zu blocks compared, %zu exact "
		 "in calls and bytes,\n"
		 "%zu in calls; error weighted by calls %s, by bytes %s "
		 "(accuracy %s);\n"
		 "%zu unknown (a loop bound, a size or a function's calls "
		 "the source does not\n"
		 "fix), %zu measured, not predicted\n",
		 a.compared, a.exact, a.calls_exact, c, b, acc, a.unknown,
		 a.not_predicted);
}

/* How well predicted time ranks blocks: Spearman's rank correlation of
 * predicted and measured I/O time over the blocks that have both. */
static double time_rank(const struct join *j, size_t *n)
{
	double *p = xcalloc(j->n + 1, sizeof(*p)),
	       *m = xcalloc(j->n + 1, sizeof(*m));
	double rho;
	size_t i;

	*n = 0;
	for (i = 0; i < j->n; i++)
		if (j->rows[i].nm && !isnan(j->rows[i].ptime)) {
			p[*n] = j->rows[i].ptime;
			m[(*n)++] = j->rows[i].mtime;
		}
	rho = iol_spearman(p, m, *n);
	free(p);
	free(m);
	return rho;
}

static void time_summary(struct out *o, const struct join *j)
{
	size_t n;
	double rho;

	if (!j->cost) {
		out_text(o, "no predicted I/O time: no cost model (run iolens "
			    "blocks --calibrate [dir] once)\n");
		return;
	}
	rho = time_rank(j, &n);
	if (isnan(rho))
		out_text(o,
			 "predicted against measured I/O time: too few "
			 "blocks with both to rank (%zu)\n",
			 n);
	else
		out_text(o,
			 "predicted against measured I/O time: Spearman %.3f "
			 "over %zu blocks\n",
			 rho, n);
}

int blocks_join_print(const struct iol_ctree *t, const struct iol_blocks *bl,
		      const char *const *files, int nfiles, const char *trace,
		      const struct iol_iocost *cost, int fmt, const char *path)
{
	struct join j;
	struct out o;
	const struct iol_cblock *f;
	size_t i;
	int rc = EXIT_OK;

	join_make(&j, t, bl, cost, files, nfiles);
	if (out_open(&o, path, fmt) < 0) {
		msg("%s", o.err.msg);
		join_free(&j);
		return EXIT_DATA;
	}
	if (fmt == FMT_TEXT) {
		out_text(&o,
			 "%s: predicted from %d source file%s and measured, "
			 "per code block\n",
			 trace, nfiles, nfiles == 1 ? "" : "s");
		if (j.nmain > 1)
			out_text(&o,
				 "main ran in %lld processes: the prediction, "
				 "per process, is counted %lld times\n",
				 (long long)j.nmain, (long long)j.nmain);
		out_table(&o, jtcols,
			  cost ? (int)(sizeof(jtcols) / sizeof(*jtcols))
			       : NJT_NOCOST);
		for (f = t->funcs; f; f = f->next)
			text_tree(&o, &j, f, 0);
		for (i = j.np; i < j.n; i++)
			text_row(&o, &j.rows[i], cost != NULL);
		out_endtable(&o);
		text_summary(&o, &j);
		time_summary(&o, &j);
	} else {
		out_table(&o, jcols, (int)(sizeof(jcols) / sizeof(*jcols)));
		for (i = 0; i < j.n; i++)
			machine_row(&o, &j.rows[i]);
		out_endtable(&o);
	}
	if (out_close(&o, 1) < 0) {
		msg("%s", o.err.msg);
		rc = EXIT_DATA;
	}
	join_free(&j);
	return rc;
}
