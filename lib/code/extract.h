/*
 * The source extractor (Vidya's static half): C and C++ files parsed with
 * libclang into a tree of code blocks (function -> loop -> branch -> line)
 * holding the I/O calls found in them (POSIX, stdio, MPI-IO, HDF5,
 * PnetCDF names), with loop trip counts where they are constants, calls
 * under a condition (Vidya's P5) and sizes where they are constants.  The
 * calls and bytes of each block are predicted by propagating up the tree:
 * a loop multiplies its body by its trip count, a call to a function of
 * the parsed files adds that function's prediction, and the arms of one
 * `if` are alternatives (the larger arm counts: an upper bound).
 *
 * libclang is heavy (about 30 MB of LLVM), so lib/code is not part of
 * libiolens: it is built into its own module, bin/iolens-code.so, which
 * the binary loads with dlopen() only for `iolens blocks --source`
 * (lib/code/module.h, lib/code/host.c).  It uses lib/base only.
 *
 * Ownership: iol_ctree_extract() returns a tree the caller frees with
 * iol_ctree_free(); every block, call and string in it lives as long as
 * the tree (one arena).
 */
#ifndef IOLENS_CODE_EXTRACT_H
#define IOLENS_CODE_EXTRACT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "base/arena.h"
#include "base/error.h"

enum iol_cblock_kind {
	IOL_CB_FUNCTION,
	IOL_CB_LOOP,
	IOL_CB_BRANCH,
	IOL_CB_LINE,
};

/* the API family of an I/O call; IOL_CAPI_USER: a call to a function
 * defined in the parsed files, which carries that function's I/O */
enum iol_capi {
	IOL_CAPI_USER,
	IOL_CAPI_POSIX,
	IOL_CAPI_STDIO,
	IOL_CAPI_MPIIO,
	IOL_CAPI_HDF5,
	IOL_CAPI_PNETCDF,
};

enum iol_cop {
	IOL_COP_CALL, /* a user function (IOL_CAPI_USER) */
	IOL_COP_OPEN,
	IOL_COP_CLOSE,
	IOL_COP_READ,
	IOL_COP_WRITE,
	IOL_COP_SYNC, /* fsync, fflush, MPI_File_sync, H5Fflush (P7) */
	IOL_COP_SEEK,
	IOL_COP_META, /* stat, unlink, set_view, create a dataset ... */
	IOL_COP_LIB,  /* MPI_Init, MPI_Finalize: the library's own I/O,
		       * which the source does not say (unknown); with
		       * IOL_CAPI_USER, a call through a pointer */
};

