/*
 * The numbers of METRICS.md section 10 over one row of a binned series:
 * peak, mean, the throughput CDF, idle periods (runs of bins below a
 * fraction of the peak) tabulated by the study's Table III duration
 * classes, and bursts (runs at or above another fraction of the peak).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "storage/devio.h"
#include "base/grow.h"
#include "base/banned.h"

const char *const iol_idle_class_names[IOL_NIDLE_CLASSES] = {
	"1", "2-5", "6-10", "11-20", "21-30", "31-40", "41-50", "51-60", ">60",
};

int iol_idle_class(double seconds)
{
	static const double upper[IOL_NIDLE_CLASSES - 1] = {1,	5,  10, 20,
							    30, 40, 50, 60};
	double min = seconds / 60.0;
	int c;

	for (c = 0; c < IOL_NIDLE_CLASSES - 1; c++)
		if (min <= upper[c] + 1e-9)
			return c;
	return IOL_NIDLE_CLASSES - 1;
}

static int cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static int push(struct iol_period **v, size_t *n, size_t *cap,
		const struct iol_period *p)
{
	struct iol_period *nv = iol_grow(*v, cap, *n, sizeof(**v), 16);

	if (!nv)
		return IOL_ENOMEM;
	*v = nv;
	nv[(*n)++] = *p;
	return 0;
}

/* runs of bins where rate is below (want_low) or at/above thr */
static int runs(const struct iol_binned *b, size_t row, double thr,
		int want_low, double min_len, struct iol_period **out,
		size_t *nout)
{
	size_t k, cap = 0;
	struct iol_period cur;
	int in = 0;

	*out = NULL;
	*nout = 0;
	for (k = 0; k <= b->nbins; k++) {
		const struct iol_bin *x =
			k < b->nbins ? iol_binned_at(b, row, k) : NULL;
		double r = x ? iol_bin_rate(x) : NAN;
		int hit = !isnan(r) && (want_low ? r < thr : r >= thr);

		if (hit && !in) {
			memset(&cur, 0, sizeof(cur));
			cur.start = b->t0 + (double)k * b->step;
			in = 1;
		}
		if (hit) {
			/* a bin the samples cover only in part (the last)
			 * ends where they end */
			cur.end = b->t0 + (double)k * b->step +
				  (x->covered < b->step ? x->covered : b->step);
			cur.bytes += x->rbytes + x->wbytes;
			if (r > cur.peak_bps)
				cur.peak_bps = r;
			continue;
		}
		if (in && cur.end - cur.start >= min_len - 1e-9 &&
		    push(out, nout, &cap, &cur) < 0)
			return IOL_ENOMEM;
		in = 0;
	}
	return 0;
}

static void basic(const struct iol_binned *b, size_t row,
		  struct iol_devstats *st)
{
	size_t k;

	for (k = 0; k < b->nbins; k++) {
		const struct iol_bin *x = iol_binned_at(b, row, k);
		double r = iol_bin_rate(x);

		st->rbytes += x->rbytes;
		st->wbytes += x->wbytes;
		if (isnan(r))
			continue;
		st->sorted[st->nbins++] = r;
		st->seconds += x->covered;
		if (r > st->peak_bps) {
			st->peak_bps = r;
			st->peak_start = b->t0 + (double)k * b->step;
		}
	}
	st->mean_bps = st->seconds > 0
			       ? (double)(st->rbytes + st->wbytes) / st->seconds
			       : 0;
	qsort(st->sorted, st->nbins, sizeof(double), cmp_dbl);
}

int iol_devstats_compute(const struct iol_binned *b, size_t row,
			 double idle_frac, double burst_frac, double min_idle,
			 struct iol_devstats *st)
{
	size_t i;
	int r;

	memset(st, 0, sizeof(*st));
	st->sorted = malloc((b->nbins ? b->nbins : 1) * sizeof(double));
	if (!st->sorted)
		return IOL_ENOMEM;
	basic(b, row, st);
	st->idle_bps = idle_frac * st->peak_bps;
	st->burst_bps = burst_frac * st->peak_bps;
	/* an all-zero series has no burst and is idle throughout: the
	 * threshold 0 would find nothing below it */
	r = runs(b, row, st->peak_bps > 0 ? st->idle_bps : 1, 1, min_idle,
		 &st->idle, &st->nidle);
	if (r == 0 && st->peak_bps > 0)
		r = runs(b, row, st->burst_bps, 0, 0, &st->burst, &st->nburst);
	if (r < 0) {
		iol_devstats_release(st);
		return r;
	}
	for (i = 0; i < st->nidle; i++) {
		double s = st->idle[i].end - st->idle[i].start;
		int c = iol_idle_class(s);

		st->idle_seconds += s;
		st->t3_count[c]++;
		st->t3_minutes[c] += s / 60.0;
	}
	return 0;
}

void iol_devstats_release(struct iol_devstats *st)
{
	free(st->sorted);
	free(st->idle);
	free(st->burst);
	memset(st, 0, sizeof(*st));
}

double iol_devstats_pct(const struct iol_devstats *st, double p)
{
	double rank;
	size_t k;

	if (!st->nbins)
		return NAN;
	rank = ceil(p / 100.0 * (double)st->nbins);
	k = rank < 1 ? 0 : (size_t)rank - 1;
	if (k >= st->nbins)
		k = st->nbins - 1;
	return st->sorted[k];
}
