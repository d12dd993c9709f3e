/*
 * Access-size histograms and the most common access sizes (METRICS.md 5).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/metrics.h"
#include "analysis/recx-int.h"
#include "base/grow.h"
#include "base/wrap.h"
#include "base/banned.h"

/* ---- access sizes ---- */

static void hist_add_mod(const struct iol_job *job, int m, struct iol_hist *h)
{
	iol_hist_bins(job, m, h->rd, h->wr);
}

static void hist_common(const struct iol_job *job, int m, struct iol_hist *h)
{
	const struct iol_jmod *jm = &job->mod[m];
	const struct cix *c = iol_cix(m);
	struct iol_accum acc;
	size_t i;
	int k;

	if (!iol_accum_supported(m) || c->acc1 < 0 ||
	    iol_accum_init(&acc, m, job->nprocs) < 0)
		return;
	for (i = 0; i < jm->n; i++) {
		struct iol_rec r;

		iol_rec_to_iolrec(m, &jm->recs[i], &r);
		if (iol_accum_add(&acc, &r) < 0)
			break;
	}
	/* the four most common sizes, merged the way darshan-util does */
	for (k = 0; k < 4; k++) {
		int64_t v = acc.agg.ic[c->acc1 + k],
			n = acc.agg.ic[c->acc1c + k];

		if (v > 0 && n > 0) {
			int j = h->ncommon++;

			/* most frequent first, then the larger size */
			while (j > 0 && (h->common_count[j - 1] < n ||
					 (h->common_count[j - 1] == n &&
					  h->common[j - 1] < v))) {
				h->common[j] = h->common[j - 1];
				h->common_count[j] = h->common_count[j - 1];
				j--;
			}
			h->common[j] = v;
			h->common_count[j] = n;
		}
	}
	iol_accum_release(&acc);
}

size_t iol_hist_compute(const struct iol_job *job, struct iol_hist *h,
			size_t max)
{
	size_t n = 0;
	int m;

	if (!max)
		return 0;
	memset(h, 0, sizeof(*h) * max);
	/* the job: POSIX, the layer every data access reaches */
	h[0].mod = -1;
	if (job->mod[IOL_MOD_POSIX].loaded) {
		hist_add_mod(job, IOL_MOD_POSIX, &h[0]);
		hist_common(job, IOL_MOD_POSIX, &h[0]);
	}
	n = 1;
	for (m = 0; m < IOL_MOD_KNOWN && n < max; m++) {
		const struct cix *c;

		if (!job->mod[m].loaded || !iol_modinfo(m)->nint)
			continue;
		c = iol_cix(m);
		if (c->bin_r < 0 || c->bin_w < 0)
			continue;
		h[n].mod = m;
		hist_add_mod(job, m, &h[n]);
		hist_common(job, m, &h[n]);
		n++;
	}
	return n;
}
