/*
 * trifacts-sums: the triage facts' and the size bins' sums that ingest
 * computes another way since speed37 (t/6171), on an in-memory job whose
 * answers are known by hand.  A record's small operations: its ten size
 * bins under 1 MiB summed as they are when all are under 2^58, else one
 * at a time capped at INT64_MAX (a bin of 2^58 takes the slow way, ten of
 * 2^58 - 1 the fast one); its small seconds computed once for a rank's
 * own record and once for a shared one (the shared record's share of its
 * slowest rank, not its sum over ranks); a module's size bins summed in
 * local arrays, wrapping as before.  Each job twice: its records
 * extracted as the analyses go, then cached (iol_recx_cache()).  Prints
 * "name<TAB>value" lines; exit 1 and a line on stderr when the cached
 * and uncached facts differ.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "analysis/metrics.h"
#include "analysis/trifacts.h"
#include "base/arena.h"
#include "counters/counters.h"
#include "model/job-int.h"
#include "t/unit/memjob.h"
#include "base/banned.h"

#define NR 4

static const char *names[NR] = {"/d/a.dat", "/d/b.dat", "/d/c.dat", "/d/d.dat"};
static struct iol_jrec rec[NR];
static int64_t ic[NR][IOL_POSIX_NINT];
static double fc[NR][IOL_POSIX_NFLT];

/* record i (file i + 1) of rank: reads of tr seconds, its slowest
 * rank's slow seconds, no writes; every bin 0 unless set after */
static void record(int i, int64_t rank, int64_t reads, double tr, double slow)
{
	int k;

	for (k = 0; k < IOL_POSIX_NINT; k++)
		ic[i][k] = 0;
	for (k = 0; k < IOL_POSIX_NFLT; k++)
		fc[i][k] = 0;
	memjob_rec(&rec[i], (uint64_t)i + 1, rank, ic[i], fc[i]);
	ic[i][POSIX_OPENS] = 1;
	ic[i][POSIX_READS] = reads;
	ic[i][POSIX_BYTES_READ] = 100 * reads;
	ic[i][POSIX_MAX_BYTE_READ] = 100 * reads - 1;
	ic[i][POSIX_MAX_BYTE_WRITTEN] = -1;
	fc[i][POSIX_F_READ_TIME] = tr;
	fc[i][POSIX_F_SLOWEST_RANK_TIME] = slow;
}

/* the job of records first..first+n-1 (copied to the front) */
static int facts(const char *tag, int first, int n)
{
	struct iol_jrec recs[NR];
	struct iol_job_priv priv;
	struct iol_job job;
	struct iol_trifacts a, b;
	struct iol_error err = {0};
	int64_t rd[IOL_NBINS] = {0}, wr[IOL_NBINS] = {0};

	memcpy(recs, rec + first, (size_t)n * sizeof(*recs));
	memset(&priv, 0, sizeof(priv));
	memjob_init(&job, names, NR, 4);
	job.priv = &priv;
	memjob_mod(&job, IOL_MOD_POSIX, recs, (size_t)n);
	if (iol_trifacts_compute(&job, &a, &err) < 0 ||
	    iol_recx_cache(&job) < 0 ||
	    iol_trifacts_compute(&job, &b, &err) < 0) {
		fprintf(stderr, "trifacts-sums: %s\n", err.msg);
		return 1;
	}
	printf("%s shared_small\t%lld\n", tag, (long long)a.shared_small);
	printf("%s shared_ops\t%lld\n", tag, (long long)a.shared_ops);
	printf("%s one_mib_ops\t%lld\n", tag, (long long)a.one_mib_ops);
	printf("%s small_time\t%g\n", tag, a.small_time);
	printf("%s shared_small_time\t%g\n", tag, a.shared_small_time);
	iol_hist_bins(&job, IOL_MOD_POSIX, rd, wr);
	printf("%s bins_read\t%lld %lld %lld\n", tag, (long long)rd[0],
	       (long long)rd[1], (long long)rd[2]);
	printf("%s bins_written\t%lld\n", tag, (long long)wr[0]);
	if (a.shared_small != b.shared_small ||
	    a.one_mib_ops != b.one_mib_ops || a.small_time != b.small_time ||
	    a.shared_small_time != b.shared_small_time) {
		fprintf(stderr, "%s: the cached records' facts differ\n", tag);
		return 1;
	}
	iol_arena_release(&priv.arena);
	return 0;
}

int main(void)
{
	int k, bad = 0;

	/* a rank's own: 3 + 2 reads under 1 KiB, 2 s, all small */
	record(0, 0, 5, 2.0, 2.0);
	ic[0][POSIX_SIZE_READ_0_100] = 3;
	ic[0][POSIX_SIZE_READ_100_1K] = 2;
	/* shared: bins of 2^58 and 2^62 (the slow way), 3 requests of
	 * exactly 1 MiB among the 4 of 100K_1M; 8 s summed over the 4
	 * ranks, 3 s its slowest rank's: a rank's share is 2 s */
	record(1, -1, 8, 8.0, 3.0);
	ic[1][POSIX_SIZE_READ_0_100] = (int64_t)1 << 58;
	ic[1][POSIX_SIZE_WRITE_0_100] = (int64_t)1 << 62;
	ic[1][POSIX_SIZE_READ_100K_1M] = 4;
	ic[1][POSIX_ACCESS1_ACCESS] = 1048576;
	ic[1][POSIX_ACCESS1_COUNT] = 3;
	/* shared: INT64_MAX twice and a negative bin: capped, the negative
	 * as 0 (and its bins wrap in the histogram's sums) */
	record(2, -1, 1, 0, 0);
	ic[2][POSIX_SIZE_READ_0_100] = INT64_MAX;
	ic[2][POSIX_SIZE_READ_100_1K] = INT64_MAX;
	ic[2][POSIX_SIZE_READ_1K_10K] = -5;
	/* shared: the ten bins at 2^58 - 1, summed as they are */
	record(3, -1, 1, 0, 0);
	for (k = 0; k < 5; k++) {
		ic[3][POSIX_SIZE_READ_0_100 + k] = ((int64_t)1 << 58) - 1;
		ic[3][POSIX_SIZE_WRITE_0_100 + k] = ((int64_t)1 << 58) - 1;
	}
	bad |= facts("slow", 0, 2);
	bad |= facts("capped", 1, 2);
	bad |= facts("fast", 3, 1);
	return bad;
}
