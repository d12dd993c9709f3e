/*
 * A store's rows and the triage's flagged share of them, read in one pass
 * (iolens trend): two passes of ten million rows were trend's time.
 */
#include <string.h>

#include "population/popdb.h"
#include "population/poptriage.h"
#include "base/banned.h"

struct share {
	struct iol_poptri_share *s;
	struct iol_error *err;
	int rc;
};

/* a share that fails stops itself, never the rows' load */
static int share_open(struct iol_popcur *cur, void *arg)
{
	struct share *sh = arg;

	if (sh->rc >= 0)
		sh->rc = iol_poptri_share_open(sh->s, cur, sh->err);
	return 0;
}

static int share_row(struct iol_popcur *cur, void *arg)
{
	struct share *sh = arg;

	if (sh->rc >= 0)
		sh->rc = iol_poptri_share_row(sh->s, cur, sh->err);
	return 0;
}

/* each row to the caller's fn after the share's pass, told whether the
 * pass flagged or held it (a row it did not can never be flagged) */
struct each {
	struct share sh; /* first: share_row's arg */
	int (*fn)(const struct iol_popjob *j, int maybe, void *arg);
	void *arg;
	size_t seen; /* the pass's flagged and held rows so far */
};

static int each_row(const struct iol_popjob *j, void *arg)
{
	struct each *e = arg;
	size_t n = e->sh.rc >= 0 && e->sh.s ? iol_poptri_share_marked(e->sh.s)
					    : e->seen;
	int maybe = n != e->seen;

	e->seen = n;
	return e->fn(j, maybe, e->arg);
}

static int share_pass(struct iol_popdb *db, const char *where, unsigned what,
		      const char *conf_text,
		      int (*fn)(const struct iol_popjob *j, int maybe,
				void *arg),
		      void *arg, struct iol_popset *set,
		      struct iol_popshare *out, struct iol_error *err)
{
	const char *cols[IOL_POPTRI_NCOLS];
	struct each e = {{NULL, &out->err, 0}, fn, arg, 0};
	struct share sh;
	size_t ncols = iol_poptri_columns(db, cols);
	int rc;

	memset(out, 0, sizeof(*out));
	e.sh.rc = iol_poptri_share_begin(db, conf_text, &e.sh.s, &out->err);
	if (fn)
		rc = iol_popdb_each_pass(db, where, what, cols, ncols,
					 share_open, each_row, share_row, &e,
					 set, err);
	else
		rc = iol_popdb_load_pass(db, where, what, cols, ncols,
					 share_open, share_row, &e, set, err);
	sh = e.sh;
	out->rc = sh.rc;
	if (sh.s)
		out->rc = iol_poptri_share_end(sh.s, rc < 0 ? rc : sh.rc,
					       &out->ids, &out->n, &out->info,
					       &out->err);
	return rc;
}

int iol_poptri_load_share(struct iol_popdb *db, const char *where,
			  unsigned what, const char *conf_text,
			  struct iol_popset *set, struct iol_popshare *out,
			  struct iol_error *err)
{
	return share_pass(db, where, what, conf_text, NULL, NULL, set, out,
			  err);
}

int iol_poptri_each_share(struct iol_popdb *db, const char *where,
			  unsigned what, const char *conf_text,
			  int (*fn)(const struct iol_popjob *j, int maybe,
				    void *arg),
			  void *arg, struct iol_popset *set,
			  struct iol_popshare *out, struct iol_error *err)
{
	return share_pass(db, where, what, conf_text, fn, arg, set, out, err);
}
