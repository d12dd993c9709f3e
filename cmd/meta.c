/*
 * iolens meta: what metadata cost a job — operation counts per module and
 * kind, metadata time per module and per rank, and the slowest rank's
 * metadata share (METRICS.md 6).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/util.h"
#include "render/view-meta.h"
#include "base/banned.h"

int cmd_meta(int argc, char **argv)
{
	static const struct option longopts[] = {COMMON_LONGOPTS,
						 {NULL, 0, NULL, 0}};
	struct iol_inputs in;
	struct copts co;
	struct out o;
	int rc, i;

	rc = copts_start(&co, argc, argv, longopts, NULL, NULL, &o, &i);
	if (rc >= 0)
		return rc;
	/* a directory stands for the logs in it */
	rc = cmd_inputs(&co, argc, argv, i, &in) < 0 ? EXIT_DATA : EXIT_OK;
	view_meta_begin(&o);
	for (size_t j = 0; j < in.n; j++) {
		struct iol_job *job;
		struct iol_meta mt;
		struct iol_error err = {0};

		if (cmd_load(&co, &in.v[j], &job) < 0) {
			rc = EXIT_DATA;
			continue;
		}
		if (iol_meta_compute(job, &mt, &err) < 0) {
			msg_ioerr(in.v[j].name, err.code, &err);
			iol_job_close(job);
			rc = EXIT_DATA;
			continue;
		}
		view_meta(&o, in.v[j].name, job, &mt);
		iol_meta_free(&mt);
		iol_job_close(job);
	}
	iol_inputs_release(&in);
	view_meta_end(&o);
	if (out_close(&o, rc == EXIT_OK) < 0) {
		msg("%s", o.err.msg);
		rc = EXIT_DATA;
	}
	return rc;
}
