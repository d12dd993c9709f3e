/*
 * iolens compare: the same keys (apps, users or projects) before and
 * after a change — a file-system upgrade, a new library, a new
 * allocation year — with the change of MiB/s per compute node, its
 * effect size against the run-to-run noise of the key's jobs, and
 * whether it exceeds that noise (population/trend.h states the test).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/commands.h"
#include "cmd/popcommon.h"
#include "cmd/util.h"
#include "population/trend.h"
#include "population/sql.h"
#include "render/views.h"
#include "base/banned.h"

static int by;
static const char *before, *after;

static int extra(int opt, const char *arg)
{
	switch (opt) {
	case 'B': before = arg; return 1;
	case 'A': after = arg; return 1;
	case 'b': break;
	default: return 0;
	}
	by = iol_pop_by_parse(arg);
	if (by < 0 || by > IOL_BY_PROJECT) {
		usage_error("--by wants app, user or project, not '%s'", arg);
		return -1;
	}
	return 1;
}

static void print(struct out *o, const struct iol_cmp_row *r, size_t n,
		  size_t ob, size_t oa)
{
	static const char *const names[] = {"app", "user", "project"};
	char note[600];

	if (o->fmt == FMT_TEXT)
		out_text(o,
			 "MiB/s per compute node per %s, before: %s\n"
			 "                                  after:  %s\n\n",
			 names[by], before, after);
	iol_view_compare_print(o, r, n, names[by]);
	if (o->fmt != FMT_TEXT)
		return;
	snprintf(note, sizeof note,
		 "noise %%: the pooled standard deviation of the %s's jobs / "
		 "the mean before (run-to-run variance); d: Cohen's d, the "
		 "change of the mean / that standard deviation.  lower or "
		 "higher: %d or more jobs each side, |d| >= %g and the means "
		 "%d%% or more apart.",
		 names[by], IOL_TREND_MIN, IOL_CMP_D,
		 (int)(IOL_TREND_REL * 100));
	out_text(o, "\n");
	out_wrap(o, 0, note);
	if (ob || oa)
		out_text(o, "%zu %s%s with jobs only before, %zu only after.\n",
			 ob, names[by], ob == 1 ? "" : "s", oa);
}

/* where AND side, allocated with the SQL allocator: NULL out of memory */
static char *both(const char *where, const char *side)
{
	return where ? iol_sql_mprintf("(%s) AND (%s)", where, side)
		     : iol_sql_mprintf("%s", side);
}

static int load_side(struct popopts *p, struct iol_popdb *db, const char *side,
		     const char *name, struct iol_popset *s)
{
	struct iol_error err = {0};
	char *w;
	int rc;

	if (iol_popdb_check_where(db, side, &err) < 0) {
		usage_error("bad %s: %s", name, err.msg);
		return EXIT_USAGE;
	}
	if (!(w = both(p->where, side))) {
		msg("out of memory");
		return EXIT_DATA;
	}
	rc = iol_popdb_load_some(db, w, 0, s, &err);
	iol_sql_free(w);
	if (rc < 0) {
		msg("'%s': %s", p->db, err.msg[0] ? err.msg : iol_strerror(rc));
		return EXIT_DATA;
	}
	if (!s->n) {
		iol_popset_free(s);
		msg("no jobs match %s \"%s\"%s in '%s'", name, side,
		    p->where ? " and --where" : "", p->db);
		return EXIT_DATA;
	}
	return -1;
}

static int run(struct popopts *p, struct iol_popset *b, struct iol_popset *a)
{
	struct iol_cmp_row *r;
	size_t n, ob, oa;
	struct out o;
	int rc;

	if (iol_pop_compare(b, a, by, &r, &n, &ob, &oa) < 0) {
		msg("out of memory");
		return EXIT_DATA;
	}
	rc = cmd_out_open(&o, p->c.outpath, p->c.fmt) < 0 ? EXIT_DATA : EXIT_OK;
	if (rc == EXIT_OK) {
		print(&o, r, n, ob, oa);
		rc = cmd_out_close(&o, 1) < 0 ? EXIT_DATA : EXIT_OK;
	}
	free(r);
	return rc;
}

int cmd_compare(int argc, char **argv)
{
	static const struct option longopts[] = {
		POP_LONGOPTS,
		{"after", required_argument, NULL, 'A'},
		{"before", required_argument, NULL, 'B'},
		{"by", required_argument, NULL, 'b'},
		{NULL, 0, NULL, 0}};
	struct iol_popset b, a;
	struct iol_popdb *db;
	struct popopts p;
	int rc, first;

	by = IOL_BY_APP;
	before = after = NULL;
	rc = pop_start(&p, argc, argv, longopts, extra, 0, NULL, &db, &first);
	if (rc >= 0)
		return rc;
	if (!before || !after) {
		iol_popdb_close(db);
		return usage_error("no --%s given",
				   before ? "after" : "before");
	}
	rc = load_side(&p, db, before, "--before", &b);
	if (rc < 0) {
		rc = load_side(&p, db, after, "--after", &a);
		if (rc >= 0)
			iol_popset_free(&b);
	}
	iol_popdb_close(db);
	if (rc >= 0)
		return rc;
	rc = run(&p, &b, &a);
	iol_popset_free(&b);
	iol_popset_free(&a);
	return rc;
}