/* the counters predicted for a block, indexed by enum iol_cpk */
enum iol_cpk {
	IOL_CP_CALLS,
	IOL_CP_OPENS,
	IOL_CP_READS,
	IOL_CP_WRITES,
	IOL_CP_SYNCS,
	IOL_CP_BYTES_READ,
	IOL_CP_BYTES_WRITTEN,
	IOL_CP_FILES,	    /* opens of a name that is not a constant */
	IOL_CP_FILES_LIT,   /* opens of a constant name: not multiplied by
			     * loops, the same file opened again */
	IOL_CP_UNSIZED_R,   /* reads of no constant size (bytes unknown) */
	IOL_CP_UNSIZED_W,   /* writes of no constant size */
	IOL_CP_CONDITIONAL, /* calls under a condition (P5), counted taken */
	IOL_CP_SEEKS,	    /* seeks and positioned calls (P12's sign) */
	/* the system calls the block's reads and writes make: */
	IOL_CP_SYS_R,	  /* POSIX reads, unbuffered stdio reads: one each */
	IOL_CP_SYS_W,	  /* the same, writes */
	IOL_CP_BUF_R,	  /* buffered stdio reads, in IOL_CSYS_UNIT-ths of
			   * a read(2): their bytes over the buffer size */
	IOL_CP_BUF_W,	  /* a C++ stream's flush: one write(2) */
	IOL_CP_SYS_UNK_R, /* reads whose system calls are not known (a size
			   * or buffer the source does not fix, MPI-IO) */
	IOL_CP_SYS_UNK_W,
	IOL_CP_FBUF_W,	 /* buffered writes of a stream (a FILE * or a C++
			  * file stream), in units: rounded down, as what is
			  * left goes out at its flush or close (IOL_CP_SYS_W
			  * there), or at exit */
	IOL_CP_SFLUSH,	 /* of IOL_CP_SYNCS, flushes of a stream's buffer
			  * (fflush, std::endl): a write(2), not an fsync */
	IOL_CP_LEAKS,	 /* FILE * streams a function opened and left written
			  * and open at its end, through the calls: exit()
			  * flushes them, a write(2) each, in no block of
			  * theirs (not calls of this block) */
	IOL_CP_BUFFERED, /* buffered stdio calls (reads, writes, flushes):
			  * the block says their system calls, even where
			  * a flush's rest cancels its run's shares in
			  * IOL_CP_FBUF_W */
	IOL_CP_CREATES,	 /* of IOL_CP_OPENS, opens that make their file (the
			  * source says O_CREAT with O_TRUNC or O_EXCL,
			  * creat, fopen "w" or "x", an ofstream): costed
			  * as creates */
	IOL_CP_ONCE_W,	 /* a C stdio flush in more loop runs than units
			  * (once_m): its one write(2) over them, less the
			  * rest of its run, in IOL_CSYS_UNIT-ths of a unit
			  * a run, rounded up (added to IOL_CP_FBUF_W's units
			  * over the runs) */
	/* of the counters above, MPI-IO's (timed by their own costs, not
	 * POSIX's): opens, calls other than opens, reads, writes and
	 * syncs, reads, writes, and their bytes */
	IOL_CP_MPI_OPENS,
	IOL_CP_MPI_OTHERS,
	IOL_CP_MPI_R,
	IOL_CP_MPI_W,
	IOL_CP_MPI_BR,
	IOL_CP_MPI_BW,
	/* of IOL_CP_SYS_UNK_R and _W, the reads and writes of MPI-IO, HDF5
	 * or PnetCDF: their library's system calls, not the program's,
	 * costed as the POSIX calls they make at least */
	IOL_CP_LIB_UNK_R,
	IOL_CP_LIB_UNK_W,
	IOL_CP_CLOSES, /* of IOL_CP_CALLS, closes (close, fclose) in the
			* function's own lines, not its callees': after a
			* truncating open of its, a rerun's costlier close */
	IOL_CP_SMALL,  /* reads and writes of a known size under 4 KiB (the
			* measured blocks' P13 "small") */
	/* of IOL_CP_CALLS, unlinks: the cost model's own cost, not the
	 * other calls' */
	IOL_CP_UNLINKS,
	/* of IOL_CP_CREATES, opens of a file their function unlinks (a
	 * scratch file): a rerun finds none, a create, not a truncation */
	IOL_CP_SCRATCH,
	IOL_CP_BSTAT, /* glibc's fstat(2) at a FILE *'s first read or write,
		       * sizing the buffer it then allocates, in
		       * IOL_CSYS_UNIT-ths of a call (a bstat_m-th a run
		       * of the call, iol_ccall.bstat_m) */
	/* of IOL_CP_CLOSES, those whose descriptor or stream the source
	 * ties to an open of the function (iol_ccall.tclose 1 or 2) */
	IOL_CP_KCLOSES,
	/* closes of the descriptor a truncating open returned (tclose 1):
	 * a rerun's costlier close, the callees' counted too (issue 33
	 * D4, D10) */
	IOL_CP_TCLOSES,
	IOL_CP_N
};

/* the function the prediction of exit()'s flushes is in: the name of
 * the root a trace folds the loader's and exit's calls into */
#define IOL_CEXIT_ROOT "[loader]"

/* IOL_CP_BUF_R and _W count a system call as this many units */
#define IOL_CSYS_UNIT (1 << 20)
/* a stdio stream's buffer when nothing says otherwise: glibc's, the
 * file's st_blksize, 4096 on the common file systems; a C++ file
 * stream's, libstdc++'s BUFSIZ */
