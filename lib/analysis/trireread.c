/*
 * The seconds of IOL-REDUNDANT's re-reads from DXT (issue 34, round 51).
 * The counters split a job's read time by bytes, so re-reads served
 * from the page cache take the pace of the cold first reads: r51-ledger
 * (16 inputs of 4 MiB feeding 300 tasks on a 64 MiB/s throttle) claimed
 * 0.995 s of re-reads where its DXT shows 0.22-0.31 s a worker, the
 * rest each worker's first reads of each input.  A read is a re-read of
 * the bytes its rank read or wrote before in the same file (a rank's
 * record: data it had; reading back one's own writes is a re-read to
 * the counters too, t/7490): a rank's first read of bytes another rank
 * read first is its own first pass (round 26's deck-all, round 51's
 * farm-shared: one pass a rank over a shared input, labelled trivial), which
 * IOL-REDUNDANT's structural test already leaves to the time it takes.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "analysis/trifacts.h"
#include "analysis/triage.h"
#include "base/sort.h"
#include "counters/counters.h"
#include "base/banned.h"

/* A rank's bytes read of one file so far: disjoint [a, b), sorted. */
struct span {
	int64_t a, b;
};
struct spans {
	struct span *v;
	size_t n, cap;
};

/* A segment of a rank's record and whether it reads */
struct rseg {
	struct iol_seg s;
	int rd;
};

static int seg_before(const struct rseg *x, const struct rseg *y)
{
	return x->s.start < y->s.start;
}

IOL_SORT_DEFINE(sort_segs, struct rseg, seg_before)

