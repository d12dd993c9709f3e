/*
 * sync-cost: IOL-FSYNC's stake on in-memory jobs (t/7476, issue 34,
 * round 39): the syncs' own cost beyond flushing the same bytes once.
 *
 *   sync-cost calls     one process, 4 MiB in 1024 writes of 4 KiB with
 *                       an fsync each, 3 s of write time: the syncs are
 *                       the cost (4 MiB at 32 MiB/s flush in 0.125 s)
 *   sync-cost paced     the same and a 64 MiB record synced once in 0.2 s
 *                       (320 MiB/s: the job's own flush pace)
 *   sync-cost bytes     four processes, 48 MiB each in 192 writes of 256
 *                       KiB with an fsync each, 3.84 s a process: 192
 *                       MiB at 50 MiB/s, the bytes' flush, not the syncs
 *   sync-cost site      calls under full_rate_mibs = 1
 *
 * Prints each rule's code, severity, stake and detail, tab-separated.
 */
#include <stdio.h>
#include <string.h>

#include "analysis/triage.h"
#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "t/unit/memtriage.h"
#include "base/banned.h"

#define NR 4
static const char *names[NR] = {"/scratch/u/ck.0", "/scratch/u/ck.1",
				"/scratch/u/ck.2", "/scratch/u/ck.3"};
static struct iol_jrec prec[NR];
static int64_t pic[NR][IOL_POSIX_NINT];
static double pfc[NR][IOL_POSIX_NFLT];

/* record k: rank's file k, writes of size bytes, syncs fsyncs, t s */
static void synced(int k, int64_t rank, int64_t writes, int64_t size,
		   int64_t syncs, double t)
{
	memjob_rec(&prec[k], (uint64_t)k + 1, rank, pic[k], pfc[k]);
	pic[k][POSIX_OPENS] = 1;
	pic[k][POSIX_WRITES] = writes;
	pic[k][POSIX_FSYNCS] = syncs;
	pic[k][POSIX_BYTES_WRITTEN] = writes * size;
	pic[k][POSIX_MAX_BYTE_WRITTEN] = writes * size - 1;
	pic[k][POSIX_SEQ_WRITES] = pic[k][POSIX_CONSEC_WRITES] = writes - 1;
	pic[k][POSIX_ACCESS1_ACCESS] = size;
	pic[k][POSIX_ACCESS1_COUNT] = writes;
	pic[k][size <= 4096	? POSIX_SIZE_WRITE_1K_10K
	       : size < 1048576 ? POSIX_SIZE_WRITE_100K_1M
				: POSIX_SIZE_WRITE_1M_4M] = writes;
	pfc[k][POSIX_F_WRITE_TIME] = t;
	pfc[k][POSIX_F_META_TIME] = 0.001;
}

int main(int argc, char **argv)
{
	const char *m = argc > 1 ? argv[1] : "calls";
	struct iol_job job;
	size_t n = 1;
	int k;

	memjob_init(&job, names, NR, 1);
	if (!strcmp(m, "bytes")) {
		for (k = 0; k < NR; k++)
			synced(k, k, 192, 262144, 192, 3.84);
		n = NR;
		job.nprocs = NR;
		job.run_time = 8.2;
	} else {
		synced(0, 0, 1024, 4096, 1024, 3.0);
		job.run_time = 3.4;
	}
	if (!strcmp(m, "paced")) {
		synced(1, 0, 64, 1048576, 1, 0.2);
		n = 2;
	}
	memjob_mod(&job, IOL_MOD_POSIX, prec, n);
	return memjob_triage_print_conf(
		"sync-cost", &job,
		!strcmp(m, "site")    ? "full_rate_mibs = 1\n"
		: !strcmp(m, "bytes") ? "fsync_flush_mibs = 32\n"
				      : NULL);
}
