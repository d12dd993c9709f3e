/*
 * triage-r20: the triage facts of in-memory jobs shaped like round 20's
 * real logs (issue 34; t/7406-t/7409), which Darshan's writer here
 * (render/darshan-write.c, no MPI-IO module) cannot write:
 *
 *   mpiio   8 ranks, per-rank MPI-IO records (no rank -1 record) of one
 *           file: ranks 0-1 write 4 collective rounds of 8 MiB each,
 *           ranks 2-7 join them with zero-byte calls (0-100 B bin); every
 *           rank reads 200 pieces of 500 B independently (0.2 s) and
 *           spends 2 s in the collective writes; rank 0 alone reads a
 *           second file in 50 pieces of 500 B (jeanbez_8's shape)
 *   rounds  8 ranks, per-rank records of one file written in 10
 *           collective rounds of 4 KiB a rank (32 KiB rounds: small)
 *   lustre  4 ranks on a Lustre mount: a file whose LUSTRE record says
 *           32 MiB stripes (alignment 1 MiB), 1000 reads of 470 B a rank
 *           off the 1 MiB boundary; a file without a LUSTRE record, 100
 *           writes of 4 MiB off its 1 MiB alignment
 *   posix   4 ranks, per-rank POSIX records of one file (no rank -1
 *           record), 2000 reads of 470 B a rank in 0.3 s; rank 0 alone
 *           reads a second file in 100 pieces of 470 B (0.1 s)
 *   raw     3 ranks, per-rank POSIX records of one file: rank 0 reads a
 *           4 KiB header at 0.1 s, ranks 1-2 write 64 MiB from 0.25 s,
 *           rank 2 reads 32 MiB back from 6.5 s (jlbez_8a's shape)
 *
 *   triage-r20 MODE
 * prints the facts as "name value" lines.
 */
#include <stdio.h>

#include "analysis/trifacts.h"
#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "base/banned.h"

#define MIB 1048576
#define NR 16

static const char *const names[] = {"/lustre/run/bench.h5",
				    "/lustre/run/other.h5"};
static struct iol_jrec rec[NR];
static int64_t mic[NR][IOL_MPIIO_NINT], pic[NR][IOL_POSIX_NINT];
static double mfc[NR][IOL_MPIIO_NFLT], pfc[NR][IOL_POSIX_NFLT];
static struct iol_jlustre lu[1];
static const struct iol_mount mnt[] = {{"/lustre", "lustre", 7}};

/* rank's record i of file id: reads small reads of 500 B in rt s */
static struct iol_jrec *mrec(int i, uint64_t id, int64_t rank, int reads,
			     double rt)
{
	memjob_rec(&rec[i], id, rank, mic[i], mfc[i]);
	mic[i][MPIIO_INDEP_READS] = reads;
	mic[i][MPIIO_BYTES_READ] = (int64_t)reads * 500;
	mic[i][MPIIO_SIZE_READ_AGG_100_1K] = reads;
	mfc[i][MPIIO_F_READ_TIME] = rt;
	return &rec[i];
}

static void job_mpiio(struct iol_job *job)
{
	int i;

	memjob_init(job, names, 2, 8);
	for (i = 0; i < 8; i++) {
		mrec(i, 1, i, 200, 0.2);
		mic[i][MPIIO_COLL_WRITES] = 4;
		mfc[i][MPIIO_F_WRITE_TIME] = 2.0;
		if (i < 2) {
			mic[i][MPIIO_BYTES_WRITTEN] = 4 * 8 * (int64_t)MIB;
			mic[i][MPIIO_SIZE_WRITE_AGG_4M_10M] = 4;
		} else {
			mic[i][MPIIO_SIZE_WRITE_AGG_0_100] = 4;
		}
	}
	mrec(8, 2, 0, 50, 0.05);
	memjob_mod(job, IOL_MOD_MPIIO, rec, 9);
}

static void job_rounds(struct iol_job *job)
{
	int i;

	memjob_init(job, names, 1, 8);
	for (i = 0; i < 8; i++) {
		mrec(i, 1, i, 0, 0);
		mic[i][MPIIO_COLL_WRITES] = 10;
		mic[i][MPIIO_BYTES_WRITTEN] = 10 * 4096;
		mic[i][MPIIO_SIZE_WRITE_AGG_1K_10K] = 10;
		mfc[i][MPIIO_F_WRITE_TIME] = 1.0;
	}
	memjob_mod(job, IOL_MOD_MPIIO, rec, 8);
}

