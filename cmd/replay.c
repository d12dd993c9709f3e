/*
 * iolens replay: run a replay script (made by iolens replay-script or by
 * hand) in a sandbox and compare the replay with the original, as
 * Pianola's table does: run time, cumulative read, write and metadata
 * time, bytes and calls.  Also --calibrate, which measures what strace
 * adds to each call on this machine, for replay-script to take off.
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/replay.h"
#include "cmd/util.h"
#include "base/mpi.h"
#include "base/version.h"
#include "replay/engine.h"
#include "replay/mpi.h"
#include "base/banned.h"

static int parse_secs(const char *s, double *v)
{
	char *end;

	*v = strtod(s, &end);
	return end == s || *end || !isfinite(*v) || *v <= 0 || *v > 1e9 ? -1
									: 0;
}

static int parse_pace(const char *s, int *pace)
{
	static const char *const names[] = {"closed", "timeline", "afap"};
	int i;

	for (i = 0; i < 3; i++)
		if (!strcmp(s, names[i]))
			return *pace = i, 0;
	return -1;
}

/* The options that take a limit; -1 when o is not one of them. */
static int limit_option(int c, const char *arg, struct ropt *r)
{
	int64_t v;
	int bad = 0;

	switch (c) {
	case 'S': bad = iol_parse_size(arg, &r->o.lim.max_stage); break;
	case 'M': bad = iol_parse_size(arg, &r->o.lim.max_memory); break;
	case 'P':
		bad = iol_parse_count(arg, &v) || v < 1;
		r->o.lim.max_procs = v;
		break;
	case 'I':
		bad = iol_parse_count(arg, &v) || v < 1;
		r->max_input = v;
		r->o.lim.max_inputs = v; /* the directories staged too */
		break;
	case 'G': bad = parse_secs(arg, &r->o.lim.max_gap); break;
	case 'T': bad = parse_secs(arg, &r->o.lim.timeout); break;
	case 'N':
		bad = iol_parse_count(arg, &r->runs) || r->runs < 1 ||
		      r->runs > 1000;
		break;
	case 'c': bad = parse_pace(arg, &r->o.pace); break;
	default: return -1;
	}
	if (bad)
		return usage_error("bad value '%s' for %s", arg,
				   c == 'c' ? "--pace (closed, timeline, afap)"
					    : "this option");
	return 0;
}

static int options(int argc, char **argv, struct ropt *r)
{
	static const struct option longopts[] = {
		{"allow-root", no_argument, NULL, 'R'},
		{"as-fast-as-possible", no_argument, NULL, 'A'},
		{"calibrate", no_argument, NULL, 'C'},
		{"calibrate-loop", required_argument, NULL, 'L'},
		{"dir", required_argument, NULL, 'd'},
		{"format", required_argument, NULL, 'f'},
		{"help", no_argument, NULL, 'h'},
		{"keep", no_argument, NULL, 'k'},
		{"max-gap", required_argument, NULL, 'G'},
		{"max-inputs", required_argument, NULL, 'I'},
		{"max-memory", required_argument, NULL, 'M'},
		{"max-procs", required_argument, NULL, 'P'},
		{"max-stage", required_argument, NULL, 'S'},
		{"output", required_argument, NULL, 'o'},
		{"pace", required_argument, NULL, 'c'},
		{"profile", required_argument, NULL, 'p'},
		{"runs", required_argument, NULL, 'N'},
		{"timeout", required_argument, NULL, 'T'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0},
	};
	int c, rc;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":ho:", longopts, NULL)) != -1) {
		if ((rc = limit_option(c, optarg, r)) >= 0) {
			if (rc)
				return rc;
			continue;
		}
		switch (c) {
		case 'R': r->allow_root = 1; break;
		case 'A': r->o.pace = IOL_PACE_AFAP; break;
		case 'C': r->calibrate = 1; break;
		case 'L': r->loop = optarg; break;
		case 'd': r->o.dir = optarg; break;
		case 'f': r->fmtarg = optarg; break;
		case 'o': r->outpath = optarg; break;
		case 'h': return cmd_help(NULL);
		case 'k': r->o.keep = 1; break;
		case 'p':
			r->profile = optarg;
			r->o.profile = 1;
			break;
		case 'V': puts("iolens " IOLENS_VERSION); return EXIT_OK;
		case ':':
			return usage_error("option '%s' needs a value",
					   argv[optind - 1]);
		default:
			return usage_error("unknown option '%s'",
					   argv[optind - 1]);
		}
	}
	/* the one rule of every command with -o: --format wins, else the
	 * extension chooses */
	r->fmt =
		cmd_outfmt(r->fmtarg, r->outpath, OUTF_TABLES, OUTF_TEXT, NULL);
	return r->fmt < 0 ? EXIT_USAGE : -1;
}

/* Under mpirun (make MPI=1, more than one process) the processes replay
 * the script together, one rank each where there are as many. */
static int replay_mpi(int argc, char **argv, struct ropt *ro)
{
	struct iol_rgroup g;
	int rc, rank = 0, size = 1;

	if (iol_mpi_begin(&argc, &argv, &rank, &size)) {
		iol_rgroup_mpi(&g, rank, size);
		ro->o.group = &g;
	}
	rc = replay_run(argv[argc - 1], ro);
	ro->o.group = NULL;
	iol_mpi_end();
	return rc;
}

int cmd_replay(int argc, char **argv)
{
	struct ropt ro;
	int rc;

	memset(&ro, 0, sizeof(ro));
	ro.runs = 1;
	ro.max_input = 1000000;
	rc = options(argc, argv, &ro);
	if (rc >= 0)
		return rc;
	if (ro.loop)
		return replay_calibrate_loop(ro.loop);
	if (ro.calibrate) {
		if (optind < argc)
			return usage_error("--calibrate takes no script");
		return replay_calibrate(ro.o.dir ? ro.o.dir : "/tmp");
	}
	if (optind != argc - 1)
		return usage_error(optind < argc ? "one script at a time"
						 : "no script given");
	ro.max_memory = ro.o.lim.max_memory > 0 ? (size_t)ro.o.lim.max_memory
						: (size_t)2 << 30;
	if (!ro.o.dir)
		return usage_error("--dir names the sandbox the replay may "
				   "write in");
	if (geteuid() == 0 && !ro.allow_root) {
		msg("refusing to run as root without --allow-root");
		return EXIT_DATA;
	}
	return replay_mpi(argc, argv, &ro);
}
