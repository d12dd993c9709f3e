/*
 * Sources: the readers that make jobs (Darshan logs, strace and Iota
 * traces, and the ones to come).  The model dispatches every
 * source-dependent question through job->src and never names a source;
 * the table of sources lives in lib/sources/registry.c.
 *
 * Adding a source (checklist):
 *   1. lib/sources/<name>.c defining a const struct iol_source with at
 *      least name, sniff and load (iterators and name_of as it can);
 *   2. its line in the table of lib/sources/registry.c (order matters:
 *      the first whose sniff says yes loads the input);
 *   3. a test in t/ on a sample of the format.
 *
 * Ownership: a struct iol_source is static and lives forever.  load() fills
 * a job made by iol_job_new() (model/job-int.h) and keeps its own data in
 * iol_job_data(); free() releases that data at iol_job_close().  Iterator
 * states are allocated by *_open, owned by the iterator that holds them and
 * freed by *_close; they must not share mutable state with the job or each
 * other.
 */
#ifndef IOLENS_SOURCE_H
#define IOLENS_SOURCE_H

#include <stddef.h>
#include <stdint.h>

#include "base/error.h"
#include "model/event.h"
#include "model/job.h"

struct iol_trace_opts;

struct iol_source {
	const char *name; /* "darshan", "strace", "iota" */
	/* 1 when the input is this source's: path names it (a directory,
	 * a compressed file), head holds its first len bytes */
	int (*sniff)(const char *path, const void *head, size_t len);
	/* fill job from paths (o optional); 0 or < 0 with err set */
	int (*load)(struct iol_job *job, const char *const *paths, int npaths,
		    const struct iol_trace_opts *o, struct iol_error *err);
	/* DXT-style segments (see iol_segs_next in model/job.h); NULL: none */
	int (*segs_open)(void **state, const struct iol_job *job, int which,
			 struct iol_error *err);
	long (*segs_next)(void *state, struct iol_seg *segs, size_t max,
			  size_t *rec, int *is_read, struct iol_error *err);
	void (*segs_close)(void *state);
	/* per-call events (model/event.h); NULL: IOL_EUNSUPP */
	int (*events_open)(void **state, const struct iol_job *job,
			   struct iol_error *err);
	int (*events_next)(void *state, struct iol_event *ev,
			   struct iol_error *err);
	void (*events_close)(void *state);
	/* path of a record id, or NULL; borrowed from the job */
	const char *(*name_of)(const struct iol_job *job, uint64_t id);
	/* the input's bytes held whole (iol_job_bytes), or NULL: none */
	const void *(*bytes)(const struct iol_job *job, size_t *len);
	/* release the source's data (iol_job_data) */
	void (*free)(struct iol_job *job);
};

#endif
