/*
 * test-blocks-sort: the decisions the blocks commands take from the
 * library (t/6047-blocks-sort-unit.t): how a trace's call durations let
 * its blocks rank (iol_replay_blocks_sort(), lib/replay/calibrate.c) with
 * strace's overhead calibrated or not, and whether the saved I/O cost
 * model is there, missing or bad (iol_iocost_load_saved()).  Argument:
 * an empty directory of the test's own, used as XDG_CACHE_HOME and
 * XDG_CONFIG_HOME.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analysis/blocks.h"
#include "analysis/iocost.h"
#include "replay/calibrate.h"
#include "base/banned.h"

static int n, failed;

static void is(long got, long want, const char *what)
{
	n++;
	if (got != want)
		failed++;
	printf("%sok %d - %s", got == want ? "" : "not ", n, what);
	if (got != want)
		printf(" (got %ld, want %ld)", got, want);
	printf("\n");
}

/* one row of the table: source, stacks, --sort given (-1 none) ->
 * what to say, and the sort taken */
static void sort_row(const char *source, int stacks, int sort, int say,
		     int want_sort, const char *what)
{
	double dur = -1;
	int r = iol_replay_blocks_sort(source, stacks, &sort, &dur);

	is(r, say, what);
	if (r >= 0)
		is(sort, want_sort, "... and the sort it takes");
}

static void sorts(int calibrated)
{
	const char *c = calibrated ? "calibrated: " : "not calibrated: ";
	char what[160];

	snprintf(what, sizeof(what), "%siolens trace ranks by time", c);
	sort_row("iolens trace", 1, -1, 0, IOL_BSORT_TIME, what);
	snprintf(what, sizeof(what), "%sno stacks: by time", c);
	sort_row("strace", 0, -1, 0, IOL_BSORT_TIME, what);
	snprintf(what, sizeof(what), "%sstrace without --sort", c);
	sort_row("strace", 1, -1, calibrated ? 1 : 2,
		 calibrated ? IOL_BSORT_TIME : IOL_BSORT_BYTES, what);
	snprintf(what, sizeof(what), "%sstrace --sort time", c);
	sort_row("strace", 1, IOL_BSORT_TIME, calibrated ? 1 : IOL_EINVAL,
		 IOL_BSORT_TIME, what);
	snprintf(what, sizeof(what), "%sstrace --sort calls is kept", c);
	sort_row("strace", 1, IOL_BSORT_CALLS, calibrated ? 1 : 0,
		 IOL_BSORT_CALLS, what);
}

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f || fputs(text, f) < 0 || fclose(f)) {
		printf("Bail out! cannot write %s\n", path);
		exit(1);
	}
}

int main(int argc, char **argv)
{
	struct iol_error err = {0};
	struct iol_iocost c;
	char p[4096], dir[4096];
	double dur;

	if (argc != 2)
		return 2;
	setenv("XDG_CACHE_HOME", argv[1], 1);
	setenv("XDG_CONFIG_HOME", argv[1], 1);
	sorts(0);
	if (iol_replay_overhead_save(1e-6, 2e-6, p, sizeof(p)) < 0) {
		printf("Bail out! cannot save the overhead\n");
		return 1;
	}
	sorts(1);
	iol_replay_blocks_sort("strace", 1, &(int){-1}, &dur);
	is(dur == 2e-6, 1, "the calibrated overhead is the one taken off");

	is(iol_iocost_load_saved(&c, &err), 1, "no cost model: not calibrated");
	snprintf(dir, sizeof(dir), "%s/iolens", argv[1]);
	mkdir(dir, 0755);
	snprintf(p, sizeof(p), "%s/iocost", dir);
	put(p, "# iolens I/O cost model 1\nopen 1e-6\n");
	is(iol_iocost_load_saved(&c, &err), IOL_ECORRUPT,
	   "a model with a hole is bad, not missing");
	printf("1..%d\n", n);
	return failed != 0;
}
