/*
 * Per-call events: every I/O call a source recorded, in one shape, for
 * the consumers that need more than counters: the reducer that turns a
 * trace into POSIX-shaped records, timelines, and replay scripts.
 *
 * Sources: strace and Iota give every call they saw; Darshan DXT gives
 * data segments only, with opens and closes inferred from the POSIX
 * records' timestamps (marked inferred).  Order: a process's events come
 * in the order it issued them (start time); events of different processes
 * may interleave in any order.  Darshan DXT gives one record (file, rank)
 * at a time: consumers that need time order across files sort per rank.
 *
 * strace: every call on a regular file that Darshan would count (opens,
 * closes, transfers, seeks, stats, syncs, dups, renames, truncates,
 * unlinks, mmaps), and transfers on other descriptors with regular = 0;
 * calls that change nothing on a file (failed opens, brk) give none,
 * but for an unlink of a name that is not there: UNLINK with ret -1 and
 * err set (a call the program made, for blocks; not in the records).
 * Darshan: DXT_POSIX segments as READ and WRITE, each record preceded by
 * an OPEN at F_OPEN_START_TIMESTAMP and followed by a CLOSE at
 * F_CLOSE_END_TIMESTAMP of its POSIX record (inferred = 1).
 *
 * Ownership: the iterator is caller-owned from iol_events_open() to
 * iol_events_close() and owns all of its state, so several may be open on
 * one job at once; name and path2 are borrowed until the next call, path
 * until the job is closed.
 */
#ifndef IOLENS_EVENT_H
#define IOLENS_EVENT_H

#include <stdint.h>

#include "base/error.h"

struct iol_job;

enum iol_ev_kind {
	IOL_EV_OPEN = 1, /* open, openat, creat: path, flags, mode; ret fd */
	IOL_EV_CLOSE,	 /* fd */
	IOL_EV_READ,	 /* fd, off (where, -1 unknown), len, ret */
	IOL_EV_WRITE,	 /* the same */
	IOL_EV_SEEK,	 /* fd, off, whence in flags; ret the new offset */
	IOL_EV_SYNC,	 /* fsync, sync_file_range; flags 1: fdatasync */
	IOL_EV_STAT,	 /* stat family, access: path or fd; flags 1: a
			    link itself (lstat, AT_SYMLINK_NOFOLLOW),
			    IOL_EVF_DIRECTORY: it found a directory (the
			    trace showed st_mode=S_IFDIR) */
	IOL_EV_UNLINK,	 /* unlink, unlinkat: path */
	IOL_EV_RENAME,	 /* path -> path2 */
	IOL_EV_TRUNC,	 /* truncate, ftruncate: path or fd, off the length */
	IOL_EV_MKDIR,	 /* path, mode */
	IOL_EV_RMDIR,	 /* path */
	IOL_EV_DUP,	 /* dup family, fcntl F_DUPFD: fd -> ret */
	IOL_EV_OTHER,	 /* another call on a file (name says which);
			  * "ioctl": a reflink clone, FICLONE or
			  * FICLONERANGE (fields below) */
	IOL_EV_LINK	 /* link: path -> path2, a new name; symlink (flags
			  * 1): path made a link to target */
};

/* Open flags, canonical whatever the tracer printed. */
enum {
	IOL_EVF_RDONLY = 0,
	IOL_EVF_WRONLY = 1,
	IOL_EVF_RDWR = 2,
	IOL_EVF_ACCMODE = 3,
	IOL_EVF_CREAT = 1 << 2,
	IOL_EVF_EXCL = 1 << 3,
	IOL_EVF_TRUNC = 1 << 4,
	IOL_EVF_APPEND = 1 << 5,
	IOL_EVF_SYNC = 1 << 6,
	IOL_EVF_DIRECT = 1 << 7,
	IOL_EVF_DIRECTORY = 1 << 8,
	IOL_EVF_CLOEXEC = 1 << 9
};

struct iol_event {
	int kind;	    /* IOL_EV_* */
	const char *name;   /* the call as traced, "pwrite64" */
	int64_t rank;	    /* the job's rank of the process */
	int64_t pid;	    /* process or thread id, -1 unknown */
	int64_t tgid;	    /* the process a thread belongs to (its thread
			       group), pid for a process; 0 unknown */
	double start;	    /* seconds from the job's start */
	double dur;	    /* seconds, 0 unknown */
	int64_t fd;	    /* descriptor, -1 none */
	uint64_t file;	    /* record id of the file (Darshan's hash of the
			       path, iol_record_id()), 0 none */
	const char *path;   /* the file's path, NULL unknown */
	const char *path2;  /* rename target, a hard link's new name */
	const char *target; /* a symbolic link's target, as written */
	int64_t off;	    /* see the kinds above; -1 unknown */
	int64_t len;	    /* bytes moved (traces: what the call returned;
			       DXT: the segment's length), -1 unknown */
	int64_t ret;	    /* return value; -1 with err set on failure */
	int err;	    /* 0, or the errno value (EIO when not known) */
	unsigned flags;	    /* OPEN: IOL_EVF_*; SEEK: 0 SET, 1 CUR, 2 END */
	unsigned mode;	    /* OPEN with CREAT, MKDIR */
	int created;	    /* OPEN: this call created the file */
	int forked;	    /* traces: the process is a fork (or its
			       thread) still running its parent's program,
			       no exec since: the same run of that program,
			       not another (an MPI rank is exec'd) */
	int regular;	    /* on a regular file (not a pipe, socket, tty) */
	int other;	    /* regular == 0: IOL_OTHER_* of the descriptor */
	int inferred;	    /* not recorded by the source: derived */
	unsigned silent;    /* calls this process made since its previous
			       event that gave no event (strace: mmap, brk,
			       reads of pipes...): each cost the tracer as
			       much as a file call; 0 for other sources */
	uint32_t stack;	    /* the call's stack in job->stacks
			       (model/stack.h), 0 none */
	/* A clone ("ioctl", IOL_EV_OTHER) on fd, the destination, from
	 * fd2 (path2 its file): off2 the source's offset, off the
	 * destination's, len the bytes of the source it covers (-1 not
	 * known), flags 1 when it asked for all up to the source's end
	 * (FICLONE, or a length of 0).  It moves no bytes through the
	 * program (no transfer: the file system shares extents), so it
	 * counts in no byte total.  A copy that moved nothing
	 * ("copy_file_range", "sendfile", "splice" returning 0, the
	 * program's probe of a file's end) is another call from fd to fd2
	 * (path2 its file), no transfer either.  fd2 is -1 in every other
	 * event. */
	int64_t fd2, off2;
};

struct iol_events;

/* Start reading job's events.  IOL_EUNSUPP when its source has none
 * (a Darshan log without DXT). */
int iol_events_open(struct iol_events **it, const struct iol_job *job,
		    struct iol_error *err);
/* 1 with *ev filled, 0 at the end, < 0 on error. */
int iol_events_next(struct iol_events *it, struct iol_event *ev,
		    struct iol_error *err);
void iol_events_close(struct iol_events *it);

#endif
