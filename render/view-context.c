/*
 * The views of `iolens context`: the job's key metrics among the
 * earlier jobs of its app (population/popan.h), with --iostat its I/O
 * weather, with --fsload its file system's (population/fsweather.h).  Text
 * gives each metric its unit in its name and bytes in binary units; the machine
 * formats keep the metric keys and raw values.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "population/popan.h"
#include "render/obuf.h"
#include "render/view-context.h"
#include "base/banned.h"

static const struct iol_col cols[] = {
	{"log", "log", COL_PATH, 0, "The job's log"},
	{"scope", "scope", COL_STR, 0,
	 "The earlier jobs compared: of its app, user and nprocs while at "
	 "least 10 remain"},
	{"earlier_jobs", "earlier jobs", COL_NUM, 0, "How many"},
	{"metric", "metric", COL_STR, 0,
	 "mib_s, mib_s_per_node, pct_io_time_slowest, md_cost_pct, bytes or "
	 "files"},
	{"value", "job", COL_NUM, 0, "The job's value"},
	{"n", "n", COL_NUM, 3, "Earlier jobs with a value"},
	{"percentile", "percentile", COL_NUM, 0, "100 (below + equal / 2) / n"},
	{"min", "min", COL_NUM, 2, "The lowest earlier value"},
	{"p5", "p5", COL_NUM, 4,
	 "5th percentile of the earlier values (type 7)"},
	{"p10", "p10", COL_NUM, 1, "10th percentile"},
	{"median", "median", COL_NUM, 0, "The median"},
	{"p90", "p90", COL_NUM, 1, "90th percentile"},
	{"p95", "p95", COL_NUM, 4, "95th percentile"},
	{"max", "max", COL_NUM, 2, "The highest earlier value"},
	{"verdict", "verdict", COL_STR, 0,
	 "normal, unusually low, unusually high, or too few earlier jobs"},
};
static const struct iol_col wcols[] = {
	{"log", "log", COL_PATH, 0, "The job's log"},
	{"inside_recording", "inside", COL_NUM, 0,
	 "1 when the job's run lies inside the recording"},
	{"device_mean_bps", "device mean B/s", COL_NUM, 0,
	 "The devices' mean bytes per second while the job ran"},
	{"device_peak_bps", "device peak B/s", COL_NUM, 0,
	 "Their peak bytes per second in an interval"},
	{"job_bps", "job B/s", COL_NUM, 0,
	 "The job's bytes per second over its run"},
	{"job_share_pct", "job share %", COL_NUM, 0,
	 "The job's share of the devices' bytes in its intervals, percent"},
};

const struct iol_view iol_view_context = IOL_VIEW("context", NULL, cols);
const struct iol_view iol_view_context_weather =
	IOL_VIEW("context", "weather", wcols);
/* text: the metrics, the job and its scope said above the table */
static const struct iol_view text_view = {"context", "text", cols + 3, 12};

/* the metrics for people, with their units */
static const char *const human[IOL_POP_NCTX] = {
	"MiB/s", "MiB/s/node", "I/O time %", "metadata %", "bytes", "files"};

/* a count (bytes, files) as an integer, where it is one; bytes in binary
 * units for people */
static void value(struct out *o, int k, double v, int dec)
{
	char b[32];

	if (o->fmt == FMT_TEXT && !isnan(v) && k == 4)
		out_numstr(o, fmt_bytes(b, sizeof b, v, BYTES_TEXT));
	else if (iol_pop_ctx_integer(k) && v == floor(v) && fabs(v) < 9e15)
		out_int(o, (int64_t)v);
	else
		out_num(o, v, iol_pop_ctx_integer(k) ? 1 : dec);
}

static void verdict(struct out *o, int v)
{
	int color = v == 2 || v == 3 ? IOL_YELLOW : IOL_PLAIN;

	out_str_color(o, iol_pop_verdict_name(v), color);
}

/* s into b shortened in the middle with "…" to at most w characters
 * when the output fits text to a width (UTF-8 sequences kept whole) */
static const char *middle(char *b, size_t n, const char *s, int w)
{
	size_t l = strlen(s), head, tail;

	if (w <= 0 || l <= (size_t)w || w < 12 || n < (size_t)w + 4)
		return s;
	tail = (size_t)w * 2 / 3;
	head = (size_t)w - tail - 1;
	while (head && ((unsigned char)s[head] & 0xC0) == 0x80)
		head--;
	while (tail && ((unsigned char)s[l - tail] & 0xC0) == 0x80)
		tail--;
	snprintf(b, n, "%.*s…%s", (int)head, s, s + l - tail);
	return b;
}

