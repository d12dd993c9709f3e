/*
 * What the blocks commands share.  iolens blocks --calibrate [DIR]: the
 * storage cost model of DIR's file
 * system (analysis/iocost.h) measured and saved, so that blocks --source
 * can predict each block's I/O time.  Also the loading of that model for
 * the other blocks commands, and what they all say about the binaries a
 * trace's stacks name (changed, gone, without DWARF) and stacks cut.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/blocks.h"
#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/opts.h"
#include "cmd/util.h"
#include "analysis/blocks.h"
#include "analysis/iocost.h"
#include "render/views.h"
#include "replay/calibrate.h"
#include "base/banned.h"

int blocks_has_calibrate(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--calibrate"))
			return 1;
	return 0;
}

/* --calibrate's own options (a flag in the int given as base): itself
 * again, and its help */
static const struct cmd_opt calibrate_options[] = {
	{"calibrate", CO_FLAG, .off = 0},
	{"help", CO_HELP, .want = "blocks--calibrate", .letter = 'h'},
	CO_END,
};

int blocks_calibrate_run(int argc, char **argv)
{
	const char *dir;
	struct iol_iocost c;
	struct iol_error err = {0};
	char path[4096];
	int seen = 0;
	struct cmd_optset set = {calibrate_options, &seen, 0};
	int rc = cmd_opts_parse(argc, argv, &set, 1, 0);

	if (rc >= 0)
		return rc;
	if (argc - optind > 1)
		return usage_error("--calibrate takes one directory, not '%s'",
				   argv[optind + 1]);
	dir = optind < argc ? argv[optind] : ".";
	if (iol_iocost_path(path, sizeof(path)) < 0)
		return msg("cannot save the costs: neither XDG_CONFIG_HOME "
			   "nor HOME is set"),
		       EXIT_DATA;
	if (iol_iocost_measure(dir, &c, &err) < 0) {
		msg("%s", err.msg);
		return EXIT_DATA;
	}
	if (iol_iocost_save(&c, path, &err) < 0) {
		msg("%s", err.msg);
		return EXIT_DATA;
	}
	iol_view_blocks_cost(stdout, &c, path);
	return fflush(stdout) || ferror(stdout) ? EXIT_DATA : EXIT_OK;
}

int blocks_cost_load(struct iol_iocost *c)
{
	struct iol_error err = {0};
	char path[4096];

	if (iol_iocost_path(path, sizeof(path)) < 0)
		return -1;
	if (iol_iocost_load(c, path, &err) == 0)
		return 0;
	/* not calibrated is said in the text output, not as a warning */
	if (err.sys != ENOENT)
		msg("warning: %s: no predicted I/O time", err.msg);
	return -1;
}

int blocks_say_modules(const struct iol_blocks *bl, const char *trace, int text)
{
	char note[160];
	size_t i;

	for (i = 0; i < bl->nmods; i++)
		if (bl->mods[i].state == IOL_BMOD_CHANGED) {
			msg("cannot attribute '%s': '%s' changed since it was "
			    "traced, its functions and lines would be the new "
			    "build's: trace it again",
			    trace, bl->mods[i].path);
			return -1;
		}
	for (i = 0; i < bl->nmods; i++)
		if (bl->mods[i].state == IOL_BMOD_GONE)
			msg("warning: '%s' is gone: its frames keep the "
			    "trace's "
			    "names, without files or lines",
			    bl->mods[i].path);
		else
			msg("note: '%s' has no debugging information "
			    "(stripped, or built without -g): functions by "
			    "symbol or address, no lines",
			    bl->mods[i].path);
	if (bl->src_missing)
		msg("warning: %zu source file%s the binaries name %s not found "
		    "(the first: '%s'): no loops from %s; --source-map OLD=NEW "
		    "reads sources that moved",
		    bl->src_missing, bl->src_missing == 1 ? "" : "s",
		    bl->src_missing == 1 ? "is" : "are", bl->src_missing_first,
		    bl->src_missing == 1 ? "it" : "them");
	if (bl->stacks_cut && !text)
		msg("note: %s",
		    iol_view_blocks_cut_note(bl, note, sizeof(note)));
	return 0;
}

/*
 * strace's -T durations hold strace's own stops (11 times a small
 * write's on a loop): taken off as replay-script does when iolens replay
 * --calibrate measured them; else the blocks rank by bytes, and an
 * explicit --sort time is refused.  -1 refused (said); else what to say
 * once the blocks are made: 0 nothing, 1 the overhead taken off, 2 the
 * ranking by bytes.
 */
int blocks_times_of(const struct iol_job *job, struct blocks_opts *bo,
		    double *overhead)
{
	int r = job->stacks ? iol_replay_overhead_of(job->source, overhead) : 0;

	if (r >= 0 || (bo->sort >= 0 && bo->sort != IOL_BSORT_TIME)) {
		if (bo->sort < 0)
			bo->sort = IOL_BSORT_TIME;
		return r > 0;
	}
	if (bo->sort == IOL_BSORT_TIME) {
		msg("cannot rank by time: strace's I/O times hold its own "
		    "cost of each call, not measured here (run iolens replay "
		    "--calibrate, or --sort bytes)");
		return -1;
	}
	bo->sort = IOL_BSORT_BYTES;
	return 2;
}

void blocks_times_say(int say, double overhead)
{
	if (say == 1)
		msg("note: strace's own %.2f us a call taken off the I/O times "
		    "(iolens replay --calibrate)",
		    overhead * 1e6);
	else if (say == 2)
		msg("note: ranked by bytes: strace's I/O times hold its own "
		    "cost of each call (iolens replay --calibrate measures "
		    "it, to be taken off)");
}
