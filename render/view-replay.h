/*
 * The outputs of `iolens replay` (render/view-replay.c): the original
 * run beside its replay, as JSON or as a table (text for people, CSV and
 * TSV with the JSON keys as measure names).
 *
 * Ownership: everything is the caller's and borrowed for the call.
 */
#ifndef IOLENS_VIEW_REPLAY_H
#define IOLENS_VIEW_REPLAY_H

#include <stdio.h>

#include "render/obuf.h"
#include "render/output.h"
#include "replay/compile.h"
#include "replay/engine.h"

struct replay_view {
	const char *script;
	const struct iol_rbin *b;
	const struct iol_rresult *r;
	int reused, runs;
	double spread[4][2]; /* run, read, write, meta: min, max */
	int pace;
};

/* The JSON document, one line. */
void view_replay_json(struct obuf *ob, const struct replay_view *x);
/* The table and its text around it (text only) to o, opened by the
 * caller in its format. */
void view_replay_table(struct out *o, const struct replay_view *x);

/* What replay-script made of the trace (the script written to path):
 * processes, calls, inputs, rewritten paths, the overhead taken off. */
void view_replay_script(FILE *f, const struct iol_rscript *s,
			const struct iol_rcounts *c, const char *path);
struct iol_rcalib;
/* replay --calibrate: strace's overhead measured (c), and where it was
 * stored (path; NULL: not stored) */
void view_replay_calibrate(FILE *f, const struct iol_rcalib *c,
			   const char *path);

#endif