#define IOL_CBUF_STDIO 4096
#define IOL_CBUF_CXX 8192
/* a C++ file stream's write of this many bytes or more goes out at once
 * (libstdc++'s filebuf::xsputn: one writev(2) of the buffer and the
 * data), leaving the buffer empty */
#define IOL_CCXX_CHUNK 1024

/*
 * A prediction: fixed[k] is exact when per[k] is 0; per[k] is what each
 * iteration of loops with no constant trip count adds (those loops run an
 * unknown number of times, perhaps none).  Sums saturate at INT64_MAX.
 */
struct iol_cpred {
	int64_t fixed[IOL_CP_N];
	int64_t per[IOL_CP_N];
	int recursive; /* a call in a cycle of functions was not counted */
	int opaque;    /* a call does I/O the source does not say: its
			* calls and bytes, and the totals, unknown; bit
			* IOL_COPAQUE_MPI its library's own (MPI_Init),
			* IOL_COPAQUE_PTR a call through a pointer,
			* IOL_COPAQUE_NOBODY a function without a body */
};

#define IOL_COPAQUE_MPI 1
#define IOL_COPAQUE_PTR 2
#define IOL_COPAQUE_NOBODY 4
/* the name of a call through a pointer to a function (IOL_COP_LIB of
 * IOL_CAPI_USER): which function it calls the source does not fix */
#define IOL_CPTR_CALL "(call through a pointer)"

struct iol_cblock;

/* a constant a call gives a field of a struct it passes (cfg.n = 32
 * before write_all(&cfg, fd), or a const struct's initializer): the
 * field's path in the struct ("n", "io.n") and its value */
struct iol_cfield {
	const char *path;
	int64_t v;
	struct iol_cfield *next;
};

#define IOL_CARGS 16	       /* arguments followed into a function */
#define IOL_CUNKNOWN INT64_MIN /* a value the source does not fix */

