/*
 * iolens summary: what a job did with I/O, at a glance.  For people a
 * short report per log; for pipes one row per log with stable columns.
 * Every number comes from iol_summary_compute() (lib/analysis/summary.c);
 * the machine formats' columns are the job-row fields (analysis/jobrow.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/siteconf.h"
#include "cmd/util.h"
#include "analysis/jobrow.h"
#include "analysis/select.h"
#include "render/view-summary.h"
#include "base/banned.h"

/* --exclude and --no-default-excludes */
struct sopts {
	struct iol_excl ex;
	int no_defaults, bad;
	const char *pat[IOL_EXCL_MAX];
	int npat;
};

static int extra_opt(void *ctx, int opt, const char *arg)
{
	struct sopts *so = ctx;

	if (opt == 'N') {
		so->no_defaults = 1;
		return 1;
	}
	if (opt != 'x')
		return 0;
	if (so->npat == IOL_EXCL_MAX / 2) {
		usage_error("at most %d --exclude patterns", IOL_EXCL_MAX / 2);
		return -1;
	}
	so->pat[so->npat++] = arg;
	return 1;
}

static int excl_build(struct sopts *so)
{
	const struct iol_siteconf *site = site_config();
	struct iol_error err = {0};
	int k;

	if (!site || iol_excl_init(&so->ex, !so->no_defaults, &err) < 0)
		return -1;
	/* the site's exclude lines are default exclusions too */
	for (size_t i = 0; !so->no_defaults && i < site->n; i++)
		if (!strcmp(site->v[i].key, "exclude") &&
		    iol_excl_add(&so->ex, site->v[i].value, &err) < 0) {
			msg("%s: %s", site->v[i].origin, err.msg);
			return -1;
		}
	for (k = 0; k < so->npat; k++)
		if (iol_excl_add(&so->ex, so->pat[k], &err) < 0) {
			usage_error("%s", err.msg);
			return -1;
		}
	return 0;
}

int cmd_summary(int argc, char **argv)
{
	static const struct option longopts[] = {
		COMMON_LONGOPTS,
		NODE_LONGOPTS,
		{"exclude", required_argument, NULL, 'x'},
		{"no-default-excludes", no_argument, NULL, 'N'},
		{NULL, 0, NULL, 0},
	};
	struct sopts so;
	struct iol_inputs in;
	struct copts co;
	struct out o;
	int rc, i, started = 0;

	memset(&so, 0, sizeof(so));
	rc = copts_start(&co, argc, argv, longopts, extra_opt, &so, &o, &i);
	if (rc >= 0)
		return rc;
	if (excl_build(&so) < 0) {
		iol_excl_free(&so.ex);
		out_close(&o, 0);
		return EXIT_USAGE;
	}
	/* a directory stands for the logs in it */
	rc = cmd_inputs(&co, argc, argv, i, &in) < 0 ? EXIT_DATA : EXIT_OK;
	for (size_t j = 0; j < in.n; j++) {
		struct iol_job *job;
		struct iol_summary s;
		struct iol_jobrow r;
		struct iol_error err = {0};

		if (cmd_load(&co, &in.v[j], &job) < 0) {
			rc = EXIT_DATA;
			continue;
		}
		if (iol_summary_compute_excl(job, &co.m, &so.ex, &s, &err) <
		    0) {
			msg_ioerr(in.v[j].name, err.code, &err);
			iol_job_close(job);
			rc = EXIT_DATA;
			continue;
		}
		r.log = job->path;
		r.job = job;
		r.s = &s;
		view_summary(&o, &r, &started);
		iol_job_close(job);
	}
	iol_inputs_release(&in);
	view_summary_end(&o, started);
	iol_excl_free(&so.ex);
	if (out_close(&o, rc == EXIT_OK) < 0) {
		msg("%s", o.err.msg);
		rc = EXIT_DATA;
	}
	return rc;
}
