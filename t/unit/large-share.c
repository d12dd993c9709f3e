/*
 * large-share: triage of an in-memory job shaped as round 21's sample-2
 * (t/0993): 64 ranks read one shared HDF5 file on Lustre (1 MiB
 * stripes), each 31 metadata pieces of ~450 B and six pieces of
 * 128 MiB, every read off a stripe boundary; the slowest read 14.1 s at
 * 128 MiB, a rank's reads 70 s of an 85 s run.  By the count of calls
 * the small reads held 31 of 37 of the time and the misaligned ones
 * all of it; by bytes at the slowest large read's pace the large reads
 * hold it all, and only their first and last stripes are shared.
 * Prints each rule's code, severity and stake, tab-separated.
 */
#include <math.h>
#include <stdio.h>

#include "analysis/triage.h"
#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "t/unit/memtriage.h"
#include "base/banned.h"

#define NP 64
#define BIG 134217728LL

static const char *const names[] = {"/lus/vpicio/vpicio.h5"};
static const struct iol_mount mnt[] = {{"/lus", "lustre", 4}};
static struct iol_jrec prec;
static int64_t pic[IOL_POSIX_NINT];
static double pfc[IOL_POSIX_NFLT];

static void posix(void)
{
	memjob_rec(&prec, 1, -1, pic, pfc);
	pic[POSIX_OPENS] = NP;
	pic[POSIX_READS] = NP * 37;
	pic[POSIX_SIZE_READ_100_1K] = NP * 31;
	pic[POSIX_SIZE_READ_100M_1G] = NP * 6;
	pic[POSIX_BYTES_READ] = NP * (31 * 450 + 6 * BIG);
	pic[POSIX_MAX_BYTE_READ] = NP * 6 * BIG + 6279;
	pic[POSIX_MAX_BYTE_WRITTEN] = -1;
	pic[POSIX_FILE_ALIGNMENT] = 1048576;
	pic[POSIX_FILE_NOT_ALIGNED] = NP * 37;
	pic[POSIX_MAX_READ_TIME_SIZE] = BIG;
	pic[POSIX_SEQ_READS] = NP * 37;
	pic[POSIX_CONSEC_READS] = NP * 37;
	pic[POSIX_ACCESS1_ACCESS] = 448;
	pic[POSIX_ACCESS1_COUNT] = NP * 31;
	pic[POSIX_ACCESS2_ACCESS] = BIG;
	pic[POSIX_ACCESS2_COUNT] = NP * 6;
	pfc[POSIX_F_READ_TIME] = NP * 70.0;
	pfc[POSIX_F_META_TIME] = NP * 0.01;
	pfc[POSIX_F_MAX_READ_TIME] = 14.1;
	pfc[POSIX_F_SLOWEST_RANK_TIME] = 76;
	pfc[POSIX_F_FASTEST_RANK_TIME] = 64;
	pfc[POSIX_F_OPEN_START_TIMESTAMP] = 1;
	pfc[POSIX_F_READ_START_TIMESTAMP] = 2;
	pfc[POSIX_F_READ_END_TIMESTAMP] = 80;
	pfc[POSIX_F_CLOSE_END_TIMESTAMP] = 81;
}

int main(void)
{
	struct iol_job job;

	memjob_init(&job, names, 1, NP);
	job.run_time = 85;
	job.mounts = mnt;
	job.nmounts = 1;
	posix();
	memjob_mod(&job, IOL_MOD_POSIX, &prec, 1);
	return memjob_triage_print("large-share", &job);
}
