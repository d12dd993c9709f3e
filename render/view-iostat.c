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

#include "render/iostat-report.h"
#include "render/report.h"
#include "render/view-iostat.h"
#include "render/shorten.h"
#include "render/views.h"
#include "base/values.h"
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

static const struct iol_col icols[] = {
	{"device", "device", COL_STR, 0, "The device, or all of them"},
	{"start", "start", COL_STR, 0, "The interval's start, ISO 8601 UTC"},
	{"end", "end", COL_STR, 3, "Its end"},
	{"read_bytes", "read", COL_NUM, 2, "Bytes read in the interval"},
	{"write_bytes", "written", COL_NUM, 2, "Bytes written in the interval"},
	{"read_bps", "read B/s", COL_NUM, 0,
	 "Read throughput, bytes per second"},
	{"write_bps", "write B/s", COL_NUM, 0,
	 "Write throughput, bytes per second"},
	{"reads", "reads", COL_NUM, 4, "Read operations"},
	{"writes", "writes", COL_NUM, 4, "Write operations"},
	{"util", "util %", COL_NUM, 1,
	 "% of the interval busy; empty when unknown"},
	{"idle", "idle", COL_NUM, 5, "1 when below the idle threshold"},
};
const struct iol_view iol_view_iostat = IOL_VIEW("iostat", NULL, icols);

static void v_intervals(struct out *o, const struct iostat_view *v)
{
	size_t d, k;

	out_view(o, &iol_view_iostat);
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
			out_bytes(o, x->rbytes);
			out_bytes(o, x->wbytes);
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

static const struct iol_col pcols[] = {
	{"device", "device", COL_STR, 0, "The device, or all of them"},
	{"start", "start", COL_STR, 0, "The period's start, ISO 8601 UTC"},
	{"end", "end", COL_STR, 2, "Its end"},
	{"seconds", "length s", COL_NUM, 0, "Its length, seconds"},
	{"bytes", "bytes", COL_NUM, 1, "Bytes read and written in it"},
	{"peak_bps", "peak B/s", COL_NUM, 0,
	 "Its highest interval's throughput, bytes per second"},
	{"class", "class", COL_STR, 0,
	 "The Table III class of an idle period (minutes), or burst"},
};
const struct iol_view iol_view_iostat_periods =
	IOL_VIEW("iostat", "--idle, --bursts", pcols);

static void v_periods(struct out *o, const struct iostat_view *v, int idle)
{
	size_t d, i;

	out_view(o, &iol_view_iostat_periods);
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
			out_bytes(o, p->bytes);
			out_num(o, p->peak_bps, 0);
			out_str(o, idle ? iol_idle_class_names[iol_idle_class(
						  p->end - p->start)]
					: "burst");
			out_endrow(o);
		}
	}
	out_endtable(o);
}

static const struct iol_col tcols[] = {
	{"device", "device", COL_STR, 0, "The device, or all of them"},
	{"class", "duration min", COL_STR, 0,
	 "The Table III class: idle periods this long, minutes"},
	{"count", "count", COL_NUM, 0, "Idle periods of the class"},
	{"minutes", "minutes", COL_NUM, 0, "Their minutes"},
	{"pct_time", "% of time", COL_NUM, 0,
	 "Their share of the recording, %"},
};
const struct iol_view iol_view_iostat_table =
	IOL_VIEW("iostat", "--table", tcols);

