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
#include <math.h>
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
#include "render/obuf.h"
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

static int print(const struct iol_ctree *t, const struct iol_iocost *cost,
		 int fmt, const char *path)
{
	struct out o;

	if (out_open(&o, path, fmt) < 0) {
		msg("%s", o.err.msg);
		return EXIT_DATA;
	}
	iol_view_blocks_source(&o, t, cost);
	if (out_close(&o, 1) < 0) {
		msg("%s", o.err.msg);
		return EXIT_DATA;
	}
	return EXIT_OK;
}

/* the join of t and the blocks bl of trace, printed */
static int join_print(const struct iol_ctree *t, const struct iol_blocks *bl,
		      const char *const *files, int nfiles, const char *trace,
		      const struct iol_iocost *cost, int fmt, const char *path)
{
	struct iol_error err = {0};
	struct iol_cjoin *j = NULL;
	struct out o;
	int rc = EXIT_OK;

	if (iol_cjoin_make(t, bl, cost, files, nfiles, &j, &err) < 0) {
		msg("%s", err.msg);
		return EXIT_DATA;
	}
	if (out_open(&o, path, fmt) < 0) {
		msg("%s", o.err.msg);
		iol_cjoin_free(j);
		return EXIT_DATA;
	}
	iol_view_blocks_join(&o, j, trace, nfiles);
	if (out_close(&o, 1) < 0) {
		msg("%s", o.err.msg);
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

/* a C or C++ source or header by its extension; anything else given to
 * --source is the trace */
static int is_source(const char *path)
{
	static const char *const ext[] = {
		".c",	".h",	".cc", ".cpp", ".cxx", ".c++", ".C",   ".hh",
		".hpp", ".hxx", ".H",  ".i",   ".ii",  ".inl", ".tcc", NULL};
	const char *dot = strrchr(path, '.');
	int i;

	if (!dot || strchr(dot, '/'))
		return 0;
	for (i = 0; ext[i]; i++)
		if (strcmp(dot, ext[i]) == 0)
			return 1;
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

int blocks_source_run(int argc, char **argv)
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
	const char *outpath = NULL;
	const char **files;
	char *trace = NULL;
	const char *fmtarg = NULL;
	struct iol_ctree *t = NULL;
	struct iol_iocost costbuf, *cost = NULL;
	struct iol_error err;
	struct iol_cextract_opts xo = {0};
	struct iol_blocks_opts bo = {0};
	struct iol_srcmap *map = NULL;
	struct iol_cassume *assume;
	int c, fmt = FMT_TEXT, nfiles = 0, dashdash = argc, i, rc;

	/* the compiler's arguments after -- are not ours to parse */
	for (i = 1; i < argc; i++)
		if (strcmp(argv[i], "--") == 0) {
			dashdash = i;
			break;
		}
	files = xcalloc((size_t)argc + 1, sizeof(*files));
	assume = xcalloc((size_t)argc + 1, sizeof(*assume));
	xo.assume = assume;
	opterr = 0;
	optind = 0; /* a full restart: cmd_blocks may have run getopt first */
	while ((c = getopt_long(dashdash, argv, ":ho:", longopts, NULL)) !=
	       -1) {
		switch (c) {
		case 'h':
			free(files);
			free(assume);
			free(map);
			return cmd_help("blocks--source");
		case 'V':
			printf("iolens %s\n", IOLENS_VERSION);
			free(files);
			free(assume);
			free(map);
			return EXIT_OK;
		case 'o': outpath = optarg; break;
		case 'a':
			if (parse_assume(optarg, &assume[xo.nassume]) < 0) {
				free(files);
				free(assume);
				free(map);
				return usage_error("--assume wants NAME=VALUE, "
						   "an integer value, not '%s'",
						   optarg);
			}
			xo.nassume++;
			break;
		case 'm':
			if (blocks_srcmap_add(&map, &bo.nsrcmap, optarg) < 0) {
				free(files);
				free(assume);
				free(map);
				return EXIT_USAGE;
			}
			bo.srcmap = map;
			break;
		case 's':
			if (optarg && is_source(optarg))
				files[nfiles++] = optarg;
			else if (optarg && !trace)
				trace = optarg;
			else if (optarg)
				goto two_traces;
			break;
		case 'f':
			fmt = fmt_parse(optarg);
			if (fmt < 0) {
				free(files);
				free(assume);
				free(map);
				return usage_error("unknown format '%s'",
						   optarg);
			}
			fmtarg = optarg;
			break;
		case ':':
			free(files);
			free(assume);
			free(map);
			return usage_error("option '%s' needs a value",
					   argv[optind - 1]);
		default:
			free(files);
			free(assume);
			free(map);
			return usage_error("unknown option '%s'",
					   argv[optind - 1]);
		}
	}
	for (i = optind; i < dashdash; i++) {
		if (is_source(argv[i]))
			files[nfiles++] = argv[i];
		else if (!trace)
			trace = argv[i];
		else
			goto two_traces;
	}
	if (!nfiles) {
		free(files);
		free(assume);
		free(map);
		return usage_error("no source files");
	}
	/* the one output rule: -o out.csv is CSV, -o out.pdf no table */
	if ((fmt = cmd_outfmt(fmtarg, outpath, OUTF_TABLES, FMT_TEXT, NULL)) <
	    0) {
		free(files);
		free(assume);
		free(map);
		return EXIT_USAGE;
	}
	memset(&err, 0, sizeof(err));
	/* libclang parses on the extractor's thread, whose stack is large
	 * enough for deeply nested sources, not on an 8 MiB one of its own */
	setenv("LIBCLANG_NOTHREADS", "1", 0);
	xo.args = (const char *const *)argv + dashdash + 1;
	xo.nargs = dashdash < argc ? argc - dashdash - 1 : 0;
	rc = iol_ctree_extract(files, nfiles, &xo, &t, &err);
	if (rc < 0) {
		free(files);
		free(assume);
		free(map);
		msg("%s", err.msg[0] ? err.msg : iol_strerror(rc));
		return EXIT_DATA;
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
	if (trace) {
		if (with_trace(t, files, nfiles, trace, cost, fmt, outpath,
			       bo) != EXIT_OK)
			rc = EXIT_DATA;
	} else if (print(t, cost, fmt, outpath) != EXIT_OK) {
		rc = EXIT_DATA;
	}
	iol_ctree_free(t);
	free(files);
	free(assume);
	free(map);
	return rc;
two_traces:
	free(files);
	free(assume);
	free(map);
	return usage_error("one trace at a time (a source is named by its "
			   "extension: .c, .cc, .cpp, .h ...)");
}
