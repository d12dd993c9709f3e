/*
 * A job's population row made from its log (population/popjob.c), for a
 * log not in the store.
 *
 * Ownership: the row's strings are allocated here and freed by
 * iol_popjob_release().
 */
#ifndef IOLENS_POPJOB_H
#define IOLENS_POPJOB_H

#include "analysis/metrics.h"
#include "model/job.h"
#include "population/popdb.h"

/* Fill j from the job and its summary (the same numbers ingest stores):
 * 0, or IOL_ENOMEM (j released). */
int iol_popjob_fill(struct iol_popjob *j, const struct iol_job *job,
		    const struct iol_summary *s);
/* Free j's strings and zero it. */
void iol_popjob_release(struct iol_popjob *j);

#endif
