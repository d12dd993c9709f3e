/*
 * The view of iolens jobs (render/view-jobs.c).
 */
#ifndef IOLENS_VIEW_JOBS_H
#define IOLENS_VIEW_JOBS_H

#include "population/popdb.h"
#include "render/view.h"

/* The columns text shows (the browser's job list shows the same). */
extern const struct iol_view iol_view_jobs;

/* The rows of cur from its current one on: every column in the machine
 * formats, the main ones for people.  0, or an IOL_E* code with err set
 * (the rows before it printed).  Text in bounded memory takes two
 * cursors over the same rows: the first to iol_view_jobs_measure()
 * (which writes nothing; nothing at all in the machine formats), the
 * second to iol_view_jobs_print(). */
int iol_view_jobs_measure(struct out *o, struct iol_popcur *cur,
			  struct iol_error *err);
int iol_view_jobs_print(struct out *o, struct iol_popcur *cur,
			struct iol_error *err);

#endif
