/*
 * What the population report (render/popreport.h) draws from a store:
 * the jobs matching where with every column a page shows (not path or
 * exe, but the paths of the jobs its outliers table shows), their
 * context among earlier jobs (the outliers), and the population triage
 * of the same jobs at default thresholds.  The triage runs over the
 * rows as they load (iol_popdb_load_pass()): the store is read and
 * decoded once for both, where a second pass in a thread of its own
 * read every row again (the CPU it took, not the wall time, is what a
 * million rows cost).
 *
 * Ownership: struct iol_popreport_data is caller storage;
 * iol_popreport_data_free() frees what iol_popreport_load() put in it.
 */
#ifndef IOLENS_POPREPORT_DATA_H
#define IOLENS_POPREPORT_DATA_H

#include "population/popan.h"
#include "population/popdb.h"
#include "population/poptriage.h"

struct iol_popreport_data {
	struct iol_popset set;
	struct iol_poptri tri;
	/* the outliers table from every job's context, the context
	 * freed: NULL without memory for it (the report computes it
	 * itself) */
	struct iol_popouttab *out;
};

/* Where iol_popreport_load() failed. */
enum {
	IOL_POPREP_LOAD,   /* loading the rows (err) */
	IOL_POPREP_EMPTY,  /* no job matches where */
	IOL_POPREP_PATHS,  /* loading the outliers' paths (err) */
	IOL_POPREP_TRIAGE, /* the triage pass (err) */
};
/*
 * The data of the report of the jobs of db matching where into *d
 * (dbpath, where db is open, is no longer read).  0, or < 0 with err
 * set and *stage one of IOL_POPREP_*; then nothing is left in *d.
 */
int iol_popreport_load(struct iol_popdb *db, const char *dbpath,
		       const char *where, struct iol_popreport_data *d,
		       int *stage, struct iol_error *err);
void iol_popreport_data_free(struct iol_popreport_data *d);

/* The latest start time of set's jobs, 0 when none has one: the date
 * of a report that is the same for the same store. */
double iol_popset_last_start(const struct iol_popset *set);

#endif
