/*
 * The outputs of `iolens replay` (render/view-replay.c, its messages
 * view-replay-say.c): the original
 * run beside its replay, as JSON or as a table (text for people, CSV and
 * TSV with the JSON keys as measure names).
 *
 * Ownership: everything is the caller's and borrowed for the call.
 */
#ifndef IOLENS_VIEW_REPLAY_H
#define IOLENS_VIEW_REPLAY_H

#include <stdint.h>
#include <stdio.h>

#include "render/obuf.h"
#include "render/output.h"
#include "replay/compile.h"
#include "replay/engine.h"
#include "replay/runs.h"
#include "render/progress.h"

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
/* The JSON (fmt FMT_JSON) or the table opened as path (out_open: NULL
 * standard output), written and closed: 0, or -1 with the message in
 * err (empty when there is none to say). */
int view_replay_write(const char *path, int fmt, const struct replay_view *x,
		      struct iol_error *err);

/* Takes one line of what a replay says on stderr (no newline). */
typedef void (*view_replay_say_fn)(void *ctx, const char *line);
/* The calls of r whose outcome differs from the original's, each a line
 * naming its place in script, then how many more there were. */
void view_replay_failures(const struct iol_rresult *r, const char *script,
			  view_replay_say_fn say, void *ctx);
/* Why the runs of script ended without a result (res->stopped: by the
 * signal sig; else err), then what became of the run directory (keep:
 * --keep; runs: how many were asked for). */
void view_replay_stopped(const struct iol_rresult *res,
			 const struct iol_error *err, const char *script,
			 int sig, int keep, int64_t runs,
			 view_replay_say_fn say, void *ctx);
/*
 * The runs of a replay as people follow them (replay/runs.h): the calls
 * done on stderr (a terminal only: tty), the line cleared when a run
 * ends, and why a run failed (view_replay_stopped(), *sig the signal
 * that stopped it or 0); say() takes the lines, and the runs' warnings.
 */
struct view_replay_runs {
	struct progress_runs bar;
	const char *script;
	const volatile int *sig;
	int tty, keep;
	int64_t runs;
	view_replay_say_fn say;
};
/* The hooks h of v, and the progress function of o. */
void view_replay_runs_hooks(struct view_replay_runs *v,
			    struct iol_rruns_hooks *h, struct iol_ropts *o);
struct iol_rcache;
/* Why the compiled form of script could not be made (replay/cache.h: c's
 * stage, err; max_memory the --max-memory in force); nothing for rc 1,
 * another group member's failure said there. */
void view_replay_uncompiled(int rc, const char *script,
			    const struct iol_rcache *c,
			    const struct iol_error *err, size_t max_memory,
			    view_replay_say_fn say, void *ctx);

/* What replay-script made of the trace (the script written to path):
 * processes, calls, inputs, rewritten paths, the overhead taken off. */
void view_replay_script(FILE *f, const struct iol_rscript *s,
			const struct iol_rcounts *c, const char *path);
/* The script s in its text form as the file path (out_write_stream():
 * a temporary renamed when complete): 0, or -1 with errno. */
int view_replay_script_write(const char *path, const struct iol_rscript *s);
struct iol_rcalib;
/* replay --calibrate: strace's overhead measured (c), and where it was
 * stored (path; NULL: not stored) */
void view_replay_calibrate(FILE *f, const struct iol_rcalib *c,
			   const char *path);

#endif
