/*
 * Facts of a job that only the triage rules read (Drishti's rules and
 * the read-after-write check): per-file sums over records that the
 * summary does not keep.  Computed once with the summary and kept in it
 * (struct iol_summary.tf), so the job row, and so the population store,
 * carry them.
 *
 * Counts are -1 when the log cannot tell (module absent, counter not
 * recorded), percentages NAN; file ids are 0 when there is no such file.
 *
 * Ownership: caller storage; nothing allocated survives the call.
 */
#ifndef IOLENS_TRIFACTS_H
#define IOLENS_TRIFACTS_H

#include <stdint.h>

#include "base/error.h"
#include "model/job.h"

/* small_file_time's small file: at most this many bytes (triage's
 * default small_file_bytes; a fact is measured before any site's
 * configuration is read) */
#define IOL_TRI_SMALL_FILE_B 65536
/* small_file_time's files leave out one opened this many times by a
 * process to move a piece of it each time (triage's default
 * storm_reopens) */
#define IOL_TRI_STORM_REOPENS 10

struct iol_trifacts {
	/* POSIX */
	int64_t mem_notaligned;		  /* POSIX_MEM_NOT_ALIGNED summed */
	int64_t shared_small, shared_ops; /* ops < 1 MiB / all, rank -1 */
	/* the file whose ops < 1 MiB took the most time (over all ranks),
	 * or, when none took any, the one with the most of them */
	uint64_t small_top_id;
	int64_t small_top_ops;
	double small_top_secs; /* that time, summed over ranks */
	/* "small" is under 1 MiB: Darshan's 100K_1M bin holds requests of
	 * exactly 1 MiB too, and the common access sizes (ACCESS1..4) tell
	 * how many; those are not small.  one_mib_ops: how many were taken
	 * out of that bin */
	int64_t one_mib_ops;
	/* the estimated seconds a rank spends in small operations, all
	 * files and shared files: each record's read + write time times
	 * its share of small operations, per rank, the slowest rank's
	 * (a shared record adds its slowest rank's time) */
	double small_time, shared_small_time;
	/* bytes moved beyond each file's highest offset + 1, read and
	 * written, over all its records whatever the ranks: data the job
	 * moved more than once (independent of the rank count) */
	int64_t redundant_bytes;
	int64_t redundant_code; /* of programs' code (not in redundant_bytes) */
	uint64_t redundant_id;	/* the record with the most: its file ... */
	int64_t redundant_max;	/* ... and its redundant bytes */
	/* of redundant_bytes, the rewrites of files the job never read
	 * (no byte of them can be a re-read) */
	int64_t redundant_rewrite;
	/* shared records of at least 1 MiB, each rank against the mean
	 * rank (the record's sums over nprocs): the slowest rank's bytes
	 * beyond the mean rank's (only the slowest holds the others back),
	 * and its time beyond the mean rank's, in percent of the mean; a
	 * file MPI-IO drove is judged by its MPI-IO record, since
	 * collective buffering makes the POSIX ranks uneven by design.
	 * Stakes: the bytes' one, the slowest rank's time split by its own
	 * bytes (the part beyond the mean), no more than its time beyond
	 * the mean rank's, s */
	double shared_imbal_pct, shared_time_imbal_pct;
	uint64_t shared_imbal_id, shared_time_imbal_id;
	double shimb_stake;
	int64_t shtimb_rank; /* the slowest rank, -1 unknown */
	double shtimb_slow, shtimb_mean, shtimb_fast;
	/* files with two or more per-rank records: the largest (max - min)
	 * / max over ranks of bytes read or of bytes written, percent */
	double rank_size_imbal_pct;
	uint64_t rank_size_imbal_id;
	double rsimb_stake; /* its busiest rank's time beyond the mean */
	/* bytes read from files whose first read came after their first
	 * write (the job reads data it wrote) */
	int64_t raw_bytes;
	uint64_t raw_id; /* the file with the most, and its bytes */
	int64_t raw_max;
	/* MPI-IO operations: collective, independent, non-blocking */
	int64_t mpiio_coll, mpiio_indep, mpiio_nb;
	int hdf5; /* an H5F or H5D module is present */
	/* POSIX operations on files of Lustre mounts, those not aligned to
	 * the alignment Darshan recorded (on Lustre, the stripe size), and
	 * that alignment on the file with the most operations; -1 when no
	 * file is on Lustre */
	int64_t lustre_ops, lustre_notaligned, lustre_stripe;
	uint64_t lustre_id;
	/* files MPI-IO drove, of at least 1 MiB: the most ranks per rank
	 * that did their POSIX I/O (collective buffering's aggregators,
	 * estimated from the variance of bytes over ranks), and that number
	 * of aggregators; NAN when there is no such file */
	double aggr_ranks, aggr_count;
	uint64_t aggr_id;
	double aggr_time; /* the POSIX time of that file's slowest rank */
	/* files MPI-IO drove with collective operations: the slowest
	 * aggregator's POSIX time over the mean aggregator's (aggregators
	 * estimated as above, or the ranks with per-rank records), the
	 * largest over files; its rank, times and file */
	double askew, askew_slow, askew_mean, askew_k;
	int64_t askew_rank;
	uint64_t askew_id;
	/* bytes of per-rank POSIX records of such files (aggregation) */
	int64_t rank_bytes_coll;
	/* POSIX + STDIO metadata time of the slowest rank (ranktime's
	 * meta_by_slowest), set by iol_summary_compute */
	double meta_slowest;
	/* HDF5's time a rank by slowest, H5F metadata and H5D read, write
	 * and metadata, and its metadata alone (H5F + H5D META); NAN
	 * without HDF5 (set by iol_summary_compute) */
	double h5_time_slowest, h5_meta_slowest;
	/* ranks whose per-rank POSIX + STDIO records moved bytes, and the
	 * least such rank's bytes (set by iol_summary_compute) */
	int64_t ranks_bytes, rank_bytes_min;
	/* the busiest rank counting shared POSIX records it alone moved
	 * (its slowest rank's bytes all the record's, the fastest rank's
	 * none) as its own, -1 none, and its share of the POSIX + STDIO
	 * bytes, NAN none: IOL-RANK0-IO's (set by iol_summary_compute) */
	int64_t funnel_rank;
	double funnel_share;
	/* the busiest rank's (most bytes in its own records) read + write
	 * time in its own records beyond the mean rank's (own records
	 * summed over ranks / nprocs); NAN: no per-rank times */
	double rank_imbal_stake;
	/* shared POSIX records (files every rank opened) with writes: the
	 * shared files worth MPI-IO, libraries every rank reads left out */
	int64_t shared_wfiles;
	/* of them, the files with no MPI-IO record, of 1 MiB and a write a
	 * rank or more: IOL-NO-MPIIO judges the files, not whether the job
	 * uses MPI-IO elsewhere (issue 34, round 107) */
	int64_t shared_wfiles_nompi;
	/* the MPI-IO layer's requests (its size bins, one a call): under
	 * 1 MiB (less those of exactly 1 MiB, as for POSIX), under 10 KiB,
	 * all; the same on shared records; and the estimated seconds a rank
	 * spends in them (as small_time, from MPI-IO's read + write time):
	 * 2000 collective calls of 4 KiB cost 7.3 s a rank in MPI-IO while
	 * POSIX sees 0.03 s of aggregated 32 KiB writes.  -1 (NAN): no
	 * MPI-IO module */
	int64_t mpiio_small, mpiio_tiny, mpiio_ops;
	int64_t mpiio_shared_small, mpiio_shared_ops;
	double mpiio_small_time, mpiio_shared_small_time;
	/* the collective calls on the shared records that hold small
	 * calls: whether the files where the small calls are use
	 * collective I/O, not whether any file does (issue 34, round 106);
	 * -1: no MPI-IO module */
	int64_t mpiio_shared_small_coll;
	/* bytes re-read through STDIO beyond each file's highest offset + 1
	 * read, less what the file's POSIX records already count (a byte
	 * both layers saw counts once); -1: no STDIO module */
	int64_t redundant_stdio;
	/* of redundant_stdio, the bytes that are only each rank's one pass
	 * over a file it opened once (stdio_once()); -1: no STDIO module */
	int64_t redundant_once;
	/* the metadata time of the reopens of files rewritten pass after
	 * pass, each pass its own open (seconds, all ranks) */
	double redundant_reopen_time;
	/* the metadata time of the reopens of files re-read pass after
	 * pass, each pass its own open (seconds, all ranks; NAN: no POSIX
	 * module) */
	double redundant_rr_reopen_time;
	/* the slowest rank's seconds of the rewrites it moved beyond the
	 * fastest rank's bytes, shared records summed (seconds) */
	double redundant_rank_time;
	/* of the rewrites, those of files MPI-IO wrote with nonblocking
	 * calls (bytes), and their seconds at the MPI-IO time a byte of
	 * their files' slowest ranks */
	double redundant_nb_bytes, redundant_nb_time;
	/* files every rank read whole, one pass each (bcast_read()): the
	 * bytes beyond one pass, and the seconds reading once and
	 * broadcasting would save, their fastest rank's time less 1/N */
	int64_t redundant_bcast;
	double redundant_bcast_time;
	/* POSIX reads under 1 MiB each alone in its open (reads <= opens)
	 * and holding all that was read of its file (highest byte read + 1
	 * at most the mean read, or for a shared record the mean read times
	 * the processes: one request a rank): a read that has no next read
	 * to merge with (a stat storm reading 64 B a file a pass; ranks
	 * opening one file for 64 B each time); -1: no POSIX module */
	int64_t lone_reads;
	/* POSIX requests under 1 MiB that are a whole file each: a
	 * process's record of at most one read and one write, each from
	 * offset 0 to the file's highest byte (a checkout's one write a
	 * file), or a shared record without writes read whole once an
	 * open, with its 0-B reads at end of file (round 116), reads
	 * lone_reads counts left out; -1: no POSIX module */
	int64_t whole_file_ops;
	/* the slowest rank's read and write seconds in the POSIX and STDIO
	 * records of small files (highest byte + 1 at most
	 * IOL_TRI_SMALL_FILE_B): a file storm's data time, which one packed
	 * file would save with its opens; NAN: neither module */
	double small_file_time;
	/* the bytes of those small files read, each file's highest byte
	 * read + 1 once (its POSIX and STDIO records one file); NAN:
	 * neither module */
	double small_file_span;
	/* STDIO writes, and their records (a shared one a process), in
	 * files whose POSIX record syncs and writes nothing: the program's
	 * data went through STDIO, its syncs through POSIX (trisync.c);
	 * -1: no POSIX or no STDIO module */
	int64_t stdio_synced_writes, stdio_synced_recs;
	/* the bytes written in POSIX records synced more than once a
	 * process, and the STDIO bytes of files whose syncs are POSIX's
	 * (-1: no POSIX module); the fastest pace, MiB/s, of records of 1
	 * MiB or more written and synced at most once a process (NAN: none):
	 * IOL-FSYNC's flush of the bytes once (trisync.c) */
	int64_t synced_bytes;
	double synced_once_mibs;
	/* the slowest MPI-IO rank's metadata time in its own records of
	 * collectively opened files beyond the least such rank's, or a
	 * shared record's slowest rank beyond all its reads and writes and
	 * its fastest rank, the larger: its wait in collective opens and
	 * closes for partners still computing (triwait.c); NAN: no MPI-IO
	 * module, or one incomplete */
	double mpiio_coll_wait;
	/* the slowest MPI-IO rank's time in collective reads and writes
	 * beyond each file's fastest rank's, in files whose POSIX bytes
	 * fewer ranks moved than made the calls: its wait there for late
	 * ranks (triwait.c); NAN as mpiio_coll_wait */
	double mpiio_coll_data_wait;
	/* the written POSIX records with a sync, a shared record one a
	 * process that synced (at most its syncs), and the STDIO records
	 * whose syncs are POSIX's: the files IOL-FSYNC forgives a first
	 * sync (-1: no POSIX module; trisync.c, issue 34, round 51) */
	int64_t synced_recs;
	/* small POSIX reads (under 1 MiB) of sparse records, on the slowest
	 * rank by small operations' time (small_time's rank): records whose
	 * bytes read are at most half the span they lie in (highest byte
	 * read + 1), or whose reads are in no order (under nine in ten
	 * sequential), a shared record's split over the processes; a rank's
	 * own record in a job of several processes is left out (its lowest
	 * offset is not logged: its span may be the others' too); or whose
	 * reads the kernel's readahead serves (it reads their span).  Their
	 * seconds, span and bytes, in the small reads' share of the
	 * record's reads; and the seconds of small reads the kernel's
	 * readahead serves (forward reads of 1 KiB or more, gaps under its
	 * window: readahead()), any record.  NAN: no POSIX module.  What
	 * larger requests would save is at most the sparse reads' time less
	 * their span at a large request's pace (issue 34, round 11) */
	double sparse_read_time, sparse_read_span, sparse_read_bytes;
	double small_ra_time;
	/* the pace of the job's large POSIX reads (records whose reads are
	 * all 1 MiB or more): their bytes over their read time, MiB/s; NAN
	 * when there are none */
	double large_read_mibs;
	/* the best write pace the storage showed a process: the fastest
	 * per-process POSIX or STDIO record of at least 1 MiB written, its
	 * bytes written over its write time, MiB/s; NAN unless two files
	 * or more (a file's POSIX and STDIO records one) were so written:
	 * a file alone is no comparison (issue 34, round 31) */
	double best_write_mibs;
	/* the shared MPI-IO file driven (nine calls in ten or more) by
	 * collective calls, of 1 MiB or more, whose fastest rank's MPI-IO
	 * time (less the mean rank's MPI-IO metadata time) is furthest
	 * beyond the slowest rank's POSIX time on it (tricoll.c): those two
	 * times, its slowest rank's MPI-IO time, its longest call, its
	 * collective calls and views.  NAN (-1, id 0): no MPI-IO or POSIX
	 * module, or one incomplete; 0: no such file */
	double coll_fast, coll_slow, coll_posix, coll_max_call;
	int64_t coll_calls, coll_views;
	uint64_t coll_id;
	/* the end of the last write to a file (not a standard stream)
	 * with no close after it, less the logged run time, s (tricut.c):
	 * past 0, the log ends before its own records' I/O, a job cut
	 * short (killed; its log an epilog's merge); NAN: no such file or
	 * no run time (issue 34, round 50) */
	double open_write_past_end;
	/* the share of the MPI-IO calls under 1 MiB (its size bins) made
	 * on files whose data sieving the storage served: in a direction
	 * whose POSIX bytes are at least twice MPI-IO's, in POSIX requests
	 * of 1 MiB or more on average (tricoll.c, issue 34, round 55); NAN:
	 * no MPI-IO or POSIX module, or one incomplete */
	double mpiio_sieved_share;
};

