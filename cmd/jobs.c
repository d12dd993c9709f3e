/*
 * iolens jobs: the job rows of a population store, filtered by a SQL
 * expression, sorted by a column, the first N.  Machine formats carry
 * every column of the jobs table; text shows the columns people scan.
 */
#include <stddef.h>
#include <string.h>

#include "cmd/commands.h"
#include "cmd/popcommon.h"
#include "cmd/util.h"
#include "render/view-jobs.h"
#include "base/banned.h"

static struct jopts {
	const char *sort_key;
	int64_t top_n, offset_n;
} jo;

#define AT(m) .off = offsetof(struct jopts, m)
static const struct cmd_opt options[] = {
	{"sort", CO_STR, AT(sort_key)},
	{"top", CO_COUNT, AT(top_n)},
	{"offset", CO_COUNT | CO_ZERO, AT(offset_n), "a count"},
	CO_END,
};

/* The rows to print: text reads only the columns it shows (the view's
 * sixteen; every row of ten million decoded whole was most of its
 * time), the machine formats every column. */
static int open_rows(const struct popopts *p, struct iol_popdb *db, int desc,
		     struct iol_popcur **cur, struct iol_error *err)
{
	const char *cols[32];
	size_t n = 0;

	for (int i = 0; p->c.fmt == FMT_TEXT && i < iol_view_jobs.ncols &&
			n < sizeof cols / sizeof cols[0];
	     i++)
		cols[n++] = iol_view_jobs.cols[i].key;
	return iol_popcur_open_sorted(
		db, p->where, n ? cols : NULL, n, jo.sort_key, desc,
		jo.top_n ? jo.top_n + jo.offset_n : 0, cur, err);
}

/* The rows again for the second pass of text: the same query from its
 * first row on; 1, or 0 with the message printed. */
static int reopen(const struct popopts *p, struct iol_popdb *db, int desc,
		  struct iol_popcur **cur, struct iol_error *err)
{
	int rc = open_rows(p, db, desc, cur, err);

	if (rc >= 0 && (rc = iol_popcur_skip(*cur, jo.offset_n, err)) == 0)
		iol_error_set(err, IOL_ECORRUPT,
			      "the store changed while it was read");
	if (rc <= 0)
		msg("%s", err->msg);
	return rc > 0;
}

/* Text in bounded memory (issue 38: ten million rows held to size the
 * columns took 7.2 GB): the rows read twice, once for the widths and
 * once to write each as it comes; the machine formats stream in one. */
static int print_rows(struct out *o, const struct popopts *p,
		      struct iol_popdb *db, int desc, struct iol_popcur **cur)
{
	struct iol_error err = {0};

	if (o->fmt == FMT_TEXT) {
		if (iol_view_jobs_measure(o, *cur, &err) < 0) {
			msg("%s", err.msg);
			return EXIT_DATA;
		}
		iol_popcur_close(*cur);
		*cur = NULL;
		if (!reopen(p, db, desc, cur, &err))
			return EXIT_DATA;
	}
	if (iol_view_jobs_print(o, *cur, &err) < 0) {
		msg("%s", err.msg);
		return EXIT_DATA;
	}
	return EXIT_OK;
}

int cmd_jobs(int argc, char **argv)
{
	struct iol_error err = {0};
	struct iol_popcur *cur;
	struct iol_popdb *db;
	struct popopts p;
	struct out o;
	int rc, first, desc = 0;

	memset(&jo, 0, sizeof(jo));
	rc = pop_begin(&p, argc, argv, (struct cmd_optset){options, &jo, 0},
		       POPTS_STORE, 0, NULL, &db, &first);
	if (rc >= 0)
		return rc;
	if (jo.sort_key && *jo.sort_key == '-') {
		desc = 1;
		jo.sort_key++;
	}
	rc = open_rows(&p, db, desc, &cur, &err);
	if (rc < 0) {
		iol_popdb_close(db);
		return usage_error("%s", err.msg);
	}
	rc = iol_popcur_skip(cur, jo.offset_n, &err);
	if (rc <= 0) {
		/* nothing matches: no bare header, no file */
		if (rc < 0)
			msg("%s", err.msg);
		else
			pop_none(&p);
		iol_popcur_close(cur);
		iol_popdb_close(db);
		return EXIT_DATA;
	}
	if (cmd_out_open(&o, p.c.outpath, p.c.fmt) < 0) {
		iol_popcur_close(cur);
		iol_popdb_close(db);
		return EXIT_DATA;
	}
	rc = print_rows(&o, &p, db, desc, &cur);
	if (cur)
		iol_popcur_close(cur);
	iol_popdb_close(db);
	if (cmd_out_close(&o, rc == EXIT_OK) < 0)
		rc = EXIT_DATA;
	return rc;
}