/* one call site */
struct iol_ccall {
	const char *name; /* the called function */
	enum iol_capi api;
	enum iol_cop op;
	unsigned line, col;
	int64_t size; /* bytes a call moves; -1: not constant */
	/* or size_mul times the value of the enclosing function's parameter
	 * size_param (-1: none), known where a call passes a constant */
	int size_param;
	int64_t size_mul;
	/* the size is the field size_field (a path, iol_cfield) of the
	 * struct parameter size_param points to or is (NULL: the parameter
	 * itself) */
	const char *size_field;
	/* and sizeof the template type parameter size_tparam (its name;
	 * NULL none) of the function's template or its class's: `sizeof(T)
	 * * n` in writer<T>::put, known where a call names T (tsizes) */
	const char *size_tparam;
	/* IOL_COP_CALL of a template's specialization: sizeof each type
	 * argument, by its parameter's name (path), NULL none */
	struct iol_cfield *tsizes;
	const char *path; /* opens: the name when constant, else NULL */
	/* opens and unlink: the variable the path is (its USR), NULL
	 * another expression (unlink: or its constant path); scratch: an open
	 * that makes its file whose path (variable or constant) its function
	 * also unlinks (a rerun finds no file there, issue 33 D4) */
	const char *path_var;
	int scratch;
	/* opens: the variable their descriptor or stream is stored in;
	 * closes: the variable they close (USRs; NULL not a variable).
	 * tclose, of a close: 1 it closes what an open making its file
	 * (not scratch) returned, 2 another open's, 0 not told */
	const char *fd_var;
	int tclose;
	const struct iol_cblock *callee; /* IOL_COP_CALL: the function */
	/* IOL_COP_CALL: per argument (at most IOL_CARGS), its constant value
	 * (IOL_CUNKNOWN: none) or the caller's own parameter it passes on
	 * (argp, -1: none) */
	int nargs;
	int64_t *argk;
	int *argp;
	/* per argument passing on a parameter (argp): argop 0 the value
	 * itself, else `p OP argx` ('+' '-' '*' '/'; 'm' argx - p): put(b,
	 * n / 2) passes half its caller's n */
	char *argop;
	int64_t *argx;
	/* bit i: argk[i] is an assumption (--assume), which the caller's own
	 * binding of argp[i], when known, overrides */
	unsigned arg_assumed;
	/* per argument (NULL: none), the fields of the struct it passes
	 * (&cfg, cfg) whose values the caller fixes */
	struct iol_cfield **argf;
	/* per argument (argfpath NULL: none), a field of the caller's own
	 * struct parameter argfp[i] it passes on, argfpath[i] its path
	 * (put(s, s->bs) in a helper given s: the caller's caller's
	 * s.bs = 4096 is put's size) */
	int *argfp;
	const char **argfpath;
	int assumed; /* size is, or rests on, an assumption */
	/* stdio reads, writes and flushes: the stream's buffer in bytes, 0
	 * unbuffered (setvbuf _IONBF, setbuf NULL), -1 not known (line
	 * buffered, a size the source does not fix) */
	int64_t bufsize;
	/* IOL_COP_CALL: the callee runs with a stack of its own, its I/O
	 * counted here: 1 a thread's start routine (pthread_create,
	 * std::thread), 2 a function atexit() registers (run by exit()) */
	int thread;
	/* a C++ file stream's write or read (cxx), and its close or destructor
	 * (flushes: written since its last flush, one write(2) of what is
	 * left; a C stdio write: its stream held something before it);
	 * dtor: the close its destructor makes at the end of the
	 * variable's scope */
	int cxx, flushes, dtor;
	/* IOL_COP_LIB of IOL_CAPI_USER: a call of the program's own
	 * function (declared in a given file or a header of the project's)
	 * whose body is in none of the given files, its I/O unknown */
	int nobody;
	/* a C stdio call (a FILE *): its fflush, like a close, writes what
	 * is left only when flushes says it was written since */
	int cfile;
	/* stdio calls whose stream has no setvbuf in the function: the
	 * function's parameter it is (stream_param, -1 none) or the global
	 * variable's USR (stream_usr, NULL none), for the buffer a setvbuf
	 * elsewhere gives it; user calls: per argument, the buffer its
	 * stream has at the call (argbuf, IOL_CUNKNOWN: no setvbuf seen) */
	int stream_param;
	const char *stream_usr;
	int64_t *argbuf;
	/* a C stdio flush or close of a stream written since (flushes):
	 * the nrun writes of its run, since the stream's open or last
	 * flush in the function, each runmul times for one flush (the
	 * loops around it that are not around the flush); run NULL: not
	 * known (a stream not opened here, given to a function, or in a
	 * loop of unknown count) */
	struct iol_ccall **run;
	int64_t *runmul;
	int nrun;
	/* per write of the run: a call of a function that only writes the
	 * stream, the argument the stream is (its writes of that one
	 * alone count), else -1 */
	int *runarg;
	/* exit()'s flush: one write(2) for each stream leaks_of leaves
	 * open (its IOL_CP_LEAKS), not one; lk_fixed and lk_per those
	 * counts where the call is in leaks_of itself (lk_known: set after
	 * a first prediction) */
	const struct iol_cblock *leaks_of;
	int64_t lk_fixed, lk_per;
	int lk_known;
	/* a C stdio flush whose run's writes are all in one block below
	 * the innermost block around them and the flush: what the run
	 * leaves in the buffer is taken off there, a rest_n-th a run of
	 * that block (glibc sends a buffer the run fills exactly at the
	 * flush, not at the writes), by the block's rests list */
	struct iol_cblock *rest_at;
	int64_t rest_n;
	struct iol_ccall *rest_next;
	/* a C stdio flush in loops that do not write its stream: only the
	 * first of its once_m runs there finds the buffer written (a
	 * fflush of an empty buffer makes no system call), so each counts
	 * a once_m-th of a write(2), in units (0, 1: every run) */
	int64_t once_m;
	/* a C stdio read or write, its stream's first use after the fopen
	 * of the same function with no setvbuf or setbuf before: glibc
	 * allocates the buffer there, after an fstat(2) of the file
	 * (IOL_CP_BSTAT); once for the bstat_m runs the call makes in the
	 * loops between the fopen and it (0: none, or a loop of unknown
	 * count between them) */
	int64_t bstat_m;
	/* bstat_m of the first use of parameter q's stream (bit q): counted
	 * where a call gives a stream its caller opened and has not used,
	 * with no setvbuf buffer (argbstat) */
	unsigned bstat_if;
	/* a C stdio flush of a parameter not written in the function: bit
	 * q, parameter q was flushed here and not written since, so when
	 * a call gives both the same stream, the buffer is empty */
	unsigned clean_params;
	/* IOL_COP_OPEN: it makes its file (IOL_CP_CREATES) */
	int creates;
	/* a C stdio write of parameter q's stream (bit q), the function's
	 * first use of it and in no loop of it: when a call gives it a
	 * stream its caller opened and has not used (argfresh), glibc has
	 * no buffer yet to fill and send first (the flushes it was taken
	 * to make) */
	unsigned fresh_if;
	/* IOL_COP_CALL: bit i, argument i is a FILE * the caller opened
	 * and has not used since, in the same loop (argbstat: of those,
	 * the ones no setvbuf or setbuf gave a buffer) */
	unsigned argfresh, argbstat;
	/* exitw: exit()'s write(2) of a parameter's stream (clean_params
	 * the parameters whose write(2) it makes before); empty: every
	 * call gives the stream as one of clean_params', so the buffer is
	 * empty here (no system call) */
	int exitw, empty;
	/* a write(2) of an exit()'s flush whose bytes are the stream's,
	 * counted at the library calls (size 0): buffered stdio's, whose
	 * bytes a join does not compare with the kernel's */
	int exit_buffered;
	/* IOL_COP_CALL: per argument, bit j when argument j is the same
	 * FILE * variable (f(out, out)) */
	unsigned *argsame;
	/* IOL_COP_CALL: what the caller's writes left in the buffers of
	 * streams it gives a function that only writes them, by flushes of
	 * no line (carry->next the next): their rests, taken off the
	 * blocks of those writes (rest_at), go to the call, whose writes
	 * start from them (the first that fills a buffer is the call's) */
	struct iol_ccall *carry;
	struct iol_ccall *next;
};

