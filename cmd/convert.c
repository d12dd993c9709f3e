/*
 * iolens convert: system-call or Iota traces into a Darshan 3.41 log, so
 * that every Darshan tool can read what the trace saw.  All the traces
 * given are one job (a rank per file, or per process with --rank-from).
 */
#include "cmd/commands.h"
#include "cmd/common.h"
#include "render/darshan-write.h"
#include "sources/trace.h"
#include "cmd/util.h"
#include "base/banned.h"

int cmd_convert(int argc, char **argv)
{
	struct iol_trace_opts to;
	struct iol_error err = {0};
	struct iol_job *job;
	struct copts co;
	int r, first;

	r = cmd_start(&co, argc, argv, NULL, NULL,
		      COPT_OUTPUT | COPT_LENIENT | COPT_RANK_FROM, NULL,
		      &first);
	if (r >= 0)
		return r;
	if (!co.outpath)
		return usage_error("--output names the log to write");
	for (r = first; r < argc; r++)
		if (iol_is_darshan_file(argv[r])) {
			msg("'%s' is already a Darshan log: convert reads "
			    "strace or Iota traces",
			    argv[r]);
			return EXIT_DATA;
		}
	to.rank_from = co.in.rank_from;
	to.lenient = co.in.lenient;
	r = iol_job_load_strace(&job, (const char *const *)argv + first,
				argc - first, &to, &err);
	if (r < 0) {
		msg_ioerr(argv[first], r, &err);
		return EXIT_DATA;
	}
	if (job->skipped)
		msg("warning: %llu unparsable lines skipped",
		    (unsigned long long)job->skipped);
	r = iol_darshan_write(job, co.outpath, &err);
	iol_job_close(job);
	if (r < 0)
		return cmd_fail(r, &err, NULL);
	return EXIT_OK;
}
