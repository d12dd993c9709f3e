/*
 * iolens blocks: the I/O of a trace with call stacks (strace -k, iolens
 * trace --stacks) per code block, measured (analysis/blocks.h), ranked,
 * printed by its view (render/view-blocks.c): a tree for people, one row
 * a block in CSV, TSV or JSON, folded stacks, or the I/O flame graph
 * with -o FILE.pdf, .svg or .png.  --source (cmd/blocks-source.c) and
 * --calibrate (cmd/blocks-common.c) are commands of their own.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/blocks.h"
#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/util.h"
#include "analysis/blocks.h"
#include "render/flame.h"
#include "render/views.h"
#include "replay/calibrate.h"
#include "base/banned.h"

/* --source lives in cmd/blocks-source.c; a binary built without it
 * says so instead of failing to link */
#pragma weak blocks_source_run

static int srcmap(void *base, const char *arg)
{
	struct blocks_opts *b = base;

	return blocks_srcmap_add(&b->srcmap, &b->nsrcmap, (char *)arg) < 0 ? -1
									   : 0;
}

#define AT(m) .off = offsetof(struct blocks_opts, m)
static const struct cmd_opt options[] = {
	{"by-bytes", CO_FLAG, AT(by_bytes)},
	{"depth", CO_COUNT, AT(depth)},
	{"sort", CO_WORD, AT(sort), "time|bytes|calls|line"},
	{"source-map", CO_CALL, .fn = srcmap},
	{"top", CO_COUNT, AT(top)},
	CO_END,
};

/* the table (text, CSV, TSV, JSON) or the folded stacks */
static int print(const struct copts *co, const struct iol_job *job,
		 const struct iol_blocks *bl, const struct blocks_opts *bo)
{
	size_t *rows = NULL, n = 0, all = 0;
	struct out o;
	int rc;

	if (iol_blocks_select(bl, bo->sort, bo->depth, bo->top, &rows, &n,
			      &all) < 0) {
		msg("out of memory");
		return EXIT_DATA;
	}
	if (cmd_out_open(&o, co->outpath, co->fmt) < 0) {
		free(rows);
		return EXIT_DATA;
	}
	if (co->outf == OUTF_FOLDED)
		iol_view_blocks_folded(&o, bl, bo->by_bytes);
	else
		iol_view_blocks_ranked(&o, job->path, bl, rows, n, all);
	rc = cmd_out_close(&o, 1) < 0 ? EXIT_DATA : EXIT_OK;
	free(rows);
	return rc;
}

static int is_picture(int outf)
{
	return outf == OUTF_PDF || outf == OUTF_SVG || outf == OUTF_PNG;
}

/* the blocks of job made, checked and written */
static int run(const struct copts *co, const struct iol_job *job,
	       struct blocks_opts *bo)
{
	struct iol_blocks_opts opts = {0};
	struct iol_error err = {0};
	struct iol_blocks *bl = NULL;
	int say, rc, pic = is_picture(co->outf);

	opts.srcmap = bo->srcmap;
	opts.nsrcmap = bo->nsrcmap;
	say = iol_replay_blocks_sort(job->source, job->stacks != 0, &bo->sort,
				     &opts.overhead);
	/* strace -k, calibrated: medians less the overhead (issue 33 D3) */
	opts.robust = say == 1 && job->stacks;
	if (say < 0) {
		iol_view_blocks_times_say(say, 0);
		return EXIT_DATA;
	}
	/* a calibration that did not load takes nothing off */
	if (say != 1)
		opts.overhead = 0;
	if (blocks_build(job, &opts,
			 co->fmt == FMT_TEXT && !pic && co->outf != OUTF_FOLDED,
			 &bl) < 0)
		return EXIT_DATA;
	iol_view_blocks_overhead_say(say, opts.robust, opts.overhead, bl);
	if (!pic)
		rc = print(co, job, bl, bo);
	else if (flame_write(co->outpath, bl, bo->by_bytes, job->path,
			     iol_source_date(0), &err) < 0)
		rc = (msg("cannot write '%s': %s", co->outpath, err.msg),
		      EXIT_DATA);
	else
		rc = EXIT_OK;
	iol_blocks_free(bl);
	return rc;
}

static int has_source(int argc, char **argv)
{
	/* --assume and --fresh are --source's alone: they mean --source */
	static const char *const w[] = {"--source", "--assume", "--fresh",
					NULL};

	return cmd_args_have(argc, argv, w);
}

int cmd_blocks(int argc, char **argv)
{
	struct blocks_opts bo = {0, -1, 0, 0, NULL, 0};
	struct iol_job *job = NULL;
	struct copts co;
	int rc, i;

	if (blocks_has_calibrate(argc, argv))
		return blocks_calibrate_run(argc, argv);
	if (has_source(argc, argv)) {
		if (!blocks_source_run)
			return usage_error("--source is not built into this "
					   "iolens");
		return blocks_source_run(argc, argv);
	}
	rc = cmd_start(&co, argc, argv, options, &bo, COPTS_COMMON, NULL, &i);
	if (rc >= 0)
		return rc;
	/* one self-contained page, by the server module (serve/export.c) */
	if (co.outf == OUTF_HTML)
		return !co.outpath || !strcmp(co.outpath, "-")
			       ? usage_error("html: --output names the file")
			       : serve_blocks_html(argv + 1, argc - 1,
						   i < argc ? argv[i] : "",
						   bo.by_bytes, co.outpath);
	rc = cmd_load_one(&co.in, argc, argv, i, &job);
	if (rc == -1)
		return EXIT_DATA;
	if (rc == -2)
		return usage_error("one trace at a time (give a trace's files "
				   "together, or --merge-traces)");
	rc = run(&co, job, &bo);
	iol_job_close(job);
	free(bo.srcmap);
	return rc;
}
