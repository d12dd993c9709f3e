/*
 * iolens files: one row per file and module (or per file with --merge),
 * the table people pipe into sort, awk and spreadsheets.  Filters by
 * module and path (POSIX extended regular expressions), sorts by any
 * numeric column, keeps the top N.
 */
#include <math.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/util.h"
#include "analysis/jobrow.h"
#include "analysis/filesel.h"
#include "analysis/ostload.h"
#include "analysis/filesort.h"
#include "analysis/select.h"
#include "render/view-files.h"
#include "render/view-files-ost.h"
#include "base/banned.h"

struct fopts {
	struct iol_filesel sel; /* the paths, --module, --top */
	int sort_key, shared, by_ost;
	struct iol_excl defex; /* --default-excludes, else empty */
};

static int extra_opt(void *ctx, int opt, const char *arg)
{
	struct fopts *fo = ctx;

	switch (opt) {
	case 'x':
	case 'i':
		if ((opt == 'i' && fo->sel.have_inc) ||
		    (opt == 'x' && fo->sel.have_exc)) {
			usage_error(
				"--%s given twice: join the patterns with |",
				opt == 'i' ? "include" : "exclude");
			return -1;
		}
		if (regcomp(opt == 'i' ? &fo->sel.inc : &fo->sel.exc, arg,
			    REG_EXTENDED | REG_NOSUB)) {
			usage_error("bad regular expression '%s'", arg);
			return -1;
		}
		if (opt == 'i')
			fo->sel.have_inc = 1;
		else
			fo->sel.have_exc = 1;
		return 1;
	case 'm': fo->sel.merge = 1; return 1;
	case 'B':
		if (strcmp(arg, "ost")) {
			usage_error("--by wants ost, not '%s'", arg);
			return -1;
		}
		fo->by_ost = 1;
		return 1;
	case 'S': fo->shared = 1; return 1;
	case 'D':
		if (!fo->defex.n && iol_excl_init(&fo->defex, 1, NULL) < 0)
			return -1;
		return 1;
	case 'M':
		fo->sel.module = iol_mod_find(arg);
		if (fo->sel.module < 0 || !iol_mod_is_data(fo->sel.module)) {
			usage_error("'%s' is not a module with file records "
				    "(posix, mpiio, stdio, h5d, pnetcdf_var, "
				    "dfs, daos)",
				    arg);
			return -1;
		}
		return 1;
	case 's':
		fo->sort_key = iol_filerow_sort_key(arg);
		if (fo->sort_key != IOL_SORT_NONE)
			return 1;
		usage_error("cannot sort by '%s'", arg);
		return -1;
	case 't':
		if (iol_parse_count(arg, &fo->sel.top) < 0) {
			usage_error("--top wants a positive count, not '%s'",
				    arg);
			return -1;
		}
		return 1;
	}
	return 0;
}

/* --shared: the shared records' rank balance of one job. */
static int shared_table(struct out *o, struct fopts *fo, const char *log,
			const struct iol_job *job)
{
	struct iol_sharedrow *rows;
	struct iol_error err = {0};
	size_t n, r;

	if (iol_shared_compute(job, &rows, &n, &err) < 0) {
		msg_ioerr(log, err.code, &err);
		return -1;
	}
	view_files_title(o, log, 1);
	n = iol_filesel_shared(&fo->sel, rows, n);
	for (r = 0; r < n; r++)
		view_files_shared_row(o, log, &rows[r]);
	free(rows);
	return 0;
}

/* --by ost: a job's bytes and time per Lustre OST. */
static int by_ost(struct out *o, const char *log, const struct iol_job *job)
{
	struct iol_error err = {0};
	struct iol_ostload l;

	if (iol_ostload_compute(job, &l, &err) < 0) {
		msg_ioerr(log, err.code, &err);
		return -1;
	}
	view_files_by_ost(o, log, &l);
	iol_ostload_free(&l);
	return 0;
}

