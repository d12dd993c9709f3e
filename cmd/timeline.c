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

static const char usage_str[] = "usage: iolens timeline [--bins n] [--format "
				"fmt] [--layer posix|mpiio]\n"
				"                       [--output file] "
				"[--phases] [--width n] log ...\n";

static void help(void)
{
	fputs(usage_str, stdout);
	printf("\nPer-rank intervals of I/O activity, from DXT traces when "
	       "present,\n"
	       "else from Darshan's per-file timestamps, and the bandwidth of "
	       "each\n"
	       "phase (all writes, all reads) per rank, file and job.\n\n"
	       "  --bins n           a rank x time matrix of bytes in n time "
	       "bins\n"
	       "  --format fmt       text (default), csv, tsv or json\n"
	       "  --layer name       the DXT trace to use: posix (the default "
	       "when\n"
	       "                     it has segments) or mpiio\n"
	       "  -o, --output file  write to file (replaced atomically)\n"
	       "  --phases           machine formats: phases instead of "
	       "intervals\n"
	       "  --width n          text chart width in columns (default 64, "
	       "less\n"
	       "                     when the terminal is narrower)\n"
	       "%s"
	       "  -h, --help         show this help\n"
	       "  --version          show the version\n",
	       trace_help);
}

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

	rc = copts_start(&co, argc, argv, longopts, help, extra_opt, &t, &o,
			 &i);
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
		struct iol_error err = {0};
		struct iol_phases ph;
		int src;

		if (cmd_load(&co, &in.v[j], &job) < 0) {
			rc = EXIT_DATA;
			continue;
		}
		src = iol_timeline_source(job);
		if ((co.fmt != FMT_TEXT || t.bins) &&
		    view_timeline_layer_note(job, t.layer))
			msg("warning: '%s': --layer %s: %s", in.v[j].name,
			    t.layer ? "mpiio" : "posix",
			    view_timeline_layer_note(job, t.layer));
		if (t.bins) {
			if (view_timeline_matrix(&o, in.v[j].name, job, t.layer,
						 t.bins, &first, &err) < 0) {
				msg_ioerr(in.v[j].name, err.code, &err);
				rc = EXIT_DATA;
			}
			iol_job_close(job);
			continue;
		}
		if (co.fmt != FMT_TEXT && !t.phases) {
			if (first)
				out_view(&o, &iol_view_timeline);
			first = 0;
			if (view_timeline_intervals(&o, in.v[j].name, job, src,
						    t.layer, &err) < 0) {
				msg_ioerr(in.v[j].name, err.code, &err);
				rc = EXIT_DATA;
			}
			iol_job_close(job);
			continue;
		}
		if (iol_phases_compute(job, t.layer, &ph, &err) < 0) {
			msg_ioerr(in.v[j].name, err.code, &err);
			rc = EXIT_DATA;
			iol_job_close(job);
			continue;
		}
		if (co.fmt == FMT_TEXT) {
			view_timeline_text(&o, in.v[j].name, job, &ph,
					   (size_t)t.width, t.layer);
		} else {
			if (first)
				out_view(&o, &iol_view_timeline_phases);
			first = 0;
			view_timeline_phases_rows(&o, in.v[j].name, job, &ph,
						  t.layer);
		}
		iol_phases_free(&ph);
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
