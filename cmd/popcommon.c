/*
 * Option handling and store opening shared by the population commands.
 */
#define _XOPEN_SOURCE 700
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#include "cmd/popcommon.h"
#include "cli/siteconf.h"
#include "cmd/util.h"
#include "population/popctx.h"
#include "base/banned.h"

/* The store of --db opened and --where checked: -1 to go on, else the
 * exit status (the message said). */
static int open_db(struct popopts *p, struct iol_popdb **db)
{
	struct iol_error err = {0};
	int bad_where, rc = iol_popdb_open_where(p->db, p->where, db,
						 &bad_where, &err);

	if (rc < 0 && bad_where)
		return usage_error("bad --where: %s", err.msg);
	if (rc < 0)
		return cmd_fail(rc, &err, "cannot open '%s'", p->db);
	return -1;
}

/* After the options: as pop_begin() says. */
static int pop_rest(struct popopts *p, int argc, char **argv, int nargs,
		    struct out *o, struct iol_popdb **db, int *first)
{
	const struct iol_siteconf *site;
	int rc;

	if (copts_choose(&p->c) < 0)
		return EXIT_USAGE;
	if (!(site = site_config()))
		return EXIT_DATA;
	if (!p->db)
		p->db = iol_siteconf_get(site, "db", NULL);
	if (!p->db)
		return usage_error("no --db given (nor db in the site "
				   "configuration: iolens config)");
	if (nargs == 0 && optind < argc)
		return usage_error("unexpected argument '%s'", argv[optind]);
	if (nargs > 0 && argc - optind < nargs)
		return usage_error("no log given");
	if (nargs > 0 && argc - optind > nargs)
		return usage_error("unexpected argument '%s'",
				   argv[optind + nargs]);
	*first = optind;
	if ((rc = open_db(p, db)) >= 0)
		return rc;
	if (o && cmd_out_open(o, p->c.outpath, p->c.fmt) < 0) {
		iol_popdb_close(*db);
		*db = NULL;
		return EXIT_DATA;
	}
	return -1;
}

#define AT(m) .off = offsetof(struct popopts, m)
static const struct cmd_opt pop_table[] = {
	{"db", CO_STR, AT(db)},
	{"where", CO_STR, AT(where)},
	CO_END,
};

int pop_begin(struct popopts *p, int argc, char **argv, struct cmd_optset own,
	      unsigned long common, int nargs, struct out *o,
	      struct iol_popdb **db, int *first)
{
	struct cmd_optset sets[3] = {
		{copts_table, &p->c,
		 (common & ~POPT_DB) | COPT_HELP | COPT_VERSION},
	};
	int rc, n = 1;

	if (common & POPT_DB)
		sets[n++] = (struct cmd_optset){pop_table, p, 0};
	if (own.t)
		sets[n++] = own;
	memset(p, 0, sizeof *p);
	copts_init(&p->c, argv);
	*db = NULL;
	rc = cmd_opts_parse(argc, argv, sets, n, 0);
	return rc >= 0 ? rc : pop_rest(p, argc, argv, nargs, o, db, first);
}

int pop_none(const struct popopts *p)
{
	if (p->where)
		msg("no jobs match --where \"%s\" in '%s'", p->where, p->db);
	else
		msg("no jobs match: '%s' holds none", p->db);
	return EXIT_DATA;
}

/* The end of a load: the message of a failure, or that none matched
 * (then set is freed and the load a failure too). */
static int loaded(struct popopts *p, int rc, const struct iol_error *err,
		  struct iol_popset *set)
{
	if (rc < 0)
		msg_store(p->db, rc, err);
	if (rc == 0 && !set->n) {
		iol_popset_free(set);
		pop_none(p);
		rc = IOL_EEMPTY;
	}
	return rc;
}

int pop_trend_share(struct popopts *p, struct iol_popdb *db, int by, int every,
		    struct iol_popset *set, struct iol_popshare *sh,
		    struct iol_trend_row **r, size_t *n, size_t *undated)
{
	struct iol_error err = {0};
	char *stext = iol_siteconf_triage_text(site_config());
	int rc;

	rc = iol_trend_each_share(db, p->where, stext, by, every, set, sh, r, n,
				  undated, &err);
	free(stext);
	rc = loaded(p, rc, &err, set);
	if (rc < 0) {
		free(*r);
		*r = NULL;
	}
	return rc;
}

int pop_each(struct popopts *p, struct iol_popdb *db, unsigned what,
	     int (*fn)(const struct iol_popjob *j, void *arg), void *arg,
	     struct iol_popset *set)
{
	struct iol_error err = {0};

	return loaded(p, iol_popdb_each(db, p->where, what, fn, arg, set, &err),
		      &err, set);
}

/* The device load while the job w ran, over every device recorded;
 * which recording is bad or cut said here. */
static int weather(const char *const *recs, int nrecs, const struct iol_wjob *w,
		   struct iol_wjobw *out)
{
	struct iol_error err = {0};
	uint64_t *cut = calloc((size_t)nrecs + 1, sizeof *cut);
	int bad, r;

	if (!cut) {
		msg("out of memory");
		return IOL_ENOMEM;
	}
	r = iol_weather_recs(recs, nrecs, w->start, w->end, w->rbytes,
			     w->wbytes, out, cut, &bad, &err);
	msg_weather(recs, nrecs, cut, r, bad, &err);
	free(cut);
	return r;
}

int pop_weather(const char *const *recs, int nrecs, const struct iol_popjob *j,
		struct iol_wjobw *out)
{
	struct iol_wjob w;

	iol_wjob_of_popjob(&w, j);
	return weather(recs, nrecs, &w, out);
}

int pop_weather_job(const char *const *recs, int nrecs,
		    const struct iol_job *job, const struct iol_opts *m,
		    struct iol_wjobw *out)
{
	struct iol_error err = {0};
	struct iol_wjob w;

	if (iol_wjob_of_job(&w, job, m, &err) < 0) {
		msg("%s", iol_error_text(&err, err.code));
		return -1;
	}
	return weather(recs, nrecs, &w, out);
}

static int fsweather(const char *const *recs, int nrecs, const char *db,
		     const struct iol_wjob *wj, struct iol_fsjob *out)
{
	struct iol_error err = {0};
	int bad, r;

	r = iol_fsweather_job(recs, nrecs, db, wj, out, &bad, &err);
	msg_fsweather(recs, nrecs, db, r, bad, &err);
	return r;
}

int pop_fsweather(const char *const *recs, int nrecs, const char *db,
		  const struct iol_popjob *j, struct iol_fsjob *out)
{
	struct iol_wjob wj;

	iol_wjob_of_popjob(&wj, j);
	return fsweather(recs, nrecs, db, &wj, out);
}

int pop_fsweather_log(const char *const *recs, int nrecs, const char *db,
		      const char *log, const struct iol_job *job,
		      const struct iol_opts *m, struct iol_fsjob *out)
{
	struct iol_error err = {0};
	struct iol_wjob wj;
	int stage, rc = iol_pop_wjob_of(db, log, job, m, &wj, &stage, &err);

	if (rc < 0)
		msg_popctx(db, log, rc, stage, &err);
	return rc < 0 ? rc : fsweather(recs, nrecs, db, &wj, out);
}
