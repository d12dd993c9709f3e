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
#include "analysis/select.h"
#include "base/banned.h"

static const char usage_str[] =
	"usage: iolens files [--default-excludes] [--exclude regex] [--format "
	"fmt]\n"
	"                    [--include regex] [--merge] [--module name]\n"
	"                    [--output file] [--shared] [--sort key] [--top "
	"n]\n"
	"                    log ...\n";

/* the columns: "log" (machine formats only), then the file-row fields
 * (analysis/jobrow.h), the last of them, record_id, machine formats only */

static void help(void)
{
	const struct iol_filefield *ff;
	size_t i, n;

	fputs(usage_str, stdout);
	printf("\nList every file a job touched, one row per file and "
	       "module.\n\n"
	       "  --default-excludes drop the files report and summary leave "
	       "out of\n"
	       "                     their rankings: %s\n"
	       "  --exclude regex    drop files whose path matches\n"
	       "  --format fmt       text (default), csv, tsv or json\n"
	       "  --include regex    keep only files whose path matches\n"
	       "  --merge            one row per file across modules (bytes "
	       "from\n"
	       "                     POSIX/STDIO only, so none is counted "
	       "twice)\n"
	       "  --module name      only this module (posix, mpiio, stdio, "
	       "...)\n"
	       "  -o, --output file  write to file (replaced atomically)\n"
	       "  --sort key         sort by a column, largest first (default\n"
	       "                     bytes: bytes_read + bytes_written)\n"
	       "  --shared           shared files' rank balance instead: "
	       "fastest and\n"
	       "                     slowest rank with their time and bytes, "
	       "standard\n"
	       "                     deviation of time and bytes over ranks\n"
	       "  --top n            keep the first n rows\n"
	       "%s"
	       "  -h, --help         show this help\n"
	       "  --version          show the version\n"
	       "\ncolumns:",
	       excl_defaults_help(), trace_help);
	ff = iol_filerow_fields(&n);
	for (i = 0; i < n; i++)
		printf("%s%s", i % 6 == 0 ? "\n  " : " ", ff[i].name);
	putchar('\n');
}

/* sort_key: a column index, or -1 for total bytes */
static double key_of(const struct iol_filerow *r, int sort_key)
{
	switch (sort_key) {
	case -1: return (double)(r->br + r->bw);
	case 3: return r->nranks < 0 ? INFINITY : (double)r->nranks;
	case 4: return (double)r->rank;
	case 5: return (double)r->br;
	case 6: return (double)r->bw;
	case 7: return (double)r->reads;
	case 8: return (double)r->writes;
	case 9: return (double)r->opens;
	case 10: return (double)r->seeks;
	case 11: return (double)r->stats;
	case 12: return (double)r->syncs;
	case 13: return r->tr;
	case 14: return r->tw;
	case 15: return r->tm;
	case 16: return r->tslow;
	case 17: return r->first;
	case 18: return r->last;
	case 19: return (double)r->maxoff;
	case 20: return (double)r->access;
	case 21: return (double)r->access_count;
	case 22: return isnan(r->pct_seq) ? -1 : r->pct_seq;
	case 23: return isnan(r->pct_aligned) ? -1 : r->pct_aligned;
	}
	return 0;
}

/* a row with its sort key, so that the comparison needs no global */
struct keyed {
	double key;
	const struct iol_filerow *row;
};

static int cmp_rows(const void *a, const void *b)
{
	const struct keyed *ka = a, *kb = b;
	const struct iol_filerow *x = ka->row, *y = kb->row;

	if (ka->key != kb->key)
		return ka->key > kb->key ? -1 : 1;
	return iol_row_tiebreak(x->path, x->mod, x->id, y->path, y->mod, y->id);
}

