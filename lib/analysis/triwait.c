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

/*
 * The same wait in collective data calls (issue 34, round 88): a
 * collective read or write returns when the aggregators have the data,
 * so a rank that arrives early waits inside the call for the late ones
 * (descheduled, or computing longer).  The rank of a file that spent
 * least in it arrived last in its calls, bounding what the exchange and
 * the aggregators' POSIX work cost every rank; the rest is waiting.
 * r88's shared (8 ranks on 2 cores at load 28, one aggregator, labelled
 * IO-TIME false): ens.ana's slowest rank 3.980 s, its fastest 1.864 s,
 * over 0.411 s of POSIX.  Shared records keep the two ranks' times
 * (F_SLOWEST_RANK_TIME, F_FASTEST_RANK_TIME), by which the slowest
 * rank's time is summed; per-rank records are compared within a file.
 * Slow storage under the aggregators keeps every rank in the calls as
 * long: no wait.  Only files whose POSIX bytes fewer ranks moved than
 * made the calls count: where every rank did its own POSIX I/O
 * (romio_cb_write=disable, data sieving), no call waits for the others,
 * and a rank's time beyond another's is queueing on the file's locks,
 * I/O (r55-cb-off, IO-TIME labelled material: fastest rank 6.44 s,
 * slowest 9.03 s).
 */
static int coll_data(const struct iol_jrec *r)
{
	return r->ic[MPIIO_COLL_READS] > 0 || r->ic[MPIIO_COLL_WRITES] > 0;
}

/* The collective share of a record's data calls: a rank's time beyond
 * another's in independent calls is its own I/O (r36-h5-chunk-indep:
 * 16 collective fill writes among 1058 independent chunk writes) */
static double coll_share(const struct iol_jrec *r)
{
	double c = (double)r->ic[MPIIO_COLL_READS] +
		   (double)r->ic[MPIIO_COLL_WRITES],
	       i = (double)r->ic[MPIIO_INDEP_READS] +
		   (double)r->ic[MPIIO_INDEP_WRITES];

	return c > 0 && i >= 0 ? c / (c + i) : 0;
}

/* a file's POSIX records: how many ranks moved its bytes */
struct movers {
	uint64_t id;
	double k;
};

static int mover_before(const struct movers *a, const struct movers *b)
{
	return a->id < b->id;
}

IOL_SORT_DEFINE(sort_movers, struct movers, mover_before)

/* (trifacts.c's aggregators call it too: triwait.o sits below trifacts.o) */
double iol_trifacts_movers(double bytes, double var, double n)
{
	double k;

	if (!(bytes > 0) || !(var >= 0) || !(n >= 1))
		return NAN;
	k = bytes * bytes / (n * var + bytes * bytes / n);
	return k >= 1 ? floor(k + 0.5) : 1;
}

/* A POSIX record's ranks that moved bytes: a shared record's estimated
 * from the variance of its bytes over the ranks, iol_trifacts_movers() */
static double rec_movers(const struct iol_jrec *r, double np)
{
	double b = (double)r->ic[POSIX_BYTES_READ] +
		   (double)r->ic[POSIX_BYTES_WRITTEN],
	       var = r->fc[POSIX_F_VARIANCE_RANK_BYTES], k;

	if (!(b > 0))
		return 0;
	if (r->rank >= 0)
		return 1;
	k = iol_trifacts_movers(b, var, np);
	return isnan(k) ? np : k;
}

/* The POSIX movers of each file, by id, *n of them; NULL on no memory */
static struct movers *posix_movers(const struct iol_job *job, size_t *n)
{
	const struct iol_jmod *m = &job->mod[IOL_MOD_POSIX];
	size_t cnt = m->loaded ? m->n : 0, i, j;
	struct movers *v = malloc((cnt ? cnt : 1) * sizeof(*v));

	*n = 0;
	if (!v)
		return NULL;
	for (i = 0; i < cnt; i++)
		v[i] = (struct movers){
			m->recs[i].id,
			rec_movers(&m->recs[i], (double)job->nprocs)};
	sort_movers(v, cnt);
	for (i = 0; i < cnt; i = j) {
		v[*n] = v[i];
		for (j = i + 1; j < cnt && v[j].id == v[i].id; j++)
			v[*n].k += v[j].k;
		(*n)++;
	}
	return v;
}

