/*
 * mid-writes: triage of an in-memory job shaped as round 34's r34-gzip
 * (t/7456): one process reads 48 MB in 32 KiB reads (0.115 s) and
 * writes 27.6 MB in 105 writes of 256 KiB and one of 79 KiB (2.36 s)
 * in an 11.9 s run.  With "small" it is r34-gunzip's shape instead: it
 * reads the 27.6 MB in 256 KiB reads (0.038 s) and writes 48 MB in
 * 1465 writes of 32 KiB (5.18 s) in a 5.6 s run.  Prints each rule's
 * code, severity and stake, tab-separated.
 *
 *   mid-writes [small]
 */
#include <stdio.h>
#include <string.h>

#include "analysis/triage.h"
#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "t/unit/memtriage.h"
#include "base/banned.h"

static const char *names[2] = {"/scratch/u/lines.txt",
			       "/scratch/u/lines.txt.gz"};
static struct iol_jrec recs[2];
static int64_t ic[2][IOL_POSIX_NINT];
static double fc[2][IOL_POSIX_NFLT];

/* record k read (rd) or written whole: n requests of size, bin b
 * holding all but the last, which is in bin lb */
static void rec(int k, int rd, int64_t bytes, int64_t n, int64_t size, int b,
		int lb, double t)
{
	int64_t *c = ic[k];

	memjob_rec(&recs[k], (uint64_t)k + 1, 0, c, fc[k]);
	c[POSIX_OPENS] = 1;
	c[rd ? POSIX_READS : POSIX_WRITES] = n;
	c[rd ? POSIX_BYTES_READ : POSIX_BYTES_WRITTEN] = bytes;
	c[rd ? POSIX_MAX_BYTE_READ : POSIX_MAX_BYTE_WRITTEN] = bytes - 1;
	c[rd ? POSIX_SEQ_READS : POSIX_SEQ_WRITES] = n - 1;
	c[rd ? POSIX_CONSEC_READS : POSIX_CONSEC_WRITES] = n - 1;
	c[b] += n - 1;
	c[lb] += 1;
	c[POSIX_ACCESS1_ACCESS] = size;
	c[POSIX_ACCESS1_COUNT] = n - 1;
	c[rd ? POSIX_MAX_READ_TIME_SIZE : POSIX_MAX_WRITE_TIME_SIZE] = size;
	fc[k][rd ? POSIX_F_READ_TIME : POSIX_F_WRITE_TIME] = t;
	fc[k][rd ? POSIX_F_MAX_READ_TIME : POSIX_F_MAX_WRITE_TIME] =
		3 * t / (double)n;
	fc[k][POSIX_F_META_TIME] = 0.001;
}

int main(int argc, char **argv)
{
	struct iol_job job;
	int small = argc > 1 && !strcmp(argv[1], "small");

	if (small) {
		rec(1, 1, 27606062, 106, 262144, POSIX_SIZE_READ_100K_1M,
		    POSIX_SIZE_READ_10K_100K, 0.038);
		rec(0, 0, 48000000, 1465, 32768, POSIX_SIZE_WRITE_10K_100K,
		    POSIX_SIZE_WRITE_10K_100K, 5.18);
	} else {
		rec(0, 1, 48000000, 1465, 32768, POSIX_SIZE_READ_10K_100K,
		    POSIX_SIZE_READ_10K_100K, 0.115);
		rec(1, 0, 27606062, 106, 262144, POSIX_SIZE_WRITE_100K_1M,
		    POSIX_SIZE_WRITE_10K_100K, 2.36);
	}
	memjob_init(&job, names, 2, 1);
	job.run_time = small ? 5.6 : 11.9;
	memjob_mod(&job, IOL_MOD_POSIX, recs, 2);
	return memjob_triage_print("mid-writes", &job);
}
