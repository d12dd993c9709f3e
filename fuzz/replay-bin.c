/*
 * libFuzzer harness: the compiled form of replay scripts
 * (lib/replay/compile.c), a cache file `iolens replay` trusts only after
 * checking it.  The digest the loader wants is taken from the input's
 * own header (offset 16), so mutations reach the tables and chunks; every
 * rank's events are then read through a cursor.
 */
#include "fuzz/fuzz.h" /* first: it asks for _GNU_SOURCE */

#include <string.h>

#include "replay/compile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct iol_rbin b;
	const struct iol_rev *ev;
	uint64_t digest = 0;
	char path[64];
	size_t r;
	int fd;

	if (size >= 24)
		memcpy(&digest, data + 16, sizeof(digest));
	fd = fz_file(data, size, path, sizeof(path));
	if (iol_rbin_load(&b, path, digest, NULL) == 0) {
		for (r = 0; r < b.s.nrank; r++) {
			struct iol_rcursor c;

			if (iol_rcursor_open(&c, &b, r, path, NULL) < 0)
				continue;
			while (iol_rcursor_next(&c, &ev) > 0)
				;
			iol_rcursor_release(&c);
		}
		iol_rbin_release(&b);
	}
	close(fd);
	return 0;
}
