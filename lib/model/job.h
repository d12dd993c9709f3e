/*
 * The job model: what every analysis reads, whatever the source.
 *
 * A job has a header (ids, times, exe, mounts), per-module records with
 * Darshan's counters in the newest layout (traces are reduced into records
 * of the same shape), DXT-style per-file-per-rank trace headers, and the
 * segments of those traces, which are never materialised as objects:
 * iol_segs_*() streams them in batches (from the still-compressed DXT
 * region of a Darshan log).
 *
 * Where a job comes from is its source (model/source.h): the model
 * dispatches through job->src and never names a reader.
 *
 * Ownership: iol_job_load() (lib/sources/registry.c) allocates the job;
 * everything reachable from it, path included, is owned by the job and
 * valid until iol_job_close().  Iterators are caller-owned from _open to
 * _close, own all of their state (several may be open on one job at once)
 * and must be closed before the job.
 */
#ifndef IOLENS_JOB_H
#define IOLENS_JOB_H

#include <stddef.h>
#include <stdint.h>

#include "base/error.h"
#include "counters/modules.h"

/* A mount table entry (longest path first in a job's table). */
struct iol_mount {
	const char *path;
	const char *type;
	size_t pathlen;
};

/* One DXT-style data segment: offset, length, start/end seconds from the
 * job's start, thread id (0 unknown). */
struct iol_seg {
	int64_t off, len;
	double start, end;
	uint64_t tid;
};

enum { IOL_SRC_DARSHAN = 1, IOL_SRC_STRACE = 2, IOL_SRC_IOTA = 3 };

/* One counter record of a module: id, rank (-1 shared) and counters. */
struct iol_jrec {
	uint64_t id;
	int64_t rank;
	int64_t *ic; /* iol_modinfo(mod)->nint counters */
	double *fc;  /* iol_modinfo(mod)->nflt counters */
};

struct iol_recx; /* analysis/metrics.h */

struct iol_jmod {
	int present; /* the log has this module (data or flag) */
	int ver;     /* record version in the log */
	int partial; /* module ran out of memory: records missing */
	int loaded;  /* records decoded into recs */
	size_t n;
	struct iol_jrec *recs;
	/* recs[i]'s iol_rec_extract() as rx[i], when iol_recx_cache() made
	 * them (else NULL); an opaque type here */
	const struct iol_recx *rx;
	/* recs in file id order, ties in recs' order (a stable sort), as
	 * recs[byid[k]], when iol_recx_cache() made it (else NULL): sorted
	 * once for the analyses that each sorted the ids again */
	const uint32_t *byid;
};

/* Header of one DXT trace (one file, one rank). */
struct iol_jdxt {
	uint64_t id;
	int64_t rank;
	int64_t wcount, rcount;
	char hostname[65];
};

/* A file's Lustre layout (Darshan's LUSTRE module): the first
 * component's stripe size and count, and the OSTs of all components,
 * each once. */
struct iol_jlustre {
	uint64_t id;
	int64_t stripe_size, stripe_count;
	int64_t nosts;
	int64_t *osts;
};

struct iol_jheat {
	uint64_t id;
	int64_t rank;
	double bin_width;
	int64_t nbins;
	int64_t *wbins, *rbins;
};

/* Totals of one system call in a trace. */
struct iol_jsys {
	char name[32];
	int64_t calls, errors, bytes;
	double time;
};

/* I/O on descriptors that are not regular files, summarised by kind. */
enum {
	IOL_OTHER_PIPE,
	IOL_OTHER_SOCKET,
	IOL_OTHER_STD,
	IOL_OTHER_DEVICE,
	IOL_OTHER_N
};
extern const char *const iol_other_names[IOL_OTHER_N];
struct iol_jother {
	int64_t reads, writes, bytes_read, bytes_written;
	double time;
};

struct iol_job_priv;
struct iol_source;
struct iol_stacks;

/* A binary whose frames a trace's stacks name, as it was when traced
 * (iolens trace --stacks writes them), so that a rebuilt or deleted one
 * is told, not symbolized wrong. */
struct iol_jmodule {
	const char *path;
	char build_id[65];	/* GNU build id in hex, "" none */
	int64_t size, mtime_ns; /* -1 unknown */
};

