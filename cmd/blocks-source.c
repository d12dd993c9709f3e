/*
 * iolens blocks --source: the I/O of code blocks predicted from the
 * source, without running it (Vidya's static half).  The extractor
 * (lib/code, libclang, loaded as a module by cmd/code.c) gives the tree of
 * functions, loops, branches and lines with their predicted calls and
 * bytes; this prints it as an indented tree for people, or one row per
 * block, most predicted I/O first, in CSV, TSV or JSON with the columns
 * of `iolens blocks` (the measured ones, I/O time and intensity, empty).
 */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/blocks.h"
#include "cmd/common.h"
#include "cmd/util.h"
#include "code/extract.h"
#include "render/obuf.h"
#include "render/output.h"
#include "base/version.h"
#include "base/banned.h"

static const char usage_str[] =
	"usage: iolens blocks --source [--format fmt] [-o file] file ... "
	"[trace]\n"
	"                     [-- compiler-args]\n";

static void help(void)
{
	fputs(usage_str, stdout);
	printf("\nThe I/O of a program's code blocks predicted from its C or "
	       "C++ source\n"
	       "(parsed with libclang): functions, loops, branches and lines "
	       "with the\n"
	       "POSIX, stdio, MPI-IO, HDF5 and PnetCDF calls in them, loop "
	       "trip counts\n"
	       "and sizes where the source fixes them, and the calls and "
	       "bytes\n"
	       "propagated up the tree, most I/O first.  Arguments after -- "
	       "go to the\n"
	       "compiler (-I, -D, -std).  With a trace with call stacks "
	       "(strace -k,\n"
	       "iolens trace --stacks): predicted and measured side by side "
	       "per block,\n"
	       "their difference, and the accuracy over the blocks.  A "
	       "file is a source\n"
	       "by its extension (.c .h .cc .cpp .cxx .hpp ...), else the "
	       "trace.\n\n"
	       "  --source           the files are sources (the default "
	       "here)\n"
	       "  --format fmt       text (default), csv, tsv or json\n"
	       "  -o, --output file  write to file (replaced atomically)\n"
	       "  -h, --help         show this help\n"
	       "  --version          show the version\n");
}

static const char *const cols[] = {
	"block",      "kind",	    "function",	     "file",  "line",
	"trip_count", "calls",	    "opens",	     "reads", "writes",
	"syncs",      "bytes_read", "bytes_written", "files", "io_time_s",
	"intensity",  "cioc",
};

/* ---- numbers of a block ---- */

static int64_t files_of(const struct iol_cpred *p)
{
	int64_t a = p->fixed[IOL_CP_FILES], b = p->fixed[IOL_CP_FILES_LIT];

	return a > INT64_MAX - b ? INT64_MAX : a + b;
}

static void row(struct out *o, const struct iol_cblock *b)
{
	static const enum iol_cpk ks[] = {
		IOL_CP_CALLS,	      IOL_CP_OPENS, IOL_CP_READS,
		IOL_CP_WRITES,	      IOL_CP_SYNCS, IOL_CP_BYTES_READ,
		IOL_CP_BYTES_WRITTEN, IOL_CP_FILES,
	};
	size_t i;

	out_str(o, b->id);
	out_str(o, iol_cblock_kind_name(b->kind));
	out_str(o, b->function);
	out_str(o, b->file);
	out_int(o, b->line);
	if (b->kind == IOL_CB_LOOP && b->trip >= 0)
		out_int(o, b->trip);
	else
		out_null(o);
	for (i = 0; i < sizeof(ks) / sizeof(ks[0]); i++) {
		if (!blocks_pred_exact(&b->pred, ks[i]))
			out_null(o);
		else if (ks[i] == IOL_CP_FILES)
			out_int(o, files_of(&b->pred));
		else
			out_int(o, b->pred.fixed[ks[i]]);
	}
	/* measured only: I/O time, intensity; CIOC needs P10 and P14-P15,
	 * which the source does not give (man page) */
	out_null(o);
	out_null(o);
	out_null(o);
	out_endrow(o);
}

/* ---- the tree for people ---- */

/* "12", "2/iter", "12+2/iter" */
static const char *count_str(char *buf, size_t n, const struct iol_cpred *p,
			     enum iol_cpk k)
{
	if (!p->per[k])
		snprintf(buf, n, "%lld", (long long)p->fixed[k]);
	else if (!p->fixed[k])
		snprintf(buf, n, "%lld/iter", (long long)p->per[k]);
	else
		snprintf(buf, n, "%lld+%lld/iter", (long long)p->fixed[k],
			 (long long)p->per[k]);
	return buf;
}

