/*
 * iolens meta: what metadata cost a job — operation counts per module and
 * kind, metadata time per module and per rank, and the slowest rank's
 * metadata share (METRICS.md 6).
 */
#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/util.h"
#include "render/view-meta.h"
#include "base/banned.h"

static int meta_job(void *o, const char *name, struct iol_job *job)
{
	struct iol_meta mt;
	struct iol_error err = {0};

	if (iol_meta_compute(job, &mt, &err) < 0) {
		msg_ioerr(name, err.code, &err);
		return -1;
	}
	view_meta(o, name, job, &mt);
	iol_meta_free(&mt);
	return 0;
}

int cmd_meta(int argc, char **argv)
{
	struct copts co;
	struct out o;
	int rc, i;

	rc = cmd_start(&co, argc, argv, NULL, NULL, COPTS_COMMON, &o, &i);
	if (rc >= 0)
		return rc;
	view_meta_begin(&o);
	rc = cmd_each_job(&co.in, argc, argv, i, meta_job, &o);
	view_meta_end(&o);
	return cmd_out_close(&o, rc == EXIT_OK) < 0 ? EXIT_DATA : rc;
}