/* rank's POSIX record i of file id: n ops of size sz off alignment al */
static void prec(int i, uint64_t id, int64_t rank, int n, int64_t sz,
		 int64_t al, int write)
{
	memjob_rec(&rec[i], id, rank, pic[i], pfc[i]);
	pic[i][POSIX_OPENS] = 1;
	pic[i][write ? POSIX_WRITES : POSIX_READS] = n;
	pic[i][write ? POSIX_BYTES_WRITTEN : POSIX_BYTES_READ] = n * sz;
	pic[i][POSIX_MAX_BYTE_READ] = write ? -1 : 64 * (int64_t)MIB;
	pic[i][POSIX_MAX_BYTE_WRITTEN] = write ? 512 * (int64_t)MIB : -1;
	pic[i][POSIX_FILE_ALIGNMENT] = al;
	pic[i][POSIX_FILE_NOT_ALIGNED] = n;
	pic[i][POSIX_ACCESS1_ACCESS] = sz;
	pic[i][POSIX_ACCESS1_COUNT] = n;
	pfc[i][write ? POSIX_F_WRITE_TIME : POSIX_F_READ_TIME] = 0.1;
}

static void job_lustre(struct iol_job *job)
{
	int i;

	memjob_init(job, names, 2, 4);
	job->mounts = mnt;
	job->nmounts = 1;
	for (i = 0; i < 4; i++)
		prec(i, 1, i, 1000, 470, MIB, 0);
	prec(4, 2, -1, 100, 4 * MIB, MIB, 1);
	lu[0] = (struct iol_jlustre){1, 32 * MIB, 64, 0, NULL};
	job->lustre = lu;
	job->nlustre = 1;
	memjob_mod(job, IOL_MOD_POSIX, rec, 5);
}

static void job_posix(struct iol_job *job)
{
	int i;

	memjob_init(job, names, 2, 4);
	for (i = 0; i < 4; i++) {
		prec(i, 1, i, 2000, 470, 1, 0);
		pic[i][POSIX_SIZE_READ_100_1K] = 2000;
		pfc[i][POSIX_F_READ_TIME] = 0.3;
	}
	prec(4, 2, 0, 100, 470, 1, 0);
	pic[4][POSIX_SIZE_READ_100_1K] = 100;
	memjob_mod(job, IOL_MOD_POSIX, rec, 5);
}

static void job_raw(struct iol_job *job)
{
	memjob_init(job, names, 1, 3);
	prec(0, 1, 0, 1, 4096, 1, 0);
	pfc[0][POSIX_F_READ_START_TIMESTAMP] = 0.1;
	prec(1, 1, 1, 64, MIB, 1, 1);
	pfc[1][POSIX_F_WRITE_START_TIMESTAMP] = 0.25;
	prec(2, 1, 2, 64, MIB, 1, 1);
	pfc[2][POSIX_F_WRITE_START_TIMESTAMP] = 0.25;
	pic[2][POSIX_READS] = 32;
	pic[2][POSIX_BYTES_READ] = 32 * (int64_t)MIB;
	pic[2][POSIX_MAX_BYTE_READ] = 32 * (int64_t)MIB - 1;
	pfc[2][POSIX_F_READ_START_TIMESTAMP] = 6.5;
	pfc[2][POSIX_F_READ_TIME] = 0.5;
	memjob_mod(job, IOL_MOD_POSIX, rec, 3);
}

int main(int argc, char **argv)
{
	struct iol_job job;
	struct iol_trifacts tf;
	struct iol_error err = {0};
	const char *m = argc > 1 ? argv[1] : "";

	if (!strcmp(m, "mpiio"))
		job_mpiio(&job);
	else if (!strcmp(m, "rounds"))
		job_rounds(&job);
	else if (!strcmp(m, "lustre"))
		job_lustre(&job);
	else if (!strcmp(m, "posix"))
		job_posix(&job);
	else if (!strcmp(m, "raw"))
		job_raw(&job);
	else {
		fprintf(stderr,
			"usage: triage-r20 mpiio|rounds|lustre|posix|raw\n");
		return 2;
	}
	if (iol_trifacts_compute(&job, &tf, &err) < 0) {
		fprintf(stderr, "triage-r20: %s\n", err.msg);
		return 1;
	}
	printf("mpiio_small %lld\nmpiio_ops %lld\nmpiio_small_time %.3f\n"
	       "mpiio_shared_small %lld\nmpiio_shared_ops %lld\n"
	       "mpiio_shared_small_time %.3f\n",
	       (long long)tf.mpiio_small, (long long)tf.mpiio_ops,
	       tf.mpiio_small_time, (long long)tf.mpiio_shared_small,
	       (long long)tf.mpiio_shared_ops, tf.mpiio_shared_small_time);
	printf("lustre_ops %lld\nlustre_notaligned %lld\nlustre_stripe %lld\n"
	       "raw_bytes %lld\n",
	       (long long)tf.lustre_ops, (long long)tf.lustre_notaligned,
	       (long long)tf.lustre_stripe, (long long)tf.raw_bytes);
	printf("shared_small %lld\nshared_ops %lld\nshared_small_time %.3f\n",
	       (long long)tf.shared_small, (long long)tf.shared_ops,
	       tf.shared_small_time);
	return 0;
}
