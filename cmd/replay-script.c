/*
 * iolens replay-script: one job's traces (strace, Iota, or a Darshan log
 * with DXT) into a portable replay script for iolens replay, and a short
 * account of what was changed on the way: paths rewritten, inputs to
 * stage, calls dropped, tracer overhead taken off compute gaps.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/util.h"
#include "replay/fromevents.h"
#include "render/view-replay.h"
#include "base/banned.h"

/* --overhead (-1: the calibration's) and --run-time (0: the trace's) */
struct rsopts {
	double overhead, run_time;
};

#define AT(m) .off = offsetof(struct rsopts, m)
static const struct cmd_opt options[] = {
	{"overhead", CO_DOUBLE, AT(overhead), "seconds per call", 0, 1},
	{"run-time", CO_DOUBLE, AT(run_time), "seconds", CO_GT0, 1e9},
	CO_END,
};

static int build(struct iol_job *job, const char *out, const char *name,
		 const struct rsopts *ro)
{
	struct iol_rfrom_opts o;
	struct iol_error err = {0};
	struct iol_rscript s;
	struct iol_rcounts n;
	int rc, noevents;

	iol_rfrom_opts_of(&o, job, ro->overhead, ro->run_time);
	iol_rscript_init(&s);
	rc = iol_rscript_from_job(&s, job, &o, &noevents, &err);
	if (rc < 0) {
		msg("%s%s", noevents ? "no per-call events in this job: " : "",
		    iol_error_text(&err, rc));
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
	rc = EXIT_OK;
	if (view_replay_script_write(out, &s) < 0) {
		msg("cannot write '%s': %s", out, strerror(errno));
		rc = EXIT_DATA;
	} else
		view_replay_script(stdout, &s, &n, out);
	iol_rscript_release(&s);
	return rc;
}

int cmd_replay_script(int argc, char **argv)
{
	struct rsopts ro = {-1, 0};
	struct iol_job *job;
	struct copts co;
	int r, first;

	r = cmd_start(&co, argc, argv, options, &ro,
		      COPT_OUTPUT | COPT_LENIENT | COPT_RANK_FROM, NULL,
		      &first);
	if (r >= 0)
		return r;
	if (!co.outpath)
		return usage_error("--output names the script to write");
	co.in.merge_traces = argc - first > 1;
	if (cmd_load_one(&co.in, argc, argv, first, &job) < 0)
		return EXIT_DATA;
	r = build(job, co.outpath, job->path, &ro); /* the job's name */
	iol_job_close(job);
	return fflush(stdout) || ferror(stdout) ? EXIT_DATA : r;
}
