/*
 * The timeline's level-of-detail index: built once per log from its DXT
 * segments and cached (bounded, least recently used first out), so that
 * a zoom bins only what the window needs.  Per rank, the segments sorted
 * by start (float seconds, bytes) for windows finer than the index, and
 * a pyramid of bins: the finest level has F bins over the job (at most
 * 2^20 cells over all ranks), each level above half as many.  A window
 * of B bins is summed from the coarsest level whose bins are no wider
 * than the window's, each cell to the output bin holding its middle (the
 * totals are kept exactly); finer than the finest level, from the
 * segments themselves.
 */
#define _GNU_SOURCE
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "serve/internal.h"
#include "model/job.h"
#include "base/banned.h"

#define CELL_BUDGET (1u << 20)
#define FINE_MAX (1u << 18)
#define MAX_RANKS (1 << 20)
#define ROWS_MAX 1024
#define CELLS_MAX ((size_t)1 << 20)
#define MAX_LEVELS 24

struct seg {
	float s, e, len;
};

struct rankseg {
	struct seg *v;
	size_t n, cap;
	float maxdur;
};

struct level {
	unsigned nb; /* bins per rank */
	double *bytes;
	float *busy;
	uint32_t *ops;
};

struct lod {
	char *key;
	int nranks, nlev;
	double span; /* the index covers [0, span) */
	struct rankseg *rs;
	struct level lev[MAX_LEVELS];
	size_t mem;
	int refs;
	unsigned long used;
	struct lod *next;
};

static pthread_mutex_t list_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t build_mu = PTHREAD_MUTEX_INITIALIZER;
static struct lod *cache;
static size_t cache_mem;
static unsigned long tick;

static void lod_free(struct lod *l)
{
	if (!l)
		return;
	for (int r = 0; l->rs && r < l->nranks; r++)
		free(l->rs[r].v);
	free(l->rs);
	for (int k = 0; k < l->nlev; k++) {
		free(l->lev[k].bytes);
		free(l->lev[k].busy);
		free(l->lev[k].ops);
	}
	free(l->key);
	free(l);
}

static int push(struct rankseg *r, const struct iol_seg *s)
{
	if (r->n == r->cap) {
		size_t cap = r->cap ? r->cap * 2 : 1024;
		struct seg *v = realloc(r->v, cap * sizeof(*v));
		if (!v)
			return -1;
		r->v = v;
		r->cap = cap;
	}
	r->v[r->n].s = (float)s->start;
	r->v[r->n].e = (float)(s->end > s->start ? s->end : s->start);
	r->v[r->n].len = (float)s->len;
	if (r->v[r->n].e - r->v[r->n].s > r->maxdur)
		r->maxdur = r->v[r->n].e - r->v[r->n].s;
	r->n++;
	return 0;
}

static int by_start(const void *a, const void *b)
{
	float x = ((const struct seg *)a)->s, y = ((const struct seg *)b)->s;
	return (x > y) - (x < y);
}

/* The segments of the job's trace set which, per rank, sorted. */
static int read_segs(struct lod *l, const struct iol_job *job, int which,
		     char *why, size_t n)
{
	struct iol_error err = {0};
	struct iol_segs *it;
	struct iol_seg buf[4096];
	size_t rec;
	long k;
	int rd;

	/* each rank's array sized once from the trace headers' counts */
	for (size_t i = 0; i < job->ndxt[which]; i++) {
		const struct iol_jdxt *d = &job->dxt[which][i];
		if (d->rank >= 0 && d->rank < l->nranks && d->wcount >= 0 &&
		    d->rcount >= 0)
			l->rs[d->rank].cap += (size_t)(d->wcount + d->rcount);
	}
	for (int r = 0; r < l->nranks; r++)
		if (l->rs[r].cap &&
		    !(l->rs[r].v = malloc(l->rs[r].cap * sizeof(struct seg))))
			return snprintf(why, n, "out of memory"), -1;
	if (iol_segs_open(&it, job, which, &err) < 0)
		return snprintf(why, n, "cannot read the segments: %s",
				err.msg),
		       -1;
	while ((k = iol_segs_next(it, buf, 4096, &rec, &rd, &err)) > 0) {
		int64_t rank = job->dxt[which][rec].rank;
		if (rank < 0 || rank >= l->nranks)
			continue;
		for (long i = 0; i < k; i++) {
			if (push(&l->rs[rank], &buf[i]) < 0) {
				iol_segs_close(it);
				return snprintf(why, n, "out of memory"), -1;
			}
			if (buf[i].end > l->span)
				l->span = buf[i].end;
		}
	}
	iol_segs_close(it);
	if (k < 0)
		return snprintf(why, n, "cannot read the segments: %s",
				err.msg),
		       -1;
	for (int r = 0; r < l->nranks; r++) {
		struct rankseg *s = &l->rs[r];
		size_t i = 1;
		while (i < s->n && s->v[i - 1].s <= s->v[i].s)
			i++;
		if (i < s->n)
			qsort(s->v, s->n, sizeof(*s->v), by_start);
		l->mem += s->cap * sizeof(struct seg);
	}
	return 0;
}

