/*
 * Phases of a job (METRICS.md 8): the write and read phases of the job,
 * of each rank and of each file, and their bandwidths.
 */
#ifndef IOL_ANALYSIS_PHASES_H
#define IOL_ANALYSIS_PHASES_H

#include "analysis/metrics.h"

/* A phase: all writes (op 0) or reads (op 1) of a rank, a file or the job. */
struct iol_phase {
	int64_t rank;  /* -1 for file and job phases */
	uint64_t file; /* 0 for rank and job phases */
	int op;
	double start, end; /* seconds from job start; -1 none */
	int64_t bytes, nops;
};

struct iol_phases {
	int source; /* IOL_TL_* */
	struct iol_phase job[2];
	struct iol_phase *rank; /* nrank * 2, index rank*2+op */
	size_t nrank;
	struct iol_phase *file; /* nfile * 2 */
	size_t nfile;
};

/* layer: 0 DXT_POSIX, 1 DXT_MPIIO, -1 POSIX when it has segments */
int iol_phases_compute(const struct iol_job *job, int layer,
		       struct iol_phases *p, struct iol_error *err);
void iol_phases_free(struct iol_phases *p);
/* MiB/s of a phase, NAN if it has no duration. */
double iol_phase_mibs(const struct iol_phase *ph);

#endif
