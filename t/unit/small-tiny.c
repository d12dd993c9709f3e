/*
 * small-tiny: triage of an in-memory job shaped as round 21's MACSio
 * log (t/7431), which no writer of ours can write (it has an MPI-IO
 * module): 16 ranks, one shared HDF5 file, 7692 independent MPI-IO
 * writes of 192 B and 64 collective ones of 184512 B; 0.87 s a rank in
 * MPI-IO, carried by the collective calls, while POSIX saw the 192-byte
 * writes as they were, 0.005 s a rank, and the collective ones as four
 * 13 MB writes; a run of 4 s.  With "merged" the 192-byte calls are
 * collective and POSIX saw 256 writes of 64 KiB (collective buffering:
 * their rounds are the cost).  Prints each rule's code, severity and
 * stake, tab-separated.
 *
 *   small-tiny [merged]
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/triage.h"
#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "t/unit/memtriage.h"
#include "base/banned.h"

static const char *const names[] = {"/lus/macsio/out.h5"};
static struct iol_jrec prec, mrec;
static int64_t pic[IOL_POSIX_NINT], mic[IOL_MPIIO_NINT];
static double pfc[IOL_POSIX_NFLT], mfc[IOL_MPIIO_NFLT];

static void posix(int merged)
{
	memjob_rec(&prec, 1, -1, pic, pfc);
	pic[POSIX_OPENS] = 16;
	pic[POSIX_WRITES] = merged ? 260 : 7696;
	if (merged)
		pic[POSIX_SIZE_WRITE_10K_100K] = 256;
	else
		pic[POSIX_SIZE_WRITE_100_1K] = 7692;
	pic[POSIX_SIZE_WRITE_10M_100M] = 4;
	pic[POSIX_BYTES_WRITTEN] = 7692LL * 192 + 64LL * 184512;
	pic[POSIX_MAX_BYTE_WRITTEN] = pic[POSIX_BYTES_WRITTEN] - 1;
	pic[POSIX_MAX_BYTE_READ] = -1;
	pfc[POSIX_F_WRITE_TIME] = 0.123 * 16 / 16;
	pfc[POSIX_F_META_TIME] = 0.01;
	pfc[POSIX_F_SLOWEST_RANK_TIME] = 0.058;
	pfc[POSIX_F_FASTEST_RANK_TIME] = 0.05;
	pfc[POSIX_F_OPEN_START_TIMESTAMP] = 0.5;
	pfc[POSIX_F_WRITE_START_TIMESTAMP] = 0.6;
	pfc[POSIX_F_WRITE_END_TIMESTAMP] = 3.4;
	pfc[POSIX_F_CLOSE_END_TIMESTAMP] = 3.5;
}

static void mpiio(int merged)
{
	memjob_rec(&mrec, 1, -1, mic, mfc);
	mic[MPIIO_COLL_OPENS] = 16;
	mic[MPIIO_INDEP_WRITES] = merged ? 0 : 7692;
	mic[MPIIO_COLL_WRITES] = merged ? 7756 : 64;
	mic[MPIIO_SIZE_WRITE_AGG_100_1K] = 7692;
	mic[MPIIO_SIZE_WRITE_AGG_100K_1M] = 64;
	mic[MPIIO_BYTES_WRITTEN] = 7692LL * 192 + 64LL * 184512;
	mfc[MPIIO_F_WRITE_TIME] = 0.869 * 16;
	mfc[MPIIO_F_META_TIME] = 0.02;
	mfc[MPIIO_F_SLOWEST_RANK_TIME] = 0.869;
	mfc[MPIIO_F_FASTEST_RANK_TIME] = 0.86;
	mfc[MPIIO_F_OPEN_START_TIMESTAMP] = 0.5;
	mfc[MPIIO_F_WRITE_START_TIMESTAMP] = 0.6;
	mfc[MPIIO_F_WRITE_END_TIMESTAMP] = 3.4;
	mfc[MPIIO_F_CLOSE_END_TIMESTAMP] = 3.5;
}

int main(int argc, char **argv)
{
	struct iol_job job;
	int merged = argc > 1 && !strcmp(argv[1], "merged");

	memjob_init(&job, names, 1, 16);
	job.run_time = 4;
	posix(merged);
	mpiio(merged);
	memjob_mod(&job, IOL_MOD_POSIX, &prec, 1);
	memjob_mod(&job, IOL_MOD_MPIIO, &mrec, 1);
	return memjob_triage_print("small-tiny", &job);
}
