/*
 * iolens fsload: what a parallel file system's servers did (Lustre LMT,
 * h5lmt, TOKIO HDF5, lfs df, lctl dl -t, GPFS mmperfmon): per target and
 * server, for the whole file system, metadata operations, busy and idle
 * periods (lib/storage/fsload.h computes; render/view-fsload.c lays out).
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/util.h"
#include "population/fsstore.h"
#include "storage/fsload.h"
#include "render/view-fsload.h"
#include "base/banned.h"

static struct flopts {
	int view;
	double from, to, interval;
	const char *db;
	struct copts *co;
} fl;

static int from(void *base, const char *arg)
{
	return iol_parse_window_end(arg, &((struct flopts *)base)->from);
}

static int to(void *base, const char *arg)
{
	return iol_parse_window_end(arg, &((struct flopts *)base)->to);
}

static int db(void *base, const char *arg)
{
	struct flopts *f = base;

	f->db = arg;
	/* no recording: the store's own series */
	f->co->args_optional = 1;
	return 0;
}

static const char when[] = "YYYY-MM-DDTHH:MM:SS[Z] or epoch seconds";
static const char one_view[] = "--intervals, --jobs, --ops and --periods "
			       "exclude each other";

#define AT(m) .off = offsetof(struct flopts, m)
static const struct cmd_opt options[] = {
	{"db", CO_CALL, .fn = db},
	{"from", CO_CALL, .fn = from, .want = when},
	{"interval", CO_DURATION, AT(interval),
	 "a duration such as 60s, 5m or 1h", CO_GT0},
	{"intervals", CO_ONE, AT(view), one_view, FSLOAD_INTERVALS},
	{"jobs", CO_ONE, AT(view), one_view, FSLOAD_JOBS},
	{"ops", CO_ONE, AT(view), one_view, FSLOAD_OPS},
	{"periods", CO_ONE, AT(view), one_view, FSLOAD_PERIODS},
	{"to", CO_CALL, .fn = to, .want = when},
	CO_END,
};

struct ctx {
	struct out o;
	struct iol_fsmon m;
	struct iol_fsload l;
	struct iol_wjobs jobs;
	struct iol_fsjob *fj; /* with --db: one per job */
};

static int load(struct ctx *c, int argc, char **argv, int i)
{
	struct iol_error err = {0};
	int r, first = i;

	/* --db without recordings: the series the store keeps */
	if (i == argc && fl.db &&
	    (r = iol_fsstore_read(&c->m, fl.db, fl.from, fl.to, &err)) < 0) {
		msg("cannot read the file-system telemetry of '%s': %s", fl.db,
		    iol_error_text(&err, r));
		return -1;
	}
	if (c->m.unmarked)
		msg("note: '%s' holds a recording stored by an older iolens: "
		    "resets and gaps are each recording's whole, not the "
		    "window's (touch it and iolens ingest --fsload it again)",
		    fl.db);
	/* an LMT database is read only around the window */
	iol_fsmon_window(&c->m, fl.from, fl.to);
	for (; i < argc; i++) {
		if (iol_fsmon_named_before((const char *const *)argv + first,
					   i - first)) {
			msg("cannot read '%s': given twice", argv[i]);
			return -1;
		}
		memset(&err, 0, sizeof(err));
		r = iol_fsmon_read(&c->m, argv[i], NULL, &err);
		if (r < 0) {
			if (r == IOL_EIO && err.sys)
				msg_ioerr(argv[i], r, &err);
			else
				msg("cannot read '%s': %s", argv[i],
				    iol_error_text(&err, r));
			return -1;
		}
	}
	memset(&err, 0, sizeof(err));
	r = iol_fsload_compute(&c->m, fl.from, fl.to, fl.interval, 0.05, 0.5,
			       &c->l, &err);
	if (r < 0) {
		msg("%s", iol_error_text(&err, r));
		return -1;
	}
	return 0;
}

/* --db: the store's jobs in the file system's weather */
static int join(struct ctx *c)
{
	struct iol_error err = {0};
	uint64_t skipped = 0;

	if (iol_wjobs_load(fl.db, &c->jobs, &skipped, &err) < 0 ||
	    iol_fsweather_compute(&c->m, &c->l, &c->jobs, &c->fj, &err) < 0) {
		msg("cannot join the jobs of '%s': %s", fl.db,
		    iol_error_text(&err, err.code));
		return -1;
	}
	msg_jobs_undated(fl.db, skipped);
	return 0;
}

/* the page: the whole file system's throughput, as iostat draws a
 * device's */
static int write_pdf(struct ctx *c, const char *path)
{
	struct iol_error err = {0};

	if (view_fsload_pdf(path, &c->m, &c->l, &err) < 0)
		return cmd_fail(err.code, &err, NULL);
	return EXIT_OK;
}

int cmd_fsload(int argc, char **argv)
{
	struct copts co;
	struct ctx c;
	int i, r;

	memset(&fl, 0, sizeof(fl));
	fl.from = fl.to = NAN;
	fl.co = &co;
	memset(&c, 0, sizeof(c));
	r = cmd_start(&co, argc, argv, options, &fl, COPTS_OUT | COPT_WIDE,
		      NULL, &i);
	if (r >= 0)
		return r;
	if (fl.view == FSLOAD_JOBS && !fl.db) {
		r = usage_error("--jobs needs --db");
	} else if (load(&c, argc, argv, i) < 0 || (fl.db && join(&c) < 0)) {
		r = EXIT_DATA;
	} else if (co.outf == OUTF_PDF && !c.l.b.nbins) {
		msg("no byte series to draw (snapshots or gauges only)");
		r = EXIT_DATA;
	} else if (co.outf == OUTF_PDF) {
		r = write_pdf(&c, co.outpath);
	} else if (cmd_out_open(&c.o, co.outpath, co.fmt) < 0) {
		r = EXIT_DATA;
	} else {
		view_fsload(&c.o, fl.view, &c.m, &c.l, &c.jobs, c.fj, fl.db);
		r = cmd_out_close(&c.o, 1) < 0 ? EXIT_DATA : EXIT_OK;
	}
	free(c.fj);
	iol_wjobs_release(&c.jobs);
	iol_fsload_release(&c.l);
	iol_fsmon_release(&c.m);
	return r;
}
