/*
 * I/O weather: the population store's jobs joined to a binned device
 * series.  A job's bytes are spread uniformly over its run (all a store
 * row can say); a bin's coverage is the job bytes that fall in it over
 * the device bytes of the bin.  A job's weather is the device load while
 * it ran: the device bytes of the bins it overlaps, weighted by overlap,
 * over its run; the highest bin rate; and its bytes' share of the device
 * bytes of the bins it ran in.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "population/weather.h"
#include "population/sql.h"
#include "population/store.h"
#include "base/grow.h"
#include "base/banned.h"

static char *dup_text(struct iol_sqlst *s, int col)
{
	const char *t = iol_sql_text(s, col);
	size_t n = t ? strlen(t) : 0;
	char *d = malloc(n + 1);

	if (d) {
		if (n)
			memcpy(d, t, n);
		d[n] = '\0';
	}
	return d;
}

static int row_job(struct iol_sqlst *s, struct iol_wjob *j)
{
	memset(j, 0, sizeof(*j));
	j->id = iol_sql_int(s, 0);
	j->path = dup_text(s, 1);
	j->app = dup_text(s, 2);
	j->user = dup_text(s, 3);
	j->start = iol_sql_real(s, 4);
	j->end = iol_sql_real(s, 5);
	j->rbytes = iol_sql_int(s, 6);
	j->wbytes = iol_sql_int(s, 7);
	if (!j->path || !j->app || !j->user)
		return IOL_ENOMEM;
	if (j->end < j->start || j->rbytes < 0 || j->wbytes < 0)
		return IOL_ECORRUPT;
	return 0;
}

/* "user" quoted: a key word of PostgreSQL */
static const char query[] =
	"SELECT id, path, app, \"user\", start_time, end_time, "
	"COALESCE(bytes_read, 0), COALESCE(bytes_written, 0) FROM jobs "
	"WHERE start_time IS NOT NULL AND end_time IS NOT NULL "
	"ORDER BY start_time, id";

static void count_skipped(struct iol_sql *db, uint64_t *skipped)
{
	struct iol_sqlst *s;

	if (iol_sql_prepare(db,
			    "SELECT count(*) FROM jobs WHERE start_time IS "
			    "NULL OR end_time IS NULL",
			    &s) < 0)
		return;
	if (iol_sql_step(s) == 1)
		*skipped = (uint64_t)iol_sql_int(s, 0);
	iol_sql_finalize(s);
}

int iol_wjobs_load(const char *dbpath, struct iol_wjobs *jobs,
		   uint64_t *skipped, struct iol_error *err)
{
	struct iol_sql *db = NULL;
	struct iol_sqlst *s = NULL;
	size_t cap = 0;
	int rc, r = 0;

	memset(jobs, 0, sizeof(*jobs));
	if ((r = iol_store_path_check(dbpath, err)) < 0)
		return r;
	if ((r = iol_sql_open(&db, dbpath, IOL_SQL_RO, err)) < 0)
		return r;
	if (iol_sql_prepare(db, query, &s) < 0) {
		r = iol_error_set(err, IOL_ECORRUPT,
				  "not a population store: %s",
				  iol_sql_errmsg(db));
		iol_sql_close(db);
		return r;
	}
	while ((rc = iol_sql_step(s)) == 1) {
		struct iol_wjob *n =
			iol_grow(jobs->v, &cap, jobs->n, sizeof(*n), 64);

		if (!n) {
			r = iol_error_set(err, IOL_ENOMEM, "out of memory");
			break;
		}
		jobs->v = n;
		r = row_job(s, &n[jobs->n]);
		jobs->n++;
		if (r < 0) {
			iol_error_set(err, r, "job %lld: %s",
				      (long long)n[jobs->n - 1].id,
				      r == IOL_ENOMEM
					      ? "out of memory"
					      : "ends before it starts "
						"or has negative bytes");
			break;
		}
	}
	if (r == 0 && rc < 0)
		r = iol_error_set(err, IOL_EIO, "%s", iol_sql_errmsg(db));
	iol_sql_finalize(s);
	if (r == 0 && skipped)
		count_skipped(db, skipped);
	iol_sql_close(db);
	if (r < 0)
		iol_wjobs_release(jobs);
	return r;
}

void iol_wjobs_release(struct iol_wjobs *jobs)
{
	size_t i;

	for (i = 0; i < jobs->n; i++) {
		free(jobs->v[i].path);
		free(jobs->v[i].app);
		free(jobs->v[i].user);
	}
	free(jobs->v);
	memset(jobs, 0, sizeof(*jobs));
}

/* spread one job over the bins; its weather from the same overlaps */
static void one_job(const struct iol_binned *b, size_t row,
		    const struct iol_wjob *j, struct iol_weather *w,
		    struct iol_wjobw *jw)
{
	double dur = j->end - j->start, bytes = (double)(j->rbytes + j->wbytes);
	double t1 = b->t0 + (double)b->nbins * b->step, devb = 0, span = 0;
	double touched = 0;
	double f0 = floor((j->start - b->t0) / b->step);
	size_t k = f0 < 0 ? 0 : (size_t)f0;

