/*
 * trifacts-hostile: counts of a damaged or hostile log (INT64_MAX) that
 * the record extraction and the triage facts add, in an in-memory job
 * (t/7402): a POSIX record's INT64_MAX sequential and consecutive reads
 * and writes and fsyncs and fdatasyncs; two shared POSIX records of a
 * file each with INT64_MAX small reads and writes; per-rank POSIX
 * records of a collective MPI-IO file each with INT64_MAX bytes read and
 * written, and its per-rank MPI-IO records of as many bytes.  The sums
 * overflowed (undefined: UBSan stopped the SANITIZE=1 build; wrapped to
 * negatives otherwise).  Prints the sums, then runs triage on the job.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "analysis/metrics.h"
#include "analysis/triage.h"
#include "analysis/trifacts.h"
#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "base/banned.h"

static const char *const names[] = {"/d/shared.dat", "/d/coll.dat"};
static struct iol_jrec prec[4], mrec[2];
static int64_t pic[4][IOL_POSIX_NINT], mic[2][IOL_MPIIO_NINT];
static double pfc[4][IOL_POSIX_NFLT], mfc[2][IOL_MPIIO_NFLT];

/* record i: file 1 shared (i < 2), else file 2 of rank i - 2 */
static void posix(int i)
{
	int64_t *c = pic[i];

	memjob_rec(&prec[i], i < 2 ? 1 : 2, i < 2 ? -1 : i - 2, c, pfc[i]);
	c[POSIX_OPENS] = 1;
	c[POSIX_READS] = c[POSIX_WRITES] = INT64_MAX;
	c[POSIX_SEQ_READS] = c[POSIX_SEQ_WRITES] = INT64_MAX;
	c[POSIX_CONSEC_READS] = c[POSIX_CONSEC_WRITES] = INT64_MAX;
	c[POSIX_FSYNCS] = c[POSIX_FDSYNCS] = INT64_MAX;
	c[POSIX_SIZE_READ_0_100] = c[POSIX_SIZE_WRITE_0_100] = INT64_MAX;
	c[POSIX_BYTES_READ] = c[POSIX_BYTES_WRITTEN] = INT64_MAX;
	c[POSIX_MAX_BYTE_READ] = c[POSIX_MAX_BYTE_WRITTEN] = INT64_MAX - 1;
	pfc[i][POSIX_F_READ_TIME] = pfc[i][POSIX_F_WRITE_TIME] = 1;
}

static void mpiio(int i)
{
	memjob_rec(&mrec[i], 2, i, mic[i], mfc[i]);
	mic[i][MPIIO_COLL_OPENS] = 1;
	mic[i][MPIIO_COLL_READS] = mic[i][MPIIO_COLL_WRITES] = 1;
	mic[i][MPIIO_BYTES_READ] = mic[i][MPIIO_BYTES_WRITTEN] = INT64_MAX;
	mfc[i][MPIIO_F_READ_TIME] = mfc[i][MPIIO_F_WRITE_TIME] = 1;
}

int main(void)
{
	struct iol_job job;
	struct iol_trifacts tf;
	struct iol_triage_conf conf;
	struct iol_triage t;
	struct iol_recx x;
	struct iol_error err = {0};
	int i;

	memjob_init(&job, names, 2, 2);
	for (i = 0; i < 4; i++)
		posix(i);
	mpiio(0);
	mpiio(1);
	memjob_mod(&job, IOL_MOD_POSIX, prec, 4);
	memjob_mod(&job, IOL_MOD_MPIIO, mrec, 2);
	iol_rec_extract(IOL_MOD_POSIX, &prec[0], &x);
	printf("seq %lld\nconsec %lld\nsyncs %lld\n", (long long)x.seq,
	       (long long)x.consec, (long long)x.syncs);
	if (iol_trifacts_compute(&job, &tf, &err) < 0) {
		fprintf(stderr, "trifacts-hostile: %s\n", err.msg);
		return 1;
	}
	printf("shared_small %lld\nshared_ops %lld\nrank_bytes_coll %lld\n",
	       (long long)tf.shared_small, (long long)tf.shared_ops,
	       (long long)tf.rank_bytes_coll);
	if (iol_triage_conf_parse(&conf, NULL, &err) < 0 ||
	    iol_triage_run(&job, &conf, &t, &err) < 0) {
		fprintf(stderr, "trifacts-hostile: %s\n", err.msg);
		return 1;
	}
	printf("triage %zu findings\n", t.n);
	iol_triage_free(&t);
	return 0;
}
