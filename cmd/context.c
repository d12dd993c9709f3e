/*
 * iolens context: is this job normal?  Its key metrics beside the
 * distribution of earlier jobs of the same app in the store (and the
 * same user and nprocs when there are enough): percentile, median,
 * p10-p90, and a verdict by a stated rule (population/popan.h).  The job
 * is the store's row for the log's path, or else the log decoded with the
 * same functions as summary.
 */
#define _XOPEN_SOURCE 700
#include <stddef.h>
#include <string.h>

#include "cmd/commands.h"
#include "cmd/popcommon.h"
#include "cmd/util.h"
#include "population/popctx.h"
#include "render/view-context.h"
#include "base/banned.h"

static int decode(struct popopts *p, int argc, char **argv, int i,
		  struct iol_popjob *own)
{
	struct iol_error err = {0};
	struct iol_job *job;
	int rc, stage;

	if (cmd_load_one(&p->c.in, argc, argv, i, &job) < 0)
		return -1;
	rc = iol_popjob_of(job, &p->c.m, own, &stage, &err);
	iol_job_close(job);
	if (rc < 0 && stage == IOL_POPCTX_LOG)
		msg_ioerr(argv[i], err.code, &err);
	else if (rc < 0)
		msg("out of memory");
	return rc < 0 ? -1 : 0;
}

/* --iostat and --fsload recordings: the weather of the job
 * (population/weather.h, fsweather.h); --scope */
static struct ctxopts {
	struct cmd_list recs, fsrecs;
	int scope;
} cx;

#define AT(m) .off = offsetof(struct ctxopts, m)
static const struct cmd_opt options[] = {
	{"iostat", CO_LIST, AT(recs), "at most %d recordings", .hi = 64},
	{"fsload", CO_LIST, AT(fsrecs), "at most %d recordings", .hi = 64},
	{"scope", CO_WORD, AT(scope), "auto|app|user|nprocs", -1},
	CO_END,
};

int cmd_context(int argc, char **argv)
{
	struct iol_error err = {0};
	struct iol_wjobw wj = {0};
	struct iol_fsjob fj;
	struct iol_popjob own = {0};
	const struct iol_popjob *j;
	struct iol_popctx ctx;
	struct iol_popset one = {0};
	struct iol_popdb *db;
	struct popopts p;
	struct out o;
	int rc, first, fsrc = 1;

	/* as at a process's start: --serve-batch runs several in one */
	memset(&cx, 0, sizeof(cx));
	cx.scope = IOL_CTX_SCOPE_AUTO;
	rc = pop_begin(&p, argc, argv, (struct cmd_optset){options, &cx, 0},
		       POPTS_STORE | COPT_NODES, 1, NULL, &db, &first);
	if (rc >= 0)
		return rc;
	/* the job's row, else its log decoded, and the earlier jobs of its
	 * app, through the store's indexes */
	if ((rc = iol_popdb_find_log(db, argv[first], &one, &err)) < 0)
		msg_store(p.db, rc, &err);
	j = rc == 0 && one.n ? &one.jobs[0] : &own;
	if (rc == 0 && !one.n && decode(&p, argc, argv, first, &own) < 0)
		rc = -1;
	if (rc == 0 &&
	    (rc = iol_pop_context_in(db, p.where, j, cx.scope, &ctx, &err)) < 0)
		msg_store(p.db, rc, &err);
	iol_popdb_close(db);
	if (rc == 0 && cx.recs.n &&
	    pop_weather(cx.recs.v, cx.recs.n, j, &wj) < 0)
		rc = -1;
	if (rc == 0 &&
	    (fsrc = pop_fsweather(cx.fsrecs.v, cx.fsrecs.n, p.db, j, &fj)) < 0)
		rc = -1;
	if (rc == 0 && cmd_out_open(&o, p.c.outpath, p.c.fmt) == 0) {
		iol_view_context_print(&o, argv[first], &ctx);
		if (cx.recs.n)
			iol_view_context_print_weather(&o, argv[first], &wj);
		if (fsrc == 0)
			iol_view_context_print_fsweather(&o, argv[first], &fj);
		rc = cmd_out_close(&o, 1);
	} else if (rc == 0) {
		rc = -1;
	}
	iol_popjob_release(&own);
	iol_popset_free(&one);
	return rc < 0 ? EXIT_DATA : EXIT_OK;
}
