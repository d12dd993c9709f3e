/*
 * iolens context: is this job normal?  Its key metrics beside the
 * distribution of earlier jobs of the same app in the store (and the
 * same user and nprocs when there are enough): percentile, median,
 * p10-p90, and a verdict by a stated rule (population/popan.h).  The job
 * is the store's row for the log's path, or else the log decoded with the
 * same functions as summary.
 */
#define _XOPEN_SOURCE 700
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/commands.h"
#include "cmd/popcommon.h"
#include "cmd/util.h"
#include "base/banned.h"

static const char usage_str[] =
	"usage: iolens context --db file [--where expr] [--nodes n] "
	"[--procs-per-node p] [--format fmt] [--output file]\n"
	"                      [--iostat recording] log\n";

static void help(void)
{
	fputs(usage_str, stdout);
	printf("\nThe job's MiB/s, MiB/s per compute node, %% time in I/O, "
	       "metadata cost,\n"
	       "bytes and files among earlier complete jobs (start_time "
	       "before its own) of the\n"
	       "same app, narrowed to the same user and then the same nprocs "
	       "while at\n"
	       "least %d jobs remain.  Percentile: 100 (below + equal/2) / n; "
	       "p5..p95\n"
	       "type 7.  Verdict: unusually low/high outside p5-p95 of at "
	       "least %d\n"
	       "earlier jobs.\n\n"
	       "  --iostat recording the storage device's activity meanwhile "
	       "(iostat text or\n"
	       "                     JSON, diskstats; repeatable): the job's "
	       "I/O weather\n"
	       "  --nodes n          compute nodes of a log not in the store\n"
	       "  --procs-per-node p ... or processes per node\n%s",
	       IOL_POP_CTX_MIN, IOL_POP_CTX_MIN, pop_help);
}

static int decode(struct popopts *p, int argc, char **argv, int i,
		  struct iol_popjob *own)
{
	struct iol_error err = {0};
	struct iol_summary s;
	struct iol_job *job;

	if (cmd_load_one(&p->c, argc, argv, i, &job) < 0)
		return -1;
	if (iol_summary_compute(job, &p->c.m, &s, &err) < 0) {
		msg_ioerr(argv[i], err.code, &err);
		iol_job_close(job);
		return -1;
	}
	pop_fill_row(own, job, &s);
	iol_job_close(job);
	return 0;
}

static const char *const cols[] = {"log",   "scope", "earlier_jobs", "metric",
				   "value", "n",     "percentile",   "min",
				   "p5",    "p10",   "median",	     "p90",
				   "p95",   "max",   "verdict"};

/* a count (bytes, files) as an integer, where it is one */
static void value(struct out *o, int k, double v, int dec)
{
	if (iol_pop_ctx_integer(k) && v == floor(v) && fabs(v) < 9e15)
		out_int(o, (int64_t)v);
	else
		out_num(o, v, iol_pop_ctx_integer(k) ? 1 : dec);
}

static void print_ctx(struct out *o, const char *log,
		      const struct iol_popctx *c)
{
	if (o->fmt == FMT_TEXT)
		out_text(
			o,
			"job:   %s\nscope: %zu earlier jobs of %s\nrule:  "
			"unusual when outside p5-p95 of at least %d earlier "
			"jobs with a value and at least %.0f %% (and 1 MiB/s, "
			"1 point, 1 MiB or 1 file) from their median\n"
			"       percentile: the share of earlier jobs below "
			"the job, ties counting half; p5..p95 interpolated\n\n",
			log, c->njobs, c->scope, IOL_POP_CTX_MIN,
			IOL_POP_CTX_REL * 100);
	out_table(o, o->fmt == FMT_TEXT ? cols + 3 : cols,
		  o->fmt == FMT_TEXT ? 12 : 15);
	for (int k = 0; k < IOL_POP_NCTX; k++) {
		const struct iol_popctx_metric *m = &c->m[k];
		if (o->fmt != FMT_TEXT) {
			out_str(o, log);
			out_str(o, c->scope);
			out_int(o, (int64_t)c->njobs);
		}
		out_str(o, iol_pop_ctx_names[k]);
		value(o, k, m->value, 2);
		out_int(o, (int64_t)m->n);
		out_num(o, m->percentile, 1);
		value(o, k, m->min, 2);
		for (int q = 0; q < 5; q++)
			value(o, k, m->p[q], 2);
		value(o, k, m->max, 2);
		out_str(o, iol_pop_verdict_name(m->verdict));
		out_endrow(o);
	}
	out_endtable(o);
}

