/*
 * iolens triage: what is wrong with a job's I/O and what to do — each
 * rule of lib/analysis/triage.c as a finding with its value, threshold
 * and recommendation (render/view-triage.c prints them).  With --db, the
 * same rules over every job of a population store, and the flagged jobs
 * grouped by app and user (population/poptriage.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/triage.h"
#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/popcommon.h"
#include "population/poptriage.h"
#include "cmd/siteconf.h"
#include "cmd/util.h"
#include "render/views.h"
#include "base/banned.h"

enum {
	OPT_CONFIG = OPT_POP_LAST + 10,
	OPT_PRINT_CONFIG,
	OPT_SEVERITY,
	OPT_TOP,
	OPT_ALL
};
static const char *conf_path;
/* -1: the default (text: warn and high; machine formats: every rule) */
static int min_sev = -1;
static long top_jobs = 5;

static int severity(const char *arg)
{
	min_sev = iol_triage_sev_parse(arg);
	if (min_sev >= 0)
		return 1;
	usage_error("bad --severity '%s' (high, warn or info)", arg);
	return -1;
}

static int top(const char *arg)
{
	char *end;

	errno = 0;
	if (!strcmp(arg, "all")) {
		top_jobs = 0;
		return 1;
	}
	top_jobs = strtol(arg, &end, 10);
	if (errno || *end || end == arg || top_jobs < 0 ||
	    top_jobs > 100000000) {
		usage_error("bad --top '%s' (a count, or 0 or all for every "
			    "flagged job)",
			    arg);
		return -1;
	}
	return 1;
}

static int extra(void *ctx, int opt, const char *arg)
{
	(void)ctx; /* the options live in this file's statics */
	switch (opt) {
	case OPT_CONFIG: conf_path = arg; return 1;
	case OPT_PRINT_CONFIG: return 1;
	case OPT_ALL: min_sev = IOL_SEV_NA; return 1;
	case OPT_SEVERITY: return severity(arg);
	case OPT_WHERE:
	case OPT_TOP:
		/* triage's, but of the store's mode: say so, not "unknown" */
		usage_error("--%s is taken with --db only (it selects or ranks "
			    "the jobs of a population store)",
			    opt == OPT_WHERE ? "where" : "top");
		return -1;
	}
	return 0;
}

static int extra_db(int opt, const char *arg)
{
	switch (opt) {
	case OPT_CONFIG: conf_path = arg; return 1;
	case OPT_SEVERITY: return severity(arg);
	case OPT_TOP: return top(arg);
	}
	return 0;
}

/* The defaults, then the site configuration's triage.* values (iolens
 * config), then --config's file. */
static int load_conf(struct iol_triage_conf *c)
{
	const struct iol_siteconf *site = site_config();
	struct iol_error err = {0};
	char *stext = site ? iol_siteconf_triage_text(site) : NULL;
	int rc;

	if (!stext) {
		if (site)
			msg("out of memory");
		return -1;
	}
	rc = iol_triage_conf_load_over(c, stext, conf_path, &err);
	free(stext);
	if (rc == IOL_EIO)
		msg("%s", err.msg);
	else if (rc < 0)
		msg("%s: %s", conf_path, err.msg);
	return rc;
}

static int triage_db(int argc, char **argv)
{
	static const struct option longopts[] = {
		POP_LONGOPTS,
		{"config", required_argument, NULL, OPT_CONFIG},
		{"severity", required_argument, NULL, OPT_SEVERITY},
		{"top", required_argument, NULL, OPT_TOP},
		{NULL, 0, NULL, 0}};
	struct iol_triage_conf conf;
	struct iol_error err = {0};
	struct iol_poptri r;
	struct popopts po;
	struct iol_popdb *db;
	struct out o;
	int rc, first;

	rc = pop_start(&po, argc, argv, longopts, extra_db, 0, &o, &db, &first);
	if (rc >= 0)
		return rc;
	if (min_sev < 0)
		min_sev = IOL_SEV_WARN;
	if (load_conf(&conf) < 0) {
		out_close(&o, 0);
		iol_popdb_close(db);
		return EXIT_DATA;
	}
	rc = iol_poptri_run(db, po.where, &conf, min_sev, (size_t)top_jobs, &r,
			    &err);
	iol_popdb_close(db);
	if (rc < 0) {
		msg("'%s': %s", po.db, err.msg[0] ? err.msg : iol_strerror(rc));
		out_close(&o, 0);
		return EXIT_DATA;
	}
	if (!r.jobs) { /* a report of nothing: say so, write nothing */
		iol_poptri_free(&r);
		out_close(&o, 0);
		return pop_none(&po);
	}
	iol_view_triage_db_print(&o, &r, min_sev);
	iol_poptri_free(&r);
	return cmd_out_close(&o, 1) < 0 ? EXIT_DATA : EXIT_OK;
}

/* One log's findings into o; EXIT_OK or EXIT_DATA. */
static int triage_log(struct out *o, const struct copts *co,
		      const struct iol_triage_conf *conf,
		      const struct iol_input *in)
{
	struct iol_job *job;
	struct iol_triage t;
	struct iol_error err = {0};

	if (cmd_load(co, in, &job) < 0)
		return EXIT_DATA;
	if (iol_triage_run(job, conf, &t, &err) < 0) {
		msg_ioerr(in->name, err.code, &err);
		iol_job_close(job);
		return EXIT_DATA;
	}
	iol_view_triage_log(o, in->name, &t, min_sev);
	iol_triage_free(&t);
	iol_job_close(job);
	return EXIT_OK;
}

int cmd_triage(int argc, char **argv)
{
	static const struct option longopts[] = {
		COMMON_LONGOPTS,
		{"all", no_argument, NULL, OPT_ALL},
		{"config", required_argument, NULL, OPT_CONFIG},
		{"print-config", no_argument, NULL, OPT_PRINT_CONFIG},
		{"severity", required_argument, NULL, OPT_SEVERITY},
		{"top", required_argument, NULL, OPT_TOP},
		{"where", required_argument, NULL, OPT_WHERE},
		{NULL, 0, NULL, 0}};
	struct iol_triage_conf conf;
	struct iol_inputs in;
	struct copts co;
	struct out o;
	int rc, i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--print-config")) {
			fputs(iol_triage_default_conf, stdout);
			return EXIT_OK;
		}
		if (!strcmp(argv[i], "--db") || !strncmp(argv[i], "--db=", 5))
			return triage_db(argc, argv);
		if (!strcmp(argv[i], "--"))
			break;
	}
	rc = copts_start(&co, argc, argv, longopts, extra, NULL, &o, &i);
	if (rc >= 0)
		return rc;
	if (min_sev < 0) /* machine formats: every rule, as before */
		min_sev = co.fmt == FMT_TEXT ? IOL_SEV_WARN : IOL_SEV_NA;
	if (load_conf(&conf) < 0) {
		out_close(&o, 0);
		return EXIT_DATA;
	}
	/* a directory stands for the logs in it */
	rc = cmd_inputs(&co, argc, argv, i, &in) < 0 ? EXIT_DATA : EXIT_OK;
	iol_view_triage_begin(&o);
	for (size_t j = 0; j < in.n; j++)
		if (triage_log(&o, &co, &conf, &in.v[j]) != EXIT_OK)
			rc = EXIT_DATA;
	iol_inputs_release(&in);
	iol_view_triage_end(&o);
	return cmd_out_close(&o, rc == EXIT_OK) < 0 ? EXIT_DATA : rc;
}
