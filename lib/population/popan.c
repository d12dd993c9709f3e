/*
 * Population analyses over job rows (popan.h states the definitions):
 * grouping with means and type-7 percentiles, Table IV's clusters of
 * similar jobs, the context of a job among earlier ones, the access-size
 * CDF and bytes over time.  Only aggregation: the per-job numbers were
 * computed by iol_summary_compute when the row was stored.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/grow.h"
#include "population/popan.h"
#include "base/banned.h"

const char *const iol_pop_strat_names[IOL_POP_NSTRAT] = {
	"N:1",		"N:N",	     "N:M",	    "rank 0 I/O",
	"one rank I/O", "1 process", "no file I/O", "other"};
const char *const iol_pop_t6_names[IOL_POP_NT6] = {
	"mib_s_per_node", "pct_io_time_slowest", "md_cost_pct",
	"files_per_proc", "creates_per_proc",	 "pct_sequential",
	"pct_aligned",	  "mib_per_proc"};
const char *const iol_pop_ctx_names[IOL_POP_NCTX] = {
	"mib_s",       "mib_s_per_node", "pct_io_time_slowest",
	"md_cost_pct", "bytes",		 "files"};

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double iol_pop_quantile(const double *v, size_t n, double p)
{
	double h, f;
	size_t i;

	if (!n)
		return NAN;
	h = (double)(n - 1) * p;
	f = floor(h);
	i = (size_t)f;
	if (i + 1 >= n)
		return v[n - 1];
	return v[i] + (h - f) * (v[i + 1] - v[i]);
}

int iol_pop_within(double a, double b, double rel)
{
	double m = fmax(fabs(a), fabs(b));

	return fabs(a - b) <= rel * m;
}

int iol_pop_size_class(int64_t nprocs)
{
	int k = 0;

	while (nprocs >= 2 && k < IOL_POP_NSIZE - 1) {
		nprocs /= 2;
		k++;
	}
	return k;
}

const char *iol_pop_size_name(int cls)
{
	static const char *const names[IOL_POP_NSIZE] = {
		"1",	     "2-3",	   "4-7",	  "8-15",
		"16-31",     "32-63",	   "64-127",	  "128-255",
		"256-511",   "512-1023",   "1024-2047",	  "2048-4095",
		"4096-8191", "8192-16383", "16384-32767", "32768-65535",
		"65536+"};
	return cls >= 0 && cls < IOL_POP_NSIZE ? names[cls] : "?";
}

int iol_pop_strat_index(const char *s)
{
	/* stores ingested before the standard streams were left out */
	if (s && !strcmp(s, "no I/O"))
		s = "no file I/O";
	for (int i = 0; s && i < IOL_POP_NSTRAT - 1; i++)
		if (!strcmp(s, iol_pop_strat_names[i]))
			return i;
	return IOL_POP_NSTRAT - 1;
}

double iol_pop_t6_value(const struct iol_popjob *j, int k)
{
	switch (k) { /* not an array of all eight per call: 8 calls a job */
	case 0: return j->mib_s_per_node;
	case 1: return j->pct_io_time_slowest;
	case 2: return j->md_cost_pct;
	case 3: return j->files_per_proc;
	case 4: return j->creates_per_proc;
	case 5: return j->pct_sequential;
	case 6: return j->pct_aligned;
	case 7: return j->mib_per_proc;
	default: return NAN;
	}
}

static double i2d(int64_t v)
{
	return v == IOL_POP_NULL ? NAN : (double)v;
}

double iol_pop_ctx_value(const struct iol_popjob *j, int k)
{
	/* a switch, not an array of all six: called six million times
	 * over a million jobs */
	switch (k) {
	case 0: return j->mib_s;
	case 1: return j->mib_s_per_node;
	case 2: return j->pct_io_time_slowest;
	case 3: return j->md_cost_pct;
	case 4:
		return j->bytes_read == IOL_POP_NULL ||
				       j->bytes_written == IOL_POP_NULL
			       ? NAN
			       : (double)j->bytes_read +
					 (double)j->bytes_written;
	case 5: return i2d(j->files);
	default: return NAN;
	}
}

int iol_pop_by_parse(const char *s)
{
	static const char *const names[] = {"app", "user", "project", "nprocs",
					    "size"};
	for (int i = 0; i < 5; i++)
		if (!strcmp(s, names[i]))
			return i;
	return -1;
}

/* ---- groups ---- */

static void group_key(const struct iol_popjob *j, int by, char *key, size_t n,
		      int64_t *sk)
{
	const char *s = NULL;

	*sk = 0;
	switch (by) {
	case IOL_BY_APP: s = j->app; break;
	case IOL_BY_USER: s = j->user; break;
	case IOL_BY_PROJECT: s = j->project; break;
	case IOL_BY_NPROCS:
		*sk = j->nprocs;
		snprintf(key, n, "%lld", (long long)j->nprocs);
		return;
	default:
		*sk = iol_pop_size_class(j->nprocs);
		snprintf(key, n, "%s", iol_pop_size_name((int)*sk));
		return;
	}
	snprintf(key, n, "%s", s ? s : "(none)");
}

static int cmp_group(const void *a, const void *b)
{
	const struct iol_popgroup *x = a, *y = b;

	if (x->sortkey != y->sortkey)
		return x->sortkey < y->sortkey ? -1 : 1;
	return strcmp(x->key, y->key);
}

static struct iol_popgroup *find_group(struct iol_popgroup **g, size_t *n,
				       size_t *cap, const char *key, int64_t sk)
{
	struct iol_popgroup *ng;

	/* linear: a population has tens of apps or users, not thousands */
	for (size_t i = 0; i < *n; i++)
		if ((*g)[i].sortkey == sk && !strcmp((*g)[i].key, key))
			return &(*g)[i];
	if (!(ng = iol_grow(*g, cap, *n, sizeof *ng, 16)))
		return NULL;
	*g = ng;
	memset(&ng[*n], 0, sizeof *ng);
	snprintf(ng[*n].key, sizeof ng[*n].key, "%s", key);
	ng[*n].sortkey = sk;
	return &ng[(*n)++];
}

/* The strategies seen, by pointer (a loaded set's strings are
 * interned): iol_pop_strat_index() compares names once each. */
struct strat_memo {
	const char *s[IOL_POP_NSTRAT * 2];
	int idx[IOL_POP_NSTRAT * 2], n;
};

static int strat_of(struct strat_memo *m, const char *s)
{
	int k;

	for (k = 0; k < m->n; k++)
		if (m->s[k] == s)
			return m->idx[k];
	k = iol_pop_strat_index(s);
	if (m->n < IOL_POP_NSTRAT * 2) {
		m->s[m->n] = s;
		m->idx[m->n++] = k;
	}
	return k;
}

/* v sorted as qsort() by cmp_double() sorts it (below, popan.c's
 * radix sorts) */
static void sort_doubles(double *v, size_t n);

static void add_job(struct iol_popgroup *g, const struct iol_popjob *j,
		    size_t cnt[IOL_POP_NT6], size_t fwn[IOL_POP_NFW],
		    struct strat_memo *sm)
{
	g->jobs++;
	if (j->bytes_read != IOL_POP_NULL)
		g->bytes_read += j->bytes_read;
	if (j->bytes_written != IOL_POP_NULL)
		g->bytes_written += j->bytes_written;
	for (int k = 0; k < IOL_POP_NT6; k++) {
		double v = iol_pop_t6_value(j, k);
		if (!isnan(v)) {
			g->t6[k] += v;
			cnt[k]++;
		}
	}
	for (int k = 0; j->fw && k < IOL_POP_NFW; k++)
		if (j->fw[k] != IOL_POP_NULL) {
			g->fw[k] += (double)j->fw[k];
			fwn[k]++;
		}
	g->strat[strat_of(sm, j->strategy)]++;
	if (!isnan(j->mib_s_per_node))
		g->cnv[g->ncn++] = j->mib_s_per_node;
}

/* Means, percentiles and shares once every job is in. */
static void finish_group(struct iol_popgroup *g, const size_t *cnt,
			 const size_t *fwn, double all)
{
	static const double ps[5] = {0, 0.1, 0.5, 0.9, 1};

	for (int k = 0; k < IOL_POP_NT6; k++)
		g->t6[k] = cnt[k] ? g->t6[k] / (double)cnt[k] : NAN;
	for (int k = 0; k < IOL_POP_NFW; k++)
		g->fw[k] = fwn[k] ? g->fw[k] / (double)fwn[k] : NAN;
	if (g->ncn) /* qsort of NULL, even of 0 items, is undefined */
		sort_doubles(g->cnv, g->ncn);
	for (int k = 0; k < 5; k++)
		g->cn[k] = iol_pop_quantile(g->cnv, g->ncn, ps[k]);
	g->share_pct = all > 0 ? 100.0 *
					 ((double)g->bytes_read +
					  (double)g->bytes_written) /
					 all
			       : NAN;
}

/* The group of a job whose key string (by pointer: a loaded set's
 * strings are interned) or nprocs was seen before, so that a million
 * jobs do not each format and compare their key. */
#define NMEMO 64
struct memo {
	const char *s;
	int64_t nprocs;
	size_t g;
};

