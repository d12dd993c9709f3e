/*
 * Collective MPI-IO whose time is not its file system's (issue 34,
 * round 40): a file written or read by collective calls whose ranks
 * spend far longer in MPI-IO than the file system took under them.
 * r40-e3sm wrote 320 collective calls of 512 KiB through a file view of
 * 4096 pieces of 128 B a call: MPI-IO F_SLOWEST_RANK_TIME 12.879 s,
 * FASTEST 10.446 s, while the one aggregator's POSIX writes of the same
 * file took 1.061 s; its twin with 16 KiB pieces took 0.61-0.74 s of
 * MPI-IO.  The time is the two-phase exchange and packing of the pieces.
 *
 * A collective call's time includes waiting for late ranks (compute
 * imbalance before the call): the rank that waits least bounds that,
 * so the fact is the fastest rank's MPI-IO time, less the mean rank's
 * MPI-IO metadata time (opens and closes are not the calls' exchange),
 * against the slowest rank's POSIX time on the file (the aggregators'
 * share), and the file's longest call (one call can be a stall: a rank
 * late, the node loaded; r8-compute90's 1.464 s of 2.1 s).  A log whose
 * POSIX or MPI-IO module ran out of memory cannot tell the file
 * system's share: no fact (imbalanced-io).
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "analysis/trifacts.h"
#include "base/sort.h"
#include "counters/counters.h"
#include "base/banned.h"

static double cnt(int64_t v)
{
	return v > 0 ? (double)v : 0;
}

/* a + b of two counters, negatives as 0, at most INT64_MAX (a damaged
 * log's counters may be anything; a double of them is not cast back) */
static int64_t sat_add(int64_t a, int64_t b)
{
	a = a > 0 ? a : 0;
	b = b > 0 ? b : 0;
	return a > INT64_MAX - b ? INT64_MAX : a + b;
}

typedef const struct iol_jrec *jrecp;

static int jrec_before(const jrecp *x, const jrecp *y)
{
	return (*x)->id < (*y)->id;
}

IOL_SORT_DEFINE(sort_jrecs, jrecp, jrec_before)

/* The POSIX records by file id (v NULL: out of memory, p's own order):
 * a collective file's records looked up, not found in a pass over every
 * POSIX record a shared MPI-IO record (300,000 collective files: 9e10
 * comparisons) */
struct byid {
	const struct iol_jmod *p;
	jrecp *v;
};

static void byid_make(struct byid *b, const struct iol_jmod *p)
{
	size_t i;

	b->p = p;
	b->v = p->n ? malloc(p->n * sizeof(*b->v)) : NULL;
	for (i = 0; b->v && i < p->n; i++)
		b->v[i] = &p->recs[i];
	if (b->v)
		sort_jrecs(b->v, p->n);
}

/* The first of b's records whose id is id or more */
static size_t byid_from(const struct byid *b, uint64_t id)
{
	return iol_jrecs_from(b->v, b->v ? b->p->n : 0, id);
}

/* The slowest rank's POSIX time on file id (a shared record's slowest
 * rank, else the most of any rank's record); -1: no POSIX record */
static double posix_secs(const struct byid *b, uint64_t id)
{
	double t = -1;
	size_t i;

	for (i = b->v ? byid_from(b, id) : 0; i < b->p->n; i++) {
		const struct iol_jrec *r = b->v ? b->v[i] : &b->p->recs[i];
		double own;

		if (r->id != id) {
			if (b->v)
				break;
			continue;
		}
		own = r->rank < 0 ? r->fc[POSIX_F_SLOWEST_RANK_TIME]
				  : r->fc[POSIX_F_READ_TIME] +
					    r->fc[POSIX_F_WRITE_TIME] +
					    r->fc[POSIX_F_META_TIME];
		t = fmax(t, fmax(own, 0));
	}
	return t;
}

/* A shared MPI-IO record of 1 MiB or more whose data calls are (nine in
 * ten or more) collective: e3sm's 320 collective writes beside rank 0's
 * 4 independent ones of 8 B */
static int coll_file(const struct iol_jrec *r)
{
	const int64_t *c = r->ic;
	double coll = cnt(c[MPIIO_COLL_READS]) + cnt(c[MPIIO_COLL_WRITES]);
	double other = cnt(c[MPIIO_INDEP_READS]) + cnt(c[MPIIO_INDEP_WRITES]) +
		       cnt(c[MPIIO_SPLIT_READS]) + cnt(c[MPIIO_SPLIT_WRITES]) +
		       cnt(c[MPIIO_NB_READS]) + cnt(c[MPIIO_NB_WRITES]);
	double bytes = cnt(c[MPIIO_BYTES_READ]) + cnt(c[MPIIO_BYTES_WRITTEN]);

	return r->rank < 0 && coll > 0 && other * 9 <= coll &&
	       bytes >= 1048576.0;
}

void iol_trifacts_coll_excess(const struct iol_job *job,
			      struct iol_trifacts *tf)
{
	const struct iol_jmod *m = &job->mod[IOL_MOD_MPIIO],
			      *p = &job->mod[IOL_MOD_POSIX];
	double best = -INFINITY;
	struct byid b = {p, NULL};
	size_t i;

