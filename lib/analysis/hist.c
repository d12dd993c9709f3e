/*
 * Access-size histograms and the most common access sizes (METRICS.md 5).
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/metrics.h"
#include "analysis/recx-int.h"
#include "base/grow.h"
#include "base/sort.h"
#include "base/wrap.h"
#include "base/banned.h"

/* ---- access sizes ---- */

static void hist_add_mod(const struct iol_job *job, int m, struct iol_hist *h)
{
	iol_hist_bins(job, m, h->rd, h->wr);
}

/* ---- the most common access sizes: an exact sum over records ---- */

struct szc {
	int64_t size, count;
};

static int size_before(const struct szc *x, const struct szc *y)
{
	return x->size < y->size;
}

IOL_SORT_DEFINE(sort_by_size, struct szc, size_before)

/* most frequent first, then the smaller size (PyDarshan's order: a stable
 * sort by count of sizes in ascending order) */
static int count_before(const struct szc *x, const struct szc *y)
{
	return x->count != y->count ? x->count > y->count : x->size < y->size;
}

IOL_SORT_DEFINE(sort_by_count, struct szc, count_before)

int iol_rec_sizes(int mod, const struct iol_jrec *r, int64_t size[IOL_NCOMMON],
		  int64_t count[IOL_NCOMMON])
{
	const struct cix *c = iol_cix(mod);
	/* the four ACCESSn_ACCESS groups come right before the four counts,
	 * so their stride is the distance to ACCESS1_COUNT over four (1 for
	 * POSIX or MPI-IO, 11 for H5D and PnetCDF with lengths and strides) */
	int step = (c->acc1c - c->acc1) / IOL_NCOMMON, k, n = 0;

	if (c->acc1 < 0 || c->acc1c < 0)
		return 0;
	for (k = 0; k < IOL_NCOMMON; k++) {
		int64_t v = r->ic[c->acc1 + k * step],
			cnt = r->ic[c->acc1c + k];

		if (v >= 0 && cnt > 0) {
			size[n] = v;
			count[n++] = cnt;
		}
	}
	return n;
}

/* Every record's (size, count) pairs with a count; returns how many. */
static size_t gather(const struct iol_jmod *jm, int mod, struct szc *p)
{
	/* iol_rec_sizes() with the module's indexes found once, not a
	 * call and two lookups a record */
	const struct cix *c = iol_cix(mod);
	int step = (c->acc1c - c->acc1) / IOL_NCOMMON, k;
	size_t i, n = 0;

	for (i = 0; i < jm->n; i++) {
		const int64_t *ic = jm->recs[i].ic;

		for (k = 0; k < IOL_NCOMMON; k++) {
			int64_t v = ic[c->acc1 + k * step],
				cnt = ic[c->acc1c + k];

			if (v >= 0 && cnt > 0)
				p[n++] = (struct szc){v, cnt};
		}
	}
	return n;
}

/* Sums the counts of equal sizes in place (p sorted by size), saturating
 * at INT64_MAX on absurd counts; returns the number of distinct sizes. */
static size_t merge_sizes(struct szc *p, size_t n)
{
	size_t i, m = 0;

	for (i = 0; i < n; i++) {
		if (m && p[m - 1].size == p[i].size) {
			int64_t *t = &p[m - 1].count;

			*t = p[i].count > INT64_MAX - *t ? INT64_MAX
							 : *t + p[i].count;
		} else {
			p[m++] = p[i];
		}
	}
	return m;
}

int iol_common_sizes(const struct iol_job *job, int mod,
		     int64_t size[IOL_NCOMMON], int64_t count[IOL_NCOMMON])
{
	const struct iol_jmod *jm;
	const struct cix *c;
	struct szc *p;
	size_t n, k;

	if (mod < 0 || mod >= IOL_MOD_KNOWN || !job->mod[mod].loaded)
		return 0;
	jm = &job->mod[mod];
	c = iol_cix(mod);
	if (c->acc1 < 0 || c->acc1c < 0 || !jm->n)
		return 0;
	if (jm->n > SIZE_MAX / (IOL_NCOMMON * sizeof(*p)))
		return IOL_ENOMEM;
	p = malloc(jm->n * IOL_NCOMMON * sizeof(*p));
	if (!p)
		return IOL_ENOMEM;
	n = gather(jm, mod, p);
	sort_by_size(p, n);
	n = merge_sizes(p, n);
	sort_by_count(p, n);
	for (k = 0; k < n && k < IOL_NCOMMON; k++) {
		size[k] = p[k].size;
		count[k] = p[k].count;
	}
	free(p);
	return (int)k;
}

static void hist_common(const struct iol_job *job, int m, struct iol_hist *h)
{
	int n = iol_common_sizes(job, m, h->common, h->common_count);

	h->ncommon = n > 0 ? n : 0;
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
