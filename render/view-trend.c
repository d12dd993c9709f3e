/*
 * The views of `iolens trend` and `iolens compare`: the population over
 * time, and a change against its noise.
 */
#include <stdio.h>
#include <string.h>

#include "render/views.h"
#include "population/popan.h"
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

static const char *const by_names[] = {"app", "user", "project"};

/* The test stated, the periods it marked counted. */
static void trend_note(struct out *o, const struct iol_trend_row *r, size_t n,
		       int by, size_t undated)
{
	char note[600];
	size_t marked = 0;

	for (size_t i = 0; i < n; i++)
		marked += r[i].mark != 0;
	snprintf(note, sizeof note,
		 "change %%: the median MiB/s/CN against the %s's previous "
		 "period with values.  mark: %zu period%s lower or higher "
		 "beyond the noise, where this period and the one before "
		 "each have %d or more jobs with MiB/s/CN, their p25-p75 "
		 "ranges do not overlap and their medians are %d%% or more "
		 "apart.  flagged %%: jobs with a triage finding of warn or "
		 "high (iolens triage --db).",
		 by_names[by], marked, marked == 1 ? "" : "s", IOL_TREND_MIN,
		 (int)(IOL_TREND_REL * 100));
	out_text(o, "\n");
	out_wrap(o, 0, note);
	if (undated)
		out_text(o, "%zu job%s without a start time left out.\n",
			 undated, undated == 1 ? "" : "s");
}

void iol_view_trend_print(struct out *o, const struct iol_trend_row *r,
			  size_t n, int by, int every, size_t undated)
{
	struct iol_col cols[sizeof trend_cols / sizeof *trend_cols];
	struct iol_view v;

	if (o->fmt == FMT_TEXT)
		out_text(o,
			 "The population per %s and %s (UTC, by start "
			 "time); MiB/s/CN: MiB/s per compute node\n\n",
			 by_names[by],
			 every == IOL_EVERY_WEEK ? "week" : "month");
	headed(&v, cols, &iol_view_trend, by_names[by]);
	out_view(o, &v);
	for (size_t i = 0; i < n; i++)
		trend_row(o, &r[i], every);
	out_endtable(o);
	if (o->fmt == FMT_TEXT)
		trend_note(o, r, n, by, undated);
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

/* The test stated, the keys on one side only counted. */
static void cmp_note(struct out *o, int by, size_t ob, size_t oa)
{
	char note[600];

	snprintf(note, sizeof note,
		 "noise %%: the pooled standard deviation of the %s's jobs / "
		 "the mean before (run-to-run variance); d: Cohen's d, the "
		 "change of the mean / that standard deviation.  lower or "
		 "higher: %d or more jobs each side, |d| >= %g and the means "
		 "%d%% or more apart.",
		 by_names[by], IOL_TREND_MIN, IOL_CMP_D,
		 (int)(IOL_TREND_REL * 100));
	out_text(o, "\n");
	out_wrap(o, 0, note);
	if (ob || oa)
		out_text(o, "%zu %s%s with jobs only before, %zu only after.\n",
			 ob, by_names[by], ob == 1 ? "" : "s", oa);
}

void iol_view_compare_print(struct out *o, const struct iol_cmp_row *r,
			    size_t n, int by, const char *before,
			    const char *after, size_t only_before,
			    size_t only_after)
{
	struct iol_col cols[sizeof cmp_cols / sizeof *cmp_cols];
	struct iol_view v;

	if (o->fmt == FMT_TEXT)
		out_text(o,
			 "MiB/s per compute node per %s, before: %s\n"
			 "                                  after:  %s\n\n",
			 by_names[by], before, after);
	headed(&v, cols, &iol_view_compare, by_names[by]);
	out_view(o, &v);
	for (size_t i = 0; i < n; i++)
		cmp_row(o, &r[i]);
	out_endtable(o);
	if (o->fmt == FMT_TEXT)
		cmp_note(o, by, only_before, only_after);
}