/* The file rows of one job (one per file and module, or per file with
 * --merge), sorted, selected and ended with what the exclusions
 * dropped. */
static int file_rows(struct out *o, struct fopts *fo, const char *log,
		     const struct iol_job *job)
{
	const struct iol_filerow **sorted;
	struct iol_filerow *rows;
	struct iol_error err = {0};
	size_t n, r;

	if (iol_files_compute(job, fo->sel.merge, &rows, &n, &err) < 0) {
		msg_ioerr(log, err.code, &err);
		return -1;
	}
	if (!(sorted = iol_filerows_sort(rows, n, fo->sort_key))) {
		msg("out of memory");
		exit(EXIT_DATA);
	}
	view_files_title(o, log, 0);
	n = iol_filesel_rows(&fo->sel, sorted, n);
	for (r = 0; r < n; r++)
		view_files_row(o, log, sorted[r]);
	free(sorted);
	iol_files_free(rows);
	view_files_end(o, fo->sel.nexcl, fo->sel.have_exc, fo->defex.n > 0);
	return 0;
}

/* One job's table as the options ask; 0, or -1 (message printed). */
static int files_log(struct out *o, struct fopts *fo, const char *log,
		     const struct iol_job *job)
{
	int r;

	fo->sel.nexcl = 0;
	if (fo->by_ost)
		return by_ost(o, log, job);
	if (!fo->shared)
		return file_rows(o, fo, log, job);
	/* its end even when it failed, as the rows' table has had */
	r = shared_table(o, fo, log, job);
	view_files_end(o, fo->sel.nexcl, fo->sel.have_exc, fo->defex.n > 0);
	return r;
}

int cmd_files(int argc, char **argv)
{
	static const struct option longopts[] = {
		COMMON_LONGOPTS,
		{"exclude", required_argument, NULL, 'x'},
		{"include", required_argument, NULL, 'i'},
		{"default-excludes", no_argument, NULL, 'D'},
		{"merge", no_argument, NULL, 'm'},
		{"by", required_argument, NULL, 'B'},
		{"shared", no_argument, NULL, 'S'},
		{"module", required_argument, NULL, 'M'},
		{"sort", required_argument, NULL, 's'},
		{"top", required_argument, NULL, 't'},
		{NULL, 0, NULL, 0},
	};
	struct fopts fo;
	struct iol_inputs in;
	struct copts co;
	struct out o;
	int rc, i;

	memset(&fo, 0, sizeof(fo));
	fo.sort_key = IOL_SORT_BYTES;
	fo.sel.module = -1;
	fo.sel.defex = &fo.defex;
	rc = copts_start(&co, argc, argv, longopts, extra_opt, &fo, &o, &i);
	if (rc >= 0)
		goto out;
	/* a directory stands for the logs in it */
	rc = cmd_inputs(&co, argc, argv, i, &in) < 0 ? EXIT_DATA : EXIT_OK;
	/* text: a titled table per log; machine formats: one table */
	if (co.fmt != FMT_TEXT && fo.by_ost)
		files_by_ost_start(&o);
	else
		view_files_table(&o, fo.shared);
	for (size_t j = 0; j < in.n; j++) {
		struct iol_job *job;

		if (cmd_load(&co, &in.v[j], &job) < 0) {
			rc = EXIT_DATA;
			continue;
		}
		if (files_log(&o, &fo, in.v[j].name, job) < 0)
			rc = EXIT_DATA;
		iol_job_close(job);
	}
	iol_inputs_release(&in);
	if (co.fmt != FMT_TEXT)
		out_endtable(&o);
	if (out_close(&o, rc == EXIT_OK) < 0) {
		msg("%s", o.err.msg);
		rc = EXIT_DATA;
	}
out:
	if (fo.sel.have_inc)
		regfree(&fo.sel.inc);
	if (fo.sel.have_exc)
		regfree(&fo.sel.exc);
	iol_excl_free(&fo.defex);
	return rc;
}