	jw->inside = j->start >= b->t0 && j->end <= t1;
	jw->dev_peak_bps = 0;
	for (; k < b->nbins; k++) {
		const struct iol_bin *x = iol_binned_at(b, row, k);
		double bs = b->t0 + (double)k * b->step, be = bs + b->step;
		double lo = j->start > bs ? j->start : bs;
		double hi = j->end < be ? j->end : be;
		double f = dur > 0 ? (hi - lo) / dur : (lo <= hi ? 1 : 0);
		double r = iol_bin_rate(x);

		if (bs > j->end || (dur > 0 && hi <= lo && bs >= j->end))
			break;
		if (f <= 0 && !(dur <= 0 && j->start >= bs && j->start < be))
			continue;
		w->bins[k].job_bytes += bytes * f;
		w->bins[k].njobs++;
		if (isnan(r))
			continue;
		touched += (double)(x->rbytes + x->wbytes);
		devb += r * (hi - lo);
		span += hi - lo;
		if (r > jw->dev_peak_bps)
			jw->dev_peak_bps = r;
		if (dur <= 0)
			break;
	}
	jw->dev_mean_bps = span > 0 ? devb / span : NAN;
	jw->job_bps = dur > 0 ? bytes / dur : NAN;
	/* at the bins' resolution: a job shorter than a bin is compared with
	 * the bytes of the whole bins it ran in, not with a slice of them */
	jw->share = touched > 0 ? bytes / touched : NAN;
}

int iol_weather_compute(const struct iol_binned *b, size_t row,
			const struct iol_wjobs *jobs, struct iol_weather *w,
			struct iol_error *err)
{
	size_t i, k;

	memset(w, 0, sizeof(*w));
	w->bins = calloc(b->nbins ? b->nbins : 1, sizeof(*w->bins));
	w->jobs = calloc(jobs->n ? jobs->n : 1, sizeof(*w->jobs));
	if (!w->bins || !w->jobs) {
		iol_weather_release(w);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	w->nbins = b->nbins;
	w->njobs = jobs->n;
	for (i = 0; i < jobs->n; i++)
		one_job(b, row, &jobs->v[i], w, &w->jobs[i]);
	for (k = 0; k < b->nbins; k++) {
		const struct iol_bin *x = iol_binned_at(b, row, k);
		double db = (double)(x->rbytes + x->wbytes);

		w->all_dev_bytes += db;
		w->job_bytes += w->bins[k].job_bytes;
		if (w->bins[k].njobs)
			w->dev_bytes += db;
	}
	w->coverage =
		w->all_dev_bytes > 0 ? w->job_bytes / w->all_dev_bytes : NAN;
	return 0;
}

void iol_weather_release(struct iol_weather *w)
{
	free(w->bins);
	free(w->jobs);
	memset(w, 0, sizeof(*w));
}

int iol_weather_load(const char *dbpath, const struct iol_binned *b,
		     struct iol_wjobs *jobs, struct iol_weather *w,
		     uint64_t *skipped, struct iol_error *err)
{
	int r = iol_wjobs_load(dbpath, jobs, skipped, err);

	return r < 0 ? r : iol_weather_compute(b, b->ndev, jobs, w, err);
}

int iol_weather_one(struct iol_devset *ds, double start, double end,
		    int64_t rbytes, int64_t wbytes, struct iol_wjobw *out,
		    struct iol_error *err)
{
	struct iol_binned b = {0};
	struct iol_wjob wj = {0};
	struct iol_wjobs jobs = {&wj, 1};
	struct iol_weather w = {0};
	int r;

	wj.start = start;
	wj.end = end;
	wj.rbytes = rbytes;
	wj.wbytes = wbytes;
	wj.path = wj.app = wj.user = "";
	if ((r = iol_devset_finish(ds, err)) == 0 &&
	    (r = iol_devset_bin(ds, 0, &b, err)) == 0 &&
	    (r = iol_weather_compute(&b, b.ndev, &jobs, &w, err)) == 0)
		*out = w.jobs[0];
	iol_weather_release(&w);
	iol_binned_release(&b);
	return r;
}

int iol_weather_recs(const char *const *recs, int nrecs, double start,
		     double end, int64_t rbytes, int64_t wbytes,
		     struct iol_wjobw *out, uint64_t *cut, int *bad,
		     struct iol_error *err)
{
	struct iol_devset ds = {0};
	int i, fmt, r = 0;

	*bad = -1;
	for (i = 0; i < nrecs; i++)
		cut[i] = 0;
	for (i = 0; i < nrecs && r == 0; i++) {
		if ((r = iol_devset_read(&ds, recs[i], 0, &fmt, err)) < 0)
			*bad = i;
		else
			cut[i] = ds.cut_line;
	}
	if (r == 0)
		r = iol_weather_one(&ds, start, end, rbytes, wbytes, out, err);
	iol_devset_release(&ds);
	return r;
}
