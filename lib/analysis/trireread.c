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

static int i64_before(const int64_t *x, const int64_t *y)
{
	return *x < *y;
}

IOL_SORT_DEFINE(sort_i64, int64_t, i64_before)

/*
 * A rank's bytes of one file touched so far, over the pieces its
 * segments' ends cut the offsets into (c[0..m), sorted, distinct):
 * next[i] leads to the first piece from i not yet touched (m - 1: none).
 * A sorted array of spans inserted each segment before those after it,
 * moving them all: a log of reads at descending offsets cost the square
 * of its segments (2,000,000: 2e12 moves); here a piece is marked once.
 */
struct cover {
	int64_t *c;
	uint32_t *next;
	size_t m;
};

static int seg_valid(const struct iol_seg *x)
{
	return x->len > 0 && x->off >= 0 && x->off <= INT64_MAX - x->len;
}

/* The first piece from i not yet touched, the path halved */
static uint32_t cover_find(struct cover *cv, uint32_t i)
{
	while (cv->next[i] != i) {
		cv->next[i] = cv->next[cv->next[i]];
		i = cv->next[i];
	}
	return i;
}

/* The index of offset a in c (a is one of them) */
static uint32_t cover_at(const struct cover *cv, int64_t a)
{
	size_t lo = 0, hi = cv->m;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (cv->c[mid] < a)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (uint32_t)lo;
}

/* The pieces of the valid segments of g[0..n); -1 when out of memory */
static int cover_init(struct cover *cv, const struct rseg *g, size_t n)
{
	size_t k, m = 0;

	cv->c = NULL, cv->next = NULL, cv->m = 0;
	if (n > (UINT32_MAX - 1) / 2)
		return -1;
	cv->c = malloc((2 * n + 1) * sizeof(*cv->c));
	cv->next = malloc((2 * n + 1) * sizeof(*cv->next));
	if (!cv->c || !cv->next)
		return -1;
	for (k = 0; k < n; k++)
		if (seg_valid(&g[k].s)) {
			cv->c[m++] = g[k].s.off;
			cv->c[m++] = g[k].s.off + g[k].s.len;
		}
	sort_i64(cv->c, m);
	for (k = 0; k < m; k++)
		if (!cv->m || cv->c[cv->m - 1] != cv->c[k])
			cv->c[cv->m++] = cv->c[k];
	for (k = 0; k < cv->m; k++)
		cv->next[k] = (uint32_t)k;
	return 0;
}

/* The bytes of [a, b) touched before, then all of [a, b) touched */
static int64_t cover_add(struct cover *cv, int64_t a, int64_t b)
{
	uint32_t hi = cover_at(cv, b), i = cover_find(cv, cover_at(cv, a));
	int64_t fresh = 0;

	for (; i < hi; i = cover_find(cv, i + 1)) {
		fresh += cv->c[i + 1] - cv->c[i];
		cv->next[i] = i + 1;
	}
	return (b - a) - fresh;
}

/* A record's reads: the bytes re-read, of them those the rank had read
 * (not only written) before, the bytes read first (by this rank) and
 * the end of the highest read */
struct rstat {
	uint64_t id;
	double rr, rrr, fresh, end;
};

/* One rank's reads and writes of one file, in time order: the seconds
 * of reads of what the rank had read or written added to *t, their
 * bytes and the rank's first reads to *b */
