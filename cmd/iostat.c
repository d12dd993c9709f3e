/*
 * iolens iostat: storage-device activity from iostat text or JSON or
 * /proc/diskstats recordings (METRICS.md section 10): throughput per
 * interval, peak, mean, CDF, idle periods as the study's Table III,
 * bursts; joined to the jobs of a population store with --db; drawn as a
 * report page with -o FILE.pdf.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/util.h"
#include "storage/devio.h"
#include "population/weather.h"
#include "render/iostat-report.h"
#include "render/report.h"
#include "base/banned.h"

static const char usage_str[] =
	"usage: iolens iostat [--bursts | --cdf | --idle | --intervals | "
	"--jobs |\n"
	"                     --summary | --table] [--burst-threshold pct] "
	"[--date when]\n"
	"                     [--db file] [--format fmt] [--idle-threshold "
	"pct]\n"
	"                     [--interval secs] [--lenient] [--min-idle "
	"secs]\n"
	"                     [--output file] recording ...\n";

static void help(void)
{
	fputs(usage_str, stdout);
	fputs("\nDevice activity from `iostat -x -t` text, `iostat -o JSON` "
	      "or\n/proc/diskstats snapshots: throughput per interval, "
	      "peak, mean,\nCDF, idle periods (Table III) and bursts, per "
	      "device and for all.\n\n"
	      "  --bursts           list bursts (runs at or above the burst "
	      "threshold)\n"
	      "  --burst-threshold pct\n"
	      "                     % of peak a burst reaches (default 50)\n"
	      "  --cdf              the throughput CDF, one row per interval\n"
	      "  --date when        PDF creation date (default: "
	      "SOURCE_DATE_EPOCH,\n"
	      "                     else the recording's start)\n"
	      "  --db file          join with the jobs of a population store\n"
	      "  --format fmt       text (default), csv, tsv, json or pdf\n"
	      "  --idle             list idle periods\n"
	      "  --idle-threshold pct\n"
	      "                     % of peak below which an interval is idle\n"
	      "                     (default 5)\n"
	      "  --interval secs    resample to this interval (60s, 5m, 1h)\n"
	      "  --intervals        throughput per interval (machine "
	      "default)\n"
	      "  --jobs             with --db: each job's device weather\n"
	      "  --lenient          skip bad lines, counting them\n"
	      "  --min-idle secs    list only idle periods this long\n"
	      "  -o, --output file  write to file; its extension chooses the "
	      "format\n"
	      "                     without --format (FILE.pdf: the report "
	      "page)\n"
	      "  --summary          one row per device\n"
	      "  --table            Table III: idle periods by duration\n"
	      "  -h, --help         show this help\n"
	      "  --version          show the version\n",
	      stdout);
}

enum {
	V_DEFAULT,
	V_INTERVALS,
	V_IDLE,
	V_BURSTS,
	V_TABLE,
	V_CDF,
	V_SUMMARY,
	V_JOBS
};

static struct {
	int view;
	double idle_pct, burst_pct, interval, min_idle;
	const char *db, *date;
	char datebuf[32];
} io;

enum {
	O_BURSTS = OPT_LAST_COMMON + 1,
	O_BTHR,
	O_CDF,
	O_DATE,
	O_DB,
	O_IDLE,
	O_ITHR,
	O_INTERVAL,
	O_INTERVALS,
	O_JOBS,
	O_MINIDLE,
	O_SUMMARY,
	O_TABLE
};

/* "60", "60s", "5m", "1h", "500ms" -> seconds */
static int parse_secs(const char *s, double *v)
{
	char *end;
	double x = strtod(s, &end);

	if (end == s || !isfinite(x) || x < 0)
		return -1;
	if (!strcmp(end, "ms"))
		x /= 1000;
	else if (!strcmp(end, "m") || !strcmp(end, "min"))
		x *= 60;
	else if (!strcmp(end, "h"))
		x *= 3600;
	else if (*end && strcmp(end, "s"))
		return -1;
	*v = x;
	return 0;
}

static int parse_pct(const char *s, const char *opt, double *v)
{
	char *end;
	double x = strtod(s, &end);

	if (end == s || *end || !(x > 0 && x <= 100)) {
		usage_error("%s wants a percentage in (0, 100], not '%s'", opt,
			    s);
		return -1;
	}
	*v = x;
	return 0;
}

