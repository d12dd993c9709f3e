/*
 * Phases of a job (METRICS.md 8): the write and read phases of the job,
 * each broken down by rank and by file, with two bandwidths each.
 *
 * A phase is a stretch of one operation (writes or reads) in the DXT
 * segments.  The segments of each operation, taken over every rank in
 * time order, start a new phase where no rank did that operation for at
 * least the gap (iol_phases.gap[op]):
 *
 *	gap = max(IOL_PHASE_MIN_GAP, IOL_PHASE_GAP_FACTOR x the median time
 *	          between a rank's consecutive operations of that kind)
 *
 * so repeated iterations (IOR -i 3) and alternating write and read
 * stretches become separate phases, while a copy that interleaves reads
 * and writes (dd) stays one read and one write phase.  Such a gap ends
 * the phase when it lasts IOL_PHASE_IDLE or more, or when the other
 * operation ran in it (alternation; not when the other operation also
 * ran between two segments of the phase, as in a copy), or when the
 * segment after it accesses the same rank, file, offset and operation as
 * a segment of the phase (a new pass over the same data: IOR -i, whose
 * iterations are a barrier apart).  Phases carrying less than
 * IOL_PHASE_FOLD of the job's bytes are folded into one "other" row per
 * operation, and so, in each phase, are files carrying less than that.
 *
 * DXT does not trace fsync.  Darshan adds fsync/fdatasync time to a
 * record's F_WRITE_TIME (MPI_File_sync to MPIIO_F_WRITE_TIME), so for
 * every record with syncs the time not covered by its write segments is
 * sync time; it is given to the rank's write phases on that file in
 * proportion to their bytes (a shared record's, evenly to the ranks that
 * wrote it) and placed after the rank's last write of the phase, never
 * past the rank's next phase.  Each phase so has a "data transfer"
 * bandwidth (bytes / first start to last end) and an "including sync"
 * one (bytes / first start to the end of the last sync).
 *
 * Ownership: iol_phases_compute() fills caller storage; the arrays are
 * freed by iol_phases_free().
 */
#ifndef IOL_ANALYSIS_PHASES_H
#define IOL_ANALYSIS_PHASES_H

#include "analysis/metrics.h"

#define IOL_PHASE_MIN_GAP 0.0001
#define IOL_PHASE_GAP_FACTOR 10.0
#define IOL_PHASE_IDLE 1.0
#define IOL_PHASE_FOLD 0.01

/* One row: a phase of the job, or a rank's or a file's part of one. */
struct iol_phase {
	int64_t rank;	   /* -1 for file and job rows */
	uint64_t file;	   /* 0 for rank and job rows and other-file rows */
	int op;		   /* 0 write, 1 read */
	int other;	   /* 1: folded rows ("other"), no bandwidth */
	size_t id;	   /* phase number from 1 in time order; 0 other */
	double start, end; /* seconds from job start */
	int64_t bytes, nops;
	int64_t nfolded; /* other rows: phases or files folded in */
	double sync;	 /* seconds of sync after the last transfer */
	double sync_end; /* end including that sync (>= end) */
	double busy;	 /* rank rows: its segments' seconds summed */
};

struct iol_phases {
	int source;	       /* IOL_TL_* */
	double gap[2];	       /* the gap that split writes, reads (s) */
	size_t nphase;	       /* phases numbered 1..nphase */
	struct iol_phase *job; /* njob rows: phases, then other */
	size_t njob;
	struct iol_phase *rank; /* by rank, then phase */
	size_t nrank;
	struct iol_phase *file; /* by phase, then file */
	size_t nfile;
};

/* layer: 0 DXT_POSIX, 1 DXT_MPIIO, -1 POSIX when it has segments */
int iol_phases_compute(const struct iol_job *job, int layer,
		       struct iol_phases *p, struct iol_error *err);
/* The same, and the rank x time matrix of nbins bins as
 * iol_matrix_compute(job, layer, nbins) makes it, from the segments the
 * phases gather (no second pass over the log): *mret 0 and m set (free
 * with iol_matrix_free), or < 0 with merr set and m empty, whatever the
 * phases' own result. */
int iol_phases_compute_mx(const struct iol_job *job, int layer, size_t nbins,
			  struct iol_phases *p, struct iol_matrix *m, int *mret,
			  struct iol_error *merr, struct iol_error *err);
void iol_phases_free(struct iol_phases *p);
/* "Data transfer" MiB/s of a row: bytes / (end - start); NAN for other
 * rows and rows without duration. */
double iol_phase_mibs(const struct iol_phase *ph);
/* "Including sync" MiB/s: bytes / (sync_end - start); NAN likewise. */
double iol_phase_mibs_sync(const struct iol_phase *ph);

#endif
