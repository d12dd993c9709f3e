/*
 * Replay scripts (Pianola's intermediate form): per process, the file
 * I/O calls of a traced job with their parameters, return values and
 * durations, separated by compute gaps, on paths relative to a sandbox.
 * man/iolens-replay.1 documents the text form; this header is the one
 * in-memory form that the parser, the writer, the compiler and the
 * replay engine share.
 *
 * Ownership: struct iol_rscript is caller storage; everything it points
 * to is owned by it and freed by iol_rscript_release().
 */
#ifndef IOLENS_REPLAY_SCRIPT_H
#define IOLENS_REPLAY_SCRIPT_H

#include <stddef.h>
#include <stdint.h>

#include "base/error.h"

/* Operations; IOL_ROP_END only carries the compute gap at a rank's end. */
enum {
	IOL_ROP_END = 0,
	IOL_ROP_OPEN,
	IOL_ROP_CLOSE,
	IOL_ROP_READ,
	IOL_ROP_WRITE,
	IOL_ROP_PREAD,
	IOL_ROP_PWRITE,
	IOL_ROP_LSEEK,
	IOL_ROP_FSYNC,
	IOL_ROP_FDATASYNC,
	IOL_ROP_STAT,
	IOL_ROP_FSTAT,
	IOL_ROP_UNLINK,
	IOL_ROP_RENAME,
	IOL_ROP_MKDIR,
	IOL_ROP_RMDIR,
	IOL_ROP_TRUNCATE,
	IOL_ROP_FTRUNCATE,
	IOL_ROP_DUP,
	IOL_ROP_COPY,	 /* copy_file_range, sendfile: file to file */
	IOL_ROP_WAIT,	 /* "after S N": until section S has made N calls */
	IOL_ROP_SYMLINK, /* path made a symbolic link to the text path2 */
	IOL_ROP_LINK,	 /* path2 made a new name of path */
	IOL_ROP_LSTAT,	 /* stat of path itself, a link not followed */
	/* fallocate(fd, mode, off, len): mode (IOL_FALLOC_*) in flags */
	IOL_ROP_FALLOCATE,
	/* posix_fadvise(fd, off, len, advice): advice (0 normal to 5
	 * noreuse, as POSIX_FADV_*) in flags */
	IOL_ROP_FADVISE,
	/* a reflink clone, ioctl(fd, FICLONE or FICLONERANGE) from fd2:
	 * off2 the source's offset, len its bytes (0 to its end), off the
	 * destination's offset; all three 0 is FICLONE.  No bytes move
	 * through the program: a metadata call, counting no bytes */
	IOL_ROP_CLONE,
	/* readlink of path: the text of a symbolic link, the length the
	 * original got in ret; no bytes counted */
	IOL_ROP_READLINK,
	IOL_ROP_COUNT
};

/* fallocate's modes as scripts name them (the kernel's FALLOC_FL_*
 * values, which are the same on every Linux architecture). */
enum {
	IOL_FALLOC_KEEP_SIZE = 0x01,
	IOL_FALLOC_PUNCH_HOLE = 0x02,
	IOL_FALLOC_COLLAPSE_RANGE = 0x08,
	IOL_FALLOC_ZERO_RANGE = 0x10,
	IOL_FALLOC_INSERT_RANGE = 0x20,
	IOL_FALLOC_UNSHARE_RANGE = 0x40,
	IOL_FALLOC_ALL = 0x7b
};

/* Which cumulative time an operation counts in (as Darshan counts:
 * fsync in write time, seeks and the rest in metadata time).  A copy
 * both reads and writes: its bytes count in both, its time half in each,
 * so that read, write and metadata time still add up to the calls' time. */
enum {
	IOL_RCLASS_NONE,
	IOL_RCLASS_READ,
	IOL_RCLASS_WRITE,
	IOL_RCLASS_META,
	IOL_RCLASS_COPY
};

/* What a script holds: the parser (script-parse.c) refuses a script
 * past these, and a script made from a trace (fromevents.c) drops the
 * calls that would be (iol_rev_unfit()), so that every script
 * replay-script writes is one replay takes. */
#define IOL_RMAX_FD (1 << 20)		/* a descriptor */
#define IOL_RMAX_BUF ((int64_t)1 << 31) /* a length read into the buffer */
#define IOL_RMAX_LEN                                                        \
	((int64_t)1 << 62)		  /* a copy's or truncate's length, \
					     an offset of copy or clone */
#define IOL_RMAX_INPUT ((int64_t)1 << 42) /* an input's size */
#define IOL_RMAX_MODE 07777
#define IOL_RMAX_ERRNO 4095 /* "E4095" (base/errname.h) */
#define IOL_RMAX_SECS 1e9   /* a duration, a compute gap */

