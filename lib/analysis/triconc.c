/*
 * Concurrency within a process from DXT (issue 34, round 73).  Darshan
 * keeps one record per file and process for all its threads and adds a
 * record's time without overlap, so threads on one file are counted
 * about once (r73-pread: 3.99 s of record time, 15.4 s of segments);
 * across records nothing is merged, so threads with a file each add up
 * past the run (r73-stepfile: 35 s of I/O a rank in an 11.7 s run).
 * The ratio of a rank's union of segments over all its records to the
 * sum of each record's own union is what of the counters' summed time
 * was wall time: 1 for a serial process or one shared record, about
 * 1/k for k threads each busy on its own file at once.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "analysis/trifacts.h"
#include "analysis/triage.h"
#include "base/sort.h"
#include "base/banned.h"

/* A segment's interval, its rank and record */
struct cseg {
	int64_t rank;
	size_t rec;
	double start, end;
};

static int by_rec(const struct cseg *x, const struct cseg *y)
{
	if (x->rank != y->rank)
		return x->rank < y->rank;
	if (x->rec != y->rec)
		return x->rec < y->rec;
	return x->start < y->start;
}

static int by_start(const struct cseg *x, const struct cseg *y)
{
	if (x->rank != y->rank)
		return x->rank < y->rank;
	return x->start < y->start;
}

IOL_SORT_DEFINE(sort_by_rec, struct cseg, by_rec)
IOL_SORT_DEFINE(sort_by_start, struct cseg, by_start)

struct cvec {
	struct cseg *v;
	size_t n, cap;
};

static int cvec_add(struct cvec *c, int64_t rank, size_t rec,
		    const struct iol_seg *s)
{
	if (!(s->end > s->start) || rank < 0)
		return 0;
	if (c->n == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 1024;
		struct cseg *v = realloc(c->v, cap * sizeof(*v));

		if (!v)
			return -1;
		c->v = v, c->cap = cap;
	}
	c->v[c->n++] = (struct cseg){rank, rec, s->start, s->end};
	return 0;
}

/* The union's length of sorted v[i..k) (same rank; same record when
 * rec) into a running sum, returning where the group ends */
static size_t union_of(const struct cseg *v, size_t i, size_t n, int rec,
		       double *len)
{
	double s = v[i].start, e = v[i].end;
	size_t k;

	for (k = i + 1;
	     k < n && v[k].rank == v[i].rank && (!rec || v[k].rec == v[i].rec);
	     k++) {
		if (v[k].start > e) {
			*len += e - s;
			s = v[k].start;
		}
		e = fmax(e, v[k].end);
	}
	*len += e - s;
	return k;
}

/* Each rank's sum of its records' unions (sum[]) and its union over all
 * records (wall[]), ranks 0 .. nt - 1 */
static void rank_times(struct cvec *c, double *sum, double *wall, size_t nt)
{
	size_t i;

	sort_by_rec(c->v, c->n);
	for (i = 0; i < c->n;) {
		double l = 0;
		int64_t r = c->v[i].rank;

		i = union_of(c->v, i, c->n, 1, &l);
		if ((uint64_t)r < nt)
			sum[r] += l;
	}
	sort_by_start(c->v, c->n);
	for (i = 0; i < c->n;) {
		double l = 0;
		int64_t r = c->v[i].rank;

		i = union_of(c->v, i, c->n, 0, &l);
		if ((uint64_t)r < nt)
			wall[r] += l;
	}
}

static int gather(const struct iol_job *job, struct cvec *c)
{
	struct iol_segs *it;
	struct iol_seg seg[1024];
	size_t rec;
	int is_read, rc = 0;
	long n;

	if (iol_segs_open(&it, job, 0, NULL) < 0)
		return -1;
	while (rc == 0 &&
	       (n = iol_segs_next(it, seg, 1024, &rec, &is_read, NULL)) > 0)
		for (long k = 0; rc == 0 && k < n; k++)
			rc = cvec_add(c, job->dxt[0][rec].rank, rec, &seg[k]);
	iol_segs_close(it);
	return n < 0 ? -1 : rc;
}

double iol_triage_dxt_overlap(const struct iol_job *job)
{
	struct cvec c = {NULL, 0, 0};
	double *sum, best = NAN;
	size_t nt, r, top = 0;

	if (!job->ndxt[0] || !job->mod[IOL_MOD_POSIX].loaded ||
	    job->nsegs[0] > IOL_TRIAGE_MAX_SEGS || job->nprocs <= 0 ||
	    job->nprocs > 1 << 24)
		return NAN;
	nt = (size_t)job->nprocs;
	sum = calloc(2 * nt, sizeof(*sum));
	if (!sum)
		return NAN;
	if (gather(job, &c) == 0 && c.n) {
		rank_times(&c, sum, sum + nt, nt);
		/* the rank with the most summed time is the one whose
		 * stakes the rules weigh (the slowest) */
		for (r = 1; r < nt; r++)
			if (sum[r] > sum[top])
				top = r;
		if (sum[top] > 0)
			best = fmin(1, sum[nt + top] / sum[top]);
	}
	free(c.v);
	free(sum);
	return best;
}