struct iol_cblock {
	enum iol_cblock_kind kind;
	const char *function; /* the enclosing function (its own name for
			       * a function block) */
	const char *file;     /* as given to the parser */
	unsigned line;
	const char *id; /* "function:line:line...": the path of lines */
	int64_t trip;	/* loops: constant trip count, or -1 */
	/* loops `for (i = a; i OP p; i += s)` with p a parameter of the
	 * function (trip_param, -1: none): the count where p is known */
	int trip_param;
	int64_t trip_a, trip_s;
	const char *trip_op;
	/* the bound is field trip_field of the struct parameter trip_param
	 * points to or is (`i < cfg->n`; NULL: the parameter itself) */
	const char *trip_field;
	int assumed;	 /* loops: trip rests on an assumption */
	int conditional; /* under a branch of its function */
	unsigned alt;	 /* branches: arms of one `if` share it (not 0) */
	/* branches: the arm runs when the function's parameter cond_param
	 * (-1: none) cond_op cond_k holds (cond_neg: when it does not, the
	 * else arm), decided where a call fixes the parameter */
	int cond_param, cond_neg;
	const char *cond_op; /* == != < <= > >= */
	int64_t cond_k;
	/* branches directly in a loop of constant trip count whose
	 * condition is on the loop's counter (`if (i % 2)`): the loop's
	 * iterations that run the arm, -1 not known (then the arm counts
	 * for every iteration, the larger arm of an `if`) */
	int64_t iv_runs;
	/* the arms of a switch, one a run of statements from a case or
	 * default label (alt shared): falls, it falls through into the next
	 * arm; upto, the value switched on is not known, so the arm's calls
	 * are what it makes if it runs, and the switch counts its largest
	 * entry (an upper bound); with cond_op "case", the arm runs when
	 * cond_param is one of the ncases values cases (reached through
	 * falls too), or when case_dflt and it is none of case_all's */
	int falls, upto, case_dflt;
	const int64_t *cases, *case_all;
	int ncases, ncase_all;
	struct iol_ccall *calls; /* line blocks: the calls on the line */
	struct iol_cpred pred;	 /* this block's prediction, children in */
	struct iol_cblock *parent, *first, *last, *next;
	size_t rank;	/* 0-based place in iol_ctree.ranked */
	int mark;	/* the extractor's own (propagation state) */
	int binds;	/* functions: 0 not known yet, 1 its I/O depends on
			 * no parameter, 2 it does (a size, a loop bound) */
	int addr;	/* functions: its address is taken (fp = f, a table
			 * of them), so a pointer may call it: its calls over
			 * a run are not its call sites' */
	int at_exit;	/* functions: __attribute__((destructor)) or
			 * constructor: the C runtime calls it once a
			 * process, as it does main */
	unsigned leaks; /* functions: FILE * variables of its own it leaves
			 * written and open at its end (IOL_CP_LEAKS) */
	/* flushes whose run's rest is taken off here (iol_ccall.rest_at) */
	struct iol_ccall *rests;
};

