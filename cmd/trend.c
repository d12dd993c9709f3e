/*
 * iolens trend: the population over time.  Per key (app, user or
 * project) and period (month or week), the jobs, core-hours, bytes,
 * MiB/s/CN median and quartiles, metadata share and share of jobs triage
 * flags; a period whose MiB/s/CN moved beyond the noise of it and the
 * period before is marked (population/trend.h states the test).
 */
#include <math.h>
#include <stdio.h>
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

static int by, every;

static int extra(int opt, const char *arg)
{
	if (opt == 'b') {
		by = iol_pop_by_parse(arg);
		if (by < 0 || by > IOL_BY_PROJECT) {
			usage_error("--by wants app, user or project, not "
				    "'%s'",
				    arg);
			return -1;
		}
		return 1;
	}
	if (opt != 'e')
		return 0;
	if ((every = iol_pop_every_parse(arg)) < 0) {
		usage_error("--every wants month or week, not '%s'", arg);
		return -1;
	}
	return 1;
}

static void print(struct out *o, const struct iol_trend_row *r, size_t n,
		  size_t undated, size_t marked)
{
	static const char *const names[] = {"app", "user", "project"};
	char note[600];

	if (o->fmt == FMT_TEXT)
		out_text(o,
			 "The population per %s and %s (UTC, by start "
			 "time); MiB/s/CN: MiB/s per compute node\n\n",
			 names[by], every == IOL_EVERY_WEEK ? "week" : "month");
	iol_view_trend_print(o, r, n, names[by], every);
	if (o->fmt != FMT_TEXT)
		return;
	snprintf(note, sizeof note,
		 "change %%: the median MiB/s/CN against the %s's previous "
		 "period with values.  mark: %zu period%s lower or higher "
		 "beyond the noise, where this period and the one before "
		 "each have %d or more jobs with MiB/s/CN, their p25-p75 "
		 "ranges do not overlap and their medians are %d%% or more "
		 "apart.  flagged %%: jobs with a triage finding of warn or "
		 "high (iolens triage --db).",
		 names[by], marked, marked == 1 ? "" : "s", IOL_TREND_MIN,
		 (int)(IOL_TREND_REL * 100));
	out_text(o, "\n");
	out_wrap(o, 0, note);
	if (undated)
		out_text(o, "%zu job%s without a start time left out.\n",
			 undated, undated == 1 ? "" : "s");
}

/* The ids of the jobs triage flags; NULL when it cannot (with a note
 * when it failed). */
static int64_t *flagged_ids(struct iol_popdb *db, const struct popopts *p,
			    size_t *n)
{
	struct iol_triage_conf conf;
	struct iol_error err = {0};
	int64_t *ids = NULL;
	char *stext;
	size_t known;
	int rc;

	*n = 0;
	/* the site's thresholds, as iolens triage --db takes them */
	stext = iol_siteconf_triage_text(site_config());
	rc = stext ? iol_triage_conf_parse(&conf, stext, &err) : IOL_ENOMEM;
	free(stext);
	if (rc < 0 || iol_poptri_flagged(db, p->where, &conf, IOL_SEV_WARN,
					 &ids, n, &known, &err) < 0) {
		msg("'%s': no flagged share: %s", p->db,
		    err.msg[0] ? err.msg : "cannot run triage");
		return NULL;
	}
	if (!known) {
		/* the store lacks every field the rules read: unknown, not 0 */
		free(ids);
		*n = 0;
		return NULL;
	}
	/* none flagged is a share of 0, not unknown */
	return ids ? ids : calloc(1, sizeof(*ids));
}

int cmd_trend(int argc, char **argv)
{
	static const struct option longopts[] = {
		POP_LONGOPTS,
		{"by", required_argument, NULL, 'b'},
		{"every", required_argument, NULL, 'e'},
		{NULL, 0, NULL, 0}};
	struct iol_trend_row *r;
	struct iol_popset set;
	struct iol_popdb *db;
	struct popopts p;
	struct out o;
	size_t n, nfl, undated, marked = 0;
	int64_t *fl;
	int rc, first;

	by = IOL_BY_APP;
	every = IOL_EVERY_MONTH;
	rc = pop_start(&p, argc, argv, longopts, extra, 0, NULL, &db, &first);
	if (rc >= 0)
		return rc;
	rc = pop_load_some(&p, db, 0, &set);
	fl = rc < 0 ? NULL : flagged_ids(db, &p, &nfl);
	iol_popdb_close(db);
	if (rc < 0)
		return EXIT_DATA;
	if (iol_pop_trend(&set, by, every, fl, nfl, &r, &n, &undated) < 0) {
		free(fl);
		iol_popset_free(&set);
		msg("out of memory");
		return EXIT_DATA;
	}
	for (size_t i = 0; i < n; i++)
		marked += r[i].mark != 0;
	rc = cmd_out_open(&o, p.c.outpath, p.c.fmt) < 0 ? EXIT_DATA : EXIT_OK;
	if (rc == EXIT_OK) {
		print(&o, r, n, undated, marked);
		rc = cmd_out_close(&o, 1) < 0 ? EXIT_DATA : EXIT_OK;
	}
	free(r), free(fl);
	iol_popset_free(&set);
	return rc;
}
