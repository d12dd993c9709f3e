/*
 * iolens report: the multi-page job report as PDF (or SVG/PNG pages),
 * laid out by a template from report-templates/.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <sys/stat.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "render/report.h"
#include "render/popreport.h"
#include "cmd/popcommon.h"
#include "cmd/util.h"
#include "render/view-report.h"
#include "base/banned.h"

/* the report's options, the storage of its --date and the store of --db */
struct ropts {
	struct report_opts ro;
	char datebuf[32];
	const char *dbpath;
	const char *recs[64]; /* --iostat */
	int nrecs;
	const char *fsrecs[64]; /* --fsload */
	int nfsrecs;
	const char *excl[IOL_EXCL_MAX]; /* --exclude */
	int nexcl, no_defaults;
};

static int set_date(struct ropts *r, int64_t v)
{
	if (view_report_date(r->datebuf, sizeof r->datebuf, v) < 0)
		return -1;
	r->ro.date = r->datebuf;
	return 0;
}

static int extra_opt(void *ctx, int opt, const char *arg)
{
	struct ropts *r = ctx;

	switch (opt) {
	case 'd':
		if (view_report_date_parse(r->datebuf, sizeof r->datebuf,
					   arg) == 0) {
			r->ro.date = r->datebuf;
			return 1;
		}
		usage_error("--date wants YYYY-MM-DD[THH:MM:SS] or epoch "
			    "seconds, not '%s'",
			    arg);
		return -1;
	case 'p':
		if (!strcmp(arg, "a4"))
			r->ro.paper = PAPER_A4;
		else if (!strcmp(arg, "letter"))
			r->ro.paper = PAPER_LETTER;
		else {
			usage_error("--paper wants a4 or letter, not '%s'",
				    arg);
			return -1;
		}
		return 1;
	case 't': r->ro.template_path = arg; return 1;
	case 'x':
		if (r->nexcl == IOL_EXCL_MAX / 2) {
			usage_error("at most %d --exclude patterns",
				    IOL_EXCL_MAX / 2);
			return -1;
		}
		r->excl[r->nexcl++] = arg;
		return 1;
	case 'N': r->no_defaults = 1; return 1;
	case 'D': r->dbpath = arg; return 1;
	case 'I':
		if (r->nrecs == 64) {
			usage_error("at most 64 recordings");
			return -1;
		}
		r->recs[r->nrecs++] = arg;
		return 1;
	case 'F':
		if (r->nfsrecs == 64) {
			usage_error("at most 64 recordings");
			return -1;
		}
		r->fsrecs[r->nfsrecs++] = arg;
		return 1;
	}
	return 0;
}

/* The report of one job into outpath; an exit status. */
static int one_report(struct ropts *ro, const struct copts *co,
		      struct iol_job *job, const char *log, const char *outpath)
{
	struct iol_error err = {0};
	struct popreport_ctxpage cp = {0};
	struct ropts r = *ro;
	int ret;

	r.ro.m = co->m;
	if (r.dbpath) {
		cp.dbpath = r.dbpath;
		if (pop_context_of(r.dbpath, log, job, &co->m, &cp.ctx) < 0)
			return EXIT_DATA;
		if (r.nrecs && pop_weather_job(r.recs, r.nrecs, job, &co->m,
					       &cp.weather) < 0)
			return EXIT_DATA;
		cp.has_weather = r.nrecs > 0;
		ret = pop_fsweather_log(r.fsrecs, r.nfsrecs, r.dbpath, log, job,
					&co->m, &cp.fsweather);
		if (ret < 0)
			return EXIT_DATA;
		cp.has_fsweather = ret == 0;
		r.ro.extra_page = popreport_context_page;
		r.ro.extra_arg = &cp;
	}
	/* reproducible by default: the job's own start */
	if (!r.ro.date)
		set_date(&r, iol_source_date(job->start_sec));
	ret = report_write(job, outpath, &r.ro, &err);
	if (ret < 0) {
		msg("%s", err.msg[0] ? err.msg : iol_strerror(ret));
		return EXIT_DATA;
	}
	return EXIT_OK;
}