static void v_table(struct out *o, const struct iostat_view *v)
{
	size_t d;
	int k;

	out_view(o, &iol_view_iostat_table);
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

static const struct iol_col ccols[] = {
	{"device", "device", COL_STR, 0, "The device, or all of them"},
	{"rank", "rank", COL_NUM, 0, "The interval's rank by throughput"},
	{"bps", "B/s", COL_NUM, 0, "Its throughput, bytes per second"},
	{"fraction", "fraction", COL_NUM, 0,
	 "Fraction of the intervals at or below it"},
};
const struct iol_view iol_view_iostat_cdf = IOL_VIEW("iostat", "--cdf", ccols);

static void v_cdf(struct out *o, const struct iostat_view *v)
{
	size_t d, i;

	out_view(o, &iol_view_iostat_cdf);
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

static const struct iol_col scols[] = {
	{"device", "device", COL_STR, 0, "The device, or all of them"},
	{"start", "start", COL_STR, 3, "The recording's start, ISO 8601 UTC"},
	{"end", "end", COL_STR, 3, "Its end"},
	{"intervals", "intervals", COL_NUM, 4, "Intervals with samples"},
	{"interval_s", "interval s", COL_NUM, 2,
	 "The interval's length, seconds"},
	{"read_bytes", "read", COL_NUM, 1, "Bytes read"},
	{"write_bytes", "written", COL_NUM, 1, "Bytes written"},
	{"peak_bps", "peak B/s", COL_NUM, 0,
	 "The highest interval's throughput, bytes per second"},
	{"peak_start", "peak at", COL_STR, 5, "That interval's start"},
	{"mean_bps", "mean B/s", COL_NUM, 0,
	 "Bytes over the seconds with samples, per second"},
	{"p50_bps", "p50 B/s", COL_NUM, 2, "Median interval throughput"},
	{"p90_bps", "p90 B/s", COL_NUM, 2, "90th percentile throughput"},
	{"p99_bps", "p99 B/s", COL_NUM, 3, "99th percentile throughput"},
	{"idle_threshold_bps", "idle below B/s", COL_NUM, 4,
	 "Throughput below which an interval is idle"},
	{"idle_periods", "idle periods", COL_NUM, 1, "Idle periods listed"},
	{"idle_seconds", "idle s", COL_NUM, 1, "Their seconds"},
	{"idle_pct", "idle %", COL_NUM, 0, "Their share of the recording, %"},
	{"bursts", "bursts", COL_NUM, 0,
	 "Runs at or above the burst threshold"},
};
const struct iol_view iol_view_iostat_summary =
	IOL_VIEW("iostat", "--summary", scols);

static void v_summary(struct out *o, const struct iostat_view *v)
{
	size_t d;

	out_view(o, &iol_view_iostat_summary);
	for (d = 0; d < iol_devreport_rows(v->r); d++) {
		const struct iol_devstats *s = &v->r->st[d];

		out_str(o, v->r->b.names[d]);
		out_time(o, v->r->b.t0);
		out_time(o, v->r->b.t0 + (double)v->r->b.nbins * v->r->b.step);
		out_int(o, (int64_t)s->nbins);
		out_num(o, v->r->b.step, 3);
		out_bytes(o, s->rbytes);
		out_bytes(o, s->wbytes);
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
	char a[32], b[32], cdf[400];
	size_t i, k;

	out_text(o, "\n%s\n  read %s, written %s in %.0f s of samples\n",
		 v->r->b.names[d],
		 fmt_bytes(a, sizeof(a), (double)s->rbytes, BYTES_TEXT),
		 fmt_bytes(b, sizeof(b), (double)s->wbytes, BYTES_TEXT),
		 s->seconds);
	text_rates(o, "  peak ", s->peak_bps);
	out_text(o, " (interval from %s)", iso(a, sizeof(a), s->peak_start));
	text_rates(o, ", mean ", s->mean_bps);
	out_text(o, "\n");
	/* the percentiles wrapped to the width, as prose */
	k = (size_t)snprintf(cdf, sizeof(cdf), "throughput CDF:");
	for (i = 0; i < sizeof(pcts) / sizeof(*pcts) && k < sizeof(cdf); i++)
		k += (size_t)snprintf(cdf + k, sizeof(cdf) - k, "%s p%.0f %s/s",
				      i ? "," : "", pcts[i],
				      fmt_bytes(a, sizeof(a),
						iol_devstats_pct(s, pcts[i]),
						BYTES_TEXT));
	if (k < sizeof(cdf))
		snprintf(cdf + k, sizeof(cdf) - k, ", max %s/s",
			 fmt_bytes(a, sizeof(a), s->peak_bps, BYTES_TEXT));
	out_wrap(o, 2, cdf);
	out_text(o, "  idle (below %g%% of peak, ", v->idle_pct);
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
	char sb[4200];
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
		 text_shorten(sb, sizeof(sb), v->db,
			      o->width > 60 ? (size_t)o->width - 50 : 0),
		 v->w->njobs, in,
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

static const struct iol_col jcols[] = {
	{"id", "id", COL_NUM, 0, "The job's row in the store"},
	{"path", "log", COL_PATH, 0, "Its log"},
	{"app", "app", COL_STR, 1, "The executable's name"},
	{"user", "user", COL_STR, 1, "The job's user"},
	{"start", "start", COL_STR, 3, "The job's start, ISO 8601 UTC"},
	{"end", "end", COL_STR, 3, "Its end"},
	{"read_bytes", "read", COL_NUM, 2, "Bytes the job read"},
	{"write_bytes", "written", COL_NUM, 2, "Bytes it wrote"},
	{"job_bps", "job B/s", COL_NUM, 0,
	 "Its bytes over its run, per second"},
	{"dev_mean_bps", "device mean B/s", COL_NUM, 0,
	 "The devices' mean throughput while it ran"},
	{"dev_peak_bps", "device peak B/s", COL_NUM, 1,
	 "Their highest interval while it ran"},
	{"share_pct", "share %", COL_NUM, 0,
	 "Share of the device bytes of its intervals the job explains, %"},
	{"inside", "inside", COL_NUM, 2,
	 "1 when the job's run lies inside the recording"},
};
const struct iol_view iol_view_iostat_jobs =
	IOL_VIEW("iostat", "--jobs", jcols);

static void v_jobs(struct out *o, const struct iostat_view *v)
{
	size_t i;

	out_view(o, &iol_view_iostat_jobs);
	for (i = 0; i < v->jobs->n; i++) {
		const struct iol_wjob *j = &v->jobs->v[i];
		const struct iol_wjobw *w = &v->w->jobs[i];

		out_int(o, j->id);
		out_str(o, j->path);
		out_str(o, j->app);
		out_str(o, j->user);
		out_time(o, j->start);
		out_time(o, j->end);
		out_bytes(o, j->rbytes);
		out_bytes(o, j->wbytes);
		out_num(o, w->job_bps, 0);
		out_num(o, w->dev_mean_bps, 0);
		out_num(o, w->dev_peak_bps, 0);
		out_num(o, 100 * w->share, 2);
		out_int(o, w->inside);
		out_endrow(o);
	}
	out_endtable(o);
}

static const struct iol_col wcols[] = {
	{"start", "start", COL_STR, 0, "The interval's start, ISO 8601 UTC"},
	{"end", "end", COL_STR, 2, "Its end"},
	{"device_bytes", "device moved", COL_NUM, 0,
	 "Bytes all devices moved in it"},
	{"job_bytes", "job bytes", COL_NUM, 0,
	 "Bytes the jobs explain (each job's spread over its run)"},
	{"coverage_pct", "coverage %", COL_NUM, 0,
	 "Job bytes over device bytes, %"},
	{"jobs", "jobs", COL_NUM, 0, "Jobs running in it"},
};
const struct iol_view iol_view_iostat_coverage =
	IOL_VIEW("iostat", "--db", wcols);

static void v_coverage(struct out *o, const struct iostat_view *v)
{
	size_t k;

	out_view(o, &iol_view_iostat_coverage);
	for (k = 0; k < v->r->b.nbins; k++) {
		const struct iol_bin *x =
			iol_binned_at(&v->r->b, v->r->b.ndev, k);
		double t = v->r->b.t0 + (double)k * v->r->b.step;
		double db = (double)(x->rbytes + x->wbytes);

		if (x->covered <= 0)
			continue;
		out_time(o, t);
		out_time(o, t + v->r->b.step);
		out_bytes(o, x->rbytes + x->wbytes);
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

int view_iostat_pdf(const char *path, const struct iol_devreport *r,
		    const struct iostat_view *v, const int64_t *date,
		    struct iol_error *err)
{
	struct iostat_report_opts ro = {0};
	int rc;

	ro.date_epoch = date ? *date : iol_source_date((int64_t)floor(r->b.t0));
	ro.idle_pct = v->idle_pct;
	ro.burst_pct = v->burst_pct;
	ro.title = iol_devreport_fmtname(r);
	rc = iostat_report_write(path, &r->b, r->st, &ro, err);
	report_cleanup();
	return rc;
}
