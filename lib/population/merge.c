/*
 * Stores merged into one (store.h, iolens merge-db): the shards in the
 * order given after the output's own rows, so the first to hold a log
 * keeps its row.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <unistd.h>

#include "population/fsstore.h"
#include "population/store.h"
#include "base/banned.h"

/* Every shard there and readable before the output is touched. */
static int shards_readable(int n, char *const *shards, int *bad,
			   struct iol_error *err)
{
	for (int i = 0; i < n; i++)
		if (!iol_store_is_url(shards[i]) &&
		    access(shards[i], R_OK) < 0) {
			int sys = errno;

			*bad = i;
			iol_error_set(err, IOL_EIO, "%s", "");
			if (err)
				err->sys = sys;
			return IOL_EIO;
		}
	return 0;
}

int iol_store_merge_all(const char *out, int n, char *const *shards,
			int64_t *total, struct iol_fsmerged *fs, int *stage,
			int *bad, struct iol_error *err)
{
	struct iol_error scratch = {0};
	struct iol_store *st;
	int64_t added;
	int i, rc, rc2;

	*total = 0;
	*bad = -1;
	*fs = (struct iol_fsmerged){0};
	fs->shard = -1;
	*stage = IOL_MERGE_SHARD_OPEN;
	if ((rc = shards_readable(n, shards, bad, err)) < 0)
		return rc;
	*stage = IOL_MERGE_OUT_OPEN;
	if ((rc = iol_store_open(&st, out, err)) < 0)
		return rc;
	*stage = IOL_MERGE_SHARD;
	for (i = 0; i < n && rc == 0; i++) {
		added = 0;
		if ((rc = iol_store_merge(st, shards[i], &added, fs, err)) < 0)
			*bad = i;
		if (fs->skipped && fs->shard < 0)
			fs->shard = i;
		*total += added;
	}
	/* a merge's failure is the one to say, not the close's after it */
	rc2 = iol_store_close(st, rc < 0 ? &scratch : err);
	if (rc == 0 && rc2 < 0) {
		*stage = IOL_MERGE_OUT_CLOSE;
		rc = rc2;
	}
	return rc;
}
