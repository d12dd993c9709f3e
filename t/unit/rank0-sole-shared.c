/*
 * rank0-sole-shared: triage of an in-memory job whose one shared POSIX
 * record (rank -1: every rank opened the file) one rank moved (issue 34,
 * round 49): 4 ranks, a 10 s run, 1 GiB written in 1024 writes of 1 MiB,
 * 8 s, by the rank argv[1] names (its slowest rank's bytes all the
 * record's, the fastest rank's none), no per-rank record.  Mode
 * "spread": the same file, the fastest rank moving a quarter of the
 * bytes: no one rank's I/O.  Prints each rule's code, severity, stake
 * and detail, tab-separated.
 *
 *   rank0-sole-shared RANK|spread
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/triage.h"
#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "t/unit/memtriage.h"
#include "base/banned.h"

static const char *names[1] = {"/scratch/u/out/shared.dat"};
static struct iol_jrec rec[1];
static int64_t ic[IOL_POSIX_NINT];
static double fc[IOL_POSIX_NFLT];

int main(int argc, char **argv)
{
	struct iol_job job;
	const char *mode = argc > 1 ? argv[1] : "0";
	int spread = !strcmp(mode, "spread");
	char *end;
	long k = spread ? 1 : strtol(mode, &end, 10);

	if (!spread && (*end || k < 0 || k > 3)) {
		fprintf(stderr, "rank0-sole-shared: unknown mode %s\n", mode);
		return 2;
	}
	memjob_init(&job, names, 1, 4);
	memjob_rec(&rec[0], 1, -1, ic, fc);
	ic[POSIX_OPENS] = 4;
	ic[POSIX_WRITES] = 1024;
	ic[POSIX_SIZE_WRITE_1M_4M] = 1024;
	ic[POSIX_BYTES_WRITTEN] = 1073741824;
	ic[POSIX_MAX_BYTE_WRITTEN] = 1073741823;
	ic[POSIX_MAX_BYTE_READ] = -1;
	ic[POSIX_SEQ_WRITES] = ic[POSIX_CONSEC_WRITES] = 1023;
	ic[POSIX_SLOWEST_RANK] = k;
	ic[POSIX_SLOWEST_RANK_BYTES] = spread ? 805306368 : 1073741824;
	ic[POSIX_FASTEST_RANK] = k == 0 ? 1 : 0;
	ic[POSIX_FASTEST_RANK_BYTES] = spread ? 268435456 : 0;
	fc[POSIX_F_WRITE_TIME] = 8.0;
	fc[POSIX_F_META_TIME] = 0.004;
	fc[POSIX_F_SLOWEST_RANK_TIME] = 8.0;
	fc[POSIX_F_FASTEST_RANK_TIME] = 0.001;
	memjob_mod(&job, IOL_MOD_POSIX, rec, 1);
	return memjob_triage_print_conf("rank0-sole-shared", &job, NULL);
}
