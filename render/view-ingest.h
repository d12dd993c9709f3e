/*
 * What `iolens ingest` prints on stdout (render/view-ingest.c): the
 * counts of a run, of each accounting file and of the scheduler join;
 * and its progress bar on stderr.
 */
#ifndef IOLENS_VIEW_INGEST_H
#define IOLENS_VIEW_INGEST_H

#include <stdint.h>
#include <stdio.h>

#include "population/fsstore.h"
#include "population/ingest.h"
#include "population/sacct.h"
#include "render/progress.h"

/* "N logs: A added, R refreshed, U unchanged, F failed[, K failed
 * before (not retried)]" */
void view_ingest_counts(FILE *f, const struct iol_ingest *g);
/* "path: N scheduler jobs, ..." of one accounting file read */
void view_ingest_sacct(FILE *f, const char *path, const struct iol_sacct *p);
/* "N job rows joined to the scheduler's jobs" */
void view_ingest_joined(FILE *f, int64_t joined);
/* "path: LMT (SQLite), 24 targets, 1464 samples, 2928 gauge samples
 * stored" (or "... replaced", "unchanged, not read again") */
void view_ingest_fsload(FILE *f, const char *path, const struct iol_fsput *p);
/* The progress bar of the run g on stderr, at most 5 times a second
 * (force: now), its rate counted from the first log done. */
void view_ingest_progress(struct progress_tick *t, const struct iol_ingest *g,
			  int force);

#endif
