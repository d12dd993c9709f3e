/*
 * The population at a glance (popan.h): jobs, partial ones, distinct
 * users and applications, bytes, the span of the jobs' times; and its
 * bytes over time at a width that suits the span.  The PDF report and
 * the HTML one show them.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "population/popan.h"
#include "base/error.h"
#include "base/banned.h"

static int cmp_addr(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t) * (const char *const *)a;
	uintptr_t y = (uintptr_t) * (const char *const *)b;

	return (x > y) - (x < y);
}

static int cmp_str(const void *a, const void *b)
{
	const char *x = *(const char *const *)a, *y = *(const char *const *)b;

	if (!x || !y)
		return (x != NULL) - (y != NULL);
	return strcmp(x, y);
}

/* Distinct users or apps (no value counting as one): a set's strings are
 * interned, so the million pointers are sorted by address, and only the
 * few distinct ones by text.  -1: no memory. */
static long distinct(const struct iol_popset *s, int user)
{
	const char **v = malloc((s->n + 1) * sizeof *v);
	size_t n = 0, u = 0;

	if (!v)
		return -1;
	for (size_t i = 0; i < s->n; i++)
		v[i] = user ? s->jobs[i].user : s->jobs[i].app;
	qsort(v, s->n, sizeof *v, cmp_addr);
	for (size_t i = 0; i < s->n; i++)
		if (!i || v[i] != v[i - 1])
			v[u++] = v[i];
	qsort(v, u, sizeof *v, cmp_str);
	for (size_t i = 0; i < u; i++)
		n += !i || cmp_str(&v[i], &v[i - 1]);
	free(v);
	return (long)n;
}

int iol_pop_glance(const struct iol_popset *s, struct iol_popglance *g)
{
	long users = distinct(s, 1), apps = distinct(s, 0);

	memset(g, 0, sizeof *g);
	if (users < 0 || apps < 0)
		return IOL_ENOMEM;
	g->jobs = s->n;
	g->users = (size_t)users;
	g->apps = (size_t)apps;
	g->first = INFINITY;
	g->last = -INFINITY;
	for (size_t i = 0; i < s->n; i++) {
		const struct iol_popjob *j = &s->jobs[i];
		g->first = fmin(g->first, j->start_time);
		g->last = fmax(g->last, isnan(j->end_time) ? j->start_time
							   : j->end_time);
		g->bytes_read += j->bytes_read > 0 ? (double)j->bytes_read : 0;
		g->bytes_written +=
			j->bytes_written > 0 ? (double)j->bytes_written : 0;
		g->partial += j->partial > 0;
	}
	return 0;
}

/* hours when the span allows, else the smallest width giving at most
 * 120 bars: the bar counts foreseen from the first and last start as
 * iol_pop_timeline() counts them, and only the chosen width binned (not
 * seven passes over a million jobs) */
static int timeline_width(const struct iol_popset *set, const double *widths,
			  int nw)
{
	double lo = INFINITY, hi = -INFINITY;
	int k;

	for (size_t i = 0; i < set->n; i++)
		if (!isnan(set->jobs[i].start_time)) {
			lo = fmin(lo, set->jobs[i].start_time);
			hi = fmax(hi, set->jobs[i].start_time);
		}
	for (k = 0; k < nw; k++) {
		double t0 = floor(lo / widths[k]) * widths[k];
		size_t n = 0;
		if (lo <= hi) {
			if ((hi - t0) / widths[k] > 1e6)
				continue; /* refused: too many bars */
			n = (size_t)((hi - t0) / widths[k]) + 1;
		}
		if (n <= 120 && (k >= 3 || n >= 12))
			return k;
	}
	return nw - 1;
}

int iol_pop_timeline_auto(const struct iol_popset *set, double *width,
			  const char **wname, double *t0, double **bytes,
			  size_t *n)
{
	static const double widths[] = {60,    300,   900,   3600,
					21600, 86400, 604800};
	static const char *const names[] = {"minute", "5 minutes", "15 minutes",
					    "hour",   "6 hours",   "day",
					    "week"};
	int k = timeline_width(set, widths, 7);

	*wname = names[k];
	*width = widths[k];
	return iol_pop_timeline(set, widths[k], t0, bytes, n);
}
