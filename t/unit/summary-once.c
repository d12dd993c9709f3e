/*
 * summary-once: the job summary's per-file passes on an in-memory job
 * (t/2013).  The top files by bytes and by time against every file
 * sorted (a full list keeps a file out by its last entry alone), with
 * ties of both keys; the standard streams left out of the strategy and
 * of the one rank's share (looked up once a file); and each module's
 * sums through iol_accum_add_perf() against iol_accum_add() of the same
 * records as struct iol_rec.  Prints "name<TAB>value" lines; exit 1 and
 * a line on stderr for each value that differs.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/accum.h"
#include "analysis/metrics.h"
#include "counters/counters.h"
#include "model/job-int.h"
#include "sources/darshan.h"
#include "t/unit/memjob.h"
#include "base/banned.h"

#define NF 40 /* files, one POSIX record each */

static const char *names[NF];
static char namebuf[NF][32];
static struct iol_jrec rec[NF];
static int64_t ic[NF][IOL_POSIX_NINT];
static double fc[NF][IOL_POSIX_NFLT];
static int bad;

static void fail(const char *what, long long i, double want, double got)
{
	fprintf(stderr, "%s %lld: want %a, got %a\n", what, i, want, got);
	bad = 1;
}

/* file i (id i + 1): its rank, bytes written and seconds of reads; the
 * keys repeat so that ties are broken by the id */
static void file(int i, int64_t rank, int64_t bw, double tr)
{
	memjob_rec(&rec[i], (uint64_t)i + 1, rank, ic[i], fc[i]);
	ic[i][POSIX_OPENS] = 1;
	ic[i][POSIX_WRITES] = bw > 0;
	ic[i][POSIX_BYTES_WRITTEN] = bw;
	ic[i][POSIX_MAX_BYTE_WRITTEN] = bw - 1;
	ic[i][POSIX_MAX_BYTE_READ] = -1;
	ic[i][POSIX_READS] = tr > 0;
	fc[i][POSIX_F_READ_TIME] = tr;
	fc[i][POSIX_F_SLOWEST_RANK_TIME] = tr;
}

static double key(int i, int by_time)
{
	return by_time ? fc[i][POSIX_F_READ_TIME]
		       : (double)ic[i][POSIX_BYTES_WRITTEN];
}

/* file i before file j: the larger key, then the lower id */
static int before(int i, int j, int by_time)
{
	return key(i, by_time) > key(j, by_time) ||
	       (key(i, by_time) == key(j, by_time) && i < j);
}

/* the list against every file but the excluded one sorted by hand */
static void check_top(const struct iol_topfile *top, int by_time, int excluded)
{
	int order[NF], n = 0, i, j;

	for (i = 0; i < NF; i++)
		if (i != excluded)
			order[n++] = i;
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && before(order[j], order[j - 1], by_time);
		     j--) {
			int t = order[j];

			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	for (i = 0; i < IOL_TOPN; i++) {
		printf("top_%s_%d\t%llu\n", by_time ? "time" : "bytes", i,
		       (unsigned long long)top[i].id);
		if (top[i].id != (uint64_t)order[i] + 1)
			fail(by_time ? "top by time" : "top by bytes", i,
			     order[i] + 1, (double)top[i].id);
	}
}

/* the accumulator's figures from the job's records both ways */
static void check_accum(const struct iol_job *job)
{
	const struct iol_jmod *jm = &job->mod[IOL_MOD_POSIX];
	struct iol_accum a, b;
	struct iol_perf pa, pb;
	struct iol_rec *r = calloc(1, sizeof(*r));
	size_t i;

	if (!r || iol_accum_init(&a, IOL_MOD_POSIX, job->nprocs) < 0 ||
	    iol_accum_init(&b, IOL_MOD_POSIX, job->nprocs) < 0) {
		fprintf(stderr, "out of memory\n");
		exit(1);
	}
	b.perf_only = 1;
	for (i = 0; i < jm->n; i++) {
		r->mod = IOL_MOD_POSIX;
		r->id = jm->recs[i].id;
		r->rank = jm->recs[i].rank;
		r->nint = IOL_POSIX_NINT;
		r->nflt = IOL_POSIX_NFLT;
		memcpy(r->ic, jm->recs[i].ic, sizeof(ic[0]));
		memcpy(r->fc, jm->recs[i].fc, sizeof(fc[0]));
		if (iol_accum_add(&a, r) < 0 ||
		    iol_accum_add_perf(&b, jm->recs[i].rank, jm->recs[i].ic,
				       jm->recs[i].fc) < 0)
			fail("accum add", (long long)i, 0, -1);
	}
	iol_accum_perf(&a, &pa);
	iol_accum_perf(&b, &pb);
	printf("accum\t%lld %a %a %a %d %a\n", (long long)pb.total_bytes,
	       pb.slowest_rank_io_time, pb.slowest_rank_meta_time,
	       pb.slowest_rank_rw_time, pb.slowest_rank,
	       pb.shared_time_by_slowest);
	if (memcmp(&pa, &pb, sizeof(pa)) != 0)
		fail("accum perf", 0, pa.slowest_rank_io_time,
		     pb.slowest_rank_io_time);
	/* a rank beyond the job's, and an accumulator that keeps files */
	printf("accum_bad_rank\t%d\n",
	       iol_accum_add_perf(&b, job->nprocs, ic[0], fc[0]));
	printf("accum_not_perf_only\t%d\n",
	       iol_accum_add_perf(&a, 0, ic[0], fc[0]));
	iol_accum_release(&a);
	iol_accum_release(&b);
	free(r);
}

int main(void)
{
	struct iol_job_priv priv;
	struct iol_job job;
	struct iol_summary s;
	struct iol_error err = {0};
	int i;

	for (i = 0; i < NF; i++) {
		snprintf(namebuf[i], sizeof(namebuf[i]), "/d/f%02d.dat", i);
		names[i] = namebuf[i];
	}
	names[3] = "<STDOUT>";	    /* the most bytes: not the strategy's */
	names[7] = "/usr/lib/x.so"; /* left out of the top files */
	memset(&priv, 0, sizeof(priv));
	memjob_init(&job, names, NF, 4);
	job.priv = &priv;
	for (i = 0; i < NF; i++)
		file(i, i == 3 ? 1 : 0, 1000 * (int64_t)((i * 7) % 5 + 1),
		     0.25 * (double)((i * 3) % 4));
	ic[3][POSIX_BYTES_WRITTEN] = 1000000;
	ic[3][POSIX_MAX_BYTE_WRITTEN] = 999999;
	memjob_mod(&job, IOL_MOD_POSIX, rec, NF);
	if (iol_summary_compute(&job, NULL, &s, &err) < 0) {
		fprintf(stderr, "summary-once: %s\n", err.msg);
		return 1;
	}
	check_top(s.top_bytes, 0, 7);
	check_top(s.top_time, 1, 7);
	printf("top_excluded\t%lld\n", (long long)s.top_excluded);
	printf("strategy\t%s\n", s.strategy);
	printf("strategy_files\t%lld\n", (long long)s.strategy_files);
	check_accum(&job);
	iol_arena_release(&priv.arena);
	return bad;
}
