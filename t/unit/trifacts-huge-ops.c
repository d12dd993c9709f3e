/*
 * trifacts-huge-ops: the triage facts' operation counts of an in-memory
 * job whose counters are near INT64_MAX, as a damaged or hostile log's
 * are (t/7249): two ranks' records of one file, each with 5e18 small
 * reads and 5e18 small writes, 5e18 memory-misaligned operations, 5e18
 * accesses of 1 MiB in each of two access slots, and 1 read beside
 * INT64_MAX writes.  The counts saturate at INT64_MAX; they overflowed
 * (undefined; wrapped to negatives in practice).  Prints the counts and
 * whether the small operations' time is a number.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "analysis/trifacts.h"
#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "base/banned.h"

#define HUGE_OPS 5000000000000000000
static const char *const names[] = {"/d/ops.dat"};
static struct iol_jrec prec[2];
static int64_t pic[2][IOL_POSIX_NINT];
static double pfc[2][IOL_POSIX_NFLT];

static void posix(int i)
{
	memjob_rec(&prec[i], 1, i, pic[i], pfc[i]);
	pic[i][POSIX_OPENS] = 1;
	pic[i][POSIX_READS] = 1;
	pic[i][POSIX_WRITES] = INT64_MAX;
	pic[i][POSIX_BYTES_READ] = pic[i][POSIX_BYTES_WRITTEN] = 100;
	pic[i][POSIX_MAX_BYTE_READ] = pic[i][POSIX_MAX_BYTE_WRITTEN] = 99;
	pic[i][POSIX_SIZE_READ_0_100] = HUGE_OPS;
	pic[i][POSIX_SIZE_WRITE_0_100] = HUGE_OPS;
	pic[i][POSIX_MEM_NOT_ALIGNED] = HUGE_OPS;
	pic[i][POSIX_ACCESS1_ACCESS] = pic[i][POSIX_ACCESS2_ACCESS] = 1048576;
	pic[i][POSIX_ACCESS1_COUNT] = pic[i][POSIX_ACCESS2_COUNT] = HUGE_OPS;
	pfc[i][POSIX_F_READ_TIME] = pfc[i][POSIX_F_WRITE_TIME] = 1;
}

int main(void)
{
	struct iol_job job;
	struct iol_trifacts tf;
	struct iol_error err = {0};

	memjob_init(&job, names, 1, 2);
	posix(0);
	posix(1);
	memjob_mod(&job, IOL_MOD_POSIX, prec, 2);
	if (iol_trifacts_compute(&job, &tf, &err) < 0) {
		fprintf(stderr, "trifacts-huge-ops: %s\n", err.msg);
		return 1;
	}
	printf("small_top_ops %lld\nmem_notaligned %lld\none_mib_ops "
	       "%lld\nsmall_time %s\n",
	       (long long)tf.small_top_ops, (long long)tf.mem_notaligned,
	       (long long)tf.one_mib_ops,
	       isfinite(tf.small_time) ? "finite" : "not");
	return 0;
}