/* a parse problem of one file */
struct iol_cdiag {
	const char *file;
	int errors;	   /* diagnostics of severity error or fatal */
	const char *first; /* the first of them, formatted by libclang */
	/* where its compiler arguments came from: the directory of the
	 * compile_commands.json that listed it, or NULL (given, or none) */
	const char *ccdb;
	int given; /* the caller gave arguments */
	struct iol_cdiag *next;
};

/*
 * A run-time value the caller supplies (--assume NAME=VALUE): a variable
 * or parameter named name whose value the source does not fix is taken as
 * value in trip counts and sizes.  A parameter a caller fixes keeps the
 * caller's value.  In a tree, uses counts the trip counts, sizes and
 * arguments it gave.
 */
struct iol_cassume {
	const char *name;
	int64_t value;
	unsigned uses;
};

/* what iol_ctree_extract() is asked: compiler arguments and assumptions
 * (both may be empty; arrays borrowed for the call only) */
struct iol_cextract_opts {
	const char *const *args; /* -I, -D, -std ...; NULL when nargs is 0 */
	int nargs;
	const struct iol_cassume *assume; /* NULL when nassume is 0 */
	int nassume;
};

struct iol_ctree {
	struct iol_arena arena;
	struct iol_cassume *assumed; /* copies of the options' assumptions,
				      * uses counted (nassumed of them) */
	int nassumed;
	struct iol_cblock *funcs;   /* functions with I/O, by `next` */
	struct iol_cblock **ranked; /* every block, most predicted I/O first */
	size_t nblocks;
	struct iol_cdiag *diags; /* files that parsed with errors */
	/* the program's own functions called but defined in no given file
	 * (nnobody of them, each once): their I/O is unknown */
	const char **nobody;
	int nnobody;
	/* exit()'s flush of what functions left open, at a line of main's
	 * or of a function main calls that exits (NULL: none) */
	struct iol_ccall *exit_leak;
};

/*
 * Parse files (C, or C++ by extension: .cc .cpp .cxx .C .hpp ...) with
 * the compiler arguments opts->args (none: each file's from the build's
 * compile_commands.json, code/ccdb.h, when one lists it), and build and
 * predict the block tree of the functions defined in them, taking
 * opts->assume's values where the source fixes none (opts may be NULL:
 * no arguments, no assumptions).  A file that parses with errors is kept (what
 * parsed is used) and listed in diags.  Returns 0 with *out set, or IOL_EIO (a
 * file that cannot be read), IOL_ECORRUPT (libclang could not parse a file at
 * all), IOL_ENOMEM, IOL_EINVAL, with err filled.
 */
