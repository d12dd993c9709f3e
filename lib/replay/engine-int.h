/*
 * Between the engine's parent (engine.c) and a replaying rank
 * (engine-rank.c): what a rank reports through shared memory.
 * Internal; not installed.
 */
#ifndef IOLENS_REPLAY_ENGINE_INT_H
#define IOLENS_REPLAY_ENGINE_INT_H

#include "replay/engine.h"

struct rstat {
	struct iol_rtotals t;
	int64_t mismatched;
	double late, inflate_s;
	int64_t done;	/* 1 when the rank reached its end */
	int64_t broken; /* waits given up (their section stopped short) */
};

/* What every rank sees of every other, for the waits ("after S N"):
 * shared by all the ranks of a run (a file mapping in a group). */
struct rprog {
	_Atomic int64_t calls; /* calls made so far */
	_Atomic int64_t on;    /* waiting for section on - 1; 0 not */
	_Atomic int64_t want;  /* ... to make this many calls */
	_Atomic int64_t done;  /* ended (or stopped): no more calls */
};

struct rctx {
	const struct iol_rbin *b;
	const char *binpath;
	const struct iol_ropts *o;
	int dirfd;
	const char *rundir;
	double t0;	    /* CLOCK_MONOTONIC seconds of the common start */
	struct rstat *st;   /* this rank's */
	int64_t (*file)[3]; /* this rank's per-file counters */
	double *prof;	    /* 2 doubles a call (end, duration), or NULL */
	struct rprog *prog; /* every rank's, shared */
};

double rnow(void);
/* Replay rank r; returns 0 or an IOL_E* code. */
int replay_rank(struct rctx *c, size_t r);

#endif
