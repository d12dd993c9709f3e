/*
 * The measured seconds of small requests that are no bytes' transfer
 * (issue 34, round 113).  IOL-SMALL-REQ keeps the share of the write time
 * that 100 KiB-1 MiB writes hold by bytes (small_mid_secs()), a job-wide
 * split: beside a few large-ish data writes it kept every second of the
 * small requests, also those of a file whose requests are all under
 * 100 KiB, whose time the log measures apart (r113-bprew: md.idx, 100
 * index records of 64 B on a sync mount, F_WRITE_TIME 1.64 s of a
 * 15.6-s run, labelled material 1.5 s, was "too few to matter").  Here:
 * the slowest rank's read and write time in its own records whose every
 * request is under 100 KiB, and the bytes they moved.  Records a rank
 * synced count only where DXT times their writes (iol_trifacts_dxt_
 * writes()): their write time holds the syncs (IOL-FSYNC's); shared
 * records are IOL-SHARED-SMALL's.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "analysis/trifacts.h"
#include "analysis/triage.h"
#include "counters/counters.h"
#include "base/banned.h"

#define MAX_OWN_RANK (1 << 22)

/* Whether each of a record's requests is under 100 KiB: its size bins
 * from 100 KiB up (reads' and writes') are empty, and it made some */
static int all_under_100k(const struct iol_jrec *r)
{
	int some = 0, i;

	for (i = 0; i < 10; i++) {
		int64_t x = r->ic[POSIX_SIZE_READ_0_100 + i],
			y = r->ic[POSIX_SIZE_WRITE_0_100 + i];

		if (i >= 4 && (x != 0 || y != 0))
			return 0;
		if (x < 0 || y < 0)
			return 0;
		/* not a sum: a hostile log's INT64_MAX bins would overflow */
		some |= x > 0 || y > 0;
	}
	return some;
}

/* The record's read + write seconds when they count (a synced one's
 * writes from DXT, dxtw, when it holds them all); 0 when not */
static double own_secs(const struct iol_jrec *r, double dxtw)
{
	double t = r->fc[POSIX_F_READ_TIME] + r->fc[POSIX_F_WRITE_TIME];

	if (dxtw >= 0)
		t = fmin(t, r->fc[POSIX_F_READ_TIME] + dxtw);
	else if (r->ic[POSIX_FSYNCS] != 0 || r->ic[POSIX_FDSYNCS] != 0)
		return 0;

	/* ranks past MAX_OWN_RANK: a damaged log's, not counted */
	if (r->rank < 0 || r->rank > MAX_OWN_RANK || !all_under_100k(r) ||
	    !isfinite(t) || !(t > 0))
		return 0;
	return t;
}

/* Add t and b to rank k's slot, growing the arrays as needed */
static int rank_add(double **t, double **b, size_t *n, int64_t k, double s,
		    double by)
{
	if ((size_t)k >= *n) {
		size_t m = (size_t)k + 1 > 2 * *n ? (size_t)k + 1 : 2 * *n;
		double *nt = realloc(*t, m * sizeof(**t)), *nb;

		if (!nt)
			return -1;
		*t = nt;
		nb = realloc(*b, m * sizeof(**b));
		if (!nb)
			return -1;
		*b = nb;
		for (; *n < m; (*n)++)
			(*t)[*n] = (*b)[*n] = 0;
	}
	(*t)[k] += s;
	(*b)[k] += by;
	return 0;
}

double iol_triage_small_own(const struct iol_job *job, double *bytes)
{
	const struct iol_jmod *p = &job->mod[IOL_MOD_POSIX];
	double *t = NULL, *b = NULL, best = 0, *dw;
	size_t i, n = 0;

	*bytes = 0;
	if (!p->loaded)
		return NAN;
	dw = iol_trifacts_dxt_writes(job);
	for (i = 0; i < p->n; i++) {
		const struct iol_jrec *r = &p->recs[i];
		double s = own_secs(r, dw ? dw[i] : -1);

		double by = fmax(0, (double)r->ic[POSIX_BYTES_READ]) +
			    fmax(0, (double)r->ic[POSIX_BYTES_WRITTEN]);

		if (s > 0 && rank_add(&t, &b, &n, r->rank, s, by) < 0) {
			free(t), free(b), free(dw);
			return NAN;
		}
	}
	for (i = 0; i < n; i++)
		if (t[i] > best)
			best = t[i], *bytes = b[i];
	free(t), free(b), free(dw);
	return best;
}