/* One event, fixed size: the compiled form stores these as they are. */
struct iol_rev {
	uint8_t op;	/* IOL_ROP_* */
	uint8_t whence; /* LSEEK: 0 set, 1 cur, 2 end */
	uint16_t flags; /* OPEN: IOL_EVF_* (model/event.h) */
	int32_t fd;	/* -1 none; WAIT: the section waited for */
	uint32_t path;	/* string id of the path (fd calls: of the file
			   the fd was opened on, for per-file totals); 0 */
	uint32_t path2; /* RENAME, LINK: the new name; SYMLINK: the target
			   (iol_rlink_ok()) */
	uint32_t mode;
	int32_t err;   /* errno of a failed original call, else 0 */
	int32_t fd2;   /* COPY: the descriptor written (fd is the one read);
			  CLONE: the source (fd is the destination) */
	uint32_t line; /* the script line it was read from, 0 unknown (and
			  no padding left uninitialised in the compiled form) */
	int64_t len;   /* bytes asked (TRUNCATE: the length; WAIT: calls) */
	int64_t off;   /* PREAD, PWRITE, LSEEK offset; COPY, CLONE: of fd;
			  -1 none */
	int64_t off2;  /* COPY, CLONE: offset in fd2; -1 (COPY only) the
			  descriptor's position */
	int64_t ret;   /* the original return value */
	double gap;    /* compute time before the call, seconds */
	double dur;    /* the original call's duration, seconds */
};

struct iol_rrank {
	int64_t rank, pid;
	/* a thread's section: the traced process (its pid) whose
	 * descriptors it shares with the other sections of that process in
	 * its rank, replayed as threads of one process; 0 a process */
	int64_t thread_of;
	size_t n, cap; /* events */
	struct iol_rev *ev;
	int64_t maxlen; /* largest read or write: the data buffer's size */
};

struct iol_rinput {
	uint32_t path;
	uint32_t target; /* a symbolic link's target (string id), 0 none */
	int64_t size;	 /* bytes; -1 a directory or a link */
};

struct iol_rscript {
	char *strs; /* the strings, NUL-terminated, one after another */
	size_t nbytes, capbytes;
	uint32_t *off; /* string id -> offset in strs; id 0 is "" */
	size_t nstr, capoff;
	struct iol_rrank *rank;
	size_t nrank;
	struct iol_rinput *input;
	size_t ninput;
	uint32_t *rewrite; /* pairs: original, replayed (string ids) */
	size_t nrewrite;
	uint32_t *dropped; /* paths whose calls were dropped (system) */
	size_t ndropped;
	char source[32];	/* "strace", "darshan dxt", "" unknown */
	int inferred;		/* opens and closes inferred (DXT) */
	double overhead;	/* seconds per event taken from compute gaps */
	double duroverhead;	/* seconds taken from each call's duration */
	char overhead_from[16]; /* "calibrated", "given", "none" */
	double traced;		/* the traced run time, seconds; 0 unknown */
	uint64_t ndropev;	/* events dropped from the trace */
	/* sections whose gaps held less than the overhead to take off:
	 * every gap of theirs is 0 (made from a trace; not in the text) */
	uint64_t nshort;
	/* descriptors a process got from its parent, opened at first use
	 * (made from a trace; not in the text) */
	uint64_t ninherit;
	/* calls of the trace a script cannot hold (iol_rev_unfit()),
	 * dropped and counted in ndropev too, and why the first was (made
	 * from a trace; a comment in the text) */
	uint64_t nunfit;
	const char *unfit_why;
	uint64_t digest;  /* of the text it was read from */
	size_t max_input; /* the parser refuses more inputs; 0 no limit */
	/* the parser refuses a script whose text and parsed form take more
	 * bytes (counted every 1024 lines); 0 no limit */
	size_t max_memory;
	void *priv; /* the parser's string index */
};

/* The name of an operation in scripts ("pwrite"); NULL if out of range. */
const char *iol_rop_name(int op);
int iol_rop_class(int op);
/* The arguments of an operation in script order, one letter each (p path,
 * q second path, f open flags, m mode, d descriptor, l length, o offset,
 * w whence, e second descriptor, n second offset, L length of a copy):
 * the one definition the parser and the writer share.  Static;
 * "" if out of range. */
const char *iol_rop_args(int op);

void iol_rscript_init(struct iol_rscript *s);
void iol_rscript_release(struct iol_rscript *s);
/* Intern a string: its id (> 0), or 0 with IOL_ENOMEM in *rc. */
uint32_t iol_rscript_str(struct iol_rscript *s, const char *str, int *rc);
/* A string's id when interned by iol_rscript_str() on s, else 0. */
uint32_t iol_rscript_find(const struct iol_rscript *s, const char *str);
static inline const char *iol_rscript_s(const struct iol_rscript *s,
					uint32_t id)
{
	return s->nstr ? s->strs + s->off[id] : "";
}
/* Room for one more event in rank r; returns it zeroed (fd -1, off -1)
 * or NULL when memory runs out. */