static int record_rereads(struct rseg *g, size_t n, double *t, struct rstat *b)
{
	struct cover cv, cr = {NULL, NULL, 0}; /* bytes touched; read */
	size_t k;
	int rc;

	sort_segs(g, n);
	rc = cover_init(&cv, g, n);
	if (rc == 0)
		rc = cover_init(&cr, g, n);
	for (k = 0; rc == 0 && k < n; k++) {
		const struct iol_seg *x = &g[k].s;
		int64_t seen, sr;

		if (!seg_valid(x) || !g[k].rd) {
			if (seg_valid(x))
				cover_add(&cv, x->off, x->off + x->len);
			continue;
		}
		seen = cover_add(&cv, x->off, x->off + x->len);
		sr = cover_add(&cr, x->off, x->off + x->len);
		b->fresh += (double)(x->len - seen);
		b->end = fmax(b->end, (double)(x->off + x->len));
		if (seen > 0 && x->end > x->start) {
			*t += (x->end - x->start) * (double)seen /
			      (double)x->len;
			b->rr += (double)seen;
			b->rrr += (double)sr;
		}
	}
	free(cv.c), free(cv.next), free(cr.c), free(cr.next);
	return rc;
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

/* Each DXT record's reads (struct rstat), in the order flushed */
struct rrb {
	struct rstat *v;
	size_t n, cap;
};

/* The rank's re-read seconds of the record just gathered, into t[rank]
 * (ranks 0 .. nt - 1; others are no rank's), its reads into b */
/* The sorted file ids whose one rank's passes are the draw's
 * (iol_trifacts_drawn()): their reads are no re-reads here either */
struct drawn {
	uint64_t *v;
	size_t n;
};

static int id_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static int flush_rec(const struct iol_job *job, size_t rec, struct gather *g,
		     double *t, size_t nt, struct rrb *b,
		     const struct drawn *dw)
{
	int64_t rank = job->dxt[0][rec].rank;
	struct rstat st = {job->dxt[0][rec].id, 0, 0, 0, 0};
	double secs = 0;

	if (!g->n)
		return 0;
	if (dw->n && bsearch(&st.id, dw->v, dw->n, sizeof(*dw->v), id_cmp)) {
		g->n = 0;
		return 0;
	}
	if (record_rereads(g->v, g->n, &secs, &st) < 0)
		return -1;
	if (rank >= 0 && (uint64_t)rank < nt)
		t[rank] += secs;
	if (b->n == b->cap) {
		size_t cap = b->cap ? 2 * b->cap : 64;
		struct rstat *v = realloc(b->v, cap * sizeof(*v));

		if (!v)
			return -1;
		b->v = v, b->cap = cap;
	}
	b->v[b->n++] = st;
	g->n = 0;
	return 0;
}

static int rstat_before(const struct rstat *x, const struct rstat *y)
{
	return x->id < y->id;
}

IOL_SORT_DEFINE(sort_rstat, struct rstat, rstat_before)

/*
 * The re-read bytes of all ranks into *all, and into *shared those in
 * files that are an input several ranks read: the ranks' first reads
 * of the file add up to at least twice what it holds up to its highest
 * byte read, so most of each rank's bytes were read by another rank too
 * (r51-ledger's task.NN: 3 workers each read all 4 MiB).  Ranks reading
 * their own blocks of a shared file (IOR's readmostly) read it about
 * once between them: their re-reads are their own data's.
 */
static void shared_rereads(struct rrb *b, double *all, double *shared,
			   double *own_read)
{
	size_t i, k;

	*all = *shared = *own_read = 0;
	sort_rstat(b->v, b->n);
	for (i = 0; i < b->n; i = k) {
		double rr = 0, fresh = 0, end = 0;

		for (k = i; k < b->n && b->v[k].id == b->v[i].id; k++) {
			rr += b->v[k].rr, fresh += b->v[k].fresh;
			*own_read += b->v[k].rrr;
			end = fmax(end, b->v[k].end);
		}
		*all += rr;
		if (k - i >= 2 && end > 0 && fresh >= 2 * end)
			*shared += rr;
	}
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
		double *seg_bytes, struct rrb *rr_bytes, const struct drawn *dw)
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
			rc = flush_rec(job, cur, &g, t, nt, rr_bytes, dw);
		cur = rec;
		for (long k = 0; is_read && k < n; k++)
			*seg_bytes += seg[k].len > 0 ? (double)seg[k].len : 0;
		if (rc == 0)
			rc = gather_add(&g, seg, (size_t)n, is_read);
	}
	if (n < 0)
		rc = -1;
	if (rc == 0 && cur != SIZE_MAX)
		rc = flush_rec(job, cur, &g, t, nt, rr_bytes, dw);
	iol_segs_close(it);
	free(g.v);
	return rc;
}

