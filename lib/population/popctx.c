/*
 * One job among the jobs of a store (popctx.h).
 */
#define _XOPEN_SOURCE 700
#include <stdlib.h>

#include "population/popctx.h"
#include "population/popjob.h"
#include "population/weather.h"
#include "base/banned.h"

int iol_popdb_find_log(struct iol_popdb *db, const char *log,
		       struct iol_popset *one, struct iol_error *err)
{
	char *rp = realpath(log, NULL);
	int rc = iol_popdb_load_path(db, log, rp, one, err);

	free(rp);
	return rc;
}

int iol_popjob_of(const struct iol_job *job, const struct iol_opts *m,
		  struct iol_popjob *own, int *stage, struct iol_error *err)
{
	struct iol_summary s;
	int rc = iol_summary_compute(job, m, &s, err);

	if (rc < 0) {
		*stage = IOL_POPCTX_LOG;
		return rc;
	}
	if ((rc = iol_popjob_fill(own, job, &s)) < 0)
		*stage = IOL_POPCTX_MEM;
	return rc;
}

int iol_pop_context_in(struct iol_popdb *db, const char *where,
		       const struct iol_popjob *j, int scope,
		       struct iol_popctx *ctx, struct iol_error *err)
{
	struct iol_popset set = {0};
	int rc = iol_popdb_load_earlier(db, where, j->app, j->start_time, &set,
					err);

	if (rc == 0 && iol_pop_context_at(&set, j, scope, ctx))
		rc = IOL_ENOMEM;
	iol_popset_free(&set);
	return rc;
}

int iol_pop_context_of(const char *dbpath, const char *log,
		       const struct iol_job *job, const struct iol_opts *m,
		       struct iol_popctx *ctx, int *stage,
		       struct iol_error *err)
{
	struct iol_popjob own = {0};
	const struct iol_popjob *row;
	struct iol_popset one = {0};
	struct iol_popdb *db;
	int rc;

	*stage = IOL_POPCTX_OPEN;
	if ((rc = iol_popdb_open(dbpath, &db, err)) < 0)
		return rc;
	*stage = IOL_POPCTX_STORE;
	rc = iol_popdb_find_log(db, log, &one, err);
	row = rc == 0 && one.n ? &one.jobs[0] : NULL;
	if (rc == 0 && !row)
		rc = iol_popjob_of(job, m, &own, stage, err);
	if (rc == 0 && (rc = iol_pop_context_in(db, NULL, row ? row : &own,
						IOL_CTX_SCOPE_AUTO, ctx,
						err)) == IOL_ENOMEM)
		*stage = IOL_POPCTX_MEM;
	iol_popdb_close(db);
	iol_popjob_release(&own);
	iol_popset_free(&one);
	return rc;
}

int iol_pop_wjob_of(const char *dbpath, const char *log,
		    const struct iol_job *job, const struct iol_opts *m,
		    struct iol_wjob *w, int *stage, struct iol_error *err)
{
	struct iol_popjob own = {0};
	struct iol_popset one = {0};
	struct iol_popdb *db;
	int rc;

	*stage = IOL_POPCTX_OPEN;
	if ((rc = iol_popdb_open(dbpath, &db, err)) < 0)
		return rc;
	*stage = IOL_POPCTX_STORE;
	rc = iol_popdb_find_log(db, log, &one, err);
	iol_popdb_close(db);
	if (rc == 0 && one.n)
		iol_wjob_of_popjob(w, &one.jobs[0]);
	else if (rc == 0 && (rc = iol_popjob_of(job, m, &own, stage, err)) == 0)
		iol_wjob_of_popjob(w, &own);
	iol_popjob_release(&own);
	iol_popset_free(&one);
	return rc;
}
