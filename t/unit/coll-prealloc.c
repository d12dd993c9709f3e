/*
 * coll-prealloc: triage of an in-memory job whose one shared file was
 * preallocated and then written through MPI-IO (issue 34, round 55): 4
 * ranks, a 10 s run, 1 GiB of data, 256 MiB a rank in the MPI-IO
 * record; POSIX wrote 2 GiB, the data and 1 GiB of zeros rank 0 wrote
 * alone (MPI_File_preallocate), so POSIX moved twice MPI-IO's bytes.
 * Modes:
 *   agg     collective calls; one aggregator (rank 0) did all the POSIX
 *           I/O (2 GiB in 6 s, the others none); MPI-IO even, 4.5-4.6 s
 *           a rank: no imbalance
 *   imbal   agg, but MPI-IO shows rank 2 passing 512 MiB (the fastest
 *           128 MiB) in 9 s: the decomposition's imbalance
 *   noagg   collective calls, no aggregation: every rank wrote its own
 *           256 MiB through POSIX (0.8 s), rank 0 the zeros too (1280
 *           MiB in 4 s): rank 0's own imbalance, as an independent file
 * Prints each rule's code, severity, stake and detail, tab-separated.
 *
 *   coll-prealloc agg|imbal|noagg
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/triage.h"
#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "t/unit/memtriage.h"
#include "base/banned.h"

#define MIB 1048576LL

static const char *names[1] = {"/scratch/u/out/ckpt.dat"};
static struct iol_jrec prec[1], mrec[1];
static int64_t pic[IOL_POSIX_NINT], mic[IOL_MPIIO_NINT];
static double pfc[IOL_POSIX_NFLT], mfc[IOL_MPIIO_NFLT];

/* the shared POSIX record: 2 GiB written over a 1 GiB file, rank 0 the
 * slowest; agg: rank 0's alone, else every rank's 256 MiB and rank 0's
 * zeros */
static void posix_rec(int agg)
{
	memjob_rec(&prec[0], 1, -1, pic, pfc);
	pic[POSIX_OPENS] = 4;
	pic[POSIX_WRITES] = 128;
	pic[POSIX_SIZE_WRITE_10M_100M] = 128;
	pic[POSIX_BYTES_WRITTEN] = 2048 * MIB;
	pic[POSIX_MAX_BYTE_WRITTEN] = 1024 * MIB - 1;
	pic[POSIX_MAX_BYTE_READ] = -1;
	pic[POSIX_SEQ_WRITES] = pic[POSIX_CONSEC_WRITES] = 64;
	pic[POSIX_SLOWEST_RANK] = 0;
	pic[POSIX_SLOWEST_RANK_BYTES] = agg ? 2048 * MIB : 1280 * MIB;
	pic[POSIX_FASTEST_RANK] = 1;
	pic[POSIX_FASTEST_RANK_BYTES] = agg ? 0 : 256 * MIB;
	pfc[POSIX_F_WRITE_TIME] = agg ? 6.0 : 4.0 + 3 * 0.8;
	pfc[POSIX_F_SLOWEST_RANK_TIME] = agg ? 6.0 : 4.0;
	pfc[POSIX_F_FASTEST_RANK_TIME] = agg ? 0.0001 : 0.8;
	/* E[x^2] - mean^2 of the ranks' bytes, in MiB^2 then bytes^2 */
	pfc[POSIX_F_VARIANCE_RANK_BYTES] =
		(agg ? 2048.0 * 2048 / 4 - 512.0 * 512
		     : (1280.0 * 1280 + 3 * 256.0 * 256) / 4 - 512.0 * 512) *
		(double)MIB * (double)MIB;
}

/* the collective MPI-IO record: slowest rank sr with bytes sb in st s,
 * the fastest rank 1 with fb in 4.5 s */
static void mpiio_rec(int64_t sr, int64_t sb, int64_t fb, double st)
{
	memjob_rec(&mrec[0], 1, -1, mic, mfc);
	mic[MPIIO_COLL_OPENS] = 4;
	mic[MPIIO_COLL_WRITES] = 64;
	mic[MPIIO_SIZE_WRITE_AGG_10M_100M] = 64;
	mic[MPIIO_BYTES_WRITTEN] = 1024 * MIB;
	mic[MPIIO_SLOWEST_RANK] = sr;
	mic[MPIIO_SLOWEST_RANK_BYTES] = sb;
	mic[MPIIO_FASTEST_RANK] = 1;
	mic[MPIIO_FASTEST_RANK_BYTES] = fb;
	mfc[MPIIO_F_WRITE_TIME] = st + 3 * 4.5;
	mfc[MPIIO_F_SLOWEST_RANK_TIME] = st;
	mfc[MPIIO_F_FASTEST_RANK_TIME] = 4.5;
}

int main(int argc, char **argv)
{
	struct iol_job job;
	const char *mode = argc > 1 ? argv[1] : "agg";
	int imbal = !strcmp(mode, "imbal"), noagg = !strcmp(mode, "noagg");

	if (!imbal && !noagg && strcmp(mode, "agg")) {
		fprintf(stderr, "coll-prealloc: unknown mode %s\n", mode);
		return 2;
	}
	memjob_init(&job, names, 1, 4);
	posix_rec(!noagg);
	if (imbal)
		mpiio_rec(2, 512 * MIB, 128 * MIB, 9.0);
	else
		mpiio_rec(3, 256 * MIB, 256 * MIB, 4.6);
	memjob_mod(&job, IOL_MOD_POSIX, prec, 1);
	memjob_mod(&job, IOL_MOD_MPIIO, mrec, 1);
	return memjob_triage_print_conf("coll-prealloc", &job, NULL);
}
