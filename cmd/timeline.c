/*
 * iolens timeline: when each rank did I/O.  Intervals come from DXT
 * segments when the log has them, else from the per-file timestamps
 * (METRICS.md 8); the source is always named.  Text draws a per-rank
 * chart and the phase bandwidths; machine formats stream one interval per
 * row (bounded memory however many segments), or with --phases the
 * per-rank, per-file and job phases, or with --bins a rank x time matrix.
 */
#include <math.h>
#include <stddef.h>

#include "analysis/phases.h"
#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/util.h"
#include "render/view-timeline.h"
#include "base/banned.h"

struct topts {
	int64_t bins, width;
	int phases, layer;
	struct out o;
	int first; /* no table started yet */
};

#define AT(m) .off = offsetof(struct topts, m)
static const struct cmd_opt options[] = {
	{"bins", CO_COUNT, AT(bins), .lo = 1, .hi = 100000},
	{"layer", CO_WORD, AT(layer), "posix|mpiio,mpi-io"},
	{"phases", CO_FLAG, AT(phases)},
	{"width", CO_COUNT, AT(width), .lo = 8, .hi = 1000},
	CO_END,
};

/* One job's timeline into t->o, as the options ask: the --bins matrix,
 * the intervals (machine formats), or the phases; 0 or -1. */
static int timeline_job(void *arg, const char *log, struct iol_job *job)
{
	struct topts *t = arg;
	struct out *o = &t->o;
	int *first = &t->first;
	struct iol_error err = {0};
	struct iol_phases ph;
	int r;

	if ((o->fmt != FMT_TEXT || t->bins) &&
	    view_timeline_layer_note(job, t->layer))
		msg("warning: '%s': --layer %s: %s", log,
		    t->layer ? "mpiio" : "posix",
		    view_timeline_layer_note(job, t->layer));
	if (t->bins)
		r = view_timeline_matrix(o, log, job, t->layer, t->bins, first,
					 &err);
	else if (o->fmt != FMT_TEXT && !t->phases)
		r = view_timeline_intervals(o, log, job,
					    iol_timeline_source(job), t->layer,
					    first, &err);
	else if (o->fmt == FMT_TEXT) /* the chart binned from the phases' */
		r = view_timeline_text_job(o, log, job, (size_t)t->width,
					   t->layer, &err);
	else if ((r = iol_phases_compute(job, t->layer, &ph, &err)) >= 0) {
		view_timeline_phases(o, log, job, &ph, (size_t)t->width,
				     t->layer, first);
		iol_phases_free(&ph);
	}
	if (r < 0)
		msg_ioerr(log, err.code, &err);
	return r < 0 ? -1 : 0;
}

int cmd_timeline(int argc, char **argv)
{
	/* width 0: what fits, up to 64 */
	struct topts t = {.layer = -1, .first = 1};
	struct copts co;
	int rc, i;

	rc = cmd_start(&co, argc, argv, options, &t, COPTS_COMMON, &t.o, &i);
	if (rc >= 0)
		return rc;
	if (t.bins && t.phases) {
		out_close(&t.o, 0);
		return usage_error("--bins and --phases cannot be combined");
	}
	rc = cmd_each_job(&co.in, argc, argv, i, timeline_job, &t);
	if (!t.first)
		out_endtable(&t.o);
	return cmd_out_close(&t.o, rc == EXIT_OK) < 0 ? EXIT_DATA : rc;
}
