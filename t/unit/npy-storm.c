/*
 * npy-storm: triage of an in-memory job shaped as round 29's
 * dl-npy-many (t/7444): one process reads 2000 files of 8320 B once an
 * epoch for 3 epochs, two opens and one 4 KiB read a file an epoch,
 * 0.16 s of opens and 0.16 s of reads in a 3.5 s run, beside one
 * 8 MiB file read in 0.3 s.  The storm's stake is its files' opens and
 * reads, less their 16.6 MB read once at read_rate_mibs: the large
 * file's read is not the storm's.  Prints each rule's code, severity
 * and stake, tab-separated.
 *
 *   npy-storm
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/triage.h"
#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "t/unit/memtriage.h"
#include "base/banned.h"

#define NF 2000
#define BIG (8 << 20)

static char buf[NF + 1][40];
static const char *names[NF + 1];
static struct iol_jrec recs[NF + 1];
static int64_t pic[NF + 1][IOL_POSIX_NINT];
static double pfc[NF + 1][IOL_POSIX_NFLT];

/* file k: 6 opens, 3 reads of 4 KiB up to byte 8319 */
static void sample(int k)
{
	snprintf(buf[k], sizeof(buf[k]), "/data/samples/s%04d.npy", k);
	names[k] = buf[k];
	memjob_rec(&recs[k], (uint64_t)k + 1, 0, pic[k], pfc[k]);
	pic[k][POSIX_OPENS] = 6;
	pic[k][POSIX_READS] = 3;
	pic[k][POSIX_BYTES_READ] = 3 * 4096;
	pic[k][POSIX_SIZE_READ_1K_10K] = 3;
	pic[k][POSIX_MAX_BYTE_READ] = 8319;
	pic[k][POSIX_MAX_BYTE_WRITTEN] = -1;
	pfc[k][POSIX_F_META_TIME] = 0.00008;
	pfc[k][POSIX_F_READ_TIME] = 0.00008;
	pfc[k][POSIX_F_OPEN_START_TIMESTAMP] = 0.1 + k * 0.0001;
	pfc[k][POSIX_F_READ_START_TIMESTAMP] = 0.1 + k * 0.0001;
	pfc[k][POSIX_F_CLOSE_END_TIMESTAMP] = 3.0;
}

/* the one large file: 8 MiB in one read of 0.3 s */
static void large(int k)
{
	snprintf(buf[k], sizeof(buf[k]), "/data/weights.bin");
	names[k] = buf[k];
	memjob_rec(&recs[k], (uint64_t)k + 1, 0, pic[k], pfc[k]);
	pic[k][POSIX_OPENS] = 1;
	pic[k][POSIX_READS] = 1;
	pic[k][POSIX_BYTES_READ] = BIG;
	pic[k][POSIX_SIZE_READ_4M_10M] = 1;
	pic[k][POSIX_MAX_BYTE_READ] = BIG - 1;
	pic[k][POSIX_MAX_BYTE_WRITTEN] = -1;
	pfc[k][POSIX_F_META_TIME] = 0.0001;
	pfc[k][POSIX_F_READ_TIME] = 0.3;
	pfc[k][POSIX_F_OPEN_START_TIMESTAMP] = 0.05;
	pfc[k][POSIX_F_READ_START_TIMESTAMP] = 0.05;
	pfc[k][POSIX_F_CLOSE_END_TIMESTAMP] = 0.4;
}

int main(void)
{
	struct iol_job job;
	size_t i;

	for (i = 0; i < NF; i++)
		sample((int)i);
	large(NF);
	memjob_init(&job, names, NF + 1, 1);
	job.run_time = 3.5;
	job.ncreated = -1; /* Darshan's: estimated */
	memjob_mod(&job, IOL_MOD_POSIX, recs, NF + 1);
	return memjob_triage_print("npy-storm", &job);
}
