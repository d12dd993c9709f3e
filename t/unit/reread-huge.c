/*
 * reread-huge: the triage facts' redundant bytes of an in-memory job
 * whose counters are near INT64_MAX, as a damaged or hostile log's are
 * (t/7233): a file read by two ranks 5e18 B each, one read through STDIO
 * by two records 5e18 B each, and one whose highest byte read is
 * INT64_MAX.  The sums saturate at INT64_MAX and a highest byte of
 * INT64_MAX re-reads nothing; an MPI-IO record of 5e18 small reads and
 * 5e18 small writes has INT64_MAX small calls: no count wraps to a
 * negative or a small number.  Prints redundant_bytes, redundant_stdio,
 * the file with the most and the MPI-IO call counts.
 */
#include <stdint.h>
#include <stdio.h>

#include "analysis/trifacts.h"
#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "base/banned.h"

#define MIB 1048576
#define HUGE_READ 5000000000000000000
static const char *const names[] = {"/d/big.dat", "/d/stdio.dat", "/d/max.dat",
				    "/d/mpi.dat"};
static struct iol_jrec prec[3], srec[2];
static int64_t pic[3][IOL_POSIX_NINT], sic[2][IOL_STDIO_NINT];
static double pfc[3][IOL_POSIX_NFLT], sfc[2][IOL_STDIO_NFLT];
static struct iol_jrec mrec;
static int64_t mic[IOL_MPIIO_NINT];
static double mfc[IOL_MPIIO_NFLT];

static void posix(int i, uint64_t id, int64_t rank, int64_t br, int64_t maxr)
{
	memjob_rec(&prec[i], id, rank, pic[i], pfc[i]);
	pic[i][POSIX_OPENS] = 1;
	pic[i][POSIX_READS] = 1;
	pic[i][POSIX_BYTES_READ] = br;
	pic[i][POSIX_MAX_BYTE_READ] = maxr;
	pic[i][POSIX_MAX_BYTE_WRITTEN] = -1;
	pic[i][POSIX_SIZE_READ_1G_PLUS] = 1;
	pfc[i][POSIX_F_READ_TIME] = 0.01;
}

static void stdio(int i, uint64_t id, int64_t rank, int64_t br)
{
	memjob_rec(&srec[i], id, rank, sic[i], sfc[i]);
	sic[i][STDIO_OPENS] = 1;
	sic[i][STDIO_READS] = 1;
	sic[i][STDIO_BYTES_READ] = br;
	sic[i][STDIO_MAX_BYTE_READ] = MIB - 1;
	sic[i][STDIO_MAX_BYTE_WRITTEN] = -1;
	sfc[i][STDIO_F_READ_TIME] = 0.01;
}

int main(void)
{
	struct iol_job job;
	struct iol_trifacts tf;
	struct iol_error err = {0};

	memjob_init(&job, names, 4, 2);
	posix(0, 1, 0, HUGE_READ, MIB - 1);
	posix(1, 1, 1, HUGE_READ, MIB - 1);
	posix(2, 3, 0, INT64_MAX, INT64_MAX);
	stdio(0, 2, 0, HUGE_READ);
	stdio(1, 2, 1, HUGE_READ);
	memjob_mod(&job, IOL_MOD_POSIX, prec, 3);
	memjob_mod(&job, IOL_MOD_STDIO, srec, 2);
	/* MPI-IO calls of under 100 B, 5e18 read and 5e18 written */
	memjob_rec(&mrec, 4, 0, mic, mfc);
	mic[MPIIO_INDEP_READS] = mic[MPIIO_INDEP_WRITES] = HUGE_READ;
	mic[MPIIO_SIZE_READ_AGG_0_100] = HUGE_READ;
	mic[MPIIO_SIZE_WRITE_AGG_0_100] = HUGE_READ;
	mfc[MPIIO_F_READ_TIME] = mfc[MPIIO_F_WRITE_TIME] = 1;
	memjob_mod(&job, IOL_MOD_MPIIO, &mrec, 1);
	if (iol_trifacts_compute(&job, &tf, &err) < 0) {
		fprintf(stderr, "reread-huge: %s\n", err.msg);
		return 1;
	}
	printf("redundant_bytes %lld\nredundant_stdio %lld\nredundant_file "
	       "%s\nmpiio_ops %lld\nmpiio_small %lld\nmpiio_tiny %lld\n",
	       (long long)tf.redundant_bytes, (long long)tf.redundant_stdio,
	       tf.redundant_id ? memjob_name_of(&job, tf.redundant_id) : "",
	       (long long)tf.mpiio_ops, (long long)tf.mpiio_small,
	       (long long)tf.mpiio_tiny);
	return 0;
}
