/*
 * stdio-flush: triage of an in-memory job shaped as round 31's
 * r31-partlog (t/7453): 4 ranks fprintf a 75-byte line a step into one
 * shared log and fflush it, on storage where each flush waits for the
 * device: STDIO WRITES 2400, FLUSHES 2400, 180000 B, 22.14 s summed,
 * 5.89 s on the slowest rank of a 6.62 s run.  "fast": the same calls
 * on the page cache, 4 us a call (r7-applog-line's shape: writes and
 * flushes cost alike); "read": the stream also reads 4 KiB (its time
 * holds reads).  Prints each rule's code, severity and stake,
 * tab-separated.
 *
 *   stdio-flush [fast | read]
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/triage.h"
#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "t/unit/memtriage.h"
#include "base/banned.h"

static const char *names[1] = {"/scratch/out/part.log"};
static struct iol_jrec rec;
static int64_t ic[IOL_STDIO_NINT];
static double fc[IOL_STDIO_NFLT];

int main(int argc, char **argv)
{
	struct iol_job job;
	int fast = argc > 1 && !strcmp(argv[1], "fast");
	int rd = argc > 1 && !strcmp(argv[1], "read");
	/* 4801 calls: 22.14 s summed, or 4 us a call */
	double x = fast ? 4e-6 * 4801 / 22.141 : 1;

	memjob_rec(&rec, 1, -1, ic, fc);
	ic[STDIO_OPENS] = 4;
	ic[STDIO_WRITES] = 2400;
	ic[STDIO_FLUSHES] = 2400;
	ic[STDIO_READS] = rd ? 1 : 0;
	ic[STDIO_BYTES_READ] = rd ? 4096 : 0;
	ic[STDIO_BYTES_WRITTEN] = 180000;
	ic[STDIO_MAX_BYTE_WRITTEN] = 44999;
	ic[STDIO_MAX_BYTE_READ] = rd ? 4095 : -1;
	ic[STDIO_FASTEST_RANK_BYTES] = ic[STDIO_SLOWEST_RANK_BYTES] = 45000;
	ic[STDIO_SLOWEST_RANK] = 2;
	fc[STDIO_F_META_TIME] = 0.0044;
	fc[STDIO_F_WRITE_TIME] = 22.141 * x;
	fc[STDIO_F_READ_TIME] = rd ? 0.001 : 0;
	fc[STDIO_F_FASTEST_RANK_TIME] = 4.841 * x;
	fc[STDIO_F_SLOWEST_RANK_TIME] = 5.891 * x;
	fc[STDIO_F_OPEN_START_TIMESTAMP] = 0.011;
	fc[STDIO_F_WRITE_START_TIMESTAMP] = 0.013;
	fc[STDIO_F_WRITE_END_TIMESTAMP] = 6.62;
	fc[STDIO_F_CLOSE_END_TIMESTAMP] = 6.6201;
	memjob_init(&job, names, 1, 4);
	job.run_time = 6.617;
	memjob_mod(&job, IOL_MOD_STDIO, &rec, 1);
	return memjob_triage_print("stdio-flush", &job);
}