static const char *memo_str(const struct iol_popjob *j, int by)
{
	switch (by) {
	case IOL_BY_APP: return j->app;
	case IOL_BY_USER: return j->user;
	case IOL_BY_PROJECT: return j->project;
	default: return NULL;
	}
}

/* The memo entry of j, or n. */
static size_t memo_find(const struct memo *m, size_t n,
			const struct iol_popjob *j, int by)
{
	const char *s = memo_str(j, by);
	int num = by == IOL_BY_NPROCS || by == IOL_BY_SIZE;

	for (size_t k = 0; k < n; k++)
		if (num ? m[k].nprocs == j->nprocs : m[k].s == s)
			return k;
	return n;
}

/* What a group sums besides its public fields: the counts its means
 * divide by and the room of its MiB/s/CN values. */
struct gacc {
	size_t cnt[IOL_POP_NT6 + IOL_POP_NFW];
	size_t cncap;
};

struct iol_popgrp {
	int by;
	struct memo memo[NMEMO];
	size_t nmemo, n, cap, acap;
	struct iol_popgroup *g;
	struct gacc *acc;
	struct strat_memo sm;
	double all;
	/* the process count seen in each size class, and whether a class
	 * held two (iol_pop_groups_single()) */
	int64_t seen[IOL_POP_NSIZE];
	unsigned char has[IOL_POP_NSIZE];
	int mixed;
};

struct iol_popgrp *iol_pop_groups_begin(int by)
{
	struct iol_popgrp *gr = calloc(1, sizeof *gr);

	if (gr)
		gr->by = by;
	return gr;
}

/* The index of j's group, SIZE_MAX out of memory. */
static size_t group_of(struct iol_popgrp *gr, const struct iol_popjob *j)
{
	size_t m = memo_find(gr->memo, gr->nmemo, j, gr->by), k, was = gr->n;
	struct iol_popgroup *g;
	struct gacc *na;
	char key[128];
	int64_t sk;

	if (m < gr->nmemo)
		return gr->memo[m].g;
	group_key(j, gr->by, key, sizeof key, &sk);
	if (!(g = find_group(&gr->g, &gr->n, &gr->cap, key, sk)))
		return SIZE_MAX;
	k = (size_t)(g - gr->g);
	if (gr->n > was) {
		if (!(na = iol_grow(gr->acc, &gr->acap, k, sizeof *na, 16)))
			return SIZE_MAX;
		gr->acc = na;
		memset(&na[k], 0, sizeof *na);
	}
	if (gr->nmemo < NMEMO)
		gr->memo[gr->nmemo++] =
			(struct memo){memo_str(j, gr->by), j->nprocs, k};
	return k;
}

int iol_pop_groups_add(struct iol_popgrp *gr, const struct iol_popjob *j)
{
	size_t k = group_of(gr, j);
	struct iol_popgroup *g;
	struct gacc *a;

	int c = iol_pop_size_class(j->nprocs);

	if (k == SIZE_MAX)
		return IOL_ENOMEM;
	if (gr->has[c] && gr->seen[c] != j->nprocs)
		gr->mixed = 1;
	gr->has[c] = 1;
	gr->seen[c] = j->nprocs;
	g = &gr->g[k];
	a = &gr->acc[k];
	if (g->ncn == a->cncap && !isnan(j->mib_s_per_node)) {
		double *nv =
			iol_grow(g->cnv, &a->cncap, g->ncn, sizeof *nv, 64);
		if (!nv)
			return IOL_ENOMEM;
		g->cnv = nv;
	}
	add_job(g, j, a->cnt, a->cnt + IOL_POP_NT6, &gr->sm);
	gr->all +=
		(j->bytes_read == IOL_POP_NULL ? 0 : (double)j->bytes_read) +
		(j->bytes_written == IOL_POP_NULL ? 0
						  : (double)j->bytes_written);
	return 0;
}

int iol_pop_groups_single(const struct iol_popgrp *gr)
{
	return !gr->mixed;
}

int iol_pop_groups_end(struct iol_popgrp *gr, struct iol_popgroup **out,
		       size_t *nout)
{
	for (size_t k = 0; k < gr->n; k++)
		finish_group(&gr->g[k], gr->acc[k].cnt,
			     gr->acc[k].cnt + IOL_POP_NT6, gr->all);
	qsort(gr->g, gr->n, sizeof *gr->g, cmp_group);
	*out = gr->g;
	*nout = gr->n;
	free(gr->acc);
	free(gr);
	return 0;
}

void iol_pop_groups_abort(struct iol_popgrp *gr)
{
	if (!gr)
		return;
	iol_pop_groups_free(gr->g, gr->n);
	free(gr->acc);
	free(gr);
}

/* The files written per job of each size class, from the sums the
 * set's rows left when they loaded (they keep no counts of their own):
 * the same sums in the same order as add_job() makes. */
static void size_fw(struct iol_popgrp *gr, const struct iol_popset *set)
{
	for (size_t g = 0; g < gr->n; g++) {
		int c = (int)gr->g[g].sortkey;
		for (int k = 0; k < IOL_POP_NFW; k++) {
			gr->g[g].fw[k] = set->fw_sum[c][k];
			gr->acc[g].cnt[IOL_POP_NT6 + k] = set->fw_n[c][k];
		}
	}
}

int iol_pop_groups(const struct iol_popset *set, int by,
		   struct iol_popgroup **out, size_t *nout)
{
	struct iol_popgrp *gr = iol_pop_groups_begin(by);

	*out = NULL;
	*nout = 0;
	if (!gr)
		return IOL_ENOMEM;
	for (size_t i = 0; i < set->n; i++)
		if (iol_pop_groups_add(gr, &set->jobs[i]) < 0) {
			iol_pop_groups_abort(gr);
			return IOL_ENOMEM;
		}
	if (by == IOL_BY_SIZE && set->has_fw)
		size_fw(gr, set);
	return iol_pop_groups_end(gr, out, nout);
}

void iol_pop_groups_free(struct iol_popgroup *g, size_t n)
{
	for (size_t i = 0; g && i < n; i++)
		free(g[i].cnv);
	free(g);
}

/* The radix sorts of Table IV's keys and of a scope's values */
#define RADIX_MIN 4096 /* below it qsort is as fast */
#define RADIX_BITS 11  /* a digit: 2048 counts stay in the L1 cache */
#define RADIX_N (1 << RADIX_BITS)

/* ---- Table IV ---- */

static int nstrcmp(const char *a, const char *b)
{
	/* a loaded set's strings are interned: equal ones are one copy */
	if (a == b)
		return 0;
	return strcmp(a ? a : "", b ? b : "");
}

/* The distinct keys of one kind (string pointers, or nprocs) and their
 * ranks in the order of their values, equal values one rank (an open
 * addressing table; r UINT32_MAX: an empty slot). */
struct ranks {
	uint64_t *k;
	uint32_t *r;
	size_t cap, n;
	int kind; /* RK_INT: int64_t order, RK_STR: nstrcmp(), RK_U64 */
};
enum { RK_INT, RK_STR, RK_U64 };

static size_t rk_slot(const struct ranks *t, uint64_t key)
{
	size_t h = (size_t)((key * 0x9e3779b97f4a7c15ULL) >> 17) & (t->cap - 1);

	while (t->r[h] != UINT32_MAX && t->k[h] != key)
		h = (h + 1) & (t->cap - 1);
	return h;
}

static int rk_grow(struct ranks *t)
{
	struct ranks nt = *t;

	nt.cap = t->cap ? 2 * t->cap : 64;
	nt.k = malloc(nt.cap * sizeof *nt.k);
	nt.r = malloc(nt.cap * sizeof *nt.r);
	if (!nt.k || !nt.r) {
		free(nt.k);
		free(nt.r);
		return IOL_ENOMEM;
	}
	memset(nt.r, 0xff, nt.cap * sizeof *nt.r);
	for (size_t i = 0; i < t->cap; i++)
		if (t->r[i] != UINT32_MAX) {
			size_t h = rk_slot(&nt, t->k[i]);
			nt.k[h] = t->k[i];
			nt.r[h] = 0;
		}
	free(t->k);
	free(t->r);
	*t = nt;
	return 0;
}

static int rk_add(struct ranks *t, uint64_t key)
{
	size_t h;

	if (2 * (t->n + 1) > t->cap && rk_grow(t) < 0)
		return IOL_ENOMEM;
	h = rk_slot(t, key);
	if (t->r[h] == UINT32_MAX) {
		t->k[h] = key;
		t->r[h] = 0;
		t->n++;
	}
	return 0;
}

static uint32_t rk_get(const struct ranks *t, uint64_t key)
{
	return t->r[rk_slot(t, key)];
}

static const char *rk_str(uint64_t k)
{
	return (const char *)(uintptr_t)k;
}

static int rk_cmp_str(const void *a, const void *b)
{
	return nstrcmp(rk_str(*(const uint64_t *)a),
		       rk_str(*(const uint64_t *)b));
}

static int rk_cmp_int(const void *a, const void *b)
{
	int64_t x = (int64_t) * (const uint64_t *)a,
		y = (int64_t) * (const uint64_t *)b;

	return (x > y) - (x < y);
}