struct iol_job {
	int kind;		      /* IOL_SRC_* */
	const struct iol_source *src; /* the reader that made the job */
	char source[32];	      /* "darshan 3.41", "strace" */
	const char *path;	      /* as given ("-": standard input) */
	int64_t uid, jobid, nprocs;
	int64_t start_sec, start_nsec, end_sec, end_nsec;
	double run_time; /* seconds */
	const char *exe;
	const char *metadata;
	const struct iol_mount *mounts;
	int nmounts;
	uint64_t partial; /* bit i: module i incomplete */
	/* bit i: module i's region lost to a log cut short (a full quota,
	 * an interrupted copy): its records are left out; lost_have[i] of
	 * its lost_len[i] bytes are in the file */
	uint64_t lost;
	uint64_t lost_have[IOL_MOD_MAX], lost_len[IOL_MOD_MAX];
	struct iol_jmod mod[IOL_MOD_KNOWN];
	struct iol_jdxt *dxt[2]; /* [0] DXT_POSIX, [1] DXT_MPIIO */
	size_t ndxt[2];
	uint64_t nsegs[2]; /* segments in each */
	struct iol_jheat *heat;
	size_t nheat;
	struct iol_jlustre *lustre; /* Darshan's LUSTRE records */
	size_t nlustre;
	/* traces only */
	struct iol_jsys *sys;
	size_t nsys;
	struct iol_jother other[IOL_OTHER_N];
	uint64_t skipped;	 /* unparsable lines skipped (lenient) */
	uint64_t skipped_ops;	 /* Iota operations not understood */
	const char *unknown_ops; /* their names, " a, b," */
	int64_t ncreated;	 /* files created, exact; -1 unknown */
	int date_known;		 /* 0: times of day only (strace -tt) */
	int time_exact;		 /* run time to the ns (3.41 logs, traces) */
	double call_cost; /* iolens trace: the tracer's own seconds a call
			   * (in the gap after it); 0 unknown */
	/* the calls' stacks (strace -k, iolens trace --stacks), which
	 * events name by id; NULL when the trace has none */
	const struct iol_stacks *stacks;
	/* iolens trace --stacks: the modules as traced; the stacks longer
	 * than the depth asked for (cut, their outer frames lost), and that
	 * depth (0 unknown: strace -k) */
	const struct iol_jmodule *modules;
	size_t nmodules;
	int64_t stacks_cut;
	int stack_depth;
	int64_t trace_mtime_ns; /* the trace file's; 0 unknown */
	struct iol_job_priv *priv;
};

/* Load a log or trace (lib/sources/registry.c): each source in the
 * registry is asked whether the input is its own (Darshan logs by their
 * magic number, strace output by its first line); "-" is standard input
 * (spooled to a temporary file so traces can be read twice). */
int iol_job_load(struct iol_job **out, const char *path, struct iol_error *err);
struct iol_trace_opts;
int iol_job_load_opts(struct iol_job **out, const char *path,
		      const struct iol_trace_opts *o, struct iol_error *err);
void iol_job_close(struct iol_job *job);

/* What a log cut short lost, in words: "log cut: the DXT_POSIX region is
 * incomplete (2,345 of 10,000 bytes); its records are left out", naming
 * every module of the lost mask (bit i: module i, have[i] of len[i]
 * bytes present).  Writes "" when lost is 0; returns buf. */
char *iol_lost_text(char *buf, size_t n, uint64_t lost, const uint64_t *have,
		    const uint64_t *len);
/* The module names of the lost mask, separated by spaces ("" if none). */
char *iol_lost_names(char *buf, size_t n, uint64_t lost);

/* Path of a record id, or NULL. */
const char *iol_job_name(const struct iol_job *job, uint64_t id);
/* The input's bytes as the source read them (a Darshan log, mapped or
 * read whole), *len their count; NULL when the source keeps none (a
 * trace read as it streams).  Borrowed: valid until iol_job_close(). */
const void *iol_job_bytes(const struct iol_job *job, size_t *len);
/* Mount index for a path (iol_job->mounts), or -1. */
int iol_job_mount_of(const struct iol_job *job, const char *path);

/* Job start as seconds since the epoch, with the sub-second part. */
double iol_job_start(const struct iol_job *job);

/* The first of v[0..n), records sorted by id, whose id is id or more
 * (n: none).  v is borrowed. */
size_t iol_jrecs_from(const struct iol_jrec *const *v, size_t n, uint64_t id);

struct iol_segs;

/* Stream the segments of DXT trace set which (0 POSIX, 1 MPI-IO) in file
 * order: every record's writes, then its reads. */
int iol_segs_open(struct iol_segs **it, const struct iol_job *job, int which,
		  struct iol_error *err);
/* Up to max (> 0) segments of one record and one direction, never more;
 * *rec is its index in job->dxt[which].  Returns the count, 0 at the end,
 * or < 0 (IOL_EINVAL for max 0). */
long iol_segs_next(struct iol_segs *it, struct iol_seg *segs, size_t max,
		   size_t *rec, int *is_read, struct iol_error *err);
void iol_segs_close(struct iol_segs *it);

#endif
