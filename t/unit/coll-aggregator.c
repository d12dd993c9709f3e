/*
 * coll-aggregator: triage of an in-memory job whose one shared file MPI-IO
 * drove (issue 34, round 52): 4 ranks, a 10 s run, 1 GiB written; the
 * shared POSIX record's bytes all rank 0's (the collective-buffering
 * aggregator, 4 s of POSIX writes), the MPI-IO record's 256 MiB a rank
 * in 64 calls.  Modes:
 *   agg        collective calls; rank 0 4.5 s in MPI-IO (its 4 s of
 *              aggregation and 0.5 s), the others 0.5 s: no imbalance
 *   straggler  collective calls; rank 0 passed 512 MiB (the fastest
 *              128 MiB) and took 8.5 s: 4.5 s net of its aggregation
 *   indep      agg's numbers through independent calls
 * Prints each rule's code, severity, stake and detail, tab-separated.
 *
 *   coll-aggregator agg|straggler|indep
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

static const char *names[1] = {"/scratch/u/out/coll.h5"};
static struct iol_jrec prec[1], mrec[1];
static int64_t pic[IOL_POSIX_NINT], mic[IOL_MPIIO_NINT];
static double pfc[IOL_POSIX_NFLT], mfc[IOL_MPIIO_NFLT];

/* the aggregator's POSIX record: rank 0 wrote 1 GiB in 4 s */
static void posix_agg(void)
{
	memjob_rec(&prec[0], 1, -1, pic, pfc);
	pic[POSIX_OPENS] = 4;
	pic[POSIX_WRITES] = 64;
	pic[POSIX_SIZE_WRITE_10M_100M] = 64;
	pic[POSIX_BYTES_WRITTEN] = 1024 * MIB;
	pic[POSIX_MAX_BYTE_WRITTEN] = 1024 * MIB - 1;
	pic[POSIX_MAX_BYTE_READ] = -1;
	pic[POSIX_SEQ_WRITES] = pic[POSIX_CONSEC_WRITES] = 63;
	pic[POSIX_SLOWEST_RANK] = 0;
	pic[POSIX_SLOWEST_RANK_BYTES] = 1024 * MIB;
	pic[POSIX_FASTEST_RANK] = 1;
	pic[POSIX_FASTEST_RANK_BYTES] = 0;
	pfc[POSIX_F_WRITE_TIME] = 4.0;
	pfc[POSIX_F_SLOWEST_RANK_TIME] = 4.0;
	pfc[POSIX_F_FASTEST_RANK_TIME] = 0.0001;
}

/* the MPI-IO record: slowest rank 0 with bytes sb and time st */
static void mpiio_rec(int coll, int64_t sb, double st)
{
	memjob_rec(&mrec[0], 1, -1, mic, mfc);
	mic[MPIIO_COLL_OPENS] = 4;
	mic[coll ? MPIIO_COLL_WRITES : MPIIO_INDEP_WRITES] = 64;
	mic[MPIIO_SIZE_WRITE_AGG_10M_100M] = 64;
	mic[MPIIO_BYTES_WRITTEN] = 1024 * MIB;
	mic[MPIIO_SLOWEST_RANK] = 0;
	mic[MPIIO_SLOWEST_RANK_BYTES] = sb;
	mic[MPIIO_FASTEST_RANK] = 1;
	mic[MPIIO_FASTEST_RANK_BYTES] = sb > 256 * MIB ? 128 * MIB : 256 * MIB;
	mfc[MPIIO_F_WRITE_TIME] = st + 1.5;
	mfc[MPIIO_F_SLOWEST_RANK_TIME] = st;
	mfc[MPIIO_F_FASTEST_RANK_TIME] = 0.5;
}

int main(int argc, char **argv)
{
	struct iol_job job;
	const char *mode = argc > 1 ? argv[1] : "agg";
	int straggler = !strcmp(mode, "straggler");

	if (!straggler && strcmp(mode, "agg") && strcmp(mode, "indep")) {
		fprintf(stderr, "coll-aggregator: unknown mode %s\n", mode);
		return 2;
	}
	memjob_init(&job, names, 1, 4);
	posix_agg();
	mpiio_rec(strcmp(mode, "indep"), straggler ? 512 * MIB : 256 * MIB,
		  straggler ? 8.5 : 4.5);
	memjob_mod(&job, IOL_MOD_POSIX, prec, 1);
	memjob_mod(&job, IOL_MOD_MPIIO, mrec, 1);
	return memjob_triage_print_conf("coll-aggregator", &job, NULL);
}