static int rk_cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* Every key its rank once all are added. */
static int rk_rank(struct ranks *t)
{
	static int (*const cmps[3])(const void *, const void *) = {
		rk_cmp_int, rk_cmp_str, rk_cmp_u64};
	uint64_t *v = malloc((t->n + 1) * sizeof *v);
	int (*cmp)(const void *, const void *) = cmps[t->kind];
	size_t m = 0;
	uint32_t r = 0;

	if (!v)
		return IOL_ENOMEM;
	for (size_t i = 0; i < t->cap; i++)
		if (t->r[i] != UINT32_MAX)
			v[m++] = t->k[i];
	qsort(v, m, sizeof *v, cmp);
	for (size_t i = 0; i < m; i++) {
		r += i && cmp(&v[i - 1], &v[i]) != 0;
		t->r[rk_slot(t, v[i])] = r;
	}
	free(v);
	return 0;
}

static void ranks_free(struct ranks *t)
{
	free(t->k);
	free(t->r);
}

static uint64_t str_key(const char *s)
{
	return (uint64_t)(uintptr_t)s;
}

static int cmp_var_job(const void *a, const void *b)
{
	const struct iol_popvrow *x = a, *y = b;
	int c;

	if (x->uid != y->uid)
		return x->uid < y->uid ? -1 : 1;
	if ((c = nstrcmp(x->app, y->app)))
		return c;
	if (x->nprocs != y->nprocs)
		return x->nprocs < y->nprocs ? -1 : 1;
	if (x->files != y->files)
		return x->files < y->files ? -1 : 1;
	if (x->bytes_read != y->bytes_read)
		return x->bytes_read < y->bytes_read ? -1 : 1;
	if (x->bytes_written != y->bytes_written)
		return x->bytes_written < y->bytes_written ? -1 : 1;
	/* then the summed value itself, so that the sums of a group run in
	 * an order that does not depend on the rows'; rows equal so far and
	 * in user are equal in all a group shows */
	if (x->io_time != y->io_time)
		return x->io_time < y->io_time ? -1 : 1;
	return nstrcmp(x->user, y->user);
}

static int same_key(const struct iol_popvrow *x, const struct iol_popvrow *y)
{
	return x->uid == y->uid && !nstrcmp(x->app, y->app) &&
	       x->nprocs == y->nprocs && x->files == y->files;
}

static int linked(const struct iol_popvrow *x, const struct iol_popvrow *y)
{
	return iol_pop_within((double)x->bytes_read, (double)y->bytes_read,
			      0.01) &&
	       iol_pop_within((double)x->bytes_written,
			      (double)y->bytes_written, 0.01);
}

/* Union-find over one key's jobs a[0..n-1], sorted by bytes read: a job
 * can only link to those whose bytes read are within 1% of its own,
 * which are its neighbours in that order. */
static size_t uf_find(size_t *p, size_t i)
{
	while (p[i] != i)
		i = p[i] = p[p[i]];
	return i;
}

static int same_bytes(const struct iol_popvrow *x, const struct iol_popvrow *y)
{
	return x->bytes_read == y->bytes_read &&
	       x->bytes_written == y->bytes_written;
}

/* Jobs with the same bytes (repeats of one job: the common case in a big
 * store) are one point: each run of them is linked at once, and the
 * window of 1% is walked from the first job of each run only, over the
 * first jobs of the later runs, so n repeats cost n, not n^2. */
static void link_key(const struct iol_popvrow *a, size_t n, size_t *p)
{
	for (size_t i = 0; i < n; i++)
		p[i] = i > 0 && same_bytes(&a[i - 1], &a[i]) ? p[i - 1] : i;
	for (size_t i = 0; i < n; i++) {
		if (i > 0 && same_bytes(&a[i - 1], &a[i]))
			continue;
		for (size_t k = i + 1;
		     k < n && iol_pop_within((double)a[i].bytes_read,
					     (double)a[k].bytes_read, 0.01);
		     k++)
			if (!same_bytes(&a[k - 1], &a[k]) &&
			    linked(&a[i], &a[k])) {
				size_t ri = uf_find(p, i), rk = uf_find(p, k);
				p[ri > rk ? ri : rk] = ri < rk ? ri : rk;
			}
	}
}

/* The statistics of every group of one key in one pass per moment: p[i]
 * is the root (first job) of job i's group; sums run in job order. */
static void var_stats(const struct iol_popvrow *a, const size_t *p, size_t n,
		      struct iol_popvar *v, const size_t *slot)
{
	for (size_t i = 0; i < n; i++) {
		struct iol_popvar *g;
		double t = a[i].io_time;
		if (slot[p[i]] == SIZE_MAX)
			continue;
		g = &v[slot[p[i]]];
		if (!g->jobs++) {
			g->min = INFINITY;
			g->max = -INFINITY;
			g->uid = a[i].uid;
			g->user = a[i].user;
			g->app = a[i].app;
			g->nprocs = a[i].nprocs;
			g->files = a[i].files;
			g->bytes_read = a[i].bytes_read;
			g->bytes_written = a[i].bytes_written;
		}
		g->mean += t;
		g->min = fmin(g->min, t);
		g->max = fmax(g->max, t);
	}
	for (size_t i = 0; i < n; i++)
		if (slot[p[i]] != SIZE_MAX && p[i] == i)
			v[slot[i]].mean /= (double)v[slot[i]].jobs;
	for (size_t i = 0; i < n; i++) {
		struct iol_popvar *g;
		if (slot[p[i]] == SIZE_MAX)
			continue;
		g = &v[slot[p[i]]];
		g->stddev +=
			(a[i].io_time - g->mean) * (a[i].io_time - g->mean);
	}
	for (size_t i = 0; i < n; i++) {
		struct iol_popvar *g;
		if (slot[p[i]] == SIZE_MAX || p[i] != i)
			continue;
		g = &v[slot[i]];
		g->stddev = g->jobs > 1
				    ? sqrt(g->stddev / (double)(g->jobs - 1))
				    : NAN;
		g->cv = g->mean > 0 ? g->stddev / g->mean : NAN;
	}
}

/* The groups of one key, in order of their first (smallest) job; q is
 * scratch of n. */
static int key_groups(const struct iol_popvrow *a, size_t n, size_t *p,
		      size_t *q, struct iol_popvar **v, size_t *nv, size_t *cap)
{
	size_t first = *nv;

	link_key(a, n, p);
	for (size_t i = 0; i < n; i++) {
		p[i] = uf_find(p, i);
		q[i] = 0;
	}
	for (size_t i = 0; i < n; i++)
		q[p[i]]++;
	for (size_t i = 0; i < n; i++) {
		struct iol_popvar *nvv;
		if (p[i] != i || q[i] < 2) {
			q[i] = SIZE_MAX;
			continue;
		}
		if (!(nvv = iol_grow(*v, cap, *nv, sizeof *nvv, 32)))
			return IOL_ENOMEM;
		*v = nvv;
		memset(&nvv[*nv], 0, sizeof *nvv);
		q[i] = (*nv)++ - first;
	}
	if (*nv > first)
		var_stats(a, p, n, *v + first, q);
	return 0;
}

static int usable(const struct iol_popjob *j)
{
	return j->bytes_read != IOL_POP_NULL &&
	       j->bytes_written != IOL_POP_NULL && j->files != IOL_POP_NULL &&
	       !isnan(j->io_time_by_slowest);
}

static struct iol_popvrow vrow_of(const struct iol_popjob *j)
{
	return (struct iol_popvrow){j->uid,	      j->nprocs,
				    j->files,	      j->bytes_read,
				    j->bytes_written, j->io_time_by_slowest,
				    j->user,	      j->app};
}

int iol_pop_var_add(struct iol_popvrows *v, const struct iol_popjob *j)
{
	struct iol_popvrow *nr;

	if (j->partial > 0) {
		v->npartial++;
		return 0;
	}
	if (!usable(j))
		return 0;
	if (!(nr = iol_grow(v->r, &v->cap, v->n, sizeof *nr, 256)))
		return IOL_ENOMEM;
	v->r = nr;
	nr[v->n++] = vrow_of(j);
	return 0;
}

/* The scratch of one key's union-find, grown to the widest key seen:
 * a key holds a few jobs of a million. */
struct var_scratch {
	size_t *p, *q, cap;
	struct iol_popvrow *r; /* a key's rows, from a set */
	size_t rcap;
	struct var_rest *rest; /* a key's jobs to sort, from a set */
	size_t restcap;
};

static int scratch_room(struct var_scratch *s, size_t n)
{
	size_t *np, *nq;

	if (n <= s->cap)
		return 0;
	if (!(np = realloc(s->p, n * sizeof *np)))
		return IOL_ENOMEM;
	s->p = np;
	if (!(nq = realloc(s->q, n * sizeof *nq)))
		return IOL_ENOMEM;
	s->q = nq;
	s->cap = n;
	return 0;
}

static void scratch_free(struct var_scratch *s)
{
	free(s->p);
	free(s->q);
	free(s->r);
	free(s->rest);
}

