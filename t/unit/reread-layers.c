/*
 * reread-layers: the triage facts of an in-memory job whose files are
 * read through POSIX, STDIO or both (t/7317): a byte both layers saw
 * counts once, STDIO's re-reads beyond POSIX's count, STDIO alone
 * counts.  Darshan's writer (render/darshan-write.c) writes no STDIO
 * module, so the job is built here and iol_trifacts_compute() run on it.
 *
 * Files, one process, 1 MiB each:
 *   both.dat   POSIX reads it twice, STDIO reads it twice (the same
 *              bytes seen by both layers: 1 MiB re-read, once)
 *   stdio.dat  STDIO alone, three times (2 MiB re-read)
 *   more.dat   POSIX once, STDIO twice (1 MiB re-read through STDIO)
 * Prints redundant_bytes, redundant_stdio and the file with the most.
 */
#include <stdio.h>

#include "analysis/trifacts.h"
#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "base/banned.h"

#define MIB 1048576
static const char *const names[] = {"/d/both.dat", "/d/stdio.dat",
				    "/d/more.dat"};
static struct iol_jrec prec[2], srec[3];
static int64_t pic[2][IOL_POSIX_NINT], sic[3][IOL_STDIO_NINT];
static double pfc[2][IOL_POSIX_NFLT], sfc[3][IOL_STDIO_NFLT];

static void posix(int i, uint64_t id, int times)
{
	memjob_rec(&prec[i], id, 0, pic[i], pfc[i]);
	pic[i][POSIX_OPENS] = times;
	pic[i][POSIX_READS] = times;
	pic[i][POSIX_BYTES_READ] = (int64_t)times * MIB;
	pic[i][POSIX_MAX_BYTE_READ] = MIB - 1;
	pic[i][POSIX_MAX_BYTE_WRITTEN] = -1;
	pic[i][POSIX_SIZE_READ_1M_4M] = times;
	pfc[i][POSIX_F_READ_TIME] = 0.01 * times;
}

static void stdio(int i, uint64_t id, int times)
{
	memjob_rec(&srec[i], id, 0, sic[i], sfc[i]);
	sic[i][STDIO_OPENS] = times;
	sic[i][STDIO_READS] = times;
	sic[i][STDIO_BYTES_READ] = (int64_t)times * MIB;
	sic[i][STDIO_MAX_BYTE_READ] = MIB - 1;
	sic[i][STDIO_MAX_BYTE_WRITTEN] = -1;
	sfc[i][STDIO_F_READ_TIME] = 0.01 * times;
}

int main(void)
{
	struct iol_job job;
	struct iol_trifacts tf;
	struct iol_error err = {0};

	memjob_init(&job, names, 3, 1);
	posix(0, 1, 2);
	posix(1, 3, 1);
	stdio(0, 1, 2);
	stdio(1, 2, 3);
	stdio(2, 3, 2);
	memjob_mod(&job, IOL_MOD_POSIX, prec, 2);
	memjob_mod(&job, IOL_MOD_STDIO, srec, 3);
	if (iol_trifacts_compute(&job, &tf, &err) < 0) {
		fprintf(stderr, "reread-layers: %s\n", err.msg);
		return 1;
	}
	printf("redundant_bytes %lld\nredundant_stdio %lld\nredundant_file "
	       "%s\n",
	       (long long)tf.redundant_bytes, (long long)tf.redundant_stdio,
	       tf.redundant_id ? memjob_name_of(&job, tf.redundant_id) : "");
	return 0;
}
