/*
 * rank0-spread: triage of an in-memory rank-0-only job (issue 34, rounds
 * 39 and 44): 4 ranks, a 10 s run, rank 0 alone writes a result file,
 * ranks 1-3 have no record.  Modes:
 *   write   1 GiB in 1024 POSIX writes of 1 MiB, 8 s: a funnel that
 *           spreading over the ranks would speed up (6 s at stake)
 *   fmt     2097152 fprintf's of 24 B, 0.8 s (r44-dump-text's shape):
 *           a cost a call, 0.6 s if spread, under min_stake_s
 *   fmtbig  the same calls, 8 s (6 s if spread)
 *   paced   two files of 512 MiB, 4 s each: the storage showed
 *           128 MiB/s at best, which four writers would share
 *   unpaced two files of 512 MiB, 0.5 s and 7.5 s: the storage showed
 *           1 GiB/s, the 1 GiB takes 1 s at it (6 s at stake)
 * Thresholds over the defaults come from argv[2] (etc/triage.conf's
 * form, e.g. "full_rate_mibs = 128").  Prints each rule's code,
 * severity, stake and detail, tab-separated.
 *
 *   rank0-spread write|fmt|fmtbig|paced|unpaced [conf]
 */
#include <stdio.h>
#include <string.h>

#include "analysis/triage.h"
#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "t/unit/memtriage.h"
#include "base/banned.h"

static const char *names[2] = {"/scratch/u/out/result.dat",
			       "/scratch/u/out/result2.dat"};
static struct iol_jrec rec[2];
static int64_t pic[2][IOL_POSIX_NINT], sic[IOL_STDIO_NINT];
static double pfc[2][IOL_POSIX_NFLT], sfc[IOL_STDIO_NFLT];

/* rank 0's record k of file k + 1: n writes of 1 MiB in secs */
static void posix_file(int k, int64_t n, double secs)
{
	int64_t *ic = pic[k];
	double *fc = pfc[k];

	memjob_rec(&rec[k], (uint64_t)k + 1, 0, ic, fc);
	ic[POSIX_OPENS] = 1;
	ic[POSIX_WRITES] = n;
	ic[POSIX_SIZE_WRITE_1M_4M] = n;
	ic[POSIX_BYTES_WRITTEN] = n * 1048576;
	ic[POSIX_MAX_BYTE_WRITTEN] = n * 1048576 - 1;
	ic[POSIX_MAX_BYTE_READ] = -1;
	ic[POSIX_SEQ_WRITES] = ic[POSIX_CONSEC_WRITES] = n - 1;
	fc[POSIX_F_WRITE_TIME] = secs;
	fc[POSIX_F_META_TIME] = 0.001;
}

/* rank 0's POSIX records: 1 GiB in 1 MiB writes, 8 s, in one file
 * (a0 < 0) or two of 512 MiB, a0 and 8 - a0 s */
static void posix_writer(struct iol_job *job, double a0)
{
	if (a0 < 0) {
		posix_file(0, 1024, 8.0);
		memjob_mod(job, IOL_MOD_POSIX, rec, 1);
		return;
	}
	posix_file(0, 512, a0);
	posix_file(1, 512, 8.0 - a0);
	memjob_mod(job, IOL_MOD_POSIX, rec, 2);
}

/* rank 0's STDIO record: 2097152 values of 24 B a call, secs */
static void stdio_writer(struct iol_job *job, double secs)
{
	memjob_rec(&rec[0], 1, 0, sic, sfc);
	sic[STDIO_OPENS] = 1;
	sic[STDIO_WRITES] = 2097152;
	sic[STDIO_BYTES_WRITTEN] = 50331648;
	sic[STDIO_MAX_BYTE_WRITTEN] = 50331647;
	sfc[STDIO_F_WRITE_TIME] = secs;
	sfc[STDIO_F_META_TIME] = 0.0001;
	memjob_mod(job, IOL_MOD_STDIO, rec, 1);
}

int main(int argc, char **argv)
{
	struct iol_job job;
	const char *mode = argc > 1 ? argv[1] : "write";

	memjob_init(&job, names, 2, 4);
	if (!strcmp(mode, "write"))
		posix_writer(&job, -1);
	else if (!strcmp(mode, "paced"))
		posix_writer(&job, 4.0);
	else if (!strcmp(mode, "unpaced"))
		posix_writer(&job, 0.5);
	else if (!strcmp(mode, "fmt"))
		stdio_writer(&job, 0.8);
	else if (!strcmp(mode, "fmtbig"))
		stdio_writer(&job, 8.0);
	else {
		fprintf(stderr, "rank0-spread: unknown mode %s\n", mode);
		return 2;
	}
	return memjob_triage_print_conf("rank0-spread", &job,
					argc > 2 ? argv[2] : NULL);
}