/* Spread segment [s, e) of len bytes over nb bins of width w from t0:
 * bytes and busy time by overlap, the operation to its start's bin. */
static void spread(double s, double e, double len, double t0, double w, int nb,
		   double *busy, double *bytes, uint32_t *ops, float *fbusy)
{
	double a = s < t0 ? t0 : s, z = e > t0 + w * nb ? t0 + w * nb : e;
	long i = (long)floor((a - t0) / w), j = (long)floor((z - t0) / w);

	if (s >= t0 && s < t0 + w * nb) {
		long b = (long)((s - t0) / w);
		ops[b < nb ? b : nb - 1]++;
	}
	if (e <= s) {
		if (s >= t0 && i < nb)
			bytes[i] += len;
		return;
	}
	if (z <= a)
		return;
	if (j >= nb)
		j = nb - 1;
	for (long b = i < 0 ? 0 : i; b <= j; b++) {
		double lo = t0 + w * b, hi = lo + w;
		double ov = (z < hi ? z : hi) - (a > lo ? a : lo);
		if (ov <= 0)
			continue;
		bytes[b] += len * ov / (e - s);
		if (busy)
			busy[b] += ov;
		else
			fbusy[b] += (float)ov;
	}
}

static int alloc_level(struct level *v, unsigned nb, int nranks, size_t *mem)
{
	size_t n = (size_t)nb * (size_t)nranks;

	v->nb = nb;
	v->bytes = calloc(n, sizeof(*v->bytes));
	v->busy = calloc(n, sizeof(*v->busy));
	v->ops = calloc(n, sizeof(*v->ops));
	*mem += n * 16;
	return v->bytes && v->busy && v->ops ? 0 : -1;
}

static int build_levels(struct lod *l)
{
	unsigned f = 1;

	while (f < FINE_MAX && (size_t)f * 2 * (size_t)l->nranks <= CELL_BUDGET)
		f *= 2;
	if (alloc_level(&l->lev[0], f, l->nranks, &l->mem) < 0)
		return -1;
	l->nlev = 1;
	for (int r = 0; r < l->nranks; r++) {
		struct level *v = &l->lev[0];
		size_t o = (size_t)r * f;
		for (size_t i = 0; i < l->rs[r].n; i++) {
			const struct seg *s = &l->rs[r].v[i];
			spread(s->s, s->e, s->len, 0, l->span / f, (int)f, NULL,
			       v->bytes + o, v->ops + o, v->busy + o);
		}
	}
	while (l->lev[l->nlev - 1].nb > 1 && l->nlev < MAX_LEVELS) {
		struct level *d = &l->lev[l->nlev - 1], *u = &l->lev[l->nlev];
		if (alloc_level(u, d->nb / 2, l->nranks, &l->mem) < 0)
			return -1;
		l->nlev++;
		for (size_t i = 0; i < (size_t)u->nb * (size_t)l->nranks; i++) {
			u->bytes[i] = d->bytes[2 * i] + d->bytes[2 * i + 1];
			u->busy[i] = d->busy[2 * i] + d->busy[2 * i + 1];
			u->ops[i] = d->ops[2 * i] + d->ops[2 * i + 1];
		}
	}
	return 0;
}

