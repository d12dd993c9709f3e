/*
 * iolens groups: a population split by app, user, project, nprocs or
 * job-size class — per group the jobs, bytes and share of all bytes
 * (Fig. 4), the Table VI means, the MiB/s/CN spread behind Fig. 11, the
 * I/O strategies (Fig. 3) and files written per job by size (Fig. 5).
 */
#include "cmd/commands.h"
#include "cmd/popcommon.h"
#include "cmd/util.h"
#include "render/view-groups.h"
#include "base/banned.h"

static int by = -1;

static const struct cmd_opt options[] = {
	{"by", CO_WORD, .off = 0, "app|user|project|nprocs|size"},
	CO_END,
};

/* Each row summed into its group as it loads (population/popan.h). */
static int add_row(const struct iol_popjob *j, void *gr)
{
	return iol_pop_groups_add(gr, j);
}

int cmd_groups(int argc, char **argv)
{
	struct iol_popgroup *g;
	struct iol_popset set;
	struct iol_popgrp *gr;
	struct iol_popdb *db;
	struct popopts p;
	struct out o;
	size_t n;
	int rc, first, single;

	by = -1;
	rc = pop_begin(&p, argc, argv, (struct cmd_optset){options, &by, 0},
		       POPTS_STORE, 0, NULL, &db, &first);
	if (rc >= 0)
		return rc;
	if (by < 0) {
		iol_popdb_close(db);
		return usage_error("no --by given");
	}
	if (!(gr = iol_pop_groups_begin(by))) {
		iol_popdb_close(db);
		msg("out of memory");
		return EXIT_DATA;
	}
	/* no row kept: each is summed into its group as it loads */
	rc = pop_each(&p, db, IOL_POPLOAD_GROUPS | IOL_POPLOAD_FW, add_row, gr,
		      &set);
	iol_popdb_close(db);
	if (rc < 0) {
		iol_pop_groups_abort(gr);
		return EXIT_DATA;
	}
	single = iol_pop_groups_single(gr);
	iol_pop_groups_end(gr, &g, &n);
	rc = cmd_out_open(&o, p.c.outpath, p.c.fmt) < 0 ? EXIT_DATA : EXIT_OK;
	if (rc == EXIT_OK) {
		iol_view_groups_print(&o, g, n, by, set.has_fw,
				      by == IOL_BY_SIZE && single);
		rc = cmd_out_close(&o, 1) < 0 ? EXIT_DATA : EXIT_OK;
	}
	iol_pop_groups_free(g, n);
	iol_popset_free(&set);
	return rc;
}
