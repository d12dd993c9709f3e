/*
 * mid-reads: triage of an in-memory job shaped as round 77's
 * r77-multi-each (t/7584): one process reads 384 MB in 800 reads of
 * 480000 B (the 100K_1M bin) in 2.72 s of a 6.1 s run.  With "mixed",
 * 600 of those reads and 400 of 4 KiB (the small requests not mostly
 * 100 KiB-1 MiB) in the same time.  With "large", 800 reads of
 * 480000 B in 3 s beside 100 reads of 4 MiB in 0.4 s of a 10 s run:
 * the frames slower than the job's own large reads.  Prints each
 * rule's code, severity and stake, tab-separated.
 *
 *   mid-reads [mixed | large]
 */
#include <stdio.h>
#include <string.h>

#include "analysis/triage.h"
#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "t/unit/memtriage.h"
#include "base/banned.h"

static const char *names[2] = {"/scratch/u/traj.dat", "/scratch/u/big.dat"};
static struct iol_jrec recs[2];
static int64_t ic[2][IOL_POSIX_NINT];
static double fc[2][IOL_POSIX_NFLT];

/* record k read whole and in order: n requests of size in bin b, m
 * more of msize in bin mb */
static void rec(int k, int64_t n, int64_t size, int b, int64_t m, int64_t msize,
		int mb, double t)
{
	int64_t *c = ic[k], bytes = n * size + m * msize;

	memjob_rec(&recs[k], (uint64_t)k + 1, 0, c, fc[k]);
	c[POSIX_OPENS] = 1;
	c[POSIX_READS] = n + m;
	c[POSIX_BYTES_READ] = bytes;
	c[POSIX_MAX_BYTE_READ] = bytes - 1;
	c[POSIX_SEQ_READS] = n + m - 1;
	c[POSIX_CONSEC_READS] = n + m - 1;
	c[b] += n;
	c[mb] += m;
	c[POSIX_ACCESS1_ACCESS] = size;
	c[POSIX_ACCESS1_COUNT] = n;
	c[POSIX_MAX_READ_TIME_SIZE] = size;
	fc[k][POSIX_F_READ_TIME] = t;
	fc[k][POSIX_F_MAX_READ_TIME] = 3 * t / (double)(n + m);
	fc[k][POSIX_F_META_TIME] = 0.001;
}

int main(int argc, char **argv)
{
	struct iol_job job;
	const char *mode = argc > 1 ? argv[1] : "";
	int nrec = 1;

	if (!strcmp(mode, "mixed")) {
		rec(0, 600, 480000, POSIX_SIZE_READ_100K_1M, 400, 4096,
		    POSIX_SIZE_READ_1K_10K, 2.72);
	} else if (!strcmp(mode, "large")) {
		rec(0, 800, 480000, POSIX_SIZE_READ_100K_1M, 0, 0,
		    POSIX_SIZE_READ_0_100, 3.0);
		rec(1, 100, 4194304, POSIX_SIZE_READ_4M_10M, 0, 0,
		    POSIX_SIZE_READ_0_100, 0.4);
		nrec = 2;
	} else {
		rec(0, 800, 480000, POSIX_SIZE_READ_100K_1M, 0, 0,
		    POSIX_SIZE_READ_0_100, 2.72);
	}
	memjob_init(&job, names, (size_t)nrec, 1);
	job.run_time = !strcmp(mode, "large") ? 10 : 6.1;
	memjob_mod(&job, IOL_MOD_POSIX, recs, (size_t)nrec);
	return memjob_triage_print("mid-reads", &job);
}