static int find_module(const char *s)
{
	static const struct {
		const char *alias;
		int mod;
	} alias[] = {
		{"mpiio", IOL_MOD_MPIIO},
		{"mpi-io", IOL_MOD_MPIIO},
		{"hdf5", IOL_MOD_H5D},
		{"pnetcdf", IOL_MOD_PNETCDF_VAR},
	};
	size_t i;
	int m;

	for (i = 0; i < sizeof(alias) / sizeof(alias[0]); i++)
		if (!strcasecmp(s, alias[i].alias))
			return alias[i].mod;
	for (m = 0; m < IOL_MOD_KNOWN; m++)
		if (!strcasecmp(s, iol_modinfo(m)->name))
			return m;
	return -1;
}

struct fopts {
	regex_t inc, exc;
	int have_inc, have_exc, merge, module, sort_key, shared;
	int64_t top;
	struct iol_excl defex; /* --default-excludes, else empty */
	int64_t nexcl;	       /* rows dropped by either exclusion */
};

static int extra_opt(void *ctx, int opt, const char *arg)
{
	struct fopts *fo = ctx;
	const struct iol_filefield *ff;
	size_t nf;
	int k;

	switch (opt) {
	case 'x':
	case 'i':
		if ((opt == 'i' && fo->have_inc) ||
		    (opt == 'x' && fo->have_exc)) {
			usage_error(
				"--%s given twice: join the patterns with |",
				opt == 'i' ? "include" : "exclude");
			return -1;
		}
		if (regcomp(opt == 'i' ? &fo->inc : &fo->exc, arg,
			    REG_EXTENDED | REG_NOSUB)) {
			usage_error("bad regular expression '%s'", arg);
			return -1;
		}
		if (opt == 'i')
			fo->have_inc = 1;
		else
			fo->have_exc = 1;
		return 1;
	case 'm': fo->merge = 1; return 1;
	case 'S': fo->shared = 1; return 1;
	case 'D':
		if (!fo->defex.n && iol_excl_init(&fo->defex, 1, NULL) < 0)
			return -1;
		return 1;
	case 'M':
		fo->module = find_module(arg);
		if (fo->module < 0 || !iol_mod_is_data(fo->module)) {
			usage_error("'%s' is not a module with file records "
				    "(posix, mpiio, stdio, h5d, pnetcdf_var, "
				    "dfs, daos)",
				    arg);
			return -1;
		}
		return 1;
	case 's':
		if (!strcmp(arg, "bytes")) {
			fo->sort_key = -1;
			return 1;
		}
		/* the numeric columns, ranks to pct_aligned */
		ff = iol_filerow_fields(&nf);
		for (k = 2; k + 3 < (int)nf; k++)
			if (!strcmp(arg, ff[k].name)) {
				fo->sort_key = k + 1;
				return 1;
			}
		usage_error("cannot sort by '%s'", arg);
		return -1;
	case 't':
		if (parse_count(arg, &fo->top) < 0) {
			usage_error("--top wants a positive count, not '%s'",
				    arg);
			return -1;
		}
		return 1;
	}
	return 0;
}

/* One row of the table (log and record_id in machine formats only). */
static void file_row(struct out *o, const char *log,
		     const struct iol_filerow *f)
{
	const struct iol_filefield *ff;
	char buf[32];
	size_t i, n;
	int64_t v;

	ff = iol_filerow_fields(&n);
	if (o->fmt != FMT_TEXT)
		out_str(o, log);
	else
		n--;
	for (i = 0; i < n; i++) {
		switch (ff[i].type) {
		case IOL_FT_STR:
			out_str(o, ff[i].str(f, buf, sizeof(buf)));
			break;
		case IOL_FT_NUM: out_num(o, ff[i].num(f), ff[i].prec); break;
		default:
			v = ff[i].i64(f);
			/* a shared (reduced) record stands for all ranks:
			 * "shared" for people, Darshan's -1 for machines */
			if (v < 0 && o->fmt == FMT_TEXT &&
			    !strcmp(ff[i].name, "ranks"))
				out_str(o, "shared");
			else if (v == INT64_MIN)
				out_null(o);
			else if (ff[i].type == IOL_FT_BYTES)
				out_bytes(o, v);
			else
				out_int(o, v);
		}
	}
	out_endrow(o);
}

