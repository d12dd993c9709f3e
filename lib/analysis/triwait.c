/*
 * The slowest MPI-IO rank's wait in collective opens and closes (issue
 * 34, round 51): a collective MPI_File_open or close returns when every
 * rank of its communicator has entered it, so a rank whose partners
 * still compute spends their compute in MPI-IO metadata.  r51-ens-
 * sharedin: members of 2 ranks each open their own file collectively;
 * rank 1's record of member0 holds 3.590 s of MPIIO_F_META_TIME, its
 * partner rank 0's 0.232 s (it arrived last, from its compute).  Files
 * of a sub-communicator keep a record a rank, so the job-wide mean of
 * the metadata time (IOL-IO-TIME's mpiio_wait_secs()) dilutes that wait
 * over all 8 ranks.
 *
 * Every rank of a collective open pays the open itself, so the rank
 * that spent least in the metadata of collectively opened files bounds
 * the real cost; what the slowest MPI-IO rank (read + write + metadata
 * of its own records) spent beyond that least rank is waiting.  Shared
 * records (rank -1) are reduced over the ranks and give each the same
 * share: they cancel.  Only per-rank records with a collective open
 * count; a rank with none is no comparison.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "analysis/trifacts.h"
#include "base/sort.h"
#include "counters/counters.h"
#include "base/banned.h"

struct rank_secs {
	int64_t rank;
	double all, meta; /* its own records' MPI-IO seconds, metadata's */
};

static int rank_before(const struct rank_secs *a, const struct rank_secs *b)
{
	return a->rank < b->rank;
}

IOL_SORT_DEFINE(sort_ranks, struct rank_secs, rank_before)

static double secs(double v)
{
	return isfinite(v) && v > 0 ? v : 0;
}

/* The per-rank records of collectively opened files, their times;
 * *n of them; NULL on no memory */
static struct rank_secs *coll_recs(const struct iol_jmod *m, size_t *n)
{
	struct rank_secs *v = malloc((m->n ? m->n : 1) * sizeof(*v));
	size_t i;

	*n = 0;
	if (!v)
		return NULL;
	for (i = 0; i < m->n; i++) {
		const struct iol_jrec *r = &m->recs[i];
		double meta = secs(r->fc[MPIIO_F_META_TIME]);

		if (r->rank < 0 || !(r->ic[MPIIO_COLL_OPENS] > 0))
			continue;
		v[(*n)++] = (struct rank_secs){
			r->rank,
			meta + secs(r->fc[MPIIO_F_READ_TIME]) +
				secs(r->fc[MPIIO_F_WRITE_TIME]),
			meta};
	}
	sort_ranks(v, *n);
	return v;
}

int iol_trifacts_mpiio_wait(const struct iol_job *job, struct iol_trifacts *tf)
{
	const struct iol_jmod *m = &job->mod[IOL_MOD_MPIIO];
	struct rank_secs *v, slow = {-1, -1, 0};
	double least = INFINITY;
	size_t n, i, j, ranks = 0;

	tf->mpiio_coll_wait = NAN;
	if (!m->loaded || m->partial)
		return 0;
	v = coll_recs(m, &n);
	if (!v)
		return IOL_ENOMEM;
	for (i = 0; i < n; i = j) {
		struct rank_secs r = v[i];

		for (j = i + 1; j < n && v[j].rank == v[i].rank; j++)
			r.all += v[j].all, r.meta += v[j].meta;
		ranks++;
		least = fmin(least, r.meta);
		if (r.all > slow.all)
			slow = r;
	}
	free(v);
	tf->mpiio_coll_wait = ranks >= 2 ? fmax(0, slow.meta - least) : 0;
	return 0;
}
