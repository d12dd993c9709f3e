/*
 * The strace overhead per traced call, measured on this machine and
 * kept in $XDG_CACHE_HOME/iolens/strace-overhead (or
 * ~/.cache/iolens/strace-overhead): `iolens replay --calibrate` measures
 * and stores it, replay-script takes it off compute gaps and each call's
 * duration.
 *
 * Ownership: plain values; nothing is allocated.  Owner: lib/replay;
 * used by cmd/replay.c, cmd/replay-script.c and the blocks commands.
 */
#ifndef IOLENS_REPLAY_CALIBRATE_H
#define IOLENS_REPLAY_CALIBRATE_H

#include <stddef.h>

/* rounds of the timed loop (engine.h iol_replay_syscall_loop), 4 calls
 * each */
#define IOL_CAL_ROUNDS 2000

struct iol_rcalib {
	double gap, dur;	 /* seconds a call: off the gaps, off -T */
	int calls;		 /* calls of each timed run */
	double untraced, traced; /* medians of the runs, seconds */
};

/* The file's path into buf; 0, or -1 when no home is known. */
int iol_replay_overhead_path(char *buf, size_t n);
/* The stored seconds per call: off the gaps (*gap) and off each call's
 * duration (*dur); 0, or -1 when not calibrated. */
int iol_replay_overhead_load(double *gap, double *dur);
/* What the call durations of a trace of source ("strace", "iolens
 * trace", ...) hold of the tracer's own time: 0 none (iolens trace times
 * the call alone), 1 strace's, *dur seconds a call as calibrated, -1
 * strace's, not measured (*dur 0). */
int iol_replay_overhead_of(const char *source, double *dur);
/*
 * The ranking of the code blocks of a trace of source (stacks: it has
 * call stacks) that its durations allow, *sort (IOL_BSORT_*, -1 when
 * --sort was not given) set: strace's -T durations hold strace's own
 * stops (11 times a small write's on a loop), taken off (*dur) as
 * replay-script does when iolens replay --calibrate measured them; else
 * the blocks rank by bytes, and an explicit --sort time is refused.
 * Returns IOL_EINVAL refused; else what to say once the blocks are made:
 * 0 nothing, 1 the overhead taken off, 2 the ranking by bytes.
 */
int iol_replay_blocks_sort(const char *source, int stacks, int *sort,
			   double *dur);
/* Store gap and dur (the directories made as needed), the file's path
 * in p; 0 or -1. */
int iol_replay_overhead_save(double gap, double dur, char *p, size_t n);
/*
 * Measure: five runs of `self replay --calibrate-loop dir` untraced and
 * five under `strace -f -tt -T` (the trace written in dir and removed),
 * the medians compared.  0, or -1 when a run failed (no strace).
 */
int iol_replay_calibrate(const char *self, const char *dir,
			 struct iol_rcalib *c);

#endif