static int set_view(int v)
{
	if (io.view != V_DEFAULT && io.view != v) {
		usage_error("--bursts, --cdf, --idle, --intervals, --jobs, "
			    "--summary and --table exclude each other");
		return -1;
	}
	io.view = v;
	return 1;
}

static int extra_opt(void *ctx, int opt, const char *arg)
{
	(void)ctx; /* options live in this file's statics */
	switch (opt) {
	case O_BURSTS: return set_view(V_BURSTS);
	case O_CDF: return set_view(V_CDF);
	case O_IDLE: return set_view(V_IDLE);
	case O_INTERVALS: return set_view(V_INTERVALS);
	case O_JOBS: return set_view(V_JOBS);
	case O_SUMMARY: return set_view(V_SUMMARY);
	case O_TABLE: return set_view(V_TABLE);
	case O_BTHR:
		return parse_pct(arg, "--burst-threshold", &io.burst_pct) ? -1
									  : 1;
	case O_ITHR:
		return parse_pct(arg, "--idle-threshold", &io.idle_pct) ? -1
									: 1;
	case O_DB: io.db = arg; return 1;
	case O_DATE: io.date = arg; return 1;
	case O_INTERVAL:
		if (parse_secs(arg, &io.interval) < 0 || io.interval <= 0) {
			usage_error("--interval wants a duration such as 60s, "
				    "5m or 1h, not '%s'",
				    arg);
			return -1;
		}
		return 1;
	case O_MINIDLE:
		if (parse_secs(arg, &io.min_idle) < 0) {
			usage_error("--min-idle wants a duration, not '%s'",
				    arg);
			return -1;
		}
		return 1;
	}
	return 0;
}

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

struct ctx {
	struct out o;
	struct iol_devset ds;
	struct iol_binned b;
	struct iol_devstats *st; /* ndev + 1 */
	struct iol_wjobs jobs;
	struct iol_weather w;
	int have_w;
	const char *fmtname;
};

