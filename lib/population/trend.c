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
#include "population/popan.h"
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

static int is_flagged(const struct iol_popjob *j, const int64_t *ids, size_t n)
{
	return ids && bsearch(&j->id, ids, n, sizeof(*ids), cmp_id) != NULL;
}

/* One period of one key: items it[0..n), buf room for n values. */
static void fill_row(struct iol_trend_row *r, const struct item *it, size_t n,
		     const int64_t *fl, size_t nfl, double *buf)
{
	size_t k, nm = 0;

	memset(r, 0, sizeof(*r));
	r->key = it[0].key;
	r->start = it[0].start;
	r->jobs = n;
	for (k = 0; k < n; k++) {
		const struct iol_popjob *j = it[k].j;

		if (j->nprocs != IOL_POP_NULL && isfinite(j->run_time))
			r->core_hours += (double)j->nprocs * j->run_time / 3600;
		if (j->bytes_read != IOL_POP_NULL)
			r->bytes += j->bytes_read;
		if (j->bytes_written != IOL_POP_NULL)
			r->bytes += j->bytes_written;
		if (isfinite(j->mib_s_per_node))
			buf[r->ncn++] = j->mib_s_per_node;
		r->flagged += (size_t)is_flagged(j, fl, nfl);
	}
	qsort(buf, r->ncn, sizeof(*buf), cmp_double);
	for (k = 0; k < 3; k++)
		r->cn[k] =
			r->ncn ? iol_pop_quantile(buf, r->ncn, 0.25 * (k + 1))
			       : NAN;
	for (k = 0; k < n; k++)
		if (isfinite(it[k].j->md_cost_pct))
			buf[nm++] = it[k].j->md_cost_pct;
	r->meta_pct = median_of(buf, nm);
	r->flagged_pct = fl ? 100.0 * (double)r->flagged / (double)n : NAN;
	r->change_pct = NAN;
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

int iol_pop_trend(const struct iol_popset *set, int by, int every,
		  const int64_t *flagged, size_t nflagged,
		  struct iol_trend_row **rows, size_t *n, size_t *undated)
{
	struct iol_trend_row *r;
	struct item *it;
	double *buf;
	size_t ni, i, e, nr = 0, prev = (size_t)-1;
	int rc;

	*rows = NULL;
	*n = 0;
	if (by != IOL_BY_APP && by != IOL_BY_USER && by != IOL_BY_PROJECT)
		return IOL_EINVAL;
	if ((rc = items_of(set, by, every, &it, &ni, undated)) < 0)
		return rc;
	r = malloc((ni ? ni : 1) * sizeof(*r));
	buf = malloc((ni ? ni : 1) * sizeof(*buf));
	if (!r || !buf) {
		free(it), free(r), free(buf);
		return IOL_ENOMEM;
	}
	for (i = 0; i < ni; i = e) {
		for (e = i + 1; e < ni && it[e].start == it[i].start &&
				!strcmp(it[e].key, it[i].key);
		     e++)
			;
		fill_row(&r[nr], &it[i], e - i, flagged, nflagged, buf);
		if (prev != (size_t)-1 && strcmp(r[prev].key, r[nr].key))
			prev = (size_t)-1;
		mark_row(&r[nr], prev == (size_t)-1 ? NULL : &r[prev]);
		if (r[nr].ncn)
			prev = nr;
		nr++;
	}
	free(it), free(buf);
	*rows = r;
	*n = nr;
	return 0;
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
