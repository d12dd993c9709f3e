/*
 * Slurm accounting as `sacct -P` prints it ('|'-separated, a header row
 * naming the fields): one job per line, read into struct iol_schedjob
 * (population/store.h).  Fields used, by header name (case ignored):
 * JobID (required), JobIDRaw, Cluster, User, Account, NNodes or
 * AllocNodes, NCPUS or AllocCPUS, Elapsed or ElapsedRaw, Start, End,
 * State.  Lines of job steps (123.batch, 123.extern, 123.0) and of jobs
 * that never started (PENDING, 123_[4-9]) are counted, not returned: a
 * job's own line holds its allocation.  An array task 123_4 is joined to
 * Darshan by JobIDRaw, the id its processes saw as SLURM_JOB_ID; without
 * that field it cannot be joined and is counted.
 *
 * Start and End are read in the local time zone (TZ), as sacct prints
 * them.  Every field is checked: a bad line is reported with its number
 * and the field, and reading goes on.
 *
 * Ownership: struct iol_sacct is caller storage (zeroed to start);
 * the strings of a returned job point into the caller's line.
 */
#ifndef IOLENS_POP_SACCT_H
#define IOLENS_POP_SACCT_H

#include <stdint.h>

#include "base/error.h"
#include "population/store.h"

enum {
	IOL_SF_JOBID,
	IOL_SF_JOBIDRAW,
	IOL_SF_CLUSTER,
	IOL_SF_USER,
	IOL_SF_ACCOUNT,
	IOL_SF_NNODES,
	IOL_SF_NCPUS,
	IOL_SF_ELAPSED,
	IOL_SF_ELAPSEDRAW,
	IOL_SF_START,
	IOL_SF_END,
	IOL_SF_STATE,
	IOL_SF_PARTITION, /* optional: coverage --by partition */
	IOL_SF_N
};

struct iol_sacct {
	int col[IOL_SF_N]; /* field index of each, -1 absent */
	int nfields, trailing, have_header;
	int64_t line;
	int64_t jobs, steps, pending, unjoinable, bad;
};

/* The names of the fields sacct -P should print (for messages). */
extern const char iol_sacct_format[];

/*
 * Feed one line (without its newline; modified in place).  Returns 1 and
 * fills *j for a job, 0 for a line that is no job (header, step, pending,
 * blank), or IOL_EINVAL with err saying why (the first line is no sacct
 * header; a field is malformed).  The first bad line for a missing
 * header is fatal to the caller; later bad lines are not.
 */
int iol_sacct_line(struct iol_sacct *p, char *line, struct iol_schedjob *j,
		   struct iol_error *err);

/* Slurm's [D-][HH:]MM:SS[.fff] as seconds; 0 or IOL_EINVAL. */
int iol_sacct_elapsed(const char *s, double *sec);

#endif
