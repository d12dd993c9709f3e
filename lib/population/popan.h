/*
 * The population analyses of Carns et al. over job rows (METRICS.md 9):
 * groups with the Table VI means and MiB/s/CN spread (Figs. 3, 4, 5, 11),
 * the variance of similar jobs (Table IV), the context of one job among
 * earlier jobs (UMAMI), access-size CDFs (Fig. 10) and bytes per hour.
 * Rows come in as struct iol_popjob (population/popdb.h), computed by
 * iol_summary_compute when they were stored; nothing here recomputes a
 * per-job number, it only aggregates.
 *
 * Definitions, stated once here and in the man pages:
 * - percentiles: linear interpolation between closest ranks (Hyndman and
 *   Fan type 7, as R's and NumPy's default): for n sorted values x[0..n-1]
 *   and p in [0,1], h = (n-1)p, x[floor h] + (h - floor h)(x[floor h+1] -
 *   x[floor h]).
 * - job-size classes: nprocs in [2^k, 2^(k+1)): 1, 2-3, 4-7, ..., the
 *   last 65536 and more.
 * - within 1%: |a - b| <= 0.01 * max(|a|, |b|).
 *
 * Ownership: result arrays are allocated here and freed with the matching
 * *_free(); strings in results are borrowed from the set (or static).
 */
#ifndef IOLENS_POPAN_H
#define IOLENS_POPAN_H

#include <stddef.h>
#include <stdint.h>

#include "population/popdb.h"

double iol_pop_quantile(const double *sorted, size_t n, double p);
int iol_pop_within(double a, double b, double rel);

int iol_pop_size_class(int64_t nprocs);
/* "1", "2-3", ..., "65536+"; static */
const char *iol_pop_size_name(int cls);

#define IOL_POP_NSTRAT 8
extern const char *const iol_pop_strat_names[IOL_POP_NSTRAT];
int iol_pop_strat_index(const char *strategy);

/* The Table VI columns (names as in the jobs table), averaged per group. */
#define IOL_POP_NT6 8
extern const char *const iol_pop_t6_names[IOL_POP_NT6];
double iol_pop_t6_value(const struct iol_popjob *j, int k);

enum { IOL_BY_APP, IOL_BY_USER, IOL_BY_PROJECT, IOL_BY_NPROCS, IOL_BY_SIZE };
int iol_pop_by_parse(const char *s); /* -1 if none */

struct iol_popgroup {
	char key[128];
	int64_t sortkey; /* numeric groupings order by it */
	size_t jobs;
	int64_t bytes_read, bytes_written;
	double share_pct;	       /* of all bytes read + written */
	double t6[IOL_POP_NT6];	       /* means over jobs with a value */
	size_t ncn;		       /* jobs with a MiB/s/CN */
	double cn[5];		       /* min p10 median p90 max */
	int64_t strat[IOL_POP_NSTRAT]; /* jobs per strategy (Fig. 3) */
	double fw[IOL_POP_NFW];	       /* files written per job (Fig. 5) */
	double *cnv;		       /* sorted MiB/s/CN values, ncn */
};

/* The population at a glance: jobs (partial ones among them), distinct
 * users and applications (no value counting as one), bytes read and
 * written, the first start and last end (first > last: no job dated). */
struct iol_popglance {
	size_t jobs, partial, users, apps;
	double bytes_read, bytes_written, first, last;
};
/* g of set: 0, or IOL_ENOMEM. */
int iol_pop_glance(const struct iol_popset *set, struct iol_popglance *g);

/* Groups of set by `by`, ordered by key (numerically for nprocs, size).
 * Files written per job (fw) come from the rows' counts, or --by size
 * from set->fw_sum: a loaded set's rows keep no counts, so its other
 * groupings have none (NAN). */
int iol_pop_groups(const struct iol_popset *set, int by,
		   struct iol_popgroup **g, size_t *n);
void iol_pop_groups_free(struct iol_popgroup *g, size_t n);
/* ... job by job as the rows load (iol_popdb_each()), none kept: the
 * same sums in the same order, so the same groups.  _end() gives them
 * (free with iol_pop_groups_free()) and frees gr; _abort() frees all. */
struct iol_popgrp;
struct iol_popgrp *iol_pop_groups_begin(int by);
int iol_pop_groups_add(struct iol_popgrp *gr, const struct iol_popjob *j);
/* 1 when each job-size class added so far held one process count (then
 * the classes of --by size are the groups of --by nprocs). */
