/*
 * The outliers of a population (popan.h): the unusual metrics of every
 * job that iol_pop_context_all() judged, the latest jobs first, as the
 * PDF report and the HTML one list them.
 */
#include <stdlib.h>
#include <string.h>

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

/* The verdicts of job i, by their address in the first job's and the
 * bytes from one job's to the next: struct iol_popout's or
 * iol_pop_verdicts()'. */
struct verds {
	const uint8_t *v;
	size_t stride;
};

static int unusual(const struct verds *vs, size_t i, int k)
{
	uint8_t v = vs->v[i * vs->stride + (size_t)k];

	return v == IOL_CTX_LOW || v == IOL_CTX_HIGH;
}

static int outliers(const struct iol_popset *set, const struct verds *vs,
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
			if (unusual(vs, i, k)) {
				v[nv++] = &set->jobs[i];
				break;
			}
	qsort(v, nv, sizeof *v, cmp_recent);
	for (size_t i = 0; i < nv; i++) {
		size_t j = (size_t)(v[i] - set->jobs);
		for (int k = 0, any = 0; k < IOL_POP_NCTX; k++) {
			if (!unusual(vs, j, k))
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

int iol_pop_outliers(const struct iol_popset *set, const struct iol_popout *ctx,
		     size_t max, struct iol_popoutlier *rows, size_t *n,
		     size_t *total, size_t *njobs)
{
	struct verds vs = {ctx ? ctx->verdict : NULL, sizeof *ctx};

	return outliers(set, &vs, max, rows, n, total, njobs);
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

int iol_pop_outtab_v(const struct iol_popset *set,
		     const struct iol_popverdicts *v, struct iol_popouttab *t)
{
	struct verds vs = {v->v, IOL_POP_NCTX};
	int rc = outliers(set, &vs, IOL_POP_MAXOUT, t->rows, &t->n, &t->total,
			  &t->njobs);

	memset(t->ctx, 0, sizeof t->ctx);
	/* each row's metric from the unusual ones (a few hundred thousand
	 * of a million jobs, looked up 60 times) */
	for (size_t i = 0; rc == 0 && i < t->n; i++)
		for (size_t u = 0; u < v->nu; u++) {
			const struct iol_popunusual *x = &v->u[u];
			int k = t->rows[i].metric;
			if (x->job != t->rows[i].job || x->metric != k)
				continue;
			t->ctx[i].n[k] = x->n;
			t->ctx[i].pct[k] = x->pct;
			t->ctx[i].verdict[k] = v->v[x->job * IOL_POP_NCTX + k];
			break;
		}
	return rc;
}
