/*
 * iolens coverage: Table II of Carns et al. — how much of what the
 * scheduler ran has a Darshan log: per project, the scheduler's jobs and
 * core-hours beside those with at least one Darshan job row joined (iolens
 * ingest --sacct), and the share of those jobs using each I/O API.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "cmd/commands.h"
#include "cmd/popcommon.h"
#include "cmd/util.h"
#include "render/view-coverage.h"
#include "base/banned.h"

static const char usage_str[] =
	"usage: iolens coverage --db file [--apis] [--format fmt] "
	"[--output file]\n";

static void help(void)
{
	fputs(usage_str, stdout);
	printf("\nTable II: per project (the scheduler's Account), the "
	       "scheduler's jobs and\n"
	       "core-hours (NCPUS x Elapsed), those with a Darshan log "
	       "(joined by job id\n"
	       "at ingest) and coverage_pct = 100 x instrumented core-hours "
	       "/ core-hours.\n"
	       "Then, of the instrumented jobs, the share whose logs moved "
	       "bytes through\n"
	       "each API.  The scheduler's jobs come from iolens ingest "
	       "--sacct.\n\n"
	       "  --apis             csv, tsv and json: the API table instead "
	       "of the projects\n"
	       "%s",
	       pop_help_nowhere);
}

enum { OPT_APIS = OPT_POP_LAST + 1 };
static int apis_only;

static int extra(int opt, const char *arg)
{
	(void)arg;
	if (opt != OPT_APIS)
		return 0;
	apis_only = 1;
	return 1;
}

int cmd_coverage(int argc, char **argv)
{
	static const struct option longopts[] = {
		POP_LONGOPTS,
		{"apis", no_argument, NULL, OPT_APIS},
		{NULL, 0, NULL, 0}};
	struct iol_error err = {0};
	struct iol_popcov_all c;
	struct iol_popdb *db;
	struct popopts p;
	struct out o;
	int rc, first;

	apis_only = 0;
	rc = pop_start(&p, argc, argv, longopts, help, extra, 0, NULL, &db,
		       &first);
	if (rc >= 0)
		return rc;
	if (p.where) {
		iol_popdb_close(db);
		return usage_error("--where is not taken: coverage counts "
				   "the scheduler's jobs");
	}
	rc = iol_popdb_coverage(db, &c, &err);
	iol_popdb_close(db);
	if (rc < 0) {
		msg("'%s': %s", p.db, err.msg[0] ? err.msg : iol_strerror(rc));
		return EXIT_DATA;
	}
	if (cmd_out_open(&o, p.c.outpath, p.c.fmt) < 0) {
		iol_popcov_free(&c);
		return EXIT_DATA;
	}
	iol_view_coverage_print(&o, &c, apis_only);
	iol_popcov_free(&c);
	return cmd_out_close(&o, 1) < 0 ? EXIT_DATA : EXIT_OK;
}