int iol_pop_groups_single(const struct iol_popgrp *gr);
int iol_pop_groups_end(struct iol_popgrp *gr, struct iol_popgroup **g,
		       size_t *n);
void iol_pop_groups_abort(struct iol_popgrp *gr);

/*
 * Table IV.  Jobs with partial = 1 are left out (*npartial).  The others
 * are keyed by (uid, app, nprocs, files); within a key two jobs are linked
 * when both bytes_read and bytes_written are within 1%, and a group is a
 * connected component of that relation (single linkage: sort by bytes
 * read, link neighbours, so the result does not depend on row order).
 * Only groups of at least 2 jobs are returned, ordered by uid, app,
 * nprocs, files, then smallest bytes read.
 */
struct iol_popvar {
	int64_t uid, nprocs, files;
	const char *user; /* of the group's first job (one uid, one user) */
	const char *app;
	int64_t bytes_read, bytes_written; /* of the group's first job */
	size_t jobs;
	double mean, min, max, stddev, cv; /* io_time_by_slowest, s */
};
int iol_pop_variance(const struct iol_popset *set, struct iol_popvar **v,
		     size_t *n, size_t *npartial);
/* ... from the few columns it reads, job by job as the rows load
 * (iol_popdb_each()): 64 bytes a usable job, where a row is 288.
 * Partial jobs are only counted, jobs without a value dropped. */
struct iol_popvrow {
	int64_t uid, nprocs, files, bytes_read, bytes_written;
	double io_time; /* io_time_by_slowest */
	const char *user, *app;
};
struct iol_popvrows {
	struct iol_popvrow *r;
	size_t n, cap, npartial;
};
int iol_pop_var_add(struct iol_popvrows *v, const struct iol_popjob *j);
/* Sorts rows->r in place. */
int iol_pop_variance_rows(struct iol_popvrows *rows, struct iol_popvar **v,
			  size_t *n);
void iol_pop_vrows_free(struct iol_popvrows *v);

/* The context of one job among earlier jobs (UMAMI). */
#define IOL_POP_NCTX 6
#define IOL_POP_CTX_MIN 10 /* earlier jobs needed for a verdict */
extern const char *const iol_pop_ctx_names[IOL_POP_NCTX];
double iol_pop_ctx_value(const struct iol_popjob *j, int k);

enum { IOL_CTX_FEW, IOL_CTX_NORMAL, IOL_CTX_LOW, IOL_CTX_HIGH };
struct iol_popctx_metric {
	double value;
	size_t n;	   /* earlier jobs with a value */
	double percentile; /* mid-rank: 100 (below + equal/2) / n */
	double p[5];	   /* p5 p10 median p90 p95 */
	double min, max;
	int verdict; /* IOL_CTX_* */
};
struct iol_popctx {
	char scope[160]; /* "app=ckpt-n1 user=alice nprocs=4" */
	size_t njobs;	 /* earlier jobs in that scope */
	struct iol_popctx_metric m[IOL_POP_NCTX];
};
/*
 * Earlier jobs: start_time < job's, same app, partial = 0 (the job's
 * own row, same path, never counts); narrowed to the same user, then to the
 * same nprocs, each while at least IOL_POP_CTX_MIN jobs remain.  Verdict per
 * metric: with at least IOL_POP_CTX_MIN values, LOW below p5 and HIGH
 * above p95 when it also lies a meaningful distance from the median (at
 * least IOL_POP_CTX_REL of it and iol_pop_ctx_floor(k)), else NORMAL; with
 * fewer, FEW.  Percentiles p5..p95 are type-7 quantiles (interpolated);
 * the job's percentile is its mid-rank, 100 (below + equal/2) / n, so a
 * value beyond p95 can have a mid-rank under 95 where values tie.
 */
#define IOL_POP_CTX_REL 0.10
/* The smallest difference from the median that counts for metric k, in
 * its unit: 1 MiB/s, 1 percentage point, 1 MiB, 1 file. */
double iol_pop_ctx_floor(int k);
/* Is metric k a count (bytes, files) that prints as an integer? */
int iol_pop_ctx_integer(int k);
int iol_pop_context(const struct iol_popset *set, const struct iol_popjob *job,
		    struct iol_popctx *ctx);
const char *iol_pop_verdict_name(int v);
/* The same in a scope chosen: IOL_CTX_SCOPE_AUTO as above, or the app's
 * earlier jobs alone, its user's of them, or those of its nprocs too,
 * however few (a page shows the app's and the user's side by side). */