int iol_pop_variance_rows(struct iol_popvrows *rows, struct iol_popvar **out,
			  size_t *nout)
{
	struct iol_popvrow *a = rows->r;
	size_t n = rows->n, cap = 0, nv = 0;
	struct var_scratch sc = {0};
	struct iol_popvar *v = NULL;
	int rc = 0;

	*out = NULL;
	*nout = 0;
	qsort(a, n, sizeof *a, cmp_var_job);
	for (size_t i = 0, e; i < n && !rc; i = e) {
		for (e = i + 1; e < n && same_key(&a[i], &a[e]); e++)
			;
		if (!(rc = scratch_room(&sc, e - i)))
			rc = key_groups(a + i, e - i, sc.p, sc.q, &v, &nv,
					&cap);
	}
	scratch_free(&sc);
	if (rc) {
		free(v);
		return rc;
	}
	*out = v;
	*nout = nv;
	return 0;
}

void iol_pop_vrows_free(struct iol_popvrows *v)
{
	free(v->r);
	memset(v, 0, sizeof *v);
}

static int cmp_var_ptr(const void *a, const void *b)
{
	struct iol_popvrow x = vrow_of(*(const struct iol_popjob *const *)a);
	struct iol_popvrow y = vrow_of(*(const struct iol_popjob *const *)b);

	return cmp_var_job(&x, &y);
}

/* One key's jobs a[0..n-1] (in Table IV's order) as rows into sc->r. */
static int key_rows(struct var_scratch *sc, const struct iol_popjob **a,
		    size_t n)
{
	struct iol_popvrow *nr;

	if (n > sc->rcap) {
		if (!(nr = realloc(sc->r, n * sizeof *nr)))
			return IOL_ENOMEM;
		sc->r = nr;
		sc->rcap = n;
	}
	for (size_t i = 0; i < n; i++)
		sc->r[i] = vrow_of(a[i]);
	return scratch_room(sc, n);
}

/* ---- Table IV's order by ranks ---- */

/* Table IV's key of a job (uid, app, nprocs, files) as one number that
 * orders as the key does: the rank of each part among its distinct
 * values (app by nstrcmp(); users ranked in the same table, for the
 * rest of the order), packed in as many bits as each needs. */
struct var_key {
	struct ranks uid, str, np, files;
	unsigned bits[4], sum;
};

static unsigned bits_for(size_t n)
{
	unsigned b = 0;

	while (b < 64 && ((uint64_t)1 << b) < n)
		b++;
	return b;
}

static uint64_t shl(uint64_t k, unsigned b)
{
	return b >= 64 ? 0 : k << b;
}

static uint64_t var_key_of(const struct var_key *vk, const struct iol_popjob *j)
{
	uint64_t k = rk_get(&vk->uid, (uint64_t)j->uid);

	k = shl(k, vk->bits[1]) | rk_get(&vk->str, str_key(j->app));
	k = shl(k, vk->bits[2]) | rk_get(&vk->np, (uint64_t)j->nprocs);
	return shl(k, vk->bits[3]) | rk_get(&vk->files, (uint64_t)j->files);
}

/* The ranks of the keys of a[0..n): 1 when they fit in 64 bits, 0 when
 * not, < 0 without memory. */
static int var_key_make(struct var_key *vk, const struct iol_popjob **a,
			size_t n)
{
	struct ranks *t[4] = {&vk->uid, &vk->str, &vk->np, &vk->files};
	int rc = 0;

	vk->str.kind = RK_STR;
	for (size_t i = 0; i < n && rc == 0; i++)
		if ((rc = rk_add(&vk->uid, (uint64_t)a[i]->uid)) == 0 &&
		    (rc = rk_add(&vk->str, str_key(a[i]->app))) == 0 &&
		    (rc = rk_add(&vk->str, str_key(a[i]->user))) == 0 &&
		    (rc = rk_add(&vk->np, (uint64_t)a[i]->nprocs)) == 0)
			rc = rk_add(&vk->files, (uint64_t)a[i]->files);
	for (int p = 0; p < 4 && rc == 0; p++) {
		rc = rk_rank(t[p]);
		vk->sum += vk->bits[p] = bits_for(t[p]->n);
	}
	return rc < 0 ? rc : vk->sum <= 64;
}

static void var_key_free(struct var_key *vk)
{
	ranks_free(&vk->uid);
	ranks_free(&vk->str);
	ranks_free(&vk->np);
	ranks_free(&vk->files);
}

struct var_kp {
	uint64_t key;
	const struct iol_popjob *j;
};

/* kp[0..n) sorted by the low bits of their keys by stable radix passes
 * (tmp holds n, cnt RADIX_N): jobs of one key stay in set order. */
static void kp_sort(struct var_kp *kp, struct var_kp *tmp, size_t n,
		    unsigned bits, size_t *cnt)
{
	struct var_kp *x = kp, *y = tmp, *z;

	for (unsigned sh = 0; sh < bits; sh += RADIX_BITS) {
		size_t sum = 0;
		memset(cnt, 0, RADIX_N * sizeof *cnt);
		for (size_t i = 0; i < n; i++)
			cnt[(x[i].key >> sh) & (RADIX_N - 1)]++;
		for (size_t d = 0; d < RADIX_N; d++) {
			size_t c = cnt[d];
			cnt[d] = sum;
			sum += c;
		}
		for (size_t i = 0; i < n; i++)
			y[cnt[(x[i].key >> sh) & (RADIX_N - 1)]++] = x[i];
		z = x, x = y, y = z;
	}
	if (x != kp)
		memcpy(kp, x, n * sizeof *kp);
}

/* a[0..n) (usable jobs in set order) put in the order of their keys,
 * each key's jobs in set order, by radix passes over 16-byte numbers,
 * where a sort of the pointers by the whole of Table IV's order built
 * two rows of every job it compared and compared app by strcmp: the
 * rest of the order is a key's alone (var_rest).  keys[i] is a[i]'s
 * key once sorted (the runs of a key found without a row read).  0, or
 * IOL_ENOMEM. */
static int var_by_key(const struct iol_popjob **a, size_t n,
		      const struct var_key *vk, uint64_t *keys)
{
	struct var_kp *kp = malloc((n + 1) * sizeof *kp),
		      *tmp = malloc((n + 1) * sizeof *tmp);
	size_t *cnt = malloc(RADIX_N * sizeof *cnt);
	int rc = 0;

	if (kp && tmp && cnt) {
		for (size_t i = 0; i < n; i++)
			kp[i] = (struct var_kp){var_key_of(vk, a[i]), a[i]};
		kp_sort(kp, tmp, n, vk->sum, cnt);
		for (size_t i = 0; i < n; i++) {
			a[i] = kp[i].j;
			keys[i] = kp[i].key;
		}
	} else {
		rc = IOL_ENOMEM;
	}
	free(kp);
	free(tmp);
	free(cnt);
	return rc;
}

/* A job of a key's run by the rest of Table IV's order, 32 bytes sorted
 * in place where a row is 64: i is its place in the run. */
struct var_rest {
	int64_t br, bw;
	double io;
	uint32_t user, i;
};

static int cmp_rest(const void *a, const void *b)
{
	const struct var_rest *x = a, *y = b;

	if (x->br != y->br)
		return x->br < y->br ? -1 : 1;
	if (x->bw != y->bw)
		return x->bw < y->bw ? -1 : 1;
	if (x->io != y->io)
		return x->io < y->io ? -1 : 1;
	return (x->user > y->user) - (x->user < y->user);
}

/* One key's jobs a[0..n) (in set order) as rows into sc->r in Table
 * IV's order (rows equal in it are equal in all a group shows). */
static int key_rows_sorted(struct var_scratch *sc, const struct iol_popjob **a,
			   size_t n, const struct var_key *vk)
{
	struct var_rest *nr;
	int rc;

	if (n > sc->restcap) {
		if (!(nr = realloc(sc->rest, n * sizeof *nr)))
			return IOL_ENOMEM;
		sc->rest = nr;
		sc->restcap = n;
	}
	for (size_t i = 0; i < n; i++)
		sc->rest[i] = (struct var_rest){
			a[i]->bytes_read, a[i]->bytes_written,
			a[i]->io_time_by_slowest,
			rk_get(&vk->str, str_key(a[i]->user)), (uint32_t)i};
	qsort(sc->rest, n, sizeof *sc->rest, cmp_rest);
	if ((rc = scratch_room(sc, n)) < 0)
		return rc;
	if (n > sc->rcap) {
		struct iol_popvrow *r = realloc(sc->r, n * sizeof *r);
		if (!r)
			return IOL_ENOMEM;
		sc->r = r;
		sc->rcap = n;
	}
	for (size_t i = 0; i < n; i++)
		sc->r[i] = vrow_of(a[sc->rest[i].i]);
	return 0;
}

/* The set's usable jobs in the order of their keys (8 bytes a job),
 * each key made rows and sorted only while its groups are found: a
 * report that holds a million rows already does not copy them all
 * again.  Keys wider than 64 bits are sorted whole by pointer. */
