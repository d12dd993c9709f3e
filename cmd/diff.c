/*
 * iolens diff: two jobs side by side, the "verify" step of a tuning
 * loop.  For each figure of job A and job B the change (B - A) and the
 * ratio (B / A), section by section (analysis/diff.h): the jobs, their
 * summary metrics, their files and their access sizes, largest change
 * first.  Text for people; one table with the columns section, key,
 * metric, unit, a, b, change, ratio for pipes.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/util.h"
#include "analysis/diff.h"
#include "analysis/jobrow.h"
#include "render/view-diff.h"
#include "base/banned.h"

enum { OPT_THRESHOLD = OPT_LAST_COMMON + 1, OPT_TOP, OPT_MATCH_NAMES, OPT_ALL };

struct dopts {
	struct iol_diff_opts d;
	int top_given;
};

static int extra_opt(void *ctx, int opt, const char *arg)
{
	struct dopts *x = ctx;
	char *end;

	if (opt == OPT_THRESHOLD) {
		x->d.threshold = strtod(arg, &end);
		if (end == arg || *end || !(x->d.threshold >= 0) ||
		    x->d.threshold > 1e6) {
			usage_error("bad --threshold '%s': a percentage >= 0",
				    arg);
			return -1;
		}
		return 1;
	}
	if (opt == OPT_MATCH_NAMES) {
		x->d.match_names = 1;
		return 1;
	}
	if (opt == OPT_ALL) {
		x->d.all = 1;
		return 1;
	}
	if (opt == OPT_TOP) {
		/* 0 is all; iol_parse_count takes positive counts */
		if (strcmp(arg, "0") && iol_parse_count(arg, &x->d.top) < 0) {
			usage_error("bad --top '%s': a count >= 0", arg);
			return -1;
		}
		x->top_given = 1;
		return 1;
	}
	return 0;
}

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
	if (cmd_inputs(co, i + 1, argv, i, &in) < 0) {
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
	r = cmd_load(co, &in.v[0], job);
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
	static const struct option longopts[] = {
		{"format", required_argument, NULL, OPT_FORMAT},
		{"help", no_argument, NULL, 'h'},
		{"lenient", no_argument, NULL, OPT_LENIENT},
		{"all", no_argument, NULL, OPT_ALL},
		{"match-names", no_argument, NULL, OPT_MATCH_NAMES},
		NODE_LONGOPTS,
		{"output", required_argument, NULL, 'o'},
		{"rank-from", required_argument, NULL, OPT_RANK_FROM},
		{"threshold", required_argument, NULL, OPT_THRESHOLD},
		{"top", required_argument, NULL, OPT_TOP},
		{"version", no_argument, NULL, OPT_VERSION},
		{NULL, 0, NULL, 0},
	};
	struct iol_job *ja = NULL, *jb = NULL;
	struct iol_summary sa, sb;
	struct iol_diffside a, b;
	struct iol_error err = {0};
	struct iol_diff d;
	struct dopts x;
	struct copts co;
	struct out o;
	int rc, i;

	memset(&x, 0, sizeof(x));
	x.d.threshold = -1;
	rc = copts_start(&co, argc, argv, longopts, extra_opt, &x, NULL, &i);
	if (rc >= 0)
		return rc;
	if (argc - i != 2)
		return usage_error("two logs needed, A and B; %d given",
				   argc - i);
	if (!x.top_given && co.fmt == FMT_TEXT)
		x.d.top = 20;
	if (side_load(&co, argv, i, &ja, &sa) < 0)
		return EXIT_DATA;
	if (side_load(&co, argv, i + 1, &jb, &sb) < 0) {
		iol_job_close(ja);
		return EXIT_DATA;
	}
	a = (struct iol_diffside){argv[i], ja, &sa};
	b = (struct iol_diffside){argv[i + 1], jb, &sb};
	rc = EXIT_DATA;
	if (iol_diff_compute(&a, &b, &x.d, &d, &err) < 0) {
		msg("%s", err.msg);
		goto out;
	}
	if (cmd_out_open(&o, co.outpath, co.fmt) < 0) {
		iol_diff_release(&d);
		goto out;
	}
	view_diff(&o, &d, &a, &b);
	iol_diff_release(&d);
	if (cmd_out_close(&o, 1) == 0)
		rc = EXIT_OK;
out:
	iol_job_close(ja);
	iol_job_close(jb);
	return rc;
}
