/*
 * Shared option handling and log loading of the analysis commands.
 */
#define _DEFAULT_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <getopt.h>
#include <time.h>
#include <sys/stat.h>

#include "analysis/select.h"
#include "cmd/common.h"
#include "render/view.h"
#include "base/version.h"
#include "sources/trace.h"
#include "sources/darshan.h"
#include "cmd/siteconf.h"
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

static const char *const outf_names[OUTF_N] = {
	"text", "csv", "tsv", "json", "pdf", "svg", "png", "folded", "html"};
static const char *const outf_exts[OUTF_N] = {".txt",  ".csv",	  ".tsv",
					      ".json", ".pdf",	  ".svg",
					      ".png",  ".folded", ".html"};

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
	{".html", "HTML", "report"},
	{".htm", "HTML", "report"},
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
				 OUTF_BIT(OUTF_PNG) | OUTF_BIT(OUTF_HTML);
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
		{"fsload", OUTF_TABLES | OUTF_BIT(OUTF_PDF), OUTF_TEXT, NULL},
		{"report",
		 OUTF_BIT(OUTF_PDF) | OUTF_BIT(OUTF_SVG) | OUTF_BIT(OUTF_PNG) |
			 OUTF_BIT(OUTF_HTML),
		 OUTF_PDF, NULL},
		{"population-report", OUTF_BIT(OUTF_PDF), OUTF_PDF, NULL},
		{"blocks",
		 OUTF_TABLES | OUTF_BIT(OUTF_PDF) | OUTF_BIT(OUTF_SVG) |
			 OUTF_BIT(OUTF_PNG) | OUTF_BIT(OUTF_FOLDED),
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
		{"fsload", "recording (LMT, h5lmt, TOKIO HDF5, lfs df, "
			   "lctl dl -t, mmperfmon)"},
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
	const struct iol_siteconf *site;
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
	/* the site's processes per node, unless given here */
	if (!(site = site_config()))
		return EXIT_DATA;
	c->m.site_ppn = iol_siteconf_ppn(site, NULL, NULL);
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

/* strings made here that live as long as the command: the expanded
 * argument vector and the names of merged traces */
static char **owned;
static size_t nowned, capowned;

static void free_owned(void)
{
	size_t k;

	for (k = 0; k < nowned; k++)
		free(owned[k]);
	free(owned);
}

static char *own(char *s)
{
	if (!capowned)
		atexit(free_owned);
	if (nowned == capowned) {
		capowned = capowned ? 2 * capowned : 16;
		owned = xrealloc(owned, capowned * sizeof(*owned));
	}
	return owned[nowned++] = s;
}

static int is_dir(const char *path)
{
	struct stat sb;

	return strcmp(path, "-") && stat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
}

int is_darshan_log(const char *path)
{
	unsigned char head[16];
	size_t n = 0;
	FILE *f = fopen(path, "rb");

	if (f) {
		n = fread(head, 1, sizeof(head), f);
		fclose(f);
	}
	return iol_dlog_sniff(head, n);
}

/* a regular file of strace or Iota output */
static int is_trace(const char *path)
{
	struct stat sb;

	return strcmp(path, "-") && stat(path, &sb) == 0 &&
	       S_ISREG(sb.st_mode) && !is_darshan_log(path) &&
	       iol_strace_sniff_file(path) != 0;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

char **cmd_list_dir(const char *dir, size_t *n)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char **v = NULL;
	size_t cap = 0, l;

	*n = 0;
	if (!d)
		return NULL;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		if (*n == cap) {
			cap = cap ? 2 * cap : 32;
			v = xrealloc(v, cap * sizeof(*v));
		}
		l = strlen(dir) + strlen(de->d_name) + 2;
		v[*n] = xmalloc(l);
		snprintf(v[(*n)++], l, "%s%s%s", dir,
			 dir[strlen(dir) - 1] == '/' ? "" : "/", de->d_name);
	}
	closedir(d);
	if (*n)
		qsort(v, *n, sizeof(*v), cmp_name);
	return v ? v : xcalloc(1, sizeof(*v));
}

static int holds_traces(char **v, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++)
		if (is_trace(v[k]))
			return 1;
	return 0;
}

struct argvec {
	char **v;
	int n, cap;
};

static void push(struct argvec *a, char *s)
{
	if (a->n == a->cap) {
		a->cap = a->cap ? 2 * a->cap : 32;
		a->v = xrealloc(a->v, (size_t)a->cap * sizeof(*a->v));
	}
	a->v[a->n++] = s;
}

/* a directory's jobs: each Darshan log under it and each directory that
 * holds traces (one job, its traces a rank each), depth first, in name
 * order; symbolic links to directories are not followed */
