/*
 * The outputs of `iolens iostat` (view-iostat.h): the text report for
 * people, and the machine tables (intervals, idle periods, bursts, Table
 * III, CDF, summary, the jobs' weather and its coverage per interval).
 * Columns and their order are the stable CSV/JSON keys.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "render/view-iostat.h"
#include "base/banned.h"

/* ISO 8601 UTC, milliseconds only when the time has them */
static const char *iso(char *buf, size_t n, double t)
{
	double whole = floor(t + 0.0005);
	int ms = (int)llround((t - whole) * 1000);
	time_t s = (time_t)whole;
	struct tm tm;
	char b[40];

	if (ms < 0)
		ms = 0;
	if (!gmtime_r(&s, &tm)) {
		snprintf(buf, n, "%.3f", t);
		return buf;
	}
	strftime(b, sizeof(b), "%Y-%m-%dT%H:%M:%S", &tm);
	if (ms)
		snprintf(buf, n, "%s.%03dZ", b, ms);
	else
		snprintf(buf, n, "%sZ", b);
	return buf;
}

static void out_time(struct out *o, double t)
{
	char b[48];

	out_str(o, iso(b, sizeof(b), t));
}

static const char *const icols[] = {
	"device",    "start", "end",	"read_bytes", "write_bytes", "read_bps",
	"write_bps", "reads", "writes", "util",	      "idle",
};

static void v_intervals(struct out *o, const struct iostat_view *v)
{
	size_t d, k;

	out_table(o, icols, 11);
	for (d = 0; d < iol_devreport_rows(v->r); d++)
		for (k = 0; k < v->r->b.nbins; k++) {
			const struct iol_bin *x = iol_binned_at(&v->r->b, d, k);
			double t = v->r->b.t0 + (double)k * v->r->b.step;
			double r = iol_bin_rate(x);

			if (isnan(r))
				continue;
			out_str(o, v->r->b.names[d]);
			out_time(o, t);
			out_time(o, t + v->r->b.step);
			out_int(o, x->rbytes);
			out_int(o, x->wbytes);
			out_num(o, (double)x->rbytes / x->covered, 0);
			out_num(o, (double)x->wbytes / x->covered, 0);
			out_num(o, x->reads, 1);
			out_num(o, x->writes, 1);
			out_num(o,
				x->utilcov > 0 ? 100 * x->busy / x->utilcov
					       : NAN,
				1);
			out_int(o, r < v->r->st[d].idle_bps ||
					   v->r->st[d].peak_bps <= 0);
			out_endrow(o);
		}
	out_endtable(o);
}

static const char *const pcols[] = {"device", "start",	  "end",  "seconds",
				    "bytes",  "peak_bps", "class"};

static void v_periods(struct out *o, const struct iostat_view *v, int idle)
{
	size_t d, i;

	out_table(o, pcols, 7);
	for (d = 0; d < iol_devreport_rows(v->r); d++) {
		const struct iol_devstats *s = &v->r->st[d];
		size_t n = idle ? s->nidle : s->nburst;

		for (i = 0; i < n; i++) {
			const struct iol_period *p =
				idle ? &s->idle[i] : &s->burst[i];

			out_str(o, v->r->b.names[d]);
			out_time(o, p->start);
			out_time(o, p->end);
			out_num(o, p->end - p->start, 0);
			out_int(o, p->bytes);
			out_num(o, p->peak_bps, 0);
			out_str(o, idle ? iol_idle_class_names[iol_idle_class(
						  p->end - p->start)]
					: "burst");
			out_endrow(o);
		}
	}
	out_endtable(o);
}

static const char *const tcols[] = {"device", "class", "count", "minutes",
				    "pct_time"};

static void v_table(struct out *o, const struct iostat_view *v)
{
	size_t d;
	int k;

	out_table(o, tcols, 5);
	for (d = 0; d < iol_devreport_rows(v->r); d++) {
		const struct iol_devstats *s = &v->r->st[d];

		for (k = 0; k < IOL_NIDLE_CLASSES; k++) {
			out_str(o, v->r->b.names[d]);
			out_str(o, iol_idle_class_names[k]);
			out_int(o, s->t3_count[k]);
			out_num(o, s->t3_minutes[k], 1);
			out_num(o,
				s->seconds > 0 ? 100 * 60 * s->t3_minutes[k] /
							 s->seconds
					       : NAN,
				2);
			out_endrow(o);
		}
	}
	out_endtable(o);
}

static const char *const ccols[] = {"device", "rank", "bps", "fraction"};

