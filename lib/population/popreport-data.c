/*
 * What the population report draws from a store (popreport-data.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "population/popreport-data.h"
#include "base/banned.h"

/* The triage pass over the rows as they load (iol_popdb_load_pass()):
 * the store decoded once for both. */
struct tri_job {
	struct iol_triage_conf conf;
	struct iol_poptri_pass *pp;
	struct iol_error err;
	int rc;
};

static int tri_open(struct iol_popcur *cur, void *arg)
{
	struct tri_job *t = arg;

	return t->rc = iol_poptri_open(t->pp, cur, &t->err);
}

static int tri_row(struct iol_popcur *cur, void *arg)
{
	struct tri_job *t = arg;

	return t->rc = iol_poptri_row(t->pp, cur, &t->err);
}

/* The paths of the jobs the outliers table shows (every job when out is
 * NULL): the only paths the report prints, so a million rows load
 * without theirs. */
static int outlier_paths(struct iol_popdb *db, struct iol_popset *set,
			 const struct iol_popouttab *out, struct iol_error *err)
{
	size_t *idx, n = 0;
	int rc;

	if (out) {
		size_t own[IOL_POP_MAXOUT];
		for (; n < out->n; n++)
			own[n] = out->rows[n].job;
		return iol_popdb_load_paths(db, set, own, n, err);
	}
	if (!(idx = malloc((set->n + 1) * sizeof *idx)))
		return IOL_ENOMEM;
	for (; n < set->n; n++)
		idx[n] = n;
	rc = iol_popdb_load_paths(db, set, idx, n, err);
	free(idx);
	return rc;
}

/* The outliers table of every job's context (NULL without memory for
 * it): the verdicts of every job, n and percentile of the unusual
 * metrics alone, freed once the 60 rows are taken. */
static struct iol_popouttab *outliers_of(const struct iol_popset *set)
{
	struct iol_popouttab *t = malloc(sizeof *t);
	struct iol_popverdicts v;

	if (!t)
		return NULL;
	if (iol_pop_verdicts(set, &v) < 0) {
		free(t);
		return NULL;
	}
	if (iol_pop_outtab_v(set, &v, t) < 0) {
		free(t);
		t = NULL;
	}
	iol_pop_verdicts_free(&v);
	return t;
}

/* The rows and their triage, read in one pass (the triage at default
 * thresholds, warn and worse, five jobs a group). */
static int load_triaged(struct iol_popdb *db, const char *where,
			struct iol_popreport_data *d, int *stage,
			struct iol_error *err)
{
	const char *cols[IOL_POPTRI_NCOLS];
	size_t n = iol_poptri_columns(db, cols);
	struct tri_job t = {0};
	int rc, end;

	*stage = IOL_POPREP_TRIAGE;
	if ((rc = iol_triage_conf_parse(&t.conf, NULL, err)) < 0)
		return rc;
	if ((rc = iol_poptri_begin(db, &t.conf, IOL_SEV_WARN, 5, &d->tri,
				   &t.pp)) < 0)
		return iol_error_set(err, rc, "out of memory");
	/* every column but path and exe, which no page shows */
	rc = iol_popdb_load_pass(db, where, IOL_POPLOAD_BINS | IOL_POPLOAD_FW,
				 cols, n, tri_open, tri_row, &t, &d->set, err);
	if (rc < 0 && t.rc >= 0)
		*stage = IOL_POPREP_LOAD; /* the load failed, not the triage */
	else if (rc < 0)
		*err = t.err;
	/* the held rows judged and the groups ranked; or all freed */
	end = iol_poptri_end(t.pp, rc, &t.err);
	if (rc == 0 && end < 0) {
		*err = t.err;
		rc = end;
	}
	return rc;
}

int iol_popreport_load(struct iol_popdb *db, const char *dbpath,
		       const char *where, struct iol_popreport_data *d,
		       int *stage, struct iol_error *err)
{
	int rc;

	(void)dbpath; /* one connection reads the rows once */
	memset(d, 0, sizeof *d);
	if ((rc = load_triaged(db, where, d, stage, err)) < 0 || !d->set.n) {
		if (rc == 0)
			*stage = IOL_POPREP_EMPTY;
		iol_popreport_data_free(d);
		return rc < 0 ? rc : IOL_EEMPTY;
	}
	d->out = outliers_of(&d->set);
	if ((rc = outlier_paths(db, &d->set, d->out, err)) < 0) {
		*stage = IOL_POPREP_PATHS;
		iol_popreport_data_free(d);
	}
	return rc;
}

void iol_popreport_data_free(struct iol_popreport_data *d)
{
	free(d->out);
	iol_poptri_free(&d->tri);
	iol_popset_free(&d->set);
	memset(d, 0, sizeof *d);
}

double iol_popset_last_start(const struct iol_popset *set)
{
	double last = 0;

	for (size_t i = 0; i < set->n; i++)
		if (!isnan(set->jobs[i].start_time) &&
		    set->jobs[i].start_time > last)
			last = set->jobs[i].start_time;
	return last;
}
