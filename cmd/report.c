/*
 * iolens report: the multi-page job report as PDF (or SVG/PNG pages),
 * laid out by a template from report-templates/.
 */
#define _POSIX_C_SOURCE 200809L
#include <stddef.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "render/report.h"
#include "render/gfx.h"
#include "render/popreport.h"
#include "cmd/popcommon.h"
#include "population/popctx.h"
#include "cmd/util.h"
#include "render/view-report.h"
#include "base/banned.h"

/* the report's options, the storage of its --date and the store of --db */
struct ropts {
	struct report_opts ro;
	char datebuf[32];
	const char *dbpath;
	struct cmd_list recs;	/* --iostat */
	struct cmd_list fsrecs; /* --fsload */
	struct cmd_list excl;	/* --exclude */
	int no_defaults;
};

static int set_date(struct ropts *r, int64_t v)
{
	if (view_report_date(r->datebuf, sizeof r->datebuf, v) < 0)
		return -1;
	r->ro.date = r->datebuf;
	return 0;
}

static int date(void *base, const char *arg)
{
	struct ropts *r = base;

	if (view_report_date_parse(r->datebuf, sizeof r->datebuf, arg))
		return -1;
	r->ro.date = r->datebuf;
	return 0;
}

#define AT(m) .off = offsetof(struct ropts, m)
static const struct cmd_opt options[] = {
	{"date", CO_CALL, .fn = date,
	 .want = "YYYY-MM-DD[THH:MM:SS] or epoch seconds"},
	{"db", CO_STR, AT(dbpath)},
	{"exclude", CO_LIST, AT(excl), "at most %d --exclude patterns",
	 .hi = IOL_EXCL_MAX / 2},
	{"fsload", CO_LIST, AT(fsrecs), "at most %d recordings", .hi = 64},
	{"iostat", CO_LIST, AT(recs), "at most %d recordings", .hi = 64},
	{"no-default-excludes", CO_FLAG, AT(no_defaults)},
	{"paper", CO_WORD, AT(ro.paper), "a4|letter"},
	{"template", CO_STR, AT(ro.template_path)},
	CO_END,
};

/* The report of one job into outpath; an exit status. */
static int one_report(struct ropts *ro, const struct copts *co,
		      struct iol_job *job, const char *log, const char *outpath)
{
	struct iol_error err = {0};
	struct popreport_ctxpage cp = {0};
	struct ropts r = *ro;
	int ret, stage;

	iol_gfx_prefetch_wait();
	r.ro.m = co->m;
	if (r.dbpath) {
		cp.dbpath = r.dbpath;
		ret = iol_pop_context_of(r.dbpath, log, job, &co->m, &cp.ctx,
					 &stage, &err);
		if (ret < 0) {
			msg_popctx(r.dbpath, log, ret, stage, &err);
			return EXIT_DATA;
		}
		if (r.recs.n && pop_weather_job(r.recs.v, r.recs.n, job, &co->m,
						&cp.weather) < 0)
			return EXIT_DATA;
		cp.has_weather = r.recs.n > 0;
		ret = pop_fsweather_log(r.fsrecs.v, r.fsrecs.n, r.dbpath, log,
					job, &co->m, &cp.fsweather);
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
	if (ret < 0)
		return cmd_fail(ret, &err, NULL);
	return EXIT_OK;
}

/* several logs: a report each into the directory -o names */
static int many_reports(struct ropts *ro, const struct copts *co,
			const struct iol_inputs *in)
{
	struct view_report_files made = {NULL, 0};
	char path[4096];
	int rc = EXIT_OK, r;

	for (size_t j = 0; j < in->n; j++) {
		const char *name = in->v[j].name;
		struct iol_job *job;

		if (cmd_load(&co->in, &in->v[j], &job) < 0) {
			rc = EXIT_DATA;
			continue;
		}
		r = view_report_file_claim(&made, path, sizeof(path),
					   co->outpath, name, ro->ro.format);
		if (r < 0)
			msg("out of memory");
		else if (r > 0)
			msg("'%s' and an earlier log both make '%s': not "
			    "overwritten",
			    name, path);
		if (r != 0 || one_report(ro, co, job, name, path) != EXIT_OK)
			rc = EXIT_DATA;
		iol_job_close(job);
	}
	view_report_files_free(&made);
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
	bad = cmd_inputs(&co->in, argc, argv, i, &in) < 0;
	if ((argc - i > 1 || in.n > 1) && !co->in.merge_traces &&
	    stat(co->outpath, &sb) == 0 && S_ISDIR(sb.st_mode))
		r = many_reports(ro, co, &in);
	else if (!in.n || cmd_load(&co->in, &in.v[0], &job) < 0)
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
	struct copts co;
	struct ropts ro;
	struct iol_error err = {0};
	struct iol_excl ex;
	int r, i;

	memset(&ro, 0, sizeof(ro));
	r = cmd_start(&co, argc, argv, options, &ro,
		      COPTS_OUT | COPTS_TRACES | COPT_NODES, NULL, &i);
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
	if ((ro.recs.n || ro.fsrecs.n) && !ro.dbpath)
		return usage_error("--%s goes with --db",
				   ro.recs.n ? "iostat" : "fsload");
	if (iol_excl_build(&ex, !ro.no_defaults, ro.excl.v, ro.excl.n, &err) <
	    0)
		return usage_error("%s", err.msg);
	ro.ro.excl = &ex;
	xheap_reuse(); /* the heat bins, inflated regions, the matrix */
	iol_gfx_prefetch();
	r = reports(&ro, &co, argc, argv, i);
	iol_gfx_prefetch_wait();
	iol_excl_free(&ex);
	report_cleanup();
	return r;
}