/*
 * Each POSIX record's writes' own seconds from DXT, where the counters
 * cannot tell them (issue 34, round 111): Darshan adds each fsync's time
 * to POSIX_F_WRITE_TIME, so a rank's own record synced more than once
 * lends its writes only the time over the syncs (write_secs() in
 * trifacts.c).  r111-resfsync: 800 lines of < 100 B, each written and
 * fsynced on a sync mount, were staked at 0.025 s a rank, while DXT
 * shows the writes took 7.38 s of rank 0's 8.50 s (the fsyncs alone
 * ~1.1 s; labelled material).  Only where DXT holds every write of the
 * record (its write segments as many as POSIX_WRITES), and every write
 * is under 10 KiB, whose bytes take no time to speak of even on slow
 * storage: larger ones may wait for the device's pace, which larger
 * requests would meet too (r61-iorank-fsync: 600 writes of 64 KiB, each
 * fdatasynced, 5.08 s in DXT on slow storage; its twin without syncs
 * wrote as slowly; SMALL-REQ labelled trivial); -1 elsewhere.
 */
static int synced_own(const struct iol_jrec *r)
{
	int i;

	for (i = 3; i < 10; i++)
		if (r->ic[POSIX_SIZE_WRITE_0_100 + i] != 0)
			return 0;
	/* the syncs summed as doubles: two INT64_MAX counts (a hostile
	 * log's) would overflow */
	return r->rank >= 0 && r->ic[POSIX_WRITES] > 0 &&
	       r->ic[POSIX_FSYNCS] >= 0 && r->ic[POSIX_FDSYNCS] >= 0 &&
	       (double)r->ic[POSIX_FSYNCS] + (double)r->ic[POSIX_FDSYNCS] > 1;
}

/* Sum each DXT POSIX record's write segments' seconds into w, their
 * number into c; -1 when the segments fail */
static int dxt_write_sums(const struct iol_job *job, double *w, int64_t *c)
{
	struct iol_segs *it;
	struct iol_seg seg[1024];
	size_t rec;
	int is_read;
	long n, k;

	if (iol_segs_open(&it, job, 0, NULL) < 0)
		return -1;
	while ((n = iol_segs_next(it, seg, 1024, &rec, &is_read, NULL)) > 0) {
		if (is_read || rec >= job->ndxt[0])
			continue;
		for (k = 0; k < n; k++)
			if (isfinite(seg[k].end - seg[k].start))
				w[rec] += fmax(0, seg[k].end - seg[k].start);
		c[rec] += n;
	}
	iol_segs_close(it);
	return n < 0 ? -1 : 0;
}

/* The DXT record of r's file and rank whose writes are all r's, or -1 */
static double full_trace(const struct iol_job *job, const struct iol_jrec *r,
			 const double *w, const int64_t *c)
{
	size_t k;

	for (k = 0; k < job->ndxt[0]; k++)
		if (job->dxt[0][k].id == r->id &&
		    job->dxt[0][k].rank == r->rank)
			return c[k] == r->ic[POSIX_WRITES] ? w[k] : -1;
	return -1;
}

double *iol_trifacts_dxt_writes(const struct iol_job *job)
{
	const struct iol_jmod *p = &job->mod[IOL_MOD_POSIX];
	double *w, *out = NULL;
	int64_t *c;
	size_t i, ns = 0;

	if (!job->ndxt[0] || !p->loaded || !p->n ||
	    job->nsegs[0] > IOL_TRIAGE_MAX_SEGS)
		return NULL;
	for (i = 0; i < p->n; i++)
		ns += (size_t)synced_own(&p->recs[i]);
	/* a header search a synced record: bounded work */
	if (!ns || (double)ns * (double)job->ndxt[0] > 5e7)
		return NULL;
	w = calloc(job->ndxt[0], sizeof(*w));
	c = calloc(job->ndxt[0], sizeof(*c));
	if (w && c && dxt_write_sums(job, w, c) == 0)
		out = malloc(p->n * sizeof(*out));
	for (i = 0; out && i < p->n; i++)
		out[i] = synced_own(&p->recs[i])
				 ? full_trace(job, &p->recs[i], w, c)
				 : -1;
	free(w), free(c);
	return out;
}
