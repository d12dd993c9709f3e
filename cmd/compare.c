/*
 * iolens compare: the same keys (apps, users or projects) before and
 * after a change — a file-system upgrade, a new library, a new
 * allocation year — with the change of MiB/s per compute node, its
 * effect size against the run-to-run noise of the key's jobs, and
 * whether it exceeds that noise (population/trend.h states the test).
 */
#include <stddef.h>
#include <stdlib.h>

#include "cmd/commands.h"
#include "cmd/popcommon.h"
#include "cmd/util.h"
#include "population/trend.h"
#include "render/views.h"
#include "base/banned.h"

static struct cmpopts {
	int by;
	const char *before, *after;
} cm;

#define AT(m) .off = offsetof(struct cmpopts, m)
static const struct cmd_opt options[] = {
	{"after", CO_STR, AT(after)},
	{"before", CO_STR, AT(before)},
	{"by", CO_WORD, AT(by), "app|user|project"},
	CO_END,
};

static int load_side(struct popopts *p, struct iol_popdb *db, const char *side,
		     const char *name, struct iol_popset *s)
{
	struct iol_error err = {0};
	int rc;

	if (iol_popdb_check_where(db, side, &err) < 0) {
		usage_error("bad %s: %s", name, err.msg);
		return EXIT_USAGE;
	}
	rc = iol_pop_load_side(db, p->where, side, s, &err);
	if (rc < 0 && !err.msg[0] && rc == IOL_ENOMEM)
		msg("out of memory");
	else if (rc < 0)
		msg_store(p->db, rc, &err);
	if (rc < 0)
		return EXIT_DATA;
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

	if (iol_pop_compare(b, a, cm.by, &r, &n, &ob, &oa) < 0) {
		msg("out of memory");
		return EXIT_DATA;
	}
	rc = cmd_out_open(&o, p->c.outpath, p->c.fmt) < 0 ? EXIT_DATA : EXIT_OK;
	if (rc == EXIT_OK) {
		iol_view_compare_print(&o, r, n, cm.by, cm.before, cm.after, ob,
				       oa);
		rc = cmd_out_close(&o, 1) < 0 ? EXIT_DATA : EXIT_OK;
	}
	free(r);
	return rc;
}

int cmd_compare(int argc, char **argv)
{
	struct iol_popset b, a;
	struct iol_popdb *db;
	struct popopts p;
	int rc, first;

	cm = (struct cmpopts){IOL_BY_APP, NULL, NULL};
	rc = pop_begin(&p, argc, argv, (struct cmd_optset){options, &cm, 0},
		       POPTS_STORE, 0, NULL, &db, &first);
	if (rc >= 0)
		return rc;
	if (!cm.before || !cm.after) {
		iol_popdb_close(db);
		return usage_error("no --%s given",
				   cm.before ? "after" : "before");
	}
	rc = load_side(&p, db, cm.before, "--before", &b);
	if (rc < 0) {
		rc = load_side(&p, db, cm.after, "--after", &a);
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