static struct lod *build(const char *key, int fd, size_t budget, char *why,
			 size_t n)
{
	struct iol_error err = {0};
	struct iol_job *job;
	struct lod *l;
	char path[64];
	int which, nr = 0;

	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	if (iol_job_load(&job, path, &err) < 0)
		return snprintf(why, n, "cannot read the log: %s", err.msg),
		       NULL;
	which = job->nsegs[0] ? 0 : job->nsegs[1] ? 1 : -1;
	if (which < 0) {
		iol_job_close(job);
		return snprintf(why, n, "the log has no DXT segments"), NULL;
	}
	/* the index is bounded by the cache: a log too big for it is
	 * refused before its segments are read */
	if (job->nsegs[which] * sizeof(struct seg) + (size_t)32 * CELL_BUDGET >
	    budget) {
		snprintf(why, n,
			 "the log's %llu DXT segments do not fit the "
			 "timeline's cache",
			 (unsigned long long)job->nsegs[which]);
		iol_job_close(job);
		return NULL;
	}
	for (size_t i = 0; i < job->ndxt[which]; i++)
		if (job->dxt[which][i].rank >= nr &&
		    job->dxt[which][i].rank < MAX_RANKS)
			nr = (int)job->dxt[which][i].rank + 1;
	if (job->nprocs > nr && job->nprocs <= MAX_RANKS)
		nr = (int)job->nprocs;
	l = calloc(1, sizeof(*l));
	if (l) {
		l->nranks = nr;
		l->rs = calloc((size_t)nr, sizeof(*l->rs));
		l->key = strdup(key);
	}
	if (!l || !l->rs || !l->key) {
		iol_job_close(job);
		lod_free(l);
		return snprintf(why, n, "out of memory"), NULL;
	}
	if (read_segs(l, job, which, why, n) < 0) {
		iol_job_close(job);
		lod_free(l);
		return NULL;
	}
	iol_job_close(job);
	/* a hair past the last end, so that it falls in the last bin */
	l->span = l->span > 0 ? l->span * (1 + 1e-9) : 1e-6;
	if (build_levels(l) < 0) {
		lod_free(l);
		return snprintf(why, n, "out of memory"), NULL;
	}
	return l;
}

static struct lod *find(const char *key)
{
	for (struct lod *l = cache; l; l = l->next)
		if (!strcmp(l->key, key)) {
			l->refs++;
			l->used = ++tick;
			return l;
		}
	return NULL;
}

/* Drop the least recently used unused entries while over budget. */
static void evict(size_t budget)
{
	while (cache_mem > budget) {
		struct lod **pp, **old = NULL;
		for (pp = &cache; *pp; pp = &(*pp)->next)
			if (!(*pp)->refs &&
			    (!old || (*pp)->used < (*old)->used))
				old = pp;
		if (!old)
			return;
		struct lod *l = *old;
		*old = l->next;
		cache_mem -= l->mem;
		lod_free(l);
	}
}

static struct lod *get(const struct serve_opts *o, const char *key, int fd,
		       char *why, size_t n)
{
	struct lod *l;

	pthread_mutex_lock(&list_mu);
	l = find(key);
	pthread_mutex_unlock(&list_mu);
	if (l)
		return l;
	/* one build at a time: a second request for the same log waits
	 * for the first's index instead of building its own */
	pthread_mutex_lock(&build_mu);
	pthread_mutex_lock(&list_mu);
	l = find(key);
	pthread_mutex_unlock(&list_mu);
	if (!l && (l = build(key, fd, o->cache_bytes, why, n))) {
		pthread_mutex_lock(&list_mu);
		l->refs = 1;
		l->used = ++tick;
		l->next = cache;
		cache = l;
		cache_mem += l->mem;
		evict(o->cache_bytes);
		pthread_mutex_unlock(&list_mu);
	}
	pthread_mutex_unlock(&build_mu);
	return l;
}

static void put(struct lod *l, size_t budget)
{
	pthread_mutex_lock(&list_mu);
	l->refs--;
	evict(budget);
	pthread_mutex_unlock(&list_mu);
}

void tl_cache_free(void)
{
	pthread_mutex_lock(&list_mu);
	while (cache) {
		struct lod *l = cache;
		cache = l->next;
		lod_free(l);
	}
	cache_mem = 0;
	pthread_mutex_unlock(&list_mu);
}

/* ---- a window ---- */

static size_t lower(const struct rankseg *r, double t)
{
	size_t lo = 0, hi = r->n;

	while (lo < hi) {
		size_t m = lo + (hi - lo) / 2;
		if (r->v[m].s < t)
			lo = m + 1;
		else
			hi = m;
	}
	return lo;
}