int iol_pop_variance(const struct iol_popset *set, struct iol_popvar **out,
		     size_t *nout, size_t *npartial)
{
	const struct iol_popjob **a = calloc(set->n + 1, sizeof *a);
	struct var_scratch sc = {0};
	struct var_key vk = {0};
	size_t n = 0, cap = 0, nv = 0;
	struct iol_popvar *v = NULL;
	uint64_t *keys = NULL;
	int rc = 0, fit;

	*out = NULL;
	*nout = *npartial = 0;
	if (!a)
		return IOL_ENOMEM;
	for (size_t i = 0; i < set->n; i++) {
		if (set->jobs[i].partial > 0)
			(*npartial)++;
		else if (usable(&set->jobs[i]))
			a[n++] = &set->jobs[i];
	}
	if ((fit = var_key_make(&vk, a, n)) < 0)
		rc = fit;
	else if (fit && !(keys = malloc((n + 1) * sizeof *keys)))
		rc = IOL_ENOMEM;
	else if (fit)
		rc = var_by_key(a, n, &vk, keys);
	else
		qsort(a, n, sizeof *a, cmp_var_ptr);
	for (size_t i = 0, e; i < n && !rc; i = e) {
		struct iol_popvrow k0 = vrow_of(a[i]), ke;
		if (fit)
			for (e = i + 1; e < n && keys[e] == keys[i]; e++)
				;
		else
			for (e = i + 1;
			     e < n && (ke = vrow_of(a[e]), same_key(&k0, &ke));
			     e++)
				;
		rc = fit ? key_rows_sorted(&sc, a + i, e - i, &vk)
			 : key_rows(&sc, a + i, e - i);
		if (!rc)
			rc = key_groups(sc.r, e - i, sc.p, sc.q, &v, &nv, &cap);
	}
	free(keys);
	var_key_free(&vk);
	free(a);
	scratch_free(&sc);
	if (rc) {
		free(v);
		return rc;
	}
	*out = v;
	*nout = nv;
	return 0;
}

/* ---- context ---- */

const char *iol_pop_verdict_name(int v)
{
	static const char *const names[] = {"too few earlier jobs", "normal",
					    "unusually low", "unusually high"};
	return v >= 0 && v < 4 ? names[v] : "?";
}

static int in_scope(const struct iol_popjob *e, const struct iol_popjob *j,
		    int level)
{
	if (!(e->start_time < j->start_time) || nstrcmp(e->app, j->app) ||
	    e->partial > 0)
		return 0;
	if (e->path && j->path && !strcmp(e->path, j->path))
		return 0;
	if (level >= 1 && nstrcmp(e->user, j->user))
		return 0;
	return level < 2 || e->nprocs == j->nprocs;
}

/* The widest scope of each row: top[i] the highest level at which row
 * i is in j's scope, -1 none (in_scope() holds at every level below
 * one where it holds), so the nine passes compare no strings. */
static void scope_levels(const struct iol_popset *set,
			 const struct iol_popjob *j, signed char *top)
{
	for (size_t i = 0; i < set->n; i++) {
		int l = -1;
		while (l < 2 && in_scope(&set->jobs[i], j, l + 1))
			l++;
		top[i] = (signed char)l;
	}
}

static size_t count_scope(const struct iol_popset *set, const signed char *top,
			  int level)
{
	size_t c = 0;

	for (size_t i = 0; i < set->n; i++)
		c += top[i] >= level;
	return c;
}

/* The rule, shared by iol_pop_context() and iol_pop_context_all(). */
/* Beyond p5-p95 is not enough: 3 bytes short of 35 equal jobs is no
 * news; the distance from the median must matter too (IOL_POP_CTX_REL
 * of it, and the metric's floor). */
static int verdict_of(double value, size_t n, double p5, double p50, double p95,
		      int k)
{
	int far = fabs(value - p50) >=
		  fmax(IOL_POP_CTX_REL * fabs(p50), iol_pop_ctx_floor(k));

	if (n < IOL_POP_CTX_MIN || isnan(value))
		return IOL_CTX_FEW;
	if (value < p5 && far)
		return IOL_CTX_LOW;
	if (value > p95 && far)
		return IOL_CTX_HIGH;
	return IOL_CTX_NORMAL;
}

static void ctx_metric(const struct iol_popset *set, const struct iol_popjob *j,
		       const signed char *top, int level, int k, double *buf,
		       struct iol_popctx_metric *m)
{
	static const double ps[5] = {0.05, 0.1, 0.5, 0.9, 0.95};
	double below = 0, eq = 0;

	m->value = iol_pop_ctx_value(j, k);
	m->n = 0;
	for (size_t i = 0; i < set->n; i++) {
		double v;
		if (top[i] < level)
			continue;
		v = iol_pop_ctx_value(&set->jobs[i], k);
		if (!isnan(v))
			buf[m->n++] = v;
	}
	qsort(buf, m->n, sizeof *buf, cmp_double);
	for (int q = 0; q < 5; q++)
		m->p[q] = iol_pop_quantile(buf, m->n, ps[q]);
	m->min = m->n ? buf[0] : NAN;
	m->max = m->n ? buf[m->n - 1] : NAN;
	for (size_t i = 0; i < m->n; i++) {
		below += buf[i] < m->value;
		eq += buf[i] == m->value;
	}
	m->percentile = m->n && !isnan(m->value)
				? 100.0 * (below + eq / 2) / (double)m->n
				: NAN;
	m->verdict = verdict_of(m->value, m->n, m->p[0], m->p[2], m->p[4], k);
}

double iol_pop_ctx_floor(int k)
{
	/* mib_s, mib_s_per_node, pct_io_time_slowest, md_cost_pct, bytes,
	 * files */
	static const double f[IOL_POP_NCTX] = {1, 1, 1, 1, 1048576, 1};

	return k >= 0 && k < IOL_POP_NCTX ? f[k] : 0;
}

int iol_pop_ctx_integer(int k)
{
	return k == 4 || k == 5;
}

int iol_pop_context(const struct iol_popset *set, const struct iol_popjob *j,
		    struct iol_popctx *ctx)
{
	return iol_pop_context_at(set, j, IOL_CTX_SCOPE_AUTO, ctx);
}

int iol_pop_context_at(const struct iol_popset *set, const struct iol_popjob *j,
		       int scope, struct iol_popctx *ctx)
{
	double *buf = calloc(set->n + 1, sizeof *buf);
	signed char *top = calloc(set->n + 1, 1);
	int level = 0;

	memset(ctx, 0, sizeof *ctx);
	if (!buf || !top) {
		free(buf);
		free(top);
		return IOL_ENOMEM;
	}
	scope_levels(set, j, top);
	while (scope < 0 && level < 2 &&
	       count_scope(set, top, level + 1) >= IOL_POP_CTX_MIN)
		level++;
	if (scope >= 0)
		level = scope > 2 ? 2 : scope;
	ctx->njobs = count_scope(set, top, level);
	{
		char np[32] = "";
		if (level >= 2)
			snprintf(np, sizeof np, " nprocs=%lld",
				 (long long)j->nprocs);
		snprintf(ctx->scope, sizeof ctx->scope, "app=%s%s%s%s",
			 j->app ? j->app : "", level >= 1 ? " user=" : "",
			 level >= 1 && j->user ? j->user : "", np);
	}
	for (int k = 0; k < IOL_POP_NCTX; k++)
		ctx_metric(set, j, top, level, k, buf, &ctx->m[k]);
	free(buf);
	free(top);
	return 0;
}

/* ---- the context of every job ---- */

/* A job's scope at one level (its app; app and user; app, user and
 * nprocs) as the scope's rank in the order of its values (struct
 * scopes), and its start: 16 bytes a job and no strcmp in the sorts. */
struct ck {
	double start;
	uint32_t i, key;
};

/* level: that of the keys (ck_fill()), named for the reader */
static int ck_cmp(const struct ck *x, const struct ck *y, int level)
{
	(void)level;
	return (x->key > y->key) - (x->key < y->key);
}

/* The scopes of the jobs with a start, level by level, as dense ranks
 * in the order of their values: apps and users (one table), nprocs,
 * then (app rank, user rank) and ((app, user) rank, nprocs rank), each
 * pair one number (a rank is below its table's count), so that a scope's
 * rank orders as its app, user and nprocs; and the most jobs of one app
 * (the room a scope's values need). */
struct scopes {
	struct ranks s, np, t1, t2;
	size_t widest;
};

static uint64_t key1(const struct scopes *sc, const struct iol_popjob *j)
{
	return (uint64_t)rk_get(&sc->s, str_key(j->app)) * sc->s.n +
	       rk_get(&sc->s, str_key(j->user));
}

static uint64_t key2(const struct scopes *sc, const struct iol_popjob *j)
{
	return (uint64_t)rk_get(&sc->t1, key1(sc, j)) * sc->np.n +
	       rk_get(&sc->np, (uint64_t)j->nprocs);
}

static uint32_t scope_key(const struct scopes *sc, const struct iol_popjob *j,
			  int level)
{
	if (level == 0)
		return rk_get(&sc->s, str_key(j->app));
	return level == 1 ? rk_get(&sc->t1, key1(sc, j))
			  : rk_get(&sc->t2, key2(sc, j));
}