/* Does a path pass --include, --exclude and --default-excludes?  Rows
 * excluded are counted, to be said. */
static int path_wanted(struct fopts *fo, const char *path)
{
	path = path ? path : "";
	if (fo->have_inc && regexec(&fo->inc, path, 0, NULL, 0))
		return 0;
	if ((fo->have_exc && !regexec(&fo->exc, path, 0, NULL, 0)) ||
	    iol_excl_match(&fo->defex, path) >= 0) {
		fo->nexcl++;
		return 0;
	}
	return 1;
}

/* Does the row pass --module and the path filters? */
static int wanted(struct fopts *fo, const struct iol_filerow *f)
{
	if (fo->module >= 0 &&
	    (fo->merge ? !strstr(f->modules, iol_modinfo(fo->module)->name)
		       : f->mod != fo->module))
		return 0;
	return path_wanted(fo, f->path);
}

static const char *const shared_cols[] = {
	"log",		"path",		 "module",	  "nprocs",
	"bytes_read",	"bytes_written", "fastest_rank",  "fastest_bytes",
	"fastest_time", "slowest_rank",	 "slowest_bytes", "slowest_time",
	"time_sd",	"bytes_sd",	 "record_id",
};
#define NSHCOLS (int)(sizeof(shared_cols) / sizeof(shared_cols[0]))

static void shared_row(struct out *o, const char *log,
		       const struct iol_sharedrow *r)
{
	char id[24];

	if (o->fmt != FMT_TEXT)
		out_str(o, log);
	out_str(o, r->path ? r->path : "(unnamed)");
	out_str(o, iol_modinfo(r->mod)->name);
	out_int(o, r->nprocs);
	out_bytes(o, r->br);
	out_bytes(o, r->bw);
	out_int(o, r->fastest_rank);
	out_bytes(o, r->fastest_bytes);
	out_num(o, r->fastest_time, 6);
	out_int(o, r->slowest_rank);
	out_bytes(o, r->slowest_bytes);
	out_num(o, r->slowest_time, 6);
	out_num(o, r->sd_time, 6);
	out_num(o, r->sd_bytes, 0);
	if (o->fmt != FMT_TEXT) {
		snprintf(id, sizeof(id), "%llu", (unsigned long long)r->id);
		out_str(o, id);
	}
	out_endrow(o);
}

/* --shared: the shared records' rank balance of one job. */
static int shared_table(struct out *o, struct fopts *fo, const char *log,
			const struct iol_job *job)
{
	struct iol_sharedrow *rows;
	struct iol_error err = {0};
	size_t n, r, shown = 0;

	if (iol_shared_compute(job, &rows, &n, &err) < 0) {
		msg_ioerr(log, err.code, &err);
		return -1;
	}
	if (o->fmt == FMT_TEXT) {
		out_text(o, "%s\n", log);
		out_table(o, shared_cols + 1, NSHCOLS - 2);
	}
	for (r = 0; r < n; r++) {
		if (!path_wanted(fo, rows[r].path) ||
		    (fo->module >= 0 && rows[r].mod != fo->module))
			continue;
		if (fo->top && (int64_t)shown >= fo->top)
			break;
		shown++;
		shared_row(o, log, &rows[r]);
	}
	free(rows);
	return 0;
}

/* The rows in --sort order; caller frees. */
static struct keyed *sort_rows(const struct iol_filerow *rows, size_t n,
			       int sort_key)
{
	struct keyed *k = xcalloc(n ? n : 1, sizeof(*k));
	size_t i;

	for (i = 0; i < n; i++) {
		k[i].key = key_of(&rows[i], sort_key);
		k[i].row = &rows[i];
	}
	if (n)
		qsort(k, n, sizeof(*k), cmp_rows);
	return k;
}

/* Text: the end of a log's table, and how many rows the exclusions
 * dropped (never silently). */
