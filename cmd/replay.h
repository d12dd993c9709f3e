/*
 * The parts of iolens replay: the options (cmd/replay.c), the run
 * (cmd/replay-run.c) and the calibration (cmd/replay-calibrate.c).
 */
#ifndef IOLENS_CMD_REPLAY_H
#define IOLENS_CMD_REPLAY_H

#include <stddef.h>
#include <stdint.h>

#include "replay/engine.h"

struct ropt {
	struct iol_ropts o;
	int allow_root, calibrate, fmt;
	int64_t runs, max_input;
	size_t max_memory; /* --max-memory: the script's parse counts too */
	const char *profile, *loop;
	const char *fmtarg, *outpath; /* --format, -o: cmd_outfmt() */
};

/* Replay the script as ro says, reporting it: an exit status. */
int replay_run(const char *script, struct ropt *ro);
/* --calibrate in dir, and the hidden --calibrate-loop: exit statuses. */
int replay_calibrate(const char *dir);
int replay_calibrate_loop(const char *dir);

#endif
