/*
 * iolens hist: access-size histograms (Darshan's ten bins) of reads and
 * writes, for the job and per module, with the most common access sizes.
 * Text draws bars; machine formats give one row per module, op and bin.
 */
#include <stdio.h>
#include <string.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/util.h"
#include "render/view-hist.h"
#include "base/banned.h"

int cmd_hist(int argc, char **argv)
{
	static const struct option longopts[] = {COMMON_LONGOPTS,
						 {NULL, 0, NULL, 0}};
	struct iol_inputs in;
	struct copts co;
	struct out o;
	struct iol_hist h[IOL_MOD_KNOWN + 1];
	int rc, i;

	rc = copts_start(&co, argc, argv, longopts, NULL, NULL, &o, &i);
	if (rc >= 0)
		return rc;
	/* a directory stands for the logs in it */
	rc = cmd_inputs(&co, argc, argv, i, &in) < 0 ? EXIT_DATA : EXIT_OK;
	view_hist_begin(&o);
	for (size_t j = 0; j < in.n; j++) {
		struct iol_job *job;
		size_t n;

		if (cmd_load(&co, &in.v[j], &job) < 0) {
			rc = EXIT_DATA;
			continue;
		}
		n = iol_hist_compute(job, h, IOL_MOD_KNOWN + 1);
		view_hist(&o, in.v[j].name, h, n);
		iol_job_close(job);
	}
	iol_inputs_release(&in);
	view_hist_end(&o);
	if (out_close(&o, rc == EXIT_OK) < 0) {
		msg("%s", o.err.msg);
		rc = EXIT_DATA;
	}
	return rc;
}