static int scopes_of(const struct iol_popset *set, struct scopes *sc)
{
	uint32_t *per_app = NULL;
	int rc = 0;

	sc->s.kind = RK_STR;
	sc->t1.kind = sc->t2.kind = RK_U64;
	for (size_t i = 0; i < set->n && rc == 0; i++) {
		const struct iol_popjob *j = &set->jobs[i];
		if (isnan(j->start_time))
			continue;
		if ((rc = rk_add(&sc->s, str_key(j->app))) == 0 &&
		    (rc = rk_add(&sc->s, str_key(j->user))) == 0)
			rc = rk_add(&sc->np, (uint64_t)j->nprocs);
	}
	if (rc == 0 && (rc = rk_rank(&sc->s)) == 0)
		rc = rk_rank(&sc->np);
	for (size_t i = 0; i < set->n && rc == 0; i++)
		if (!isnan(set->jobs[i].start_time))
			rc = rk_add(&sc->t1, key1(sc, &set->jobs[i]));
	if (rc == 0)
		rc = rk_rank(&sc->t1);
	if (rc == 0 && !(per_app = calloc(sc->s.n + 1, sizeof *per_app)))
		rc = IOL_ENOMEM;
	for (size_t i = 0; i < set->n && rc == 0; i++) {
		const struct iol_popjob *j = &set->jobs[i];
		uint32_t a;
		if (isnan(j->start_time))
			continue;
		a = rk_get(&sc->s, str_key(j->app));
		if (++per_app[a] > sc->widest)
			sc->widest = per_app[a];
		rc = rk_add(&sc->t2, key2(sc, j));
	}
	if (rc == 0)
		rc = rk_rank(&sc->t2);
	free(per_app);
	return rc;
}

static void scopes_free(struct scopes *sc)
{
	ranks_free(&sc->s);
	ranks_free(&sc->np);
	ranks_free(&sc->t1);
	ranks_free(&sc->t2);
}

static int ck_order(const void *a, const void *b, int level)
{
	const struct ck *x = a, *y = b;
	int c = ck_cmp(x, y, level);

	if (c)
		return c;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return (x->i > y->i) - (x->i < y->i);
}
static int ck0(const void *a, const void *b)
{
	return ck_order(a, b, 0);
}
static int ck1(const void *a, const void *b)
{
	return ck_order(a, b, 1);
}
static int ck2(const void *a, const void *b)
{
	return ck_order(a, b, 2);
}

struct vi {
	double v;
	size_t i;
};

static int vi_cmp(const void *a, const void *b)
{
	const struct vi *x = a, *y = b;

	if (x->v != y->v)
		return x->v < y->v ? -1 : 1;
	return (x->i > y->i) - (x->i < y->i);
}

/* The order of doubles as one unsigned key: the bits made monotonic
 * (negatives inverted, positives with the sign bit set), -0 taken for
 * +0 since vi_cmp holds them equal. */
static uint64_t vi_key(double d)
{
	uint64_t u;

	if (d == 0)
		d = 0;
	memcpy(&u, &d, sizeof u);
	return u >> 63 ? ~u : u | (uint64_t)1 << 63;
}

#define RADIX_DIGITS ((64 + RADIX_BITS - 1) / RADIX_BITS)

/*
 * The values of v (none NAN) in order by stable radix passes over
 * vi_key(), when there are many and the scratch is there, else by
 * qsort: the same order as qsort by cmp_double() gives, which is
 * stable here (glibc's merge sort) and holds -0 and +0 equal as
 * vi_key() does.  The MiB/s/CN of a million jobs, three times in a
 * report: a third of a second of comparisons.
 */
static void sort_doubles(double *v, size_t n)
{
	double *tmp = n >= RADIX_MIN ? malloc(n * sizeof *tmp) : NULL;
	size_t *cnt = tmp ? malloc(RADIX_N * sizeof *cnt) : NULL;
	double *a = v, *b = tmp, *c;

	if (!cnt) {
		free(tmp);
		qsort(v, n, sizeof *v, cmp_double);
		return;
	}
	for (int d = 0; d < RADIX_DIGITS; d++) {
		int sh = d * RADIX_BITS, moved = 1;
		size_t sum = 0;
		memset(cnt, 0, RADIX_N * sizeof *cnt);
		for (size_t i = 0; i < n; i++)
			cnt[(vi_key(a[i]) >> sh) & (RADIX_N - 1)]++;
		for (size_t k = 0; k < RADIX_N && moved; k++) {
			size_t x = cnt[k];
			moved = x != n;
			cnt[k] = sum;
			sum += x;
		}
		if (!moved)
			continue;
		for (size_t i = 0; i < n; i++)
			b[cnt[(vi_key(a[i]) >> sh) & (RADIX_N - 1)]++] = a[i];
		c = a, a = b, b = c;
	}
	if (a != v)
		memcpy(v, a, n * sizeof *v);
	free(tmp);
	free(cnt);
}

/* The counts of every digit of the keys of v, digit d's at
 * cnt[d * RADIX_N]: one read of v for all the passes, where each pass
 * read it once more to count. */
static void radix_counts(const struct vi *v, size_t m, size_t *cnt)
{
	memset(cnt, 0, RADIX_DIGITS * RADIX_N * sizeof *cnt);
	for (size_t a = 0; a < m; a++) {
		uint64_t k = vi_key(v[a].v);
		for (int d = 0; d < RADIX_DIGITS; d++)
			cnt[(size_t)d * RADIX_N +
			    ((k >> (d * RADIX_BITS)) & (RADIX_N - 1))]++;
	}
}

/* One stable counting pass of v into w by a digit of the key (shift),
 * cnt its counts; 0 when every element has the same digit (nothing
 * moved), else 1 (the result is in w). */
static int radix_pass(const struct vi *v, struct vi *w, size_t m, size_t *cnt,
		      int shift)
{
	size_t sum = 0;

	for (size_t d = 0; d < RADIX_N; d++) {
		size_t c = cnt[d];
		if (c == m)
			return 0;
		cnt[d] = sum;
		sum += c;
	}
	for (size_t a = 0; a < m; a++)
		w[cnt[(vi_key(v[a].v) >> shift) & (RADIX_N - 1)]++] = v[a];
	return 1;
}

/* v sorted by value, by least-significant-digit radix passes when m is
 * large.  Equal values may then stand in another order than vi_cmp's,
 * which changes nothing: the tree counts values below or at a value
 * and reads values back by rank, never which job holds them.  tmp holds
 * m elements, cnt RADIX_DIGITS * RADIX_N. */
static void vi_sort(struct vi *v, size_t m, struct vi *tmp, size_t *cnt)
{
	struct vi *a = v, *b = tmp, *c;

	if (m < RADIX_MIN || !tmp || !cnt) {
		qsort(v, m, sizeof *v, vi_cmp);
		return;
	}
	radix_counts(v, m, cnt);
	for (int d = 0; d < RADIX_DIGITS; d++)
		if (radix_pass(a, b, m, cnt + (size_t)d * RADIX_N,
			       d * RADIX_BITS))
			c = a, a = b, b = c;
	if (a != v)
		memcpy(v, a, m * sizeof *v);
}

/* Fenwick tree over positions 1..m: counts of inserted values. */
static void bit_add(uint32_t *t, size_t m, size_t pos)
{
	for (pos++; pos <= m; pos += pos & -pos)
		t[pos]++;
}

static size_t bit_prefix(const uint32_t *t, size_t pos) /* of [0, pos) */
{
	size_t s = 0;

	for (; pos > 0; pos -= pos & -pos)
		s += t[pos];
	return s;
}

/* The position (0-based) of the k-th (0-based) inserted value. */
static size_t bit_kth(const uint32_t *t, size_t m, size_t k)
{
	size_t pos = 0, step = 1;

	while (step * 2 <= m)
		step *= 2;
	for (; step; step /= 2)
		if (pos + step <= m && t[pos + step] <= k) {
			pos += step;
			k -= t[pos];
		}
	return pos;
}

