/*
 * The views of `iolens coverage`: Table II of Carns et al., the
 * scheduler's jobs beside those with a Darshan log per project (or
 * partition, or month and either), and the I/O APIs of the jobs with a
 * log.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/views.h"
#include "population/popdb.h"
#include "base/banned.h"

static const struct iol_col cols[] = {
	{"period", "period", COL_STR, 0,
	 "With --every month: the UTC month (2026-06); absent otherwise"},
	{"project", "project", COL_STR, 0,
	 "The Account, (none) when empty; partition with --by partition"},
	{"jobs", "jobs", COL_NUM, 0,
	 "The scheduler's jobs started in the range"},
	{"core_hours", "core-h", COL_NUM, 1,
	 "Their core-hours: NCPUS x Elapsed / 3600, unknown counting 0"},
	{"instrumented_jobs", "logged jobs", COL_NUM, 0,
	 "Those with at least one Darshan job row joined (by job id, at "
	 "ingest)"},
	{"instrumented_core_hours", "logged core-h", COL_NUM, 1,
	 "Their core-hours"},
	{"coverage_pct", "coverage %", COL_NUM, 0,
	 "100 x instrumented core-hours / core-hours"},
};
const struct iol_view iol_view_coverage = IOL_VIEW("coverage", NULL, cols);

static const struct iol_col api_cols[] = {
	{"api", "API", COL_STR, 0, "POSIX, MPI-IO, HDF5, PnetCDF or STDIO"},
	{"jobs_using", "jobs using", COL_NUM, 0,
	 "Instrumented jobs whose logs moved bytes through the API"},
	{"instrumented_jobs", "logged jobs", COL_NUM, 1,
	 "The scheduler's jobs with a Darshan log"},
	{"share_pct", "share %", COL_NUM, 0,
	 "100 x jobs_using / instrumented_jobs"},
};
const struct iol_view iol_view_coverage_apis =
	IOL_VIEW("coverage", "apis", api_cols);

/* The main table's columns as this run's options make them: the period
 * only a month to a row, the second named by --by.  Static: out_view()
 * borrows them for the life of the table. */
static const struct iol_view *shaped(int monthly, int by_part)
{
	static struct iol_col c[sizeof cols / sizeof *cols];
	static struct iol_view v;

	memcpy(c, cols, sizeof c);
	if (by_part)
		c[1].key = c[1].head = "partition";
	v = iol_view_coverage;
	v.cols = monthly ? c : c + 1;
	v.ncols = monthly ? v.ncols : v.ncols - 1;
	return &v;
}

static void row(struct out *o, const char *period, const struct iol_popcov *r)
{
	if (period)
		out_str(o, period);
	out_str(o, r->project);
	out_int(o, r->jobs);
	out_num(o, r->core_hours, 1);
	out_int(o, r->inst_jobs);
	out_num(o, r->inst_core_hours, 1);
	out_num(o,
		r->core_hours > 0 ? 100.0 * (r->inst_core_hours / r->core_hours)
				  : NAN,
		1);
	out_endrow(o);
}

/* c's rows (and in text its total) */
static void rows(struct out *o, const struct iol_popcov_all *c,
		 const char *period)
{
	for (size_t i = 0; i < c->n; i++)
		row(o, period, &c->p[i]);
	if (o->fmt == FMT_TEXT && c->n)
		row(o, period, &c->total);
}

static void apis(struct out *o, const struct iol_popcov_all *c)
{
	out_view(o, &iol_view_coverage_apis);
	for (int k = 0; k < IOL_POP_NAPI; k++) {
		out_str(o, iol_pop_api_names[k]);
		out_int(o, c->api[k]);
		out_int(o, c->total.inst_jobs);
		out_num(o,
			c->total.inst_jobs ? 100.0 * (double)c->api[k] /
						     (double)c->total.inst_jobs
					   : NAN,
			1);
		out_endrow(o);
	}
	out_endtable(o);
}

static void projects(struct out *o, const struct iol_popcov_all *c,
		     const struct iol_popcov_month *m, size_t nm, int by_part)
{
	out_view(o, shaped(m != NULL, by_part));
	if (m)
		for (size_t i = 0; i < nm; i++)
			rows(o, &m[i].c, m[i].period);
	else
		rows(o, c, NULL);
	out_endtable(o);
}

void iol_view_coverage_print(struct out *o, const struct iol_popcov_all *c,
			     const struct iol_popcov_month *m, size_t nm,
			     int by_part, int apis_only)
{
	char buf[512];

	if (o->fmt != FMT_TEXT) {
		if (apis_only)
			apis(o, c);
		else
			projects(o, c, m, nm, by_part);
		return;
	}
	snprintf(buf, sizeof buf,
		 "Coverage: the scheduler's jobs with a Darshan log, per "
		 "%s%s (Table II)\n\n",
		 m ? "month and " : "", by_part ? "partition" : "project");
	out_wrap(o, 0, buf);
	projects(o, c, m, nm, by_part);
	snprintf(buf, sizeof buf,
		 "\ncoverage %%: logged core-hours / core-hours; core-hours: "
		 "NCPUS x Elapsed.\n"
		 "%lld Darshan job rows, %lld of them without a scheduler job "
		 "(job id not in the accounting).\n\n"
		 "I/O APIs of the %lld logged jobs (a job uses an API "
		 "when its logs moved bytes through it)\n\n",
		 (long long)c->darshan_jobs, (long long)c->darshan_unjoined,
		 (long long)c->total.inst_jobs);
	out_wrap(o, 0, buf);
	apis(o, c);
}