int iol_ctree_extract(const char *const *files, int nfiles,
		      const struct iol_cextract_opts *opts,
		      struct iol_ctree **out, struct iol_error *err);
/* The iterations of `for (i = a; i OP b; i += s)`, or -1 when they are
 * not a count (OP one of < <= > >= !=). */
int64_t iol_ctrip_count(int64_t a, const char *op, int64_t b, int64_t s);
/* The value call cc gives its callee's parameter p (field: its field
 * of that path, NULL the parameter itself), IOL_CUNKNOWN when the call
 * does not fix it. */
static inline int64_t iol_ccall_argval(const struct iol_ccall *cc, int p,
				       const char *field)
{
	const struct iol_cfield *f;

	if (!cc || p < 0 || p >= cc->nargs)
		return IOL_CUNKNOWN;
	if (!field)
		return cc->argk ? cc->argk[p] : IOL_CUNKNOWN;
	for (f = cc->argf ? cc->argf[p] : NULL; f; f = f->next)
		if (!strcmp(f->path, field))
			return f->v;
	return IOL_CUNKNOWN;
}
/* Free the tree (NULL is fine). */
void iol_ctree_free(struct iol_ctree *t);

/*
 * The read(2) (read nonzero) or write(2) calls a block's prediction
 * makes when the block runs times times, -1 when not known: POSIX calls
 * one each, unbuffered stdio one a call, buffered stdio its bytes over
 * its buffer, rounded up over all the runs (a call larger than the
 * buffer one of its own, a flush one).  Saturates at INT64_MAX.
 */
static inline int64_t iol_cpred_sys_times(const struct iol_cpred *p, int read,
					  int64_t times)
{
	enum iol_cpk sys = read ? IOL_CP_SYS_R : IOL_CP_SYS_W;
	enum iol_cpk buf = read ? IOL_CP_BUF_R : IOL_CP_BUF_W;
	enum iol_cpk unk = read ? IOL_CP_SYS_UNK_R : IOL_CP_SYS_UNK_W;
	int64_t n, u = p->fixed[buf], s = p->fixed[sys];
	int64_t f = read ? 0 : p->fixed[IOL_CP_FBUF_W];
	int64_t o = read ? 0 : p->fixed[IOL_CP_ONCE_W];

	if (p->recursive || p->opaque || p->per[sys] || p->per[buf] ||
	    p->per[unk] || p->fixed[unk] || (!read && p->per[IOL_CP_FBUF_W]) ||
	    (!read && p->per[IOL_CP_ONCE_W]) || times < 0)
		return -1;
	if (times && (u > INT64_MAX / times || s > INT64_MAX / times ||
		      f > INT64_MAX / times || o > INT64_MAX / times ||
		      o < -(INT64_MAX / times)))
		return INT64_MAX;
	u *= times;
	s *= times;
	f *= times;
	/* the finer shares, in units (rounded toward zero) */
	o = o * times / IOL_CSYS_UNIT;
	if ((o > 0 && f > INT64_MAX - o) || (o < 0 && f < INT64_MIN - o))
		return INT64_MAX;
	f += o;
	/* f is less than 0 where flushes outnumber what was written */
	n = u / IOL_CSYS_UNIT + (u % IOL_CSYS_UNIT != 0) +
	    (f > 0 ? f / IOL_CSYS_UNIT : 0);
	return s > INT64_MAX - n ? INT64_MAX : s + n;
}

/* The fstat(2) glibc makes sizing a stream's buffer (IOL_CP_BSTAT) when
 * the block runs times times: the units rounded down (each first use
 * counts its share of one over the runs between its fopen and it), -1
 * when not known */
static inline int64_t iol_cpred_bstat_times(const struct iol_cpred *p,
					    int64_t times)
{
	int64_t u = p->fixed[IOL_CP_BSTAT];

	if (p->per[IOL_CP_BSTAT] || times < 0)
		return -1;
	if (times && u > INT64_MAX / times)
		return INT64_MAX / IOL_CSYS_UNIT;
	return u * times / IOL_CSYS_UNIT;
}

