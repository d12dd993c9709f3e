/*
 * meta-threads: triage of an in-memory job shaped as round 21's
 * dxt.darshan (t/7433): one process (a JVM), a run of 100 s, 16 named
 * pipes whose blocking opens, summed over the process's threads, took
 * 700 s of POSIX metadata (5-byte reads and writes), and one real file
 * of 4 MiB, 0.01 s of metadata.  With "under" the pipes' metadata is
 * 50 s, within the run: a metadata-bound job the rules judge.  Prints
 * each rule's code, severity and stake, tab-separated.
 *
 *   meta-threads [under]
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/triage.h"
#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "t/unit/memtriage.h"
#include "base/banned.h"

static const char *const names[] = {"/home/w/COMPSsWorker/pipe_1",
				    "/home/w/job/input.dat"};
static struct iol_jrec recs[2];
static int64_t pic[2][IOL_POSIX_NINT];
static double pfc[2][IOL_POSIX_NFLT];

/* record k: opens, 5-byte reads and writes n, bytes b, metadata m s */
static void posix(int k, int64_t opens, int64_t n, int64_t b, double m,
		  double rw)
{
	memjob_rec(&recs[k], (uint64_t)k + 1, 0, pic[k], pfc[k]);
	pic[k][POSIX_OPENS] = opens;
	pic[k][POSIX_READS] = n;
	pic[k][POSIX_WRITES] = n;
	pic[k][POSIX_BYTES_READ] = b;
	pic[k][POSIX_BYTES_WRITTEN] = b;
	pic[k][POSIX_MAX_BYTE_READ] = b - 1;
	pic[k][POSIX_MAX_BYTE_WRITTEN] = b - 1;
	pic[k][POSIX_SEQ_READS] = n;
	pic[k][POSIX_SEQ_WRITES] = n;
	pfc[k][POSIX_F_META_TIME] = m;
	pfc[k][POSIX_F_READ_TIME] = rw;
	pfc[k][POSIX_F_WRITE_TIME] = rw;
	pfc[k][POSIX_F_OPEN_START_TIMESTAMP] = 1;
	pfc[k][POSIX_F_READ_START_TIMESTAMP] = 2;
	pfc[k][POSIX_F_READ_END_TIMESTAMP] = 98;
	pfc[k][POSIX_F_WRITE_START_TIMESTAMP] = 2;
	pfc[k][POSIX_F_WRITE_END_TIMESTAMP] = 98;
	pfc[k][POSIX_F_CLOSE_END_TIMESTAMP] = 99;
}

int main(int argc, char **argv)
{
	struct iol_job job;
	int under = argc > 1 && !strcmp(argv[1], "under");

	memjob_init(&job, names, 2, 1);
	job.run_time = 100;
	posix(0, 1600, 1600, 1600 * 5, under ? 50 : 700, 0.01);
	pic[0][POSIX_SIZE_READ_0_100] = pic[0][POSIX_SIZE_WRITE_0_100] = 1600;
	posix(1, 1, 4, 4 << 20, 0.01, 0.02);
	pic[1][POSIX_SIZE_READ_1M_4M] = pic[1][POSIX_SIZE_WRITE_1M_4M] = 4;
	memjob_mod(&job, IOL_MOD_POSIX, recs, 2);
	return memjob_triage_print("meta-threads", &job);
}
