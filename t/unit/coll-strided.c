/*
 * coll-strided: triage of an in-memory job shaped as round 31's
 * r31-ckpt-stridi (t/7452): 4 ranks write 2 shared checkpoints of 2 MiB
 * as 1 KiB pieces interleaved by rank, one independent
 * MPI_File_write_at a piece, on storage where each write waits for the
 * device: 2048 MPI-IO and 2048 POSIX writes a file, 5.67 s a rank in
 * MPI-IO a file (22.14 s summed), 5.53 s of it in POSIX, in a 22.66 s
 * run.  "fast": the same writes on a fast disk, 20 us each (the page
 * cache: r26-ckpt-stridi, where collective I/O saved nothing); "coll":
 * the writes collective.  Prints each rule's code, severity and stake,
 * tab-separated.
 *
 *   coll-strided [fast | coll]
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/triage.h"
#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "t/unit/memtriage.h"
#include "base/banned.h"

#define NF 2

static const char *names[NF] = {"/scratch/out/cs.1", "/scratch/out/cs.2"};
static struct iol_jrec precs[NF], mrecs[NF];
static int64_t pic[NF][IOL_POSIX_NINT], mic[NF][IOL_MPIIO_NINT];
static double pfc[NF][IOL_POSIX_NFLT], mfc[NF][IOL_MPIIO_NFLT];

/* file k's POSIX record beneath: 2048 writes of 1 KiB, ranks' time
 * summed wt, the slowest rank's st */
static void posix_file(int k, double t0, double wt, double st)
{
	int64_t *ic = pic[k];
	double *fc = pfc[k];

	memjob_rec(&precs[k], (uint64_t)k + 1, -1, ic, fc);
	ic[POSIX_OPENS] = 4;
	ic[POSIX_WRITES] = 2048;
	ic[POSIX_BYTES_WRITTEN] = 2097152;
	ic[POSIX_MAX_BYTE_WRITTEN] = 2097151;
	ic[POSIX_MAX_BYTE_READ] = -1;
	ic[POSIX_SEQ_WRITES] = 2047;
	ic[POSIX_FILE_NOT_ALIGNED] = 1536;
	ic[POSIX_FILE_ALIGNMENT] = 4096;
	ic[POSIX_MEM_ALIGNMENT] = 8;
	ic[POSIX_MAX_WRITE_TIME_SIZE] = 1024;
	ic[POSIX_SIZE_WRITE_100_1K] = 2048;
	ic[POSIX_FASTEST_RANK_BYTES] = ic[POSIX_SLOWEST_RANK_BYTES] = 524288;
	fc[POSIX_F_WRITE_TIME] = wt;
	fc[POSIX_F_META_TIME] = 0.001;
	fc[POSIX_F_MAX_WRITE_TIME] = wt / 200;
	fc[POSIX_F_FASTEST_RANK_TIME] = st * 0.999;
	fc[POSIX_F_SLOWEST_RANK_TIME] = st;
	fc[POSIX_F_OPEN_START_TIMESTAMP] = t0;
	fc[POSIX_F_WRITE_START_TIMESTAMP] = t0 + 0.01;
	fc[POSIX_F_WRITE_END_TIMESTAMP] = t0 + 0.01 + st;
	fc[POSIX_F_CLOSE_END_TIMESTAMP] = t0 + 0.02 + st;
}

/* file k's MPI-IO record: 2048 calls of 1 KiB, independent or
 * collective, ranks' time summed wt, the slowest rank's st */
static void mpiio_file(int k, int coll, double t0, double wt, double st)
{
	int64_t *ic = mic[k];
	double *fc = mfc[k];

	memjob_rec(&mrecs[k], (uint64_t)k + 1, -1, ic, fc);
	ic[MPIIO_COLL_OPENS] = 4;
	ic[coll ? MPIIO_COLL_WRITES : MPIIO_INDEP_WRITES] = 2048;
	ic[MPIIO_BYTES_WRITTEN] = 2097152;
	ic[MPIIO_MAX_WRITE_TIME_SIZE] = 1024;
	ic[MPIIO_SIZE_WRITE_AGG_100_1K] = 2048;
	ic[MPIIO_FASTEST_RANK_BYTES] = ic[MPIIO_SLOWEST_RANK_BYTES] = 524288;
	fc[MPIIO_F_WRITE_TIME] = wt;
	fc[MPIIO_F_META_TIME] = 0.5;
	fc[MPIIO_F_MAX_WRITE_TIME] = wt / 200;
	fc[MPIIO_F_FASTEST_RANK_TIME] = st * 0.997;
	fc[MPIIO_F_SLOWEST_RANK_TIME] = st;
	fc[MPIIO_F_OPEN_START_TIMESTAMP] = t0 - 0.1;
	fc[MPIIO_F_WRITE_START_TIMESTAMP] = t0 + 0.01;
	fc[MPIIO_F_WRITE_END_TIMESTAMP] = t0 + 0.01 + st;
	fc[MPIIO_F_CLOSE_END_TIMESTAMP] = t0 + 0.03 + st;
}

int main(int argc, char **argv)
{
	struct iol_job job;
	int fast = argc > 1 && !strcmp(argv[1], "fast");
	int coll = argc > 1 && !strcmp(argv[1], "coll");
	/* a write a device request (5.5 ms a rank's write), or 20 us */
	double x = fast ? 0.0036 : 1;
	int k;

	for (k = 0; k < NF; k++) {
		double t0 = 8 + k * 6;

		posix_file(k, t0, 22.117 * x, 5.53 * x);
		mpiio_file(k, coll, t0, 22.143 * x, 5.67 * x);
	}
	memjob_init(&job, names, NF, 4);
	job.run_time = 22.66;
	memjob_mod(&job, IOL_MOD_POSIX, precs, NF);
	memjob_mod(&job, IOL_MOD_MPIIO, mrecs, NF);
	return memjob_triage_print("coll-strided", &job);
}
