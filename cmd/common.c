/*
 * Shared option handling and log loading of the analysis commands.
 */
#define _DEFAULT_SOURCE
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <getopt.h>
#include <time.h>

#include "analysis/select.h"
#include "cmd/common.h"
#include "render/view.h"
#include "base/version.h"
#include "sources/trace.h"
#include "sources/darshan.h"
#include "cmd/util.h"
#include "base/banned.h"

void copts_init(struct copts *c, char **argv)
{
	memset(c, 0, sizeof(*c));
	c->argv = argv;
	c->fmt = FMT_TEXT;
}

int parse_count(const char *s, int64_t *v)
{
	char *end;
	long long x = strtoll(s, &end, 10);

	if (!*s || *end || x <= 0)
		return -1;
	*v = x;
	return 0;
}

int64_t source_date(int64_t fallback)
{
	const char *s = getenv("SOURCE_DATE_EPOCH");
	char *end;
	long long v;

	if (!s || !*s)
		return fallback;
	v = strtoll(s, &end, 10);
	return *end || v < 0 ? fallback : (int64_t)v;
}

int copts_handle(struct copts *c, int opt, const char *arg, int *done)
{
	switch (opt) {
	case ':':
		usage_error("option '%s' needs a value", c->argv[optind - 1]);
		return -1;
	case OPT_FORMAT: c->fmtarg = arg; return 1; /* see copts_choose */
	case 'o': c->outpath = arg; return 1;
	case OPT_NODES:
		if (parse_count(arg, &c->m.nodes) < 0) {
			usage_error("--nodes wants a positive count, not '%s'",
				    arg);
			return -1;
		}
		return 1;
	case OPT_PPN:
		if (parse_count(arg, &c->m.ppn) < 0) {
			usage_error("--procs-per-node wants a positive count, "
				    "not '%s'",
				    arg);
			return -1;
		}
		return 1;
	case OPT_RANK_FROM:
		if (!strcmp(arg, "file"))
			c->rank_from = IOL_RANK_FROM_FILE;
		else if (!strcmp(arg, "pid"))
			c->rank_from = IOL_RANK_FROM_PID;
		else {
			usage_error("--rank-from wants file or pid, not '%s'",
				    arg);
			return -1;
		}
		return 1;
	case OPT_LENIENT: c->lenient = 1; return 1;
	case OPT_MERGE_TRACES: c->merge_traces = 1; return 1;
	case OPT_WIDE: out_set_width(0); return 1;
	case OPT_VERSION:
		printf("iolens %s\n", IOLENS_VERSION);
		*done = 1;
		return 1;
	}
	return 0;
}

static const char *const outf_names[OUTF_N] = {"text", "csv", "tsv", "json",
					       "pdf",  "svg", "png"};
static const char *const outf_exts[OUTF_N] = {".txt", ".csv", ".tsv", ".json",
					      ".pdf", ".svg", ".png"};

static int same_nocase(const char *a, const char *b)
{
	for (; *a && *b; a++, b++)
		if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
			return 0;
	return !*a && !*b;
}

/* The format the name of path says (its extension, any case), or -1. */
static int outf_of_path(const char *path)
{
	const char *b, *dot;

	if (!path || !strcmp(path, "-"))
		return -1;
	b = strrchr(path, '/');
	dot = strrchr(b ? b + 1 : path, '.');
	for (int f = 0; dot && f < OUTF_N; f++)
		if (same_nocase(dot, outf_exts[f]))
			return f;
	return -1;
}

/* "text, csv, tsv or json" */
static void outf_list(char *buf, size_t n, unsigned mask)
{
	size_t len = 0;
	int k = 0, total = 0;

	for (int f = 0; f < OUTF_N; f++)
		total += !!(mask & OUTF_BIT(f));
	buf[0] = '\0';
	for (int f = 0; f < OUTF_N; f++) {
		if (!(mask & OUTF_BIT(f)))
			continue;
		k++;
		len += (size_t)snprintf(buf + len, len < n ? n - len : 0,
					"%s%s",
					k == 1	     ? ""
					: k == total ? " or "
						     : ", ",
					outf_names[f]);
	}
}

/*
 * Extensions that name a format only another command writes (or none):
 * writing plain text under them would make a file its name lies about.
 */
static const struct {
	const char *ext, *what, *cmd;
} foreign_exts[] = {
	{".xlsx", "workbooks", "export"},
	{".xls", "workbooks", "export"},
	{".ods", "workbooks", "export"},
	{".darshan", "Darshan logs", "convert"},
	{".html", "HTML", NULL},
	{".htm", "HTML", NULL},
	{".xml", "XML", NULL},
};

/* 0, or -1 with the usage error printed when path is named as a format
 * this command (iol_progname's) does not write. */
