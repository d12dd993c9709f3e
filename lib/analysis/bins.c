/*
 * The access-size bins of one module summed over its records (METRICS.md
 * 5): shared by the histograms (hist.c) and the job row's figures
 * (summary.c), in a file of its own so neither depends on the other.
 */
#include "analysis/metrics.h"
#include "analysis/recx-int.h"
#include "base/wrap.h"
#include "base/banned.h"

int iol_hist_bins(const struct iol_job *job, int m, int64_t rd[IOL_NBINS],
		  int64_t wr[IOL_NBINS])
{
	const struct iol_jmod *jm;
	const struct cix *c;
	size_t i;
	int b;

	if (m < 0 || m >= IOL_MOD_KNOWN || !job->mod[m].loaded ||
	    !iol_modinfo(m)->nint)
		return 0;
	jm = &job->mod[m];
	c = iol_cix(m);
	if (c->bin_r < 0 || c->bin_w < 0)
		return 0;
	/* summed in local arrays, then added: rd and wr might alias the
	 * records, so each sum was stored and loaded again for every record
	 * (the sums wrap, mod 2^64: the same result in any order) */
	uint64_t sr[IOL_NBINS] = {0}, sw[IOL_NBINS] = {0};

	for (i = 0; i < jm->n; i++) {
		const int64_t *vr = &jm->recs[i].ic[c->bin_r],
			      *vw = &jm->recs[i].ic[c->bin_w];

		for (b = 0; b < IOL_NBINS; b++) {
			sr[b] += (uint64_t)pos(vr[b]);
			sw[b] += (uint64_t)pos(vw[b]);
		}
	}
	for (b = 0; b < IOL_NBINS; b++) {
		rd[b] = wadd(rd[b], (int64_t)sr[b]);
		wr[b] = wadd(wr[b], (int64_t)sw[b]);
	}
	return 1;
}
