/*
 * Which OSTs a job's I/O went to, from its own log: Darshan's LUSTRE
 * records give each file's OSTs, the POSIX records its bytes and time;
 * a file's bytes and time are shared evenly among its OSTs (striping
 * round-robin; exact for a file on one OST).  With them, the slow OST
 * (time per byte far above the job's other OSTs) and the job that used
 * few OSTs for much data are triage findings (lib/analysis/triage-ost.c).
 *
 * Ownership: struct iol_ostload is caller storage; iol_ostload_free()
 * releases its rows.
 */
#ifndef IOLENS_OSTLOAD_H
#define IOLENS_OSTLOAD_H

#include <stdint.h>

#include "base/error.h"
#include "model/job.h"

struct iol_ostrow {
	int64_t ost;	       /* the OST's index */
	double files;	       /* files on it (a striped file counts on each) */
	double rbytes, wbytes; /* the files' bytes, by their share */
	double time;	       /* POSIX read + write seconds, by share */
	double s_per_gib;      /* time per GiB; NAN under 1 MiB */
	double vs_median;      /* s_per_gib over the median of the others */
	double slow;	       /* the most one rank spent on a file on it, s */
};

struct iol_ostload {
	struct iol_ostrow *v; /* by OST index */
	size_t n;
	size_t nfiles;	    /* POSIX files with a LUSTRE record */
	size_t nstriped;    /* of them striped over more than one OST */
	double bytes, time; /* of those files */
	double slow_file;   /* the most one rank spent on one of them, s */
	double unmapped;    /* POSIX bytes of files without a record */
};

/* Returns 0 (n 0 when the log has no LUSTRE record) or IOL_ENOMEM. */
int iol_ostload_compute(const struct iol_job *job, struct iol_ostload *l,
			struct iol_error *err);
void iol_ostload_free(struct iol_ostload *l);

/* Thresholds of the OST rules, stated here and in iolens-triage(1). */
/* an OST is paced when it moved this much: under it per-request latency
 * of small files, not the OST, sets the time per byte (imbalanced-io's
 * 495 files of 80 kB on one OST) */
#define IOL_OST_MIN_BYTES (64.0 * 1024.0 * 1024.0)
#define IOL_OST_SLOW_RATIO 4.0 /* time per byte x the others' median */
#define IOL_OST_FEW_BYTES (1024.0 * 1024.0 * 1024.0) /* data for many */
#define IOL_OST_FEW_MAX 2 /* OSTs or fewer for that much data */

struct iol_triage;
struct iol_triage_conf;
/* Append the SLOW-OST and FEW-OSTS findings of job (when it has LUSTRE
 * records and a rule is crossed) to t. */
int iol_triage_ost(const struct iol_job *job, const struct iol_triage_conf *c,
		   struct iol_triage *t, struct iol_error *err);

#endif
