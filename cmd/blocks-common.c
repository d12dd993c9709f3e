/*
 * What the blocks commands share.  iolens blocks --calibrate [DIR]: the
 * storage cost model of DIR's file
 * system (analysis/iocost.h) measured and saved, so that blocks --source
 * can predict each block's I/O time.  Also the loading of that model for
 * the other blocks commands; what they all say about the binaries a
 * trace's stacks name is their view's (render/view-blocks.c).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/blocks.h"
#include "cmd/commands.h"
#include "cmd/common.h"
#include "cli/opts.h"
#include "cmd/util.h"
#include "analysis/blocks.h"
#include "analysis/iocost.h"
#include "render/views.h"
#include "base/banned.h"

int blocks_has_calibrate(int argc, char **argv)
{
	static const char *const w[] = {"--calibrate", NULL};

	return cmd_args_have(argc, argv, w);
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
	/* MPI-IO's own costs where MPI is there; the POSIX model stands
	 * without them (MPI-IO calls then have no predicted time) */
	if (iol_iocost_measure_mpi(dir, &c, &err) < 0)
		msg("warning: %s: MPI-IO calls get no predicted time", err.msg);
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
	int r = iol_iocost_load_saved(c, &err);

	/* not calibrated is said in the text output, not as a warning */
	if (r < 0)
		msg("warning: %s: no predicted I/O time", err.msg);
	return r == 0 ? 0 : -1;
}

/* --source-map OLD=NEW, for blocks and blocks --source alike */
int blocks_srcmap_add(struct iol_srcmap **map, int *n, char *arg)
{
	struct iol_srcmap m;

	if (iol_srcmap_parse(arg, &m) < 0) {
		usage_error("--source-map wants OLD=NEW, not '%s'", arg);
		return -1;
	}
	*map = xrealloc(*map, ((size_t)*n + 1) * sizeof(**map));
	(*map)[(*n)++] = m;
	return 1;
}

int blocks_build(const struct iol_job *job, const struct iol_blocks_opts *o,
		 int text, struct iol_blocks **bl)
{
	struct iol_error err = {0};

	if (iol_blocks_build(job, o, bl, &err) < 0) {
		msg("%s: %s", job->path, err.msg);
		return -1;
	}
	if (iol_view_blocks_say_modules(*bl, job->path, text) < 0) {
		iol_blocks_free(*bl);
		*bl = NULL;
		return -1;
	}
	return 0;
}
