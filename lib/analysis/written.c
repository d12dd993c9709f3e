/*
 * Files written per job by size (Fig. 5 of Carns et al.).  A file is one
 * record id across POSIX and STDIO and across ranks; it counts when any of
 * its records wrote a byte, and its size is the highest offset any record
 * touched + 1.  The records are gathered, sorted by id and folded.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/written.h"
#include "analysis/metrics.h"
#include "base/error.h"
#include "base/grow.h"
#include "base/sort.h"
#include "base/banned.h"

const char *const iol_wclass_names[IOL_WCLASS_N] = {
	"lt_4k", "4k_64k", "64k_1m", "1m_16m", "16m_256m", "256m_4g", "ge_4g",
};

/* upper bounds (exclusive) of every class but the last */
static const int64_t wclass_lim[IOL_WCLASS_N - 1] = {
	4LL << 10, 64LL << 10, 1LL << 20, 16LL << 20, 256LL << 20, 4LL << 30,
};

int iol_wclass_of(int64_t size)
{
	int c;

	for (c = 0; c < IOL_WCLASS_N - 1; c++)
		if (size < wclass_lim[c])
			return c;
	return IOL_WCLASS_N - 1;
}

struct wfile {
	uint64_t id;
	int64_t size;
	int written;
};

static int wfile_before(const struct wfile *x, const struct wfile *y)
{
	return x->id < y->id;
}

IOL_SORT_DEFINE(sort_wfiles, struct wfile, wfile_before)

static void fold(const struct wfile *v, size_t n, struct iol_written *w)
{
	size_t i = 0, j;

	while (i < n) {
		int64_t size = v[i].size;
		int written = v[i].written;

		for (j = i + 1; j < n && v[j].id == v[i].id; j++) {
			if (v[j].size > size)
				size = v[j].size;
			written |= v[j].written;
		}
		if (written) {
			w->files++;
			w->cls[iol_wclass_of(size)]++;
		}
		i = j;
	}
}

/*
 * v[0..n) in id order: POSIX's records then STDIO's (from at), each in id
 * order when sorted (the job's byid), merged; else sorted.  fold() needs
 * a file's records together, in any order.
 */
static struct wfile *by_id(struct wfile *v, size_t n, size_t at, int sorted)
{
	struct wfile *out;

	if (sorted && (at == 0 || at >= n))
		return v; /* one run */
	out = sorted ? malloc(n * sizeof(*out)) : NULL;
	if (!out) { /* not in order, or no memory to merge */
		sort_wfiles(v, n);
		return v;
	}
	sort_wfiles_merge(v, at, v + at, n - at, out);
	free(v);
	return out;
}

int iol_written_compute(const struct iol_job *job, struct iol_written *w,
			struct iol_error *err)
{
	static const int mods[] = {IOL_MOD_POSIX, IOL_MOD_STDIO};
	struct wfile *v = NULL, *nv;
	size_t n = 0, cap = 0, i, j, k, runs[2];
	int sorted = 1;

	memset(w, 0, sizeof(*w));
	for (k = 0; k < sizeof(mods) / sizeof(mods[0]); k++) {
		const struct iol_jmod *jm = &job->mod[mods[k]];

		runs[k] = n;
		sorted &= !jm->loaded || jm->n < 2 || jm->byid;
		for (j = 0; jm->loaded && j < jm->n; j++) {
			struct iol_recx xbuf;
			const struct iol_recx *x;

			i = jm->byid ? jm->byid[j] : j;
			x = iol_jmod_rx(jm, mods[k], i, &xbuf);
			nv = iol_grow(v, &cap, n, sizeof(*v), 64);
			if (!nv) {
				free(v);
				return iol_error_set(err, IOL_ENOMEM,
						     "files written");
			}
			v = nv;
			v[n].id = jm->recs[i].id;
			/* INT64_MAX + 1 overflows: a damaged log's */
			v[n].size = x->maxoff >= 0 && x->maxoff < INT64_MAX
					    ? x->maxoff + 1
				    : x->maxoff >= 0 ? INT64_MAX
						     : 0;
			v[n].written = x->bw > 0;
			n++;
		}
	}
	v = by_id(v, n, runs[1], sorted);
	fold(v, n, w);
	free(v);
	return 0;
}
