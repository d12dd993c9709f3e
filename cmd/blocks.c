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
	"usage: iolens blocks [--by-bytes] [--concurrency n] [--format fmt]\n"
	"                     [--output file] [--top n] trace ...\n"
	"       iolens blocks --source file ... [trace]\n";

static const char *const cols[] = {
	"block",      "kind",	    "function",	     "file",  "line",
	"trip_count", "calls",	    "opens",	     "reads", "writes",
	"syncs",      "bytes_read", "bytes_written", "files", "io_time_s",
	"intensity",  "cioc"};

static const char *const tcols[] = {
	"code block",	   "calls", "opens",	"reads",     "writes",
	"syncs",	   "read",  "written",	"files",     "random",
	"small (< 4 KiB)", "procs", "I/O time", "intensity", "CIOC"};

static void help(void)
{
	fputs(usage_str, stdout);
	printf("\nWhere in the code a traced program did its I/O: the tree of "
	       "its code\n"
	       "blocks (function, loop, line, along each call path) with, for "
	       "each,\n"
	       "Vidya's parameters a run measures and the CIOC score of the "
	       "paper's\n"
	       "model.  The trace needs call stacks: strace -k (with -f, "
	       "-tt, -T) or\n"
	       "iolens trace --stacks.  Functions, files and lines come from "
	       "the\n"
	       "binaries' DWARF (libdw), loops from the source files it "
	       "names.\n\n"
	       "  --by-bytes         the flame graph's widths are bytes, not "
	       "I/O time\n"
	       "  --concurrency n    the device's concurrency (P15 of the "
	       "model;\n"
	       "                     default: the job's processes)\n"
	       "  --format fmt       text (default, an indented tree), csv, "
	       "tsv or json\n"
	       "  -o, --output file  write to file; .pdf, .svg or .png: the "
	       "I/O flame\n"
	       "                     graph (an icicle chart of the blocks)\n"
	       "  --source file ...  the blocks the source predicts, without "
	       "running\n"
	       "  --top n            text: blocks down to depth n only\n"
	       "%s"
	       "  -h, --help         show this help\n"
	       "  --version          show the version\n\n"
	       "columns (csv, tsv, json):\n  ",
	       trace_help);
	for (size_t i = 0; i < sizeof(cols) / sizeof(*cols); i++)
		printf("%s%s", cols[i],
		       i + 1 < sizeof(cols) / sizeof(*cols) ? "," : "\n");
	fputs("\nCIOC is the paper's regression (Table II), on its log-like "
	      "scale: higher\n"
	      "means more I/O-intensive; compare blocks of one job, not "
	      "jobs.  A score\n"
	      "more than 4 S.D. from the paper's mean (-6.78, S.D. 1.69) "
	      "is \"-\" (empty in\n"
	      "csv, tsv, json): outside the data the model was fitted "
	      "on.\n",
	      stdout);
}

enum { OPT_BY_BYTES = OPT_LAST_COMMON, OPT_CONC, OPT_TOP };

struct bopts {
	int by_bytes;
	int64_t conc, top;
};

