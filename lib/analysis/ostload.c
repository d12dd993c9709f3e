/*
 * Bytes and time per OST from a Darshan log's POSIX and LUSTRE records.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/ostload.h"
#include "base/grow.h"
#include "counters/counters.h"
#include "base/banned.h"

/* a file's POSIX totals over its records (ranks) */
struct ftot {
	uint64_t id;
	double rb, wb, t;
	double slow; /* the most a rank spent on it */
	double ext;  /* bytes up to the last one accessed, 0 unknown */
};

/* a record's slowest rank: its own time, or a shared record's slowest */
static double rec_slow(const struct iol_jrec *r)
{
	double own = r->fc[POSIX_F_READ_TIME] + r->fc[POSIX_F_WRITE_TIME];

	return r->rank < 0 && r->fc[POSIX_F_SLOWEST_RANK_TIME] > 0
		       ? r->fc[POSIX_F_SLOWEST_RANK_TIME]
		       : own;
}

/* a record's extent: up to the last byte read or written (POSIX_MAX_
 * BYTE_*); 0 when not recorded (no byte beyond the first) */
static double rec_ext(const struct iol_jrec *r)
{
	int64_t a = r->ic[POSIX_MAX_BYTE_READ],
		b = r->ic[POSIX_MAX_BYTE_WRITTEN];
	int64_t m = a > b ? a : b;

	return m > 0 ? (double)m + 1 : 0;
}

/*
 * The share of a file's bytes on the OST at position j of its layout:
 * the stripes its extent covers, round robin (stripe k on position
 * k mod n), the last one partial.  A file of 100 MB over 160 OSTs with
 * 1 MiB stripes touches the first 96 only; an even split would give the
 * other 64 bytes they never saw.  Without an extent, or a layout of
 * several components (its OST list is not one round robin): 1/n each.
 */
static double stripe_share(const struct iol_jlustre *s, double ext, size_t j)
{
	double n = (double)s->nosts, sz = (double)s->stripe_size, units, on;

	if (ext <= 0 || sz <= 0 || s->stripe_count != s->nosts)
		return 1.0 / n;
	units = ceil(ext / sz);
	on = floor(units / n) + ((double)j < fmod(units, n) ? 1 : 0);
	/* the last stripe's bytes as what is left of the extent: a stripe
	 * size of 2^62 (a damaged log) swallowed a small extent in
	 * units * sz - ext, the file on no OST */
	if ((double)j == fmod(units - 1, n))
		return ((on - 1) * sz + (ext - (units - 1) * sz)) / ext;
	return on * sz / ext;
}

static int cmp_id(const void *a, const void *b)
{
	uint64_t x = ((const struct ftot *)a)->id;
	uint64_t y = ((const struct ftot *)b)->id;

	return (x > y) - (x < y);
}

/* POSIX records summed by file id, sorted by id; *n files */
static struct ftot *posix_files(const struct iol_job *job, size_t *n)
{
	const struct iol_jmod *m = &job->mod[IOL_MOD_POSIX];
	struct ftot *v = calloc(m->n + 1, sizeof(*v));
	size_t i, k = 0;

	*n = 0;
	if (!v)
		return NULL;
	for (i = 0; i < m->n; i++) {
		v[i].id = m->recs[i].id;
		v[i].rb = (double)m->recs[i].ic[POSIX_BYTES_READ];
		v[i].wb = (double)m->recs[i].ic[POSIX_BYTES_WRITTEN];
		v[i].t = m->recs[i].fc[POSIX_F_READ_TIME] +
			 m->recs[i].fc[POSIX_F_WRITE_TIME];
		v[i].slow = rec_slow(&m->recs[i]);
		v[i].ext = rec_ext(&m->recs[i]);
	}
	qsort(v, m->n, sizeof(*v), cmp_id);
	for (i = 0; i < m->n; i++) {
		if (k && v[k - 1].id == v[i].id) {
			v[k - 1].rb += v[i].rb;
			v[k - 1].wb += v[i].wb;
			v[k - 1].t += v[i].t;
			if (v[i].slow > v[k - 1].slow)
				v[k - 1].slow = v[i].slow;
			if (v[i].ext > v[k - 1].ext)
				v[k - 1].ext = v[i].ext;
		} else {
			v[k++] = v[i];
		}
	}
	*n = k;
	return v;
}

