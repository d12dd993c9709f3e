/*
 * coll-view: triage of an in-memory job shaped as round 40's r40-e3sm
 * (t/7467): 8 ranks write one shared file by 320 collective calls of
 * 512 KiB through file views (VIEWS 352); the fastest rank spends
 * 10.446 s in MPI-IO, the slowest 12.879 s, while the one aggregator's
 * POSIX writes (40 of 4 MiB) take 1.061 s.  Modes:
 *   (none)   as r40-e3sm;
 *   wait     the same calls, but one rank computes longer before each
 *            and the others wait for it in MPI-IO: the fastest rank
 *            (the late one) spends 0.5 s, the slowest still 12.879 s;
 *   noview   as r40-e3sm without a file view;
 *   longname as r40-e3sm, its file named by 250 bytes (t/6166).
 * Prints each rule's code, severity and stake, tab-separated.
 *
 *   coll-view [wait|noview]
 */
#include <stdio.h>
#include <string.h>

#include "analysis/triage.h"
#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "t/unit/memtriage.h"
#include "base/banned.h"

static const char *names[1] = {"/scratch/u/out/e3.nc"};
static char longname[251];
static struct iol_jrec prec[1], mrec[1];
static int64_t pic[IOL_POSIX_NINT], mic[IOL_MPIIO_NINT];
static double pfc[IOL_POSIX_NFLT], mfc[IOL_MPIIO_NFLT];

static void posix_side(void)
{
	memjob_rec(&prec[0], 1, -1, pic, pfc);
	pic[POSIX_OPENS] = 16;
	pic[POSIX_WRITES] = 44;
	pic[POSIX_BYTES_WRITTEN] = 167772192;
	pic[POSIX_MAX_BYTE_WRITTEN] = 167772191;
	pic[POSIX_SIZE_WRITE_4M_10M] = 40;
	pic[POSIX_SIZE_WRITE_0_100] = 4;
	pic[POSIX_SLOWEST_RANK] = 0;
	pfc[POSIX_F_WRITE_TIME] = 1.05;
	pfc[POSIX_F_META_TIME] = 0.011;
	pfc[POSIX_F_SLOWEST_RANK_TIME] = 1.061;
	pfc[POSIX_F_FASTEST_RANK_TIME] = 0.000004;
	/* one rank of 8 moved it all: variance of bytes B^2/8 - (B/8)^2 */
	pfc[POSIX_F_VARIANCE_RANK_BYTES] = 167772192.0 * 167772192.0 * 7 / 64;
}

static void mpiio_side(const char *mode)
{
	memjob_rec(&mrec[0], 1, -1, mic, mfc);
	mic[MPIIO_COLL_OPENS] = 8;
	mic[MPIIO_COLL_WRITES] = 320;
	mic[MPIIO_INDEP_WRITES] = 4;
	mic[MPIIO_VIEWS] = strcmp(mode, "noview") ? 352 : 0;
	mic[MPIIO_BYTES_WRITTEN] = 167772192;
	mic[MPIIO_SIZE_WRITE_AGG_100K_1M] = 320;
	mic[MPIIO_SIZE_WRITE_AGG_0_100] = 4;
	mfc[MPIIO_F_META_TIME] = 1.27;
	mfc[MPIIO_F_WRITE_TIME] = 88.3;
	mfc[MPIIO_F_MAX_WRITE_TIME] = 0.762;
	mfc[MPIIO_F_SLOWEST_RANK_TIME] = 12.879;
	mfc[MPIIO_F_FASTEST_RANK_TIME] = strcmp(mode, "wait") ? 10.446 : 0.5;
}

int main(int argc, char **argv)
{
	struct iol_job job;
	const char *mode = argc > 1 ? argv[1] : "";

	if (!strcmp(mode, "longname")) {
		memset(longname, 'd', sizeof(longname) - 1);
		longname[0] = '/';
		names[0] = longname;
	}
	posix_side();
	mpiio_side(mode);
	memjob_init(&job, names, 1, 8);
	job.run_time = 36.583;
	memjob_mod(&job, IOL_MOD_POSIX, prec, 1);
	memjob_mod(&job, IOL_MOD_MPIIO, mrec, 1);
	return memjob_triage_print("coll-view", &job);
}
