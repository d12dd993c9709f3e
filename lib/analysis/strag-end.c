/*
 * Where a rank's I/O in a phase ended (strag-end.h): each rank's own
 * records with syncs give the latest close per rank row whose writes
 * they hold, and a write row whose sync the phases
 * placed after its last segment ends at that sync's end or the close,
 * whichever came first.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "analysis/recx-int.h"
#include "analysis/strag-end.h"
#include "base/banned.h"

/* the first rank row of rank: rank rows are by rank, then phase */
static size_t first_row(const struct iol_phases *ph, int64_t rank)
{
	size_t l = 0, h = ph->nrank;

	while (l < h) {
		size_t m = l + (h - l) / 2;

		if (ph->rank[m].rank < rank)
			l = m + 1;
		else
			h = m;
	}
	return l;
}

/* the close of a rank's own record whose write time holds a sync (the
 * time DXT does not show), NAN when it says nothing: a shared record
 * (no rank of its own), no sync, or a timestamp past the run (a
 * damaged log's) */
static double rec_close(const struct iol_job *job, const struct cix *cx,
			const struct iol_jrec *r)
{
	int syncs = geti(r, cx->syncs[0]) > 0 || geti(r, cx->syncs[1]) > 0;
	double tw = getf(r, cx->tw), ce = getf(r, cx->cend);

	if (r->rank < 0 || !syncs || !(tw > 0) || !isfinite(tw))
		return NAN;
	if (!(ce > 0) || !isfinite(ce))
		return NAN;
	if (job->run_time > 0 && ce > job->run_time + 1)
		return NAN;
	return ce;
}

/* each rank row's latest close of the rank's own synced files it wrote
 * in the row's phase: files whose writes (F_WRITE_START to _END
 * timestamps) meet the row's segments.  Not the phase's file rows: a
 * job of many ranks, a file each, folds every file into "other". */
static void closes(const struct iol_job *job, const struct iol_phases *ph,
		   double *cl)
{
	int mod = iol_timeline_layer(job, -1) ? IOL_MOD_MPIIO : IOL_MOD_POSIX;
	const struct iol_jmod *jm = &job->mod[mod];
	const struct cix *cx = iol_cix(mod);
	size_t i, k;

	for (i = 0; jm->loaded && i < jm->n; i++) {
		const struct iol_jrec *r = &jm->recs[i];
		double ce = rec_close(job, cx, r);
		double ws = getf(r, cx->wstart), we = getf(r, cx->wend);

		if (isnan(ce) || !(ws <= we))
			continue;
		for (k = first_row(ph, r->rank);
		     k < ph->nrank && ph->rank[k].rank == r->rank; k++) {
			const struct iol_phase *w = &ph->rank[k];

			if (w->op == 0 && !w->other && ws <= w->end &&
			    we >= w->start && !(cl[k] >= ce))
				cl[k] = ce;
		}
	}
}

/* a row's end: its sync's end or its close, the earlier, when both are
 * past its last segment */
static double row_end(const struct iol_phase *r, double close)
{
	if (r->op != 0 || !(close > r->end) || !(r->sync_end > r->end))
		return r->end;
	return fmin(r->sync_end, close);
}

int iol_strag_ends(const struct iol_job *job, const struct iol_phases *ph,
		   double *ends)
{
	double *cl = malloc((ph->nrank ? ph->nrank : 1) * sizeof(*cl));
	size_t i;

	for (i = 0; i < ph->nrank; i++)
		ends[i] = ph->rank[i].end;
	if (!cl)
		return IOL_ENOMEM;
	for (i = 0; i < ph->nrank; i++)
		cl[i] = NAN;
	closes(job, ph, cl);
	for (i = 0; i < ph->nrank; i++)
		ends[i] = row_end(&ph->rank[i], cl[i]);
	free(cl);
	return 0;
}
