/*
 * The join of predicted and measured code blocks (code/join.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "code/join.h"
#include "code/predict.h"
#include "base/banned.h"

/* the predicted counters compared, in IOL_JP_* order */
static const enum iol_cpk pks[] = {
	IOL_CP_CALLS, IOL_CP_OPENS,	 IOL_CP_READS,	       IOL_CP_WRITES,
	IOL_CP_SYNCS, IOL_CP_BYTES_READ, IOL_CP_BYTES_WRITTEN,
};

/* allocations that say when memory ran out in *oom, for the join to
 * return IOL_ENOMEM (a library never exits) */
static void *jcalloc(int *oom, size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p)
		*oom = 1;
	return p;
}

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

/* s, kept until the join is freed; "" when memory ran out (said) */
static const char *keep(struct iol_cjoin *j, const char *s)
{
	char *c = strdup(s), **v;

	if (c && j->nstrs == j->capstrs) {
		size_t cap = j->capstrs ? 2 * j->capstrs : 256;

		if (!(v = realloc(j->strs, cap * sizeof(*v)))) {
			free(c);
			c = NULL;
		} else {
			j->strs = v;
			j->capstrs = cap;
		}
	}
	if (!c) {
		j->oom = 1;
		return "";
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

static void make_key(struct iol_cjoin *j, struct key *k, int kind,
		     const char *func, const char *file, int line)
{
	char buf[1024];

	short_name(func, buf, sizeof(buf));
	k->kind = kind;
	k->line = kind == IOL_CB_FUNCTION ? 0 : line;
	k->name = keep(j, buf);
	/* exit()'s root has no file in a trace */
	k->fbase = strcmp(func, IOL_CEXIT_ROOT) ? base(file) : "";
}

/* the trace's root of the loader's and exit()'s own calls, when the
 * source predicts exit()'s flushes there */
static int exit_root(const struct iol_cjoin *j, const struct iol_block *b)
{
	const struct iol_cblock *f;

	if (b->parent >= 0 || b->kind != IOL_BLOCK_FUNCTION ||
	    strcmp(b->func, IOL_CEXIT_ROOT) != 0)
		return 0;
	for (f = j->t->funcs; f; f = f->next)
		if (!strcmp(f->function, IOL_CEXIT_ROOT))
			return 1;
	return 0;
}

/* ---- predicted over the run ---- */

static const struct iol_cblock *fn_of(const struct iol_cblock *b)
{
	while (b->parent)
		b = b->parent;
	return b;
}

/* the trip count of loop l, a count on a parameter of its function
 * taken from the value the call cc (NULL: none) gives it */
static int64_t trip_bound(const struct iol_cblock *l,
			  const struct iol_ccall *cc)
{
	int q = l->trip_param;
	int64_t v = iol_ccall_argval(cc, q, l->trip_field);

	if (!l->trip_op || v == IOL_CUNKNOWN)
		return l->trip;
	return iol_ctrip_count(l->trip_a, l->trip_op, v, l->trip_s);
}

/* iterations of the loops around b in its function, those on a
 * parameter counted with call cc's value of it (NULL: none); -1
 * unknown */
static int64_t loops_bound(const struct iol_cblock *b,
			   const struct iol_ccall *cc)
{
	int64_t m = 1;

	/* an arm on its loop's counter runs for its own iterations */
	for (; b->parent; b = b->parent)
		if (b->parent->kind == IOL_CB_LOOP)
			m = blocks_sat_mul(m,
					   b->kind == IOL_CB_BRANCH &&
							   b->iv_runs >= 0 &&
							   b->parent->trip >= 0
						   ? b->iv_runs
						   : trip_bound(b->parent, cc));
	return m;
}

/* iterations of the loops around b in its function, -1 unknown */
static int64_t loops_around(const struct iol_cblock *b)
{
	return loops_bound(b, NULL);
}

/* main, and the root of exit()'s flushes: once per process */
static int is_main(const char *name)
{
	return !strcmp(name, "main") || !strcmp(name, IOL_CEXIT_ROOT);
}

/* a call of a function of the sources: the callee's rank, the line's */
struct site {
	size_t callee, line;
	const struct iol_ccall *cc;
};

struct calls {
	const struct iol_ctree *t;
	struct site *sites; /* by callee */
	size_t nsites;
	int64_t *times;	      /* by rank */
	unsigned char *state; /* 0 new, 1 busy, 2 done */
	int64_t nmain;	      /* processes that ran main */
	int *oom;	      /* the join's */
	/* sys_by_site()'s sites of function gf (a rank; gn of them): the
	 * first of the same binding grp[i], and for block gb the
	 * prediction of each first, gp[i]; gcap allocated */
	size_t gf, gn, gcap, *grp;
	const struct iol_cblock *gb;
	struct iol_cpred *gp;
};

static int site_cmp(const void *a, const void *b)
{
	const struct site *x = a, *y = b;

	if (x->callee != y->callee)
		return x->callee < y->callee ? -1 : 1;
	return x->line < y->line ? -1 : x->line > y->line;
}

/* 0, or -1 when memory ran out (*oom set) */
static int calls_init(struct calls *cs, const struct iol_ctree *t, int *oom)
{
	size_t i, cap = 0;
	struct site *v;

	memset(cs, 0, sizeof(*cs));
	cs->gf = SIZE_MAX;
	cs->t = t;
	cs->oom = oom;
	cs->times = jcalloc(oom, t->nblocks + 1, sizeof(*cs->times));
	cs->state = jcalloc(oom, t->nblocks + 1, 1);
	if (!cs->times || !cs->state)
		return -1;
	for (i = 0; i < t->nblocks; i++) {
		const struct iol_cblock *b = t->ranked[i];
		const struct iol_ccall *cc;

		if (b->kind != IOL_CB_LINE)
			continue;
		for (cc = b->calls; cc; cc = cc->next) {
			if (cc->op != IOL_COP_CALL ||
			    !iol_ctree_has(t, cc->callee))
				continue;
			if (cs->nsites == cap) {
				cap = cap ? 2 * cap : 64;
				if (!(v = realloc(cs->sites,
						  cap * sizeof(*v)))) {
					*oom = 1;
					return -1;
				}
				cs->sites = v;
			}
			cs->sites[cs->nsites].callee = cc->callee->rank;
			cs->sites[cs->nsites].cc = cc;
			cs->sites[cs->nsites++].line = i;
		}
	}
	if (cs->nsites)
		qsort(cs->sites, cs->nsites, sizeof(*cs->sites), site_cmp);
	return 0;
}

static void calls_free(struct calls *cs)
{
	free(cs->sites);
	free(cs->times);
	free(cs->state);
	free(cs->grp);
	free(cs->gp);
}

/* the index of the first site of function f (a rank) in cs->sites */
static size_t first_site(const struct calls *cs, size_t f)
{
	struct site key = {f, 0, NULL};
	size_t lo = 0, hi = cs->nsites;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (site_cmp(&cs->sites[mid], &key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int64_t calls_of(struct calls *cs, size_t f);

/* how deep site_runs() follows callers whose values fix a count */
#define SITE_DEPTH 8

/*
 * The runs of block at over the run: its function's calls times the
 * loops around it, or where a loop counts to a parameter (`for (i = 0;
 * i < n; i++)`), the sum over the function's call sites of each site's
 * runs times the loops with the count that site's arguments give
 * (issue 33 D7: a library function called with constants); -1 unknown.
 */
static int64_t site_runs(struct calls *cs, const struct iol_cblock *at,
			 int depth)
{
	const struct iol_cblock *g = fn_of(at);
	int64_t m = loops_around(at), c, r, in, sum = 0;
	size_t k0, k;

	if (m >= 0 || depth >= SITE_DEPTH || is_main(g->function) ||
	    !iol_ctree_has(cs->t, g)) {
		c = calls_of(cs, g->rank);
		return c < 0 || m < 0 ? -1 : blocks_sat_mul(c, m);
	}
	k0 = first_site(cs, g->rank);
	if (k0 >= cs->nsites || cs->sites[k0].callee != g->rank)
		return -1;
	for (k = k0; k < cs->nsites && cs->sites[k].callee == g->rank; k++) {
		r = site_runs(cs, cs->t->ranked[cs->sites[k].line], depth + 1);
		in = loops_bound(at, cs->sites[k].cc);
		if (r < 0 || in < 0)
			return -1;
		sum = sat_add(sum, blocks_sat_mul(r, in));
	}
	return sum;
}

/* the calls of function f (a rank) over the run, memoized; -1 unknown */
static int64_t calls_of(struct calls *cs, size_t f)
{
	const struct iol_ctree *t = cs->t;
	const struct site *s = cs->sites;
	size_t lo, k;
	int64_t sum = 0;

	if (cs->state[f] == 2)
		return cs->times[f];
	if (cs->state[f] == 1)
		return -1; /* a cycle: recursion */
	/* a pointer may call it, as often as it likes */
	if (t->ranked[f]->addr && !is_main(t->ranked[f]->function)) {
		cs->state[f] = 2;
		return cs->times[f] = -1;
	}
	cs->state[f] = 1;
	lo = first_site(cs, f);
	for (k = lo; k < cs->nsites && s[k].callee == f && sum >= 0; k++) {
		int64_t r = site_runs(cs, t->ranked[s[k].line], 0);

		sum = r < 0 ? -1 : sat_add(sum, r);
	}
	cs->state[f] = 2;
	/* no call site in the sources: main runs once, and so does a
	 * destructor or constructor; another function is called from
	 * elsewhere (a library, a function pointer) an unknown number of
	 * times */
	cs->times[f] =
		k > lo ? sum
		: is_main(t->ranked[f]->function) || t->ranked[f]->at_exit
			? cs->nmain
			: -1;
	return cs->times[f];
}

/*
 * The read(2) (read nonzero) or write(2) of block b of function f (not
 * main), whose I/O depends on its parameters, over the run: the sum over
 * f's call sites of b predicted for each call's arguments (a stream given
 * twice at one site, two streams at another), times the runs of that
 * site; -1 unknown, or f called from no site of the sources.
 */
/* the sites of f from k0 (n of them) grouped by their binding: a
 * function called from N sites with the same arguments is predicted once
 * a block, not N times (K blocks by N sites); a site compared with the
 * first 16 groups at most.  0, or -1 when memory ran out. */
static int site_groups(struct calls *cs, size_t f, size_t k0, size_t n)
{
	if (cs->gf == f)
		return 0;
	if (n > cs->gcap) {
		size_t *g = realloc(cs->grp, n * sizeof(*g));
		struct iol_cpred *p =
			g ? realloc(cs->gp, n * sizeof(*p)) : NULL;

		if (g)
			cs->grp = g;
		if (!p)
			return -1;
		cs->gp = p;
		cs->gcap = n;
	}
	for (size_t i = 0; i < n; i++) {
		const struct iol_ccall *cc = cs->sites[k0 + i].cc;
		size_t j, seen = 0;

		cs->grp[i] = i;
		for (j = 0; j < i && seen < 16; j++) {
			if (cs->grp[j] != j)
				continue;
			seen++;
			if (iol_ccall_same_bind(cs->sites[k0 + j].cc, cc)) {
				cs->grp[i] = j;
				break;
			}
		}
	}
	cs->gf = f;
	cs->gn = n;
	cs->gb = NULL;
	return 0;
}

/* what by_site() sums over a function's call sites: psys and pv as in
 * struct iol_cjrow, -1 and known 0 where some site does not know them */
struct site_sum {
	int64_t psys[2];
	int64_t pstat;
	int64_t pv[IOL_JP_N];
	unsigned char known[IOL_JP_N];
	int64_t sflush; /* IOL_CP_SFLUSH's, -1 unknown */
};

static void site_add(struct site_sum *s, const struct iol_cpred *p,
		     int64_t times, const struct iol_cblock *b,
		     const struct iol_ccall *cc, const struct iol_ccall *outer,
		     int64_t wfix)
{
	size_t k;
	int64_t n;

	for (k = 0; k < 2; k++) {
		n = iol_cpred_sys_times(p, k == 0, times);
		/* two streams given: each buffer's own write(2) */
		if (k == 1 && n >= 0 && cc->nargs >= 2 &&
		    (p->fixed[IOL_CP_FBUF_W] || p->fixed[IOL_CP_ONCE_W]))
			n = iol_cblock_sys_w_call(b, cc, outer, times);
		/* the caller's line knows better (site_writes) */
		if (k == 1 && wfix >= 0)
			n = wfix;
		s->psys[k] =
			n < 0 || s->psys[k] < 0 ? -1 : sat_add(s->psys[k], n);
	}
	n = iol_cpred_bstat_times(p, times);
	s->pstat = n < 0 || s->pstat < 0 ? -1 : sat_add(s->pstat, n);
	for (k = 0; k < IOL_JP_N; k++) {
		s->known[k] = s->known[k] && iol_cpred_exact(p, pks[k]);
		if (s->known[k])
			s->pv[k] = sat_add(
				s->pv[k],
				blocks_sat_mul(p->fixed[pks[k]], times));
	}
	n = blocks_sat_mul(p->fixed[IOL_CP_SFLUSH], times);
	s->sflush = p->per[IOL_CP_SFLUSH] || n < 0 || s->sflush < 0
			    ? -1
			    : sat_add(s->sflush, n);
}

/* calls followed up from a site that passes on its parameters */
#define CHAIN_MAX 4

/*
 * A site chain[n - 1] (at line block at) that passes on a parameter of
 * its own function g: b predicted for each site of g, the chain's
 * arguments bound to that site's (wrap(fd, 5) calling level(fd, v)),
 * runs times each run of the chain's first call under that site (its
 * loops in g on g's parameters counted with the site's values), into s;
 * a site of g that passes on its own function's parameters in turn is
 * followed up to CHAIN_MAX calls (put(fd, b, len) in emit(buf, n) in
 * batch(size) in main's batch(fd, 10, 256)).  0, or -1 when g is main, has
 * no site (or more than 64) or one whose runs are unknown (s unchanged: the
 * caller predicts the chain without this call).
 */
static int outer_sites(struct calls *cs, const struct iol_cblock *at,
		       const struct iol_ccall **chain, int nchain,
		       const struct iol_cblock *b, int64_t runs,
		       struct site_sum *s)
{
	const struct iol_cblock *g = fn_of(at);
	const struct iol_ccall *cc = chain[nchain - 1];
	size_t k0, k, n;
	int64_t c, m;
	struct iol_cpred p;

	if (!iol_ccall_passes(cc) || is_main(g->function) ||
	    !iol_ctree_has(cs->t, g))
		return -1;
	k0 = first_site(cs, g->rank);
	for (n = 0; k0 + n < cs->nsites && cs->sites[k0 + n].callee == g->rank;
	     n++) {
		const struct iol_cblock *at2 =
			cs->t->ranked[cs->sites[k0 + n].line];

		if (n >= 64 || site_runs(cs, at2, 0) < 0 ||
		    loops_bound(at, cs->sites[k0 + n].cc) < 0 ||
		    cs->sites[k0 + n].cc->thread)
			return -1;
	}
	if (!n)
		return -1;
	for (k = k0; k < k0 + n; k++) {
		const struct iol_cblock *at2 = cs->t->ranked[cs->sites[k].line];

		/* at's loops in g on g's parameters: that site's values */
		c = site_runs(cs, at2, 0);
		m = loops_bound(at, cs->sites[k].cc);
		chain[nchain] = cs->sites[k].cc;
		if (nchain + 1 < CHAIN_MAX &&
		    outer_sites(cs, at2, chain, nchain + 1, b,
				blocks_sat_mul(m, runs), s) == 0)
			continue;
		iol_cblock_pred_chain(b, chain, nchain + 1, &p);
		site_add(s, &p, blocks_sat_mul(blocks_sat_mul(c, m), runs), b,
			 chain[0], chain[1], -1);
	}
	return 0;
}

/*
 * The write(2) of block b of f over the w runs of the line at that
 * holds the site cc alone, where b holds all of f's writes (p each of
 * its in runs a call): the line's own count, which knows what the
 * caller does around the call (an fflush after each: each call's rest
 * goes out there, not into the next call's buffer; 10 calls of 5 x
 * 1000 B then fflush are 10 write(2) in the calls, not 50000 / 4096 =
 * 12).  -1 when that is not the case.
 */
static int64_t site_writes(const struct iol_cblock *f,
			   const struct iol_cblock *at,
			   const struct iol_ccall *cc,
			   const struct iol_cpred *p, int64_t in, int64_t w)
{
	static const enum iol_cpk ks[] = {IOL_CP_SYS_W, IOL_CP_BUF_W,
					  IOL_CP_FBUF_W, IOL_CP_ONCE_W};
	struct iol_cpred pf;
	size_t k;

	if (at->calls != cc || cc->next || at->first || !at->rests)
		return -1;
	iol_cblock_pred_call(f, cc, &pf);
	for (k = 0; k < sizeof(ks) / sizeof(ks[0]); k++)
		if (p->per[ks[k]] || pf.per[ks[k]] ||
		    blocks_sat_mul(p->fixed[ks[k]], in) != pf.fixed[ks[k]])
			return -1;
	return iol_cpred_sys_times(&at->pred, 0, w);
}

/* by_site() into s; -1 when f has no site or one's runs are unknown */
static int by_site(struct calls *cs, const struct iol_cblock *f,
		   const struct iol_cblock *b, struct site_sum *s)
{
	const struct iol_ctree *t = cs->t;
	size_t k0 = first_site(cs, f->rank), k, ns;
	int64_t w, in;
	struct iol_cpred p;
	int grouped;
	const struct iol_ccall *chain[CHAIN_MAX];

	memset(s, 0, sizeof(*s));
	memset(s->known, 1, sizeof(s->known));
	if (k0 >= cs->nsites || cs->sites[k0].callee != f->rank || f->addr)
		return -1;
	for (ns = 0;
	     k0 + ns < cs->nsites && cs->sites[k0 + ns].callee == f->rank; ns++)
		;
	grouped = site_groups(cs, f->rank, k0, ns) == 0;
	if (grouped && cs->gb != b) { /* the prediction of each group */
		for (k = 0; k < ns; k++)
			if (cs->grp[k] == k)
				iol_cblock_pred_call(b, cs->sites[k0 + k].cc,
						     &cs->gp[k]);
		cs->gb = b;
	}
	for (k = k0; k < cs->nsites && cs->sites[k].callee == f->rank; k++) {
		const struct iol_cblock *at = t->ranked[cs->sites[k].line];

		/* b's loops in f on a parameter: counted with the site's
		 * value of it */
		in = loops_bound(b, cs->sites[k].cc);
		w = site_runs(cs, at, 0);
		if (w < 0 || in < 0 || cs->sites[k].cc->thread)
			return -1;
		chain[0] = cs->sites[k].cc;
		if (outer_sites(cs, at, chain, 1, b, in, s) == 0)
			continue;
		if (!grouped)
			iol_cblock_pred_call(b, cs->sites[k].cc, &p);
		site_add(s, grouped ? &cs->gp[cs->grp[k - k0]] : &p,
			 blocks_sat_mul(w, in), b, cs->sites[k].cc, NULL,
			 site_writes(f, at, cs->sites[k].cc,
				     grouped ? &cs->gp[cs->grp[k - k0]] : &p,
				     in, w));
	}
	return 0;
}

/* the row r of block b of a function f whose I/O its arguments fix:
 * each site's own (a branch on a parameter taken at one site only) */
static void row_by_site(struct calls *cs, const struct iol_cblock *f,
			const struct iol_cblock *b, struct iol_cjrow *r)
{
	struct site_sum s;
	size_t k;

	if (by_site(cs, f, b, &s) < 0)
		return;
	for (k = 0; k < 2; k++)
		if (s.psys[k] >= 0)
			r->psys[k] = s.psys[k];
	if (s.pstat >= 0)
		r->pstat = s.pstat;
	for (k = 0; k < IOL_JP_N; k++) {
		r->known[k] = s.known[k];
		r->pv[k] = s.known[k] ? s.pv[k] : 0;
	}
	r->psflush = s.sflush;
}

static void predict_rows(struct iol_cjoin *j)
{
	const struct iol_ctree *t = j->t;
	struct calls cs;
	size_t i, k;

	if (calls_init(&cs, t, &j->oom) < 0) {
		calls_free(&cs);
		return;
	}
	cs.nmain = j->nmain;
	for (i = 0; i < t->nblocks; i++) {
		const struct iol_cblock *b = t->ranked[i];
		const struct iol_cblock *f = fn_of(b);
		struct iol_cjrow *r = &j->rows[i];
		int64_t c = iol_ctree_has(t, f) ? calls_of(&cs, f->rank) : -1;
		int64_t m = c < 0 ? -1 : blocks_sat_mul(c, loops_around(b));

		for (k = 0; k < IOL_JP_N; k++) {
			r->known[k] =
				m >= 0 && iol_cpred_exact(&b->pred, pks[k]);
			r->pv[k] = r->known[k]
					   ? blocks_sat_mul(
						     b->pred.fixed[pks[k]], m)
					   : 0;
		}
		for (k = 0; k < 2; k++)
			r->psys[k] = m < 0 ? -1
					   : iol_cpred_sys_times(&b->pred,
								 k == 0, m);
		r->pstat = iol_cpred_bstat_times(&b->pred, m);
		r->psflush = -1;
		/* a function whose I/O its arguments fix: each site's own */
		if (f->binds == 2 && !is_main(f->function) &&
		    iol_ctree_has(t, f))
			row_by_site(&cs, f, b, r);
		r->ptrip = -1;
		if (b->kind == IOL_CB_LOOP && b->trip >= 0 && m >= 0)
			r->ptrip = blocks_sat_mul(b->trip, m);
	}
	calls_free(&cs);
}

/* a share f of a block's count v, not above the row's own count max */
static int64_t share(double f, int64_t v, int64_t max)
{
	double x = f * (double)v;

	return x >= (double)max ? max : x > 0 ? (int64_t)x : 0;
}

/* A row's opens that make their file and its closes as a rerun in the
 * program's directory finds the files (iol_cblock_rerun()): its closes
 * over the run the block's share of its calls (f, of the row's calls over
 * the run to the block's) */
static void rerun_calls(const struct iol_cpred *p, const struct iol_cjrow *r,
			struct iol_iocalls *n)
{
	int64_t by;
	double sh, f;

	if (p->fixed[IOL_CP_CALLS] <= 0 || !iol_cblock_rerun(r->pb, &by, &sh))
		return;
	f = (double)r->pv[IOL_JP_CALLS] / (double)p->fixed[IOL_CP_CALLS];
	iol_iocalls_rerun(
		n, by, sh,
		share(f, p->fixed[IOL_CP_CLOSES] - p->fixed[IOL_CP_KCLOSES],
		      n->others),
		share(f, p->fixed[IOL_CP_TCLOSES], n->others));
}

/*
 * A row's predicted I/O time: its predicted calls over the run times the
 * cost model's cost of each.  Unknown when a count is, or the bytes of
 * its reads or writes are (costed as the smallest class, a 4096 B write
 * would rank below a 128 B one); the share of positioned calls (pread,
 * pwrite, seeks) as random.
 */
static void predict_time(struct iol_cjoin *j, struct iol_cjrow *r)
{
	const struct iol_cpred *p = &r->pb->pred;
	struct iol_iocalls n;
	/* saturating: nested loops' counts are INT64_MAX */
	int64_t seeks = sat_add(p->fixed[IOL_CP_SEEKS], p->per[IOL_CP_SEEKS]);
	int64_t rw1 = sat_add(
		sat_add(p->fixed[IOL_CP_READS], p->fixed[IOL_CP_WRITES]),
		sat_add(p->per[IOL_CP_READS], p->per[IOL_CP_WRITES]));
	size_t k;

	r->ptime = NAN;
	for (k = IOL_JP_CALLS; k <= IOL_JP_SYNCS; k++)
		if (!j->cost || !r->known[k])
			return;
	if ((r->pv[IOL_JP_READS] > 0 && !r->known[IOL_JP_BR]) ||
	    (r->pv[IOL_JP_WRITES] > 0 && !r->known[IOL_JP_BW]))
		return;
	memset(&n, 0, sizeof(n));
	n.opens = r->pv[IOL_JP_OPENS];
	/* the share of them that make their file, costed as creates */
	if (p->fixed[IOL_CP_OPENS] > 0 && p->fixed[IOL_CP_CREATES] > 0)
		n.creates =
			share(fmin(1.0, (double)p->fixed[IOL_CP_CREATES] /
						(double)p->fixed[IOL_CP_OPENS]),
			      n.opens, n.opens);
	if (p->fixed[IOL_CP_OPENS] > 0 && p->fixed[IOL_CP_SCRATCH] > 0)
		n.scratch =
			share(fmin(1.0, (double)p->fixed[IOL_CP_SCRATCH] /
						(double)p->fixed[IOL_CP_OPENS]),
			      n.opens, n.creates);
	n.reads = r->pv[IOL_JP_READS];
	n.writes = r->pv[IOL_JP_WRITES];
	n.syncs = r->pv[IOL_JP_SYNCS];
	n.others = r->pv[IOL_JP_CALLS] - n.opens - n.reads - n.writes - n.syncs;
	if (n.others < 0)
		n.others = 0;
	/* the row's share of its block's unlinks, as of its calls */
	if (p->fixed[IOL_CP_CALLS] > 0 && p->fixed[IOL_CP_UNLINKS] > 0)
		n.unlinks = share((double)r->pv[IOL_JP_CALLS] /
					  (double)p->fixed[IOL_CP_CALLS],
				  p->fixed[IOL_CP_UNLINKS], n.others);
	/* the model costs system calls: buffered stdio's where known, and
	 * a stream's flush is a write(2) there, not an fsync */
	if (p->fixed[IOL_CP_SYNCS] > 0 && p->fixed[IOL_CP_SFLUSH] > 0)
		n.syncs -=
			share(fmin(1.0, (double)p->fixed[IOL_CP_SFLUSH] /
						(double)p->fixed[IOL_CP_SYNCS]),
			      n.syncs, n.syncs);
	if (r->psys[0] >= 0)
		n.reads = r->psys[0];
	if (r->psys[1] >= 0)
		n.writes = r->psys[1];
	n.bytes_read = r->known[IOL_JP_BR] ? r->pv[IOL_JP_BR] : 0;
	n.bytes_written = r->known[IOL_JP_BW] ? r->pv[IOL_JP_BW] : 0;
	/* a trace times the system calls beneath an MPI-IO call, not the
	 * call (its collective waits): MPI-IO's whole-call costs, which
	 * --source alone ranks by, are not what is compared here (issue 33
	 * D3: MPI_File_open predicted 20.7 ms, measured 0.68 ms) */
	rerun_calls(p, r, &n);
	if (rw1 > 0)
		n.positioned = share(fmin(1.0, (double)seeks / (double)rw1),
				     sat_add(n.reads, n.writes), INT64_MAX);
	r->ptime = iol_iocost_calls(j->cost, &n);
}

/*
 * A trace counts system calls: where a row's read(2) and write(2) are
 * known (psys), its predicted reads and writes are those, a stream's
 * flush (fflush, std::endl) a write(2) among them rather than a sync,
 * and its calls the other calls and those, so that calls, reads, writes
 * and syncs compare like with like (1000 fwrite of 100 B: 24 write(2),
 * not 1000 calls against the trace's 24).  The bytes stay the calls'
 * (sysview: the kernel has them at the flushes).
 */
static int lib_api(const struct iol_cblock *b, int depth, int mpi);

/* A row with MPI-IO, HDF5 or PnetCDF calls: the library makes system
 * calls of its own under the program's line (Open MPI's MPI_File_open
 * opens its lock and shared-pointer files and reads /proc), so its
 * calls are unknown, never a difference the program does not control;
 * its bytes, the program's buffers, stay compared.  1 when it is one. */
static int lib_own(struct iol_cjrow *r)
{
	int k;

	if (!lib_api(r->pb, 0, 0))
		return 0;
	for (k = IOL_JP_CALLS; k <= IOL_JP_SYNCS; k++)
		r->known[k] = 0;
	return 1;
}

/* whether the reads and writes of p whose system calls the source does
 * not fix are all MPI-IO's, HDF5's or PnetCDF's */
static int lib_sys_only(const struct iol_cpred *p)
{
	/* saturating: a count of nested loops' calls is INT64_MAX */
	const int64_t *f = p->fixed, *e = p->per;

	return sat_add(f[IOL_CP_SYS_UNK_R], e[IOL_CP_SYS_UNK_R]) <=
		       sat_add(f[IOL_CP_LIB_UNK_R], e[IOL_CP_LIB_UNK_R]) &&
	       sat_add(f[IOL_CP_SYS_UNK_W], e[IOL_CP_SYS_UNK_W]) <=
		       sat_add(f[IOL_CP_LIB_UNK_W], e[IOL_CP_LIB_UNK_W]);
}

static void sys_view(struct iol_cjrow *r)
{
	const struct iol_cpred *p = &r->pb->pred;
	int64_t fl, n;

	/* calls whose system calls the source does not fix (a buffer or a
	 * size it does not know, MPI-IO's): the library's count is not the
	 * trace's, so the row's calls are unknown, not a difference */
	if (r->known[IOL_JP_CALLS] &&
	    ((r->psys[0] < 0 && p->fixed[IOL_CP_SYS_UNK_R]) ||
	     (r->psys[1] < 0 && p->fixed[IOL_CP_SYS_UNK_W]))) {
		r->known[IOL_JP_CALLS] = 0;
		r->known[r->psys[0] < 0 ? IOL_JP_READS : IOL_JP_WRITES] = 0;
		if (r->psys[0] < 0 && r->psys[1] < 0)
			r->known[IOL_JP_WRITES] = 0;
		return;
	}
	if (!r->known[IOL_JP_CALLS] || !r->known[IOL_JP_READS] ||
	    !r->known[IOL_JP_WRITES] || !r->known[IOL_JP_SYNCS] ||
	    r->psys[0] < 0 || r->psys[1] < 0 ||
	    (r->psflush < 0 && p->per[IOL_CP_SFLUSH]))
		return;
	fl = r->pv[IOL_JP_SYNCS] && p->fixed[IOL_CP_SYNCS]
		     ? r->pv[IOL_JP_SYNCS] / p->fixed[IOL_CP_SYNCS] *
			       p->fixed[IOL_CP_SFLUSH]
		     : 0;
	if (r->psflush >= 0)
		fl = r->psflush;
	n = r->pv[IOL_JP_CALLS] - r->pv[IOL_JP_READS] - r->pv[IOL_JP_WRITES] -
	    fl;
	if (n < 0 || fl > r->pv[IOL_JP_SYNCS] || r->psys[0] > INT64_MAX - n ||
	    r->psys[1] > INT64_MAX - n - r->psys[0])
		return;
	/* and the fstat(2) of a stream's first use, which makes its
	 * buffer */
	if (r->pstat > 0 && n <= INT64_MAX - r->pstat)
		n += r->pstat;
	r->sysview = fl || r->pv[IOL_JP_READS] != r->psys[0] ||
		     r->pv[IOL_JP_WRITES] != r->psys[1] ||
		     p->fixed[IOL_CP_BUF_R] || p->fixed[IOL_CP_BUF_W] ||
		     p->fixed[IOL_CP_FBUF_W] || p->fixed[IOL_CP_BUFFERED];
	r->pv[IOL_JP_READS] = r->psys[0];
	r->pv[IOL_JP_WRITES] = r->psys[1];
	r->pv[IOL_JP_SYNCS] -= fl;
	r->pv[IOL_JP_CALLS] = n + r->psys[0] + r->psys[1];
}

/* ---- measured ---- */

static void add_measured(struct iol_cjrow *r, const struct iol_block *b)
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
	r->mrandom += b->random;
	r->msmall += b->small;
	if (b->procs > r->mprocs)
		r->mprocs = b->procs;
	r->mtime += b->io_time;
}

static void add_row(struct iol_cjrow *to, const struct iol_cjrow *from)
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
	to->mrandom += from->mrandom;
	to->msmall += from->msmall;
	if (from->mprocs > to->mprocs)
		to->mprocs = from->mprocs;
	to->mtime += from->mtime;
}

/* a branch, which a trace does not see, and a loop the trace's source
 * scan did not find (a loop a macro makes): the sum of their blocks
 * (children first) */
static void unseen_measured(struct iol_cjoin *j, const struct iol_cblock *b)
{
	const struct iol_cblock *ch;
	int sum = iol_ctree_has(j->t, b) &&
		  (b->kind == IOL_CB_BRANCH ||
		   (b->kind == IOL_CB_LOOP && !j->rows[b->rank].nm));

	for (ch = b->first; ch; ch = ch->next) {
		unseen_measured(j, ch);
		if (sum && iol_ctree_has(j->t, ch))
			add_row(&j->rows[b->rank], &j->rows[ch->rank]);
	}
}

/* the id of a measured block the source does not have: its function
 * and the lines of the loops down to it, as the extractor names them */
static const char *measured_id(struct iol_cjoin *j, size_t i)
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

static void measure_rows(struct iol_cjoin *j, const char *const *files,
			 int nfiles)
{
	const struct iol_blocks *bl = j->bl;
	struct key *pk = jcalloc(&j->oom, j->np + 1, sizeof(*pk));
	struct key *mk = jcalloc(&j->oom, bl->n + 1, sizeof(*mk));
	unsigned char *ours = jcalloc(&j->oom, bl->n + 1, 1);
	size_t *only = jcalloc(&j->oom, bl->n + 1, sizeof(*only));
	size_t npk = 0, nonly = 0, i, k;
	struct iol_cjrow *nr;

	if (j->oom)
		goto done;

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

		if ((!*b->file || !source_file(files, nfiles, b->file)) &&
		    !exit_root(j, b))
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
		struct key *ok = jcalloc(&j->oom, nonly + 1, sizeof(*ok));

		nr = ok ? realloc(j->rows, (j->np + nonly + 1) * sizeof(*nr))
			: NULL;
		if (!nr) {
			j->oom = 1;
			free(ok);
			goto done;
		}
		j->rows = nr;
		for (k = 0; k < nonly; k++)
			ok[k] = mk[only[k]];
		qsort(ok, nonly, sizeof(*ok), key_qcmp);
		for (k = 0; k < nonly; k++) {
			const struct iol_block *b = &bl->v[ok[k].row];
			struct iol_cjrow *r;

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
done:
	free(pk);
	free(mk);
	free(ours);
	free(only);
}

/* ---- threads: a start routine's I/O where the thread was made ---- */

/* the measured blocks of function f run as a thread's start: roots of
 * it, or under frames of no source file (std::thread's own, libstdc++'s
 * invoke templates), summed into *to */
static void thread_measured(struct iol_cjoin *j, const struct iol_cblock *f,
			    const char *const *files, int nfiles,
			    struct iol_cjrow *to)
{
	const struct iol_blocks *bl = j->bl;
	struct key fk, mk;
	size_t i;
	int32_t p;

	make_key(j, &fk, IOL_CB_FUNCTION, f->function, f->file, 0);
	for (i = 0; i < bl->n; i++) {
		const struct iol_block *b = &bl->v[i];

		if (b->kind != IOL_BLOCK_FUNCTION || !*b->file ||
		    strcmp(base(b->file), fk.fbase) != 0)
			continue;
		make_key(j, &mk, IOL_CB_FUNCTION, b->func, b->file, 0);
		if (key_cmp(&fk, &mk) != 0)
			continue;
		for (p = b->parent; p >= 0; p = bl->v[p].parent)
			if (*bl->v[p].file &&
			    source_file(files, nfiles, bl->v[p].file))
				break;
		if (p < 0)
			add_measured(to, b);
	}
}

/* the thread-starting call sites of f's function: how many */
static size_t thread_sites(const struct iol_ctree *t,
			   const struct iol_cblock *f)
{
	size_t i, n = 0;
	const struct iol_ccall *cc;

	for (i = 0; i < t->nblocks; i++)
		for (cc = t->ranked[i]->calls; cc; cc = cc->next)
			n += cc->thread && cc->callee == f;
	return n;
}

/* the one call site of f in the sources (a line block), else NULL */
static const struct iol_cblock *one_site(const struct iol_ctree *t,
					 const struct iol_cblock *f)
{
	const struct iol_cblock *site = NULL;
	const struct iol_ccall *cc;
	size_t i;

	for (i = 0; i < t->nblocks; i++)
		for (cc = t->ranked[i]->calls; cc; cc = cc->next)
			if (cc->op == IOL_COP_CALL && cc->callee == f) {
				if (site)
					return NULL;
				site = t->ranked[i];
			}
	return site;
}

/* m added to b and the blocks around it in its function */
static void credit_up(struct iol_cjoin *j, const struct iol_cblock *b,
		      const struct iol_cjrow *m)
{
	for (; b; b = b->parent)
		if (iol_ctree_has(j->t, b))
			add_row(&j->rows[b->rank], m);
}

/*
 * What a thread measured (its start routine's blocks the trace has as
 * roots) added to the line that made it and the blocks around it, then
 * to the one call site of their function, and so on up to main: the
 * source predicts the routine's I/O there, as a call.  A routine started
 * from two places, or a function on the way called from two, leaves it
 * (which share went where is not known).
 */
static void thread_credit(struct iol_cjoin *j, const char *const *files,
			  int nfiles)
{
	const struct iol_ctree *t = j->t;
	const struct iol_ccall *cc;
	size_t i;

	for (i = 0; i < t->nblocks; i++) {
		const struct iol_cblock *line = t->ranked[i], *b;
		struct iol_cjrow m;
		int depth;

		for (cc = line->calls; cc; cc = cc->next) {
			if (!cc->thread || !iol_ctree_has(t, cc->callee) ||
			    thread_sites(t, cc->callee) != 1)
				continue;
			memset(&m, 0, sizeof(m));
			thread_measured(j, cc->callee, files, nfiles, &m);
			if (!m.nm)
				continue;
			b = line;
			for (depth = 0; b && depth < 64; depth++) {
				credit_up(j, b, &m);
				b = one_site(t, fn_of(b));
			}
		}
	}
}

/* Whether each I/O call under b is a system call of its own (POSIX),
 * through the functions it calls (depth of them): a buffered stream's
 * read(2) and write(2) are not one a call, so the run's system calls do
 * not count a loop's iterations (fgets 7 times: one read(2)). */
static int sys_only(const struct iol_cblock *b, int depth)
{
	const struct iol_cblock *c;
	const struct iol_ccall *cc;

	for (cc = b->calls; cc; cc = cc->next) {
		if (cc->op == IOL_COP_CALL) {
			if (cc->callee &&
			    (depth >= 8 || !sys_only(cc->callee, depth + 1)))
				return 0;
		} else if (cc->api != IOL_CAPI_POSIX) {
			return 0;
		}
	}
	for (c = b->first; c; c = c->next)
		if (!sys_only(c, depth))
			return 0;
	return 1;
}

/* Whether b, through the functions it calls (depth of them), has a call
 * of MPI-IO (unless mpi: the model has MPI-IO's own costs), HDF5 or
 * PnetCDF: the cost model (blocks --calibrate) times POSIX calls, and
 * one of theirs is not one (MPI_File_open is collective and opens the
 * library's own files). */
static int lib_api(const struct iol_cblock *b, int depth, int mpi)
{
	const struct iol_cblock *c;
	const struct iol_ccall *cc;

	for (cc = b->calls; cc; cc = cc->next)
		if (cc->op == IOL_COP_CALL
			    ? cc->callee && depth < 8 &&
				      lib_api(cc->callee, depth + 1, mpi)
			    : (cc->api == IOL_CAPI_MPIIO && !mpi) ||
				      cc->api == IOL_CAPI_HDF5 ||
				      cc->api == IOL_CAPI_PNETCDF)
			return 1;
	for (c = b->first; c; c = c->next)
		if (lib_api(c, depth, mpi))
			return 1;
	return 0;
}

/* a loop of unknown trip count: the iterations the run's calls imply
 * when its body's calls are known per iteration, each a system call */
static void implied_iterations(struct iol_cjoin *j)
{
	size_t i;

	for (i = 0; i < j->np; i++) {
		const struct iol_cblock *b = j->t->ranked[i];
		struct iol_cjrow *r = &j->rows[i];
		int64_t per = b->pred.per[IOL_CP_CALLS];

		r->iters = -1;
		if (b->kind != IOL_CB_LOOP || b->trip >= 0 || per <= 0 ||
		    b->pred.fixed[IOL_CP_CALLS] || b->pred.recursive ||
		    b->pred.opaque || !sys_only(b, 0))
			continue;
		if (r->mcalls % per == 0)
			r->iters = r->mcalls / per;
	}
}

void iol_cjoin_free(struct iol_cjoin *j)
{
	size_t i;

	if (!j)
		return;
	for (i = 0; i < j->nstrs; i++)
		free(j->strs[i]);
	free(j->strs);
	free(j->rows);
	free(j);
}

/* the processes whose stacks have main that are runs of the program
 * (exec'd): an MPI job's ranks, each of which ran what the source
 * predicts for one; its forks are in the prediction already (the
 * source's calls after fork() are the child's).  The "[loader]" root
 * only when no main made a call: under strace -k it also holds the
 * library loads of every other program exec'd (the MPI launcher, a
 * system()'s shell), which ran no main of the sources (issue 33 D1) */
static int64_t main_procs(const struct iol_blocks *bl)
{
	int64_t n = 0, loader = 1;
	size_t i;

	for (i = 0; i < bl->n; i++) {
		const struct iol_block *b = &bl->v[i];

		if (b->kind != IOL_BLOCK_FUNCTION || !is_main(b->func))
			continue;
		if (strcmp(b->func, "main"))
			loader = b->runs > loader ? b->runs : loader;
		else if (b->runs > n)
			n = b->runs;
	}
	return n > 0 ? n : loader;
}

static void join_fill(struct iol_cjoin *j, const struct iol_ctree *t,
		      const struct iol_blocks *bl,
		      const struct iol_iocost *cost, const char *const *files,
		      int nfiles)
{
	size_t i;
	const struct iol_cblock *f;

	j->t = t;
	j->bl = bl;
	j->cost = cost;
	j->nmain = main_procs(bl);
	j->np = j->n = t->nblocks;
	if (!(j->rows = jcalloc(&j->oom, t->nblocks + 1, sizeof(*j->rows))))
		return;
	for (i = 0; i < t->nblocks; i++) {
		const struct iol_cblock *b = t->ranked[i];
		struct iol_cjrow *r = &j->rows[i];

		r->pb = b;
		r->id = b->id;
		r->kind = iol_cblock_kind_name(b->kind);
		r->func = b->function;
		r->file = b->file;
		r->line = (int)b->line;
	}
	predict_rows(j);
	for (i = 0; i < t->nblocks; i++) {
		struct iol_cjrow *r = &j->rows[i];
		int k;

		predict_time(j, r);
		sys_view(r);
		/* calls sys_view found unknown (system calls the source does
		 * not fix) have no time either: none ranked on a guess; but
		 * MPI-IO's, HDF5's and PnetCDF's are timed by their calls */
		for (k = IOL_JP_CALLS; k <= IOL_JP_SYNCS; k++)
			if (!r->known[k] && !lib_sys_only(&r->pb->pred))
				r->ptime = NAN;
		/* after the times: MPI-IO's, HDF5's and PnetCDF's calls are
		 * timed as the POSIX calls they make at least (joined,
		 * MPI-IO's too: predict_time()) */
		j->lib_calls += (size_t)lib_own(r);
		if (j->cost && !isnan(r->ptime) && lib_api(r->pb, 0, 0))
			j->lower_lib++;
	}
	measure_rows(j, files, nfiles);
	if (j->oom)
		return;
	for (f = t->funcs; f; f = f->next)
		unseen_measured(j, f);
	thread_credit(j, files, nfiles);
	implied_iterations(j);
}

/* ---- how far apart ---- */

static void accuracy(const struct iol_cjoin *j, struct iol_cjacc *a)
{
	size_t i;

	memset(a, 0, sizeof(*a));
	for (i = 0; i < j->n; i++) {
		const struct iol_cjrow *r = &j->rows[i];
		int s = iol_cjrow_status(r);

		a->rows++;
		if (s == IOL_JS_UNKNOWN) {
			a->unknown++;
			continue;
		}
		a->compared++;
		a->exact += s == IOL_JS_EXACT;
		a->calls_exact += r->pv[IOL_JP_CALLS] == r->mcalls;
		a->not_predicted += s == IOL_JS_NOT_PREDICTED;
		a->dcalls +=
			fabs((double)r->pv[IOL_JP_CALLS] - (double)r->mcalls);
		a->mcalls += (double)r->mcalls;
		if (iol_cjrow_bytes_known(r) && r->sysview)
			a->lib_bytes++;
		else if (iol_cjrow_bytes_known(r)) {
			a->dbytes += fabs((double)iol_cjrow_pbytes(r) -
					  (double)(r->mbr + r->mbw));
			a->mbytes += (double)(r->mbr + r->mbw);
		}
	}
}

/* How well predicted time ranks blocks: Spearman's rank correlation of
 * predicted and measured I/O time over the blocks that have both. */
#define RANK_MIN 5

static void time_rank(struct iol_cjoin *j)
{
	double *p = jcalloc(&j->oom, j->n + 1, sizeof(*p));
	double *m = jcalloc(&j->oom, j->n + 1, sizeof(*m));
	size_t i, n = 0;

	j->acc.rho = NAN;
	for (i = 0; p && m && i < j->n; i++)
		if (j->rows[i].nm && !isnan(j->rows[i].ptime)) {
			p[n] = j->rows[i].ptime;
			m[n++] = j->rows[i].mtime;
		}
	/* a rank correlation of 2 points is always +-1, of 3 or 4 one of
	 * a handful of values: under RANK_MIN blocks, too few (issue 33
	 * D10) */
	if (p && m && n >= RANK_MIN)
		j->acc.rho = iol_spearman(p, m, n);
	j->acc.nrank = n;
	free(p);
	free(m);
}

/* Whether the trace's calls have source lines at all: a stripped binary's
 * have none, and joined they would read as nothing measured anywhere,
 * every predicted line "differs" */
static int has_lines(const struct iol_blocks *bl)
{
	size_t i;

	if (!bl->calls)
		return 1;
	for (i = 0; i < bl->n; i++)
		if (bl->v[i].line > 0)
			return 1;
	return 0;
}

/*
 * The given files and the project headers whose functions the tree
 * followed (inline, templates): the trace's frames in those are the
 * sources' too.  A new array (free()), NULL out of memory.
 */
static const char **with_headers(const struct iol_ctree *t,
				 const char *const *files, int nfiles, int *n)
{
	const char **v = calloc((size_t)nfiles + t->nblocks + 1, sizeof(*v));
	size_t i;

	if (!v)
		return NULL;
	memcpy(v, files, (size_t)nfiles * sizeof(*v));
	*n = nfiles;
	for (i = 0; i < t->nblocks; i++) {
		const char *f = t->ranked[i]->file;

		if (t->ranked[i]->kind == IOL_CB_FUNCTION && f && *f &&
		    !source_file(v, *n, f))
			v[(*n)++] = f;
	}
	return v;
}

/* the first of the program's binaries that is gone since the trace (no
 * lines because it is not there, not for want of -g), NULL none */
static const char *gone_binary(const struct iol_blocks *bl)
{
	size_t i;

	for (i = 0; i < bl->nmods; i++)
		if (bl->mods[i].state == IOL_BMOD_GONE)
			return bl->mods[i].path;
	return NULL;
}

/* every call a launcher's (with its library loads): mpirun that
 * failed before it started a rank, no binary to blame (issue 33 D8) */
static int launcher_only(const struct iol_blocks *bl)
{
	size_t i;

	if (!bl->launcher || !bl->calls)
		return 0;
	for (i = 0; i < bl->n; i++)
		if (bl->v[i].parent < 0 && bl->v[i].calls &&
		    !(bl->v[i].box & (IOL_BFOLD_LAUNCHER | IOL_BFOLD_LOADER)))
			return 0;
	return 1;
}

int iol_cjoin_make(const struct iol_ctree *t, const struct iol_blocks *bl,
		   const struct iol_iocost *cost, const char *const *files,
		   int nfiles, struct iol_cjoin **out, struct iol_error *err)
{
	struct iol_cjoin *j;
	const char **all;
	const char *gone;
	int nall = 0;

	*out = NULL;
	if (!has_lines(bl) && (gone = gone_binary(bl)) != NULL)
		return iol_error_set(
			err, IOL_EUNSUPP,
			"cannot join the trace to the sources: none of its "
			"%lld calls has a source line ('%s' is gone since the "
			"trace: its lines were in it; build it again as "
			"traced, "
			"or trace it again)",
			(long long)bl->calls, gone);
	if (!has_lines(bl) && launcher_only(bl))
		return iol_error_set(
			err, IOL_EUNSUPP,
			"cannot join the trace to the sources: the trace holds "
			"only %s calls (%lld): the program did not run",
			bl->launcher, (long long)bl->calls);
	if (!has_lines(bl))
		return iol_error_set(
			err, IOL_EUNSUPP,
			"cannot join the trace to the sources: none of its "
			"%lld calls has a source line (the binary has no "
			"debugging information: build it with -g and trace "
			"it again)",
			(long long)bl->calls);
	j = calloc(1, sizeof(*j));
	all = with_headers(t, files, nfiles, &nall);
	if (j && !all) {
		free(j);
		j = NULL;
	}
	if (j) {
		join_fill(j, t, bl, cost, all, nall);
		if (!j->oom) {
			accuracy(j, &j->acc);
			time_rank(j);
		}
	}
	free(all);
	if (!j || j->oom) {
		iol_cjoin_free(j);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	*out = j;
	return 0;
}
