/*
 * The replay engine: stages a compiled script's inputs in a fresh run
 * directory inside the sandbox, then replays every rank in a process of
 * its own (fork), each call at its scheduled time, and measures what the
 * replay took against what the original took.
 *
 * Safety: every path is resolved against the run directory, which the
 * engine makes (mkdtemp) inside the sandbox and removes at the end with
 * all it holds (unless keep is set): it deletes nothing it did not
 * create.  Scripts with absolute or '..' paths never get this far (the
 * parser refuses them).  Refusing to run as root is the caller's choice.
 *
 * The engine forks: the children end with _exit() after their rank; the
 * library's no-exit rule holds in the calling process.
 *
 * Ownership: struct iol_rresult is caller storage; iol_rresult_release()
 * frees what the engine allocated in it.
 */
#ifndef IOLENS_REPLAY_ENGINE_H
#define IOLENS_REPLAY_ENGINE_H

#include "replay/compile.h"

/*
 * Processes that replay one script together (the ranks of an MPI job,
 * given by the caller: the library knows no MPI).  Member me of n
 * replays the sections of the trace's ranks r with r % n == me (in this
 * process when it is one section, else a process each); member 0 stages
 * the inputs,
 * gathers the results and removes the run directory.  The run directory
 * must be on a file system every member sees.  The calls are collective:
 * every member makes the same ones in the same order; each returns 0 or
 * a negative value.  abort ends the whole group when a member cannot
 * take part in the next collective call.
 */
struct iol_rgroup {
	int me, n;
	void *ctx;
	int (*barrier)(void *ctx);
	int (*bcast)(void *ctx, void *buf, size_t len); /* member 0's */
	/* element-wise sums onto member 0's v (the others' v is input) */
	int (*sum)(void *ctx, double *v, size_t n);
	int (*sum64)(void *ctx, int64_t *v, size_t n);
	void (*abort)(void *ctx);
};

struct iol_ropts {
	const char *dir; /* the sandbox; made when missing */
	int afap;	 /* as fast as possible: no compute gaps */
	int keep;	 /* leave the run directory in place */
	int profile;	 /* record each call's end and duration */
	const struct iol_rgroup *group; /* NULL: this process alone */
};

/* A profile: calls sorted by end time, seconds from the start, with the
 * cumulative I/O time (sum of durations over all ranks) at each end. */
struct iol_rprofile {
	double *t, *cum;
	size_t n;
};

struct iol_rresult {
	struct iol_rtotals orig, rep;
	int64_t (*rep_file)[3]; /* per string id, like iol_rbin.per_file */
	size_t nfile;
	int64_t mismatched; /* calls that failed in one run, not the other */
	int64_t waits;	    /* waits for other sections ("after") */
	int64_t broken;	    /* ... given up (see engine-rank.c) */
	double max_late;    /* seconds a call started behind its schedule */
	double inflate_s;   /* decompression that no compute gap hid */
	size_t ninputs;	    /* staged files and directories */
	int64_t staged_bytes;
	struct iol_rprofile porig, prep; /* when opts.profile */
	char rundir[4096];		 /* the run directory (kept or gone) */
};

/*
 * Replay the compiled file at binpath (loaded in b).  Returns 0 when
 * every rank ran to its end, or an IOL_E* code with the reason in err
 * (IOL_EIO for the sandbox, a failed fork, or a rank that stopped).
 * With o->group, res holds the results on member 0 only.
 */
int iol_replay_run(const struct iol_rbin *b, const char *binpath,
		   const struct iol_ropts *o, struct iol_rresult *res,
		   struct iol_error *err);
void iol_rresult_release(struct iol_rresult *res);

/*
 * The calibration loop: n rounds of pwrite, pread, lseek and fstat on a
 * file in dir (made and removed here), 4 calls a round.  Returns the
 * seconds it took, or a negative value with err set.
 */
double iol_replay_syscall_loop(const char *dir, long n, struct iol_error *err);

#endif
