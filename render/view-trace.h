/*
 * What `iolens trace` says on stderr after the program ran and its
 * threads' files were merged: the programs that ran without the tracer,
 * and the calls traced, of how many processes and threads, into what.
 * Each line goes to the caller's say(), which prints it in the house
 * style.
 *
 * Ownership: nothing kept; the lines are valid during say() only.
 */
#ifndef IOLENS_VIEW_TRACE_H
#define IOLENS_VIEW_TRACE_H

#include "sources/tracer.h"

/* Takes one line (no newline). */
typedef void (*view_trace_say_fn)(void *ctx, const char *line);

/* The lines about ms, the run of prog traced into out. */
void view_trace_said(const struct iol_tstats *ms, const char *prog,
		     const char *out, view_trace_say_fn say, void *ctx);

#endif
