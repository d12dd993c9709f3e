/*
 * From a job's per-call events (model/event.h) to a replay script: the
 * events of each process in time order, compute gaps measured start to
 * start less the call's own duration and the tracer's overhead, paths
 * rewritten to stay in the sandbox, inputs listed with the sizes the
 * calls need, and calls on system paths and on non-files dropped.
 *
 * Ownership: the script is caller storage (iol_rscript_init() first);
 * the events are copied.
 */
#ifndef IOLENS_REPLAY_FROMEVENTS_H
#define IOLENS_REPLAY_FROMEVENTS_H

#include "model/event.h"
#include "replay/script.h"

struct iol_rfrom_opts {
	double overhead;	   /* seconds per traced call off gaps */
	double duroverhead;	   /* seconds off each call's duration */
	const char *overhead_from; /* "calibrated", "given", "none" */
	const char *source;	   /* "strace", "darshan dxt", ... */
	int positional;		   /* every transfer has its offset (DXT) */
	double run_time; /* > 0: the untraced run time; the gap overhead
			    per call is fitted to it ("fitted") */
};

struct iol_job;
/* o for a script of job (run_time as above): its source, DXT's offsets,
 * and the tracer's overhead per call: given when >= 0, else strace's as
 * iolens replay --calibrate measured it on this machine, else what
 * iolens trace measured of itself, else none. */
void iol_rfrom_opts_of(struct iol_rfrom_opts *o, const struct iol_job *job,
		       double given, double run_time);

/* A source of events: 1 with *ev filled, 0 at the end, < 0 on error,
 * as iol_events_next(). */
typedef int (*iol_rfrom_next)(void *ctx, struct iol_event *ev,
			      struct iol_error *err);

int iol_rscript_from_events(struct iol_rscript *s, iol_rfrom_next next,
			    void *ctx, const struct iol_rfrom_opts *o,
			    struct iol_error *err);

/* 1 for paths of the system (/usr, /lib, /etc, /proc, /dev, ...) whose
 * calls a replay script leaves out, and the MPI runtime's own files
 * (iol_rpath_mpi_runtime()). */
int iol_rpath_system(const char *path);
/* 1 for a path of the MPI runtime's: a component that names Open MPI's
 * or PRRTE's session directory (ompi.*, prte.*), PMIx's (pmix-*, pmix.*,
 * pmix_dstor_*), or a shared-memory segment (vader_segment.*, ...). */
int iol_rpath_mpi_runtime(const char *path);

#endif