/* Ranks that moved file id's POSIX bytes; -1 none recorded */
static double movers_of(const struct movers *v, size_t n, uint64_t id)
{
	size_t lo = 0, hi = n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (v[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && v[lo].id == id ? v[lo].k : -1;
}

/* what the shared records of collective data calls' slowest rank spent
 * beyond their fastest */
static double shared_wait(const struct iol_jmod *m, const struct movers *mv,
			  size_t nmv, double np)
{
	double w = 0, k;
	size_t i;

	for (i = 0; i < m->n; i++) {
		const struct iol_jrec *r = &m->recs[i];

		k = movers_of(mv, nmv, r->id);
		if (r->rank < 0 && coll_data(r) && k >= 1 && k < np)
			w += fmax(0,
				  secs(r->fc[MPIIO_F_SLOWEST_RANK_TIME]) -
					  secs(r->fc[MPIIO_F_FASTEST_RANK_TIME])) *
			     coll_share(r);
	}
	return w;
}

/*
 * The same wait on shared records of collectively opened files (issue
 * 34, round 145), their data calls independent or collective: the
 * slowest rank's time beyond all the ranks' reads and writes there can
 * only be metadata, the open and close, and the fastest rank's whole
 * time bounds what those cost every rank; the rest is waiting for ranks
 * still computing.  r145-seismic: rank 2 3.763 s of one shared file,
 * the reads 0.038 s summed over 4 ranks, the fastest rank 0.033 s.
 * The most of any file: a rank's waits in files it closed at once are
 * not known to add up.
 */
static double shared_open_wait(const struct iol_jmod *m)
{
	double w = 0;
	size_t i;

	for (i = 0; i < m->n; i++) {
		const struct iol_jrec *r = &m->recs[i];

		if (r->rank >= 0 || !(r->ic[MPIIO_COLL_OPENS] > 0) ||
		    r->ic[MPIIO_INDEP_OPENS] != 0)
			continue;
		w = fmax(w, secs(r->fc[MPIIO_F_SLOWEST_RANK_TIME]) -
				    secs(r->fc[MPIIO_F_READ_TIME]) -
				    secs(r->fc[MPIIO_F_WRITE_TIME]) -
				    secs(r->fc[MPIIO_F_FASTEST_RANK_TIME]));
	}
	return w;
}

struct file_secs {
	uint64_t id;
	int64_t rank;
	double all, share; /* its seconds; coll_share() */
};

static int file_before(const struct file_secs *a, const struct file_secs *b)
{
	return a->id < b->id || (a->id == b->id && a->rank < b->rank);
}

IOL_SORT_DEFINE(sort_files, struct file_secs, file_before)

/* rank's time in its per-rank records of collective data calls beyond
 * each file's least rank (a file of one rank: none); -1 on no memory */
static double rank_data_wait(const struct iol_jmod *m, int64_t rank,
			     const struct movers *mv, size_t nmv)
{
	struct file_secs *v = malloc((m->n ? m->n : 1) * sizeof(*v));
	double w = 0, least, mine, k, share = 0;
	size_t n = 0, i, j, l;

	if (!v)
		return -1;
	for (i = 0; i < m->n; i++) {
		const struct iol_jrec *r = &m->recs[i];

		if (r->rank >= 0 && coll_data(r))
			v[n++] = (struct file_secs){
				r->id, r->rank,
				secs(r->fc[MPIIO_F_META_TIME]) +
					secs(r->fc[MPIIO_F_READ_TIME]) +
					secs(r->fc[MPIIO_F_WRITE_TIME]),
				coll_share(r)};
	}
	sort_files(v, n);
	for (i = 0; i < n; i = j) {
		least = INFINITY, mine = -1;
		for (j = i; j < n && v[j].id == v[i].id; j++)
			least = fmin(least, v[j].all);
		for (l = i; l < j; l++)
			if (v[l].rank == rank)
				mine = v[l].all, share = v[l].share;
		k = movers_of(mv, nmv, v[i].id);
		if (j - i >= 2 && mine >= 0 && k >= 1 && k < (double)(j - i))
			w += (mine - least) * share;
	}
	free(v);
	return w;
}

int iol_trifacts_mpiio_wait(const struct iol_job *job, struct iol_trifacts *tf)
{
	const struct iol_jmod *m = &job->mod[IOL_MOD_MPIIO];
	struct rank_secs *v, slow = {-1, -1, 0};
	double least = INFINITY, data;
	struct movers *mv;
	size_t n, i, j, ranks = 0, nmv;

	tf->mpiio_coll_wait = tf->mpiio_coll_data_wait = NAN;
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
	mv = posix_movers(job, &nmv);
	data = mv ? rank_data_wait(m, slow.rank, mv, nmv) : -1;
	if (data >= 0)
		data += shared_wait(m, mv, nmv, (double)job->nprocs);
	free(mv);
	if (data < 0)
		return IOL_ENOMEM;
	tf->mpiio_coll_wait = ranks >= 2 ? fmax(0, slow.meta - least) : 0;
	if (job->nprocs >= 2)
		tf->mpiio_coll_wait =
			fmax(tf->mpiio_coll_wait, shared_open_wait(m));
	tf->mpiio_coll_data_wait = data;
	return 0;
}
