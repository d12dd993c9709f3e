/*
 * Between the engine's parent (engine.c) and a replaying rank
 * (engine-rank.c): what a rank reports through shared memory.
 * Internal; not installed.
 */
#ifndef IOLENS_REPLAY_ENGINE_INT_H
#define IOLENS_REPLAY_ENGINE_INT_H

#include <stdint.h>

#include "replay/engine.h"

struct rstat {
	struct iol_rtotals t;
	int64_t mismatched;
	double late, inflate_s;
	double engine_s; /* its own time past the compute gaps (closed) */
	double repaid_s; /* ... taken back from later gaps */
	int64_t done;	 /* 1 when the rank reached its end */
	int64_t broken;	 /* waits given up (their section stopped short) */
	/* clones made as clones, and made as copies (this file system
	 * refused them), with the bytes those copied */
	int64_t clones, clone_copies, clone_bytes;
	/* inodes its calls may have made (engine-rank.c: takes()) */
	int64_t inodes;
	struct iol_rfail fail[IOL_RFAIL_KEEP]; /* the first mismatched */
	int64_t landlock; /* the ABI applied; -errno when it failed */
	/* stopped: 1 at the deadline; a member replaying in place, which
	 * nobody watches (engine-rank.c: look_self()), 2 the file system
	 * below its margin, 3 by o->stop */
	int64_t timed_out;
};

/* What every rank sees of every other, for the waits ("after S N"):
 * shared by all the ranks of a run (a file mapping in a group). */
struct rprog {
	_Atomic int64_t calls; /* calls made so far */
	_Atomic int64_t on;    /* waiting for section on - 1; 0 not */
	_Atomic int64_t want;  /* ... to make this many calls */
	_Atomic int64_t done;  /* ended (or stopped): no more calls */
	/* renames, unlinks and rmdirs made so far by every section (kept
	 * in section 0's entry alone): a section's cached parent
	 * directories hold while it has not moved (engine-rank.c) */
	_Atomic int64_t ns;
	/* sections sleeping on this one's count sleep on gen (a futex on
	 * its low 32 bits); wake_at is the least count one of them waits
	 * for (0 none): a call that reaches it clears it, moves gen and
	 * wakes them, the others sleep again (engine-rank.c: sleep_on()) */
	_Atomic int64_t gen;
	_Atomic int64_t wake_at;
	/* bytes and inodes every section holds of the free space above
	 * the margin: the rooms granted and not yet spent, and what the
	 * calls under way take (in section 0's entry alone, where the
	 * sections share this machine's memory; engine-rank.c: take()) */
	_Atomic int64_t out_b, out_i;
};

/* The common start of a run's sections on one machine: each says it is
 * ready (its buffer made, Landlock applied), and the parent, once all
 * are, sets t0 and the deadline and then go (a futex on its low 32
 * bits). */
struct rstart {
	_Atomic int64_t ready; /* sections ready */
	_Atomic int64_t go;    /* 1: t0 and deadline are set */
	double t0, deadline;
};

/* The low 32 bits of a count, the word a futex waits on. */
static inline uint32_t *iol_low32(_Atomic int64_t *v)
{
	return (uint32_t *)(void *)v; /* x86-64 and other little-endian */
}

/* The descriptors of a process replayed as threads: script fd -> the
 * replay's, shared by the process's sections under lock; hashed, open
 * addressing (engine-rank.c). */
struct rfds {
	int32_t *key;	/* the script's descriptor of each slot, -1 empty */
	int *fd;	/* ... the replay's */
	size_t n, used; /* slots (0 or a power of two), entries */
	void *lock;	/* pthread_mutex_t *, NULL for one section's own */
};

struct rctx {
	const struct iol_rbin *b;
	const struct iol_ropts *o;
	int dirfd;
	const char *rundir;
	double t0;	 /* CLOCK_MONOTONIC seconds of the common start */
	double deadline; /* ... by which it must end */
	/* where t0 and deadline come from once every section is ready
	 * (shared), or NULL: as given (an MPI group, whose members' clocks
	 * differ, starts after its barrier) */
	struct rstart *start;
	struct rstat *st;   /* this rank's */
	int64_t (*file)[3]; /* this rank's per-file counters */
	double *prof;	    /* 2 doubles a call (end, duration), or NULL */
	struct rprog *prog; /* every rank's, shared */
	struct rfds *fds;   /* its process's, when one of its threads;
			       NULL: its own */
	/* its events inflated before the start (engine.c: preload), or
	 * NULL: read chunk by chunk */
	const struct iol_rev *ev;
	size_t nev;
	int unwatched; /* replayed in place: no parent watches it */
};

double rnow(void);
/* Whether fd's file system has fallen below margin bytes free, or 5 %
 * of its inodes. */
int disk_low(int fd, int64_t margin);
/* Section p has ended, or will never begin: it makes no more calls, and
 * the sections sleeping on it wake now, not at their 50 ms bound.  Every
 * way out of a section goes through it. */
void section_end(struct rprog *p);
/* Replay rank r; returns 0 or an IOL_E* code. */
int replay_rank(struct rctx *c, size_t r);
/* Replay the sections of one process as its threads (c[i] for section
 * sec[i], i < n, their fds the same), in this process: 0 when all
 * returned 0. */
int replay_process(struct rctx *c, const size_t *sec, size_t n);

#endif
