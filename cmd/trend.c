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
#include "cmd/siteconf.h"
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

/* The ids of the jobs triage flags, under the site's thresholds as
 * iolens triage --db takes them; NULL when it cannot (with a note when
 * it failed). */
static int64_t *flagged_ids(struct iol_popdb *db, const struct popopts *p,
			    size_t *n)
{
	struct iol_error err = {0};
	char *stext = iol_siteconf_triage_text(site_config());
	struct iol_poptri info = {0};
	int64_t *ids = NULL;
	char line[1400];
	int rc, w;

	*n = 0;
	rc = stext ? iol_poptri_flagged_share(db, p->where, stext, &ids, n,
					      &info, &err)
		   : IOL_ENOMEM;
	free(stext);
	if (rc < 0)
		msg("'%s': no flagged share: %s", p->db,
		    err.msg[0] ? err.msg : "cannot run triage");
	/* the rules' fields the store lacks: the share is judged without */
	for (w = 0; rc >= 0 && w < 2; w++)
		if (iol_view_triage_gaps(&info, w, 1, line, sizeof(line)))
			msg("'%s': flagged share: %s", p->db, line);
	return rc < 0 ? NULL : ids;
}

int cmd_trend(int argc, char **argv)
{
	struct iol_trend_row *r;
	struct iol_popset set;
	struct iol_popdb *db;
	struct popopts p;
	struct out o;
	size_t n, nfl, undated;
	int64_t *fl;
	int rc, first;

	tr = (struct tropts){IOL_BY_APP, IOL_EVERY_MONTH};
	rc = pop_begin(&p, argc, argv, (struct cmd_optset){options, &tr, 0},
		       POPTS_STORE, 0, NULL, &db, &first);
	if (rc >= 0)
		return rc;
	rc = pop_load_some(&p, db, 0, &set);
	fl = rc < 0 ? NULL : flagged_ids(db, &p, &nfl);
	iol_popdb_close(db);
	if (rc < 0)
		return EXIT_DATA;
	if (iol_pop_trend(&set, tr.by, tr.every, fl, nfl, &r, &n, &undated) <
	    0) {
		free(fl);
		iol_popset_free(&set);
		msg("out of memory");
		return EXIT_DATA;
	}
	rc = cmd_out_open(&o, p.c.outpath, p.c.fmt) < 0 ? EXIT_DATA : EXIT_OK;
	if (rc == EXIT_OK) {
		iol_view_trend_print(&o, r, n, tr.by, tr.every, undated);
		rc = cmd_out_close(&o, 1) < 0 ? EXIT_DATA : EXIT_OK;
	}
	free(r), free(fl);
	iol_popset_free(&set);
	return rc;
}
