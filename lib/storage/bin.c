/*
 * Binning device series onto one grid.  A sample that straddles bin
 * edges is split in proportion to time (the rate is taken as constant
 * inside a sample, which is all a sampled counter can say); bytes are
 * split by rounding the cumulative share, so the pieces of a sample add
 * up to its bytes exactly and the grid's total equals the recording's.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "storage/devio.h"
#include "base/banned.h"

/* more bins than this (all rows) is a mistake, not a recording: 10^7
 * bins of 56 bytes are 560 MB, a device sampled each second for 115
 * days (a damaged stamp far from the others asked for 5.6 GB at 10^8) */
#define MAX_CELLS 10000000.0

static int cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median_len(const struct iol_devset *ds)
{
	size_t i, j, n = 0, k = 0;
	double *v, m;

	for (i = 0; i < ds->ndev; i++)
		n += ds->dev[i].n;
	v = malloc(n * sizeof(*v));
	if (!v)
		return -1;
	for (i = 0; i < ds->ndev; i++)
		for (j = 0; j < ds->dev[i].n; j++)
			v[k++] = ds->dev[i].iv[j].end - ds->dev[i].iv[j].start;
	qsort(v, n, sizeof(*v), cmp_dbl);
	m = v[n / 2];
	free(v);
	return m;
}

double iol_bin_rate(const struct iol_bin *x)
{
	if (x->covered <= 0)
		return NAN;
	return (double)(x->rbytes + x->wbytes) / x->covered;
}

static void split(const struct iol_binned *b, struct iol_bin *row,
		  const struct iol_ival *iv)
{
	double dur = iv->end - iv->start;
	int64_t pr = 0, pw = 0;
	size_t k;
	double f0 = floor((iv->start - b->t0) / b->step);

	k = f0 < 0 ? 0 : (size_t)f0;
	if (k >= b->nbins)
		k = b->nbins - 1;
	for (; k < b->nbins; k++) {
		double bs = b->t0 + (double)k * b->step, be = bs + b->step;
		double lo = iv->start > bs ? iv->start : bs;
		double hi = iv->end < be ? iv->end : be;
		int last = hi >= iv->end || k + 1 == b->nbins;
		double f = last || dur <= 0 ? 1.0 : (hi - iv->start) / dur;

		if (f < 0)
			f = 0;
		int64_t cr = llround((double)iv->rbytes * f);
		int64_t cw = llround((double)iv->wbytes * f);
		struct iol_bin *x = &row[k];

		if (last) {
			cr = iv->rbytes;
			cw = iv->wbytes;
		}
		x->rbytes += cr - pr;
		x->wbytes += cw - pw;
		pr = cr;
		pw = cw;
		if (hi > lo) {
			double share = dur > 0 ? (hi - lo) / dur : 1.0;

			x->reads += iv->reads * share;
			x->writes += iv->writes * share;
			if (!(iv->gap & IOL_IV_UNCOVERED))
				x->covered += hi - lo;
			if (iv->util >= 0 && !(iv->gap & IOL_IV_UNCOVERED)) {
				x->busy += iv->util / 100.0 * (hi - lo);
				x->utilcov += hi - lo;
			}
		} else if (dur <= 0) {
			x->reads += iv->reads;
			x->writes += iv->writes;
		}
		if (last)
			break;
	}
}

static void aggregate(struct iol_binned *b)
{
	struct iol_bin *all = iol_binned_at(b, b->ndev, 0);
	size_t d, k;

	for (d = 0; d < b->ndev; d++) {
		const struct iol_bin *r = iol_binned_at(b, d, 0);

		for (k = 0; k < b->nbins; k++) {
			all[k].rbytes += r[k].rbytes;
			all[k].wbytes += r[k].wbytes;
			all[k].reads += r[k].reads;
			all[k].writes += r[k].writes;
			all[k].busy += r[k].busy;
			all[k].utilcov += r[k].utilcov;
			if (r[k].covered > all[k].covered)
				all[k].covered = r[k].covered;
		}
	}
}

static int grid(const struct iol_devset *ds, double step,
		struct iol_binned *out, struct iol_error *err)
{
	double t0 = INFINITY, t1 = -INFINITY, nb;
	size_t i;

	for (i = 0; i < ds->ndev; i++) {
		const struct iol_dev *d = &ds->dev[i];

		if (!d->n)
			continue;
		if (d->iv[0].start < t0)
			t0 = d->iv[0].start;
		if (d->iv[d->n - 1].end > t1)
			t1 = d->iv[d->n - 1].end;
	}
	if (t0 > t1)
		return iol_error_set(err, IOL_EEMPTY, "no samples");
	if (step <= 0) {
		step = median_len(ds);
		if (step <= 0)
			step = 1;
	} else {
		t0 = floor(t0 / step) * step;
	}
	nb = ceil((t1 - t0) / step - 1e-9);
	if (nb < 1)
		nb = 1;
	if (nb * (double)(ds->ndev + 1) > MAX_CELLS)
		return iol_error_set(err, IOL_EINVAL,
				     "%.0f bins of %g s is too many: give a "
				     "longer --interval",
				     nb, step);
	out->t0 = t0;
	out->step = step;
	out->nbins = (size_t)nb;
	return 0;
}

/* ds's series onto out's grid (t0, step, nbins set) */
static int fill(const struct iol_devset *ds, struct iol_binned *out,
		struct iol_error *err)
{
	size_t i, j;

	out->ndev = ds->ndev;
	out->names = malloc((ds->ndev + 1) * sizeof(*out->names));
	out->b = calloc((ds->ndev + 1) * out->nbins, sizeof(*out->b));
	if (!out->names || !out->b) {
		iol_binned_release(out);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	for (i = 0; i < ds->ndev; i++) {
		out->names[i] = ds->dev[i].name;
		for (j = 0; j < ds->dev[i].n; j++)
			split(out, iol_binned_at(out, i, 0), &ds->dev[i].iv[j]);
	}
	out->names[ds->ndev] = "all";
	aggregate(out);
	return 0;
}

int iol_devset_bin(const struct iol_devset *ds, double step,
		   struct iol_binned *out, struct iol_error *err)
{
	int r;

	memset(out, 0, sizeof(*out));
	r = grid(ds, step, out, err);
	return r < 0 ? r : fill(ds, out, err);
}

int iol_devset_bin_like(const struct iol_devset *ds,
			const struct iol_binned *like, struct iol_binned *out,
			struct iol_error *err)
{
	memset(out, 0, sizeof(*out));
	out->t0 = like->t0;
	out->step = like->step;
	out->nbins = like->nbins;
	return fill(ds, out, err);
}

void iol_binned_release(struct iol_binned *b)
{
	free(b->names);
	free(b->b);
	memset(b, 0, sizeof(*b));
}
