/*
 * The views of `iolens trend` and `iolens compare`: the population over
 * time, and a change against its noise.
 */
#include <string.h>

#include "render/views.h"
#include "population/trend.h"
#include "base/banned.h"

static const struct iol_col trend_cols[] = {
	{"group", "group", COL_STR, 0,
	 "The app, user or project (--by); headed by its name in text"},
	{"period", "period", COL_STR, 0,
	 "The UTC month (2026-06) or the Monday of the week (2026-06-01)"},
	{"jobs", "jobs", COL_NUM, 0, "Jobs started in the period"},
	{"core_hours", "core-h", COL_NUM, 3,
	 "Processes x run time / 3600, over the jobs with both"},
	{"bytes", "bytes", COL_NUM, 2, "Bytes read and written"},
	{"mib_s_per_node_p25", "p25 MiB/s/CN", COL_NUM, 1,
	 "First quartile of MiB/s per compute node (type 7)"},
	{"mib_s_per_node_median", "MiB/s/CN", COL_NUM, 0,
	 "Median MiB/s per compute node"},
	{"mib_s_per_node_p75", "p75 MiB/s/CN", COL_NUM, 1,
	 "Third quartile of MiB/s per compute node"},
	{"change_pct", "change %", COL_NUM, 0,
	 "The median against the group's previous period with values, "
	 "percent"},
	{"md_cost_pct_median", "meta %", COL_NUM, 2,
	 "Median share of I/O time in metadata (md_cost_pct)"},
	{"flagged_pct", "flagged %", COL_NUM, 1,
	 "Jobs with a triage finding of warn or high, percent; empty when "
	 "the store lacks the rules' fields"},
	{"mark", "mark", COL_STR, 0,
	 "lower or higher: moved beyond the noise of both periods; else "
	 "empty"},
};
const struct iol_view iol_view_trend = IOL_VIEW("trend", NULL, trend_cols);

static const struct iol_col cmp_cols[] = {
	{"group", "group", COL_STR, 0,
	 "The app, user or project (--by); headed by its name in text"},
	{"jobs_before", "jobs before", COL_NUM, 0,
	 "Jobs before with a MiB/s per compute node"},
	{"jobs_after", "jobs after", COL_NUM, 0,
	 "Jobs after with a MiB/s per compute node"},
	{"median_before", "median before", COL_NUM, 2,
	 "Median MiB/s per compute node before"},
	{"median_after", "median after", COL_NUM, 2,
	 "Median MiB/s per compute node after"},
	{"mean_before", "mean before", COL_NUM, 0,
	 "Mean MiB/s per compute node before"},
	{"mean_after", "mean after", COL_NUM, 0,
	 "Mean MiB/s per compute node after"},
	{"change_pct", "change %", COL_NUM, 0,
	 "Change of the mean, percent of the mean before"},
	{"noise_pct", "noise %", COL_NUM, 0,
	 "Pooled standard deviation of the jobs / mean before, percent: "
	 "the run-to-run variance"},
	{"cohen_d", "d", COL_NUM, 1,
	 "Cohen's d: change of the mean / pooled standard deviation"},
	{"verdict", "verdict", COL_STR, 0,
	 "lower, higher (beyond the noise), within noise, or too few jobs"},
};
const struct iol_view iol_view_compare = IOL_VIEW("compare", NULL, cmp_cols);

/* v with its first column headed by the --by key's name, in cols (room
 * for v->ncols): "app" rather than "group" for people. */
static void headed(struct iol_view *w, struct iol_col *cols,
		   const struct iol_view *v, const char *by)
{
	memcpy(cols, v->cols, (size_t)v->ncols * sizeof(*cols));
	cols[0].head = by;
	*w = *v;
	w->cols = cols;
}

static void mark_cell(struct out *o, int mark)
{
	if (mark)
		out_str_color(o, mark < 0 ? "lower" : "higher",
			      mark < 0 ? IOL_RED : IOL_GREEN);
	else
		out_str(o, "");
}

static void trend_row(struct out *o, const struct iol_trend_row *r, int every)
{
	char period[32];

	iol_pop_period_name(r->start, every, period, sizeof period);
	out_str(o, r->key[0] ? r->key : (o->fmt == FMT_TEXT ? "-" : ""));
	out_str(o, period);
	out_int(o, (int64_t)r->jobs);
	out_num(o, r->core_hours, 1);
	out_bytes(o, r->bytes);
	for (int k = 0; k < 3; k++)
		out_num(o, r->cn[k], 1);
	out_num(o, r->change_pct, 1);
	out_num(o, r->meta_pct, 1);
	out_num(o, r->flagged_pct, 1);
	mark_cell(o, r->mark);
	out_endrow(o);
}

void iol_view_trend_print(struct out *o, const struct iol_trend_row *r,
			  size_t n, const char *by, int every)
{
	struct iol_col cols[sizeof trend_cols / sizeof *trend_cols];
	struct iol_view v;

	headed(&v, cols, &iol_view_trend, by);
	out_view(o, &v);
	for (size_t i = 0; i < n; i++)
		trend_row(o, &r[i], every);
	out_endtable(o);
}

static void cmp_row(struct out *o, const struct iol_cmp_row *r)
{
	static const int color[] = {IOL_PLAIN, IOL_PLAIN, IOL_RED, IOL_GREEN};

	out_str(o, r->key[0] ? r->key : (o->fmt == FMT_TEXT ? "-" : ""));
	out_int(o, (int64_t)r->nb);
	out_int(o, (int64_t)r->na);
	out_num(o, r->medb, 1);
	out_num(o, r->meda, 1);
	out_num(o, r->meanb, 1);
	out_num(o, r->meana, 1);
	out_num(o, r->change_pct, 1);
	out_num(o, r->noise_pct, 1);
	out_num(o, r->d, 2);
	out_str_color(o, iol_pop_cmp_name(r->verdict), color[r->verdict]);
	out_endrow(o);
}

void iol_view_compare_print(struct out *o, const struct iol_cmp_row *r,
			    size_t n, const char *by)
{
	struct iol_col cols[sizeof cmp_cols / sizeof *cmp_cols];
	struct iol_view v;

	headed(&v, cols, &iol_view_compare, by);
	out_view(o, &v);
	for (size_t i = 0; i < n; i++)
		cmp_row(o, &r[i]);
	out_endtable(o);
}
