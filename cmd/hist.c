/*
 * iolens hist: access-size histograms (Darshan's ten bins) of reads and
 * writes, for the job and per module, with the most common access sizes.
 * Text draws bars; machine formats give one row per module, op and bin.
 */
#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/util.h"
#include "render/view-hist.h"
#include "base/banned.h"

static int hist_job(void *o, const char *name, struct iol_job *job)
{
	struct iol_hist h[IOL_MOD_KNOWN + 1];
	size_t n = iol_hist_compute(job, h, IOL_MOD_KNOWN + 1);

	view_hist(o, name, h, n);
	return 0;
}

int cmd_hist(int argc, char **argv)
{
	struct copts co;
	struct out o;
	int rc, i;

	rc = cmd_start(&co, argc, argv, NULL, NULL, COPTS_COMMON, &o, &i);
	if (rc >= 0)
		return rc;
	view_hist_begin(&o);
	rc = cmd_each_job(&co.in, argc, argv, i, hist_job, &o);
	view_hist_end(&o);
	return cmd_out_close(&o, rc == EXIT_OK) < 0 ? EXIT_DATA : rc;
}