static void files_text_end(struct out *o, const struct fopts *fo)
{
	if (o->fmt != FMT_TEXT)
		return;
	out_endtable(o);
	if (fo->nexcl)
		out_text(o, "%lld file%s excluded (%s%s%s)\n",
			 (long long)fo->nexcl, fo->nexcl == 1 ? "" : "s",
			 fo->have_exc ? "--exclude" : "",
			 fo->have_exc && fo->defex.n ? ", " : "",
			 fo->defex.n ? "--default-excludes" : "");
	out_text(o, "\n");
}

int cmd_files(int argc, char **argv)
{
	static const struct option longopts[] = {
		COMMON_LONGOPTS,
		{"exclude", required_argument, NULL, 'x'},
		{"include", required_argument, NULL, 'i'},
		{"default-excludes", no_argument, NULL, 'D'},
		{"merge", no_argument, NULL, 'm'},
		{"shared", no_argument, NULL, 'S'},
		{"module", required_argument, NULL, 'M'},
		{"sort", required_argument, NULL, 's'},
		{"top", required_argument, NULL, 't'},
		{NULL, 0, NULL, 0},
	};
	const struct iol_filefield *ff;
	const char **cols = NULL;
	struct fopts fo;
	struct iol_inputs in;
	struct copts co;
	struct out o;
	size_t nf, k;
	int rc, i;

	memset(&fo, 0, sizeof(fo));
	fo.sort_key = -1;
	fo.module = -1;
	rc = copts_start(&co, argc, argv, longopts, help, extra_opt, &fo, &o,
			 &i);
	if (rc >= 0)
		goto out;
	/* a directory stands for the logs in it */
	rc = cmd_inputs(&co, argc, argv, i, &in) < 0 ? EXIT_DATA : EXIT_OK;
	ff = iol_filerow_fields(&nf);
	cols = xmalloc((nf + 1) * sizeof(*cols));
	cols[0] = "log";
	for (k = 0; k < nf; k++)
		cols[k + 1] = ff[k].name;
	/* text: a titled table per log; machine formats: one table */
	if (co.fmt != FMT_TEXT)
		out_table(&o, fo.shared ? shared_cols : cols,
			  fo.shared ? NSHCOLS : (int)nf + 1);
	for (size_t j = 0; j < in.n; j++) {
		struct iol_job *job;
		struct iol_filerow *rows;
		struct keyed *sorted;
		struct iol_error err = {0};
		size_t n, r, shown = 0;

		if (cmd_load(&co, &in.v[j], &job) < 0) {
			rc = EXIT_DATA;
			continue;
		}
		fo.nexcl = 0;
		if (fo.shared) {
			if (shared_table(&o, &fo, in.v[j].name, job) < 0)
				rc = EXIT_DATA;
			iol_job_close(job);
			files_text_end(&o, &fo);
			continue;
		}
		if (iol_files_compute(job, fo.merge, &rows, &n, &err) < 0) {
			msg_ioerr(in.v[j].name, err.code, &err);
			iol_job_close(job);
			rc = EXIT_DATA;
			continue;
		}
		sorted = sort_rows(rows, n, fo.sort_key);
		if (co.fmt == FMT_TEXT) {
			out_text(&o, "%s\n", in.v[j].name);
			out_table(&o, cols + 1, (int)nf - 1);
		}
		for (r = 0; r < n; r++) {
			if (!wanted(&fo, sorted[r].row))
				continue;
			if (fo.top && (int64_t)shown >= fo.top)
				break;
			shown++;
			file_row(&o, in.v[j].name, sorted[r].row);
		}
		free(sorted);
		iol_files_free(rows);
		iol_job_close(job);
		files_text_end(&o, &fo);
	}
	iol_inputs_release(&in);
	if (co.fmt != FMT_TEXT)
		out_endtable(&o);
	if (out_close(&o, rc == EXIT_OK) < 0) {
		msg("%s", o.err.msg);
		rc = EXIT_DATA;
	}
out:
	free(cols);
	if (fo.have_inc)
		regfree(&fo.inc);
	if (fo.have_exc)
		regfree(&fo.exc);
	iol_excl_free(&fo.defex);
	return rc;
}
