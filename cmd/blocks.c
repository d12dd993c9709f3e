/*
 * iolens blocks: the I/O of a trace with call stacks (strace -k, iolens
 * trace --stacks) per code block, measured (analysis/blocks.h): a tree
 * for people, one row a block in CSV, TSV or JSON, and the I/O flame
 * graph (an icicle chart) with -o FILE.pdf, .svg or .png.  With --source
 * the blocks a program's source predicts (cmd/blocks-source.c).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/blocks.h"
#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/util.h"
#include "analysis/blocks.h"
#include "render/flame.h"
#include "base/banned.h"

/* --source lives in cmd/blocks-source.c; a binary built without it
 * says so instead of failing to link */
#pragma weak blocks_source_run

static const char usage_str[] =
	"usage: iolens blocks [--by-bytes] [--depth n] [--format fmt]\n"
	"                     [--output file] [--sort key] [--top n] trace "
	"...\n"
	"       iolens blocks --source file ... [trace]\n"
	"       iolens blocks --calibrate [dir]\n";

static const char *const cols[] = {
	"block",	 "kind",       "function",  "file",
	"line",		 "trip_count", "calls",	    "opens",
	"reads",	 "writes",     "syncs",	    "bytes_read",
	"bytes_written", "files",      "io_time_s", "intensity"};

static const char *const tcols[] = {
	"code block",	   "calls", "opens",	"reads",    "writes",
	"syncs",	   "read",  "written",	"files",    "random",
	"small (< 4 KiB)", "procs", "I/O time", "intensity"};

static void help(void)
{
	fputs(usage_str, stdout);
	printf("\nWhere in the code a traced program did its I/O: the tree of "
	       "its code\n"
	       "blocks (function, loop, line, along each call path) with, for "
	       "each,\n"
	       "Vidya's parameters a run measures, ranked by I/O time.  The "
	       "trace needs\n"
	       " call stacks: strace -k (with -f, "
	       "-tt, -T) or\n"
	       "iolens trace --stacks.  Functions, files and lines come from "
	       "the\n"
	       "binaries' DWARF (libdw), loops from the source files it "
	       "names.\n\n"
	       "  --by-bytes         the flame graph's widths are bytes, not "
	       "I/O time\n"
	       "  --calibrate [dir]  measure what I/O calls cost on dir's "
	       "file system and\n"
	       "                     save it: --source then predicts each "
	       "block's I/O time\n"
	       "  --depth n          blocks down to depth n only\n"
	       "  --format fmt       text (default, an indented tree), csv, "
	       "tsv or json\n"
	       "  -o, --output file  write to file; .pdf, .svg or .png: the "
	       "I/O flame\n"
	       "                     graph (an icicle chart of the blocks)\n"
	       "  --source file ...  the blocks the source predicts, without "
	       "running\n"
	       "  --sort key         time (default: I/O time), bytes, calls "
	       "or line\n"
	       "                     (source order); roots and children "
	       "each sorted\n"
	       "  --top n            the first n rows of the ranked tree\n"
	       "%s"
	       "  -h, --help         show this help\n"
	       "  --version          show the version\n\n"
	       "columns (csv, tsv, json):\n  ",
	       trace_help);
	for (size_t i = 0; i < sizeof(cols) / sizeof(*cols); i++)
		printf("%s%s", cols[i],
		       i + 1 < sizeof(cols) / sizeof(*cols) ? "," : "\n");
	fputs("\nThe paper's CIOC score is not given: on programs of known "
	      "I/O it ranked\n"
	      "blocks against their measured I/O time (see the man page).\n",
	      stdout);
}

enum { OPT_BY_BYTES = OPT_LAST_COMMON, OPT_DEPTH, OPT_SORT, OPT_TOP };

struct bopts {
	int by_bytes, sort;
	int64_t depth, top;
};

static int sort_key(const char *s)
{
	static const char *const names[] = {"time", "bytes", "calls", "line"};
	int k;

	for (k = 0; k < 4; k++)
		if (!strcmp(s, names[k]))
			return k; /* IOL_BSORT_* in this order */
	return -1;
}

static int extra(void *ctx, int opt, const char *arg)
{
	struct bopts *b = ctx;

	switch (opt) {
	case OPT_BY_BYTES: b->by_bytes = 1; return 1;
	case OPT_DEPTH:
		if (parse_count(arg, &b->depth) < 0 || b->depth < 1) {
			usage_error("--depth wants a positive count, not '%s'",
				    arg);
			return -1;
		}
		return 1;
	case OPT_SORT:
		if ((b->sort = sort_key(arg)) < 0) {
			usage_error("--sort wants time, bytes, calls or line, "
				    "not '%s'",
				    arg);
			return -1;
		}
		return 1;
	case OPT_TOP:
		if (parse_count(arg, &b->top) < 0 || b->top < 1) {
			usage_error("--top wants a positive count, not '%s'",
				    arg);
			return -1;
		}
		return 1;
	}
	return 0;
}

