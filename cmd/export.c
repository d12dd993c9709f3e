/*
 * iolens export: the job (or several jobs) as an XLSX workbook for
 * spreadsheets: summary, files, ranks, histograms, timeline and native
 * charts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "render/xlsx.h"
#include "cmd/util.h"
#include "base/banned.h"

/* --date: seconds since the epoch, -1 not given */
static int extra_opt(void *ctx, int opt, const char *arg)
{
	long long *date_opt = ctx;
	char *end;

	if (opt != 'd')
		return 0;
	*date_opt = strtoll(arg, &end, 10);
	if (*end || end == arg || *date_opt < 0) {
		usage_error("--date wants seconds since the epoch, not '%s'",
			    arg);
		return -1;
	}
	return 1;
}

int cmd_export(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"date", required_argument, NULL, 'd'},
		{"help", no_argument, NULL, 'h'},
		{"lenient", no_argument, NULL, OPT_LENIENT},
		{"merge-traces", no_argument, NULL, OPT_MERGE_TRACES},
		NODE_LONGOPTS,
		{"output", required_argument, NULL, 'o'},
		{"rank-from", required_argument, NULL, OPT_RANK_FROM},
		{"version", no_argument, NULL, OPT_VERSION},
		{NULL, 0, NULL, 0},
	};
	struct iol_job **jobs;
	struct iol_error err = {0};
	struct iol_inputs in;
	struct copts co;
	int r, i, n = 0, rc = EXIT_OK, first;
	time_t created;
	long long date_opt = -1;

	r = copts_start(&co, argc, argv, longopts, extra_opt, &date_opt, NULL,
			&first);
	if (r >= 0)
		return r;
	if (!co.outpath || !strcmp(co.outpath, "-"))
		return usage_error("--output names the workbook to write");
	/* a directory stands for the logs in it */
	if (cmd_inputs(&co, argc, argv, first, &in) < 0)
		rc = EXIT_DATA;
	if (!in.n) {
		iol_inputs_release(&in);
		return EXIT_DATA;
	}
	jobs = xcalloc(in.n, sizeof(*jobs));
	for (size_t k = 0; k < in.n; k++) {
		if (cmd_load(&co, &in.v[k], &jobs[n]) < 0) {
			rc = EXIT_DATA;
			continue;
		}
		n++;
	}
	iol_inputs_release(&in);
	if (rc == EXIT_OK) {
		created =
			(time_t)(date_opt >= 0
					 ? date_opt
					 : iol_source_date(jobs[0]->start_sec));
		if (xlsx_write(jobs, n, co.outpath, &co.m, created, &err) < 0) {
			msg("%s",
			    err.msg[0] ? err.msg : iol_strerror(err.code));
			rc = EXIT_DATA;
		}
	}
	for (i = 0; i < n; i++)
		iol_job_close(jobs[i]);
	free(jobs);
	return rc;
}