/* The first span ending after a; n when none */
static size_t spans_from(const struct spans *s, int64_t a)
{
	size_t lo = 0, hi = s->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->v[mid].b <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The bytes of [a, b) already in s, then [a, b) added to s; -1 when
 * out of memory */
static int64_t spans_add(struct spans *s, int64_t a, int64_t b)
{
	size_t i = spans_from(s, a), j = i;
	int64_t seen = 0, lo = a, hi = b;

	for (; j < s->n && s->v[j].a < b; j++) {
		seen += (s->v[j].b < b ? s->v[j].b : b) -
			(s->v[j].a > a ? s->v[j].a : a);
		lo = s->v[j].a < lo ? s->v[j].a : lo;
		hi = s->v[j].b > hi ? s->v[j].b : hi;
	}
	if (j == i && s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 64;
		struct span *v = realloc(s->v, cap * sizeof(*v));

		if (!v)
			return -1;
		s->v = v, s->cap = cap;
	}
	/* [i, j) merge into one span at i */
	if (j == i) {
		for (j = s->n; j > i; j--)
			s->v[j] = s->v[j - 1];
		s->n++;
	} else if (j > i + 1) {
		size_t k;

		for (k = j; k < s->n; k++)
			s->v[i + 1 + k - j] = s->v[k];
		s->n -= j - i - 1;
	}
	s->v[i] = (struct span){lo, hi};
	return seen;
}

/* One rank's reads and writes of one file, in time order: the seconds
 * and bytes of reads of what the rank had read or written, added to *t
 * and *b */
static int record_rereads(struct rseg *g, size_t n, double *t, double *b)
{
	struct spans s = {NULL, 0, 0};
	size_t k;

	sort_segs(g, n);
	for (k = 0; k < n; k++) {
		const struct iol_seg *x = &g[k].s;
		int64_t seen;

		if (x->len <= 0 || x->off < 0 || x->off > INT64_MAX - x->len)
			continue;
		seen = spans_add(&s, x->off, x->off + x->len);
		if (seen < 0) {
			free(s.v);
			return -1;
		}
		if (g[k].rd && seen > 0 && x->end > x->start) {
			*t += (x->end - x->start) * (double)seen /
			      (double)x->len;
			*b += (double)seen;
		}
	}
	free(s.v);
	return 0;
}

/* A record's segments gathered, grown as needed */
struct gather {
	struct rseg *v;
	size_t n, cap;
};

static int gather_add(struct gather *g, const struct iol_seg *s, size_t n,
		      int rd)
{
	if (g->n + n > g->cap) {
		size_t cap = g->cap ? g->cap : 1024;
		struct rseg *v;

		while (cap < g->n + n)
			cap *= 2;
		v = realloc(g->v, cap * sizeof(*v));
		if (!v)
			return -1;
		g->v = v, g->cap = cap;
	}
	for (size_t k = 0; k < n; k++)
		g->v[g->n++] = (struct rseg){s[k], rd};
	return 0;
}

/* The rank's re-read seconds of the record just gathered, into t[rank]
 * (ranks 0 .. nt - 1; others are no rank's) */
static int flush_rec(const struct iol_job *job, size_t rec, struct gather *g,
		     double *t, size_t nt, double *bytes)
{
	int64_t rank = job->dxt[0][rec].rank;
	double secs = 0;

	if (!g->n)
		return 0;
	if (record_rereads(g->v, g->n, &secs, bytes) < 0)
		return -1;
	if (rank >= 0 && (uint64_t)rank < nt)
		t[rank] += secs;
	g->n = 0;
	return 0;
}

/* Bytes the POSIX counters say were read, all records */
static double posix_read_bytes(const struct iol_job *job)
{
	const struct iol_jmod *p = &job->mod[IOL_MOD_POSIX];
	double b = 0;

	for (size_t i = 0; i < p->n; i++)
		if (p->recs[i].ic[POSIX_BYTES_READ] > 0)
			b += (double)p->recs[i].ic[POSIX_BYTES_READ];
	return b;
}

/* The reads' bytes in the DXT segments, and each rank's re-read
 * seconds into t; -1 when out of memory or the segments fail */
static int scan(const struct iol_job *job, double *t, size_t nt,
		double *seg_bytes, double *rr_bytes)
{
	struct iol_segs *it;
	struct iol_seg seg[1024];
	struct gather g = {NULL, 0, 0};
	size_t rec, cur = SIZE_MAX;
	int is_read, rc = 0;
	long n;

	if (iol_segs_open(&it, job, 0, NULL) < 0)
		return -1;
	while (rc == 0 &&
	       (n = iol_segs_next(it, seg, 1024, &rec, &is_read, NULL)) > 0) {
		if (rec != cur && cur != SIZE_MAX)
			rc = flush_rec(job, cur, &g, t, nt, rr_bytes);
		cur = rec;
		for (long k = 0; is_read && k < n; k++)
			*seg_bytes += seg[k].len > 0 ? (double)seg[k].len : 0;
		if (rc == 0)
			rc = gather_add(&g, seg, (size_t)n, is_read);
	}
	if (n < 0)
		rc = -1;
	if (rc == 0 && cur != SIZE_MAX)
		rc = flush_rec(job, cur, &g, t, nt, rr_bytes);
	iol_segs_close(it);
	free(g.v);
	return rc;
}

double iol_triage_dxt_rereads(const struct iol_job *job, double *bytes)
{
	double seg_bytes = 0, rr_bytes = 0, best = NAN, *t;
	size_t nt, r;

	*bytes = NAN;
	if (!job->ndxt[0] || !job->mod[IOL_MOD_POSIX].loaded ||
	    job->nsegs[0] > IOL_TRIAGE_MAX_SEGS || job->nprocs <= 0 ||
	    job->nprocs > 1 << 24)
		return NAN;
	nt = (size_t)job->nprocs;
	t = calloc(nt, sizeof(*t));
	if (!t)
		return NAN;
	/* a full DXT buffer leaves reads out: the counters' estimate */
	if (scan(job, t, nt, &seg_bytes, &rr_bytes) == 0 &&
	    seg_bytes >= 0.99 * posix_read_bytes(job)) {
		best = 0;
		for (r = 0; r < nt; r++)
			best = fmax(best, t[r]);
		*bytes = rr_bytes;
	}
	free(t);
	return best;
}
