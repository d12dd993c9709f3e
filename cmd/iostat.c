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

#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/util.h"
#include "storage/devreport.h"
#include "population/weather.h"
#include "render/iostat-report.h"
#include "render/report.h"
#include "render/view-iostat.h"
#include "base/banned.h"

static struct {
	struct iostat_view v; /* the table and what its text says */
	double interval, min_idle;
	const char *date;
} io;

/* O_VIEW + IOSTAT_*: the options that choose a table */
enum {
	O_BTHR = OPT_LAST_COMMON + 1,
	O_DATE,
	O_DB,
	O_ITHR,
	O_INTERVAL,
	O_MINIDLE,
	O_VIEW
};

/* 1 (the option taken), or -1 after a usage message */
static int parse_pct(const char *s, const char *opt, double *v)
{
	char *end;
	double x = strtod(s, &end);

	if (end != s && !*end && x > 0 && x <= 100) {
		*v = x;
		return 1;
	}
	usage_error("%s wants a percentage in (0, 100], not '%s'", opt, s);
	return -1;
}

static int set_view(int v)
{
	if (io.v.table != IOSTAT_DEFAULT && io.v.table != v) {
		usage_error("--bursts, --cdf, --idle, --intervals, --jobs, "
			    "--summary and --table exclude each other");
		return -1;
	}
	io.v.table = v;
	return 1;
}

static int extra_opt(void *ctx, int opt, const char *arg)
{
	(void)ctx; /* options live in this file's statics */
	if (opt > O_VIEW && opt <= O_VIEW + IOSTAT_JOBS)
		return set_view(opt - O_VIEW);
	switch (opt) {
	case O_BTHR:
		return parse_pct(arg, "--burst-threshold", &io.v.burst_pct);
	case O_ITHR: return parse_pct(arg, "--idle-threshold", &io.v.idle_pct);
	case O_DB: io.v.db = arg; return 1;
	case O_DATE: io.date = arg; return 1;
	case O_INTERVAL:
		if (iol_parse_duration(arg, &io.interval) == 0 &&
		    io.interval > 0)
			return 1;
		usage_error("--interval wants a duration such as 60s, 5m or "
			    "1h, not '%s'",
			    arg);
		return -1;
	case O_MINIDLE:
		if (iol_parse_duration(arg, &io.min_idle) == 0)
			return 1;
		usage_error("--min-idle wants a duration, not '%s'", arg);
		return -1;
	}
	return 0;
}

struct ctx {
	struct out o;
	struct iol_devreport r;
	struct iol_wjobs jobs;
	struct iol_weather w;
};

/* the recordings, each said by name when cut or bad, then the numbers */
static int load(struct ctx *c, int argc, char **argv, int i, int lenient)
{
	struct iol_error err = {0};
	int f, r;

	for (; i < argc; i++) {
		memset(&err, 0, sizeof(err));
		r = iol_devreport_read(&c->r, argv[i], lenient, &f, &err);
		if (r < 0) {
			if (r == IOL_EIO || !err.msg[0])
				msg_ioerr(argv[i], r, &err);
			else
				msg("cannot read '%s': %s", argv[i], err.msg);
			return -1;
		}
		if (c->r.ds.cut_line)
			msg("warning: '%s': the %s ends early, cut in line "
			    "%llu (the recorder was stopped while writing); "
			    "the samples before it are read",
			    argv[i],
			    f == IOL_DEVFMT_IOSTAT_JSON ? "JSON document"
							: "recording",
			    (unsigned long long)c->r.ds.cut_line);
	}
	if (c->r.ds.skipped)
		msg("warning: %llu bad lines skipped",
		    (unsigned long long)c->r.ds.skipped);
	if (c->r.ds.resets)
		msg("warning: %llu counter resets (no interval there)",
		    (unsigned long long)c->r.ds.resets);
	memset(&err, 0, sizeof(err));
	r = iol_devreport_analyse(&c->r, io.interval, io.v.idle_pct / 100,
				  io.v.burst_pct / 100, io.min_idle, &err);
	if (r < 0) {
		msg("%s", err.msg[0] ? err.msg : iol_strerror(r));
		return -1;
	}
	return 0;
}

