/*
 * Per-rank volumes and times (metrics.h iol_ranks_compute): what the
 * workbook's Ranks sheet shows, summed here so the printer only formats.
 */
#include <stdlib.h>

#include "analysis/metrics.h"
#include "base/banned.h"

int iol_ranks_compute(const struct iol_job *job, struct iol_rankrow **rows,
		      size_t *n, struct iol_error *err)
{
	size_t np = job->nprocs > 0 ? (size_t)job->nprocs : 1;
	struct iol_rankrow *v = calloc(np + 1, sizeof(*v));
	struct iol_lowrecs it;
	const struct iol_jrec *rec;
	struct iol_recx x;
	int mod;

	if (!v)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	iol_lowrecs_init(&it, job);
	while (iol_lowrecs_next(&it, &mod, &rec, &x)) {
		/* shared records go to a last row of their own */
		size_t row = rec->rank < 0	      ? np
			     : (size_t)rec->rank < np ? (size_t)rec->rank
						      : np;

		v[row].br += x.br > 0 ? (double)x.br : 0;
		v[row].bw += x.bw > 0 ? (double)x.bw : 0;
		v[row].tr += x.tr > 0 ? x.tr : 0;
		v[row].tw += x.tw > 0 ? x.tw : 0;
		v[row].tm += x.tm > 0 ? x.tm : 0;
	}
	*rows = v;
	*n = np + 1;
	return 0;
}
