/*
 * One replay of a script as `iolens replay` makes it: the compiled form
 * (cache.h; in a group member 0 compiles it and the others load what it
 * wrote), the runs (runs.h), and, when a form taken from the cache fails
 * its check during a run, the script compiled again, alone, and run once
 * more.
 *
 * Ownership: struct iol_rsession is caller storage, zeroed, its cache's
 * limits set; iol_rsession_release() frees the form and removes a
 * temporary directory.  Owner: lib/replay; used by cmd/replay-run.c.
 */
#ifndef IOLENS_REPLAY_SESSION_H
#define IOLENS_REPLAY_SESSION_H

#include <stdint.h>

#include "base/error.h"
#include "replay/cache.h"
#include "replay/runs.h"

struct iol_rsession {
	struct iol_rcache cache; /* its stage says where a compile failed */
	struct iol_rbin b;	 /* the compiled form */
	int loaded;		 /* b is one to release */
	int reused;		 /* it came from the cache */
	int uncompiled;		 /* the last < 0 or 1 was the compile's */
};

/* The compiled form of the script at path, for the group g (NULL: this
 * process alone): 0, or as iol_rcache_group(). */
int iol_rsession_compile(struct iol_rsession *s, const char *path,
			 const struct iol_rgroup *g, struct iol_error *err);
/* The runs of the form as iol_replay_runs(); a form from the cache that
 * does not check out (IOL_ECORRUPT) outside a group, when no signal
 * stopped it, is compiled again from path and run again, once (a failed
 * compile sets s->uncompiled, its code returned). */
int iol_rsession_runs(struct iol_rsession *s, const char *path,
		      struct iol_ropts *o, int64_t runs,
		      struct iol_rresult *res, double spread[4][2],
		      const struct iol_rruns_hooks *h, struct iol_error *err);
void iol_rsession_release(struct iol_rsession *s);

#endif