int iol_trifacts_compute(const struct iol_job *job, struct iol_trifacts *tf,
			 struct iol_error *err);
/* tf->stdio_synced_writes, _recs; 0 or IOL_ENOMEM (trisync.c) */
int iol_trifacts_synced_stdio(const struct iol_job *job,
			      struct iol_trifacts *tf);
/* tf->synced_bytes, synced_once_mibs (trisync.c); before
 * iol_trifacts_synced_stdio(), which adds the STDIO bytes */
void iol_trifacts_sync_flush(const struct iol_job *job,
			     struct iol_trifacts *tf);
/* tf->mpiio_coll_wait and mpiio_coll_data_wait; 0 or IOL_ENOMEM
 * (triwait.c) */
int iol_trifacts_mpiio_wait(const struct iol_job *job, struct iol_trifacts *tf);
/* tf->open_write_past_end (tricut.c) */
void iol_trifacts_cut_short(const struct iol_job *job, struct iol_trifacts *tf);
/* The most seconds any rank spent in POSIX reads of bytes it had read
 * or written before in the same file, from DXT, and *bytes those reads'
 * bytes over all ranks, *shared those of them in files two or more
 * ranks read, *own_read those of them the rank had read (not only
 * written) before; NAN when the log has no DXT POSIX segments, over
 * IOL_TRIAGE_MAX_SEGS, or segments missing 1 % or more of the bytes the
 * counters read (trireread.c) */