double iol_triage_dxt_rereads(const struct iol_job *job, double *bytes,
			      double *shared, double *own_read)
{
	double seg_bytes = 0, best = NAN, *t;
	struct rrb rr_bytes = {NULL, 0, 0};
	struct drawn dw = {NULL, 0};
	size_t nt, r;

	*bytes = *shared = *own_read = NAN;
	if (!job->ndxt[0] || !job->mod[IOL_MOD_POSIX].loaded ||
	    job->nsegs[0] > IOL_TRIAGE_MAX_SEGS || job->nprocs <= 0 ||
	    job->nprocs > 1 << 24)
		return NAN;
	nt = (size_t)job->nprocs;
	if (iol_trifacts_drawn(job, &dw.v, &dw.n) < 0)
		return NAN;
	t = calloc(nt, sizeof(*t));
	if (!t) {
		free(dw.v);
		return NAN;
	}
	/* a full DXT buffer leaves reads out: the counters' estimate */
	if (scan(job, t, nt, &seg_bytes, &rr_bytes, &dw) == 0 &&
	    seg_bytes >= 0.99 * posix_read_bytes(job)) {
		best = 0;
		for (r = 0; r < nt; r++)
			best = fmax(best, t[r]);
		shared_rereads(&rr_bytes, bytes, shared, own_read);
	}
	free(t), free(rr_bytes.v), free(dw.v);
	return best;
}

/*
 * Re-reads the page cache served (issue 34, round 85): without DXT the
 * counters split a record's read time by bytes, so a file read cold
 * once and again from memory lends its re-read half the cold read's
 * time (r85-storm: 2400 cold 4 KiB files read twice, POSIX_F_READ_TIME
 * 2.722 s, 1.358 s given the re-reads; its records' slowest reads hold
 * 2.716 s, the other reads 0.006 s).  A record's slowest read is at
 * least one read of its bytes a pass must make, so its re-reads took at
 * most its read time less that read; where each pass is one read at the
 * device's pace this is the bytes' split again.  Only where that read
 * is a pass (POSIX_MAX_READ_TIME_SIZE up to the highest byte read): of
 * many reads a pass, the slowest is a piece of one and the rest mixes
 * first reads with re-reads (r41-label-all's twin: one slow first-epoch
 * read of 1 MiB took one rerun under the floor, not the other).  Only a
 * record read at most twice over (one pass again, an epoch's): a file
 * read pass after pass pays each pass's open and calls, which the stake
 * of re-reads does not count and the split stands for (r4-stat-storm:
 * 64 B read 20 times a file, r46-rescan-every: a header 200 times,
 * labelled material at the split; the bound took them under the floor).
 * Code (imports) is counted apart by IOL-REDUNDANT.
 */
static int warm_rec(const struct iol_job *job, const struct iol_jrec *r,
		    double *split, double *bound)
{
	int64_t br = r->ic[POSIX_BYTES_READ], mr = r->ic[POSIX_MAX_BYTE_READ];
	double t = r->fc[POSIX_F_READ_TIME], m = r->fc[POSIX_F_MAX_READ_TIME];
	double s;

	if (br <= 0 || mr < 0 || mr >= br - 1 || !(t > 0) || !isfinite(t) ||
	    iol_trifacts_code_file(iol_job_name(job, r->id)))
		return 0;
	s = t * (double)(br - mr - 1) / (double)br;
	*split += s;
	if (br - mr - 1 > mr + 1 || r->ic[POSIX_MAX_READ_TIME_SIZE] <= mr)
		*bound += s;
	else
		*bound += fmin(s, fmax(0, t - (isfinite(m) ? fmax(0, m) : 0)));
	return 1;
}

double iol_triage_warm_rereads(const struct iol_job *job)
{
	const struct iol_jmod *p = &job->mod[IOL_MOD_POSIX];
	double split = 0, bound = 0;
	size_t i, n = 0;

	if (!p->loaded)
		return NAN;
	for (i = 0; i < p->n; i++)
		n += (size_t)warm_rec(job, &p->recs[i], &split, &bound);
	return n && split > 0 ? bound / split : NAN;
}
