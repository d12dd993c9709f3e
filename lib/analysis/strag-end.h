/*
 * Where a rank's I/O in a phase ended, for IOL-STRAGGLER (issue 34): its
 * last DXT segment, or later where the log shows its writes went on
 * after it.  DXT does not trace fsync; Darshan counts it in the record's
 * F_WRITE_TIME, and the record's F_CLOSE_END_TIMESTAMP says when the
 * rank was done with the file.  A rank row whose phase was given sync
 * time (iol_phase.sync_end past its end, phases.h) by its own record of
 * a file of the phase, closed after the row's last segment, ended at
 * the earlier of the two: the sync's estimated end and the close.
 * Shared records (rank -1) have no per-rank close time: their ranks end
 * at their last segment, as before.  Reads are traced whole by DXT and
 * end at their last segment.
 */
#ifndef IOL_ANALYSIS_STRAG_END_H
#define IOL_ANALYSIS_STRAG_END_H

#include "analysis/phases.h"

/* Per rank row of ph (ph->nrank of them) into ends[]: where the row's
 * I/O ended (>= its end).  Returns 0, or IOL_ENOMEM (ends[] then holds
 * every row's end). */
int iol_strag_ends(const struct iol_job *job, const struct iol_phases *ph,
		   double *ends);

#endif
