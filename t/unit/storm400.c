/*
 * storm400: triage of an in-memory job shaped as the population's esm-meta
 * c13 (mdtest, t/7449): one process creates 400 files of 4 KiB, one write
 * each, 0.12 s of metadata in a 1.1 s run (11 %).  "reopen": each file
 * is also opened 20 times (an open storm beside the file storm); "short":
 * 0.04 s of metadata (3.6 %).  CONF: thresholds over the defaults, in
 * etc/triage.conf's form.  Prints each rule's code, severity, stake and
 * detail, tab-separated (as t/unit/memtriage.h).
 *
 *   storm400 [reopen|short|-] [CONF]
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/triage.h"
#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "t/unit/memtriage.h"
#include "base/banned.h"

#define NF 400

static char buf[NF][32];
static const char *names[NF];
static struct iol_jrec recs[NF];
static int64_t pic[NF][IOL_POSIX_NINT];
static double pfc[NF][IOL_POSIX_NFLT];

/* file k: opens opens, one 4 KiB write, meta s of metadata */
static void file(int k, int64_t opens, double meta)
{
	snprintf(buf[k], sizeof(buf[k]), "/scratch/md/f%04d", k);
	names[k] = buf[k];
	memjob_rec(&recs[k], (uint64_t)k + 1, 0, pic[k], pfc[k]);
	pic[k][POSIX_OPENS] = opens;
	pic[k][POSIX_WRITES] = 1;
	pic[k][POSIX_BYTES_WRITTEN] = 4096;
	pic[k][POSIX_SIZE_WRITE_1K_10K] = 1;
	pic[k][POSIX_MAX_BYTE_READ] = -1;
	pic[k][POSIX_MAX_BYTE_WRITTEN] = 4095;
	pfc[k][POSIX_F_META_TIME] = meta;
	pfc[k][POSIX_F_WRITE_TIME] = 0.00001;
	pfc[k][POSIX_F_OPEN_START_TIMESTAMP] = 0.1 + k * meta;
	pfc[k][POSIX_F_WRITE_START_TIMESTAMP] = 0.1 + k * meta;
	pfc[k][POSIX_F_CLOSE_END_TIMESTAMP] = 0.1 + (k + 1) * meta;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	struct iol_job job;
	size_t i;

	for (i = 0; i < NF; i++)
		file((int)i, strcmp(mode, "reopen") ? 1 : 20,
		     strcmp(mode, "short") ? 0.0003 : 0.0001);
	memjob_init(&job, names, NF, 1);
	job.run_time = 1.1;
	job.ncreated = -1; /* Darshan's: estimated */
	memjob_mod(&job, IOL_MOD_POSIX, recs, NF);
	return memjob_triage_print_conf("storm400", &job,
					argc > 2 ? argv[2] : NULL);
}
