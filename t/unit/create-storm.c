/*
 * create-storm: triage of an in-memory job shaped as round 23's cp -r
 * (t/7434): one process creates 1500 small files, one write of 2 KiB
 * each, 0.9 s of metadata in a 1.1 s run.  With "read" the process
 * reads 1500 existing files instead (grep -r's shape).  Prints each
 * rule's code, severity and stake, tab-separated.
 *
 *   create-storm [read]
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/triage.h"
#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "t/unit/memtriage.h"
#include "base/banned.h"

#define NF 1500

static char buf[NF][32];
static const char *names[NF];
static struct iol_jrec recs[NF];
static int64_t pic[NF][IOL_POSIX_NINT];
static double pfc[NF][IOL_POSIX_NFLT];

/* file k: one open, one 2 KiB read or write, 0.0006 s of metadata */
static void file(int k, int rd)
{
	snprintf(buf[k], sizeof(buf[k]), "/home/u/tree/f%04d", k);
	names[k] = buf[k];
	memjob_rec(&recs[k], (uint64_t)k + 1, 0, pic[k], pfc[k]);
	pic[k][POSIX_OPENS] = 1;
	pic[k][rd ? POSIX_READS : POSIX_WRITES] = 1;
	pic[k][rd ? POSIX_BYTES_READ : POSIX_BYTES_WRITTEN] = 2048;
	pic[k][rd ? POSIX_SIZE_READ_1K_10K : POSIX_SIZE_WRITE_1K_10K] = 1;
	pic[k][POSIX_MAX_BYTE_READ] = rd ? 2047 : -1;
	pic[k][POSIX_MAX_BYTE_WRITTEN] = rd ? -1 : 2047;
	pfc[k][POSIX_F_META_TIME] = 0.0006;
	pfc[k][rd ? POSIX_F_READ_TIME : POSIX_F_WRITE_TIME] = 0.00001;
	pfc[k][POSIX_F_OPEN_START_TIMESTAMP] = 0.1 + k * 0.0006;
	pfc[k][rd ? POSIX_F_READ_START_TIMESTAMP
		  : POSIX_F_WRITE_START_TIMESTAMP] = 0.1 + k * 0.0006;
	pfc[k][POSIX_F_CLOSE_END_TIMESTAMP] = 0.1 + (k + 1) * 0.0006;
}

int main(int argc, char **argv)
{
	struct iol_job job;
	int rd = argc > 1 && !strcmp(argv[1], "read");
	size_t i;

	for (i = 0; i < NF; i++)
		file((int)i, rd);
	memjob_init(&job, names, NF, 1);
	job.run_time = 1.1;
	job.ncreated = -1; /* Darshan's: estimated */
	memjob_mod(&job, IOL_MOD_POSIX, recs, NF);
	return memjob_triage_print("create-storm", &job);
}
