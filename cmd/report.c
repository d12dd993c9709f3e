/*
 * iolens report: the multi-page job report as PDF (or SVG/PNG pages),
 * laid out by a template from report-templates/.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "render/report.h"
#include "render/popreport.h"
#include "cmd/popcommon.h"
#include "cmd/util.h"
#include "base/banned.h"

static const char usage_str[] =
	"usage: iolens report [--date when] [--format pdf|svg|png] [--nodes "
	"n]\n"
	"                     [--paper a4|letter] [--procs-per-node n]\n"
	"                     [--template file] [--db file] --output file "
	"log\n";

static void help(void)
{
	fputs(usage_str, stdout);
	printf("\nDraw the report of a job: what it did with I/O and where "
	       "the\n"
	       "time went, on pages laid out by a template.\n\n"
	       "  --db file          add a context page: the job among the "
	       "earlier\n"
	       "                     jobs of its app in this population "
	       "store\n"
	       "  --date when        creation date in the PDF (YYYY-MM-DD,\n"
	       "                     YYYY-MM-DDTHH:MM:SS or epoch seconds); "
	       "default\n"
	       "                     SOURCE_DATE_EPOCH, else the job's start\n"
	       "  --format fmt       pdf (default), or svg or png: one file "
	       "per\n"
	       "                     page, FILE-1.svg, FILE-2.svg, ...\n"
	       "  --nodes n          the job ran on n compute nodes\n"
	       "  -o, --output file  the file to write (replaced atomically)\n"
	       "  --paper size       a4 (default) or letter\n"
	       "  --procs-per-node n n processes per node\n"
	       "  --template file    page layout (default: %s)\n"
	       "%s"
	       "  -h, --help         show this help\n"
	       "  --version          show the version\n",
	       report_default_template(), trace_help);
}

static struct report_opts ro;
static const char *dbpath;
static char datebuf[32];

static int set_date(int64_t v)
{
	time_t t = (time_t)v;
	struct tm tm;

	if (!gmtime_r(&t, &tm))
		return -1;
	strftime(datebuf, sizeof(datebuf), "%Y-%m-%dT%H:%M:%S", &tm);
	ro.date = datebuf;
	return 0;
}

static int extra_opt(int opt, const char *arg)
{
	int y, mo, d, h = 0, mi = 0, se = 0;

	switch (opt) {
	case 'd':
		if (sscanf(arg, "%4d-%2d-%2dT%2d:%2d:%2d", &y, &mo, &d, &h, &mi,
			   &se) >= 3 &&
		    strlen(arg) >= 10 && arg[4] == '-') {
			snprintf(datebuf, sizeof(datebuf),
				 "%04d-%02d-%02dT%02d:%02d:%02d", y, mo, d, h,
				 mi, se);
			ro.date = datebuf;
			return 1;
		}
		{
			char *end;
			long long v = strtoll(arg, &end, 10);

			if (!*end && end != arg && set_date(v) == 0)
				return 1;
		}
		usage_error("--date wants YYYY-MM-DD[THH:MM:SS] or epoch "
			    "seconds, not '%s'",
			    arg);
		return -1;
	case 'f':
		if (!strcmp(arg, "pdf"))
			ro.format = REPORT_PDF;
		else if (!strcmp(arg, "svg"))
			ro.format = REPORT_SVG;
		else if (!strcmp(arg, "png"))
			ro.format = REPORT_PNG;
		else {
			usage_error("--format wants pdf, svg or png, not '%s'",
				    arg);
			return -1;
		}
		return 1;
	case 'p':
		if (!strcmp(arg, "a4"))
			ro.paper = PAPER_A4;
		else if (!strcmp(arg, "letter"))
			ro.paper = PAPER_LETTER;
		else {
			usage_error("--paper wants a4 or letter, not '%s'",
				    arg);
			return -1;
		}
		return 1;
	case 't': ro.template_path = arg; return 1;
	case 'D': dbpath = arg; return 1;
	}
	return 0;
}

int cmd_report(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"date", required_argument, NULL, 'd'},
		{"db", required_argument, NULL, 'D'},
		{"format", required_argument, NULL, 'f'},
		{"help", no_argument, NULL, 'h'},
		{"lenient", no_argument, NULL, OPT_LENIENT},
		{"merge-traces", no_argument, NULL, OPT_MERGE_TRACES},
		NODE_LONGOPTS,
		{"output", required_argument, NULL, 'o'},
		{"paper", required_argument, NULL, 'p'},
		{"rank-from", required_argument, NULL, OPT_RANK_FROM},
		{"template", required_argument, NULL, 't'},
		{"version", no_argument, NULL, OPT_VERSION},
		{NULL, 0, NULL, 0},
	};
	struct iol_error err = {0};
	struct popreport_ctxpage cp;
	struct iol_job *job;
	struct copts co;
	int r, i;

	memset(&ro, 0, sizeof(ro));
	dbpath = NULL;
	r = copts_start(&co, argc, argv, longopts, help, extra_opt, NULL, &i);
	if (r >= 0)
		return r;
	if (!co.outpath || !strcmp(co.outpath, "-"))
		return usage_error("--output names the file to write");
	if (argc - i != 1 && !co.merge_traces)
		return usage_error("one log, not %d", argc - i);
	if (load_job(&co, argc, argv, &i, &job) < 0)
		return EXIT_DATA;
	ro.m = co.m;
	if (dbpath) {
		cp.dbpath = dbpath;
		if (pop_context_of(dbpath, argv[i], job, &co.m, &cp.ctx) < 0) {
			iol_job_close(job);
			return EXIT_DATA;
		}
		ro.extra_page = popreport_context_page;
		ro.extra_arg = &cp;
	}
	/* reproducible by default: the job's own start */
	if (!ro.date)
		set_date(source_date(job->start_sec));
	r = report_write(job, co.outpath, &ro, &err);
	iol_job_close(job);
	report_cleanup();
	if (r < 0) {
		msg("%s", err.msg[0] ? err.msg : iol_strerror(r));
		return EXIT_DATA;
	}
	return EXIT_OK;
}
