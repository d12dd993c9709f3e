/*
 * The job row: one table of fields (name, type, unit, getter) that every
 * per-job output iterates: summary's CSV/TSV/JSON columns, the XLSX Jobs
 * sheet, the report's job tables and the population store's jobs table.
 * Printers format these values; they never compute numbers of their own.
 *
 * Ownership: the table is static; a struct iol_jobrow borrows the job and
 * the summary it is made from, which must outlive it.
 */
#ifndef IOLENS_JOBROW_H
#define IOLENS_JOBROW_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/metrics.h"

enum iol_ftype {
	IOL_FT_STR,   /* text */
	IOL_FT_INT,   /* a count or id */
	IOL_FT_BYTES, /* a byte count (people see 1.5 GiB) */
	IOL_FT_NUM,   /* a real number: unit says which */
	IOL_FT_TIME,  /* seconds since the epoch, UTC */
	IOL_FT_BOOL   /* 0 or 1 */
};

/* What a row is made from. */
struct iol_jobrow {
	const char *log; /* the path as given */
	const struct iol_job *job;
	const struct iol_summary *s;
};

struct iol_field {
	const char *name;  /* stable column name: "posix_bytes_read" */
	int type;	   /* IOL_FT_* */
	const char *unit;  /* "B", "s", "MiB/s", "%", "" */
	const char *label; /* for people: "POSIX bytes read" */
	int prec;	   /* decimals shown to people (IOL_FT_NUM) */
	/* the getter of the field's type: str for IOL_FT_STR (NULL: no
	 * value), num for IOL_FT_NUM and IOL_FT_TIME (NAN: no value), i64
	 * for the others (INT64_MIN: no value) */
	const char *(*str)(const struct iol_jobrow *r, char *buf, size_t n);
	double (*num)(const struct iol_jobrow *r);
	int64_t (*i64)(const struct iol_jobrow *r);
};

/* The fields in column order; *n set to their count.  Static.  These are
 * exactly the columns of `iolens summary --format=csv`, in its order. */
const struct iol_field *iol_jobrow_fields(size_t *n);

/* Every field: the summary columns above first, then the extended ones
 * summary does not print (end_time, incomplete (a module ran out of memory),
 * posix_read_0_100 ... posix_write_1g_plus, mpiio_read_0_100 ...
 * mpiio_write_1g_plus, the most common access sizes posix_common1_size,
 * posix_common1_count ... h5d_common4_count of iol_common_sizes(), then the
 * per-rank and POSIX operation figures triage reads: busiest_rank,
 * busiest_share, ranks_with_io, rank_bytes_max, rank_bytes_sum, shared_records,
 * posix_reads, posix_writes, posix_seeks, posix_syncs,
 * posix_write_records, and the triage facts of analysis/trifacts.h:
 * posix_mem_not_aligned, shared_small_ops, shared_ops, small_top_file,
 * redundant_bytes, redundant_file, shared_imbalance_pct, _file,
 * shared_time_imbalance_pct, _file, rank_size_imbalance_pct, _file,
 * read_after_write_bytes, _file, mpiio_coll_ops, mpiio_indep_ops,
 * mpiio_nb_ops, hdf5, lustre_ops, lustre_not_aligned, lustre_stripe,
 * lustre_file, aggregator_ranks, aggregators, aggregator_file, and
 * later ones: the MPI-IO layer's small calls mpiio_small_ops ...
 * mpiio_shared_small_time, redundant_stdio_bytes, stdio_ops,
 * lone_reads, hdf5_time_by_slowest, hdf5_meta_by_slowest, stdio_flushes,
 * redundant_reopen_time, posix_opens, sparse_read_time, sparse_read_span,
 * sparse_read_bytes, small_readahead_time, large_read_mibs,
 * stdio_opens, redundant_rank_time, whole_file_ops,
 * redundant_once_bytes, small_file_time, small_file_span,
 * stdio_synced_writes, stdio_synced_records, coll_mpiio_fastest,
 * coll_mpiio_slowest, coll_posix_time, coll_max_call, coll_calls, coll_views,
 * coll_file, best_write_mibs, synced_write_bytes,
 * synced_once_mibs, mpiio_coll_wait, stdio_seeks, stdio_seek_time,
 * funnel_rank, funnel_share, open_write_past_end, synced_write_records,
 * mpiio_sieved_share, redundant_nb_bytes, redundant_nb_time,
 * redundant_bcast_bytes, redundant_bcast_time, ...,
 * redundant_reread_reopen_time, redundant_rewrite_bytes); *n
 * set to the total count.  The same static table: iol_jobrow_fields(&k) is its
 * first k entries. */
const struct iol_field *iol_jobrow_fields_ext(size_t *n);

/* The field of that name (summary or extended), or NULL. */
const struct iol_field *iol_jobrow_field(const char *name);

/* The per-file columns of a struct iol_filerow (iol_files_compute), the
 * one list files' columns and the workbook's Files sheet choose from.
 * Getters as above: NULL, NAN or INT64_MIN for no value; str may write
 * into buf. */
struct iol_filefield {
	const char *name; /* column name: "bytes_read" */
	int type;	  /* IOL_FT_* */
	const char *unit;
	int prec; /* decimals shown to people (IOL_FT_NUM) */
	const char *(*str)(const struct iol_filerow *f, char *buf, size_t n);
	double (*num)(const struct iol_filerow *f);
	int64_t (*i64)(const struct iol_filerow *f);
};

/* The file fields in files' column order (after its "log"); static. */
const struct iol_filefield *iol_filerow_fields(size_t *n);
/* The file field of that name, or NULL. */
const struct iol_filefield *iol_filerow_field(const char *name);

#endif
