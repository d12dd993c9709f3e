/*
 * The outliers of a population (popan.h): the unusual metrics of every
 * job that iol_pop_context_all() judged, the latest jobs first, as the
 * PDF report and the HTML one list them.
 */
#include <stdlib.h>

#include "population/popan.h"
#include "base/error.h"
#include "base/banned.h"

static int cmp_recent(const void *a, const void *b)
{
	const struct iol_popjob *x = *(const struct iol_popjob *const *)a;
	const struct iol_popjob *y = *(const struct iol_popjob *const *)b;

	if (x->start_time != y->start_time)
		return x->start_time > y->start_time ? -1 : 1;
	return (x->id > y->id) - (x->id < y->id);
}

static int unusual(const struct iol_popout *o, int k)
{
	return o->verdict[k] == IOL_CTX_LOW || o->verdict[k] == IOL_CTX_HIGH;
}

int iol_pop_outliers(const struct iol_popset *set, const struct iol_popout *ctx,
		     size_t max, struct iol_popoutlier *rows, size_t *n,
		     size_t *total, size_t *njobs)
{
	const struct iol_popjob **v = calloc(set->n + 1, sizeof *v);
	size_t nv = 0;

	*n = *total = *njobs = 0;
	if (!v)
		return IOL_ENOMEM;
	/* only the jobs with an unusual metric are put in order, latest
	 * first: a few of a million */
	for (size_t i = 0; i < set->n; i++)
		for (int k = 0; k < IOL_POP_NCTX; k++)
			if (unusual(&ctx[i], k)) {
				v[nv++] = &set->jobs[i];
				break;
			}
	qsort(v, nv, sizeof *v, cmp_recent);
	for (size_t i = 0; i < nv; i++) {
		size_t j = (size_t)(v[i] - set->jobs);
		for (int k = 0, any = 0; k < IOL_POP_NCTX; k++) {
			if (!unusual(&ctx[j], k))
				continue;
			*njobs += !any++;
			if ((*total)++ < max) {
				rows[*n].job = j;
				rows[(*n)++].metric = k;
			}
		}
	}
	free(v);
	return 0;
}

int iol_pop_outtab(const struct iol_popset *set, const struct iol_popout *ctx,
		   struct iol_popouttab *t)
{
	int rc = iol_pop_outliers(set, ctx, IOL_POP_MAXOUT, t->rows, &t->n,
				  &t->total, &t->njobs);

	for (size_t i = 0; rc == 0 && i < t->n; i++)
		t->ctx[i] = ctx[t->rows[i].job];
	return rc;
}
