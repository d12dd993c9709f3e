/*
 * What the population report draws from a store (popreport-data.h).
 */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "population/popreport-data.h"
#include "base/banned.h"

/* The triage pass, on a connection of its own. */
struct tri_job {
	const char *dbpath, *where;
	struct iol_poptri tri;
	struct iol_error err;
	int rc;
};

static void *triage_run(void *arg)
{
	struct tri_job *t = arg;
	struct iol_triage_conf conf;
	struct iol_popdb *db = NULL;

	t->rc = iol_triage_conf_parse(&conf, NULL, &t->err);
	if (t->rc == 0)
		t->rc = iol_popdb_open(t->dbpath, &db, &t->err);
	if (t->rc == 0)
		t->rc = iol_poptri_run(db, t->where, &conf, IOL_SEV_WARN, 5,
				       &t->tri, &t->err);
	iol_popdb_close(db);
	return NULL;
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

/* The rows, their outliers and those jobs' paths, while the triage
 * pass runs. */
static int load_rows(struct iol_popdb *db, const char *where,
		     struct iol_popreport_data *d, int *stage,
		     struct iol_error *err)
{
	/* every column but path and exe, which no page shows */
	int rc = iol_popdb_load_some(
		db, where, IOL_POPLOAD_BINS | IOL_POPLOAD_FW, &d->set, err);

	if (rc < 0 || !d->set.n) {
		*stage = rc < 0 ? IOL_POPREP_LOAD : IOL_POPREP_EMPTY;
		iol_popset_free(&d->set);
		return rc < 0 ? rc : IOL_EEMPTY;
	}
	d->out = outliers_of(&d->set);
	if ((rc = outlier_paths(db, &d->set, d->out, err)) < 0) {
		*stage = IOL_POPREP_PATHS;
		iol_popset_free(&d->set);
		free(d->out);
		d->out = NULL;
	}
	return rc;
}

int iol_popreport_load(struct iol_popdb *db, const char *dbpath,
		       const char *where, struct iol_popreport_data *d,
		       int *stage, struct iol_error *err)
{
	struct tri_job tj = {0};
	pthread_t tid;
	int threaded, rc;

	memset(d, 0, sizeof *d);
	tj.dbpath = dbpath;
	tj.where = where;
	threaded = pthread_create(&tid, NULL, triage_run, &tj) == 0;
	rc = load_rows(db, where, d, stage, err);
	if (threaded)
		pthread_join(tid, NULL);
	else if (rc == 0)
		triage_run(&tj);
	if (rc == 0 && tj.rc < 0) {
		*stage = IOL_POPREP_TRIAGE;
		*err = tj.err;
		iol_popreport_data_free(d);
		return tj.rc;
	}
	if (rc < 0 && tj.rc == 0)
		iol_poptri_free(&tj.tri);
	if (rc == 0)
		d->tri = tj.tri;
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
