/*
 * iolens timeline: when each rank did I/O.  Intervals come from DXT
 * segments when the log has them, else from the per-file timestamps
 * (METRICS.md 8); the source is always named.  Text draws a per-rank
 * chart and the phase bandwidths; machine formats stream one interval per
 * row (bounded memory however many segments), or with --phases the
 * per-rank, per-file and job phases, or with --bins a rank x time matrix.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/phases.h"
#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/util.h"
#include "render/view-timeline.h"
#include "base/banned.h"

struct topts {
	int64_t bins, width;
	int phases, layer;
};

static int extra_opt(void *ctx, int opt, const char *arg)
{
	struct topts *t = ctx;

	switch (opt) {
	case 'b':
		if (iol_parse_count(arg, &t->bins) < 0 || t->bins > 100000) {
			usage_error("--bins wants 1 to 100000, not '%s'", arg);
			return -1;
		}
		return 1;
	case 'p': t->phases = 1; return 1;
	case 'w':
		if (iol_parse_count(arg, &t->width) < 0 || t->width < 8 ||
		    t->width > 1000) {
			usage_error("--width wants 8 to 1000, not '%s'", arg);
			return -1;
		}
		return 1;
	case 'l':
		if (!strcmp(arg, "posix"))
			t->layer = 0;
		else if (!strcmp(arg, "mpiio") || !strcmp(arg, "mpi-io"))
			t->layer = 1;
		else {
			usage_error("--layer wants posix or mpiio, not '%s'",
				    arg);
			return -1;
		}
		return 1;
	}
	return 0;
}

/* One job's timeline into o, as the options ask: the --bins matrix, the
 * intervals (machine formats), or the phases; an exit status. */
static int timeline_log(struct out *o, const struct topts *t, const char *log,
			const struct iol_job *job, int *first)
{
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
	if (r < 0) {
		msg_ioerr(log, err.code, &err);
		return EXIT_DATA;
	}
	return EXIT_OK;
}

int cmd_timeline(int argc, char **argv)
{
	static const struct option longopts[] = {
		COMMON_LONGOPTS,
		{"bins", required_argument, NULL, 'b'},
		{"layer", required_argument, NULL, 'l'},
		{"phases", no_argument, NULL, 'p'},
		{"width", required_argument, NULL, 'w'},
		{NULL, 0, NULL, 0},
	};
	struct topts t = {0, 0, 0, -1}; /* width 0: what fits, up to 64 */
	struct iol_inputs in;
	struct copts co;
	struct out o;
	int rc, i, first = 1;

	rc = copts_start(&co, argc, argv, longopts, extra_opt, &t, &o, &i);
	if (rc >= 0)
		return rc;
	/* a directory stands for the logs in it */
	rc = cmd_inputs(&co, argc, argv, i, &in) < 0 ? EXIT_DATA : EXIT_OK;
	if (t.bins && t.phases) {
		out_close(&o, 0);
		iol_inputs_release(&in);
		return usage_error("--bins and --phases cannot be combined");
	}
	for (size_t j = 0; j < in.n; j++) {
		struct iol_job *job;

		if (cmd_load(&co, &in.v[j], &job) < 0) {
			rc = EXIT_DATA;
			continue;
		}
		if (timeline_log(&o, &t, in.v[j].name, job, &first) != EXIT_OK)
			rc = EXIT_DATA;
		iol_job_close(job);
	}
	iol_inputs_release(&in);
	if (!first)
		out_endtable(&o);
	if (out_close(&o, rc == EXIT_OK) < 0) {
		msg("%s", o.err.msg);
		rc = EXIT_DATA;
	}
	return rc;
}