double iol_triage_dxt_rereads(const struct iol_job *job, double *bytes,
			      double *shared, double *own_read);
/* Is path a program's code (.py, .pyc, .pyo, .so, .so.N): imports,
 * not data (trifacts.c) */
int iol_trifacts_code_file(const char *path);

/* How many of n ranks moved a shared record's bytes, from the variance
 * of its bytes over the ranks (k ranks moving bytes/k each: k = B^2 /
 * (n var + B^2 / n)), rounded, at least 1; NAN where var or n cannot
 * say. */
double iol_trifacts_movers(double bytes, double var, double n);
/* Of the counters' seconds for the data re-reads (each POSIX record's
 * read time split by bytes), the share its slowest read leaves: a
 * record's re-reads take at most its read time less its slowest read;
 * NAN when no data record re-reads (trireread.c) */
double iol_triage_warm_rereads(const struct iol_job *job);
/* The slowest rank's read + write seconds in its own unsynced POSIX
 * records whose every request is under 100 KiB, *bytes their bytes; NAN
 * without POSIX records (trismall.c) */
double iol_triage_small_own(const struct iol_job *job, double *bytes);
/* Each POSIX record's write seconds from its DXT segments, for a rank's
 * own record synced more than once whose every write DXT holds; -1 for
 * the others; NULL without any (or out of memory): free() it
 * (trismall.c) */
double *iol_trifacts_dxt_writes(const struct iol_job *job);
/* The ids of the POSIX files one rank read in whole passes that are
 * the draw's (trifacts.c: struct draws), sorted, into *ids (NULL when
 * none: free() it), their count into *n; -1 when out of memory */
int iol_trifacts_drawn(const struct iol_job *job, uint64_t **ids, size_t *n);
/* The slowest rank's (most summed DXT time) union of its POSIX DXT
 * segments over all its records, over the sum of each record's own
 * union: under 1 where threads or AIO overlap across records; NAN
 * without DXT POSIX segments or over IOL_TRIAGE_MAX_SEGS (triconc.c) */
double iol_triage_dxt_overlap(const struct iol_job *job);
/* tf->coll_fast ... coll_id (tricoll.c) */
void iol_trifacts_coll_excess(const struct iol_job *job,
			      struct iol_trifacts *tf);
/* tf->mpiio_sieved_share (tricoll.c) */
void iol_trifacts_sieved(const struct iol_job *job, struct iol_trifacts *tf);

#endif
