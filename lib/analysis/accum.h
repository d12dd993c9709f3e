/*
 * The accumulator behind darshan-parser's --total, --perf and --file
 * blocks (FORMAT.md section 10), for the modules that have one: POSIX,
 * MPI-IO, STDIO, DFS and DAOS.  Feed it every record of one module in log
 * order; floating sums are taken in that order so the sixth decimal agrees
 * with darshan-util.  Memory: three doubles per process plus one small
 * entry per distinct record id.
 *
 * Ownership: caller-owned struct; iol_accum_release() frees its contents.
 */
#ifndef IOLENS_ACCUM_H
#define IOLENS_ACCUM_H

#include "base/hash.h"
#include "sources/darshan.h"

struct iol_accum_file;

struct iol_category {
	int64_t count;
	int64_t read_bytes, write_bytes;
	int64_t max_offset;
	int64_t sum_size; /* sum of (max offset + 1): summary only */
};

enum {
	IOL_CAT_ALL,
	IOL_CAT_RO,
	IOL_CAT_WO,
	IOL_CAT_RW,
	IOL_CAT_UNIQUE,
	IOL_CAT_SHARED,
	IOL_CAT_PARTSHARED,
	IOL_CAT_N
};

struct iol_perf {
	int64_t total_bytes;
	double slowest_rank_io_time;
	double slowest_rank_meta_time;
	double slowest_rank_rw_time;
	int slowest_rank;
	double shared_time_by_slowest;
	double agg_time_by_slowest;
	double agg_perf_by_slowest; /* MiB/s */
};

struct iol_accum {
	int mod;
	int64_t nprocs;
	uint64_t nrec;
	struct iol_rec agg; /* the --total record */
	int64_t total_bytes;
	double shared_time;
	double *rank_t, *rank_md, *rank_rw;
	struct iol_accum_file *files; /* insertion order */
	size_t nfiles, filecap;
	struct iol_index fidx; /* record id -> position in files */
	/* set after init when only iol_accum_perf() is asked for: the total
	 * record and the files are not kept (the job summary's modules; the
	 * total record's merge was 6 % of ingest's CPU) */
	int perf_only;
};

/* 1 if mod has an accumulator, else 0. */
int iol_accum_supported(int mod);
int iol_accum_init(struct iol_accum *a, int mod, int64_t nprocs);
/* Add one record; returns 0 or IOL_ENOMEM / IOL_ECORRUPT (bad rank). */
int iol_accum_add(struct iol_accum *a, const struct iol_rec *r);
/* The same for a perf_only accumulator, from a record's rank and its
 * counters as the module's layout has them (a job's record, without its
 * copy into a struct iol_rec); IOL_EINVAL when not perf_only. */
int iol_accum_add_perf(struct iol_accum *a, int64_t rank, const int64_t *ic,
		       const double *fc);
/* A hint that a record of file id comes next: the cache line of its
 * slot in the file table is fetched while the caller does other work
 * (the probe's cache miss was half of iol_accum_add on 100,000 files).
 * Changes nothing else. */
void iol_accum_prefetch(const struct iol_accum *a, uint64_t id);
void iol_accum_perf(const struct iol_accum *a, struct iol_perf *p);
void iol_accum_categories(const struct iol_accum *a,
			  struct iol_category cat[IOL_CAT_N]);
void iol_accum_release(struct iol_accum *a);

#endif
