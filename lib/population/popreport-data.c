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

/* The paths of the jobs the outliers table may show (an unusual metric;
 * every job when ctx is NULL): the only paths the report prints, so a
 * million rows load without theirs. */
static int outlier_paths(struct iol_popdb *db, struct iol_popset *set,
			 const struct iol_popout *ctx, struct iol_error *err)
{
	size_t *idx = malloc((set->n + 1) * sizeof *idx), n = 0;
	int rc;

	if (!idx)
		return IOL_ENOMEM;
	for (size_t i = 0; i < set->n; i++)
		for (int k = 0; k < IOL_POP_NCTX; k++)
			if (!ctx || ctx[i].verdict[k] == IOL_CTX_LOW ||
			    ctx[i].verdict[k] == IOL_CTX_HIGH) {
				idx[n++] = i;
				break;
			}
	rc = iol_popdb_load_paths(db, set, idx, n, err);
	free(idx);
	return rc;
}

/* The rows, their context and the outliers' paths, while the triage
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
	/* without memory for the context the report computes it itself */
	if ((d->ctx = calloc(d->set.n + 1, sizeof *d->ctx)) &&
	    iol_pop_context_all(&d->set, d->ctx) < 0) {
		free(d->ctx);
		d->ctx = NULL;
	}
	if ((rc = outlier_paths(db, &d->set, d->ctx, err)) < 0) {
		*stage = IOL_POPREP_PATHS;
		iol_popset_free(&d->set);
		free(d->ctx);
		d->ctx = NULL;
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
	free(d->ctx);
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
