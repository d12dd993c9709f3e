/*
 * iolens coverage: Table II of Carns et al. — how much of what the
 * scheduler ran has a Darshan log: per project, the scheduler's jobs and
 * core-hours beside those with at least one Darshan job row joined (iolens
 * ingest --sacct), and the share of those jobs using each I/O API.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/commands.h"
#include "cmd/popcommon.h"
#include "cmd/util.h"
#include "base/civil.h"
#include "population/popdb.h"
#include "render/views.h"
#include "base/banned.h"

enum { OPT_APIS = OPT_POP_LAST + 1, OPT_FROM, OPT_TO, OPT_EVERY, OPT_BY };
static int apis_only, monthly, by_part;
static int64_t from, to; /* [from, to) epoch seconds, IOL_POP_NULL open */

static int extra(int opt, const char *arg)
{
	switch (opt) {
	case OPT_APIS: apis_only = 1; return 1;
	case OPT_BY:
		if (strcmp(arg, "project") && strcmp(arg, "partition")) {
			usage_error("--by wants project or partition, not '%s'",
				    arg);
			return -1;
		}
		by_part = !strcmp(arg, "partition");
		return 1;
	case OPT_FROM:
	case OPT_TO: break;
	case OPT_EVERY:
		if (strcmp(arg, "month")) {
			usage_error("--every wants month, not '%s'", arg);
			return -1;
		}
		monthly = 1;
		return 1;
	default: return 0;
	}
	if (iol_date_parse(arg, opt == OPT_TO, opt == OPT_FROM ? &from : &to) <
	    0) {
		usage_error("--%s wants a date YYYY-MM-DD or YYYY-MM, not '%s'",
			    opt == OPT_FROM ? "from" : "to", arg);
		return -1;
	}
	return 1;
}

/* The tables through render/view-coverage.c; --every month: its months
 * first (population/popdb.h). */
static int print(struct out *o, const struct iol_popcov_all *c,
		 struct iol_popdb *db, const char *path)
{
	struct iol_error err = {0};
	struct iol_popcov_month *m = NULL;
	size_t nm = 0;
	int rc = 0;

	if (monthly && !(apis_only && o->fmt != FMT_TEXT))
		rc = iol_popdb_coverage_months(db, from, to, by_part, &m, &nm,
					       &err);
	if (rc < 0) {
		msg("'%s': %s", path, err.msg[0] ? err.msg : iol_strerror(rc));
		return -1;
	}
	iol_view_coverage_print(o, c, monthly ? m : NULL, nm, by_part,
				apis_only);
	iol_popcov_months_free(m, nm);
	return 0;
}

int cmd_coverage(int argc, char **argv)
{
	static const struct option longopts[] = {
		POP_LONGOPTS,
		{"apis", no_argument, NULL, OPT_APIS},
		{"by", required_argument, NULL, OPT_BY},
		{"every", required_argument, NULL, OPT_EVERY},
		{"from", required_argument, NULL, OPT_FROM},
		{"to", required_argument, NULL, OPT_TO},
		{NULL, 0, NULL, 0}};
	struct iol_error err = {0};
	struct iol_popcov_all c;
	struct iol_popdb *db;
	struct popopts p;
	struct out o;
	int rc, first, opened;

	apis_only = monthly = by_part = 0;
	from = to = IOL_POP_NULL;
	rc = pop_start(&p, argc, argv, longopts, extra, 0, NULL, &db, &first);
	if (rc >= 0)
		return rc;
	if (p.where ||
	    (from != IOL_POP_NULL && to != IOL_POP_NULL && from >= to)) {
		iol_popdb_close(db);
		return usage_error(p.where ? "--where is not taken: coverage "
					     "counts the scheduler's jobs"
					   : "--to is before --from");
	}
	rc = iol_popdb_coverage_in(db, from, to, by_part, &c, &err);
	if (rc < 0 || !c.n) {
		msg("'%s': %s", p.db,
		    rc < 0 ? (err.msg[0] ? err.msg : iol_strerror(rc))
			   : "no scheduler jobs started in that time");
		iol_popdb_close(db);
		return EXIT_DATA;
	}
	opened = cmd_out_open(&o, p.c.outpath, p.c.fmt) == 0;
	rc = opened ? print(&o, &c, db, p.db) : -1;
	iol_popdb_close(db);
	iol_popcov_free(&c);
	if (rc < 0) {
		if (opened)
			out_close(&o, 0);
		return EXIT_DATA;
	}
	return cmd_out_close(&o, 1) < 0 ? EXIT_DATA : EXIT_OK;
}