/* with --db: the jobs of the store joined to the recording */
static int weather(struct ctx *c)
{
	struct iol_error err = {0};
	uint64_t skipped = 0;

	if (!io.v.db)
		return 0;
	if (iol_weather_load(io.v.db, &c->r.b, &c->jobs, &c->w, &skipped,
			     &err) < 0) {
		msg("cannot read '%s': %s", io.v.db,
		    err.msg[0] ? err.msg : iol_strerror(err.code));
		return -1;
	}
	if (skipped)
		msg("warning: '%s': %llu jobs without start or end time "
		    "left out",
		    io.v.db, (unsigned long long)skipped);
	return 0;
}

static int write_pdf(struct ctx *c, const char *path)
{
	struct iol_error err = {0};
	struct iostat_report_opts ro = {0};
	int r;

	if (io.date && parse_when(io.date, &ro.date_epoch) < 0)
		return usage_error("--date wants YYYY-MM-DDTHH:MM:SS or epoch "
				   "seconds, not '%s'",
				   io.date);
	if (!io.date)
		ro.date_epoch = iol_source_date((int64_t)floor(c->r.b.t0));
	ro.idle_pct = io.v.idle_pct;
	ro.burst_pct = io.v.burst_pct;
	ro.title = iol_devreport_fmtname(&c->r);
	r = iostat_report_write(path, &c->r.b, c->r.st, &ro, &err);
	if (r < 0)
		msg("%s", err.msg[0] ? err.msg : iol_strerror(err.code));
	report_cleanup();
	return r < 0 ? EXIT_DATA : EXIT_OK;
}

static int emit(struct ctx *c, int nfiles)
{
	io.v.r = &c->r;
	io.v.jobs = io.v.db ? &c->jobs : NULL;
	io.v.w = io.v.db ? &c->w : NULL;
	io.v.nfiles = nfiles;
	if (io.v.table == IOSTAT_JOBS && !io.v.db)
		return usage_error("--jobs needs --db");
	view_iostat(&c->o, &io.v);
	return 0;
}

int cmd_iostat(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"burst-threshold", required_argument, NULL, O_BTHR},
		{"bursts", no_argument, NULL, O_VIEW + IOSTAT_BURSTS},
		{"cdf", no_argument, NULL, O_VIEW + IOSTAT_CDF},
		{"date", required_argument, NULL, O_DATE},
		{"db", required_argument, NULL, O_DB},
		{"format", required_argument, NULL, OPT_FORMAT},
		{"help", no_argument, NULL, 'h'},
		{"idle", no_argument, NULL, O_VIEW + IOSTAT_IDLE},
		{"idle-threshold", required_argument, NULL, O_ITHR},
		{"interval", required_argument, NULL, O_INTERVAL},
		{"intervals", no_argument, NULL, O_VIEW + IOSTAT_INTERVALS},
		{"jobs", no_argument, NULL, O_VIEW + IOSTAT_JOBS},
		{"lenient", no_argument, NULL, OPT_LENIENT},
		{"min-idle", required_argument, NULL, O_MINIDLE},
		{"output", required_argument, NULL, 'o'},
		{"summary", no_argument, NULL, O_VIEW + IOSTAT_SUMMARY},
		{"table", no_argument, NULL, O_VIEW + IOSTAT_TABLE},
		{"version", no_argument, NULL, OPT_VERSION},
		{"wide", no_argument, NULL, OPT_WIDE},
		{NULL, 0, NULL, 0},
	};
	struct copts co;
	struct ctx c = {0};
	int i, r;

	memset(&io, 0, sizeof(io));
	io.v.idle_pct = 5;
	io.v.burst_pct = 50;
	r = copts_start(&co, argc, argv, longopts, extra_opt, NULL, NULL, &i);
	if (r >= 0)
		return r;
	if (load(&c, argc, argv, i, co.lenient) < 0 || weather(&c) < 0)
		r = EXIT_DATA;
	else if (co.outf == OUTF_PDF)
		r = write_pdf(&c, co.outpath);
	else if (cmd_out_open(&c.o, co.outpath, co.fmt) < 0)
		r = EXIT_DATA;
	else {
		r = emit(&c, argc - i);
		if (cmd_out_close(&c.o, r == 0) < 0 && r == 0)
			r = EXIT_DATA;
	}
	iol_weather_release(&c.w);
	iol_wjobs_release(&c.jobs);
	iol_devreport_release(&c.r);
	return r;
}