enum {
	IOL_CTX_SCOPE_AUTO = -1,
	IOL_CTX_SCOPE_APP,
	IOL_CTX_SCOPE_USER,
	IOL_CTX_SCOPE_NPROCS
};
int iol_pop_context_at(const struct iol_popset *set, const struct iol_popjob *j,
		       int scope, struct iol_popctx *ctx);

/*
 * The context of every job of set at once, out[i] for set->jobs[i]:
 * the same scope, n, percentile and verdict as iol_pop_context() gives
 * each job, in O(n log n) per metric (sorts and Fenwick trees over each
 * scope's values in start order) instead of a pass over the set per job.
 */
struct iol_popout {
	uint32_t n[IOL_POP_NCTX];
	float pct[IOL_POP_NCTX];
	uint8_t verdict[IOL_POP_NCTX];
};
int iol_pop_context_all(const struct iol_popset *set, struct iol_popout *out);

/*
 * ... only the verdicts (v[i * IOL_POP_NCTX + k] for metric k of
 * set->jobs[i]) and, of the unusual (low or high) metrics alone, n and
 * the percentile (u, nu of them, in no order): the same numbers, 8 bytes
 * a job where struct iol_popout takes 56 (a report of a million jobs
 * shows 60 of them).  Free with iol_pop_verdicts_free().
 */
struct iol_popunusual {
	size_t job;
	int metric;
	uint32_t n;
	float pct;
};
struct iol_popverdicts {
	uint8_t *v;
	struct iol_popunusual *u;
	size_t nu;
};
int iol_pop_verdicts(const struct iol_popset *set, struct iol_popverdicts *v);
void iol_pop_verdicts_free(struct iol_popverdicts *v);

/* The unusual (low or high) metrics of the jobs of set by their context
 * ctx (ctx[i] for set->jobs[i]), the jobs latest first (start time, then
 * id), a job's metrics in iol_pop_ctx_names' order: the first max of
 * them into rows (the caller's, max long), *n of them; *total all of
 * them, in *njobs jobs.  0 or IOL_ENOMEM. */
struct iol_popoutlier {
	size_t job; /* index in set->jobs */
	int metric; /* IOL_POP_NCTX index */
};
int iol_pop_outliers(const struct iol_popset *set, const struct iol_popout *ctx,
		     size_t max, struct iol_popoutlier *rows, size_t *n,
		     size_t *total, size_t *njobs);

/* The outliers table of a report: its first IOL_POP_MAXOUT rows by
 * iol_pop_outliers() with the context of each row's job (ctx[i] of
 * rows[i]), and the counts; a million jobs' context (56 bytes a job) is
 * not kept for the 60 rows shown. */
#define IOL_POP_MAXOUT 60
struct iol_popouttab {
	struct iol_popoutlier rows[IOL_POP_MAXOUT];
	struct iol_popout ctx[IOL_POP_MAXOUT];
	size_t n, total, njobs;
};
/* t of set by its context ctx (ctx[i] for set->jobs[i]): 0 or
 * IOL_ENOMEM. */
int iol_pop_outtab(const struct iol_popset *set, const struct iol_popout *ctx,
		   struct iol_popouttab *t);
/* ... by the verdicts of iol_pop_verdicts() (the rows' ctx holds their
 * metric's n, pct and verdict): the same table. */
int iol_pop_outtab_v(const struct iol_popset *set,
		     const struct iol_popverdicts *v, struct iol_popouttab *t);

/* Fig. 10: fraction of all accesses at or below each bin (reads, writes)
 * summed over the jobs with bins. */
void iol_pop_access_cdf(const struct iol_popset *set, double rd[IOL_POP_NBINS],
			double wr[IOL_POP_NBINS], int64_t *nrd, int64_t *nwr);

/* Bytes read + written per bucket of width seconds by start time, from
 * *t0 (the first start rounded down to a multiple of width). */
int iol_pop_timeline(const struct iol_popset *set, double width, double *t0,
		     double **bytes, size_t *n);
/* ... per hour when the jobs span at least 12 hours, else the smallest
 * of a minute, 5 and 15 minutes giving at most 120 buckets (wider ones
 * when none does): *width in seconds and *wname its name ("hour"), set
 * even when the binning fails. */
int iol_pop_timeline_auto(const struct iol_popset *set, double *width,
			  const char **wname, double *t0, double **bytes,
			  size_t *n);

#endif
