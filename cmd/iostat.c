/*
 * iolens iostat: storage-device activity from iostat text or JSON or
 * /proc/diskstats recordings (METRICS.md section 10): throughput per
 * interval, peak, mean, CDF, idle periods as the study's Table III,
 * bursts; joined to the jobs of a population store with --db; drawn as a
 * report page with -o FILE.pdf.
 */
#define _POSIX_C_SOURCE 200809L
#include <stddef.h>
#include <string.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/util.h"
#include "storage/devreport.h"
#include "population/weather.h"
#include "render/view-iostat.h"
#include "base/banned.h"

static struct ioopts {
	struct iostat_view v; /* the table and what its text says */
	double interval, min_idle;
	const char *date;
} io;

static const char one_view[] = "--bursts, --cdf, --idle, --intervals, "
			       "--jobs, --summary and --table exclude each "
			       "other";

#define AT(m) .off = offsetof(struct ioopts, m)
static const struct cmd_opt options[] = {
	{"burst-threshold", CO_DOUBLE, AT(v.burst_pct),
	 "a percentage in (0, 100]", CO_GT0, 100},
	{"bursts", CO_ONE, AT(v.table), one_view, IOSTAT_BURSTS},
	{"cdf", CO_ONE, AT(v.table), one_view, IOSTAT_CDF},
	{"date", CO_STR, AT(date)},
	{"db", CO_STR, AT(v.db)},
	{"idle", CO_ONE, AT(v.table), one_view, IOSTAT_IDLE},
	{"idle-threshold", CO_DOUBLE, AT(v.idle_pct),
	 "a percentage in (0, 100]", CO_GT0, 100},
	{"interval", CO_DURATION, AT(interval),
	 "a duration such as 60s, 5m or 1h", CO_GT0},
	{"intervals", CO_ONE, AT(v.table), one_view, IOSTAT_INTERVALS},
	{"jobs", CO_ONE, AT(v.table), one_view, IOSTAT_JOBS},
	{"min-idle", CO_DURATION, AT(min_idle), "a duration"},
	{"summary", CO_ONE, AT(v.table), one_view, IOSTAT_SUMMARY},
	{"table", CO_ONE, AT(v.table), one_view, IOSTAT_TABLE},
	CO_END,
};

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
		msg_devset_cut(argv[i], &c->r.ds, f);
	}
	msg_devset_skips(&c->r.ds);
	memset(&err, 0, sizeof(err));
	r = iol_devreport_analyse(&c->r, io.interval, io.v.idle_pct / 100,
				  io.v.burst_pct / 100, io.min_idle, &err);
	if (r < 0) {
		msg("%s", iol_error_text(&err, r));
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
		    iol_error_text(&err, err.code));
		return -1;
	}
	msg_jobs_undated(io.v.db, skipped);
	return 0;
}

static int write_pdf(struct ctx *c, const char *path)
{
	struct iol_error err = {0};
	int64_t date;

	if (io.date && iol_parse_when(io.date, &date) < 0)
		return usage_error("--date wants YYYY-MM-DDTHH:MM:SS or epoch "
				   "seconds, not '%s'",
				   io.date);
	if (view_iostat_pdf(path, &c->r, &io.v, io.date ? &date : NULL, &err) <
	    0)
		return cmd_fail(err.code, &err, NULL);
	return EXIT_OK;
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
	struct copts co;
	struct ctx c = {0};
	int i, r;

	memset(&io, 0, sizeof(io));
	io.v.idle_pct = 5;
	io.v.burst_pct = 50;
	r = cmd_start(&co, argc, argv, options, &io,
		      COPTS_OUT | COPT_LENIENT | COPT_WIDE, NULL, &i);
	if (r >= 0)
		return r;
	if (load(&c, argc, argv, i, co.in.lenient) < 0 || weather(&c) < 0)
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
