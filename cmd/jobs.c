/*
 * iolens jobs: the job rows of a population store, filtered by a SQL
 * expression, sorted by a column, the first N.  Machine formats carry
 * every column of the jobs table; text shows the columns people scan.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/commands.h"
#include "cmd/popcommon.h"
#include "cmd/util.h"
#include "render/view-jobs.h"
#include "base/banned.h"

static const char *sort_key;
static int64_t top_n, offset_n;

static int extra(int opt, const char *arg)
{
	if (opt == 's') {
		sort_key = arg;
		return 1;
	}
	if (opt == 't') {
		if (iol_parse_count(arg, &top_n) < 0) {
			usage_error("--top wants a positive count, not '%s'",
				    arg);
			return -1;
		}
		return 1;
	}
	if (opt == 'O') {
		if (iol_parse_count(arg, &offset_n) < 0 && strcmp(arg, "0")) {
			usage_error("--offset wants a count, not '%s'", arg);
			return -1;
		}
		return 1;
	}
	return 0;
}

int cmd_jobs(int argc, char **argv)
{
	static const struct option longopts[] = {
		POP_STORE_LONGOPTS,
		{"sort", required_argument, NULL, 's'},
		{"top", required_argument, NULL, 't'},
		{"offset", required_argument, NULL, 'O'},
		{NULL, 0, NULL, 0}};
	struct iol_error err = {0};
	struct iol_popcur *cur;
	struct iol_popdb *db;
	struct popopts p;
	struct out o;
	int rc, first, desc = 0;

	sort_key = NULL;
	top_n = offset_n = 0;
	rc = pop_start(&p, argc, argv, longopts, extra, 0, NULL, &db, &first);
	if (rc >= 0)
		return rc;
	if (sort_key && *sort_key == '-') {
		desc = 1;
		sort_key++;
	}
	rc = iol_popcur_open(db, p.where, sort_key, desc,
			     top_n ? top_n + offset_n : 0, &cur, &err);
	if (rc < 0) {
		iol_popdb_close(db);
		return usage_error("%s", err.msg);
	}
	rc = iol_popcur_skip(cur, offset_n, &err);
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
	rc = iol_view_jobs_print(&o, cur, &err) < 0 ? EXIT_DATA : EXIT_OK;
	if (rc != EXIT_OK)
		msg("%s", err.msg);
	iol_popcur_close(cur);
	iol_popdb_close(db);
	if (cmd_out_close(&o, rc == EXIT_OK) < 0)
		rc = EXIT_DATA;
	return rc;
}