/* the rows of the machine tables: the devices, and "all" when several */
static size_t rows(const struct ctx *c)
{
	return c->b.ndev > 1 ? c->b.ndev + 1 : c->b.ndev;
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

static void v_intervals(struct ctx *c)
{
	size_t d, k;

	out_table(&c->o, icols, 11);
	for (d = 0; d < rows(c); d++)
		for (k = 0; k < c->b.nbins; k++) {
			const struct iol_bin *x = iol_binned_at(&c->b, d, k);
			double t = c->b.t0 + (double)k * c->b.step;
			double r = iol_bin_rate(x);

			if (isnan(r))
				continue;
			out_str(&c->o, c->b.names[d]);
			out_time(&c->o, t);
			out_time(&c->o, t + c->b.step);
			out_int(&c->o, x->rbytes);
			out_int(&c->o, x->wbytes);
			out_num(&c->o, (double)x->rbytes / x->covered, 0);
			out_num(&c->o, (double)x->wbytes / x->covered, 0);
			out_num(&c->o, x->reads, 1);
			out_num(&c->o, x->writes, 1);
			out_num(&c->o,
				x->utilcov > 0 ? 100 * x->busy / x->utilcov
					       : NAN,
				1);
			out_int(&c->o, r < c->st[d].idle_bps ||
					       c->st[d].peak_bps <= 0);
			out_endrow(&c->o);
		}
	out_endtable(&c->o);
}

static const char *const pcols[] = {"device", "start",	  "end",  "seconds",
				    "bytes",  "peak_bps", "class"};

static void v_periods(struct ctx *c, int idle)
{
	size_t d, i;

	out_table(&c->o, pcols, 7);
	for (d = 0; d < rows(c); d++) {
		const struct iol_devstats *s = &c->st[d];
		size_t n = idle ? s->nidle : s->nburst;

		for (i = 0; i < n; i++) {
			const struct iol_period *p =
				idle ? &s->idle[i] : &s->burst[i];

			out_str(&c->o, c->b.names[d]);
			out_time(&c->o, p->start);
			out_time(&c->o, p->end);
			out_num(&c->o, p->end - p->start, 0);
			out_int(&c->o, p->bytes);
			out_num(&c->o, p->peak_bps, 0);
			out_str(&c->o,
				idle ? iol_idle_class_names[iol_idle_class(
					       p->end - p->start)]
				     : "burst");
			out_endrow(&c->o);
		}
	}
	out_endtable(&c->o);
}

static const char *const tcols[] = {"device", "class", "count", "minutes",
				    "pct_time"};

static void v_table(struct ctx *c)
{
	size_t d;
	int k;

	out_table(&c->o, tcols, 5);
	for (d = 0; d < rows(c); d++) {
		const struct iol_devstats *s = &c->st[d];

		for (k = 0; k < IOL_NIDLE_CLASSES; k++) {
			out_str(&c->o, c->b.names[d]);
			out_str(&c->o, iol_idle_class_names[k]);
			out_int(&c->o, s->t3_count[k]);
			out_num(&c->o, s->t3_minutes[k], 1);
			out_num(&c->o,
				s->seconds > 0 ? 100 * 60 * s->t3_minutes[k] /
							 s->seconds
					       : NAN,
				2);
			out_endrow(&c->o);
		}
	}
	out_endtable(&c->o);
}

static const char *const ccols[] = {"device", "rank", "bps", "fraction"};

static void v_cdf(struct ctx *c)
{
	size_t d, i;

	out_table(&c->o, ccols, 4);
	for (d = 0; d < rows(c); d++)
		for (i = 0; i < c->st[d].nbins; i++) {
			out_str(&c->o, c->b.names[d]);
			out_int(&c->o, (int64_t)i + 1);
			out_num(&c->o, c->st[d].sorted[i], 0);
			out_num(&c->o, (double)(i + 1) / (double)c->st[d].nbins,
				4);
			out_endrow(&c->o);
		}
	out_endtable(&c->o);
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

static void v_summary(struct ctx *c)
{
	size_t d;

	out_table(&c->o, scols, 18);
	for (d = 0; d < rows(c); d++) {
		const struct iol_devstats *s = &c->st[d];

		out_str(&c->o, c->b.names[d]);
		out_time(&c->o, c->b.t0);
		out_time(&c->o, c->b.t0 + (double)c->b.nbins * c->b.step);
		out_int(&c->o, (int64_t)s->nbins);
		out_num(&c->o, c->b.step, 3);
		out_int(&c->o, s->rbytes);
		out_int(&c->o, s->wbytes);
		out_num(&c->o, s->peak_bps, 0);
		out_time(&c->o, s->peak_start);
		out_num(&c->o, s->mean_bps, 0);
		out_num(&c->o, iol_devstats_pct(s, 50), 0);
		out_num(&c->o, iol_devstats_pct(s, 90), 0);
		out_num(&c->o, iol_devstats_pct(s, 99), 0);
		out_num(&c->o, s->idle_bps, 0);
		out_int(&c->o, (int64_t)s->nidle);
		out_num(&c->o, s->idle_seconds, 0);
		out_num(&c->o,
			s->seconds > 0 ? 100 * s->idle_seconds / s->seconds
				       : NAN,
			2);
		out_int(&c->o, (int64_t)s->nburst);
		out_endrow(&c->o);
	}
	out_endtable(&c->o);
}

static void text_rates(struct out *o, const char *what, double v)
{
	char b[32];

	fmt_bytes(b, sizeof(b), v, BYTES_TEXT);
	out_text(o, "%s%s/s", what, b);
}

static void text_table3(struct ctx *c, const struct iol_devstats *s)
{
	int k;

	out_text(&c->o, "    %-14s %6s %9s %10s\n", "duration (min)", "count",
		 "minutes", "% of time");
	for (k = 0; k < IOL_NIDLE_CLASSES; k++)
		out_text(&c->o, "    %-14s %6d %9.1f %10.2f\n",
			 iol_idle_class_names[k], s->t3_count[k],
			 s->t3_minutes[k],
			 s->seconds > 0
				 ? 100 * 60 * s->t3_minutes[k] / s->seconds
				 : 0.0);
}

static void text_device(struct ctx *c, size_t d)
{
	static const double pcts[] = {10, 25, 50, 75, 90, 99};
	const struct iol_devstats *s = &c->st[d];
	char a[32], b[32];
	size_t i;

	out_text(&c->o, "\n%s\n  read %s, written %s in %.0f s of samples\n",
		 c->b.names[d],
		 fmt_bytes(a, sizeof(a), (double)s->rbytes, BYTES_TEXT),
		 fmt_bytes(b, sizeof(b), (double)s->wbytes, BYTES_TEXT),
		 s->seconds);
	text_rates(&c->o, "  peak ", s->peak_bps);
	out_text(&c->o, " (interval from %s)",
		 iso(a, sizeof(a), s->peak_start));
	text_rates(&c->o, ", mean ", s->mean_bps);
	out_text(&c->o, "\n  throughput CDF:");
	for (i = 0; i < sizeof(pcts) / sizeof(*pcts); i++) {
		out_text(&c->o, "%s p%.0f ", i ? "," : "", pcts[i]);
		text_rates(&c->o, "", iol_devstats_pct(s, pcts[i]));
	}
	text_rates(&c->o, ", max ", s->peak_bps);
	out_text(&c->o, "\n  idle (below %g%% of peak, ", io.idle_pct);
	text_rates(&c->o, "", s->idle_bps);
	out_text(&c->o, "): %zu periods, %.1f min, %.1f%% of the time\n",
		 s->nidle, s->idle_seconds / 60,
		 s->seconds > 0 ? 100 * s->idle_seconds / s->seconds : 0.0);
	text_table3(c, s);
	out_text(&c->o, "  bursts (at or above %g%% of peak, ", io.burst_pct);
	text_rates(&c->o, "", s->burst_bps);
	out_text(&c->o, "): %zu\n", s->nburst);
}

static void text_weather(struct ctx *c)
{
	size_t i, in = 0;
	double sh = 0;
	int nsh = 0;

	for (i = 0; i < c->w.njobs; i++) {
		in += c->w.jobs[i].inside;
		if (c->w.jobs[i].inside && !isnan(c->w.jobs[i].share)) {
			sh += c->w.jobs[i].share;
			nsh++;
		}
	}
	out_text(&c->o,
		 "\njobs of %s: %zu, %zu of them inside the recording\n"
		 "  coverage: jobs explain %.1f%% of the device's bytes "
		 "(job bytes spread\n  uniformly over each run; device "
		 "bytes of all devices)\n",
		 io.db, c->w.njobs, in,
		 isnan(c->w.coverage) ? 0.0 : 100 * c->w.coverage);
	if (nsh)
		out_text(&c->o,
			 "  mean share of the device bytes of its intervals "
			 "a job explains: %.1f%%\n",
			 100 * sh / nsh);
	/* over 100 % reads as an error unless said: it is a finding */
	if (c->w.coverage > 1 || (nsh && sh / nsh > 1))
		out_text(&c->o,
			 "  over 100%%: the jobs say they moved more bytes "
			 "than reached the device\n  (writes absorbed by "
			 "the page cache and deleted or rewritten before\n"
			 "  write-back, reads served from memory, files on "
			 "another file system)\n");
}

static void v_text(struct ctx *c, int nfiles)
{
	size_t d;

	out_text(&c->o,
		 "%d recording%s (%s), %zu device%s, %zu intervals of "
		 "%g s\n",
		 nfiles, nfiles > 1 ? "s" : "", c->fmtname, c->b.ndev,
		 c->b.ndev == 1 ? "" : "s", c->b.nbins, c->b.step);
	for (d = 0; d <= c->b.ndev; d++)
		if (d < c->b.ndev || c->b.ndev > 1)
			text_device(c, d);
	if (c->have_w)
		text_weather(c);
}

static const char *const jcols[] = {
	"id",		"path",	      "app",	     "user",	"start",
	"end",		"read_bytes", "write_bytes", "job_bps", "dev_mean_bps",
	"dev_peak_bps", "share_pct",  "inside",
};

static void v_jobs(struct ctx *c)
{
	size_t i;

	out_table(&c->o, jcols, 13);
	for (i = 0; i < c->jobs.n; i++) {
		const struct iol_wjob *j = &c->jobs.v[i];
		const struct iol_wjobw *w = &c->w.jobs[i];

		out_int(&c->o, j->id);
		out_str(&c->o, j->path);
		out_str(&c->o, j->app);
		out_str(&c->o, j->user);
		out_time(&c->o, j->start);
		out_time(&c->o, j->end);
		out_int(&c->o, j->rbytes);
		out_int(&c->o, j->wbytes);
		out_num(&c->o, w->job_bps, 0);
		out_num(&c->o, w->dev_mean_bps, 0);
		out_num(&c->o, w->dev_peak_bps, 0);
		out_num(&c->o, 100 * w->share, 2);
		out_int(&c->o, w->inside);
		out_endrow(&c->o);
	}
	out_endtable(&c->o);
}

static const char *const wcols[] = {"start",	 "end",		 "device_bytes",
				    "job_bytes", "coverage_pct", "jobs"};

static void v_coverage(struct ctx *c)
{
	size_t k;

	out_table(&c->o, wcols, 6);
	for (k = 0; k < c->b.nbins; k++) {
		const struct iol_bin *x = iol_binned_at(&c->b, c->b.ndev, k);
		double t = c->b.t0 + (double)k * c->b.step;
		double db = (double)(x->rbytes + x->wbytes);

		if (x->covered <= 0)
			continue;
		out_time(&c->o, t);
		out_time(&c->o, t + c->b.step);
		out_int(&c->o, x->rbytes + x->wbytes);
		out_num(&c->o, c->w.bins[k].job_bytes, 0);
		out_num(&c->o, db > 0 ? 100 * c->w.bins[k].job_bytes / db : NAN,
			2);
		out_int(&c->o, c->w.bins[k].njobs);
		out_endrow(&c->o);
	}
	out_endtable(&c->o);
}

static int load(struct ctx *c, int argc, char **argv, int i, int lenient)
{
	struct iol_error err = {0};
	int f, first = -1, r;

	for (; i < argc; i++) {
		memset(&err, 0, sizeof(err));
		r = iol_devset_read(&c->ds, argv[i], lenient, &f, &err);
		if (r < 0) {
			if (r == IOL_EIO || !err.msg[0])
				msg_ioerr(argv[i], r, &err);
			else
				msg("cannot read '%s': %s", argv[i], err.msg);
			return -1;
		}
		if (c->ds.cut_line)
			msg("warning: '%s': the %s ends early, cut in line "
			    "%llu (the recorder was stopped while writing); "
			    "the samples before it are read",
			    argv[i],
			    f == IOL_DEVFMT_IOSTAT_JSON ? "JSON document"
							: "recording",
			    (unsigned long long)c->ds.cut_line);
		if (first < 0)
			first = f;
		c->fmtname = first == f ? iol_devfmt_name(f) : "mixed formats";
	}
	if (c->ds.skipped)
		msg("warning: %llu bad lines skipped",
		    (unsigned long long)c->ds.skipped);
	if (c->ds.resets)
		msg("warning: %llu counter resets (no interval there)",
		    (unsigned long long)c->ds.resets);
	memset(&err, 0, sizeof(err));
	r = iol_devset_finish(&c->ds, &err);
	if (r == 0 && !c->ds.ndev)
		r = iol_error_set(&err, IOL_EEMPTY,
				  "no device moved a byte in the recording");
	if (r == 0)
		r = iol_devset_bin(&c->ds, io.interval, &c->b, &err);
	if (r < 0) {
		msg("%s", err.msg[0] ? err.msg : iol_strerror(r));
		return -1;
	}
	return 0;
}

static int analyse(struct ctx *c)
{
	struct iol_error err = {0};
	uint64_t skipped = 0;
	size_t d;

	c->st = xcalloc(c->b.ndev + 1, sizeof(*c->st));
	for (d = 0; d <= c->b.ndev; d++)
		if (iol_devstats_compute(&c->b, d, io.idle_pct / 100,
					 io.burst_pct / 100, io.min_idle,
					 &c->st[d]) < 0) {
			msg("out of memory");
			return -1;
		}
	if (!io.db)
		return 0;
	if (iol_wjobs_load(io.db, &c->jobs, &skipped, &err) < 0 ||
	    iol_weather_compute(&c->b, c->b.ndev, &c->jobs, &c->w, &err) < 0) {
		msg("cannot read '%s': %s", io.db,
		    err.msg[0] ? err.msg : iol_strerror(err.code));
		return -1;
	}
	if (skipped)
		msg("warning: '%s': %llu jobs without start or end time "
		    "left out",
		    io.db, (unsigned long long)skipped);
	c->have_w = 1;
	return 0;
}

static int write_pdf(struct ctx *c, const char *path)
{
	struct iol_error err = {0};
	struct iostat_report_opts ro;
	double t;
	size_t used = 0;
	char *end;

	memset(&ro, 0, sizeof(ro));
	if (io.date) {
		t = strtod(io.date, &end);
		if (*end || end == io.date)
			t = iol_parse_stamp(io.date, &t, &used) == 0 &&
					    !io.date[used]
				    ? t
				    : -1;
	}
	if (io.date && t >= 0)
		ro.date_epoch = (int64_t)t;
	else if (io.date)
		return usage_error("--date wants YYYY-MM-DDTHH:MM:SS or epoch "
				   "seconds, not '%s'",
				   io.date);
	else
		ro.date_epoch = source_date((int64_t)floor(c->b.t0));
	ro.idle_pct = io.idle_pct;
	ro.burst_pct = io.burst_pct;
	ro.title = c->fmtname;
	if (iostat_report_write(path, &c->b, c->st, &ro, &err) < 0) {
		msg("%s", err.msg[0] ? err.msg : iol_strerror(err.code));
		report_cleanup();
		return EXIT_DATA;
	}
	report_cleanup();
	return EXIT_OK;
}

static int emit(struct ctx *c, int nfiles)
{
	if (io.view == V_JOBS && !c->have_w)
		return usage_error("--jobs needs --db");
	if (c->o.fmt == FMT_TEXT && io.view == V_DEFAULT) {
		v_text(c, nfiles);
		return 0;
	}
	switch (io.view) {
	case V_IDLE: v_periods(c, 1); break;
	case V_BURSTS: v_periods(c, 0); break;
	case V_TABLE: v_table(c); break;
	case V_CDF: v_cdf(c); break;
	case V_SUMMARY: v_summary(c); break;
	case V_JOBS: v_jobs(c); break;
	default:
		if (c->have_w && io.view == V_DEFAULT)
			v_coverage(c);
		else
			v_intervals(c);
	}
	return 0;
}

static void ctx_release(struct ctx *c)
{
	size_t d;

	if (c->st)
		for (d = 0; d <= c->b.ndev; d++)
			iol_devstats_release(&c->st[d]);
	free(c->st);
	iol_weather_release(&c->w);
	iol_wjobs_release(&c->jobs);
	iol_binned_release(&c->b);
	iol_devset_release(&c->ds);
}

int cmd_iostat(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"burst-threshold", required_argument, NULL, O_BTHR},
		{"bursts", no_argument, NULL, O_BURSTS},
		{"cdf", no_argument, NULL, O_CDF},
		{"date", required_argument, NULL, O_DATE},
		{"db", required_argument, NULL, O_DB},
		{"format", required_argument, NULL, OPT_FORMAT},
		{"help", no_argument, NULL, 'h'},
		{"idle", no_argument, NULL, O_IDLE},
		{"idle-threshold", required_argument, NULL, O_ITHR},
		{"interval", required_argument, NULL, O_INTERVAL},
		{"intervals", no_argument, NULL, O_INTERVALS},
		{"jobs", no_argument, NULL, O_JOBS},
		{"lenient", no_argument, NULL, OPT_LENIENT},
		{"min-idle", required_argument, NULL, O_MINIDLE},
		{"output", required_argument, NULL, 'o'},
		{"summary", no_argument, NULL, O_SUMMARY},
		{"table", no_argument, NULL, O_TABLE},
		{"version", no_argument, NULL, OPT_VERSION},
		{NULL, 0, NULL, 0},
	};
	struct copts co;
	struct ctx c;
	int i, r;

	memset(&io, 0, sizeof(io));
	io.idle_pct = 5;
	io.burst_pct = 50;
	memset(&c, 0, sizeof(c));
	r = copts_start(&co, argc, argv, longopts, help, extra_opt, NULL, NULL,
			&i);
	if (r >= 0)
		return r;
	if (load(&c, argc, argv, i, co.lenient) < 0 || analyse(&c) < 0) {
		ctx_release(&c);
		return EXIT_DATA;
	}
	if (co.outf == OUTF_PDF) {
		r = write_pdf(&c, co.outpath);
		ctx_release(&c);
		return r;
	}
	if (cmd_out_open(&c.o, co.outpath, co.fmt) < 0) {
		ctx_release(&c);
		return EXIT_DATA;
	}
	r = emit(&c, argc - i);
	if (cmd_out_close(&c.o, r == 0) < 0 && r == 0)
		r = EXIT_DATA;
	ctx_release(&c);
	return r;
}
