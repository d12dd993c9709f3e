/*
 * iolens trend: the population over time.  Per key (app, user or
 * project) and period (month or week), the jobs, core-hours, bytes,
 * MiB/s/CN median and quartiles, metadata share and share of jobs triage
 * flags; a period whose MiB/s/CN moved beyond the noise of it and the
 * period before is marked (population/trend.h states the test).
 */
#include <stddef.h>
#include <stdlib.h>

#include "cmd/commands.h"
#include "cmd/popcommon.h"
#include "cli/siteconf.h"
#include "cmd/util.h"
#include "population/poptriage.h"
#include "population/trend.h"
#include "render/views.h"
#include "base/banned.h"

static struct tropts {
	int by, every;
} tr;

static int every(void *base, const char *arg)
{
	return (((struct tropts *)base)->every = iol_pop_every_parse(arg)) < 0
		       ? -1
		       : 0;
}

static const struct cmd_opt options[] = {
	{"by", CO_WORD, .off = offsetof(struct tropts, by), "app|user|project"},
	{"every", CO_CALL, .fn = every, .want = "month or week"},
	CO_END,
};

/* The rows summed as they load, with the flagged share (none kept: ten
 * million rows held 2.4 GB); 0, or -1 with the message said. */
static int rows_of(struct popopts *p, struct iol_popdb *db,
		   struct iol_popset *set, struct iol_trend_row **r, size_t *n,
		   size_t *undated)
{
	struct iol_popshare sh;
	int rc;

	rc = pop_trend_share(p, db, tr.by, tr.every, set, &sh, r, n, undated);
	if (rc >= 0)
		iol_view_share_say(p->db, &sh);
	if (rc >= 0 && sh.rc >= 0)
		free(sh.ids);
	return rc < 0 ? -1 : 0;
}

int cmd_trend(int argc, char **argv)
{
	struct iol_trend_row *r;
	struct iol_popset set;
	struct iol_popdb *db;
	struct popopts p;
	struct out o;
	size_t n, undated;
	int rc, first;

	tr = (struct tropts){IOL_BY_APP, IOL_EVERY_MONTH};
	rc = pop_begin(&p, argc, argv, (struct cmd_optset){options, &tr, 0},
		       POPTS_STORE, 0, NULL, &db, &first);
	if (rc >= 0)
		return rc;
	rc = rows_of(&p, db, &set, &r, &n, &undated);
	iol_popdb_close(db);
	if (rc < 0)
		return EXIT_DATA;
	rc = cmd_out_open(&o, p.c.outpath, p.c.fmt) < 0 ? EXIT_DATA : EXIT_OK;
	if (rc == EXIT_OK) {
		iol_view_trend_print(&o, r, n, tr.by, tr.every, undated);
		rc = cmd_out_close(&o, 1) < 0 ? EXIT_DATA : EXIT_OK;
	}
	free(r);
	iol_popset_free(&set);
	return rc;
}
