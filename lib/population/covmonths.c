/*
 * Coverage a month to a row (iolens coverage --every month): the months
 * of a range, each month's coverage (popdb.h).  Owner: lib/population.
 */
#include <stdlib.h>
#include <string.h>

#include "population/popdb.h"
#include "population/trend.h"
#include "base/banned.h"

int iol_popdb_coverage_months(struct iol_popdb *db, int64_t from, int64_t to,
			      int by_partition, struct iol_popcov_month **out,
			      size_t *nout, struct iol_error *err)
{
	int64_t first = 0, last = 0, t, next;
	struct iol_popcov_month *m = NULL, *grown;
	size_t n = 0;
	int rc = 0;

	/* an open end: the first or last start of the scheduler's jobs */
	if ((from == IOL_POP_NULL || to == IOL_POP_NULL) &&
	    (rc = iol_popdb_sched_span(db, &first, &last, err)) < 0)
		return rc;
	from = from == IOL_POP_NULL ? first : from;
	to = to == IOL_POP_NULL ? last + 1 : to;
	for (t = (int64_t)iol_pop_period_start((double)from, IOL_EVERY_MONTH);
	     t < to && rc == 0; t = next) {
		next = (int64_t)iol_pop_period_start((double)t + 32 * 86400.0,
						     IOL_EVERY_MONTH);
		grown = realloc(m, (n + 1) * sizeof(*m));
		if (!grown) {
			rc = iol_error_set(err, IOL_ENOMEM, "out of memory");
			break;
		}
		m = grown;
		iol_pop_period_name((double)t, IOL_EVERY_MONTH, m[n].period,
				    sizeof m[n].period);
		rc = iol_popdb_coverage_in(db, t > from ? t : from,
					   next < to ? next : to, by_partition,
					   &m[n].c, err);
		n += rc == 0;
	}
	if (rc < 0) {
		iol_popcov_months_free(m, n);
		return rc;
	}
	*out = m;
	*nout = n;
	return 0;
}

void iol_popcov_months_free(struct iol_popcov_month *m, size_t n)
{
	for (size_t i = 0; i < n; i++)
		iol_popcov_free(&m[i].c);
	free(m);
}
