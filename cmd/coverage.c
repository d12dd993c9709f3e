/*
 * iolens coverage: Table II of Carns et al. — how much of what the
 * scheduler ran has a Darshan log: per project, the scheduler's jobs and
 * core-hours beside those with at least one Darshan job row joined (iolens
 * ingest --sacct), and the share of those jobs using each I/O API.
 */
#include <stddef.h>

#include "cmd/commands.h"
#include "cmd/popcommon.h"
#include "cmd/util.h"
#include "base/civil.h"
#include "population/popdb.h"
#include "render/views.h"
#include "base/banned.h"

static struct covopts {
	int apis_only, monthly, by_part;
	int64_t from, to; /* [from, to) epoch seconds, IOL_POP_NULL open */
} cv;

static int from(void *base, const char *arg)
{
	return iol_date_parse(arg, 0, &((struct covopts *)base)->from);
}

static int to(void *base, const char *arg)
{
	return iol_date_parse(arg, 1, &((struct covopts *)base)->to);
}

#define AT(m) .off = offsetof(struct covopts, m)
static const struct cmd_opt options[] = {
	{"apis", CO_FLAG, AT(apis_only)},
	{"by", CO_WORD, AT(by_part), "project|partition"},
	{"every", CO_WORD, AT(monthly), "month", 1},
	{"from", CO_CALL, .fn = from, .want = "a date YYYY-MM-DD or YYYY-MM"},
	{"to", CO_CALL, .fn = to, .want = "a date YYYY-MM-DD or YYYY-MM"},
	CO_END,
};

/* The tables through render/view-coverage.c; --every month: its months
 * first (population/popdb.h). */
static int print(struct out *o, const struct iol_popcov_all *c,
		 struct iol_popdb *db, const char *path)
{
	struct iol_error err = {0};
	struct iol_popcov_month *m = NULL;
	size_t nm = 0;
	int rc = 0;

	if (cv.monthly && !(cv.apis_only && o->fmt != FMT_TEXT))
		rc = iol_popdb_coverage_months(db, cv.from, cv.to, cv.by_part,
					       &m, &nm, &err);
	if (rc < 0) {
		msg_store(path, rc, &err);
		return -1;
	}
	iol_view_coverage_print(o, c, cv.monthly ? m : NULL, nm, cv.by_part,
				cv.apis_only);
	iol_popcov_months_free(m, nm);
	return 0;
}

int cmd_coverage(int argc, char **argv)
{
	struct iol_error err = {0};
	struct iol_popcov_all c;
	struct iol_popdb *db;
	struct popopts p;
	struct out o;
	int rc, first, opened;

	cv = (struct covopts){0, 0, 0, IOL_POP_NULL, IOL_POP_NULL};
	rc = pop_begin(&p, argc, argv, (struct cmd_optset){options, &cv, 0},
		       POPTS_STORE, 0, NULL, &db, &first);
	if (rc >= 0)
		return rc;
	if (p.where || (cv.from != IOL_POP_NULL && cv.to != IOL_POP_NULL &&
			cv.from >= cv.to)) {
		iol_popdb_close(db);
		return usage_error(p.where ? "--where is not taken: coverage "
					     "counts the scheduler's jobs"
					   : "--to is before --from");
	}
	rc = iol_popdb_coverage_in(db, cv.from, cv.to, cv.by_part, &c, &err);
	if (rc < 0 || !c.n) {
		msg("'%s': %s", p.db,
		    rc < 0 ? iol_error_text(&err, rc)
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
