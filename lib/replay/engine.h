/*
 * The replay engine: stages a compiled script's inputs in a fresh run
 * directory inside the sandbox, then replays every rank in a process of
 * its own (fork), each call at its scheduled time, and measures what the
 * replay took against what the original took.
 *
 * Safety: every path is resolved beneath a descriptor of the run
 * directory by the kernel (replay/sandbox.h: openat2 RESOLVE_BENEATH,
 * *at calls on resolved parents), and every replaying process is
 * confined to it by Landlock where the kernel has it.  The engine makes
 * the run directory (mkdtemp) inside the sandbox and removes it at the
 * end, following no link (unless keep is set).  Limits (struct
 * iol_rlimits) bound what a script may stage, allocate, start and wait
 * for, and how long it runs.  Refusing to run as root is the caller's
 * choice.
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
	/* NULL, or called in the members other than 0 once they know the
	 * run directory, before they open it: a test's pause (replay/mpi.c
	 * in a build made with TEST_HOOKS=1) */
	void (*learnt)(void *ctx, const char *rundir);
};

/* How a call's start is scheduled. */
enum {
	/* when the thread's previous call returned, plus the recorded
	 * compute gap (a benchmark: a faster file system finishes sooner) */
	IOL_PACE_CLOSED = 0,
	/* at the original's time: start + gaps + the original durations
	 * (a playback: the run time is the original's whenever the calls
	 * are faster here) */
	IOL_PACE_TIMELINE,
	/* no compute gaps */
	IOL_PACE_AFAP,
};

/* Limits on what a script may make the replay do; 0 asks for the
 * default (iol_rlimits_default()). */
struct iol_rlimits {
	int64_t max_stage;  /* bytes of inputs staged */
	int64_t max_memory; /* data buffers of all sections together */
	int64_t max_procs;  /* processes and threads started */
	double max_gap;	    /* the longest compute gap or call, seconds */
	/* directories staging makes above the paths of the calls and
	 * inputs (--max-inputs, which also holds the script's inputs) */
	int64_t max_inputs;
	double timeout;	    /* the whole replay, seconds */
	int64_t margin;	    /* free space left on the sandbox's file system */
	int timeout_capped; /* set by the replay: the default was cut to a
			       day, and a script that long is refused */
};

/* The defaults: 8 GiB staged, 2 GiB of buffers, 1024 processes and
 * threads, gaps of an hour, a million directories staged, a timeout of
 * 10 times the original's run time plus a minute (at most a day), 1 GiB
 * or 5 % of the file system kept free. */
void iol_rlimits_default(struct iol_rlimits *l);

struct iol_ropts {
	const char *dir; /* the sandbox; made when missing */
	int pace;	 /* IOL_PACE_* */
	int keep;	 /* leave the run directory in place */
	/* leave it for iol_replay_remove(): --runs removes the runs'
	 * directories after the last (see there) */
	int hold;
	int profile; /* record each call's end and duration */
	struct iol_rlimits lim;
	/* set (by a signal handler) to stop the replay: the ranks are
	 * killed and the run directory removed (unless keep); NULL none */
	volatile int *stop;
	/* called about 10 times a second while the ranks run: calls made
	 * so far of total; NULL none */
	void (*progress)(void *ctx, int64_t done, int64_t total);
	void *pctx;
	const struct iol_rgroup *group; /* NULL: this process alone */
};

/* A call that failed in the replay and not in the original, or the
 * reverse: its script line (0 unknown), section, operation, the
 * replay's errno (0: it succeeded) and the original's. */
struct iol_rfail {
	int64_t line, rank;
	int32_t op, err, orig_err, pad;
};

#define IOL_RFAIL_KEEP 8

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
	/* reflink clones made as clones, and made as copies where the
	 * sandbox's file system refused them, with the bytes so copied */
	int64_t clones, clone_copies, clone_bytes;
	double max_late;  /* seconds a call started behind its schedule */
	double inflate_s; /* decompression that no compute gap hid */
	/* closed loop: the replay's own time between calls past their
	 * compute gaps, and how much of it later gaps took back
	 * (engine-rank.c: repay()) */
	double engine_s, repaid_s;
	size_t ninputs; /* staged files and directories */
	/* directories made by staging (above the paths, and inputs) */
	int64_t staged_dirs;
	/* inodes the calls may have made (opens that create, mkdir,
	 * symlink), whether or not they succeeded: what the run directory
	 * holds past its inputs (iol_replay_room()) */
	int64_t inodes;
	int64_t staged_bytes;
	struct iol_rprofile porig, prep; /* when opts.profile */
	char rundir[4096];		 /* the run directory (kept or gone) */
	/* the kernel's walls: openat2 is always on (the replay refuses to
	 * run without it); the Landlock ABI applied to every replaying
	 * process, 0 none (the kernel has none, or an MPI process that
	 * replays in place) */
	int landlock;
	/* the ABI this kernel offers the sandbox, 0 none */
	int landlock_kernel;
	/* the first failed calls (of nfail), earliest line first */
	struct iol_rfail fail[IOL_RFAIL_KEEP];
	size_t nfail;
	int stopped;	   /* stopped by o->stop */
	int timed_out;	   /* stopped by the timeout */
	int disk_full;	   /* stopped: the free space fell below the margin */
	char cleanup[256]; /* what could not be removed, "" all was */
	int made_sandbox;  /* this run made o->dir */
};

/*
 * Replay the compiled script loaded in b.  Returns 0 when every rank ran
 * to its end, or an IOL_E* code with the reason in err (IOL_EIO for the
 * sandbox, a failed fork, a rank that stopped, a stop, the timeout;
 * IOL_EINVAL for a limit the script is over; IOL_EUNSUPP for a kernel
 * without openat2).  With o->group, res holds the results on member 0
 * only.
 */
int iol_replay_run(const struct iol_rbin *b, const struct iol_ropts *o,
		   struct iol_rresult *res, struct iol_error *err);
void iol_rresult_release(struct iol_rresult *res);

/*
 * The run directory of a run made with o->hold, removed following no
 * link (the sandbox, when that run made it, is the caller's).  A run
 * right after the removal of a large tree measures the removal's
 * aftermath: ext4 without a journal checks every inode freed in the
 * last 60 s (360 s while its table block is dirty) at each create, and
 * after 1.2 million inodes were removed a replayed tree copy of 0.2 s
 * took 0.3 to 4.0 s for minutes; other file systems free inodes in the
 * background.  So repeated runs remove their directories after the
 * last.  0, or -1 with what stayed in bad.
 */
int iol_replay_remove(const struct iol_ropts *o, const char *rundir, char *bad,
		      size_t n);

/*
 * Whether one more run like prev (its staged bytes, bytes written,
 * inputs and calls, bounds of what it takes) fits in the sandbox's file
 * system now, over the margin of o->lim (fewer free inodes than 5 %
 * counts as full, as in the run).  1 yes, 0 no or unknown.
 */
int iol_replay_room(const struct iol_ropts *o, const struct iol_rresult *prev);

/*
 * The calibration loop: n rounds of pwrite, pread, lseek and fstat on a
 * file in dir (made and removed here), 4 calls a round.  Returns the
 * seconds it took, or a negative value with err set.
 */
double iol_replay_syscall_loop(const char *dir, long n, struct iol_error *err);

#endif