/* --iostat recordings: the weather of the job (population/weather.h) */
enum { OPT_IOSTAT = OPT_POP_LAST + 1, MAX_REC = 64 };
static const char *recs[MAX_REC];
static int nrecs;

static int extra(int opt, const char *arg)
{
	if (opt != OPT_IOSTAT)
		return 0;
	if (nrecs == MAX_REC) {
		usage_error("at most %d recordings", MAX_REC);
		return -1;
	}
	recs[nrecs++] = arg;
	return 1;
}

static const char *const wcols[] = {
	"log",	   "inside_recording", "device_mean_bps", "device_peak_bps",
	"job_bps", "job_share_pct"};

static void print_weather(struct out *o, const char *log,
			  const struct iol_wjobw *w)
{
	if (o->fmt == FMT_TEXT) {
		out_text(o,
			 "\nI/O weather (the storage device while the job "
			 "ran%s)\n",
			 w->inside ? ""
				   : "; the run lies partly outside the "
				     "recording");
		/* the job's own rate is mib_s above (bytes / I/O time by
		 * slowest rank): a second MiB/s of it here (over its run)
		 * would be a different number under the same unit */
		out_text(o,
			 "  device  %.2f MiB/s mean, %.2f MiB/s peak\n"
			 "  the job %.1f %% of the device's bytes in its "
			 "intervals\n",
			 w->dev_mean_bps / 1048576, w->dev_peak_bps / 1048576,
			 w->share * 100);
		return;
	}
	out_table(o, wcols, 6);
	out_str(o, log);
	out_int(o, w->inside);
	out_num(o, w->dev_mean_bps, 0);
	out_num(o, w->dev_peak_bps, 0);
	out_num(o, w->job_bps, 0);
	out_num(o, 100 * w->share, 2);
	out_endrow(o);
	out_endtable(o);
}

int cmd_context(int argc, char **argv)
{
	static const struct option longopts[] = {
		POP_LONGOPTS,
		NODE_LONGOPTS,
		{"iostat", required_argument, NULL, OPT_IOSTAT},
		{NULL, 0, NULL, 0}};
	struct iol_wjobw wj = {0};
	struct iol_popjob own = {0};
	const struct iol_popjob *row;
	struct iol_popctx ctx;
	struct iol_popset set = {0}, one = {0};
	struct iol_popdb *db;
	struct popopts p;
	struct out o;
	int rc, first;

	rc = pop_start(&p, argc, argv, longopts, help, extra, 1, NULL, &db,
		       &first);
	if (rc >= 0)
		return rc;
	/* the job's row and the earlier jobs of its app, through the
	 * store's indexes: a million-job store answers in milliseconds */
	rc = pop_find(db, p.db, argv[first], &one);
	row = rc == 0 && one.n ? &one.jobs[0] : NULL;
	if (rc == 0 && !row && decode(&p, argc, argv, first, &own) < 0)
		rc = -1;
	if (rc == 0)
		rc = pop_load_earlier(db, p.db, p.where, row ? row : &own,
				      &set);
	iol_popdb_close(db);
	if (rc < 0) {
		pop_row_free(&own);
		iol_popset_free(&one);
		return EXIT_DATA;
	}
	rc = iol_pop_context(&set, row ? row : &own, &ctx);
	if (rc == 0 && nrecs &&
	    pop_weather(recs, nrecs, row ? row : &own, &wj) < 0) {
		pop_row_free(&own);
		iol_popset_free(&one);
		iol_popset_free(&set);
		return EXIT_DATA;
	}
	if (rc == 0 && cmd_out_open(&o, p.c.outpath, p.c.fmt) == 0) {
		print_ctx(&o, argv[first], &ctx);
		if (nrecs)
			print_weather(&o, argv[first], &wj);
		rc = cmd_out_close(&o, 1);
	} else if (rc) {
		msg("out of memory");
	}
	pop_row_free(&own);
	iol_popset_free(&one);
	iol_popset_free(&set);
	return rc < 0 ? EXIT_DATA : EXIT_OK;
}
