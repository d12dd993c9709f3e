/*
 * Jobs in the file system's weather (TOKIO's and UMAMI's view): the jobs
 * of a population store joined to what the file system's servers did
 * while each ran: the whole file system's bytes in its run, the part of
 * them that was other traffic, the job's share, server CPU and metadata
 * operations meanwhile.
 *
 * Ownership: the array iol_fsweather_compute() returns is the caller's
 * (free()).
 */
#ifndef IOLENS_FSWEATHER_H
#define IOLENS_FSWEATHER_H

#include "population/weather.h"
#include "storage/fsload.h"

struct iol_fsjob {
	struct iol_wjobw w; /* share, mean and peak of the whole, inside */
	double fs_bytes;    /* the whole's bytes in the run (by overlap) */
	double other_bytes; /* fs_bytes less the job's own; < 0 when the
			     * job says it moved more than reached servers */
	double cpu_mean, cpu_peak; /* data servers' CPU samples in the
				    * run, %; NAN when none */
	double md_cpu_mean;	   /* metadata servers', % */
	double md_ops;		   /* metadata operations in the run */
};

/* One iol_fsjob per job of jobs, in its order, into *out.  m is the
 * telemetry l was computed from.  Returns 0 or < 0 with err set. */
int iol_fsweather_compute(const struct iol_fsmon *m, const struct iol_fsload *l,
			  const struct iol_wjobs *jobs, struct iol_fsjob **out,
			  struct iol_error *err);
/* The iol_fsjob of one job j in the telemetry of the recordings recs
 * (what fsload reads) or, with none (nrecs 0), the telemetry the store
 * db keeps (ingest --fsload) around its run, into *out.  Returns 0, 1
 * when the store keeps none there (no weather to show), or < 0 with err
 * set and *bad the index of the recording that cannot be read (-1:
 * none). */
int iol_fsweather_job(const char *const *recs, int nrecs, const char *db,
		      const struct iol_wjob *j, struct iol_fsjob *out, int *bad,
		      struct iol_error *err);

#endif
