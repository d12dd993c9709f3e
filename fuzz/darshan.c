/*
 * libFuzzer harness: Darshan logs.  The decoder on the buffer itself
 * (iol_dlog_open_mem), every module's records and DXT segments pulled as
 * `parse` does, then the same bytes loaded as a job and analysed.
 */
#include "fuzz/fuzz.h"
#include "sources/darshan.h"

static void modules(const struct iol_dlog *d)
{
	static struct iol_seg segs[256];
	struct iol_modrd rd;
	const struct iol_rec *rec;
	int mod, is_read;
	size_t pos = 0;
	uint64_t id;
	const char *name;

	while (iol_dlog_name_next(d, &pos, &id, &name))
		iol_dlog_mount_of(d, name);
	for (mod = 0; mod < IOL_MOD_MAX; mod++) {
		if (iol_modrd_open(&rd, d, mod, NULL) < 0)
			continue;
		while (iol_modrd_next(&rd, &rec, NULL) > 0)
			while (iol_modrd_segs(&rd, segs, 256, &is_read, NULL) >
			       0)
				;
		iol_modrd_close(&rd);
	}
	iol_dlog_runtime(d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct iol_dlog *d;
	struct iol_job *job;
	char path[64];
	int fd;

	if (iol_dlog_open_mem(&d, data, size, NULL) == 0) {
		modules(d);
		iol_dlog_close(d);
	}
	fd = fz_file(data, size, path, sizeof(path));
	if (iol_job_load(&job, path, NULL) == 0) {
		fz_analyse(job);
		iol_job_close(job);
	}
	close(fd);
	return 0;
}
