/*
 * spread-storage: triage of an in-memory job shaped as round 21's
 * VPIC-IO write (t/0994): 64 ranks write 1 GiB each to one shared file
 * in eight calls of 128 MiB, striped over 24 OSTs of 1 MiB (every call
 * spans them all), the ranks finishing in 20.5-85.5 s of a 117 s run
 * with the slowest call 17.9 s: a spread no rank owns.  "slowop": the
 * slowest rank's call took 60 s (a slow single op of its own); "bytes":
 * the slowest rank wrote 1.5 GiB.  Prints each rule's code, severity and
 * stake, tab-separated.
 *
 *   spread-storage [slowop|bytes]
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/triage.h"
#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "t/unit/memtriage.h"
#include "base/banned.h"

#define NP 64
#define BIG 134217728LL
#define GIB 1073741824LL

static const char *const names[] = {"/lus/vpicio/vpicio.h5"};
static const struct iol_mount mnt[] = {{"/lus", "lustre", 4}};
static struct iol_jrec prec;
static int64_t pic[IOL_POSIX_NINT];
static double pfc[IOL_POSIX_NFLT];
static struct iol_jlustre lu;
static int64_t osts[24];

static void posix(int slowop, int bytes)
{
	memjob_rec(&prec, 1, -1, pic, pfc);
	pic[POSIX_OPENS] = NP;
	pic[POSIX_WRITES] = NP * 8;
	pic[POSIX_SIZE_WRITE_100M_1G] = NP * 8;
	pic[POSIX_BYTES_WRITTEN] = NP * GIB + (bytes ? GIB / 2 : 0);
	pic[POSIX_MAX_BYTE_WRITTEN] = pic[POSIX_BYTES_WRITTEN] + 6278;
	pic[POSIX_MAX_BYTE_READ] = -1;
	pic[POSIX_FILE_ALIGNMENT] = 1048576;
	pic[POSIX_MAX_WRITE_TIME_SIZE] = BIG;
	pic[POSIX_ACCESS1_ACCESS] = BIG;
	pic[POSIX_ACCESS1_COUNT] = NP * 8;
	pic[POSIX_FASTEST_RANK] = 7;
	pic[POSIX_FASTEST_RANK_BYTES] = GIB;
	pic[POSIX_SLOWEST_RANK] = 42;
	pic[POSIX_SLOWEST_RANK_BYTES] = bytes ? GIB + GIB / 2 : GIB;
	pfc[POSIX_F_WRITE_TIME] = NP * 49.0;
	pfc[POSIX_F_MAX_WRITE_TIME] = slowop ? 60 : 17.9;
	pfc[POSIX_F_FASTEST_RANK_TIME] = 20.5;
	pfc[POSIX_F_SLOWEST_RANK_TIME] = 85.5;
	pfc[POSIX_F_OPEN_START_TIMESTAMP] = 1;
	pfc[POSIX_F_WRITE_START_TIMESTAMP] = 2;
	pfc[POSIX_F_WRITE_END_TIMESTAMP] = 88;
	pfc[POSIX_F_CLOSE_END_TIMESTAMP] = 89;
}

int main(int argc, char **argv)
{
	struct iol_job job;
	int slowop = argc > 1 && !strcmp(argv[1], "slowop");
	int bytes = argc > 1 && !strcmp(argv[1], "bytes");
	size_t i;

	memjob_init(&job, names, 1, NP);
	job.run_time = 117;
	job.mounts = mnt;
	job.nmounts = 1;
	posix(slowop, bytes);
	memjob_mod(&job, IOL_MOD_POSIX, &prec, 1);
	for (i = 0; i < 24; i++)
		osts[i] = (int64_t)i;
	lu = (struct iol_jlustre){1, 1048576, 24, 24, osts};
	job.lustre = &lu;
	job.nlustre = 1;
	return memjob_triage_print("spread-storage", &job);
}