static size_t lower(const struct vi *v, size_t m, double x, int upper)
{
	size_t lo = 0, hi = m;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (upper ? v[mid].v <= x : v[mid].v < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static double kth_value(const uint32_t *t, const struct vi *v, size_t m,
			size_t c, double p)
{
	double h = (double)(c - 1) * p, f = floor(h);
	size_t i = (size_t)f;
	double a = v[bit_kth(t, m, i)].v;

	if (i + 1 >= c)
		return a;
	return a + (h - f) * (v[bit_kth(t, m, i + 1)].v - a);
}

/* verdict_of() with its median found only when the value lies beyond p5
 * or p95 (the verdict reads it only then): the same verdict, a third
 * fewer walks of the tree for the most of a million jobs. */
static int verdict_lazy(double x, size_t c, const uint32_t *t,
			const struct vi *v, size_t m, int k)
{
	double p5, p95;

	if (c < IOL_POP_CTX_MIN || isnan(x))
		return IOL_CTX_FEW;
	p5 = kth_value(t, v, m, c, 0.05);
	p95 = kth_value(t, v, m, c, 0.95);
	if (!(x < p5) && !(x > p95))
		return IOL_CTX_NORMAL;
	return verdict_of(x, c, p5, kth_value(t, v, m, c, 0.5), p95, k);
}

/*
 * Is a value with lb of the c values below it surely within p5-p95, by
 * ranks alone (no walk of the tree)?  p5 lies between order statistics
 * i and i+1 (i = floor((c-1) 0.05), as kth_value() takes it) and is
 * computed as a + t (b - a) with t <= 0.95: never above b, even
 * rounded, so with i + 2 values below x it is below x.  p95 lies at or
 * above its order statistic j (t (b - a) >= 0), so with at most j
 * values below x, x is not above it.  Either way verdict_of() says
 * normal, as it would have.
 */
static int inside(size_t lb, size_t c)
{
	size_t i, j;

	if (c < IOL_POP_CTX_MIN)
		return 0;
	i = (size_t)floor((double)(c - 1) * 0.05);
	j = (size_t)floor((double)(c - 1) * 0.95);
	return lb >= i + 2 && lb <= j;
}

/* The run of values equal to a sorted position's: [lo, hi), what
 * lower() finds for that value, found once per group, not searched for
 * twice per job. */
struct run {
	uint32_t lo, hi;
};

static void runs_of(const struct vi *v, size_t m, struct run *r)
{
	for (size_t a = 0; a < m; a++)
		r[a].lo = a && v[a].v == v[a - 1].v ? r[a - 1].lo : (uint32_t)a;
	for (size_t a = m; a-- > 0;)
		r[a].hi = a + 1 < m && v[a + 1].v == v[a].v ? r[a + 1].hi
							    : (uint32_t)(a + 1);
}

/* A job of the group whose scope is this level: its metric k against the
 * values inserted so far (r: the run of its own value when it is among
 * them, else NULL). */
/* Where the context of each job goes: every job's n, pct and verdict
 * (out), or only the verdicts (verd, IOL_POP_NCTX a job) and the n and
 * pct of the unusual metrics (u). */
struct ctx_sink {
	struct iol_popout *out;
	uint8_t *verd;
	struct iol_popunusual *u;
	size_t nu, cap;
	int nomem;
};

static void put(struct ctx_sink *s, size_t j, int k, size_t c, float pct,
		int verdict)
{
	struct iol_popunusual *nu;

	if (s->out) {
		s->out[j].n[k] = (uint32_t)c;
		s->out[j].pct[k] = pct;
		s->out[j].verdict[k] = (uint8_t)verdict;
		return;
	}
	s->verd[j * IOL_POP_NCTX + (size_t)k] = (uint8_t)verdict;
	if (verdict != IOL_CTX_LOW && verdict != IOL_CTX_HIGH)
		return;
	if (!(nu = iol_grow(s->u, &s->cap, s->nu, sizeof *nu, 256))) {
		s->nomem = 1;
		return;
	}
	s->u = nu;
	nu[s->nu++] = (struct iol_popunusual){j, k, (uint32_t)c, pct};
}

static void query(double x, int k, const uint32_t *t, const struct vi *v,
		  size_t m, size_t c, const struct run *r, struct ctx_sink *s,
		  size_t j)
{
	size_t lb, ub;
	float pct;

	if (!c || isnan(x)) {
		put(s, j, k, c, NAN, IOL_CTX_FEW);
		return;
	}
	lb = bit_prefix(t, r ? r->lo : lower(v, m, x, 0));
	ub = bit_prefix(t, r ? r->hi : lower(v, m, x, 1));
	pct = (float)(100.0 * ((double)lb + (double)(ub - lb) / 2) / (double)c);
	put(s, j, k, c, pct,
	    inside(lb, c) ? IOL_CTX_NORMAL : verdict_lazy(x, c, t, v, m, k));
}

/* The end of the part of a group ks[0..g) that its context at level
 * reads: just past its last job whose level is this one (0 when none).
 * A job is asked against the values of strictly earlier jobs, so the
 * jobs after it are asked nothing and give no value to any question,
 * and leaving their values out of the sorted values changes no count
 * of those inserted: most jobs take the narrowest scope, so the wider
 * groups stop early (a group no job takes is not sorted at all). */
static size_t group_used(const struct ck *ks, size_t g, int level,
			 const uint8_t *lev)
{
	size_t last = g;

	for (size_t a = g; a-- > 0;)
		if (lev[ks[a].i] == level) {
			last = a;
			break;
		}
	return last == g ? 0 : last + 1;
}

/* The values of a group's jobs, read from their rows once for the six
 * metrics (xv[a * IOL_POP_NCTX + k], a the job's place in ks): a row
 * is 208 bytes somewhere in the set, and reading it again for each
 * metric was a cache miss six times a job and level. */
static void ctx_gather(const struct iol_popset *set, const struct ck *ks,
		       size_t g, double *xv)
{
	for (size_t a = 0; a < g; a++, xv += IOL_POP_NCTX) {
		const struct iol_popjob *j = &set->jobs[ks[a].i];
		for (int k = 0; k < IOL_POP_NCTX; k++)
			xv[k] = iol_pop_ctx_value(j, k);
	}
}

#define XV(a) xv[(a)*IOL_POP_NCTX + (size_t)k]

/* One group (a run of ks[0..g) of one scope, cut to group_used()) for
 * metric k: in start order, each job whose level is this one is queried
 * against the values of the strictly earlier complete jobs, then the
 * jobs of its start time are inserted.  xv: the group's values
 * (ctx_gather()). */
static void ctx_group(const uint8_t *part, const struct ck *ks, size_t g,
		      int level, int k, const uint8_t *lev, const double *xv,
		      struct vi *v, uint32_t *pos, uint32_t *t, struct vi *tmp,
		      size_t *cnt, struct run *runs, struct ctx_sink *out)
{
	size_t m = 0, c = 0;

	for (size_t a = 0; a < g; a++) {
		size_t i = ks[a].i;
		double x = XV(a);
		if (!part[i] && !isnan(x)) {
			v[m].v = x;
			v[m++].i = i;
		}
	}
	vi_sort(v, m, tmp, cnt);
	for (size_t a = 0; a < m; a++)
		pos[v[a].i] = (uint32_t)a;
	runs_of(v, m, runs);
	memset(t, 0, (m + 1) * sizeof *t);
	for (size_t a = 0, e; a < g; a = e) {
		for (e = a + 1; e < g && ks[e].start == ks[a].start; e++)
			;
		for (size_t b = a; b < e; b++)
			if (lev[ks[b].i] == level) {
				size_t j = ks[b].i;
				int in = !part[j] && !isnan(XV(b));
				query(XV(b), k, t, v, m, c,
				      in ? &runs[pos[j]] : NULL, out, j);
			}
		for (size_t b = a; b < e; b++) {
			if (!part[ks[b].i] && !isnan(XV(b))) {
				bit_add(t, m, pos[ks[b].i]);
				c++;
			}
		}
	}
}

#undef XV

/* The levels of the jobs in a (sorted by ck_order() at level 1 or 2):
 * the narrowest scope with at least IOL_POP_CTX_MIN earlier complete jobs
 * (any value), as iol_pop_context() chooses it; level 1 before 2. */
static void ctx_level(const uint8_t *part, const struct ck *a, size_t n,
		      int level, uint8_t *lev)
{
	for (size_t s = 0, e; s < n; s = e) {
		size_t c = 0;
		for (e = s + 1; e < n && !ck_cmp(&a[s], &a[e], level); e++)
			;
		for (size_t b = s, f; b < e; b = f) {
			for (f = b + 1; f < e && a[f].start == a[b].start; f++)
				;
			for (size_t x = b; x < f; x++)
				if (c >= IOL_POP_CTX_MIN &&
				    lev[a[x].i] == level - 1)
					lev[a[x].i] = (uint8_t)level;
			for (size_t x = b; x < f; x++)
				c += !part[a[x].i];
		}
	}
}

/* The jobs with a start into ks sorted for level by qsort; their count. */
static size_t ck_fill_sort(const struct iol_popset *set,
			   const struct scopes *sc, struct ck *ks, int level)
{
	static int (*const cmp[3])(const void *, const void *) = {ck0, ck1,
								  ck2};
	size_t n = 0;

	/* a job without a start has no earlier jobs, and is nobody's */
	for (size_t i = 0; i < set->n; i++) {
		const struct iol_popjob *j = &set->jobs[i];
		if (!isnan(j->start_time))
			ks[n++] = (struct ck){j->start_time, (uint32_t)i,
					      scope_key(sc, j, level)};
	}
	qsort(ks, n, sizeof *ks, cmp[level]);
	return n;
}

/* Each key's run of ks[0..n) (in job order) sorted by start, when it is
 * not already: ks is then in ck_order(). */
static void ck_sort_runs(struct ck *ks, size_t n, int level)
{
	static int (*const cmp[3])(const void *, const void *) = {ck0, ck1,
								  ck2};

	for (size_t a = 0, e; a < n; a = e) {
		int sorted = 1;
		for (e = a + 1; e < n && ks[e].key == ks[a].key; e++)
			sorted &= !(ks[e].start < ks[e - 1].start);
		if (!sorted)
			qsort(ks + a, e - a, sizeof *ks, cmp[level]);
	}
}

/* The jobs with a start into ks sorted for level (ck_order()); their
 * count.  The keys are dense ranks: the jobs are placed by key in one
 * counting pass, in job order within a key (keys: scratch of set->n),
 * and only a key's run out of start order is sorted, where a qsort of
 * a million keys took the most of the context's time. */
static size_t ck_fill(const struct iol_popset *set, const struct scopes *sc,
		      struct ck *ks, int level, uint32_t *keys)
{
	size_t nk = level == 0 ? sc->s.n : level == 1 ? sc->t1.n : sc->t2.n;
	size_t *at = keys ? calloc(nk + 1, sizeof *at) : NULL;
	size_t n = 0;

	if (!at)
		return ck_fill_sort(set, sc, ks, level);
	for (size_t i = 0; i < set->n; i++) {
		const struct iol_popjob *j = &set->jobs[i];
		keys[i] = UINT32_MAX;
		if (isnan(j->start_time))
			continue;
		keys[i] = scope_key(sc, j, level);
		if (keys[i] >= nk) {
			free(at);
			return ck_fill_sort(set, sc, ks, level);
		}
		at[keys[i] + 1]++;
		n++;
	}
	for (size_t k = 0; k < nk; k++)
		at[k + 1] += at[k];
	for (size_t i = 0; i < set->n; i++)
		if (keys[i] != UINT32_MAX)
			ks[at[keys[i]]++] = (struct ck){set->jobs[i].start_time,
							(uint32_t)i, keys[i]};
	free(at);
	ck_sort_runs(ks, n, level);
	return n;
}

/* Scratch of ctx_group(): pos by job, the rest by a scope's values. */
struct ctx_tmp {
	uint32_t *pos; /* 32-bit: context_all() takes fewer jobs */
	size_t *cnt;
	struct vi *v, *tmp;
	uint32_t *t;
	struct run *runs;
	double *xv; /* a group's values, IOL_POP_NCTX a job */
};

static int ctx_tmp_alloc(struct ctx_tmp *c, size_t n, size_t w)
{
	c->pos = calloc(n + 1, sizeof *c->pos);
	c->xv = calloc((w + 1) * IOL_POP_NCTX, sizeof *c->xv);
	c->v = calloc(w + 1, sizeof *c->v);
	/* the radix sort's scratch: without it, qsort (the same order) */
	c->tmp = w >= RADIX_MIN ? malloc(w * sizeof *c->tmp) : NULL;
	c->cnt =
		c->tmp ? malloc(RADIX_DIGITS * RADIX_N * sizeof *c->cnt) : NULL;
	c->t = calloc(w + 2, sizeof *c->t);
	c->runs = calloc(w + 1, sizeof *c->runs);
	return c->pos && c->xv && c->v && c->t && c->runs ? 0 : IOL_ENOMEM;
}

static void ctx_tmp_free(struct ctx_tmp *c)
{
	free(c->pos);
	free(c->xv);
	free(c->v);
	free(c->tmp);
	free(c->cnt);
	free(c->t);
	free(c->runs);
}

/* Every metric of the jobs whose level is level, over ks sorted for it:
 * a group at a time, its rows read once for its six metrics
 * (ctx_gather()), each group cut where its last job of this level is
 * (group_used()). */
static void ctx_metrics(const struct iol_popset *set, const uint8_t *part,
			const struct ck *ks, size_t n, int l,
			const uint8_t *lev, struct ctx_tmp *c,
			struct ctx_sink *out)
{
	for (size_t s = 0, e; s < n; s = e) {
		size_t g;
		for (e = s + 1; e < n && !ck_cmp(&ks[s], &ks[e], l); e++)
			;
		if (!(g = group_used(ks + s, e - s, l, lev)))
			continue;
		ctx_gather(set, ks + s, g, c->xv);
		for (int k = 0; k < IOL_POP_NCTX; k++)
			ctx_group(part, ks + s, g, l, k, lev, c->xv, c->v,
				  c->pos, c->t, c->tmp, c->cnt, c->runs, out);
	}
}

/* One array of the jobs' keys, sorted for one level at a time (levels 1
 * and 2 settle the levels, then 2, 0 and 1 give the metrics): 16 bytes
 * a job where three arrays held 120, and the values of one app at a time
 * (the widest app's room), not of every job. */
static int context_all(const struct iol_popset *set, struct ctx_sink *out)
{
	static const int order[5] = {1, 2, 0, 1, -1};
	struct ck *ks = calloc(set->n + 1, sizeof *ks);
	uint8_t *lev = calloc(set->n + 1, 1);
	/* partial > 0 of each job, read a dozen times in scope order: a
	 * byte array, not a miss on a row each time */
	uint8_t *part = calloc(set->n + 1, 1);
	struct scopes sc = {0};
	struct ctx_tmp c = {0};
	size_t n = 0;
	int rc = 0;

	/* the jobs' indexes and counts are 32-bit (struct ck, n[]) */
	if (!ks || !lev || !part || set->n >= UINT32_MAX) {
		rc = IOL_ENOMEM;
		goto done;
	}
	if ((rc = scopes_of(set, &sc)) < 0)
		goto done;
	for (size_t i = 0; i < set->n; i++) {
		part[i] = set->jobs[i].partial > 0;
		for (int k = 0; k < IOL_POP_NCTX; k++)
			put(out, i, k, 0, NAN, IOL_CTX_FEW);
	}
	/* its pos array is ck_fill()'s scratch between the metrics */
	if ((rc = ctx_tmp_alloc(&c, set->n, sc.widest)))
		goto done;
	n = ck_fill(set, &sc, ks, 1, c.pos);
	ctx_level(part, ks, n, 1, lev);
	n = ck_fill(set, &sc, ks, 2, c.pos);
	ctx_level(part, ks, n, 2, lev);
	ctx_metrics(set, part, ks, n, 2, lev, &c, out);
	for (int o = 2; order[o] >= 0; o++) {
		n = ck_fill(set, &sc, ks, order[o], c.pos);
		ctx_metrics(set, part, ks, n, order[o], lev, &c, out);
	}
done:
	if (rc == 0 && out->nomem)
		rc = IOL_ENOMEM;
	ctx_tmp_free(&c);
	scopes_free(&sc);
	free(ks);
	free(lev);
	free(part);
	return rc;
}

int iol_pop_context_all(const struct iol_popset *set, struct iol_popout *out)
{
	struct ctx_sink s = {0};

	s.out = out;
	return context_all(set, &s);
}

int iol_pop_verdicts(const struct iol_popset *set, struct iol_popverdicts *v)
{
	struct ctx_sink s = {0};
	int rc;

	memset(v, 0, sizeof *v);
	if (!(s.verd = calloc(set->n + 1, IOL_POP_NCTX)))
		return IOL_ENOMEM;
	if ((rc = context_all(set, &s)) < 0) {
		free(s.verd);
		free(s.u);
		return rc;
	}
	v->v = s.verd;
	v->u = s.u;
	v->nu = s.nu;
	return 0;
}

void iol_pop_verdicts_free(struct iol_popverdicts *v)
{
	free(v->v);
	free(v->u);
	memset(v, 0, sizeof *v);
}

/* ---- Fig. 10 and the timeline ---- */

void iol_pop_access_cdf(const struct iol_popset *set, double rd[IOL_POP_NBINS],
			double wr[IOL_POP_NBINS], int64_t *nrd, int64_t *nwr)
{
	double r = 0, w = 0;

	memcpy(rd, set->rbin_sum, IOL_POP_NBINS * sizeof *rd);
	memcpy(wr, set->wbin_sum, IOL_POP_NBINS * sizeof *wr);
	for (int b = 0; b < IOL_POP_NBINS; b++) {
		r += rd[b];
		w += wr[b];
		rd[b] = r;
		wr[b] = w;
	}
	for (int b = 0; b < IOL_POP_NBINS; b++) {
		rd[b] = r > 0 ? rd[b] / r : NAN;
		wr[b] = w > 0 ? wr[b] / w : NAN;
	}
	*nrd = (int64_t)r;
	*nwr = (int64_t)w;
}

int iol_pop_timeline(const struct iol_popset *set, double width, double *t0,
		     double **out, size_t *n)
{
	double lo = INFINITY, hi = -INFINITY, *b;
	size_t nb;

	*out = NULL;
	*n = 0;
	*t0 = NAN;
	for (size_t i = 0; i < set->n; i++)
		if (!isnan(set->jobs[i].start_time)) {
			lo = fmin(lo, set->jobs[i].start_time);
			hi = fmax(hi, set->jobs[i].start_time);
		}
	if (!(width > 0) || lo > hi)
		return 0;
	*t0 = floor(lo / width) * width;
	if ((hi - *t0) / width > 1e6)
		return IOL_EINVAL;
	nb = (size_t)((hi - *t0) / width) + 1;
	if (!(b = calloc(nb, sizeof *b)))
		return IOL_ENOMEM;
	for (size_t i = 0; i < set->n; i++) {
		const struct iol_popjob *j = &set->jobs[i];
		size_t k;
		if (isnan(j->start_time))
			continue;
		k = (size_t)((j->start_time - *t0) / width);
		b[k < nb ? k : nb - 1] += iol_pop_ctx_value(j, 4) > 0
						  ? iol_pop_ctx_value(j, 4)
						  : 0;
	}
	*out = b;
	*n = nb;
	return 0;
}