static const char *bytes_str(char *buf, size_t n, const struct iol_cpred *p,
			     enum iol_cpk k, enum iol_cpk unsized)
{
	char a[32], b[32];
	int64_t u = p->fixed[unsized] + p->per[unsized];

	fmt_bytes(a, sizeof(a), (double)p->fixed[k], BYTES_TEXT);
	fmt_bytes(b, sizeof(b), (double)p->per[k], BYTES_TEXT);
	if (!p->per[k])
		snprintf(buf, n, "%s", a);
	else if (!p->fixed[k])
		snprintf(buf, n, "%s/iter", b);
	else
		snprintf(buf, n, "%s+%s/iter", a, b);
	if (u && !p->fixed[k] && !p->per[k]) {
		snprintf(buf, n, "? (%lld of unknown size)", (long long)u);
	} else if (u) {
		size_t l = strlen(buf);

		snprintf(buf + l, n - l, " + %lld of unknown size",
			 (long long)u);
	}
	return buf;
}

static void pred_text(struct out *o, const struct iol_cpred *p)
{
	static const struct {
		enum iol_cpk k;
		const char *name;
	} cs[] = {
		{IOL_CP_OPENS, "opens"},
		{IOL_CP_READS, "reads"},
		{IOL_CP_WRITES, "writes"},
		{IOL_CP_SYNCS, "syncs"},
		{IOL_CP_CONDITIONAL, "under a condition"},
	};
	char buf[128];
	size_t i;

	out_text(o, ": calls %s", count_str(buf, sizeof(buf), p, IOL_CP_CALLS));
	for (i = 0; i < sizeof(cs) / sizeof(cs[0]); i++)
		if (p->fixed[cs[i].k] || p->per[cs[i].k])
			out_text(o, ", %s %s", cs[i].name,
				 count_str(buf, sizeof(buf), p, cs[i].k));
	if (p->fixed[IOL_CP_READS] || p->per[IOL_CP_READS])
		out_text(o, ", read %s",
			 bytes_str(buf, sizeof(buf), p, IOL_CP_BYTES_READ,
				   IOL_CP_UNSIZED_R));
	if (p->fixed[IOL_CP_WRITES] || p->per[IOL_CP_WRITES])
		out_text(o, ", written %s",
			 bytes_str(buf, sizeof(buf), p, IOL_CP_BYTES_WRITTEN,
				   IOL_CP_UNSIZED_W));
	if (p->recursive)
		out_text(o, ", recursion not counted");
	out_text(o, "\n");
}

static void call_text(struct out *o, const struct iol_ccall *cc, int depth)
{
	char sz[32];

	out_text(o, "%*s", depth * 2, "");
	if (cc->op == IOL_COP_CALL) {
		out_text(o, "%s()\n", cc->name);
		return;
	}
	out_text(o, "%s (%s", cc->name, iol_capi_name(cc->api));
	if (cc->op == IOL_COP_READ || cc->op == IOL_COP_WRITE) {
		if (cc->size >= 0)
			out_text(o, ", %s",
				 fmt_bytes(sz, sizeof(sz), (double)cc->size,
					   BYTES_TEXT));
		else
			out_text(o, ", size unknown");
	}
	if (cc->path)
		out_text(o, ", \"%s\"", cc->path);
	out_text(o, ")\n");
}

static void tree_text(struct out *o, const struct iol_cblock *b, int depth)
{
	const struct iol_cblock *ch;
	const struct iol_ccall *cc;

	out_text(o, "%*s", depth * 2, "");
	if (b->kind == IOL_CB_FUNCTION)
		out_text(o, "function %s %s:%u", b->function, b->file, b->line);
	else
		out_text(o, "%s %s:%u", iol_cblock_kind_name(b->kind), b->file,
			 b->line);
	if (b->kind == IOL_CB_LOOP) {
		if (b->trip >= 0)
			out_text(o, " x%lld", (long long)b->trip);
		else
			out_text(o, " x?");
	}
	pred_text(o, &b->pred);
	for (cc = b->calls; cc; cc = cc->next)
		call_text(o, cc, depth + 1);
	for (ch = b->first; ch; ch = ch->next)
		tree_text(o, ch, depth + 1);
}

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
		    "used; the first: %s",
		    d->file, d->errors, d->errors == 1 ? "" : "s", d->first);
		bad = 1;
	}
	return bad;
}

