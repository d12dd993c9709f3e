/*
 * stdio-fsync: triage of an in-memory job shaped as round 34's
 * r34-logfsync (t/7455): one process fprintf's 1500 log lines of 78 B,
 * each fflush'ed and fsync'ed.  glibc's write(2) inside fflush is not
 * logged, so the POSIX record has the 1501 fsyncs and their 4.17 s of
 * write time but no write; the STDIO record of the same file has the
 * 1500 writes and 1501 flushes.  With "end" the lines are synced once
 * at the end (the better twin).  Prints each rule's code, severity and
 * stake, tab-separated.
 *
 *   stdio-fsync [end]
 */
#include <stdio.h>
#include <string.h>

#include "analysis/triage.h"
#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "t/unit/memtriage.h"
#include "base/banned.h"

static const char *names[1] = {"/scratch/u/out/app.log"};
static struct iol_jrec prec[1], srec[1];
static int64_t pic[IOL_POSIX_NINT], sic[IOL_STDIO_NINT];
static double pfc[IOL_POSIX_NFLT], sfc[IOL_STDIO_NFLT];

int main(int argc, char **argv)
{
	struct iol_job job;
	int end = argc > 1 && !strcmp(argv[1], "end");

	memjob_rec(&prec[0], 1, 0, pic, pfc);
	memjob_rec(&srec[0], 1, 0, sic, sfc);
	pic[POSIX_OPENS] = 1;
	pic[POSIX_FSYNCS] = end ? 1 : 1501;
	pfc[POSIX_F_WRITE_TIME] = end ? 0.005 : 4.17;
	pfc[POSIX_F_META_TIME] = 0.002;
	sic[STDIO_OPENS] = 1;
	sic[STDIO_WRITES] = 1500;
	sic[STDIO_FLUSHES] = end ? 1 : 1501;
	sic[STDIO_BYTES_WRITTEN] = 117000;
	sic[STDIO_MAX_BYTE_WRITTEN] = 116999;
	sfc[STDIO_F_WRITE_TIME] = 0.0168;
	memjob_init(&job, names, 1, 1);
	job.run_time = end ? 0.4 : 4.5;
	memjob_mod(&job, IOL_MOD_POSIX, prec, 1);
	memjob_mod(&job, IOL_MOD_STDIO, srec, 1);
	return memjob_triage_print("stdio-fsync", &job);
}
