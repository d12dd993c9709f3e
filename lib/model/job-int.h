/*
 * Internals of the job model shared with the sources that fill jobs: the
 * private part (the arena, the source's own data, the spool file) and the
 * constructor.
 *
 * Ownership: everything in struct iol_job_priv belongs to the job and is
 * released by iol_job_close(): the arena, the spool file (unlinked), and
 * data through job->src->free.
 */
#ifndef IOLENS_JOB_INT_H
#define IOLENS_JOB_INT_H

#include "base/arena.h"
#include "model/job.h"
#include "model/source.h"

struct iol_job_priv {
	struct iol_arena arena; /* records, strings, the path */
	void *data;		/* the source's own (job->src->free) */
	char *spool;		/* standard input copied here */
	/* the input as iol_job_load opened it to sniff, read from offset 0
	 * on (-1: none), open while the source loads: one open a log */
	int fd;
};

/* A new empty job read by src: ncreated -1, date_known 1.  0 or
 * IOL_ENOMEM; the caller owns *out (iol_job_close). */
int iol_job_new(struct iol_job **out, const struct iol_source *src,
		struct iol_error *err);

static inline void *iol_job_data(const struct iol_job *job)
{
	return job->priv->data;
}

#endif