/* several logs: a report each into the directory -o names */
static int many_reports(struct ropts *ro, const struct copts *co,
			const struct iol_inputs *in)
{
	char path[4096], **done = xcalloc(in->n, sizeof(*done));
	int rc = EXIT_OK, nd = 0, k;

	for (size_t j = 0; j < in->n; j++) {
		const char *name = in->v[j].name;
		struct iol_job *job;

		if (cmd_load(co, &in->v[j], &job) < 0) {
			rc = EXIT_DATA;
			continue;
		}
		view_report_file_name(path, sizeof(path), co->outpath, name,
				      ro->ro.format);
		for (k = 0; k < nd && strcmp(done[k], path); k++)
			;
		if (k < nd) {
			msg("'%s' and an earlier log both make '%s': not "
			    "overwritten",
			    name, path);
			rc = EXIT_DATA;
		} else {
			done[nd++] = xstrdup(path);
			if (one_report(ro, co, job, name, path) != EXIT_OK)
				rc = EXIT_DATA;
		}
		iol_job_close(job);
	}
	for (k = 0; k < nd; k++)
		free(done[k]);
	free(done);
	return rc;
}

/* Every report the arguments ask for: an exit status. */
static int reports(struct ropts *ro, struct copts *co, int argc, char **argv,
		   int i)
{
	struct iol_inputs in;
	struct iol_job *job;
	struct stat sb;
	int r, bad;

	/* a directory stands for the logs in it; several logs (not one
	 * job's traces) make a report each in the directory -o names */
	bad = cmd_inputs(co, argc, argv, i, &in) < 0;
	if ((argc - i > 1 || in.n > 1) && !co->merge_traces &&
	    stat(co->outpath, &sb) == 0 && S_ISDIR(sb.st_mode))
		r = many_reports(ro, co, &in);
	else if (!in.n || cmd_load(co, &in.v[0], &job) < 0)
		r = EXIT_DATA;
	else if (in.n > 1) {
		iol_job_close(job);
		r = usage_error("several logs: --output names an existing "
				"directory to write a report each in");
	} else {
		r = one_report(ro, co, job, in.v[0].name, co->outpath);
		iol_job_close(job);
	}
	iol_inputs_release(&in);
	return r != EXIT_OK || bad ? (r == EXIT_USAGE ? r : EXIT_DATA)
				   : EXIT_OK;
}

int cmd_report(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"date", required_argument, NULL, 'd'},
		{"db", required_argument, NULL, 'D'},
		{"exclude", required_argument, NULL, 'x'},
		{"format", required_argument, NULL, OPT_FORMAT},
		{"fsload", required_argument, NULL, 'F'},
		{"help", no_argument, NULL, 'h'},
		{"iostat", required_argument, NULL, 'I'},
		{"lenient", no_argument, NULL, OPT_LENIENT},
		{"merge-traces", no_argument, NULL, OPT_MERGE_TRACES},
		{"no-default-excludes", no_argument, NULL, 'N'},
		NODE_LONGOPTS,
		{"output", required_argument, NULL, 'o'},
		{"paper", required_argument, NULL, 'p'},
		{"rank-from", required_argument, NULL, OPT_RANK_FROM},
		{"template", required_argument, NULL, 't'},
		{"version", no_argument, NULL, OPT_VERSION},
		{NULL, 0, NULL, 0},
	};
	struct copts co;
	struct ropts ro;
	struct iol_error err = {0};
	struct iol_excl ex;
	int r, i;

	memset(&ro, 0, sizeof(ro));
	r = copts_start(&co, argc, argv, longopts, extra_opt, &ro, NULL, &i);
	if (r >= 0)
		return r;
	if (!co.outpath || !strcmp(co.outpath, "-"))
		return usage_error("--output names the file to write");
	/* one self-contained page, by the server module (serve/export.c) */
	if (co.outf == OUTF_HTML ||
	    (strlen(co.outpath) > 4 &&
	     !strcasecmp(co.outpath + strlen(co.outpath) - 4, ".htm"))) {
		if (argc - i != 1)
			return usage_error("html: one log, one file");
		return serve_report_html(argv[i], co.outpath);
	}
	/* --format, else the extension of -o (copts_choose) */
	ro.ro.format = co.outf == OUTF_SVG   ? REPORT_SVG
		       : co.outf == OUTF_PNG ? REPORT_PNG
					     : REPORT_PDF;
	if (ro.nrecs && !ro.dbpath)
		return usage_error("--iostat goes with --db");
	if (ro.nfsrecs && !ro.dbpath)
		return usage_error("--fsload goes with --db");
	if (iol_excl_build(&ex, !ro.no_defaults, ro.excl, ro.nexcl, &err) < 0)
		return usage_error("%s", err.msg);
	ro.ro.excl = &ex;
	r = reports(&ro, &co, argc, argv, i);
	iol_excl_free(&ex);
	report_cleanup();
	return r;
}