static void v_cdf(struct out *o, const struct iostat_view *v)
{
	size_t d, i;

	out_table(o, ccols, 4);
	for (d = 0; d < iol_devreport_rows(v->r); d++)
		for (i = 0; i < v->r->st[d].nbins; i++) {
			out_str(o, v->r->b.names[d]);
			out_int(o, (int64_t)i + 1);
			out_num(o, v->r->st[d].sorted[i], 0);
			out_num(o, (double)(i + 1) / (double)v->r->st[d].nbins,
				4);
			out_endrow(o);
		}
	out_endtable(o);
}

static const char *const scols[] = {
	"device",	"start",
	"end",		"intervals",
	"interval_s",	"read_bytes",
	"write_bytes",	"peak_bps",
	"peak_start",	"mean_bps",
	"p50_bps",	"p90_bps",
	"p99_bps",	"idle_threshold_bps",
	"idle_periods", "idle_seconds",
	"idle_pct",	"bursts",
};

static void v_summary(struct out *o, const struct iostat_view *v)
{
	size_t d;

	out_table(o, scols, 18);
	for (d = 0; d < iol_devreport_rows(v->r); d++) {
		const struct iol_devstats *s = &v->r->st[d];

		out_str(o, v->r->b.names[d]);
		out_time(o, v->r->b.t0);
		out_time(o, v->r->b.t0 + (double)v->r->b.nbins * v->r->b.step);
		out_int(o, (int64_t)s->nbins);
		out_num(o, v->r->b.step, 3);
		out_int(o, s->rbytes);
		out_int(o, s->wbytes);
		out_num(o, s->peak_bps, 0);
		out_time(o, s->peak_start);
		out_num(o, s->mean_bps, 0);
		out_num(o, iol_devstats_pct(s, 50), 0);
		out_num(o, iol_devstats_pct(s, 90), 0);
		out_num(o, iol_devstats_pct(s, 99), 0);
		out_num(o, s->idle_bps, 0);
		out_int(o, (int64_t)s->nidle);
		out_num(o, s->idle_seconds, 0);
		out_num(o,
			s->seconds > 0 ? 100 * s->idle_seconds / s->seconds
				       : NAN,
			2);
		out_int(o, (int64_t)s->nburst);
		out_endrow(o);
	}
	out_endtable(o);
}

static void text_rates(struct out *o, const char *what, double v)
{
	char b[32];

	fmt_bytes(b, sizeof(b), v, BYTES_TEXT);
	out_text(o, "%s%s/s", what, b);
}

static void text_table3(struct out *o, const struct iol_devstats *s)
{
	int k;

	out_text(o, "    %-14s %6s %9s %10s\n", "duration (min)", "count",
		 "minutes", "% of time");
	for (k = 0; k < IOL_NIDLE_CLASSES; k++)
		out_text(o, "    %-14s %6d %9.1f %10.2f\n",
			 iol_idle_class_names[k], s->t3_count[k],
			 s->t3_minutes[k],
			 s->seconds > 0
				 ? 100 * 60 * s->t3_minutes[k] / s->seconds
				 : 0.0);
}

static void text_device(struct out *o, const struct iostat_view *v, size_t d)
{
	static const double pcts[] = {10, 25, 50, 75, 90, 99};
	const struct iol_devstats *s = &v->r->st[d];
	char a[32], b[32];
	size_t i;

	out_text(o, "\n%s\n  read %s, written %s in %.0f s of samples\n",
		 v->r->b.names[d],
		 fmt_bytes(a, sizeof(a), (double)s->rbytes, BYTES_TEXT),
		 fmt_bytes(b, sizeof(b), (double)s->wbytes, BYTES_TEXT),
		 s->seconds);
	text_rates(o, "  peak ", s->peak_bps);
	out_text(o, " (interval from %s)", iso(a, sizeof(a), s->peak_start));
	text_rates(o, ", mean ", s->mean_bps);
	out_text(o, "\n  throughput CDF:");
	for (i = 0; i < sizeof(pcts) / sizeof(*pcts); i++) {
		out_text(o, "%s p%.0f ", i ? "," : "", pcts[i]);
		text_rates(o, "", iol_devstats_pct(s, pcts[i]));
	}
	text_rates(o, ", max ", s->peak_bps);
	out_text(o, "\n  idle (below %g%% of peak, ", v->idle_pct);
	text_rates(o, "", s->idle_bps);
	out_text(o, "): %zu periods, %.1f min, %.1f%% of the time\n", s->nidle,
		 s->idle_seconds / 60,
		 s->seconds > 0 ? 100 * s->idle_seconds / s->seconds : 0.0);
	text_table3(o, s);
	out_text(o, "  bursts (at or above %g%% of peak, ", v->burst_pct);
	text_rates(o, "", s->burst_bps);
	out_text(o, "): %zu\n", s->nburst);
}

