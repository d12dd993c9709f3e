/*
 * iolens diff: two jobs side by side, the "verify" step of a tuning
 * loop.  For each figure of job A and job B the change (B - A) and the
 * ratio (B / A), section by section (analysis/diff.h): the jobs, their
 * summary metrics, their files and their access sizes, largest change
 * first.  Text for people; one table with the columns section, key,
 * metric, unit, a, b, change, ratio for pipes.
 */
#include <stddef.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/util.h"
#include "analysis/diff.h"
#include "analysis/jobrow.h"
#include "render/view-diff.h"
#include "base/banned.h"

#define AT(m) .off = offsetof(struct iol_diff_opts, m)
static const struct cmd_opt options[] = {
	{"all", CO_FLAG, AT(all)},
	{"match-names", CO_FLAG, AT(match_names)},
	{"threshold", CO_DOUBLE, AT(threshold),
	 "bad --threshold '%s': a percentage >= 0", 0, 1e6},
	/* 0 is all; -1 (not given) is 20 in text */
	{"top", CO_COUNT | CO_ZERO, AT(top), "bad --top '%s': a count >= 0"},
	CO_END,
};

/* ---- loading ---- */

/* The job of argv[i] alone (two traces of one directory stay two jobs)
 * and its summary; 0, or -1 with the message printed. */
static int side_load(struct copts *co, char **argv, int i, struct iol_job **job,
		     struct iol_summary *s)
{
	struct iol_error err = {0};
	struct iol_inputs in;
	int r;

	/* a directory of traces is one job; of Darshan logs, many */
	if (cmd_inputs(&co->in, i + 1, argv, i, &in) < 0) {
		iol_inputs_release(&in);
		return -1;
	}
	if (in.n != 1) {
		msg("cannot compare '%s': it holds %zu jobs; give one log or "
		    "trace on each side",
		    argv[i], in.n);
		iol_inputs_release(&in);
		return -1;
	}
	r = cmd_load(&co->in, &in.v[0], job);
	iol_inputs_release(&in);
	if (r < 0)
		return -1;
	if (iol_summary_compute(*job, &co->m, s, &err) < 0) {
		msg_ioerr(argv[i], err.code, &err);
		iol_job_close(*job);
		*job = NULL;
		return -1;
	}
	return 0;
}

int cmd_diff(int argc, char **argv)
{
	struct iol_job *ja = NULL, *jb = NULL;
	struct iol_summary sa, sb;
	struct iol_diffside a, b;
	struct iol_error err = {0};
	struct iol_diff d;
	struct iol_diff_opts x = {.threshold = -1, .top = -1};
	struct copts co;
	struct out o;
	int rc, i;

	rc = cmd_start(&co, argc, argv, options, &x,
		       COPTS_OUT | COPT_LENIENT | COPT_RANK_FROM | COPT_NODES,
		       NULL, &i);
	if (rc >= 0)
		return rc;
	if (argc - i != 2)
		return usage_error("two logs needed, A and B; %d given",
				   argc - i);
	if (x.top < 0 && co.fmt == FMT_TEXT)
		x.top = 20;
	if (side_load(&co, argv, i, &ja, &sa) < 0)
		return EXIT_DATA;
	if (side_load(&co, argv, i + 1, &jb, &sb) < 0) {
		iol_job_close(ja);
		return EXIT_DATA;
	}
	a = (struct iol_diffside){argv[i], ja, &sa};
	b = (struct iol_diffside){argv[i + 1], jb, &sb};
	rc = EXIT_DATA;
	if (iol_diff_compute(&a, &b, &x, &d, &err) < 0) {
		msg("%s", err.msg);
		goto out;
	}
	if (cmd_out_open(&o, co.outpath, co.fmt) < 0) {
		iol_diff_release(&d);
		goto out;
	}
	if (d.stale_module)
		msg("warning: no code blocks compared: '%s' changed since "
		    "'%s' was traced, its functions and lines would be the new "
		    "build's: trace it again",
		    d.stale_module, d.stale_log);
	view_diff(&o, &d, &a, &b);
	iol_diff_release(&d);
	if (cmd_out_close(&o, 1) == 0)
		rc = EXIT_OK;
out:
	iol_job_close(ja);
	iol_job_close(jb);
	return rc;
}
