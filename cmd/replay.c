/*
 * iolens replay: run a replay script (made by iolens replay-script or by
 * hand) in a sandbox and compare the replay with the original, as
 * Pianola's table does: run time, cumulative read, write and metadata
 * time, bytes and calls.  Also --calibrate, which measures what strace
 * adds to each call on this machine, for replay-script to take off.
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <stddef.h>
#include <string.h>
#include <unistd.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/replay.h"
#include "cmd/util.h"
#include "base/mpi.h"
#include "replay/engine.h"
#include "replay/mpi.h"
#include "base/banned.h"

static int pace(void *base, const char *arg)
{
	static const char *const names[] = {"closed", "timeline", "afap"};
	struct ropt *r = base;
	int i;

	for (i = 0; i < 3; i++)
		if (!strcmp(arg, names[i]))
			return r->o.pace = i, 0;
	return -1;
}

static int max_inputs(void *base, const char *arg)
{
	struct ropt *r = base;

	if (iol_parse_count(arg, &r->max_input) < 0)
		return -1;
	r->o.lim.max_inputs = r->max_input; /* the directories staged too */
	return 0;
}

static int profile(void *base, const char *arg)
{
	struct ropt *r = base;

	r->profile = arg;
	r->o.profile = 1;
	return 0;
}

static const char bad[] = "bad value '%s' for this option";

#define AT(m) .off = offsetof(struct ropt, m)
static const struct cmd_opt options[] = {
	{"allow-root", CO_FLAG, AT(allow_root)},
	{"as-fast-as-possible", CO_FLAG, AT(o.pace), .lo = IOL_PACE_AFAP},
	{"calibrate", CO_FLAG, AT(calibrate)},
	{"calibrate-loop", CO_STR, AT(loop)},
	{"dir", CO_STR, AT(o.dir)},
	{"format", CO_STR, AT(fmtarg)},
	{"keep", CO_FLAG, AT(o.keep)},
	{"max-gap", CO_DOUBLE, AT(o.lim.max_gap), bad, CO_GT0, 1e9},
	{"max-inputs", CO_CALL, .fn = max_inputs, .want = bad},
	{"max-memory", CO_SIZE, AT(o.lim.max_memory), bad},
	{"max-procs", CO_COUNT, AT(o.lim.max_procs), bad},
	{"max-stage", CO_SIZE, AT(o.lim.max_stage), bad},
	{"output", CO_STR, AT(outpath), .letter = 'o'},
	{"pace", CO_CALL, .fn = pace,
	 .want = "bad value '%s' for --pace (closed, timeline, afap)"},
	{"profile", CO_CALL, .fn = profile},
	{"runs", CO_COUNT, AT(runs), bad, .hi = 1000},
	{"timeout", CO_DOUBLE, AT(o.lim.timeout), bad, CO_GT0, 1e9},
	CO_END,
};

static int options_of(int argc, char **argv, struct ropt *r)
{
	const struct cmd_optset sets[] = {
		{options, r, 0},
		{copts_table, NULL, COPT_HELP | COPT_VERSION},
	};
	int rc = cmd_opts_parse(argc, argv, sets, 2, 0);

	if (rc >= 0)
		return rc;
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
	rc = options_of(argc, argv, &ro);
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
