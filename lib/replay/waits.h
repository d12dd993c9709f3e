/*
 * Waits between the sections of a script made from a trace: a call that
 * in the original started after another process had changed the same
 * file (made it, wrote it, truncated or removed it) waits, in the
 * replay, until that process has made that change again ("after S N").
 * Without them a replay on slower storage, or as fast as possible, reads
 * what another rank has not written yet: the barriers of an MPI job are
 * not in its I/O trace, but what they ordered is.
 *
 * Ownership: the script is the caller's; its sections' event arrays are
 * replaced by longer ones.
 */
#ifndef IOLENS_REPLAY_WAITS_H
#define IOLENS_REPLAY_WAITS_H

#include "replay/script.h"

/*
 * Insert the waits into s (resolved: fd calls know their path).  t0 and
 * t1 hold each call's original start and end, sections in order, calls
 * in order within each (the events of s before any wait).  A wait takes
 * the compute gap of the call it precedes.  Waits only point back in the
 * original time, so they never form a cycle.  Returns 0 or IOL_ENOMEM.
 */
int iol_rscript_add_waits(struct iol_rscript *s, const double *t0,
			  const double *t1);

#endif
