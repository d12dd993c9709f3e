/*
 * t/unit/memjob.h: a job built in memory, for the unit tests that run an
 * analysis on counters no log of ours holds (a damaged or hostile log's
 * near INT64_MAX, a module Darshan's writer here does not write): its
 * files' names (name_of through the job's source), its records on the
 * test's own counter arrays, its modules.  One file a test program, so
 * the names are static.
 */
#ifndef IOLENS_T_UNIT_MEMJOB_H
#define IOLENS_T_UNIT_MEMJOB_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "model/job.h"
#include "model/source.h"

static const char *const *memjob_names;
static size_t memjob_nnames;

/* file id's name: ids 1..n are names[0..n) */
static const char *memjob_name_of(const struct iol_job *job, uint64_t id)
{
	(void)job;
	return id >= 1 && id <= memjob_nnames ? memjob_names[id - 1] : NULL;
}

static const struct iol_source memjob_src = {.name_of = memjob_name_of};

/* job emptied: nprocs processes, a run of 10 s, its files names[0..n)
 * (ids 1..n; NULL: no source) */
static void memjob_init(struct iol_job *job, const char *const *names, size_t n,
			int64_t nprocs)
{
	memset(job, 0, sizeof(*job));
	memjob_names = names;
	memjob_nnames = n;
	job->src = names ? &memjob_src : NULL;
	job->nprocs = nprocs;
	job->run_time = 10;
}

/* r: file id's record of rank (-1 shared) on the counters ic and fc */
static void memjob_rec(struct iol_jrec *r, uint64_t id, int64_t rank,
		       int64_t *ic, double *fc)
{
	*r = (struct iol_jrec){.id = id, .rank = rank, .ic = ic, .fc = fc};
}

/* module mod of job present and loaded with the n records recs */
static void memjob_mod(struct iol_job *job, int mod, struct iol_jrec *recs,
		       size_t n)
{
	job->mod[mod].present = job->mod[mod].loaded = 1;
	job->mod[mod].recs = recs;
	job->mod[mod].n = n;
}

#endif
