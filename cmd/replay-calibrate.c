/*
 * iolens replay --calibrate: what strace adds to each call on this
 * machine (replay/calibrate.h), measured on the hidden --calibrate-loop
 * of this binary and stored for replay-script.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <unistd.h>

#include "cmd/replay.h"
#include "cmd/util.h"
#include "render/view-replay.h"
#include "replay/calibrate.h"
#include "replay/engine.h"
#include "base/banned.h"

/* The hidden --calibrate-loop: the timed loop, in the process strace
 * follows, printing its own seconds (no start-up counted). */
int replay_calibrate_loop(const char *dir)
{
	struct iol_error err = {0};
	double t = iol_replay_syscall_loop(dir, IOL_CAL_ROUNDS, &err);

	if (t < 0) {
		msg("%s", err.msg);
		return EXIT_DATA;
	}
	printf("%.9f\n", t);
	return EXIT_OK;
}

int replay_calibrate(const char *dir)
{
	char self[4096], p[4096];
	struct iol_rcalib c;
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

	if (n <= 0)
		return msg("cannot find the iolens binary"), EXIT_DATA;
	self[n] = 0;
	if (iol_replay_calibrate(self, dir, &c) < 0) {
		msg("calibration failed: is strace installed "
		    "(apt-get install strace)?");
		return EXIT_DATA;
	}
	if (iol_replay_overhead_save(c.gap, c.dur, p, sizeof(p)) == 0) {
		view_replay_calibrate(stdout, &c, p);
	} else {
		view_replay_calibrate(stdout, &c, NULL);
		msg("warning: cannot store the overhead (no writable home)");
	}
	return EXIT_OK;
}