static void from_segs(const struct lod *l, struct tl_grid *g)
{
	double w = (g->t1 - g->t0) / g->bins;

	for (int k = 0; k < g->nr; k++) {
		const struct rankseg *r = &l->rs[g->r0 + k];
		size_t o = (size_t)k * (size_t)g->bins;
		for (size_t i = lower(r, g->t0 - r->maxdur);
		     i < r->n && r->v[i].s < g->t1; i++) {
			const struct seg *s = &r->v[i];
			if (s->e < g->t0 || (s->e == s->s && s->s < g->t0))
				continue;
			spread(s->s, s->e, s->len, g->t0, w, g->bins,
			       g->busy + o, g->bytes + o, g->ops + o, NULL);
		}
	}
}

static void from_level(const struct lod *l, int lev, struct tl_grid *g)
{
	const struct level *v = &l->lev[lev];
	double cw = l->span / v->nb, w = (g->t1 - g->t0) / g->bins;
	long c0 = (long)floor(g->t0 / cw), c1 = (long)ceil(g->t1 / cw);

	if (c1 > (long)v->nb)
		c1 = (long)v->nb;
	for (int k = 0; k < g->nr; k++) {
		size_t src = (size_t)(g->r0 + k) * v->nb;
		size_t o = (size_t)k * (size_t)g->bins;
		for (long c = c0 < 0 ? 0 : c0; c < c1; c++) {
			double mid = (c + 0.5) * cw;
			long b = (long)floor((mid - g->t0) / w);
			if (b < 0 || b >= g->bins)
				continue;
			g->bytes[o + b] += v->bytes[src + c];
			g->busy[o + b] += v->busy[src + c];
			g->ops[o + b] += v->ops[src + c];
		}
	}
}

static int window(const struct lod *l, const struct tl_req *q,
		  struct tl_grid *g, char *why, size_t n)
{
	memset(g, 0, sizeof(*g));
	g->tend = l->span;
	g->nranks = l->nranks;
	g->t0 = q->t0;
	g->t1 = q->t1 > q->t0 ? q->t1 : l->span;
	if (q->t1 <= q->t0 && q->t0 == 0)
		g->t1 = l->span;
	if (g->t1 <= g->t0)
		return snprintf(why, n, "t1 must be after t0"), -1;
	g->r0 = q->r0;
	if (g->r0 >= l->nranks)
		return snprintf(why, n, "the job has %d ranks", l->nranks), -1;
	g->nr = (q->r1 < 0 || q->r1 >= l->nranks ? l->nranks - 1 : q->r1) -
		g->r0 + 1;
	if (g->nr > ROWS_MAX)
		g->nr = ROWS_MAX;
	g->bins = q->bins > 0 ? q->bins : 500;
	/* at most a million cells a request (4096 intervals of 256 ranks):
	 * fewer ranks, never fewer intervals than asked */
	if ((size_t)g->nr * (size_t)g->bins > CELLS_MAX)
		g->nr = (int)(CELLS_MAX / (size_t)g->bins);
	size_t cells = (size_t)g->nr * (size_t)g->bins;
	g->busy = calloc(cells, sizeof(double));
	g->bytes = calloc(cells, sizeof(double));
	g->ops = calloc(cells, sizeof(uint32_t));
	if (!g->busy || !g->bytes || !g->ops) {
		tl_grid_free(g);
		return snprintf(why, n, "out of memory"), -1;
	}
	return 0;
}

int tl_grid(const struct serve_opts *o, const char *key, int fd,
	    const struct tl_req *q, struct tl_grid *g, char *why, size_t n)
{
	struct lod *l = get(o, key, fd, why, n);
	double w;
	int lev = -1;

	if (!l)
		return -1;
	if (window(l, q, g, why, n) < 0) {
		put(l, o->cache_bytes);
		return -1;
	}
	w = (g->t1 - g->t0) / g->bins;
	/* the coarsest level whose cells are at most half an output bin */
	for (int k = l->nlev - 1; k >= 0 && lev < 0; k--)
		if (l->span / l->lev[k].nb * 2 <= w)
			lev = k;
	g->raw = lev < 0;
	if (g->raw)
		from_segs(l, g);
	else
		from_level(l, lev, g);
	put(l, o->cache_bytes);
	return 0;
}

void tl_grid_free(struct tl_grid *g)
{
	free(g->busy);
	free(g->bytes);
	free(g->ops);
	g->busy = g->bytes = NULL;
	g->ops = NULL;
}