static int foreign_check(const char *path)
{
	const char *b, *dot, *me = iol_progname;

	if (!path || !strcmp(path, "-"))
		return 0;
	b = strrchr(path, '/');
	dot = strrchr(b ? b + 1 : path, '.');
	if (!strncmp(me, "iolens ", 7))
		me += 7;
	for (size_t i = 0;
	     dot && i < sizeof foreign_exts / sizeof *foreign_exts; i++) {
		if (!same_nocase(dot, foreign_exts[i].ext) ||
		    (foreign_exts[i].cmd && !strcmp(me, foreign_exts[i].cmd)))
			continue;
		if (foreign_exts[i].cmd)
			usage_error("'%s': %s does not write %s; use iolens %s",
				    dot, me, foreign_exts[i].what,
				    foreign_exts[i].cmd);
		else
			usage_error("'%s': %s does not write %s, nor does any "
				    "iolens command",
				    dot, me, foreign_exts[i].what);
		return -1;
	}
	return 0;
}

int cmd_outfmt(const char *fmtarg, const char *path, unsigned mask, int dflt,
	       const char *own)
{
	int ext = outf_of_path(path), given = -1;
	char list[64];

	if (foreign_check(path) < 0)
		return -1;
	outf_list(list, sizeof list, mask);
	if (fmtarg) {
		for (int f = 0; f < OUTF_N; f++)
			if ((mask & OUTF_BIT(f)) &&
			    !strcmp(fmtarg, outf_names[f]))
				given = f;
		if (given < 0) {
			usage_error("unknown format '%s' (%s)", fmtarg, list);
			return -1;
		}
		if (ext >= 0 && ext != given) {
			usage_error("--format %s, but the output '%s' is named "
				    "as %s: name it to match",
				    fmtarg, path, outf_names[ext]);
			return -1;
		}
		return given;
	}
	if (ext >= 0 && !(mask & OUTF_BIT(ext))) {
		/* a page of a command that draws none: report draws it */
		unsigned pages = OUTF_BIT(OUTF_PDF) | OUTF_BIT(OUTF_SVG) |
				 OUTF_BIT(OUTF_PNG);
		int hint = (OUTF_BIT(ext) & pages) && !(mask & pages);

		if (mask)
			usage_error("cannot write %s to '%s' (%s: %s)%s",
				    outf_names[ext], path,
				    mask & (mask - 1) ? "formats" : "only",
				    list, hint ? "; use iolens report" : "");
		else
			usage_error("the output '%s' is named as %s, but it "
				    "is %s",
				    path, outf_names[ext], own);
		return -1;
	}
	return ext >= 0 ? ext : dflt;
}

void cmd_outfmts(const char *cmd, unsigned *mask, int *dflt, const char **own)
{
	static const struct {
		const char *cmd;
		unsigned mask;
		int dflt;
		const char *own;
	} t[] = {
		{"iostat", OUTF_TABLES | OUTF_BIT(OUTF_PDF), OUTF_TEXT, NULL},
		{"report",
		 OUTF_BIT(OUTF_PDF) | OUTF_BIT(OUTF_SVG) | OUTF_BIT(OUTF_PNG),
		 OUTF_PDF, NULL},
		{"population-report", OUTF_BIT(OUTF_PDF), OUTF_PDF, NULL},
		{"blocks",
		 OUTF_TABLES | OUTF_BIT(OUTF_PDF) | OUTF_BIT(OUTF_SVG) |
			 OUTF_BIT(OUTF_PNG),
		 OUTF_TEXT, NULL},
		{"replay-script", OUTF_BIT(OUTF_TEXT), OUTF_TEXT, NULL},
		{"export", 0, OUTF_TEXT, "an .xlsx workbook"},
		{"convert", 0, OUTF_TEXT, "a Darshan log"},
	};

	*mask = OUTF_TABLES;
	*dflt = OUTF_TEXT;
	*own = NULL;
	for (size_t i = 0; cmd && i < sizeof t / sizeof *t; i++)
		if (!strcmp(cmd, t[i].cmd)) {
			*mask = t[i].mask;
			*dflt = t[i].dflt;
			*own = t[i].own;
		}
}

int copts_choose(struct copts *c)
{
	unsigned mask;
	int dflt;
	const char *own;

	cmd_outfmts(c->argv ? c->argv[0] : NULL, &mask, &dflt, &own);
	c->outf = cmd_outfmt(c->fmtarg, c->outpath, mask, dflt, own);
	if (c->outf < 0)
		return -1;
	c->fmt = c->outf <= OUTF_JSON ? c->outf : FMT_TEXT;
	return 0;
}

/* What a command's arguments are, for "no ... given". */
static const char *arg_noun(const char *cmd)
{
	static const char *const t[][2] = {
		{"iostat", "recording (iostat -x -t text or JSON, diskstats)"},
		{"fsstats", "directory to walk or snapshot"},
		{"convert", "trace"},
		{"replay-script", "trace"},
	};

	for (size_t i = 0; cmd && i < sizeof t / sizeof *t; i++)
		if (!strcmp(cmd, t[i][0]))
			return t[i][1];
	return "log";
}

