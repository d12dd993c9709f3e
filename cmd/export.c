/*
 * iolens export: the job (or several jobs) as an XLSX workbook for
 * spreadsheets: summary, files, ranks, histograms, timeline and native
 * charts.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "render/xlsx.h"
#include "cmd/util.h"
#include "base/banned.h"

/* --date: seconds since the epoch, -1 not given */
static const struct cmd_opt options[] = {
	{"date", CO_COUNT | CO_ZERO, .off = 0, "seconds since the epoch"},
	CO_END,
};

int cmd_export(int argc, char **argv)
{
	struct iol_job **jobs;
	struct iol_error err = {0};
	struct iol_inputs in;
	struct copts co;
	int r, i, n = 0, rc = EXIT_OK, first;
	time_t created;
	int64_t date_opt = -1;

	r = cmd_start(&co, argc, argv, options, &date_opt,
		      COPTS_TRACES | COPT_OUTPUT | COPT_NODES, NULL, &first);
	if (r >= 0)
		return r;
	if (!co.outpath || !strcmp(co.outpath, "-"))
		return usage_error("--output names the workbook to write");
	/* a directory stands for the logs in it */
	if (cmd_inputs(&co.in, argc, argv, first, &in) < 0)
		rc = EXIT_DATA;
	if (!in.n) {
		iol_inputs_release(&in);
		return EXIT_DATA;
	}
	jobs = xcalloc(in.n, sizeof(*jobs));
	for (size_t k = 0; k < in.n; k++) {
		if (cmd_load(&co.in, &in.v[k], &jobs[n]) < 0) {
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
		if (xlsx_write(jobs, n, co.outpath, &co.m, created, &err) < 0)
			rc = cmd_fail(err.code, &err, NULL);
	}
	for (i = 0; i < n; i++)
		iol_job_close(jobs[i]);
	free(jobs);
	return rc;
}
