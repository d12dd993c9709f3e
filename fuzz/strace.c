/*
 * libFuzzer harness: strace output (lib/sources/strace-*.c) loaded as a
 * job, strictly and with --lenient, then analysed.
 */
#include "fuzz/fuzz.h"
#include "sources/trace.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64];
	const char *paths[1] = {path};
	int fd = fz_file(data, size, path, sizeof(path));
	int lenient;

	for (lenient = 0; lenient <= 1; lenient++) {
		struct iol_trace_opts o = {IOL_RANK_FROM_PID, lenient};
		struct iol_job *job;

		if (iol_job_load_strace(&job, paths, 1, &o, NULL) == 0) {
			fz_analyse(job);
			iol_job_close(job);
		}
	}
	close(fd);
	return 0;
}