	tf->coll_fast = tf->coll_slow = tf->coll_posix = NAN;
	tf->coll_max_call = NAN;
	tf->coll_calls = tf->coll_views = -1;
	tf->coll_id = 0;
	if (!m->loaded || !p->loaded || m->partial || p->partial ||
	    job->nprocs < 1)
		return;
	tf->coll_fast = tf->coll_slow = tf->coll_posix = 0;
	tf->coll_max_call = 0;
	tf->coll_calls = tf->coll_views = 0;
	for (i = 0; i < m->n; i++) {
		const struct iol_jrec *r = &m->recs[i];
		double fast = fmax(r->fc[MPIIO_F_FASTEST_RANK_TIME], 0), ps;
		double meta =
			fmax(r->fc[MPIIO_F_META_TIME], 0) / (double)job->nprocs;

		fast = fmax(fast - meta, 0);
		if (!coll_file(r))
			continue;
		if (!b.v && p->n)
			byid_make(&b, p);
		if ((ps = posix_secs(&b, r->id)) < 0 || !(fast - ps > best))
			continue;
		best = fast - ps;
		tf->coll_fast = fast;
		tf->coll_slow = fmax(r->fc[MPIIO_F_SLOWEST_RANK_TIME], fast);
		tf->coll_max_call = fmax(fmax(r->fc[MPIIO_F_MAX_READ_TIME],
					      r->fc[MPIIO_F_MAX_WRITE_TIME]),
					 0);
		tf->coll_posix = ps;
		tf->coll_calls = sat_add(r->ic[MPIIO_COLL_READS],
					 r->ic[MPIIO_COLL_WRITES]);
		tf->coll_views =
			r->ic[MPIIO_VIEWS] > 0 ? r->ic[MPIIO_VIEWS] : 0;
		tf->coll_id = r->id;
	}
	free(b.v);
}

/*
 * MPI-IO's data sieving (issue 34, round 55): ROMIO serves sparse
 * independent calls (romio_ds_read, romio_ds_write, and collective
 * writes without collective buffering) by moving the whole span they
 * lie in, in its own large requests.  A file's POSIX layer then moves
 * far more bytes than its MPI-IO calls asked for, in large requests:
 * r55-dsread's 32 reads of 512 KiB (64 pieces of 8 KiB each) became
 * 2.1 GB of 4 MiB POSIX reads for 16 MiB of data.  Larger calls would
 * sieve more; the cost is the bytes moved, IOL-REDUNDANT's.
 *
 * A direction of a file is sieved when its POSIX bytes are at least
 * twice its MPI-IO bytes (most of what the storage moved is not what
 * the program asked for) and its POSIX requests are 1 MiB on average or
 * more (IOL-SMALL-REQ's line: the storage saw large requests).
 */
struct sieve {
	double mb[2], small[2], pb[2], po[2];
};

/* a MPI-IO record's bytes and calls under 1 MiB (its size bins), per
 * direction, added to s */
static void sieve_mpiio(const struct iol_jrec *r, struct sieve *s)
{
	static const int bin0[2] = {MPIIO_SIZE_READ_AGG_0_100,
				    MPIIO_SIZE_WRITE_AGG_0_100},
			 bytes[2] = {MPIIO_BYTES_READ, MPIIO_BYTES_WRITTEN};
	int d, k;

	for (d = 0; d < 2; d++) {
		s->mb[d] += cnt(r->ic[bytes[d]]);
		for (k = 0; k < 5; k++)
			s->small[d] += cnt(r->ic[bin0[d] + k]);
	}
}

/* file id's POSIX bytes and requests, per direction, added to s */
static void sieve_posix(const struct byid *b, uint64_t id, struct sieve *s)
{
	size_t i;

	for (i = byid_from(b, id); i < b->p->n && b->v[i]->id == id; i++) {
		const int64_t *c = b->v[i]->ic;

		s->pb[0] += cnt(c[POSIX_BYTES_READ]);
		s->pb[1] += cnt(c[POSIX_BYTES_WRITTEN]);
		s->po[0] += cnt(c[POSIX_READS]);
		s->po[1] += cnt(c[POSIX_WRITES]);
	}
}

static int sieve_dir(const struct sieve *s, int d)
{
	return s->mb[d] > 0 && s->pb[d] >= 2 * s->mb[d] && s->po[d] > 0 &&
	       s->pb[d] / s->po[d] >= 1048576.0;
}

void iol_trifacts_sieved(const struct iol_job *job, struct iol_trifacts *tf)
{
	const struct iol_jmod *m = &job->mod[IOL_MOD_MPIIO],
			      *p = &job->mod[IOL_MOD_POSIX];
	struct byid b = {p, NULL}, mb = {m, NULL};
	double all = 0, sieved = 0;
	size_t i, j;
	int d;

	tf->mpiio_sieved_share = NAN;
	if (!m->loaded || !p->loaded || m->partial || p->partial)
		return;
	byid_make(&b, p);
	byid_make(&mb, m);
	if ((p->n && !b.v) || (m->n && !mb.v)) {
		free(b.v), free(mb.v);
		return;
	}
	for (i = 0; i < m->n; i = j) {
		struct sieve s = {{0, 0}, {0, 0}, {0, 0}, {0, 0}};

		for (j = i; j < m->n && mb.v[j]->id == mb.v[i]->id; j++)
			sieve_mpiio(mb.v[j], &s);
		if (p->n)
			sieve_posix(&b, mb.v[i]->id, &s);
		for (d = 0; d < 2; d++) {
			all += s.small[d];
			sieved += sieve_dir(&s, d) ? s.small[d] : 0;
		}
	}
	tf->mpiio_sieved_share = all > 0 ? sieved / all : 0;
	free(b.v), free(mb.v);
}
