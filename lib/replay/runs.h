/*
 * Repeated replays of one compiled script (`iolens replay --runs N`):
 * each run in the engine (engine.h), the run directories of earlier
 * runs kept until the last (or removed when the next would not fit
 * beside them), and the result of the first run with the medians of the
 * runs' times and their spread.
 *
 * Ownership: res is caller storage, filled as iol_replay_run() fills it
 * (iol_rresult_release() frees it).  Owner: lib/replay; used by
 * cmd/replay.c.
 */
#ifndef IOLENS_REPLAY_RUNS_H
#define IOLENS_REPLAY_RUNS_H

#include <stdint.h>

#include "base/error.h"
#include "replay/engine.h"

struct iol_rruns_hooks {
	/* a warning for people (a run directory not removed whole) */
	void (*say)(void *arg, const char *text);
	/* run (1-based) starts; ended: it is over (a bar to clear) */
	void (*run)(void *arg, int run, int ended);
	/* a run failed: its result and why, before it is released */
	void (*failed)(void *arg, const struct iol_rresult *r,
		       const struct iol_error *err);
	void *arg;
};

/*
 * Replay b runs times with o (o->hold set here: earlier runs' directories
 * are kept for removal after the last).  res gets the first run, its
 * times the medians of the runs; spread[k] the least and most of run_s,
 * read_s, write_s and meta_s.  Returns 0, or the engine's < 0 code of
 * the run that failed (said through hooks->failed).
 */
int iol_replay_runs(struct iol_rbin *b, struct iol_ropts *o, int64_t runs,
		    struct iol_rresult *res, double spread[4][2],
		    const struct iol_rruns_hooks *hooks);

#endif
