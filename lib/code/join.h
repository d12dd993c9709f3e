/*
 * The blocks a program's source predicts (code/extract.h) joined to the
 * blocks a trace with stacks measured (analysis/blocks.h), side by side,
 * with how far apart they are; printed by render/view-blocks.c.
 *
 * A predicted block is a function, a loop, a branch or a line of the
 * source; a measured one is the same along one call path.  They meet by
 * kind, function name (without class, namespace, template arguments or
 * parameters: what DWARF and the source both spell), file name (without
 * its directory) and line (a function's: none).  A block reached by
 * several call paths is the sum of its measured blocks, each counted once
 * (a block under another of the same key, recursion, is left out).  A
 * branch, which a trace does not see, is the sum of its blocks, as is a
 * loop the trace's reading of the source did not find (a macro's).
 * Measured blocks of the sources' files that no predicted block has are
 * rows of their own, predicted 0.
 *
 * The source predicts a block per run of its function; the run total is
 * that times the iterations of the loops around it in its function, times
 * the calls of the function over the run: once per process that ran main
 * (an MPI job's ranks) for main, the sum over its call sites of the calls
 * of the caller times the loops around the site for a function the parsed
 * files call, unknown for another (called through a pointer, or by code
 * not given).  A loop of unknown trip count, a size the source does not
 * fix or a recursive call leave the number unknown: it is not guessed.
 *
 * Part of bin/iolens-code.so: the binary calls iol_cjoin_make() and
 * iol_cjoin_free() through the module's table (code/module.h).
 *
 * Ownership: iol_cjoin_make() returns a join the caller frees with
 * iol_cjoin_free(); it borrows the tree, the blocks and the cost model,
 * which must outlive it.
 */
#ifndef IOLENS_CODE_JOIN_H
#define IOLENS_CODE_JOIN_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/blocks.h"
#include "analysis/iocost.h"
#include "code/extract.h"

/* the predicted counters compared, in this order */
enum {
	IOL_JP_CALLS,
	IOL_JP_OPENS,
	IOL_JP_READS,
	IOL_JP_WRITES,
	IOL_JP_SYNCS,
	IOL_JP_BR,
	IOL_JP_BW,
	IOL_JP_N
};

struct iol_cjrow {
	const struct iol_cblock *pb; /* NULL: measured, not predicted */
	const char *id, *kind, *func, *file;
	int line;
	/* measured, over its blocks */
	int nm;
	int64_t mtrip, mcalls, mopens, mreads, mwrites, msyncs, mbr, mbw;
	int64_t mfiles;
	int64_t mrandom, msmall, mprocs; /* P12, P13, processes (the most
					  * of a block: they do not add up) */
	double mtime, mfirst, mlast;
	/* predicted over the run; known[k] 0 when not a number */
	int64_t pv[IOL_JP_N];
	unsigned char known[IOL_JP_N];
	int64_t ptrip;	 /* loops: iterations over the run, -1 unknown */
	int64_t psys[2]; /* read(2), write(2) calls over the run, -1
			  * unknown (iol_cpred_sys_times) */
	int64_t pstat;	 /* glibc's fstat(2) of streams' first uses over
			  * the run, -1 unknown (iol_cpred_bstat_times) */
	int64_t psflush; /* of pv's syncs, a stream's flushes summed over
			  * the function's call sites, -1: the block's
			  * own share (IOL_CP_SFLUSH) */
	/* buffered stdio whose system calls are known: pv's calls, reads,
	 * writes and syncs are the system calls a trace counts, and its
	 * bytes the library calls', which the kernel sees at the flushes
	 * (so bytes apart from the measured do not make it differ) */
	unsigned char sysview;
	int64_t iters; /* a loop of unknown trip count: iterations the
			* run implies, -1 none */
	double ptime;  /* predicted I/O time, s; NAN unknown or no model */
};

/* how well the prediction did over the rows */
struct iol_cjacc {
	size_t rows, compared, exact, calls_exact, unknown, not_predicted;
	double dcalls, mcalls, dbytes, mbytes;
	/* of compared, buffered stdio's rows (sysview): their predicted
	 * bytes are the library calls', the kernel's land at the flushes,
	 * so they are not in dbytes and mbytes (issue 33 D8) */
	size_t lib_bytes;
	/* Spearman's rank correlation of predicted and measured I/O time
	 * over the nrank rows that have both; NAN none, or fewer than 5 (a
	 * rank correlation of 2 is always +-1) */
	double rho;
	size_t nrank;
};