static struct iol_ostrow *row_of(struct iol_ostload *l, size_t *cap,
				 int64_t ost)
{
	struct iol_ostrow *r;
	size_t i;

	for (i = 0; i < l->n; i++)
		if (l->v[i].ost == ost)
			return &l->v[i];
	r = iol_grow(l->v, cap, l->n, sizeof(*r), 16);
	if (!r)
		return NULL;
	l->v = r;
	r = &l->v[l->n++];
	memset(r, 0, sizeof(*r));
	r->ost = ost;
	return r;
}

static int cmp_ost(const void *a, const void *b)
{
	int64_t x = ((const struct iol_ostrow *)a)->ost;
	int64_t y = ((const struct iol_ostrow *)b)->ost;

	return (x > y) - (x < y);
}

static int cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* each OST's pace against the median pace of the job's other OSTs */
static void paces(struct iol_ostload *l)
{
	double *v = malloc((l->n + 1) * sizeof(*v));
	size_t i, j, k;

	for (i = 0; i < l->n; i++) {
		struct iol_ostrow *r = &l->v[i];
		double b = r->rbytes + r->wbytes;

		r->s_per_gib = b >= IOL_OST_MIN_BYTES
				       ? r->time * 1073741824.0 / b
				       : NAN;
		r->vs_median = NAN;
	}
	for (i = 0; v && i < l->n; i++) {
		if (isnan(l->v[i].s_per_gib))
			continue;
		for (j = k = 0; j < l->n; j++)
			if (j != i && !isnan(l->v[j].s_per_gib))
				v[k++] = l->v[j].s_per_gib;
		if (k < 2)
			continue; /* a pace against one other is no median */
		qsort(v, k, sizeof(*v), cmp_dbl);
		{
			double med = k % 2 ? v[k / 2]
					   : (v[k / 2 - 1] + v[k / 2]) / 2;

			if (med > 0)
				l->v[i].vs_median = l->v[i].s_per_gib / med;
		}
	}
	free(v);
}

int iol_ostload_compute(const struct iol_job *job, struct iol_ostload *l,
			struct iol_error *err)
{
	struct ftot *f, key;
	size_t nf, i, j, cap = 0;

	memset(l, 0, sizeof(*l));
	if (!job->nlustre)
		return 0;
	f = posix_files(job, &nf);
	if (!f)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	for (i = 0; i < nf; i++)
		l->unmapped += f[i].rb + f[i].wb;
	for (i = 0; i < job->nlustre; i++) {
		const struct iol_jlustre *s = &job->lustre[i];
		struct ftot *p;

		key.id = s->id;
		p = bsearch(&key, f, nf, sizeof(*f), cmp_id);
		if (!p || s->nosts < 1)
			continue;
		l->nfiles++;
		l->nstriped += s->nosts > 1;
		l->bytes += p->rb + p->wb;
		l->time += p->t;
		if (p->slow > l->slow_file)
			l->slow_file = p->slow;
		l->unmapped -= p->rb + p->wb;
		for (j = 0; j < (size_t)s->nosts; j++) {
			double share = stripe_share(s, p->ext, j);
			struct iol_ostrow *r;

			if (!(share > 0))
				continue; /* beyond the file's extent */
			if (!(r = row_of(l, &cap, s->osts[j]))) {
				free(f);
				iol_ostload_free(l);
				return iol_error_set(err, IOL_ENOMEM,
						     "out of memory");
			}
			r->files += 1;
			r->rbytes += p->rb * share;
			r->wbytes += p->wb * share;
			r->time += p->t * share;
			if (p->slow > r->slow)
				r->slow = p->slow;
		}
	}
	free(f);
	if (l->n > 1)
		qsort(l->v, l->n, sizeof(*l->v), cmp_ost);
	paces(l);
	return 0;
}

void iol_ostload_free(struct iol_ostload *l)
{
	free(l->v);
	memset(l, 0, sizeof(*l));
}