static void text_weather(struct out *o, const struct iostat_view *v)
{
	size_t i, in = 0;
	double sh = 0;
	int nsh = 0;

	for (i = 0; i < v->w->njobs; i++) {
		in += v->w->jobs[i].inside;
		if (v->w->jobs[i].inside && !isnan(v->w->jobs[i].share)) {
			sh += v->w->jobs[i].share;
			nsh++;
		}
	}
	out_text(o,
		 "\njobs of %s: %zu, %zu of them inside the recording\n"
		 "  coverage: jobs explain %.1f%% of the device's bytes "
		 "(job bytes spread\n  uniformly over each run; device "
		 "bytes of all devices)\n",
		 v->db, v->w->njobs, in,
		 isnan(v->w->coverage) ? 0.0 : 100 * v->w->coverage);
	if (nsh)
		out_text(o,
			 "  mean share of the device bytes of its intervals "
			 "a job explains: %.1f%%\n",
			 100 * sh / nsh);
	/* over 100 % reads as an error unless said: it is a finding */
	if (v->w->coverage > 1 || (nsh && sh / nsh > 1))
		out_text(o, "  over 100%%: the jobs say they moved more bytes "
			    "than reached the device\n  (writes absorbed by "
			    "the page cache and deleted or rewritten before\n"
			    "  write-back, reads served from memory, files on "
			    "another file system)\n");
}

static void v_text(struct out *o, const struct iostat_view *v)
{
	size_t d;

	out_text(o,
		 "%d recording%s (%s), %zu device%s, %zu intervals of "
		 "%g s\n",
		 v->nfiles, v->nfiles > 1 ? "s" : "",
		 iol_devreport_fmtname(v->r), v->r->b.ndev,
		 v->r->b.ndev == 1 ? "" : "s", v->r->b.nbins, v->r->b.step);
	for (d = 0; d <= v->r->b.ndev; d++)
		if (d < v->r->b.ndev || v->r->b.ndev > 1)
			text_device(o, v, d);
	if (v->w)
		text_weather(o, v);
}

static const char *const jcols[] = {
	"id",		"path",	      "app",	     "user",	"start",
	"end",		"read_bytes", "write_bytes", "job_bps", "dev_mean_bps",
	"dev_peak_bps", "share_pct",  "inside",
};

static void v_jobs(struct out *o, const struct iostat_view *v)
{
	size_t i;

	out_table(o, jcols, 13);
	for (i = 0; i < v->jobs->n; i++) {
		const struct iol_wjob *j = &v->jobs->v[i];
		const struct iol_wjobw *w = &v->w->jobs[i];

		out_int(o, j->id);
		out_str(o, j->path);
		out_str(o, j->app);
		out_str(o, j->user);
		out_time(o, j->start);
		out_time(o, j->end);
		out_int(o, j->rbytes);
		out_int(o, j->wbytes);
		out_num(o, w->job_bps, 0);
		out_num(o, w->dev_mean_bps, 0);
		out_num(o, w->dev_peak_bps, 0);
		out_num(o, 100 * w->share, 2);
		out_int(o, w->inside);
		out_endrow(o);
	}
	out_endtable(o);
}

static const char *const wcols[] = {"start",	 "end",		 "device_bytes",
				    "job_bytes", "coverage_pct", "jobs"};

static void v_coverage(struct out *o, const struct iostat_view *v)
{
	size_t k;

	out_table(o, wcols, 6);
	for (k = 0; k < v->r->b.nbins; k++) {
		const struct iol_bin *x =
			iol_binned_at(&v->r->b, v->r->b.ndev, k);
		double t = v->r->b.t0 + (double)k * v->r->b.step;
		double db = (double)(x->rbytes + x->wbytes);

		if (x->covered <= 0)
			continue;
		out_time(o, t);
		out_time(o, t + v->r->b.step);
		out_int(o, x->rbytes + x->wbytes);
		out_num(o, v->w->bins[k].job_bytes, 0);
		out_num(o, db > 0 ? 100 * v->w->bins[k].job_bytes / db : NAN,
			2);
		out_int(o, v->w->bins[k].njobs);
		out_endrow(o);
	}
	out_endtable(o);
}

void view_iostat(struct out *o, const struct iostat_view *v)
{
	if (o->fmt == FMT_TEXT && v->table == IOSTAT_DEFAULT) {
		v_text(o, v);
		return;
	}
	switch (v->table) {
	case IOSTAT_IDLE: v_periods(o, v, 1); break;
	case IOSTAT_BURSTS: v_periods(o, v, 0); break;
	case IOSTAT_TABLE: v_table(o, v); break;
	case IOSTAT_CDF: v_cdf(o, v); break;
	case IOSTAT_SUMMARY: v_summary(o, v); break;
	case IOSTAT_JOBS: v_jobs(o, v); break;
	default:
		if (v->w && v->table == IOSTAT_DEFAULT)
			v_coverage(o, v);
		else
			v_intervals(o, v);
	}
}
