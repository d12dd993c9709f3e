/*
 * The population over time (trend.h): rows grouped by key and period,
 * each period tested against the one before it; and one set of jobs
 * against another, key by key, against the keys' run-to-run noise.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/civil.h"
#include "base/grow.h"
#include "population/popan.h"
#include "population/poptriage.h"
#include "population/sql.h"
#include "population/trend.h"
#include "base/banned.h"

int iol_pop_every_parse(const char *s)
{
	if (!strcmp(s, "week"))
		return IOL_EVERY_WEEK;
	if (!strcmp(s, "month"))
		return IOL_EVERY_MONTH;
	return -1;
}

/* Year, month, day of a day number (Hinnant's civil_from_days). */
static void civil(long z, long *y, long *m, long *d)
{
	long era, doe, yoe, doy, mp;

	z += 719468;
	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = z - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	*d = doy - (153 * mp + 2) / 5 + 1;
	*m = mp < 10 ? mp + 3 : mp - 9;
	*y = yoe + era * 400 + (*m <= 2);
}

double iol_pop_period_start(double t, int every)
{
	long days = (long)floor(t / 86400.0), y, m, d;

	if (every == IOL_EVERY_WEEK) {
		/* 1970-01-01 was a Thursday: Monday is (days + 3) % 7 == 0 */
		long wd = ((days + 3) % 7 + 7) % 7;

		return (double)(days - wd) * 86400.0;
	}
	civil(days, &y, &m, &d);
	return (double)iol_days_from_civil(y, m, 1) * 86400.0;
}

void iol_pop_period_name(double start, int every, char *buf, size_t n)
{
	long y, m, d;

	civil((long)floor(start / 86400.0), &y, &m, &d);
	if (every == IOL_EVERY_WEEK)
		snprintf(buf, n, "%04ld-%02ld-%02ld", y, m, d);
	else
		snprintf(buf, n, "%04ld-%02ld", y, m);
}

static const char *key_of(const struct iol_popjob *j, int by)
{
	const char *s = by == IOL_BY_APP    ? j->app
			: by == IOL_BY_USER ? j->user
					    : j->project;
	return s ? s : "";
}

struct item {
	const char *key;
	double start;
	const struct iol_popjob *j;
};

