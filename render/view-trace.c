/*
 * What `iolens trace` says after a run (render/view-trace.h).
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "render/view-trace.h"
#include "base/banned.h"

/* The line of fmt given to say, however long. */
static void sayf(view_trace_say_fn say, void *ctx, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void sayf(view_trace_say_fn say, void *ctx, const char *fmt, ...)
{
	va_list ap;
	char *b;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || !(b = malloc((size_t)n + 1)))
		return;
	va_start(ap, fmt);
	vsnprintf(b, (size_t)n + 1, fmt, ap);
	va_end(ap);
	say(ctx, b);
	free(b);
}

void view_trace_said(const struct iol_tstats *ms, const char *prog,
		     const char *out, view_trace_say_fn say, void *ctx)
{
	char cut[64] = "", thr[64] = "";
	const char *v[3];
	size_t i, nv;
	uint64_t calls = ms->lines - ms->own;

	/* the tracer says it ran in each process at its start: none did,
	 * or the programs named were exec'd without it */
	if (!ms->hellos)
		sayf(say, ctx, "'%s' %s", prog, IOL_TRACE_NO_TRACER);
	nv = ms->hellos ? iol_tstats_untraced(ms, v, 3) : 0;
	for (i = 0; i < nv && i < 3; i++)
		sayf(say, ctx, "'%s' %s", v[i], IOL_TRACE_NO_TRACER_SUB);
	if (nv > 3)
		say(ctx, "... and more programs (named in the trace's header)");
	/* the calls traced (not the chdir and execve written before them,
	 * as the header's count has not), of processes and of the threads
	 * they made */
	if (ms->nthr)
		snprintf(thr, sizeof(thr), " and %zu thread%s", ms->nthr,
			 ms->nthr == 1 ? "" : "s");
	if (ms->bad)
		snprintf(cut, sizeof(cut),
			 " (%" PRIu64 " lines cut short, left out)", ms->bad);
	sayf(say, ctx, "%" PRIu64 " call%s of %zu process%s%s into %s%s", calls,
	     calls == 1 ? "" : "s", ms->nproc, ms->nproc == 1 ? "" : "es", thr,
	     out, cut);
}
