/*
 * I/O per code block, measured (Vidya's "code-block I/O
 * characterization", ../shared/research/VIDYA.md): the calls of a trace
 * with call stacks (strace -k, iolens trace --stacks) laid on the tree
 * of the program's code blocks.  A path from the root is the call path:
 * a function, a loop in it (from its source file), the line that calls
 * the next function or the I/O call itself, that function, and so on.
 * The system's library frames (the C and C++ runtimes, the loader, MPI's
 * libraries, and any shared library without DWARF) are left out of a
 * call path that has frames of the program; a call whose stack has none
 * keeps them.  The program's own shared libraries built with -g keep
 * their frames.  A stack the tracer cut at its depth hangs under the
 * root "[stack cut]", not as a root of its own.
 * Calls without a stack go to the block "[no stack]".  Every block
 * counts the calls below it, so a function's counts include its loops
 * and lines, and the roots' counts add up to the job's.
 *
 * Per block, Vidya's parameters that a run measures, on regular files
 * (as Darshan counts them): P1 trip count (a loop: the calls of its
 * busiest line, the iterations that did I/O), P2 calls, P3 bytes, P4
 * synchronous calls (every read and write a trace shows: nothing here is
 * asynchronous), P7 flushes and syncs, P9 files, P12 random accesses (a
 * transfer that does not start where the process's last one on the
 * file ended), P13 small accesses (transfers under 4 KiB), P14
 * processes; with opens, reads, writes, I/O time, the span from the
 * block's first call to its last and the intensity (I/O time over span,
 * at most 1).  The paper's CIOC score (Table II) is not computed: on
 * seven programs of known I/O its Spearman correlation with the blocks'
 * measured I/O time was -0.36 to -0.92 (man/iolens-blocks.1), so it
 * ranked blocks backwards.
 *
 * Ownership: iol_blocks_build() returns a struct iol_blocks the caller
 * frees with iol_blocks_free(); its strings are its own.
 */
#ifndef IOLENS_BLOCKS_H
#define IOLENS_BLOCKS_H

#include <stddef.h>
#include <stdint.h>

#include "base/error.h"
#include "model/job.h"

enum { IOL_BLOCK_FUNCTION, IOL_BLOCK_LOOP, IOL_BLOCK_LINE };

#define IOL_BLOCK_SMALL 4096 /* P13: a transfer under this many bytes */

/*
 * What is folded, so that the application's blocks are the roots a
 * reader finds first:
 *   LAUNCHER: every call of a launcher's processes (mpirun, mpiexec,
 *     orterun, prterun, srun, hydra_pmi_proxy, prted, orted: frames of
 *     its program, or its threads after them) in one root
 *     "[launcher: NAME]";
 *   LOADER: the loader's and the C start code's frames (ld.so, _start,
 *     __libc_start_main, __libc_start_call_main) around a stack left
 *     out, so main() and the constructors are roots; the calls they make
 *     themselves (ld.so mapping libraries, exit's flush of stdio) in one
 *     root "[loader]";
 *   MPI: MPI_Init, MPI_Init_thread and MPI_Finalize (their PMPI_ and
 *     Fortran names too) one block "[MPI: MPI_Init]" under their caller,
 *     with every call beneath; calls of MPI's libraries with no frame of
 *     the program (the threads MPI started) in one root
 *     "[MPI: library]".
 */
enum { IOL_BFOLD_LAUNCHER = 1, IOL_BFOLD_LOADER = 2, IOL_BFOLD_MPI = 4 };

/* the root of the dynamic loader's own calls (a call in ld.so with
 * nothing of the program's above it: its opens, reads and maps of the
 * libraries), apart from "[loader]"'s exit-time calls, which are the
 * program's (its streams' flushes) */
#define IOL_BLOCK_LDSO "[loader: ld.so]"

struct iol_block {
	int kind;	  /* IOL_BLOCK_* */
	int32_t parent;	  /* index, -1 for a root */
	int depth;	  /* 0 for a root */
	char id[64];	  /* "1.2.3": its place in the tree, children in
			     source order; a path too long for it "#N",
			     N its row */
	const char *func; /* the function, the one the block is in for a
			     loop or line */
	const char *file; /* source file, "" unknown */
	int line;	  /* function: its declaration; loop: its keyword;
			     line: the line; 0 unknown */
	int64_t trip;	  /* P1: loops only, else 0 */
	int64_t calls, opens, reads, writes, syncs, sync_calls;
	int64_t bytes_read, bytes_written;
	int64_t files, random, small, procs;
	/* functions: of procs, those that are no fork of a process running
	 * the same program (iol_event.forked): each a run of it, as MPI
	 * ranks are; 0 for loops and lines */
	int64_t runs;
	double io_time, first, last; /* seconds; first/last: the span */
	double intensity;
	unsigned box; /* IOL_BFOLD_* when it holds what was folded (a
			 launcher's, the loader's, MPI's): after the
			 program's blocks among its siblings; else 0 */
};