static int extra(void *ctx, int opt, const char *arg)
{
	struct bopts *b = ctx;

	switch (opt) {
	case OPT_BY_BYTES: b->by_bytes = 1; return 1;
	case OPT_CONC:
		if (parse_count(arg, &b->conc) < 0 || b->conc < 1) {
			usage_error("--concurrency wants a positive count, "
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

	if (b->kind == IOL_BLOCK_FUNCTION) /* C++ names have their "()" */
		snprintf(buf, n, "%*s%s%s", ind, "", b->func,
			 strchr(b->func, '(') ? "" : "()");
	else if (b->kind == IOL_BLOCK_LOOP)
		snprintf(buf, n, "%*sloop %s:%d", ind, "", base(b->file),
			 b->line);
	else
		snprintf(buf, n, "%*s%s:%d", ind, "", base(b->file), b->line);
}

static void text_rows(struct out *o, const struct iol_blocks *bl,
		      const struct bopts *bo)
{
	char lab[512];
	size_t i;

	out_table(o, tcols, (int)(sizeof(tcols) / sizeof(*tcols)));
	for (i = 0; i < bl->n; i++) {
		const struct iol_block *b = &bl->v[i];

		if (bo->top && b->depth >= bo->top)
			continue;
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
		if (iol_cioc_meaningful(b->cioc))
			out_num(o, b->cioc, 2);
		else
			out_numstr(o, "-");
		out_endrow(o);
	}
	out_endtable(o);
}

static void machine_rows(struct out *o, const struct iol_blocks *bl)
{
	size_t i;

	for (i = 0; i < bl->n; i++) {
		const struct iol_block *b = &bl->v[i];

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
		out_num(o, iol_cioc_meaningful(b->cioc) ? b->cioc : NAN, 2);
		out_endrow(o);
	}
}

/* the model's scale, and why a score is "-" */
static void cioc_note(struct out *o, const struct iol_blocks *bl)
{
	size_t i, out = 0;

	for (i = 0; i < bl->n; i++)
		out += !iol_cioc_meaningful(bl->v[i].cioc);
	out_text(o,
		 "CIOC: Vidya's model (Table II), a log-like scale (the "
		 "paper's blocks: mean %.2f,\n"
		 "S.D. %.2f); P15 = %lld",
		 IOL_CIOC_MEAN, IOL_CIOC_SD, (long long)bl->concurrency);
	if (out)
		out_text(o,
			 ".  \"-\": %zu of %zu blocks score more than %d "
			 "S.D. from the\n"
			 "paper's mean, outside the data the model was fitted "
			 "on: with few blocks each\n"
			 "has a large share of the job's calls, bytes and "
			 "syncs (X2-X13), and the\n"
			 "model's large coefficients make the score "
			 "meaningless",
			 out, bl->n, IOL_CIOC_SDS);
	out_text(o, "\n");
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
		{"concurrency", required_argument, NULL, OPT_CONC},
		{"top", required_argument, NULL, OPT_TOP},
		{NULL, 0, NULL, 0}};
	struct bopts bo = {0, 0, 0};
	struct iol_blocks_opts opts = {0};
	struct iol_blocks *bl = NULL;
	struct iol_error err = {0};
	struct iol_job *job = NULL;
	struct copts co;
	struct out o;
	int rc, i, pic;

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
	rc = cmd_load_one(&co, argc, argv, i, &job);
	if (rc == -1)
		return EXIT_DATA;
	if (rc == -2) {
		return usage_error("one trace at a time (give a trace's files "
				   "together, or --merge-traces)");
	}
	opts.concurrency = bo.conc;
	if (iol_blocks_build(job, &opts, &bl, &err) < 0) {
		msg("%s: %s", job->path, err.msg);
		iol_job_close(job);
		return EXIT_DATA;
	}
	if (pic) {
		if (flame_write(co.outpath, bl, bo.by_bytes, job->path,
				source_date(0), &err) < 0) {
			msg("cannot write '%s': %s", co.outpath, err.msg);
			rc = EXIT_DATA;
		} else {
			rc = EXIT_OK;
		}
	} else if (cmd_out_open(&o, co.outpath, co.fmt) < 0) {
		rc = EXIT_DATA;
	} else {
		if (co.fmt == FMT_TEXT) {
			out_text(&o,
				 "%s: %zu code blocks, %lld calls on files, "
				 "%.6f s of I/O\n",
				 job->path, bl->n, (long long)bl->calls,
				 bl->io_time);
			text_rows(&o, bl, &bo);
			cioc_note(&o, bl);
		} else {
			out_table(&o, cols,
				  (int)(sizeof(cols) / sizeof(*cols)));
			machine_rows(&o, bl);
			out_endtable(&o);
		}
		rc = cmd_out_close(&o, 1) < 0 ? EXIT_DATA : EXIT_OK;
	}
	iol_blocks_free(bl);
	iol_job_close(job);
	return rc;
}