static const char *base(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

/* "  loop t.c:14": a block's place in the tree for people */
static void label(const struct iol_block *b, char *buf, size_t n)
{
	int ind = b->depth * 2 > 40 ? 40 : b->depth * 2;

	if (b->kind == IOL_BLOCK_FUNCTION) /* C++ names have their "()",
					      "[stack cut]" is none */
		snprintf(buf, n, "%*s%s%s", ind, "", b->func,
			 strchr(b->func, '(') || b->func[0] == '[' ? "" : "()");
	else if (b->kind == IOL_BLOCK_LOOP)
		snprintf(buf, n, "%*sloop %s:%d", ind, "", base(b->file),
			 b->line);
	else
		snprintf(buf, n, "%*s%s:%d", ind, "", base(b->file), b->line);
}

static void text_rows(struct out *o, const struct iol_blocks *bl,
		      const size_t *rows, size_t n)
{
	char lab[512];
	size_t i;

	out_table(o, tcols, (int)(sizeof(tcols) / sizeof(*tcols)));
	for (i = 0; i < n; i++) {
		const struct iol_block *b = &bl->v[rows[i]];

		label(b, lab, sizeof(lab));
		out_str(o, lab);
		out_int(o, b->calls);
		out_int(o, b->opens);
		out_int(o, b->reads);
		out_int(o, b->writes);
		out_int(o, b->syncs);
		out_bytes(o, b->bytes_read);
		out_bytes(o, b->bytes_written);
		out_int(o, b->files);
		out_int(o, b->random);
		out_int(o, b->small);
		out_int(o, b->procs);
		out_num(o, b->io_time, 6);
		out_num(o, b->intensity, 3);
		out_endrow(o);
	}
	out_endtable(o);
}

static void machine_rows(struct out *o, const struct iol_blocks *bl,
			 const size_t *rows, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		const struct iol_block *b = &bl->v[rows[i]];

		out_str(o, b->id);
		out_str(o, iol_block_kind_name(b->kind));
		out_str(o, b->func);
		out_str(o, b->file);
		if (b->line > 0)
			out_int(o, b->line);
		else
			out_null(o);
		out_int(o, b->trip);
		out_int(o, b->calls);
		out_int(o, b->opens);
		out_int(o, b->reads);
		out_int(o, b->writes);
		out_int(o, b->syncs);
		out_int(o, b->bytes_read);
		out_int(o, b->bytes_written);
		out_int(o, b->files);
		out_num(o, b->io_time, 6);
		out_num(o, b->intensity, 3);
		out_endrow(o);
	}
}

/* The rows to show, ranked: n of them, --depth and --top applied.  NULL
 * when out of memory. */
static size_t *shown(const struct iol_blocks *bl, const struct bopts *bo,
		     size_t *n, size_t *all)
{
	size_t *rows = malloc((bl->n + 1) * sizeof(*rows)), i, k = 0;

	if (!rows || iol_blocks_rank(bl, bo->sort, rows) < 0) {
		free(rows);
		return NULL;
	}
	for (i = 0; i < bl->n; i++)
		if (!bo->depth || bl->v[rows[i]].depth < bo->depth)
			rows[k++] = rows[i];
	*all = k;
	*n = bo->top && (size_t)bo->top < k ? (size_t)bo->top : k;
	return rows;
}

/* what --top left out, so that a short list is not taken for all */
static void top_note(struct out *o, size_t n, size_t all)
{
	if (n < all)
		out_text(o, "%zu more blocks past --top\n", all - n);
}

/*
 * strace's -T durations hold strace's own stops (11 times a small
 * write's on a loop): taken off as replay-script does when iolens replay
 * --calibrate measured them; else the blocks rank by bytes, and an
 * explicit --sort time is refused.  -1 refused (said); else what to say
 * once the blocks are made: 0 nothing, 1 the overhead taken off, 2 the
 * ranking by bytes.
 */
static int times_of(const struct iol_job *job, struct bopts *bo,
		    struct iol_blocks_opts *o)
{
	int r = job->stacks ? blocks_overhead(job, &o->overhead) : 0;

	if (r >= 0 || (bo->sort >= 0 && bo->sort != IOL_BSORT_TIME)) {
		if (bo->sort < 0)
			bo->sort = IOL_BSORT_TIME;
		return r > 0;
	}
	if (bo->sort == IOL_BSORT_TIME) {
		msg("cannot rank by time: strace's I/O times hold its own "
		    "cost of each call, not measured here (run iolens replay "
		    "--calibrate, or --sort bytes)");
		return -1;
	}
	bo->sort = IOL_BSORT_BYTES;
	return 2;
}

