/*
 * coll-wait-hostile: the session's new facts on a damaged or hostile
 * log's counters (issue 34, review of rounds 85 and 88), in an in-memory
 * job: mpiio_coll_data_wait (triwait.c) on per-rank and shared MPI-IO
 * records of collective reads and writes with times NaN, -inf, negative
 * and DBL_MAX and call counts INT64_MAX and negative, over POSIX records
 * whose bytes' variance is NaN, inf or negative; and the re-reads' warm
 * share (trireread.c) of POSIX records with INT64_MAX bytes and NaN or
 * DBL_MAX read times.  nprocs is the argument (0, 2, INT64_MAX).
 * Prints "data_wait V" and "warm V" (V with %.6g), then the findings.
 *
 *   coll-wait-hostile NPROCS
 */
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "analysis/trifacts.h"
#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "t/unit/memtriage.h"
#include "base/banned.h"

#define NP 4 /* POSIX records */
#define NM 5 /* MPI-IO records */

static const char *const names[] = {"/d/a.dat", "/d/b.dat"};
static struct iol_jrec prec[NP], mrec[NM];
static int64_t pic[NP][IOL_POSIX_NINT], mic[NM][IOL_MPIIO_NINT];
static double pfc[NP][IOL_POSIX_NFLT], mfc[NM][IOL_MPIIO_NFLT];

/* POSIX record i of file id (rank -1 shared): huge bytes, one pass and
 * a re-read, the slowest read's time t_max, the variance var */
static void posix(int i, uint64_t id, int64_t rank, double t, double t_max,
		  double var)
{
	int64_t *c = pic[i];

	memjob_rec(&prec[i], id, rank, c, pfc[i]);
	c[POSIX_OPENS] = 1;
	c[POSIX_READS] = INT64_MAX;
	c[POSIX_BYTES_READ] = INT64_MAX;
	c[POSIX_MAX_BYTE_READ] = INT64_MAX / 2;
	c[POSIX_MAX_READ_TIME_SIZE] = INT64_MAX;
	c[POSIX_MAX_BYTE_WRITTEN] = -1;
	pfc[i][POSIX_F_READ_TIME] = t;
	pfc[i][POSIX_F_MAX_READ_TIME] = t_max;
	pfc[i][POSIX_F_VARIANCE_RANK_BYTES] = var;
}

/* MPI-IO record i of file id, rank (-1 shared), collective calls coll,
 * independent indep, its read time t (a shared one's slowest rank) */
static void mpiio(int i, uint64_t id, int64_t rank, int64_t coll, int64_t indep,
		  double t)
{
	memjob_rec(&mrec[i], id, rank, mic[i], mfc[i]);
	mic[i][MPIIO_COLL_OPENS] = 1;
	mic[i][MPIIO_COLL_READS] = coll;
	mic[i][MPIIO_INDEP_WRITES] = indep;
	mfc[i][MPIIO_F_READ_TIME] = t;
	mfc[i][MPIIO_F_META_TIME] = t;
	mfc[i][MPIIO_F_SLOWEST_RANK_TIME] = t;
	mfc[i][MPIIO_F_FASTEST_RANK_TIME] = -t;
}

int main(int argc, char **argv)
{
	struct iol_job job;
	struct iol_trifacts tf;
	struct iol_error err = {0};

	if (argc != 2) {
		fprintf(stderr, "usage: coll-wait-hostile NPROCS\n");
		return 2;
	}
	memjob_init(&job, names, 2, strtoll(argv[1], NULL, 10));
	posix(0, 1, 0, DBL_MAX, NAN, NAN);
	posix(1, 1, 1, NAN, DBL_MAX, INFINITY);
	posix(2, 2, -1, DBL_MAX, -DBL_MAX, -1);
	posix(3, 2, -1, INFINITY, 0, DBL_MAX);
	mpiio(0, 1, 0, INT64_MAX, INT64_MAX, DBL_MAX);
	mfc[0][MPIIO_F_WRITE_TIME] = NAN; /* the slowest rank's */
	mpiio(1, 1, 1, INT64_MAX, -5, -INFINITY);
	mpiio(2, 1, 2, 3, INT64_MIN, NAN);
	mpiio(3, 2, -1, INT64_MAX, 0, DBL_MAX);
	mpiio(4, 2, -1, -1, INT64_MAX, DBL_MAX);
	memjob_mod(&job, IOL_MOD_POSIX, prec, NP);
	memjob_mod(&job, IOL_MOD_MPIIO, mrec, NM);
	if (iol_trifacts_compute(&job, &tf, &err) < 0) {
		fprintf(stderr, "coll-wait-hostile: %s\n", err.msg);
		return 1;
	}
	printf("data_wait %.6g\nwarm %.6g\n", tf.mpiio_coll_data_wait,
	       iol_triage_warm_rereads(&job));
	return memjob_triage_print_conf("coll-wait-hostile", &job, NULL);
}
