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

int iol_poptri_load_share(struct iol_popdb *db, const char *where,
			  unsigned what, const char *conf_text,
			  struct iol_popset *set, struct iol_popshare *out,
			  struct iol_error *err)
{
	const char *cols[IOL_POPTRI_NCOLS];
	struct share sh = {NULL, &out->err, 0};
	size_t ncols = iol_poptri_columns(cols);
	int rc;

	memset(out, 0, sizeof(*out));
	sh.rc = iol_poptri_share_begin(db, conf_text, &sh.s, &out->err);
	rc = iol_popdb_load_pass(db, where, what, cols, ncols, share_open,
				 share_row, &sh, set, err);
	out->rc = sh.rc;
	if (sh.s)
		out->rc = iol_poptri_share_end(sh.s, rc < 0 ? rc : sh.rc,
					       &out->ids, &out->n, &out->info,
					       &out->err);
	return rc;
}
