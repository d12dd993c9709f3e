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
/* --source-map OLD=NEW (cmd/blocks-common.c, used by blocks and
 * blocks --source): one rule more in *map (*n of them, xrealloc'd; arg
 * split in place); -1 when malformed (said, a usage error) */
int blocks_srcmap_add(struct iol_srcmap **map, int *n, char *arg);
/* --calibrate (cmd/blocks-common.c): 1 when argv asks for it; the run */
int blocks_has_calibrate(int argc, char **argv);
int blocks_calibrate_run(int argc, char **argv);
struct iol_job;
/* The blocks of job built with o, and what is not as traced in their
 * binaries said (text: as the text output, which has the stacks cut in
 * its header): 0, or -1 (said) when they cannot be made or trusted. */
int blocks_build(const struct iol_job *job, const struct iol_blocks_opts *o,
		 int text, struct iol_blocks **bl);
struct iol_iocost;
/* The saved cost model into c: 0, or -1 (none; a bad file warned) */
int blocks_cost_load(struct iol_iocost *c);

#endif
