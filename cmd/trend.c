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

/* The flagged ids of the share loaded beside the rows (NULL when
 * unknown, with why said; load < 0: the rows are not loaded, and
 * nothing is said). */
static int64_t *share_ids(const struct popopts *p, struct iol_popshare *sh,
			  int load, size_t *n)
{
	char line[1400];
	int w;

	*n = sh->rc < 0 ? 0 : sh->n;
	if (load < 0)
		return NULL;
	if (sh->rc < 0)
		msg("'%s': no flagged share: %s", p->db,
		    sh->err.msg[0] ? sh->err.msg : "cannot run triage");
	/* the rules' fields the store lacks: the share is judged without */
	for (w = 0; sh->rc >= 0 && w < 2; w++)
		if (iol_view_triage_gaps(&sh->info, w, 1, line, sizeof(line)))
			msg("'%s': flagged share: %s", p->db, line);
	return sh->rc < 0 ? NULL : sh->ids;
}

static int add_job(const struct iol_popjob *j, int maybe, void *arg)
{
	return iol_trend_acc_add(arg, j, maybe);
}

/* The rows summed as they load, with the flagged share (none kept: ten
 * million rows held 2.4 GB); 0, or -1 with the message said.  The rows'
 * keys are set's strings. */
static int rows_of(struct popopts *p, struct iol_popdb *db,
		   struct iol_popset *set, struct iol_trend_row **r, size_t *n,
		   size_t *undated)
{
	struct iol_trend_acc *a;
	struct iol_popshare sh;
	int64_t *fl;
	size_t nfl;
	int rc;

	if (iol_trend_acc_new(tr.by, tr.every, &a) < 0) {
		msg("out of memory");
		return -1;
	}
	rc = pop_each_share(p, db, IOL_POPLOAD_TREND, add_job, a, set, &sh);
	fl = share_ids(p, &sh, rc, &nfl);
	if (rc >= 0 && iol_trend_acc_rows(a, fl, nfl, r, n, undated) < 0) {
		msg("out of memory");
		iol_popset_free(set);
		rc = -1;
	}
	free(fl);
	iol_trend_acc_free(a);
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
