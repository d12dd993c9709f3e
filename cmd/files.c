/*
 * iolens files: one row per file and module (or per file with --merge),
 * the table people pipe into sort, awk and spreadsheets.  Filters by
 * module and path (POSIX extended regular expressions), sorts by any
 * numeric column, keeps the top N.
 */
#include <math.h>
#include <regex.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

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

/* --include and --exclude: one pattern each */
static int pattern(struct fopts *fo, int inc, const char *arg)
{
	int *have = inc ? &fo->sel.have_inc : &fo->sel.have_exc;

	if (*have) {
		usage_error("--%s given twice: join the patterns with |",
			    inc ? "include" : "exclude");
		return -1;
	}
	if (regcomp(inc ? &fo->sel.inc : &fo->sel.exc, arg,
		    REG_EXTENDED | REG_NOSUB)) {
		usage_error("bad regular expression '%s'", arg);
		return -1;
	}
	*have = 1;
	return 0;
}

static int include(void *fo, const char *arg)
{
	return pattern(fo, 1, arg);
}

static int exclude(void *fo, const char *arg)
{
	return pattern(fo, 0, arg);
}

static int default_excludes(void *base, const char *arg)
{
	struct fopts *fo = base;

	(void)arg;
	return fo->defex.n || iol_excl_init(&fo->defex, 1, NULL) == 0 ? 0 : -1;
}

static int module(void *base, const char *arg)
{
	struct fopts *fo = base;

	fo->sel.module = iol_mod_find(arg);
	return fo->sel.module >= 0 && iol_mod_is_data(fo->sel.module) ? 0 : -1;
}

static int sort_by(void *base, const char *arg)
{
	struct fopts *fo = base;

	fo->sort_key = iol_filerow_sort_key(arg);
	return fo->sort_key != IOL_SORT_NONE ? 0 : -1;
}

#define AT(m) .off = offsetof(struct fopts, m)
static const struct cmd_opt options[] = {
	{"exclude", CO_CALL, .fn = exclude},
	{"include", CO_CALL, .fn = include},
	{"default-excludes", CO_DO, .fn = default_excludes},
	{"merge", CO_FLAG, AT(sel.merge)},
	{"by", CO_WORD, AT(by_ost), "ost", 1},
	{"shared", CO_FLAG, AT(shared)},
	{"module", CO_CALL, .fn = module,
	 .want = "'%s' is not a module with file records (posix, mpiio, "
		 "stdio, h5d, pnetcdf_var, dfs, daos)"},
	{"sort", CO_CALL, .fn = sort_by, .want = "cannot sort by '%s'"},
	{"top", CO_COUNT, AT(sel.top)},
	CO_END,
};

/* --shared: the shared records' rank balance of one job. */
static int shared_table(struct out *o, struct fopts *fo, const char *log,
			const struct iol_job *job)
{
	struct iol_sharedrow *rows;
	struct iol_error err = {0};
	size_t n;

	if (iol_shared_compute(job, &rows, &n, &err) < 0) {
		msg_ioerr(log, err.code, &err);
		return -1;
	}
	n = iol_filesel_shared(&fo->sel, rows, n);
	view_files_shared_rows(o, log, rows, n);
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
	size_t n;

	if (iol_files_compute(job, fo->sel.merge, &rows, &n, &err) < 0) {
		msg_ioerr(log, err.code, &err);
		return -1;
	}
	if (!(sorted = iol_filerows_sort(rows, n, fo->sort_key))) {
		msg("out of memory");
		exit(EXIT_DATA);
	}
	n = iol_filesel_rows(&fo->sel, sorted, n);
	view_files_rows(o, log, sorted, n);
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

/* the files of each job */
struct run {
	struct out o;
	struct fopts *fo;
};

static int files_job(void *arg, const char *name, struct iol_job *job)
{
	struct run *r = arg;

	return files_log(&r->o, r->fo, name, job);
}

int cmd_files(int argc, char **argv)
{
	struct fopts fo;
	struct run r = {.fo = &fo};
	struct copts co;
	int rc, i;

	memset(&fo, 0, sizeof(fo));
	fo.sort_key = IOL_SORT_BYTES;
	fo.sel.module = -1;
	fo.sel.defex = &fo.defex;
	rc = cmd_start(&co, argc, argv, options, &fo, COPTS_COMMON, &r.o, &i);
	if (rc >= 0)
		goto out;
	/* text: a titled table per log; machine formats: one table */
	if (co.fmt != FMT_TEXT && fo.by_ost)
		files_by_ost_start(&r.o);
	else
		view_files_table(&r.o, fo.shared);
	rc = cmd_each_job(&co.in, argc, argv, i, files_job, &r);
	if (co.fmt != FMT_TEXT)
		out_endtable(&r.o);
	if (cmd_out_close(&r.o, rc == EXIT_OK) < 0)
		rc = EXIT_DATA;
out:
	if (fo.sel.have_inc)
		regfree(&fo.sel.inc);
	if (fo.sel.have_exc)
		regfree(&fo.sel.exc);
	iol_excl_free(&fo.defex);
	return rc;
}