/* iol_cpred_sys_times() of one run */
static inline int64_t iol_cpred_sys(const struct iol_cpred *p, int read)
{
	return iol_cpred_sys_times(p, read, 1);
}

/*
 * A program run again in its directory finds the files its opens make
 * (O_CREAT|O_TRUNC, creat, fopen "w") holding what it wrote to them the
 * last time: such an open truncates them, and the close after writing
 * them again starts their writeback (ext4's auto_da_alloc).  Which file
 * a write goes to the source does not say: the bytes b's function writes
 * (each loop of unknown trip count once), shared evenly over its opens
 * that make their file, stand for what each truncates (*bytes).  A close
 * the source ties to a truncating open's descriptor (IOL_CP_TCLOSES)
 * follows one; of the closes it cannot tie (a descriptor not stored in a
 * variable, or stored by no open of the function), *closes (0 to 1) is
 * the share that follows one of the truncating opens left over (a
 * callee's close of a file its caller opened costs a close).  0 when the
 * function makes no file, else 1.
 */
static inline int64_t iol_cpred_sum_sat(const struct iol_cpred *p,
					enum iol_cpk k)
{
	return p->per[k] > INT64_MAX - p->fixed[k] ? INT64_MAX
						   : p->fixed[k] + p->per[k];
}

static inline int iol_cblock_rerun(const struct iol_cblock *b, int64_t *bytes,
				   double *closes)
{
	const struct iol_cpred *p;
	int64_t c, w, cl, tc;

	/* a line of one call of the program's own function (a thread's
	 * pthread_create) costs what the function does (issue 33 D10) */
	if (b->kind == IOL_CB_LINE && b->calls && !b->calls->next &&
	    b->calls->op == IOL_COP_CALL && b->calls->callee)
		b = b->calls->callee;
	while (b->parent && b->kind != IOL_CB_FUNCTION)
		b = b->parent;
	p = &b->pred;
	/* saturating: a loop of unknown trip count's per may be INT64_MAX */
	c = iol_cpred_sum_sat(p, IOL_CP_CREATES);
	/* scratch files are not there to truncate */
	if (c < INT64_MAX)
		c -= p->fixed[IOL_CP_SCRATCH] >
				     INT64_MAX - p->per[IOL_CP_SCRATCH]
			     ? c
			     : p->fixed[IOL_CP_SCRATCH] +
				       p->per[IOL_CP_SCRATCH];
	w = iol_cpred_sum_sat(p, IOL_CP_BYTES_WRITTEN);
	cl = iol_cpred_sum_sat(p, IOL_CP_CLOSES);
	cl = cl < INT64_MAX ? cl - iol_cpred_sum_sat(p, IOL_CP_KCLOSES) : cl;
	tc = iol_cpred_sum_sat(p, IOL_CP_TCLOSES);
	if (c <= 0)
		return 0;
	*bytes = w > 0 ? w / c : 0;
	c = c < INT64_MAX && tc < c ? c - tc : c < INT64_MAX ? 0 : c;
	*closes = cl > c ? (double)c / (double)cl : 1.0;
	return 1;
}

/* "function", "loop", "branch", "line" (static: the binary, which does
 * not link the module, names kinds too) */
static inline const char *iol_cblock_kind_name(enum iol_cblock_kind k)
{
	static const char *const n[] = {"function", "loop", "branch", "line"};

	return (unsigned)k < 4 ? n[k] : "?";
}

/* "user", "POSIX", "stdio", "MPI-IO", "HDF5", "PnetCDF" */
static inline const char *iol_capi_name(enum iol_capi a)
{
	static const char *const n[] = {"user",	  "POSIX", "stdio",
					"MPI-IO", "HDF5",  "PnetCDF"};

	return (unsigned)a < 6 ? n[a] : "?";
}

#endif
