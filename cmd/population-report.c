/*
 * iolens population-report: the population of a store as a multi-page
 * PDF (render/popreport.h).  The PDF's date is SOURCE_DATE_EPOCH when set,
 * else the latest job start in the store, so the same store gives the
 * same bytes.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cmd/commands.h"
#include "cmd/popcommon.h"
#include "cmd/util.h"
#include "render/popreport.h"
#include "render/report.h"
#include "base/banned.h"

static void pdf_date(const struct iol_popset *set, char *buf, size_t n)
{
	double last = 0;
	time_t t;
	struct tm tm;

	for (size_t i = 0; i < set->n; i++)
		if (!isnan(set->jobs[i].start_time) &&
		    set->jobs[i].start_time > last)
			last = set->jobs[i].start_time;
	t = (time_t)source_date((int64_t)last);
	if (!gmtime_r(&t, &tm))
		snprintf(buf, n, "1970-01-01T00:00:00");
	else
		strftime(buf, n, "%Y-%m-%dT%H:%M:%S", &tm);
}

/* The triage of the same jobs, default thresholds, on its own
 * connection: a second pass over the store that runs in a thread of its
 * own while this one loads the rows and finds the context of every job
 * (two passes over a million rows at once on two cores). */
struct tri_job {
	const char *dbpath, *where;
	struct iol_poptri tri;
	struct iol_error err;
	int rc;
};

static void *triage_run(void *arg)
{
	struct tri_job *t = arg;
	struct iol_triage_conf conf;
	struct iol_popdb *db = NULL;

	t->rc = iol_triage_conf_parse(&conf, NULL, &t->err);
	if (t->rc == 0)
		t->rc = iol_popdb_open(t->dbpath, &db, &t->err);
	if (t->rc == 0)
		t->rc = iol_poptri_run(db, t->where, &conf, IOL_SEV_WARN, 5,
				       &t->tri, &t->err);
	iol_popdb_close(db);
	return NULL;
}

/* The paths of the jobs the outliers table may show (an unusual metric;
 * every job when ctx is NULL): the only paths the report prints, so a
 * million rows load without theirs. */
static int outlier_paths(struct iol_popdb *db, const char *dbpath,
			 struct iol_popset *set, const struct iol_popout *ctx)
{
	struct iol_error err = {0};
	size_t *idx = malloc((set->n + 1) * sizeof *idx), n = 0;
	int rc;

	if (!idx) {
		msg("out of memory");
		return -1;
	}
	for (size_t i = 0; i < set->n; i++)
		for (int k = 0; k < IOL_POP_NCTX; k++)
			if (!ctx || ctx[i].verdict[k] == IOL_CTX_LOW ||
			    ctx[i].verdict[k] == IOL_CTX_HIGH) {
				idx[n++] = i;
				break;
			}
	rc = iol_popdb_load_paths(db, set, idx, n, &err);
	free(idx);
	if (rc < 0)
		msg("'%s': %s", dbpath,
		    err.msg[0] ? err.msg : iol_strerror(rc));
	return rc;
}

int cmd_population_report(int argc, char **argv)
{
	static const struct option longopts[] = {POP_LONGOPTS,
						 {NULL, 0, NULL, 0}};
	struct iol_error err = {0};
	struct iol_popset set;
	struct iol_poptri tri;
	struct tri_job tj = {0};
	struct iol_popout *ctx = NULL;
	struct iol_popdb *db;
	pthread_t tid;
	int threaded;
	struct popopts p;
	char date[32];
	int rc, first;

	rc = pop_start(&p, argc, argv, longopts, NULL, 0, NULL, &db, &first);
	if (rc >= 0)
		return rc;
	if (!p.c.outpath) {
		iol_popdb_close(db);
		return usage_error("no --output given");
	}
	/* one self-contained page, by the server module (serve/export.c) */
	if (p.c.outf == OUTF_HTML) {
		iol_popdb_close(db);
		if (!strcmp(p.c.outpath, "-"))
			return usage_error("html: --output names the file");
		return serve_pop_html(p.db, p.where, p.c.outpath);
	}
	tj.dbpath = p.db;
	tj.where = p.where;
	threaded = pthread_create(&tid, NULL, triage_run, &tj) == 0;
	/* every column but path and exe, which no page shows */
	rc = pop_load_some(&p, db, IOL_POPLOAD_BINS | IOL_POPLOAD_FW, &set);
	/* the outliers' context of every job while the triage pass runs;
	 * without memory for it the report computes it itself */
	if (rc == 0 && (ctx = calloc(set.n + 1, sizeof *ctx)) &&
	    iol_pop_context_all(&set, ctx) < 0) {
		free(ctx);
		ctx = NULL;
	}
	if (rc == 0 && outlier_paths(db, p.db, &set, ctx) < 0) {
		iol_popset_free(&set);
		rc = -1;
	}
	iol_popdb_close(db);
	if (threaded)
		pthread_join(tid, NULL);
	else if (rc == 0)
		triage_run(&tj);
	if (rc == 0 && tj.rc < 0) {
		msg("'%s': %s", p.db,
		    tj.err.msg[0] ? tj.err.msg : iol_strerror(tj.rc));
		iol_popset_free(&set);
		free(ctx);
		rc = -1;
	} else if (rc < 0 && tj.rc == 0) {
		iol_poptri_free(&tj.tri);
	}
	if (rc < 0)
		return EXIT_DATA;
	tri = tj.tri;
	pdf_date(&set, date, sizeof date);
	rc = popreport_write(&set, p.db, &tri, ctx, p.c.outpath, date, &err);
	if (rc < 0)
		msg("%s", err.msg[0] ? err.msg : iol_strerror(rc));
	free(ctx);
	iol_poptri_free(&tri);
	iol_popset_free(&set);
	report_cleanup();
	return rc < 0 ? EXIT_DATA : EXIT_OK;
}
