/*
 * iolens summary: what a job did with I/O, at a glance.  For people a
 * short report per log; for pipes one row per log with stable columns.
 * Every number comes from iol_summary_compute() (lib/analysis/summary.c);
 * the machine formats' columns are the job-row fields (analysis/jobrow.h).
 */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "cli/siteconf.h"
#include "cmd/util.h"
#include "analysis/jobrow.h"
#include "analysis/select.h"
#include "render/view-summary.h"
#include "base/banned.h"

/* --exclude and --no-default-excludes */
struct sopts {
	struct iol_excl ex;
	int no_defaults;
	struct cmd_list pat;
	struct out o;
	struct copts co;
	int started;
};

#define AT(m) .off = offsetof(struct sopts, m)
static const struct cmd_opt options[] = {
	{"exclude", CO_LIST, AT(pat), "at most %d --exclude patterns",
	 .hi = IOL_EXCL_MAX / 2},
	{"no-default-excludes", CO_FLAG, AT(no_defaults)},
	CO_END,
};

static int excl_build(struct sopts *so)
{
	const struct iol_siteconf *site = site_config();
	struct iol_error err = {0};
	const char *origin;
	int k;

	if (!site ||
	    iol_siteconf_excl(site, !so->no_defaults, &so->ex, &origin, &err)) {
		if (site && origin)
			msg("%s: %s", origin, err.msg);
		return -1;
	}
	for (k = 0; k < so->pat.n; k++)
		if (iol_excl_add(&so->ex, so->pat.v[k], &err) < 0) {
			usage_error("%s", err.msg);
			return -1;
		}
	return 0;
}

static int summary_job(void *arg, const char *name, struct iol_job *job)
{
	struct sopts *so = arg;
	struct iol_summary s;
	struct iol_jobrow r;
	struct iol_error err = {0};

	if (iol_summary_compute_excl(job, &so->co.m, &so->ex, &s, &err) < 0) {
		msg_ioerr(name, err.code, &err);
		return -1;
	}
	r.log = job->path;
	r.job = job;
	r.s = &s;
	view_summary(&so->o, &r, &so->started);
	return 0;
}

int cmd_summary(int argc, char **argv)
{
	struct sopts so;
	int rc, i;

	memset(&so, 0, sizeof(so));
	rc = cmd_start(&so.co, argc, argv, options, &so,
		       COPTS_COMMON | COPT_NODES, &so.o, &i);
	if (rc >= 0)
		return rc;
	if (excl_build(&so) < 0) {
		iol_excl_free(&so.ex);
		out_close(&so.o, 0);
		return EXIT_USAGE;
	}
	rc = cmd_each_job(&so.co.in, argc, argv, i, summary_job, &so);
	view_summary_end(&so.o, so.started);
	iol_excl_free(&so.ex);
	return cmd_out_close(&so.o, rc == EXIT_OK) < 0 ? EXIT_DATA : rc;
}
