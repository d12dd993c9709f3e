/* iolens blocks --source (cmd/blocks-source.c): the blocks a program's
 * source predicts, run by cmd/blocks.c when its arguments hold --source;
 * with a trace, joined to the measured blocks (lib/code/join.c). */
#ifndef IOLENS_CMD_BLOCKS_H
#define IOLENS_CMD_BLOCKS_H
#include <stdint.h>

#include "analysis/blocks.h"
#include "code/extract.h"

int blocks_source_run(int argc, char **argv);

/* iolens blocks's own options */
struct blocks_opts {
	int by_bytes, sort; /* sort: IOL_BSORT_*, -1 not given */
	int64_t depth, top;
	struct iol_srcmap *srcmap; /* --source-map rules, xrealloc'd */
	int nsrcmap;
};
/* --source-map OLD=NEW: one rule more in *map (*n of them, xrealloc'd;
 * arg split in place); -1 when malformed (said, a usage error) */
int blocks_srcmap_add(struct iol_srcmap **map, int *n, char *arg);
/* "time", "bytes", "calls", "line": IOL_BSORT_*, or -1 */
int blocks_sort_key(const char *s);
struct iol_job;
/* strace's share of job's call durations into *overhead, and the sort
 * it allows (bo->sort set): what to say once the blocks are made (0
 * nothing, 1 the overhead taken off, 2 ranked by bytes), or -1 when an
 * explicit --sort time cannot be (said). */
int blocks_times_of(const struct iol_job *job, struct blocks_opts *bo,
		    double *overhead);
void blocks_times_say(int say, double overhead);

/* --calibrate (cmd/blocks-common.c): 1 when argv asks for it; the run */
int blocks_has_calibrate(int argc, char **argv);
int blocks_calibrate_run(int argc, char **argv);
struct iol_iocost;
/* Say what is not as traced in bl's binaries (one line each on
 * stderr) and, unless text (which has it in its header), the stacks
 * cut; -1 when a binary changed: the blocks would be wrong, refuse. */
int blocks_say_modules(const struct iol_blocks *bl, const char *trace,
		       int text);
/* The saved cost model into c: 0, or -1 (none; a bad file warned) */
int blocks_cost_load(struct iol_iocost *c);

#endif