static int print(const struct iol_ctree *t, int fmt, const char *path)
{
	struct out o;
	const struct iol_cblock *f;
	size_t i;

	if (out_open(&o, path, fmt) < 0) {
		msg("%s", o.err.msg);
		return EXIT_DATA;
	}
	if (fmt == FMT_TEXT) {
		if (!t->funcs)
			out_text(&o, "no I/O calls in the functions of these "
				     "sources\n");
		for (f = t->funcs; f; f = f->next) {
			tree_text(&o, f, 0);
			out_text(&o, "\n");
		}
		if (t->funcs)
			out_text(&o,
				 "predicted from the source: xN a loop's "
				 "trip count (x? unknown), /iter per\n"
				 "iteration of loops of unknown trip count, "
				 "the larger arm of each if\n");
	} else {
		out_table(&o, cols, (int)(sizeof(cols) / sizeof(cols[0])));
		for (i = 0; i < t->nblocks; i++)
			row(&o, t->ranked[i]);
		out_endtable(&o);
	}
	if (out_close(&o, 1) < 0) {
		msg("%s", o.err.msg);
		return EXIT_DATA;
	}
	return EXIT_OK;
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

/* the measured blocks of trace joined to the predicted ones */
static int with_trace(const struct iol_ctree *t, const char *const *files,
		      int nfiles, char *trace, int fmt, const char *outpath)
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
	if (iol_blocks_build(job, NULL, &bl, &err) < 0) {
		msg("%s: %s", job->path, err.msg);
		iol_job_close(job);
		return EXIT_DATA;
	}
	rc = blocks_join_print(t, bl, files, nfiles, job->path, fmt, outpath);
	iol_blocks_free(bl);
	iol_job_close(job);
	return rc;
}

int blocks_source_run(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"format", required_argument, NULL, 'f'},
		{"help", no_argument, NULL, 'h'},
		{"output", required_argument, NULL, 'o'},
		{"source", optional_argument, NULL, 's'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0},
	};
	const char *outpath = NULL;
	const char **files;
	char *trace = NULL;
	const char *fmtarg = NULL;
	struct iol_ctree *t = NULL;
	struct iol_error err;
	int c, fmt = FMT_TEXT, nfiles = 0, dashdash = argc, i, rc;

	/* the compiler's arguments after -- are not ours to parse */
	for (i = 1; i < argc; i++)
		if (strcmp(argv[i], "--") == 0) {
			dashdash = i;
			break;
		}
	files = xcalloc((size_t)argc + 1, sizeof(*files));
	opterr = 0;
	optind = 0; /* a full restart: cmd_blocks may have run getopt first */
	while ((c = getopt_long(dashdash, argv, ":ho:", longopts, NULL)) !=
	       -1) {
		switch (c) {
		case 'h':
			help();
			free(files);
			return EXIT_OK;
		case 'V':
			printf("iolens %s\n", IOLENS_VERSION);
			free(files);
			return EXIT_OK;
		case 'o': outpath = optarg; break;
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
				return usage_error("unknown format '%s'",
						   optarg);
			}
			fmtarg = optarg;
			break;
		case ':':
			free(files);
			return usage_error("option '%s' needs a value",
					   argv[optind - 1]);
		default:
			free(files);
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
		return usage_error("no source files");
	}
	/* the one output rule: -o out.csv is CSV, -o out.pdf no table */
	if ((fmt = cmd_outfmt(fmtarg, outpath, OUTF_TABLES, FMT_TEXT, NULL)) <
	    0) {
		free(files);
		return EXIT_USAGE;
	}
	memset(&err, 0, sizeof(err));
	/* libclang parses on the extractor's thread, whose stack is large
	 * enough for deeply nested sources, not on an 8 MiB one of its own */
	setenv("LIBCLANG_NOTHREADS", "1", 0);
	rc = iol_ctree_extract(
		files, nfiles, (const char *const *)argv + dashdash + 1,
		dashdash < argc ? argc - dashdash - 1 : 0, &t, &err);
	if (rc < 0) {
		free(files);
		msg("%s", err.msg[0] ? err.msg : iol_strerror(rc));
		return EXIT_DATA;
	}
	/* errors and nothing predicted: the sources did not parse */
	rc = report_diags(t) && !t->nblocks ? EXIT_DATA : EXIT_OK;
	if (trace) {
		if (with_trace(t, files, nfiles, trace, fmt, outpath) !=
		    EXIT_OK)
			rc = EXIT_DATA;
	} else if (print(t, fmt, outpath) != EXIT_OK) {
		rc = EXIT_DATA;
	}
	iol_ctree_free(t);
	free(files);
	return rc;
two_traces:
	free(files);
	return usage_error("one trace at a time (a source is named by its "
			   "extension: .c, .cc, .cpp, .h ...)");
}
