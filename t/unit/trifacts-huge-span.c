/*
 * trifacts-huge-span: the small reads' facts (sparse_read_*,
 * small_readahead_time, large_read_mibs) of an in-memory job of one
 * process whose counters a damaged or hostile log holds (t/7370): a
 * file's 100 forward 4 KiB reads with a highest byte read of INT64_MAX,
 * and a file's 10 reads of 100 B beside a 100K_1M bin of INT64_MIN.
 * The span's highest byte + 1 and the small reads less that bin
 * overflowed (undefined; wrapped in practice: a span of -2^63 served by
 * readahead, 10 small reads taken for large ones).  Prints the facts.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "analysis/trifacts.h"
#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "base/banned.h"

static const char *const names[] = {"/d/far.dat", "/d/bins.dat"};
static struct iol_jrec prec[2];
static int64_t pic[2][IOL_POSIX_NINT];
static double pfc[2][IOL_POSIX_NFLT];

static void posix(int i, int64_t reads, int64_t bytes, int64_t top)
{
	memjob_rec(&prec[i], (uint64_t)i + 1, 0, pic[i], pfc[i]);
	pic[i][POSIX_OPENS] = 1;
	pic[i][POSIX_READS] = pic[i][POSIX_SEQ_READS] = reads;
	pic[i][POSIX_BYTES_READ] = bytes;
	pic[i][POSIX_MAX_BYTE_READ] = top;
	pic[i][POSIX_MAX_BYTE_WRITTEN] = -1;
	pfc[i][POSIX_F_READ_TIME] = 1;
}

int main(void)
{
	struct iol_job job;
	struct iol_trifacts tf;
	struct iol_error err = {0};

	memjob_init(&job, names, 2, 1);
	posix(0, 100, 409600, INT64_MAX);
	pic[0][POSIX_SIZE_READ_1K_10K] = 100;
	posix(1, 10, 1000, 999);
	pic[1][POSIX_SIZE_READ_0_100] = 10;
	pic[1][POSIX_SIZE_READ_100K_1M] = INT64_MIN;
	memjob_mod(&job, IOL_MOD_POSIX, prec, 2);
	if (iol_trifacts_compute(&job, &tf, &err) < 0) {
		fprintf(stderr, "trifacts-huge-span: %s\n", err.msg);
		return 1;
	}
	printf("sparse_read_time %.3f\nsparse_read_span %.4g\n"
	       "sparse_read_bytes %.0f\nsmall_readahead_time %.3f\n"
	       "large_read_mibs %s\n",
	       tf.sparse_read_time, tf.sparse_read_span, tf.sparse_read_bytes,
	       tf.small_ra_time, isnan(tf.large_read_mibs) ? "none" : "some");
	return 0;
}
