/*
 * iolens trend: the population over time.  Per key (app, user or
 * project) and period (month or week), the jobs, core-hours, bytes,
 * MiB/s/CN median and quartiles, metadata share and share of jobs triage
 * flags; a period whose MiB/s/CN moved beyond the noise of it and the
 * period before is marked (population/trend.h states the test).
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

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
/* The triage's flagged share over the rows as they load: the store read
 * once for both (two passes of ten million rows were trend's time).  A
 * triage that fails leaves the rows loading and the share unknown. */
struct share {
	struct iol_poptri_share *s;
	struct iol_error err;
	int rc;
};

static int share_open(struct iol_popcur *cur, void *arg)
{
	struct share *sh = arg;

	if (sh->rc >= 0)
		sh->rc = iol_poptri_share_open(sh->s, cur, &sh->err);
	return 0;
}

static int share_row(struct iol_popcur *cur, void *arg)
{
	struct share *sh = arg;

	if (sh->rc >= 0)
		sh->rc = iol_poptri_share_row(sh->s, cur, &sh->err);
	return 0;
}

/* The site configuration's triage begun into sh; 0 or < 0 (said at the
 * end, as the share). */
static void share_begin(struct iol_popdb *db, struct share *sh)
{
	char *stext = iol_siteconf_triage_text(site_config());

	memset(sh, 0, sizeof *sh);
	sh->rc = stext ? iol_poptri_share_begin(db, stext, &sh->s, &sh->err)
		       : IOL_ENOMEM;
	free(stext);
}

/* The flagged ids (NULL when unknown, with why said) once the rows are
 * loaded (load < 0: they are not, and nothing is said). */
static int64_t *share_end(const struct popopts *p, struct share *sh, int load,
			  size_t *n)
{
	struct iol_poptri info = {0};
	int64_t *ids = NULL;
	char line[1400];
	int rc = sh->rc, w;

	*n = 0;
	if (sh->s)
		rc = iol_poptri_share_end(sh->s, load < 0 ? load : rc, &ids, n,
					  &info, &sh->err);
	if (load < 0)
		return NULL;
	if (rc < 0)
		msg("'%s': no flagged share: %s", p->db,
		    sh->err.msg[0] ? sh->err.msg : "cannot run triage");
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
	const char *cols[IOL_POPTRI_NCOLS];
	size_t ncols;
	struct share sh;
	int64_t *fl;
	int rc, first;

	tr = (struct tropts){IOL_BY_APP, IOL_EVERY_MONTH};
	rc = pop_begin(&p, argc, argv, (struct cmd_optset){options, &tr, 0},
		       POPTS_STORE, 0, NULL, &db, &first);
	if (rc >= 0)
		return rc;
	share_begin(db, &sh);
	ncols = iol_poptri_columns(cols);
	rc = pop_load_pass(&p, db, 0, cols, ncols, share_open, share_row, &sh,
			   &set);
	fl = share_end(&p, &sh, rc, &nfl);
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
