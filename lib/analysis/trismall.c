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
 * synced are left out: their write time holds the syncs (IOL-FSYNC's,
 * posix_flush_secs()); shared records are IOL-SHARED-SMALL's.
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
	int64_t some = 0;
	int i;

	for (i = 0; i < 10; i++) {
		int64_t x = r->ic[POSIX_SIZE_READ_0_100 + i],
			y = r->ic[POSIX_SIZE_WRITE_0_100 + i];

		if (i >= 4 && (x != 0 || y != 0))
			return 0;
		if (x < 0 || y < 0)
			return 0;
		some += x + y;
	}
	return some > 0;
}

/* The record's read + write seconds when they count; 0 when not */
static double own_secs(const struct iol_jrec *r)
{
	double t = r->fc[POSIX_F_READ_TIME] + r->fc[POSIX_F_WRITE_TIME];

	/* ranks past MAX_OWN_RANK: a damaged log's, not counted */
	if (r->rank < 0 || r->rank > MAX_OWN_RANK || !all_under_100k(r) ||
	    !isfinite(t) || !(t > 0))
		return 0;
	if (r->ic[POSIX_FSYNCS] != 0 || r->ic[POSIX_FDSYNCS] != 0)
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
	double *t = NULL, *b = NULL, best = 0;
	size_t i, n = 0;

	*bytes = 0;
	if (!p->loaded)
		return NAN;
	for (i = 0; i < p->n; i++) {
		const struct iol_jrec *r = &p->recs[i];
		double s = own_secs(r);

		double by = fmax(0, (double)r->ic[POSIX_BYTES_READ]) +
			    fmax(0, (double)r->ic[POSIX_BYTES_WRITTEN]);

		if (s > 0 && rank_add(&t, &b, &n, r->rank, s, by) < 0) {
			free(t), free(b);
			return NAN;
		}
	}
	for (i = 0; i < n; i++)
		if (t[i] > best)
			best = t[i], *bytes = b[i];
	free(t), free(b);
	return best;
}
