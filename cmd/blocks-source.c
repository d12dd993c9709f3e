/*
 * iolens blocks --source: the I/O of code blocks predicted from the
 * source, without running it (Vidya's static half).  The extractor
 * (lib/code, libclang, a module loaded by lib/code/host.c) gives the tree of
 * functions, loops, branches and lines with their predicted calls and
 * bytes; this prints it as an indented tree for people, or one row per
 * block, most predicted I/O first, in CSV, TSV or JSON with the columns
 * of `iolens blocks` (the measured ones, I/O time and intensity, empty).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <getopt.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/blocks.h"
#include "code/join.h"
#include "render/views.h"
#include "analysis/iocost.h"
#include "cmd/common.h"
#include "cmd/util.h"
#include "code/extract.h"
#include "replay/calibrate.h"
#include "render/output.h"
#include "cli/opts.h"
#include "base/banned.h"

/* ---- the command ---- */

/* the join of t and the blocks bl of trace, printed */
static int join_print(const struct iol_ctree *t, const struct iol_blocks *bl,
		      const char *const *files, int nfiles, const char *trace,
		      const struct iol_iocost *cost, int fmt, const char *path,
		      int raw, const struct iol_csrc_rank *rk)
{
	struct iol_error err = {0};
	struct iol_cjoin *j = NULL;
	int rc = EXIT_OK;

	if (iol_cjoin_make(t, bl, cost, files, nfiles, &j, &err) == 0)
		j->times_raw = raw;
	if (!j || iol_view_blocks_join_write(path, fmt, j, trace, nfiles, rk,
					     &err) < 0) {
		msg("%s", err.msg);
		rc = EXIT_DATA;
	}
	iol_cjoin_free(j);
	return rc;
}

/* --assume NAME=VALUE: 0 with *a filled (name borrowed from arg), or -1 */
static int parse_assume(char *arg, struct iol_cassume *a)
{
	char *eq = strchr(arg, '='), *end, *p;
	long long v;

	if (!eq || eq == arg)
		return -1;
	for (p = arg; p < eq; p++)
		if (!(*p == '_' || (*p >= 'a' && *p <= 'z') ||
		      (*p >= 'A' && *p <= 'Z') ||
		      (p > arg && *p >= '0' && *p <= '9')))
			return -1;
	errno = 0;
	v = strtoll(eq + 1, &end, 0);
	if (errno || end == eq + 1 || *end)
		return -1;
	*eq = '\0';
	a->name = arg;
	a->value = v;
	a->uses = 0;
	return 0;
}

/* the measured blocks of trace joined to the predicted ones; sources
 * moved since the build read as bo's --source-map says */
static int with_trace(const struct iol_ctree *t, const char *const *files,
		      int nfiles, char *trace, const struct iol_iocost *cost,
		      int fmt, const char *outpath, struct iol_blocks_opts bo,
		      const struct iol_csrc_rank *rk)
{
	char *av[2] = {trace, NULL};
	struct iol_blocks *bl = NULL;
	struct iol_job *job = NULL;
	struct copts co;
	int rc, raw;

	copts_init(&co, av);
	if (cmd_load_one(&co.in, 1, av, 0, &job) < 0)
		return EXIT_DATA;
	raw = iol_replay_overhead_of(job->source, &bo.overhead);
	if (raw < 0 && cost)
		msg("note: no ranking of predicted against measured I/O time: "
		    "strace's I/O times hold its own cost of each call, not "
		    "measured here (run iolens replay --calibrate)");
	/* strace -k, calibrated: medians less the overhead (issue 33 D3) */
	bo.robust = raw > 0 && job->stacks;
	if (blocks_build(job, &bo, 0, &bl) < 0) {
		rc = EXIT_DATA;
	} else {
		iol_view_blocks_overhead_say(raw > 0, bo.robust, bo.overhead,
					     bl);
		rc = join_print(t, bl, files, nfiles, job->path, cost, fmt,
				outpath, raw < 0, rk);
	}
	iol_blocks_free(bl);
	iol_job_close(job);
	return rc;
}

/* what the command line asks for */
struct src {
	const char **files; /* the sources */
	int nfiles;
	char *trace;
	const char *outpath, *fmtarg;
	int fmt;
	int dashdash; /* argv's "--", or argc */
	struct iol_cassume *assume;
	struct iol_cextract_opts xo;
	struct iol_srcmap *map;
	struct iol_blocks_opts bo;
	struct iol_csrc_rank rk; /* --sort, --top */
	int fresh;		 /* --fresh: cost as an empty directory */
};

/* s's vectors freed; returns rc */
static int src_done(struct src *s, int rc)
{
	free(s->files);
	free(s->assume);
	free(s->map);
	return rc;
}

/* a source or the trace, told apart by the extension; -1 for a second
 * trace */
static int src_arg(struct src *s, char *arg)
{
	if (iol_is_c_source(arg))
		s->files[s->nfiles++] = arg;
	else if (!s->trace)
		s->trace = arg;
	else
		return -1;
	return 0;
}

static int two_traces(void)
{
	return usage_error("one trace at a time (a source is named by its "
			   "extension: .c, .cc, .cpp, .h ...)");
}

