/*
 * One job among the jobs of a store: its row found by its log's path,
 * and its context (popan.h) among the earlier jobs of its app, whether
 * the store holds it or not (iolens report --db).
 *
 * Ownership: what these fill is the caller's (iol_popset_free(),
 * struct iol_popctx is plain storage).
 */
#ifndef IOLENS_POPCTX_H
#define IOLENS_POPCTX_H

#include "analysis/metrics.h"
#include "model/job.h"
#include "population/popan.h"
#include "population/popdb.h"

/* The store's row of log into one (one job or none), by the store's
 * index on path: the path as given, else made absolute.  0 or < 0 with
 * err set. */
int iol_popdb_find_log(struct iol_popdb *db, const char *log,
		       struct iol_popset *one, struct iol_error *err);

/* Where iol_pop_context_of() failed. */
enum {
	IOL_POPCTX_MEM,	  /* out of memory */
	IOL_POPCTX_OPEN,  /* the store cannot be opened */
	IOL_POPCTX_STORE, /* reading the store failed */
	IOL_POPCTX_LOG,	  /* the summary of job failed */
};
/* The row of job as ingest would store it (popjob.h), from its summary
 * with m, for a log the store lacks: 0, or < 0 with err set and *stage
 * IOL_POPCTX_LOG (the summary failed, err->code) or IOL_POPCTX_MEM. */
int iol_popjob_of(const struct iol_job *job, const struct iol_opts *m,
		  struct iol_popjob *own, int *stage, struct iol_error *err);
/*
 * The context at scope (IOL_CTX_SCOPE_*, popan.h) of job j, a row of db
 * or a log's own (iol_popjob_of()), among the earlier jobs of its app in
 * db that match where (NULL: all), by the store's (app, start_time)
 * index: a million-job store answers in milliseconds.  0, or < 0 with
 * err set (IOL_ENOMEM: its text may be empty).
 */
int iol_pop_context_in(struct iol_popdb *db, const char *where,
		       const struct iol_popjob *j, int scope,
		       struct iol_popctx *ctx, struct iol_error *err);
/*
 * The context of the job of log among the earlier jobs of the store at
 * dbpath, into *ctx: the store's row for log, else job summarised with m
 * (as ingest would store it).  0, or < 0 with err set and *stage one of
 * IOL_POPCTX_*.
 */
int iol_pop_context_of(const char *dbpath, const char *log,
		       const struct iol_job *job, const struct iol_opts *m,
		       struct iol_popctx *ctx, int *stage,
		       struct iol_error *err);

struct iol_wjob;
/*
 * The run and bytes of the job of log as context sees them (weather.h's
 * view of a job): the store's row for log, else job summarised with m,
 * into *w (its strings "", not to be freed), so that report --db joins
 * the same run to the telemetry as context does.  0, or < 0 with err set
 * and *stage one of IOL_POPCTX_*.
 */
int iol_pop_wjob_of(const char *dbpath, const char *log,
		    const struct iol_job *job, const struct iol_opts *m,
		    struct iol_wjob *w, int *stage, struct iol_error *err);

#endif
