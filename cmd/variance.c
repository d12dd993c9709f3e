/*
 * iolens variance: Table IV of Carns et al. — how much the I/O time of
 * repeated, similar jobs varies (METRICS.md 9; grouping in
 * population/popan.h).
 */
#include <stdlib.h>

#include "cmd/commands.h"
#include "cmd/popcommon.h"
#include "cmd/util.h"
#include "render/views.h"
#include "base/banned.h"

static int var_row(const struct iol_popjob *j, void *arg)
{
	return iol_pop_var_add(arg, j);
}

int cmd_variance(int argc, char **argv)
{
	struct iol_popset set;
	struct iol_popvrows rows = {0};
	struct iol_popvar *v;
	struct iol_popdb *db;
	struct popopts p;
	struct out o;
	size_t n, npart;
	int rc, first;

	rc = pop_begin(&p, argc, argv, (struct cmd_optset){NULL, NULL, 0},
		       POPTS_STORE, 0, &o, &db, &first);
	if (rc >= 0)
		return rc;
	/* only the columns Table IV reads, 64 bytes a job kept */
	rc = pop_each(&p, db, IOL_POPLOAD_VAR, var_row, &rows, &set);
	iol_popdb_close(db);
	npart = rows.npartial;
	if (rc < 0 || iol_pop_variance_rows(&rows, &v, &n) < 0) {
		if (rc >= 0)
			msg("out of memory");
		iol_pop_vrows_free(&rows);
		iol_popset_free(&set);
		out_close(&o, 0);
		return EXIT_DATA;
	}
	iol_view_variance_print(&o, v, n, set.n, npart);
	free(v);
	iol_pop_vrows_free(&rows);
	iol_popset_free(&set);
	return out_close(&o, 1) < 0 ? EXIT_DATA : EXIT_OK;
}