/* A binary whose frames the blocks name, when it is not as traced. */
enum {
	IOL_BMOD_CHANGED = 1, /* rebuilt since the trace: functions and lines
				 would be the new binary's, wrong */
	IOL_BMOD_GONE,	      /* not there: frames keep the trace's names,
				 without files or lines */
	IOL_BMOD_NODEBUG,     /* no DWARF (stripped, or built without -g):
				 functions by symbol or address, no lines */
	IOL_BMOD_NEWER	      /* strace -k (no build id): written after the
				 trace, but every frame it named with an
				 offset is the same function at the same
				 offset there (same_frames): a rebuild of
				 the same code, used with a warning */
};
struct iol_bmod {
	const char *path;
	int state; /* IOL_BMOD_* */
	/* IOL_BMOD_CHANGED seen by a name: the function strace -k named
	 * at an address, and the binary's own there now; NULL otherwise */
	const char *traced_func, *now_func;
	/* frames of it strace -k named func+0xOFF that the binary has at
	 * the same function and offset */
	int64_t same_frames;
};

struct iol_blocks {
	struct iol_block *v; /* tree order: a block, then its children */
	size_t n;
	int64_t calls, bytes_read, bytes_written; /* the job's, on files */
	double io_time;
	/* the program's binaries that are not as traced, or have no DWARF
	 * (the system's libraries, left out of paths, are not checked) */
	struct iol_bmod *mods;
	size_t nmods;
	/* stacks the tracer cut at stack_depth frames (iolens trace
	 * --stacks; 0 and 0 unknown): under the root "[stack cut]" */
	int64_t stacks_cut;
	int stack_depth;
	/* source files the binaries name that were not found (read where
	 * --source-map says): the loops in them are no blocks; the first
	 * of them (borrowed: valid until iol_blocks_free) */
	size_t src_missing;
	const char *src_missing_first;
	/* a trace without build ids (strace -k) written this many seconds
	 * after its last call (a copy): a binary rebuilt before then is not
	 * seen by its time, so its lines cannot be checked; 0 none */
	int64_t written_after;
	/* files mapped into memory (mmap): what the program reads or writes
	 * through a mapping is in no call, so in no block's bytes */
	int64_t maps;
	/* their bytes, and those of the shared writable ones (writes
	 * through them reach the file); -1 a size not known */
	int64_t map_bytes, map_wbytes;
	double overhead; /* taken off each call's duration, s: the
			  * options' overhead, or the trace's fastest call
			  * where that is less (overhead_cap()); under
			  * robust, the options' off each group's median */
	/* what was folded into one block each (IOL_BFOLD_*), and the
	 * label of the first launcher's box (borrowed: valid until
	 * iol_blocks_free; NULL none) */
	unsigned folded;
	const char *launcher;
	/* the trace is iolens trace's (LD_PRELOAD): the dynamic loader's
	 * own I/O, the libraries dlopen() loads, is in none of its calls */
	int preload;
	struct iol_blocks_priv *priv;
};

/* a source tree that moved since the build (gdb's substitute-path): a
 * path that starts with from, a whole component of it, is read at to
 * with the rest of it appended */
struct iol_srcmap {
	const char *from, *to;
};

struct iol_blocks_opts {
	/* seconds taken off each call's duration: the tracer's own share
	 * (strace's, measured by iolens replay --calibrate); 0 none */
	double overhead;
	/* where the source files the binaries name are read for their
	 * loops: the first rule that matches (nsrcmap of them, borrowed
	 * for the call); the blocks keep the names the binaries give */
	const struct iol_srcmap *srcmap;
	int nsrcmap;
	/* strace -k (issue 33 D3): each call timed as its group's (same
	 * stack, kind and size class) median duration less overhead, at
	 * least 10 % of that median, not its own duration less overhead:
	 * -T durations hold strace's stops rescheduled on a loaded machine
	 * (a 256 B write 8 us at the median, to 4 ms) */
	int robust;
};

/* "OLD=NEW" (--source-map) into m, split at the first '=' in place (m's
 * strings are arg's): 0, or IOL_EINVAL when either side is empty. */
int iol_srcmap_parse(char *arg, struct iol_srcmap *m);

/* The blocks of job (a trace with stacks: IOL_EUNSUPP when it has none).
 * 0 or IOL_E*. */
int iol_blocks_build(const struct iol_job *job, const struct iol_blocks_opts *o,
		     struct iol_blocks **out, struct iol_error *err);
void iol_blocks_free(struct iol_blocks *b);

/* "function", "loop", "line" */
const char *iol_block_kind_name(int kind);

/* What ranks blocks: I/O time (the default), bytes moved, calls, or none
 * (the tree in source order, as ids number it). */
enum { IOL_BSORT_TIME, IOL_BSORT_BYTES, IOL_BSORT_CALLS, IOL_BSORT_LINE };
/* "time", "bytes", "calls", "line" (blocks --sort): IOL_BSORT_*, or -1 */
int iol_blocks_sort_parse(const char *s);

/* perm[0..n) (n = b->n rows, caller's) the rows of b in tree order with
 * each block's children, and the roots, by key, largest first (ties in
 * source order): a block still comes before its children.  0 or
 * IOL_ENOMEM. */
int iol_blocks_rank(const struct iol_blocks *b, int key, size_t *perm);

/* The rows to show: ranked by key, those deeper than depth (0: all)
 * left out, the first top of them (0: all).  *rows (caller frees) holds
 * *n; *all is how many there were before top.  0 or IOL_ENOMEM. */
int iol_blocks_select(const struct iol_blocks *b, int key, int64_t depth,
		      int64_t top, size_t **rows, size_t *n, size_t *all);

#endif
