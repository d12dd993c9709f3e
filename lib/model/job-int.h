/*
 * Internals of the job model shared by its loaders (job.c for Darshan,
 * trace-strace.c for traces): the private part and the arena.
 */
#ifndef IOLENS_JOB_INT_H
#define IOLENS_JOB_INT_H

#include "base/arena.h"
#include "model/job.h"

struct strace_state;

struct iol_job_priv {
	struct iol_dlog *dlog;	 /* Darshan logs */
	struct iol_arena arena;	 /* records, strings */
	struct strace_state *st; /* traces */
	char *spool;		 /* standard input copied here */
};

/* trace-strace.c: names, segment re-reading, teardown */
const char *iol_strace_name(const struct iol_job *job, uint64_t id);
struct iol_segs *iol_strace_segs_open(const struct iol_job *job,
				      struct iol_error *err);
long iol_strace_segs_next(struct iol_segs *it, struct iol_seg *segs, size_t max,
			  size_t *rec, int *is_read, struct iol_error *err);
void iol_strace_segs_close(struct iol_segs *it);
void iol_strace_free(struct iol_job *job);

#endif
