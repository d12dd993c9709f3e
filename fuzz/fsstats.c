/*
 * libFuzzer harness: fsstats snapshots (lib/storage/fssnap.c), read back
 * as `iolens fsstats --load` does and saved again.
 */
#include "fuzz/fuzz.h"
#include "storage/fswalk.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct iol_fsstats st;
	FILE *f = fmemopen((void *)data, size, "r");
	FILE *null;

	if (!f)
		return 0;
	if (iol_fs_load(f, &st, NULL) == 0 &&
	    (null = fopen("/dev/null", "w"))) {
		iol_fs_save(null, &st);
		fclose(null);
	}
	fclose(f);
	return 0;
}