static int assume(void *base, const char *arg)
{
	struct src *s = base;

	if (parse_assume((char *)arg, &s->assume[s->xo.nassume]) < 0)
		return -1;
	s->xo.nassume++;
	return 0;
}

static int source_map(void *base, const char *arg)
{
	struct src *s = base;

	if (blocks_srcmap_add(&s->map, &s->bo.nsrcmap, (char *)arg) < 0)
		return EXIT_USAGE;
	s->bo.srcmap = s->map;
	return 0;
}

/* --source[=FILE]: a source or the trace as a positional one is */
static int source(void *base, const char *arg)
{
	return arg && src_arg(base, (char *)arg) < 0 ? two_traces() : 0;
}

static int format(void *base, const char *arg)
{
	struct src *s = base;

	if ((s->fmt = fmt_parse(arg)) < 0)
		return usage_error("unknown format '%s'", arg);
	s->fmtarg = arg;
	return 0;
}

static const struct cmd_opt options[] = {
	{"assume", CO_CALL, .fn = assume,
	 .want = "--assume wants NAME=VALUE, an integer value, not '%s'"},
	{"format", CO_CALL, .fn = format},
	{"fresh", CO_FLAG, .off = offsetof(struct src, fresh)},
	{"help", CO_HELP, .want = "blocks--source", .letter = 'h'},
	{"output", CO_STR, .off = offsetof(struct src, outpath), .letter = 'o'},
	{"source", CO_CALL | CO_OPTIONAL, .fn = source},
	{"sort", CO_WORD, .off = offsetof(struct src, rk.sort),
	 "time|bytes|calls|line"},
	{"source-map", CO_CALL, .fn = source_map},
	{"top", CO_COUNT, .off = offsetof(struct src, rk.top)},
	{"version", CO_VERSION, .letter = 0},
	CO_END,
};

/* argv into s: -1 to go on, else the exit status */
static int src_parse(struct src *s, int argc, char **argv)
{
	struct cmd_optset set = {options, s, 0};
	int i, rc;

	/* the compiler's arguments after -- are not ours to parse */
	for (s->dashdash = argc, i = 1; i < argc; i++)
		if (strcmp(argv[i], "--") == 0) {
			s->dashdash = i;
			break;
		}
	s->files = xcalloc((size_t)argc + 1, sizeof(*s->files));
	s->assume = xcalloc((size_t)argc + 1, sizeof(*s->assume));
	s->xo.assume = s->assume;
	if ((rc = cmd_opts_parse(s->dashdash, argv, &set, 1, 0)) >= 0)
		return rc;
	for (i = optind; i < s->dashdash; i++)
		if (src_arg(s, argv[i]) < 0)
			return two_traces();
	if (!s->nfiles)
		return usage_error("no source files");
	/* the one output rule: -o out.csv is CSV, -o out.pdf no table */
	s->fmt = cmd_outfmt(s->fmtarg, s->outpath, OUTF_TABLES, FMT_TEXT, NULL);
	return s->fmt < 0 ? EXIT_USAGE : -1;
}

int blocks_source_run(int argc, char **argv)
{
	struct src s = {.fmt = FMT_TEXT, .rk = {.sort = -1}};
	struct iol_ctree *t = NULL;
	struct iol_iocost costbuf, *cost = NULL;
	struct iol_error err = {0};
	int rc;

	if ((rc = src_parse(&s, argc, argv)) >= 0)
		return src_done(&s, rc);
	/* libclang parses on the extractor's thread, whose stack is large
	 * enough for deeply nested sources, not on an 8 MiB one of its own */
	setenv("LIBCLANG_NOTHREADS", "1", 0);
	s.xo.args = (const char *const *)argv + s.dashdash + 1;
	s.xo.nargs = s.dashdash < argc ? argc - s.dashdash - 1 : 0;
	rc = iol_ctree_extract(s.files, s.nfiles, &s.xo, &t, &err);
	if (rc < 0) {
		msg("%s", err.msg[0] ? err.msg : iol_strerror(rc));
		return src_done(&s, EXIT_DATA);
	}
	if (blocks_cost_load(&costbuf) == 0) {
		costbuf.fresh = s.fresh;
		cost = &costbuf;
	} else if (s.rk.sort == IOL_BSORT_TIME) {
		msg("cannot rank by predicted I/O time: no cost model (run "
		    "iolens blocks --calibrate [dir] once)");
		iol_ctree_free(t);
		return src_done(&s, EXIT_DATA);
	}
	iol_view_blocks_unlink_say(t, cost);
	iol_view_blocks_noisy_say(t, cost);
	/* errors and nothing predicted: the sources did not parse */
	rc = iol_view_blocks_source_say(t) && !t->nblocks ? EXIT_DATA : EXIT_OK;
	if (s.trace) {
		if (with_trace(t, s.files, s.nfiles, s.trace, cost, s.fmt,
			       s.outpath, s.bo, &s.rk) != EXIT_OK)
			rc = EXIT_DATA;
	} else if (iol_view_blocks_source_write(s.outpath, s.fmt, t, cost,
						&s.rk, &err) < 0) {
		msg("%s", err.msg);
		rc = EXIT_DATA;
	}
	iol_ctree_free(t);
	return src_done(&s, rc);
}
