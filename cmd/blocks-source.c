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
#include "base/version.h"
#include "base/banned.h"

/* ---- the command ---- */

/* parse errors are warnings: what parsed is used (a missing header
 * leaves the functions that need it out, or their calls unknown); 1
 * when there were any */
static int report_diags(const struct iol_ctree *t)
{
	const struct iol_cdiag *d;
	int bad = 0;

	for (d = t->diags; d; d = d->next) {
		msg("warning: '%s': %d error%s while parsing, what parsed is "
		    "used; the first: %s%s",
		    d->file, d->errors, d->errors == 1 ? "" : "s", d->first,
		    d->ccdb || d->given ? ""
					: " (no compile_commands.json lists "
					  "it: give the build's -I and -D "
					  "after --)");
		bad = 1;
	}
	return bad;
}

/* the join of t and the blocks bl of trace, printed */
static int join_print(const struct iol_ctree *t, const struct iol_blocks *bl,
		      const char *const *files, int nfiles, const char *trace,
		      const struct iol_iocost *cost, int fmt, const char *path)
{
	struct iol_error err = {0};
	struct iol_cjoin *j = NULL;
	int rc = EXIT_OK;

	if (iol_cjoin_make(t, bl, cost, files, nfiles, &j, &err) < 0 ||
	    iol_view_blocks_join_write(path, fmt, j, trace, nfiles, &err) < 0) {
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
		      int fmt, const char *outpath, struct iol_blocks_opts bo)
{
	char *av[2] = {trace, NULL};
	struct iol_blocks *bl = NULL;
	struct iol_error err = {0};
	struct iol_job *job = NULL;
	struct copts co;
	int rc;

	copts_init(&co, av);
	if (cmd_load_one(&co, 1, av, 0, &job) < 0)
		return EXIT_DATA;
	if (iol_replay_overhead_of(job->source, &bo.overhead) > 0)
		msg("note: strace's own %.2f us a call taken off the measured "
		    "I/O times (iolens replay --calibrate)",
		    bo.overhead * 1e6);
	if (iol_blocks_build(job, &bo, &bl, &err) < 0) {
		msg("%s: %s", job->path, err.msg);
		iol_job_close(job);
		return EXIT_DATA;
	}
	if (blocks_say_modules(bl, job->path, 0) < 0)
		rc = EXIT_DATA;
	else
		rc = join_print(t, bl, files, nfiles, job->path, cost, fmt,
				outpath);
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

/* the option c (getopt's), its value in optarg: -1 to go on, else the
 * exit status */
static int src_opt(struct src *s, int c, char **argv)
{
	switch (c) {
	case 'h': return cmd_help("blocks--source");
	case 'V': printf("iolens %s\n", IOLENS_VERSION); return EXIT_OK;
	case 'o': s->outpath = optarg; return -1;
	case 'a':
		if (parse_assume(optarg, &s->assume[s->xo.nassume]) < 0)
			return usage_error("--assume wants NAME=VALUE, an "
					   "integer value, not '%s'",
					   optarg);
		s->xo.nassume++;
		return -1;
	case 'm':
		if (blocks_srcmap_add(&s->map, &s->bo.nsrcmap, optarg) < 0)
			return EXIT_USAGE;
		s->bo.srcmap = s->map;
		return -1;
	case 's': return optarg && src_arg(s, optarg) < 0 ? two_traces() : -1;
	case 'f':
		if ((s->fmt = fmt_parse(optarg)) < 0)
			return usage_error("unknown format '%s'", optarg);
		s->fmtarg = optarg;
		return -1;
	case ':':
		return usage_error("option '%s' needs a value",
				   argv[optind - 1]);
	default: return usage_error("unknown option '%s'", argv[optind - 1]);
	}
}

/* argv into s: -1 to go on, else the exit status */
static int src_parse(struct src *s, int argc, char **argv)
{
	static const struct option longopts[] = {
		{"assume", required_argument, NULL, 'a'},
		{"format", required_argument, NULL, 'f'},
		{"help", no_argument, NULL, 'h'},
		{"output", required_argument, NULL, 'o'},
		{"source", optional_argument, NULL, 's'},
		{"source-map", required_argument, NULL, 'm'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0},
	};
	int c, i, rc;

	/* the compiler's arguments after -- are not ours to parse */
	for (s->dashdash = argc, i = 1; i < argc; i++)
		if (strcmp(argv[i], "--") == 0) {
			s->dashdash = i;
			break;
		}
	s->files = xcalloc((size_t)argc + 1, sizeof(*s->files));
	s->assume = xcalloc((size_t)argc + 1, sizeof(*s->assume));
	s->xo.assume = s->assume;
	opterr = 0;
	optind = 0; /* a full restart: cmd_blocks may have run getopt first */
	while ((c = getopt_long(s->dashdash, argv, ":ho:", longopts, NULL)) !=
	       -1)
		if ((rc = src_opt(s, c, argv)) >= 0)
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
	struct src s = {.fmt = FMT_TEXT};
	struct iol_ctree *t = NULL;
	struct iol_iocost costbuf, *cost = NULL;
	struct iol_error err = {0};
	int i, rc;

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
	if (blocks_cost_load(&costbuf) == 0)
		cost = &costbuf;
	/* errors and nothing predicted: the sources did not parse */
	rc = report_diags(t) && !t->nblocks ? EXIT_DATA : EXIT_OK;
	for (i = 0; i < t->nassumed; i++)
		if (!t->assumed[i].uses)
			msg("warning: --assume %s: no loop bound, size or "
			    "argument the source does not fix reads a variable "
			    "of that name",
			    t->assumed[i].name);
	if (s.trace) {
		if (with_trace(t, s.files, s.nfiles, s.trace, cost, s.fmt,
			       s.outpath, s.bo) != EXIT_OK)
			rc = EXIT_DATA;
	} else if (iol_view_blocks_source_write(s.outpath, s.fmt, t, cost,
						&err) < 0) {
		msg("%s", err.msg);
		rc = EXIT_DATA;
	}
	iol_ctree_free(t);
	return src_done(&s, rc);
}
