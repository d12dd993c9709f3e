/*
 * libFuzzer harness: storage-device recordings (lib/storage), built three
 * times with DEVFMT naming the format the target keeps to: iostat -x -t
 * text, iostat -o JSON, /proc/diskstats snapshots.  Read strictly and
 * leniently, then binned and summed as `iolens iostat` does.
 */
#include "fuzz/fuzz.h"
#include "storage/devio.h"

#ifndef DEVFMT
#define DEVFMT fz_devfmt /* t/unit/fuzz-run.c: chosen at run time */
extern int fz_devfmt;
#endif

static void analyse(struct iol_devset *ds)
{
	struct iol_binned b;
	struct iol_devstats st;
	size_t row;
	double step;

	if (iol_devset_finish(ds, NULL) < 0)
		return;
	for (step = 0; step <= 13; step += 13) {
		if (iol_devset_bin(ds, step, &b, NULL) < 0)
			continue;
		for (row = 0; row <= b.ndev; row++) {
			if (iol_devstats_compute(&b, row, 0.05, 0.5, 0, &st) <
			    0)
				continue;
			iol_devstats_pct(&st, 99);
			iol_devstats_release(&st);
		}
		iol_binned_release(&b);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64];
	int fd, lenient;

	if (iol_devfmt_sniff((const char *)data, size) != DEVFMT)
		return 0; /* another target's format */
	fd = fz_file(data, size, path, sizeof(path));
	for (lenient = 0; lenient <= 1; lenient++) {
		struct iol_devset ds = {0};
		int fmt;

		if (iol_devset_read(&ds, path, lenient, &fmt, NULL) == 0)
			analyse(&ds);
		iol_devset_release(&ds);
	}
	close(fd);
	return 0;
}
