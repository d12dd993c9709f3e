/*
 * The views of `iolens coverage`: Table II, the scheduler's jobs and
 * core-hours per project with those that left a Darshan log, and the I/O
 * APIs of the instrumented jobs.
 */
#include <math.h>
#include <stdio.h>

#include "population/popan.h"
#include "population/popdb.h"
#include "render/view-coverage.h"
#include "base/banned.h"

static const struct iol_col cols[] = {
	{"project", "project", COL_STR, 0,
	 "The scheduler's Account, (none) when it is empty; in text a last "
	 "row (all) holds the totals"},
	{"jobs", "jobs", COL_NUM, 0,
	 "The scheduler's jobs: one per job line of the accounting, steps and "
	 "jobs that never started left out"},
	{"core_hours", "core-hours", COL_NUM, 0,
	 "The sum of NCPUS x Elapsed / 3600 over those jobs; a job with either "
	 "unknown counts 0"},
	{"instrumented_jobs", "with log", COL_NUM, 0,
	 "The jobs with at least one Darshan job row joined to them (by job "
	 "id, at ingest)"},
	{"instrumented_core_hours", "with log core-hours", COL_NUM, 0,
	 "The core-hours of those jobs"},
	{"coverage_pct", "coverage %", COL_NUM, 0,
	 "100 x instrumented_core_hours / core_hours"},
};
static const struct iol_col acols[] = {
	{"api", "API", COL_STR, 0, "The I/O interface"},
	{"jobs_using", "jobs using", COL_NUM, 0,
	 "Instrumented jobs using it: one of their Darshan rows moved bytes "
	 "through it"},
	{"instrumented_jobs", "instrumented jobs", COL_NUM, 0,
	 "All the instrumented jobs"},
	{"share_pct", "share %", COL_NUM, 0,
	 "100 x jobs using / instrumented jobs"},
};

const struct iol_view iol_view_coverage = IOL_VIEW("coverage", NULL, cols);
const struct iol_view iol_view_coverage_apis =
	IOL_VIEW("coverage", "apis", acols);

static void row(struct out *o, const struct iol_popcov *r)
{
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

static void print_projects(struct out *o, const struct iol_popcov_all *c)
{
	out_view(o, &iol_view_coverage);
	for (size_t i = 0; i < c->n; i++)
		row(o, &c->p[i]);
	if (o->fmt == FMT_TEXT)
		row(o, &c->total);
	out_endtable(o);
}

static void print_apis(struct out *o, const struct iol_popcov_all *c)
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

void iol_view_coverage_print(struct out *o, const struct iol_popcov_all *c,
			     int apis_only)
{
	char note[512];

	if (o->fmt != FMT_TEXT) {
		if (apis_only)
			print_apis(o, c);
		else
			print_projects(o, c);
		return;
	}
	out_text(o, "Coverage: the scheduler's jobs with a Darshan log, per "
		    "project (Table II)\n\n");
	print_projects(o, c);
	snprintf(note, sizeof note,
		 "coverage %%: instrumented core-hours / core-hours; "
		 "core-hours: NCPUS x Elapsed.\n"
		 "%lld Darshan job rows, %lld of them without a scheduler job "
		 "(job id not in the accounting).",
		 (long long)c->darshan_jobs, (long long)c->darshan_unjoined);
	out_text(o, "\n");
	out_wrap(o, 0, note);
	snprintf(note, sizeof note,
		 "I/O APIs of the %lld instrumented jobs (a job uses an API "
		 "when its logs moved bytes through it)",
		 (long long)c->total.inst_jobs);
	out_text(o, "\n");
	out_wrap(o, 0, note);
	out_text(o, "\n");
	print_apis(o, c);
}
