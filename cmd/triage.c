/*
 * iolens triage: what is wrong with a job's I/O and what to do — each
 * rule of lib/analysis/triage.c as a finding with its value, threshold
 * and recommendation (render/view-triage.c prints them).  With --db, the
 * same rules over every job of a population store, and the flagged jobs
 * grouped by app and user (population/poptriage.h).
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/triage.h"
#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/popcommon.h"
#include "population/poptriage.h"
#include "cli/siteconf.h"
#include "cmd/util.h"
#include "render/views.h"
#include "base/banned.h"

/* --config, --severity (-1: the default; text: warn and high, machine
 * formats: every rule), --top; the thresholds they make */
static struct triopts {
	const char *conf_path;
	int min_sev, print_config;
	long top_jobs;
	struct iol_triage_conf conf;
} tg = {.min_sev = -1, .top_jobs = 5};

static int severity(void *base, const char *arg)
{
	struct triopts *t = base;

	return (t->min_sev = iol_triage_sev_parse(arg)) < 0 ? -1 : 0;
}

static int top(void *base, const char *arg)
{
	struct triopts *t = base;
	char *end;

	errno = 0;
	if (!strcmp(arg, "all")) {
		t->top_jobs = 0;
		return 0;
	}
	t->top_jobs = strtol(arg, &end, 10);
	return errno || *end || end == arg || t->top_jobs < 0 ||
			       t->top_jobs > 100000000
		       ? -1
		       : 0;
}

static const char sev_want[] = "bad --severity '%s' (high, warn or info)";
/* triage's, but of the store's mode: say so, not "unknown" */
#define DB_ONLY(o)                                                            \
	"--" o " is taken with --db only (it selects or ranks the jobs of a " \
	"population store)"

#define AT(m) .off = offsetof(struct triopts, m)
static const struct cmd_opt log_options[] = {
	{"all", CO_FLAG, AT(min_sev), .lo = IOL_SEV_NA},
	{"config", CO_STR, AT(conf_path)},
	{"print-config", CO_FLAG, AT(print_config)}, /* see cmd_triage */
	{"severity", CO_CALL, .fn = severity, .want = sev_want},
	{"top", CO_REFUSE, .want = DB_ONLY("top")},
	{"where", CO_REFUSE, .want = DB_ONLY("where")},
	CO_END,
};
static const struct cmd_opt db_options[] = {
	{"config", CO_STR, AT(conf_path)},
	{"severity", CO_CALL, .fn = severity, .want = sev_want},
	{"top", CO_CALL, .fn = top,
	 .want = "bad --top '%s' (a count, or 0 or all for every flagged "
		 "job)"},
	CO_END,
};

/* The defaults, then the site configuration's triage.* values (iolens
 * config), then --config's file. */
static int load_conf(struct iol_triage_conf *c)
{
	const struct iol_siteconf *site = site_config();
	struct iol_error err = {0};
	int rc = site ? iol_siteconf_triage_conf(site, tg.conf_path, c, &err)
		      : -1;

	if (rc == IOL_ENOMEM && !err.msg[0])
		msg("out of memory");
	else if (rc == IOL_EIO)
		msg("%s", err.msg);
	else if (rc < 0 && site)
		msg("%s: %s", tg.conf_path, err.msg);
	return rc;
}

static int triage_db(int argc, char **argv)
{
	struct iol_triage_conf conf;
	struct iol_error err = {0};
	struct iol_poptri r;
	struct popopts po;
	struct iol_popdb *db;
	struct out o;
	int rc, first;

	rc = pop_begin(&po, argc, argv, (struct cmd_optset){db_options, &tg, 0},
		       POPT_DB | COPTS_COMMON, 0, &o, &db, &first);
	if (rc >= 0)
		return rc;
	if (tg.min_sev < 0)
		tg.min_sev = IOL_SEV_WARN;
	if (load_conf(&conf) < 0) {
		out_close(&o, 0);
		iol_popdb_close(db);
		return EXIT_DATA;
	}
	rc = iol_poptri_run(db, po.where, &conf, tg.min_sev,
			    (size_t)tg.top_jobs, &r, &err);
	iol_popdb_close(db);
	if (rc < 0) {
		msg_store(po.db, rc, &err);
		out_close(&o, 0);
		return EXIT_DATA;
	}
	if (!r.jobs) { /* a report of nothing: say so, write nothing */
		iol_poptri_free(&r);
		out_close(&o, 0);
		return pop_none(&po);
	}
	iol_view_triage_db_print(&o, &r, tg.min_sev);
	iol_poptri_free(&r);
	return cmd_out_close(&o, 1) < 0 ? EXIT_DATA : EXIT_OK;
}

/* One log's findings into o (the run's); 0, or -1 (said). */
static int triage_log(void *o, const char *name, struct iol_job *job)
{
	struct iol_triage t;
	struct iol_error err = {0};

	if (iol_triage_run(job, &tg.conf, &t, &err) < 0) {
		msg_ioerr(name, err.code, &err);
		return -1;
	}
	iol_view_triage_log(o, name, &t, tg.min_sev);
	iol_triage_free(&t);
	return 0;
}

int cmd_triage(int argc, char **argv)
{
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
	rc = cmd_start(&co, argc, argv, log_options, &tg, COPTS_COMMON, &o, &i);
	if (rc >= 0)
		return rc;
	if (tg.min_sev < 0) /* machine formats: every rule, as before */
		tg.min_sev = co.fmt == FMT_TEXT ? IOL_SEV_WARN : IOL_SEV_NA;
	if (load_conf(&tg.conf) < 0) {
		out_close(&o, 0);
		return EXIT_DATA;
	}
	iol_view_triage_begin(&o);
	rc = cmd_each_job(&co.in, argc, argv, i, triage_log, &o);
	iol_view_triage_end(&o);
	return cmd_out_close(&o, rc == EXIT_OK) < 0 ? EXIT_DATA : rc;
}