struct iol_cjoin {
	const struct iol_ctree *t;
	const struct iol_blocks *bl;
	const struct iol_iocost *cost; /* NULL: no model */
	int64_t nmain;		       /* processes that ran main */
	struct iol_cjrow *rows;	       /* t->nblocks predicted (by rank), then
					* measured only */
	size_t n, np;
	struct iol_cjacc acc;
	char **strs; /* names made here */
	size_t nstrs, capstrs;
	int oom; /* memory ran out while making it */
	/* the caller's: the measured times hold a tracer's own time that
	 * was not measured (strace -T, not calibrated), so no ranking of
	 * predicted against measured time is said */
	int times_raw;
	/* blocks with MPI-IO, HDF5 or PnetCDF calls whose predicted time
	 * is a lower bound: each call costed as the POSIX call it makes */
	size_t lower_lib;
	/* blocks with MPI-IO, HDF5 or PnetCDF calls, whose calls are not
	 * compared: the library's own system calls are not the program's */
	size_t lib_calls;
};

/* The join of t and bl (the measured blocks of the sources' nfiles
 * files), with predicted times under cost (NULL: none).  0 or
 * IOL_ENOMEM. */
int iol_cjoin_make(const struct iol_ctree *t, const struct iol_blocks *bl,
		   const struct iol_iocost *cost, const char *const *files,
		   int nfiles, struct iol_cjoin **out, struct iol_error *err);
void iol_cjoin_free(struct iol_cjoin *j);

enum {
	IOL_JS_EXACT,
	IOL_JS_CALLS_EXACT,
	IOL_JS_DIFFERS,
	IOL_JS_UNKNOWN,
	IOL_JS_NOT_PREDICTED,
	/* measured no more calls than a switch's arm on a value not known
	 * makes if it runs (iol_cblock.upto): within its bound */
	IOL_JS_UP_TO
};

/* b is in a switch's arm whose value is not known (iol_cblock.upto) */
static inline int iol_cblock_upto(const struct iol_cblock *b)
{
	for (; b && b->kind != IOL_CB_FUNCTION; b = b->parent)
		if (b->upto)
			return 1;
	return 0;
}

/* b is one of t's blocks with I/O (ranked) */
static inline int iol_ctree_has(const struct iol_ctree *t,
				const struct iol_cblock *b)
{
	return b && b->rank < t->nblocks && t->ranked[b->rank] == b;
}

static inline int iol_cjrow_bytes_known(const struct iol_cjrow *r)
{
	return r->known[IOL_JP_BR] && r->known[IOL_JP_BW];
}

static inline int64_t iol_cjrow_pbytes(const struct iol_cjrow *r)
{
	int64_t a = r->pv[IOL_JP_BR], b = r->pv[IOL_JP_BW];

	return a > INT64_MAX - b ? INT64_MAX : a + b;
}

/* IOL_JS_* */
static inline int iol_cjrow_status(const struct iol_cjrow *r)
{
	if (!r->pb)
		return IOL_JS_NOT_PREDICTED;
	if (!r->known[IOL_JP_CALLS])
		return IOL_JS_UNKNOWN;
	if (r->pv[IOL_JP_CALLS] != r->mcalls)
		return r->mcalls < r->pv[IOL_JP_CALLS] && iol_cblock_upto(r->pb)
			       ? IOL_JS_UP_TO
			       : IOL_JS_DIFFERS;
	if (!iol_cjrow_bytes_known(r))
		return IOL_JS_CALLS_EXACT;
	if (iol_cjrow_pbytes(r) == r->mbr + r->mbw)
		return IOL_JS_EXACT;
	return r->sysview ? IOL_JS_CALLS_EXACT : IOL_JS_DIFFERS;
}

/* a prediction's counter k is a number: no loop of unknown trip count,
 * no unknown size, no call cut by recursion */
static inline int iol_cpred_exact(const struct iol_cpred *p, enum iol_cpk k)
{
	if (p->recursive || p->opaque || p->per[k])
		return 0;
	if (k == IOL_CP_BYTES_READ)
		return !p->fixed[IOL_CP_UNSIZED_R] && !p->per[IOL_CP_UNSIZED_R];
	if (k == IOL_CP_BYTES_WRITTEN)
		return !p->fixed[IOL_CP_UNSIZED_W] && !p->per[IOL_CP_UNSIZED_W];
	if (k == IOL_CP_FILES)
		return !p->per[IOL_CP_FILES];
	return 1;
}

#endif
