/*
 * System-call traces (strace -f -tt -T, -ttt, -t; with or without -y/-yy)
 * reduced into the job model: one POSIX-shaped record per regular file
 * per rank with Darshan's counters, per-system-call totals, and the
 * non-file descriptors (pipes, sockets, terminals, devices) summarised.
 * The readers are the sources "strace" and "iota" of the registry
 * (sources/registry.h); iol_job_load() picks them by sniffing.  Segments
 * and events are not kept: each iterator parses the traces again.
 *
 * Ownership: the job is allocated here and freed by iol_job_close(); the
 * paths given are copied (the caller keeps its own).
 */
#ifndef IOLENS_TRACE_H
#define IOLENS_TRACE_H

#include "model/job.h"

enum { IOL_RANK_FROM_FILE = 0, IOL_RANK_FROM_PID = 1 };

struct iol_trace_opts {
	int rank_from; /* IOL_RANK_FROM_* */
	int lenient;   /* skip unparsable lines, counting them */
};

/* Is this text the start of an strace log?  (first lines of a file) */
int iol_strace_sniff(const char *buf, size_t len);
/* Is this line an Iota trace line ("task start elapse offset op ret
 * path-or-fd [lustre]")? */
int iol_iota_sniff(const char *buf, size_t len);
/* The same for a file (plain, gzip or xz), by its first non-blank line:
 * 1 strace, 2 Iota, 0 neither. */
int iol_strace_sniff_file(const char *path);

/* Load one or more strace outputs as one job; a directory stands for the
 * files in it, in name order. */
int iol_job_load_strace(struct iol_job **out, const char *const *paths,
			int npaths, const struct iol_trace_opts *o,
			struct iol_error *err);
/* The same, the job named name (NULL: the first path, and " +N" for the
 * N others). */
int iol_job_load_traces(struct iol_job **out, const char *name,
			const char *const *paths, int npaths,
			const struct iol_trace_opts *o, struct iol_error *err);

#endif
