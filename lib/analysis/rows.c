/*
 * Rows of a rank x time chart.  With more ranks than rows, grouping ranks
 * evenly hides exactly what a chart is for: an idle rank beside a busy
 * one looks busy, and one slow rank among many looks like the rest.  So
 * ranks are classed by the bytes they moved (idle, under half the median,
 * like the median, over twice it) and rows are runs of consecutive ranks
 * of one class; only when there are more runs than rows are ranks grouped
 * evenly, and then each row counts its idle and outlier ranks so the
 * chart can mark them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/metrics.h"
#include "base/banned.h"

static int cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* class of each rank: 0 idle, 1 low, 2 like the median, 3 high */
static int rank_classes(const struct iol_matrix *m, int *cls)
{
	double *tot = calloc(m->nrank ? m->nrank : 1, sizeof(double));
	double *act = calloc(m->nrank ? m->nrank : 1, sizeof(double));
	double med;
	size_t r, b, na = 0;

	if (!tot || !act) {
		free(tot);
		free(act);
		return -1;
	}
	for (r = 0; r < m->nrank; r++) {
		for (b = 0; b < m->nbins; b++)
			tot[r] += m->wr[r * m->nbins + b] +
				  m->rd[r * m->nbins + b];
		if (tot[r] > 0)
			act[na++] = tot[r];
	}
	qsort(act, na, sizeof(double), cmp_dbl);
	med = na ? act[na / 2] : 0;
	for (r = 0; r < m->nrank; r++)
		cls[r] = !(tot[r] > 0)			  ? 0
			 : tot[r] < med / IOL_ROWS_FACTOR ? 1
			 : tot[r] > med * IOL_ROWS_FACTOR ? 3
							  : 2;
	free(tot);
	free(act);
	return 0;
}

/* runs of one class; *busy: the ranks in runs that are not idle */
static size_t count_runs(const int *cls, size_t n, size_t *busy)
{
	size_t r, runs = n ? 1 : 0;

	*busy = 0;
	for (r = 0; r < n; r++) {
		runs += r && cls[r] != cls[r - 1];
		*busy += cls[r] != 0;
	}
	return runs;
}

/* rows of at most per consecutive ranks, cut where the class changes
 * when split is set; then a run of idle ranks is one row, however long,
 * as it has nothing to show over time */
static size_t make_rows(const int *cls, size_t nrank, size_t per, int split,
			struct iol_rowgroup *g)
{
	size_t r = 0, n = 0;

	while (r < nrank) {
		size_t lo = r;

		g[n].lo = lo;
		g[n].nidle = g[n].nout = 0;
		while (r < nrank && (r - lo < per || (split && !cls[lo])) &&
		       (!split || cls[r] == cls[lo])) {
			g[n].nidle += cls[r] == 0;
			g[n].nout += cls[r] == 1 || cls[r] == 3;
			r++;
		}
		g[n++].hi = r;
	}
	return n;
}

int iol_matrix_rows(const struct iol_matrix *m, size_t maxrows,
		    struct iol_rows *rows, struct iol_error *err)
{
	size_t nrank = m->nrank, runs, busy;
	int *cls;

	memset(rows, 0, sizeof(*rows));
	if (maxrows < 1)
		maxrows = 1;
	cls = calloc(nrank ? nrank : 1, sizeof(int));
	rows->g = calloc(nrank ? nrank : 1, sizeof(*rows->g));
	if (!cls || !rows->g || rank_classes(m, cls) < 0) {
		free(cls);
		iol_rows_free(rows);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	runs = count_runs(cls, nrank, &busy);
	if (nrank <= maxrows) {
		rows->how = IOL_ROWS_RANK;
		rows->per = 1;
	} else if (runs <= maxrows) {
		/* the rows left over cut long runs so time still shows */
		rows->how = IOL_ROWS_SIMILAR;
		rows->per = runs < maxrows ? (nrank + maxrows - runs - 1) /
						     (maxrows - runs)
					   : nrank;
	} else {
		rows->how = IOL_ROWS_EVEN;
		rows->per = (nrank + maxrows - 1) / maxrows;
	}
	rows->n = make_rows(cls, nrank, rows->per,
			    rows->how == IOL_ROWS_SIMILAR, rows->g);
	free(cls);
	return 0;
}

const char *iol_rows_caption(const struct iol_rows *rows, char *buf, size_t n)
{
	size_t i, gidle = 0, gout = 0;

	for (i = 0; i < rows->n; i++) {
		gidle += rows->g[i].nidle && rows->g[i].hi - rows->g[i].lo > 1;
		gout += rows->g[i].nout && rows->g[i].hi - rows->g[i].lo > 1;
	}
	if (rows->how == IOL_ROWS_RANK)
		snprintf(buf, n, "one row per rank");
	else if (rows->how == IOL_ROWS_SIMILAR)
		snprintf(buf, n,
			 "consecutive ranks of like volume (idle, under 1/%g "
			 "of the median rank, like it, over %gx) share a row, "
			 "up to %zu (idle ones without limit), so idle and "
			 "outlier ranks have rows of their own",
			 IOL_ROWS_FACTOR, IOL_ROWS_FACTOR, rows->per);
	else
		snprintf(buf, n,
			 "groups of %zu consecutive ranks; %zu "
			 "hold idle ranks and %zu outlier ranks (under 1/%g "
			 "or over %gx the median rank), counted beside each "
			 "row",
			 rows->per, gidle, gout, IOL_ROWS_FACTOR,
			 IOL_ROWS_FACTOR);
	return buf;
}

void iol_rows_free(struct iol_rows *rows)
{
	free(rows->g);
	memset(rows, 0, sizeof(*rows));
}
