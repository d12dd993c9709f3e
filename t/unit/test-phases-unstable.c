/*
 * test-phases-unstable LOG...: the phases of each DXT log computed with
 * a stable qsort() and again with one that, where the comparator says
 * two elements are equal, puts them in the reverse order (as an unstable
 * qsort may: glibc 2.37's is not stable): the rows must be the same.
 * Every sort of cells must break its ties itself.  t/1013.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/phases.h"
#include "base/error.h"
#include "model/job.h"
#include "sources/registry.h"

static int reversed; /* equal elements end in the reverse order */

/* a stable merge sort of n elements of size sz from a into b */
static void merge_sort(char *a, char *b, size_t n, size_t sz,
		       int (*cmp)(const void *, const void *))
{
	size_t h = n / 2, i = 0, j = h, k = 0;

	if (n < 2)
		return;
	merge_sort(a, b, h, sz, cmp);
	merge_sort(a + h * sz, b, n - h, sz, cmp);
	while (i < h || j < n)
		if (j == n || (i < h && cmp(a + i * sz, a + j * sz) <= 0))
			memcpy(b + k++ * sz, a + i++ * sz, sz);
		else
			memcpy(b + k++ * sz, a + j++ * sz, sz);
	memcpy(a, b, n * sz);
}

/* the library's qsort(): stable, then each run of equal elements
 * reversed when reversed is set */
void qsort(void *base, size_t n, size_t sz,
	   int (*cmp)(const void *, const void *))
{
	char *a = base, *b = malloc(n * sz + sz), *t = b + n * sz;
	size_t i, j, lo, hi;

	if (!b)
		abort();
	merge_sort(a, b, n, sz, cmp);
	for (i = 0; reversed && i < n; i = j) {
		for (j = i + 1; j < n && !cmp(a + i * sz, a + j * sz); j++)
			;
		for (lo = i, hi = j - 1; lo < hi; lo++, hi--) {
			memcpy(t, a + lo * sz, sz);
			memcpy(a + lo * sz, a + hi * sz, sz);
			memcpy(a + hi * sz, t, sz);
		}
	}
	free(b);
}

static int same_rows(const struct iol_phase *x, const struct iol_phase *y,
		     size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (x[i].rank != y[i].rank || x[i].file != y[i].file ||
		    x[i].op != y[i].op || x[i].other != y[i].other ||
		    x[i].id != y[i].id || x[i].bytes != y[i].bytes ||
		    x[i].nops != y[i].nops || x[i].nfolded != y[i].nfolded ||
		    memcmp(&x[i].start, &y[i].start, sizeof(double)) ||
		    memcmp(&x[i].end, &y[i].end, sizeof(double)) ||
		    memcmp(&x[i].sync, &y[i].sync, sizeof(double)) ||
		    memcmp(&x[i].sync_end, &y[i].sync_end, sizeof(double)))
			return 0;
	return 1;
}

static int same(const struct iol_phases *a, const struct iol_phases *b)
{
	return a->njob == b->njob && a->nrank == b->nrank &&
	       a->nfile == b->nfile && a->nphase == b->nphase &&
	       same_rows(a->job, b->job, a->njob) &&
	       same_rows(a->rank, b->rank, a->nrank) &&
	       same_rows(a->file, b->file, a->nfile);
}

int main(int argc, char **argv)
{
	int t = 0, bad = 0;

	for (int i = 1; i < argc; i++) {
		struct iol_phases p[2];
		struct iol_error err = {0};
		struct iol_job *job;
		int r[2], ok;

		if (iol_job_load(&job, argv[i], NULL) < 0) {
			printf("not ok %d - %s loads\n", ++t, argv[i]);
			bad++;
			continue;
		}
		for (reversed = 0; reversed < 2; reversed++) {
			memset(&p[reversed], 0, sizeof(p[0]));
			r[reversed] =
				iol_phases_compute(job, -1, &p[reversed], &err);
		}
		reversed = 0;
		ok = r[0] == r[1] && (r[0] != 0 || same(&p[0], &p[1]));
		printf("%s %d - %s: %zu rank rows, ties in either order\n",
		       ok ? "ok" : "not ok", ++t, argv[i], p[0].nrank);
		bad += !ok;
		for (int k = 0; k < 2; k++)
			if (r[k] == 0)
				iol_phases_free(&p[k]);
		iol_job_close(job);
	}
	printf("1..%d\n", t);
	return bad ? 1 : 0;
}