static void times_say(int say, double overhead)
{
	if (say == 1)
		msg("note: strace's own %.2f us a call taken off the I/O times "
		    "(iolens replay --calibrate)",
		    overhead * 1e6);
	else if (say == 2)
		msg("note: ranked by bytes: strace's I/O times hold its own "
		    "cost of each call (iolens replay --calibrate measures "
		    "it, to be taken off)");
}

static int is_picture(const char *p)
{
	size_t n = p ? strlen(p) : 0;

	return n > 4 &&
	       (!strcmp(p + n - 4, ".pdf") || !strcmp(p + n - 4, ".svg") ||
		!strcmp(p + n - 4, ".png"));
}

static int has_source(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--source") ||
		    !strncmp(argv[i], "--source=", 9))
			return 1;
	return 0;
}

int cmd_blocks(int argc, char **argv)
{
	static const struct option longopts[] = {
		COMMON_LONGOPTS,
		{"by-bytes", no_argument, NULL, OPT_BY_BYTES},
		{"depth", required_argument, NULL, OPT_DEPTH},
		{"sort", required_argument, NULL, OPT_SORT},
		{"top", required_argument, NULL, OPT_TOP},
		{NULL, 0, NULL, 0}};
	struct bopts bo = {0, -1, 0, 0};
	size_t *rows = NULL, nrows = 0, nall = 0;
	struct iol_blocks_opts opts = {0};
	struct iol_blocks *bl = NULL;
	struct iol_error err = {0};
	struct iol_job *job = NULL;
	struct copts co;
	struct out o;
	int rc, i, pic, say, ok;

	if (blocks_has_calibrate(argc, argv))
		return blocks_calibrate_run(argc, argv);
	if (has_source(argc, argv)) {
		if (!blocks_source_run)
			return usage_error("--source is not built into this "
					   "iolens");
		return blocks_source_run(argc, argv);
	}
	rc = copts_start(&co, argc, argv, longopts, help, extra, &bo, NULL, &i);
	if (rc >= 0)
		return rc;
	pic = is_picture(co.outpath);
	if (pic && co.fmt != FMT_TEXT)
		return usage_error(
			"--format does not apply to a picture ('%s')",
			co.outpath);
	if (load_job(&co, argc, argv, &i, &job) < 0)
		return EXIT_DATA;
	if (i + 1 < argc) {
		iol_job_close(job);
		return usage_error("one trace at a time (give a trace's files "
				   "together, or --merge-traces)");
	}
	if ((say = times_of(job, &bo, &opts)) < 0) {
		iol_job_close(job);
		return EXIT_DATA;
	}
	if (iol_blocks_build(job, &opts, &bl, &err) < 0) {
		msg("%s: %s", job->path, err.msg);
		iol_job_close(job);
		return EXIT_DATA;
	}
	ok = blocks_say_modules(bl, job->path, co.fmt == FMT_TEXT && !pic) == 0;
	if (ok)
		times_say(say, opts.overhead);
	if (!ok) {
		rc = EXIT_DATA;
	} else if (pic) {
		if (flame_write(co.outpath, bl, bo.by_bytes, job->path,
				source_date(0), &err) < 0) {
			msg("cannot write '%s': %s", co.outpath, err.msg);
			rc = EXIT_DATA;
		} else {
			rc = EXIT_OK;
		}
	} else if (!(rows = shown(bl, &bo, &nrows, &nall))) {
		msg("out of memory");
		rc = EXIT_DATA;
	} else if (cmd_out_open(&o, co.outpath, co.fmt) < 0) {
		rc = EXIT_DATA;
	} else {
		if (co.fmt == FMT_TEXT) {
			out_text(&o,
				 "%s: %zu code blocks, %lld calls on files, "
				 "%.6f s of I/O\n",
				 job->path, bl->n, (long long)bl->calls,
				 bl->io_time);
			if (bl->stacks_cut)
				out_text(&o, "%s\n", blocks_cut_note(bl));
			text_rows(&o, bl, rows, nrows);
			top_note(&o, nrows, nall);
		} else {
			out_table(&o, cols,
				  (int)(sizeof(cols) / sizeof(*cols)));
			machine_rows(&o, bl, rows, nrows);
			out_endtable(&o);
		}
		rc = cmd_out_close(&o, 1) < 0 ? EXIT_DATA : EXIT_OK;
	}
	free(rows);
	iol_blocks_free(bl);
	iol_job_close(job);
	return rc;
}
