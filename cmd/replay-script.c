/*
 * iolens replay-script: one job's traces (strace, Iota, or a Darshan log
 * with DXT) into a portable replay script for iolens replay, and a short
 * account of what was changed on the way: paths rewritten, inputs to
 * stage, calls dropped, tracer overhead taken off compute gaps.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/util.h"
#include "replay/fromevents.h"
#include "render/output.h"
#include "render/view-replay.h"
#include "base/banned.h"

static double overhead = -1, run_time = 0;

static int extra(void *ctx, int opt, const char *arg)
{
	char *end;

	(void)ctx; /* options live in this file's statics */

	if (opt == 'T') {
		run_time = strtod(arg, &end);
		if (!*arg || *end || !isfinite(run_time) || run_time <= 0 ||
		    run_time > 1e9) {
			usage_error("--run-time wants seconds, not '%s'", arg);
			return -1;
		}
		return 1;
	}
	if (opt != 'O')
		return 0;
	overhead = strtod(arg, &end);
	if (!*arg || *end || !isfinite(overhead) || overhead < 0 ||
	    overhead > 1) {
		usage_error("--overhead wants seconds per call, not '%s'", arg);
		return -1;
	}
	return 1;
}

static int ev_next(void *ctx, struct iol_event *ev, struct iol_error *err)
{
	return iol_events_next(ctx, ev, err);
}

static int put_text(void *ctx, const char *t)
{
	return fputs(t, ctx) < 0 ? -1 : 0;
}

static int fill_script(FILE *f, const void *s)
{
	return iol_rscript_write(s, put_text, f);
}

static int write_script(const struct iol_rscript *s, const char *path)
{
	if (out_write_stream(path, fill_script, s) < 0) {
		msg("cannot write '%s': %s", path, strerror(errno));
		return EXIT_DATA;
	}
	return EXIT_OK;
}

static int build(struct iol_job *job, const char *out, const char *name)
{
	struct iol_rfrom_opts o;
	struct iol_error err = {0};
	struct iol_events *it;
	struct iol_rscript s;
	struct iol_rcounts n;
	int rc;

	iol_rfrom_opts_of(&o, job, overhead, run_time);
	rc = iol_events_open(&it, job, &err);
	if (rc < 0) {
		msg("no per-call events in this job: %s",
		    err.msg[0] ? err.msg : iol_strerror(rc));
		return EXIT_DATA;
	}
	iol_rscript_init(&s);
	rc = iol_rscript_from_events(&s, ev_next, it, &o, &err);
	iol_events_close(it);
	if (rc < 0) {
		msg("%s", err.msg[0] ? err.msg : iol_strerror(rc));
		iol_rscript_release(&s);
		return EXIT_DATA;
	}
	/* a script of nothing would replay as a success: a static
	 * program under iolens trace, or a trace of no files */
	iol_rscript_count(&s, &n);
	if (n.calls == 0) {
		msg("'%s' has no I/O calls to replay: no script written", name);
		iol_rscript_release(&s);
		return EXIT_DATA;
	}
	rc = write_script(&s, out);
	if (rc == EXIT_OK)
		view_replay_script(stdout, &s, &n, out);
	iol_rscript_release(&s);
	return rc;
}

int cmd_replay_script(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"help", no_argument, NULL, 'h'},
		{"lenient", no_argument, NULL, OPT_LENIENT},
		{"output", required_argument, NULL, 'o'},
		{"overhead", required_argument, NULL, 'O'},
		{"rank-from", required_argument, NULL, OPT_RANK_FROM},
		{"run-time", required_argument, NULL, 'T'},
		{"version", no_argument, NULL, OPT_VERSION},
		{NULL, 0, NULL, 0},
	};
	struct iol_job *job;
	struct copts co;
	int r, first;

	overhead = -1;
	run_time = 0;
	r = copts_start(&co, argc, argv, longopts, extra, NULL, NULL, &first);
	if (r >= 0)
		return r;
	if (!co.outpath)
		return usage_error("--output names the script to write");
	co.merge_traces = argc - first > 1;
	if (cmd_load_one(&co, argc, argv, first, &job) < 0)
		return EXIT_DATA;
	r = build(job, co.outpath, job->path); /* the job's name */
	iol_job_close(job);
	return fflush(stdout) || ferror(stdout) ? EXIT_DATA : r;
}