static void head(struct out *o, const char *log, const struct iol_popctx *c)
{
	char rule[512], name[1024];

	out_text(o, "job:   %s\nscope: %zu earlier jobs of %s\n",
		 middle(name, sizeof name, log, o->width - 7), c->njobs,
		 c->scope);
	snprintf(rule, sizeof rule,
		 "rule:  unusual when outside p5-p95 of at least %d earlier "
		 "jobs with a value and at least %.0f %% (and 1 MiB/s, 1 "
		 "point, 1 MiB or 1 file) from their median; percentile: the "
		 "share of earlier jobs below the job, ties counting half; "
		 "p5..p95 interpolated",
		 IOL_POP_CTX_MIN, IOL_POP_CTX_REL * 100);
	out_wrap(o, 0, rule);
	out_text(o, "\n");
}

void iol_view_context_print(struct out *o, const char *log,
			    const struct iol_popctx *c)
{
	if (o->fmt == FMT_TEXT) {
		head(o, log, c);
		out_view(o, &text_view);
	} else {
		out_view(o, &iol_view_context);
	}
	for (int k = 0; k < IOL_POP_NCTX; k++) {
		const struct iol_popctx_metric *m = &c->m[k];
		if (o->fmt != FMT_TEXT) {
			out_str(o, log);
			out_str(o, c->scope);
			out_int(o, (int64_t)c->njobs);
		}
		out_str(o,
			o->fmt == FMT_TEXT ? human[k] : iol_pop_ctx_names[k]);
		value(o, k, m->value, 2);
		out_int(o, (int64_t)m->n);
		out_num(o, m->percentile, 1);
		value(o, k, m->min, 2);
		for (int q = 0; q < 5; q++)
			value(o, k, m->p[q], 2);
		value(o, k, m->max, 2);
		verdict(o, m->verdict);
		out_endrow(o);
	}
	out_endtable(o);
}

void iol_view_context_print_weather(struct out *o, const char *log,
				    const struct iol_wjobw *w)
{
	if (o->fmt == FMT_TEXT) {
		out_text(o,
			 "\nI/O weather (the storage device while the job "
			 "ran%s)\n",
			 w->inside ? ""
				   : "; the run lies partly outside the "
				     "recording");
		/* the job's own rate is MiB/s above (bytes / I/O time by
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
	out_view(o, &iol_view_context_weather);
	out_str(o, log);
	out_int(o, w->inside);
	out_num(o, w->dev_mean_bps, 0);
	out_num(o, w->dev_peak_bps, 0);
	out_num(o, w->job_bps, 0);
	out_num(o, 100 * w->share, 2);
	out_endrow(o);
	out_endtable(o);
}

static const struct iol_col fs_cols[] = {
	{"log", "log", COL_PATH, 0, "the job's log"},
	{"inside_recording", "inside", COL_NUM, 0,
	 "1 when the run lies inside the recordings"},
	{"fs_bytes", "FS bytes", COL_NUM, 0,
	 "the file system's bytes while the job ran"},
	{"other_bytes", "other bytes", COL_NUM, 0,
	 "of them not the job's (< 0: the job says more)"},
	{"job_share_pct", "share %", COL_NUM, 0,
	 "the job's bytes over the file system's in its bins"},
	{"server_cpu_pct", "OSS CPU %", COL_NUM, 1,
	 "data servers' CPU, mean in the run"},
	{"mds_cpu_pct", "MDS CPU %", COL_NUM, 1,
	 "metadata servers' CPU, mean in the run"},
	{"md_ops", "MD ops", COL_NUM, 1, "metadata operations in the run"},
};
/* context's own: not in the registry until context's tables are views */
static const struct iol_view fs_view = IOL_VIEW("context", "fsload", fs_cols);

static void num_or_null(struct out *o, double v, int prec)
{
	if (isnan(v))
		out_null(o);
	else
		out_num(o, v, prec);
}

void iol_view_context_print_fsweather(struct out *o, const char *log,
				      const struct iol_fsjob *f)
{
	char a[32], b[32];

	if (o->fmt == FMT_TEXT) {
		out_text(o,
			 "\nFile-system weather (its servers while the job "
			 "ran%s)\n",
			 f->w.inside ? ""
				     : "; the run lies partly outside the "
				       "recordings");
		out_text(o,
			 "  file system  %s moved, %s of it other traffic; "
			 "the job %.1f %% of it\n",
			 fmt_bytes(a, sizeof(a), f->fs_bytes, BYTES_TEXT),
			 fmt_bytes(b, sizeof(b),
				   f->other_bytes > 0 ? f->other_bytes : 0,
				   BYTES_TEXT),
			 100 * f->w.share);
		out_text(o,
			 "  servers      OSS CPU %.1f %%, MDS CPU %.1f %%, "
			 "%.0f metadata operations\n",
			 f->cpu_mean, f->md_cpu_mean, f->md_ops);
		return;
	}
	out_view(o, &fs_view);
	out_str(o, log);
	out_int(o, f->w.inside);
	out_num(o, f->fs_bytes, 0);
	out_num(o, f->other_bytes, 0);
	num_or_null(o, 100 * f->w.share, 2);
	num_or_null(o, f->cpu_mean, 2);
	num_or_null(o, f->md_cpu_mean, 2);
	out_num(o, f->md_ops, 0);
	out_endrow(o);
	out_endtable(o);
}
