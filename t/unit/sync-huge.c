/*
 * sync-huge: iol_trifacts_synced_stdio() (trisync.c) on a damaged log's
 * counters (t/6167): POSIX records that sync and write nothing, of
 * fsync and fdatasync counts near INT64_MAX, beside STDIO records that
 * write the same two shared files, in a job of INT64_MAX processes.
 * The syncs' sum overflowed (a record syncing INT64_MAX + 1 times was
 * taken for one that never syncs) and so did the records counted one a
 * process.  Prints "writes records".
 *
 *   sync-huge
 */
#include <stdint.h>
#include <stdio.h>

#include "analysis/trifacts.h"
#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "base/banned.h"

static struct iol_jrec prec[2], srec[2];
static int64_t pic[2][IOL_POSIX_NINT], sic[2][IOL_STDIO_NINT];
static double pfc[2][IOL_POSIX_NFLT], sfc[2][IOL_STDIO_NFLT];

int main(void)
{
	struct iol_job job;
	struct iol_trifacts tf;
	int i;

	memjob_init(&job, NULL, 0, INT64_MAX);
	for (i = 0; i < 2; i++) {
		memjob_rec(&prec[i], (uint64_t)i + 1, -1, pic[i], pfc[i]);
		pic[i][POSIX_FSYNCS] = INT64_MAX;
		pic[i][POSIX_FDSYNCS] = 1;
		memjob_rec(&srec[i], (uint64_t)i + 1, -1, sic[i], sfc[i]);
		sic[i][STDIO_WRITES] = 100;
	}
	memjob_mod(&job, IOL_MOD_POSIX, prec, 2);
	memjob_mod(&job, IOL_MOD_STDIO, srec, 2);
	if (iol_trifacts_synced_stdio(&job, &tf) < 0)
		return 1;
	printf("%lld %lld\n", (long long)tf.stdio_synced_writes,
	       (long long)tf.stdio_synced_recs);
	return 0;
}
