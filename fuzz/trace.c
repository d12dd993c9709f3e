/*
 * libFuzzer harness: any input through the source registry, as `iolens
 * summary FILE` loads it (seeded with Iota traces, so it reaches the Iota
 * reader, lib/sources/iota.c), strictly and with --lenient, then analysed.
 */
#include "fuzz/fuzz.h"
#include "sources/trace.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64];
	int fd = fz_file(data, size, path, sizeof(path));
	int lenient;

	for (lenient = 0; lenient <= 1; lenient++) {
		struct iol_trace_opts o = {IOL_RANK_FROM_FILE, lenient};
		struct iol_job *job;

		if (iol_job_load_opts(&job, path, &o, NULL) == 0) {
			fz_analyse(job);
			iol_job_close(job);
		}
	}
	close(fd);
	return 0;
}
