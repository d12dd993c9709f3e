/*
 * The progress line a command draws on a terminal (stderr) while it
 * works through a known number of items: a bar, the count, the rate and
 * the time left.  The caller decides when (a tty, at most 5 times a
 * second).
 */
#ifndef IOLENS_PROGRESS_H
#define IOLENS_PROGRESS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Seconds of the monotonic clock. */
double progress_now(void);
/* "\r[####    ] done/total what  R what/s  ETA h:mm:ss" over the line;
 * total 0: unknown (no bar filled, no ETA). */
void progress_bar(FILE *f, const char *what, int64_t done, int64_t total,
		  double elapsed);
/* A walk with no known end (fsstats): "\rwalking: D directories, F
 * files, Q directories waiting  R files/s" over the line. */
void progress_walk(FILE *f, uint64_t dirs, uint64_t files, size_t queued,
		   double elapsed);
/* When a line is drawn: t0 the start its rate counts from (0: the first
 * line drawn), last the time of the last line. */
struct progress_tick {
	double t0, last;
};
/* Whether to draw now: the first call and then at most 5 times a second
 * (force: at once); t->last set when so. */
int progress_due(struct progress_tick *t, int force);
/* progress_walk() on stderr as a walk's progress function
 * (storage/devio.h iol_fsopts), arg a struct progress_tick. */
void progress_walk_tick(uint64_t dirs, uint64_t files, size_t queued,
			void *arg);
/* A replay's calls (replay) as the engine's progress function
 * (replay/engine.h), ctx a struct progress_runs: "\r[####    ] done/total
 * calls  S s" on stderr, and "  run R of N" when runs > 1, over the
 * line. */
struct progress_runs {
	double t0; /* progress_now() at the start */
	int run, runs;
};
void progress_calls(void *ctx, int64_t done, int64_t total);
/* Clear the line a progress_bar drew. */
void progress_clear(FILE *f);

#endif