static void walk(struct argvec *a, const char *dir, int depth)
{
	size_t n, k, all;
	char **v = cmd_list_dir(dir, &n);
	struct stat sb;

	all = n;
	if (depth && holds_traces(v, n)) {
		push(a, own(xstrdup(dir)));
		n = 0; /* the directory is one job: nothing under it more */
	}
	for (k = 0; k < n; k++) {
		if (lstat(v[k], &sb) < 0)
			continue;
		if (S_ISDIR(sb.st_mode) && depth < 64)
			walk(a, v[k], depth + 1);
		else if (!S_ISDIR(sb.st_mode) && is_darshan_log(v[k]))
			push(a, own(xstrdup(v[k])));
	}
	for (k = 0; k < all; k++)
		free(v[k]);
	free(v);
}

int copts_expand(int *argc, char ***argv, int first)
{
	struct argvec a = {0};
	int i, before, bad = 0;

	for (i = 0; i < *argc; i++) {
		size_t n, k;
		char **v;

		if (i < first || !is_dir((*argv)[i])) {
			push(&a, (*argv)[i]);
			continue;
		}
		/* a directory of traces stays one job, as it always was */
		v = cmd_list_dir((*argv)[i], &n);
		before = a.n;
		if (holds_traces(v, n))
			push(&a, (*argv)[i]);
		else
			walk(&a, (*argv)[i], 0);
		for (k = 0; k < n; k++)
			free(v[k]);
		free(v);
		if (a.n == before) {
			msg("cannot read '%s': no Darshan logs or traces in "
			    "it",
			    (*argv)[i]);
			bad = 1;
		}
	}
	push(&a, NULL);
	own((char *)a.v);
	*argc = a.n - 1;
	*argv = a.v;
	return bad ? -1 : 0;
}

/* are both paths in the same directory (as written)? */
static int same_dir(const char *a, const char *b)
{
	const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');
	size_t la = sa ? (size_t)(sa - a) : 0, lb = sb ? (size_t)(sb - b) : 0;

	return la == lb && !strncmp(a, b, la);
}

/* how many arguments from argv[i] on are one job: all with
 * --merge-traces, else the run of trace files of one directory starting
 * there (a job's per-rank traces given together are its ranks, as
 * --rank-from says; traces in different directories stay jobs apart) */
static int job_args(const struct copts *c, int argc, char **argv, int i)
{
	int n = 1;

	if (c->merge_traces)
		return argc - i;
	if (i + 1 >= argc || !same_dir(argv[i], argv[i + 1]) ||
	    !is_trace(argv[i]))
		return 1;
	while (i + n < argc && same_dir(argv[i], argv[i + n]) &&
	       is_trace(argv[i + n]))
		n++;
	return n;
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

/* Does the file start as text (no NUL, no control bytes but white
 * space in its first 512 bytes)?  A Darshan log never does. */
static int looks_text(const char *path)
{
	unsigned char buf[512];
	FILE *f = fopen(path, "rb");
	size_t n, k;

	if (!f)
		return 0;
	n = fread(buf, 1, sizeof buf, f);
	fclose(f);
	for (k = 0; k < n; k++)
		if (buf[k] < 0x20 && !strchr("\t\n\r\f", buf[k]))
			return 0;
	return n > 0;
}

int load_job(const struct copts *c, int argc, char **argv, int *i,
	     struct iol_job **job)
{
	struct iol_error err = {0};
	const char *path = argv[*i];
	struct iol_trace_opts to = {c->rank_from, c->lenient};
	int ret, n = job_args(c, argc, argv, *i);

	if (n > 1 || c->merge_traces)
		ret = iol_job_load_strace(job, (const char *const *)argv + *i,
					  n, &to, &err);
	else
		ret = iol_job_load_opts(job, path, &to, &err);
	*i += n - 1;
	if (ret == IOL_ENOTLOG && n == 1 && looks_text(path)) {
		/* a text file: say what a text log would have been */
		msg("cannot read '%s': a text file, but not a trace iolens "
		    "reads (strace -f -tt -T output, an iolens trace) nor a "
		    "Darshan log",
		    path);
		return ret;
	}
	if (ret < 0) {
		msg_ioerr(path, ret, &err);
		return ret;
	}
	/* the commands name the job by argv[*i]: its own name, the first
	 * trace and "+N" when several are one job */
	if (n > 1)
		path = argv[*i] = own(xstrdup((*job)->path));
	warnings(path, *job);
	return ret;
}

const char *excl_defaults_help(void)
{
	static char b[256];

	iol_excl_defaults_text(b, sizeof(b));
	return b;
}

const char *fmt_time(char *buf, size_t n, int64_t secs)
{
	time_t t = (time_t)secs;
	struct tm tm;

	if (!gmtime_r(&t, &tm))
		snprintf(buf, n, "%lld", (long long)secs);
	else
		strftime(buf, n, "%Y-%m-%d %H:%M:%S UTC", &tm);
	return buf;
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