static int cmp_item(const void *a, const void *b)
{
	const struct item *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	if (c)
		return c;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return (x->j->id > y->j->id) - (x->j->id < y->j->id);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static int cmp_id(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

/* The median of the n values of v (sorted here), NAN when none. */
static double median_of(double *v, size_t n)
{
	if (!n)
		return NAN;
	qsort(v, n, sizeof(*v), cmp_double);
	return iol_pop_quantile(v, n, 0.5);
}

/* trend.h's test of r against the key's previous period p. */
static void mark_row(struct iol_trend_row *r, const struct iol_trend_row *p)
{
	double rel;

	if (!p || !r->ncn || !(p->cn[1] > 0))
		return;
	rel = (r->cn[1] - p->cn[1]) / p->cn[1];
	r->change_pct = 100 * rel;
	if (r->ncn < IOL_TREND_MIN || p->ncn < IOL_TREND_MIN ||
	    fabs(rel) < IOL_TREND_REL)
		return;
	if (r->cn[0] > p->cn[2])
		r->mark = 1;
	else if (r->cn[2] < p->cn[0])
		r->mark = -1;
}

static int items_of(const struct iol_popset *set, int by, int every,
		    struct item **out, size_t *n, size_t *undated)
{
	struct item *it = malloc((set->n ? set->n : 1) * sizeof(*it));
	size_t i;

	if (!it)
		return IOL_ENOMEM;
	*n = 0;
	*undated = 0;
	for (i = 0; i < set->n; i++) {
		const struct iol_popjob *j = &set->jobs[i];

		if (every >= 0 && !isfinite(j->start_time)) {
			(*undated)++;
			continue;
		}
		it[*n].key = key_of(j, by);
		it[*n].start =
			every >= 0 ? iol_pop_period_start(j->start_time, every)
				   : 0;
		it[(*n)++].j = j;
	}
	qsort(it, *n, sizeof(*it), cmp_item);
	*out = it;
	return 0;
}

/* ---- trend: the rows summed as they come ---- */

/* A double array that grows. */
struct dvec {
	double *v;
	size_t n, cap;
};

static int dvec_add(struct dvec *d, double x)
{
	double *v = iol_grow(d->v, &d->cap, d->n, sizeof *v, 8);

	if (!v)
		return IOL_ENOMEM;
	d->v = v;
	v[d->n++] = x;
	return 0;
}

/* One key's period: its jobs' sums, in the order they came (id order:
 * the same sums as when the jobs were sorted by key, period and id), and
 * the values whose quantiles its row shows. */
struct tgroup {
	const char *key;
	double start;
	size_t jobs, flagged;
	double core_hours;
	int64_t bytes;
	struct dvec cn, md;
};

struct iol_trend_acc {
	int by, every;
	struct tgroup *g;
	size_t ng, capg;
	uint32_t *slot; /* open addressing: group index + 1, 0 empty */
	size_t nslot;
	/* the id and group of each dated job that may be flagged: the
	 * flagged share comes at the end of the pass; 12 bytes a job
	 * where a row was 200, none for a job the pass never flagged */
	int64_t *id;
	uint32_t *gi;
	size_t nr, capr, capgi;
	size_t undated;
};

int iol_trend_acc_new(int by, int every, struct iol_trend_acc **out)
{
	struct iol_trend_acc *a;

	*out = NULL;
	if (by != IOL_BY_APP && by != IOL_BY_USER && by != IOL_BY_PROJECT)
		return IOL_EINVAL;
	if (!(a = calloc(1, sizeof *a)))
		return IOL_ENOMEM;
	a->by = by;
	a->every = every;
	*out = a;
	return 0;
}

static uint64_t group_hash(const char *key, double start)
{
	uint64_t h = 1469598103934665603ULL;
	int64_t s = (int64_t)start;

	for (; *key; key++)
		h = (h ^ (unsigned char)*key) * 1099511628211ULL;
	h ^= (uint64_t)s * 0x9E3779B97F4A7C15ULL;
	return h ^ (h >> 29);
}

/* The table twice as large, every group placed again. */
static int rehash(struct iol_trend_acc *a)
{
	size_t n = a->nslot ? a->nslot * 2 : 256, i, k;
	uint32_t *s = calloc(n, sizeof *s);

	if (!s)
		return IOL_ENOMEM;
	for (i = 0; i < a->ng; i++) {
		k = group_hash(a->g[i].key, a->g[i].start) & (n - 1);
		while (s[k])
			k = (k + 1) & (n - 1);
		s[k] = (uint32_t)(i + 1);
	}
	free(a->slot);
	a->slot = s;
	a->nslot = n;
	return 0;
}

/* The index of key's group of the period start, made when new; < 0
 * without memory. */
static long group_of(struct iol_trend_acc *a, const char *key, double start)
{
	struct tgroup *g;
	size_t k;

	if (2 * (a->ng + 1) > a->nslot && rehash(a) < 0)
		return IOL_ENOMEM;
	k = group_hash(key, start) & (a->nslot - 1);
	for (; a->slot[k]; k = (k + 1) & (a->nslot - 1)) {
		g = &a->g[a->slot[k] - 1];
		if (g->start == start && !strcmp(g->key, key))
			return (long)(a->slot[k] - 1);
	}
	if (a->ng >= UINT32_MAX - 1 ||
	    !(g = iol_grow(a->g, &a->capg, a->ng, sizeof *g, 64)))
		return IOL_ENOMEM;
	a->g = g;
	memset(&g[a->ng], 0, sizeof *g);
	g[a->ng].key = key;
	g[a->ng].start = start;
	a->slot[k] = (uint32_t)(a->ng + 1);
	return (long)a->ng++;
}

/* Job j's id and group kept for the flagged share. */
static int keep_row(struct iol_trend_acc *a, int64_t id, uint32_t gi)
{
	size_t c = a->capr;
	int64_t *ids = iol_grow(a->id, &a->capr, a->nr, sizeof *ids, 256);
	uint32_t *g;

	if (!ids)
		return IOL_ENOMEM;
	a->id = ids;
	if (!(g = iol_grow(a->gi, &a->capgi, a->nr, sizeof *g, 256))) {
		a->capr = c > a->capr ? c : a->capr;
		return IOL_ENOMEM;
	}
	a->gi = g;
	ids[a->nr] = id;
	g[a->nr++] = gi;
	return 0;
}

/* Whether t is a start time a period holds: a log's is an int64 of
 * seconds; 1e300, written into a store by hand, made a day number past
 * a long (undefined: a period of the year -25252734927764585) */
static int dated(double t)
{
	return isfinite(t) && fabs(t) < 9.2e18;
}

int iol_trend_acc_add(struct iol_trend_acc *a, const struct iol_popjob *j,
		      int flaggable)
{
	struct tgroup *g;
	long gi;
	int rc;

	if (a->every >= 0 && !dated(j->start_time)) {
		a->undated++;
		return 0;
	}
	gi = group_of(a, key_of(j, a->by),
		      a->every >= 0
			      ? iol_pop_period_start(j->start_time, a->every)
			      : 0);
	if (gi < 0)
		return (int)gi;
	g = &a->g[gi];
	g->jobs++;
	if (j->nprocs != IOL_POP_NULL && isfinite(j->run_time))
		g->core_hours += (double)j->nprocs * j->run_time / 3600;
	if (j->bytes_read != IOL_POP_NULL)
		g->bytes += j->bytes_read;
	if (j->bytes_written != IOL_POP_NULL)
		g->bytes += j->bytes_written;
	if (isfinite(j->mib_s_per_node) &&
	    (rc = dvec_add(&g->cn, j->mib_s_per_node)) < 0)
		return rc;
	if (isfinite(j->md_cost_pct) &&
	    (rc = dvec_add(&g->md, j->md_cost_pct)) < 0)
		return rc;
	return flaggable ? keep_row(a, j->id, (uint32_t)gi) : 0;
}

static int cmp_group(const void *x, const void *y)
{
	const struct tgroup *a = x, *b = y;
	int c = strcmp(a->key, b->key);

	if (c)
		return c;
	return (a->start > b->start) - (a->start < b->start);
}

/* Group g as a row: its quartiles and median of the values sorted. */
static void group_row(struct iol_trend_row *r, struct tgroup *g, int has_fl)
{
	memset(r, 0, sizeof(*r));
	r->key = g->key;
	r->start = g->start;
	r->jobs = g->jobs;
	r->core_hours = g->core_hours;
	r->bytes = g->bytes;
	r->flagged = g->flagged;
	r->ncn = g->cn.n;
	if (g->cn.n) /* none: no array (qsort's NULL is undefined) */
		qsort(g->cn.v, g->cn.n, sizeof(double), cmp_double);
	for (size_t k = 0; k < 3; k++)
		r->cn[k] = r->ncn ? iol_pop_quantile(g->cn.v, r->ncn,
						     0.25 * (double)(k + 1))
				  : NAN;
	r->meta_pct = median_of(g->md.v, g->md.n);
	r->flagged_pct =
		has_fl ? 100.0 * (double)g->flagged / (double)g->jobs : NAN;
	r->change_pct = NAN;
}

/* How many of each group's jobs are flagged (fl sorted). */
static void count_flagged(struct iol_trend_acc *a, const int64_t *fl,
			  size_t nfl)
{
	for (size_t i = 0; fl && i < a->nr; i++)
		if (bsearch(&a->id[i], fl, nfl, sizeof(*fl), cmp_id))
			a->g[a->gi[i]].flagged++;
}

int iol_trend_acc_rows(struct iol_trend_acc *a, const int64_t *flagged,
		       size_t nflagged, struct iol_trend_row **rows, size_t *n,
		       size_t *undated)
{
	struct iol_trend_row *r;
	size_t i, prev = (size_t)-1;

	*rows = NULL;
	*n = 0;
	*undated = a->undated;
	if (!(r = malloc((a->ng ? a->ng : 1) * sizeof(*r))))
		return IOL_ENOMEM;
	count_flagged(a, flagged, nflagged);
	/* the group indexes of the rows kept are stale from here */
	if (a->ng)
		qsort(a->g, a->ng, sizeof(*a->g), cmp_group);
	a->nr = 0;
	for (i = 0; i < a->ng; i++) {
		group_row(&r[i], &a->g[i], flagged != NULL);
		if (prev != (size_t)-1 && strcmp(r[prev].key, r[i].key))
			prev = (size_t)-1;
		mark_row(&r[i], prev == (size_t)-1 ? NULL : &r[prev]);
		if (r[i].ncn)
			prev = i;
	}
	*rows = r;
	*n = a->ng;
	return 0;
}

void iol_trend_acc_free(struct iol_trend_acc *a)
{
	if (!a)
		return;
	for (size_t i = 0; i < a->ng; i++) {
		free(a->g[i].cn.v);
		free(a->g[i].md.v);
	}
	free(a->g), free(a->slot), free(a->id), free(a->gi);
	free(a);
}

int iol_pop_trend(const struct iol_popset *set, int by, int every,
		  const int64_t *flagged, size_t nflagged,
		  struct iol_trend_row **rows, size_t *n, size_t *undated)
{
	struct iol_trend_acc *a;
	int rc;

	*rows = NULL;
	*n = 0;
	if ((rc = iol_trend_acc_new(by, every, &a)) < 0)
		return rc;
	/* the set's rows are in id order, as a pass gives them */
	for (size_t i = 0; i < set->n && rc == 0; i++)
		rc = iol_trend_acc_add(a, &set->jobs[i], 1);
	if (rc == 0)
		rc = iol_trend_acc_rows(a, flagged, nflagged, rows, n, undated);
	iol_trend_acc_free(a);
	return rc;
}

/* ---- compare ---- */

const char *iol_pop_cmp_name(int verdict)
{
	static const char *const names[] = {"too few jobs", "within noise",
					    "lower", "higher"};

	return verdict >= 0 && verdict < 4 ? names[verdict] : "";
}

struct side {
	size_t n;
	double mean, ss, med; /* ss: sum of squared deviations */
};

/* MiB/s/CN of it[0..n) into s; buf room for n values. */
static void side_of(struct side *s, const struct item *it, size_t n,
		    double *buf)
{
	size_t k;

	memset(s, 0, sizeof(*s));
	for (k = 0; k < n; k++)
		if (isfinite(it[k].j->mib_s_per_node))
			buf[s->n++] = it[k].j->mib_s_per_node;
	for (k = 0; k < s->n; k++)
		s->mean += buf[k] / (double)s->n;
	for (k = 0; k < s->n; k++)
		s->ss += (buf[k] - s->mean) * (buf[k] - s->mean);
	s->med = median_of(buf, s->n);
	if (!s->n)
		s->mean = NAN;
}

static void cmp_fill(struct iol_cmp_row *r, const struct side *b,
		     const struct side *a)
{
	double s = NAN, rel;

	r->nb = b->n, r->na = a->n;
	r->medb = b->med, r->meda = a->med;
	r->meanb = b->mean, r->meana = a->mean;
	r->noise_pct = r->change_pct = r->d = NAN;
	r->verdict = IOL_CMP_FEW;
	if (b->n + a->n > 2)
		s = sqrt((b->ss + a->ss) / (double)(b->n + a->n - 2));
	if (b->n && a->n && b->mean > 0) {
		r->change_pct = 100 * (a->mean - b->mean) / b->mean;
		r->noise_pct = 100 * s / b->mean;
	}
	if (s > 0)
		r->d = (a->mean - b->mean) / s;
	if (b->n < IOL_TREND_MIN || a->n < IOL_TREND_MIN || !(b->mean > 0))
		return;
	rel = (a->mean - b->mean) / b->mean;
	r->verdict = IOL_CMP_NOISE;
	if (fabs(rel) < IOL_TREND_REL || (s > 0 && fabs(r->d) < IOL_CMP_D))
		return;
	r->verdict = rel < 0 ? IOL_CMP_LOWER : IOL_CMP_HIGHER;
}

static size_t run_end(const struct item *it, size_t i, size_t n)
{
	size_t e = i + 1;

	while (e < n && !strcmp(it[e].key, it[i].key))
		e++;
	return e;
}

static int cmp_walk(const struct item *b, size_t nb, const struct item *a,
		    size_t na, struct iol_cmp_row *r, size_t *nr, double *buf,
		    size_t *ob, size_t *oa)
{
	size_t i = 0, k = 0;

	while (i < nb || k < na) {
		int c = i >= nb ? 1 : k >= na ? -1 : strcmp(b[i].key, a[k].key);
		size_t ei = i < nb ? run_end(b, i, nb) : i;
		size_t ek = k < na ? run_end(a, k, na) : k;
		struct side sb, sa;

		if (c) {
			*(c < 0 ? ob : oa) += 1;
			*(c < 0 ? &i : &k) = c < 0 ? ei : ek;
			continue;
		}
		side_of(&sb, &b[i], ei - i, buf);
		side_of(&sa, &a[k], ek - k, buf);
		r[*nr].key = b[i].key;
		cmp_fill(&r[(*nr)++], &sb, &sa);
		i = ei, k = ek;
	}
	return 0;
}

int iol_pop_compare(const struct iol_popset *before,
		    const struct iol_popset *after, int by,
		    struct iol_cmp_row **rows, size_t *n, size_t *only_before,
		    size_t *only_after)
{
	struct item *b = NULL, *a = NULL;
	struct iol_cmp_row *r = NULL;
	double *buf = NULL;
	size_t nb, na, u;
	int rc;

	*rows = NULL;
	*n = *only_before = *only_after = 0;
	if (by != IOL_BY_APP && by != IOL_BY_USER && by != IOL_BY_PROJECT)
		return IOL_EINVAL;
	if ((rc = items_of(before, by, -1, &b, &nb, &u)) < 0 ||
	    (rc = items_of(after, by, -1, &a, &na, &u)) < 0)
		goto out;
	r = malloc((nb < na ? nb + 1 : na + 1) * sizeof(*r));
	buf = malloc((nb > na ? nb + 1 : na + 1) * sizeof(*buf));
	rc = IOL_ENOMEM;
	if (!r || !buf)
		goto out;
	rc = cmp_walk(b, nb, a, na, r, n, buf, only_before, only_after);
	*rows = r;
	r = NULL;
out:
	free(a), free(b), free(r), free(buf);
	return rc;
}

int iol_pop_load_side(struct iol_popdb *db, const char *where, const char *side,
		      struct iol_popset *set, struct iol_error *err)
{
	char *w = where ? iol_sql_mprintf("(%s) AND (%s)", where, side)
			: iol_sql_mprintf("%s", side);
	int rc;

	if (!w)
		return IOL_ENOMEM;
	rc = iol_popdb_load_some(db, w, 0, set, err);
	iol_sql_free(w);
	return rc;
}

static int trend_add(const struct iol_popjob *j, int maybe, void *arg)
{
	return iol_trend_acc_add(arg, j, maybe);
}

int iol_trend_each_share(struct iol_popdb *db, const char *where,
			 const char *conf_text, int by, int every,
			 struct iol_popset *set, struct iol_popshare *out,
			 struct iol_trend_row **rows, size_t *n,
			 size_t *undated, struct iol_error *err)
{
	struct iol_trend_acc *a;
	int rc;

	memset(out, 0, sizeof(*out));
	out->rc = -1;
	*rows = NULL;
	*n = *undated = 0;
	if (iol_trend_acc_new(by, every, &a) < 0)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	rc = iol_poptri_each_share(db, where, IOL_POPLOAD_TREND, conf_text,
				   trend_add, a, set, out, err);
	if (rc >= 0 && iol_trend_acc_rows(a, out->rc < 0 ? NULL : out->ids,
					  out->rc < 0 ? 0 : out->n, rows, n,
					  undated) < 0) {
		iol_popset_free(set);
		rc = iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	iol_trend_acc_free(a);
	return rc;
}