int copts_start(struct copts *c, int argc, char **argv,
		const struct option *longopts, void (*help)(void),
		int (*extra)(void *ctx, int opt, const char *arg), void *ctx,
		struct out *o, int *first_log)
{
	int opt, done = 0, r;

	copts_init(c, argv);
	optind = 1;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, COMMON_SHORTOPTS, longopts,
				  NULL)) != -1) {
		if (opt == 'h') {
			help();
			return EXIT_OK;
		}
		r = extra ? extra(ctx, opt, optarg) : 0;
		if (r < 0)
			return EXIT_USAGE;
		if (r)
			continue;
		r = copts_handle(c, opt, optarg, &done);
		if (r < 0)
			return EXIT_USAGE;
		if (done)
			return EXIT_OK;
		if (!r)
			return usage_error("unknown option '%s'",
					   argv[optind - 1]);
	}
	if (copts_choose(c) < 0)
		return EXIT_USAGE;
	if (optind >= argc)
		return usage_error("no %s given", arg_noun(argv[0]));
	if (o && out_open(o, c->outpath, c->fmt) < 0) {
		msg("%s", o->err.msg);
		return EXIT_DATA;
	}
	*first_log = optind;
	return -1;
}

const char trace_help[] =
	"  --lenient          traces: skip unparsable lines, counting them\n"
	"  --merge-traces     traces: all logs given are one job's processes\n"
	"  --rank-from how    traces: a rank per input file (file, default)\n"
	"                     or per process id (pid)\n";

/* ---- the log arguments ---- */

int cmd_inputs(const struct copts *c, int argc, char **argv, int first,
	       struct iol_inputs *in)
{
	struct iol_error err = {0};
	size_t k;

	if (iol_inputs_resolve(
		    in, (const char *const *)argv + first, argc - first,
		    c->merge_traces ? IOL_INPUTS_MERGE : 0, &err) < 0) {
		msg("%s", err.msg);
		return -1;
	}
	for (k = 0; k < in->nempty; k++)
		msg("cannot read '%s': no Darshan logs or traces in it",
		    in->empty[k]);
	return in->nempty ? -1 : 0;
}

static void warnings(const char *path, const struct iol_job *job)
{
	if (job->partial) {
		char list[160] = "";
		size_t l = 0;
		int m;

		for (m = 0; m < IOL_MOD_MAX && l < sizeof(list) - 20; m++)
			if ((job->partial >> m) & 1)
				l += (size_t)snprintf(
					list + l, sizeof(list) - l, "%s%s",
					l ? ", " : "",
					m < IOL_MOD_KNOWN ? iol_modinfo(m)->name
							  : "unknown");
		msg("warning: '%s' is incomplete (%s ran out of memory): "
		    "figures miss records",
		    path, list);
	}
	if (job->lost) {
		char text[512];

		msg("warning: '%s': %s", path,
		    iol_lost_text(text, sizeof(text), job->lost, job->lost_have,
				  job->lost_len));
	}
	if (job->unknown_ops)
		msg("warning: '%s': operations not understood, skipped:%s",
		    path, job->unknown_ops);
	if (job->skipped)
		msg("warning: '%s': %llu unparsable lines skipped", path,
		    (unsigned long long)job->skipped);
}

int cmd_load(const struct copts *c, const struct iol_input *in,
	     struct iol_job **job)
{
	struct iol_error err = {0};
	struct iol_trace_opts to = {c->rank_from, c->lenient};
	int ret = iol_input_load(in, &to, job, &err);

	if (ret == IOL_ENOTLOG && !in->paths && iol_is_text_file(in->arg)) {
		/* a text file: say what a text log would have been */
		msg("cannot read '%s': a text file, but not a trace iolens "
		    "reads (strace -f -tt -T output, an iolens trace) nor a "
		    "Darshan log",
		    in->arg);
		return ret;
	}
	if (ret < 0) {
		msg_ioerr(in->arg, ret, &err);
		return ret;
	}
	warnings(in->name, *job);
	return ret;
}

int cmd_load_one(const struct copts *c, int argc, char **argv, int first,
		 struct iol_job **job)
{
	struct iol_inputs in;
	int r = -1;

	if (cmd_inputs(c, argc, argv, first, &in) == 0 && in.n == 1)
		r = cmd_load(c, &in.v[0], job) < 0 ? -1 : 0;
	else if (in.n > 1)
		r = -2;
	iol_inputs_release(&in);
	return r;
}

const char *excl_defaults_help(void)
{
	static char b[256];

	iol_excl_defaults_text(b, sizeof(b));
	return b;
}

int cmd_out_open(struct out *o, const char *path, int fmt)
{
	if (out_open(o, path, fmt) < 0) {
		msg("%s", o->err.msg);
		return -1;
	}
	return 0;
}

int cmd_out_close(struct out *o, int commit)
{
	if (out_close(o, commit) < 0) {
		if (o->err.msg[0])
			msg("%s", o->err.msg);
		return -1;
	}
	return 0;
}