struct iol_rev *iol_rscript_push(struct iol_rscript *s, size_t r);
/* Add a rank section; its index, or -1 when memory runs out. */
long iol_rscript_add_rank(struct iol_rscript *s, int64_t rank, int64_t pid);
int iol_rscript_add_input(struct iol_rscript *s, const char *path,
			  int64_t size);
/* A symbolic link found by the job: path, a link to the text target. */
int iol_rscript_add_link(struct iol_rscript *s, const char *path,
			 const char *target);

/*
 * Parse the text form in buf (n bytes).  Errors: IOL_ESYNTAX with
 * "line N: ..." in err, also for paths that leave the sandbox (absolute
 * or with a '..' component).  Sets s->digest.
 */
int iol_rscript_parse(struct iol_rscript *s, const char *buf, size_t n,
		      struct iol_error *err);
/* 0 when every wait ("after") of s can be met: a section other than its
 * own, in range, that makes the calls waited for without waiting, in
 * turn, on the waiter (no cycle).  Otherwise 1 with the section and the
 * index of the first wait that cannot be met in *r and *i, or
 * IOL_ENOMEM. */
int iol_rscript_waits_ok(const struct iol_rscript *s, size_t *r, size_t *i);
/* The sections replayed in one process as its threads, sharing its
 * descriptors: lead[r] (s->nrank entries) gets the first section of
 * r's process, r itself for a process of one section; next (may be
 * NULL) the process's next section after r, in order, or SIZE_MAX.  A
 * process is the sections of one rank with thread_of Q and the section
 * of that rank with pid Q and no thread_of, if any.  0 or IOL_ENOMEM. */
int iol_rscript_groups(const struct iol_rscript *s, size_t *lead, size_t *next);
/* Fill in the path of fd calls and each rank's maxlen (after building a
 * script by hand or from a trace; the parser does it itself). */
int iol_rscript_resolve(struct iol_rscript *s, struct iol_error *err);
/* The text form, written with fputs-like write(ctx, text); returns 0 or
 * the first nonzero value write returned. */
int iol_rscript_write(const struct iol_rscript *s,
		      int (*write)(void *ctx, const char *text), void *ctx);
/* Digest of a buffer (the cache key of the compiled form). */
uint64_t iol_rscript_digest(const char *buf, size_t n);
/* NULL when the parser takes the words of event e of s as the writer
 * writes them (iol_rscript_write()), else why not, as a static phrase
 * ("a length over 2^31 bytes"): the parser's limits (IOL_RMAX_*) in one
 * place for those who make scripts.  Its gap and duration are not
 * looked at: one over IOL_RMAX_SECS is no trace's to drop a call for
 * (fromevents.c refuses the trace). */
const char *iol_rev_unfit(const struct iol_rscript *s, const struct iol_rev *e);
/* 1 when path stays inside the sandbox: relative, no '..' component. */
int iol_rpath_ok(const char *path);
/* 1 when a symbolic link at path (iol_rpath_ok()) to target stays inside
 * the sandbox: target relative, its '..' never above the sandbox. */
int iol_rlink_ok(const char *path, const char *target);

/* The original's totals, from the script. */
struct iol_rtotals {
	double run_s, read_s, write_s, meta_s;
	int64_t bytes_read, bytes_written, ops;
};
/* Totals of script s; per_file (s->nstr entries, indexed by string id,
 * zeroed by the caller, may be NULL) gets bytes read, written and ops of
 * each path. */
void iol_rscript_totals(const struct iol_rscript *s, struct iol_rtotals *t,
			int64_t (*per_file)[3]);
/* Count one call in t and per_file (may be NULL; its path and path2 must
 * be valid ids): ret is what the call returned, d its duration.  The one
 * rule for the original's totals and the replay's. */
void iol_rtotals_count(struct iol_rtotals *t, int64_t (*per_file)[3],
		       const struct iol_rev *e, int64_t ret, double d);

/* What a script holds, for people: its calls (waits and ends aside),
 * processes (a process of threads once), the sections that are threads,
 * and the bytes of its inputs. */
struct iol_rcounts {
	size_t calls, procs, threads;
	int64_t input_bytes;
};
void iol_rscript_count(const struct iol_rscript *s, struct iol_rcounts *c);

/* The name of fallocate's mode bit 1 << bit ("keep_size"), of a
 * posix_fadvise advice 0 to 5 ("sequential"); NULL for others. */
const char *iol_rfalloc_name(int bit);
const char *iol_radvice_name(int advice);

#endif
