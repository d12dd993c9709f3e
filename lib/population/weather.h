/*
 * I/O weather: the jobs of the population store joined to the storage
 * device's activity.  For each bin of a device series: the jobs running
 * in it and the bytes they explain (each job's bytes spread uniformly over
 * its run); overall: the share of the device's bytes that logged jobs
 * explain (the study's coverage); for each job: the device load while it
 * ran (mean and peak throughput) and the share of that load the job
 * itself explains.
 *
 * Ownership: struct iol_wjobs and struct iol_weather are caller storage;
 * their _release functions free what the library put in them.
 */
#ifndef IOLENS_WEATHER_H
#define IOLENS_WEATHER_H

#include <stdint.h>

#include "base/error.h"
#include "storage/devio.h"

struct iol_wjob {
	int64_t id;
	char *path, *app, *user; /* "" when NULL in the store */
	double start, end;	 /* epoch seconds, UTC */
	int64_t rbytes, wbytes;
};

struct iol_wjobs {
	struct iol_wjob *v;
	size_t n;
};

/*
 * Read the jobs (id, path, app, user, start_time, end_time, bytes_read,
 * bytes_written) of the population store at dbpath (read only), ordered
 * by start_time.  Jobs without times are skipped (counted in *skipped,
 * may be NULL).  Returns 0 or < 0 with a message in err.
 */
int iol_wjobs_load(const char *dbpath, struct iol_wjobs *jobs,
		   uint64_t *skipped, struct iol_error *err);
void iol_wjobs_release(struct iol_wjobs *jobs);

struct iol_wbin {
	double job_bytes; /* bytes of the jobs, spread over their runs */
	int njobs;	  /* jobs running in the bin */
};

struct iol_wjobw {
	double dev_mean_bps; /* device bytes during the job / its run */
	double dev_peak_bps; /* highest bin rate while it ran */
	double job_bps;	     /* the job's own bytes / its run */
	double share; /* the job's bytes / the device bytes of the bins it
		       * ran in (the bins' resolution); NAN if 0 */
	int inside;   /* 1 when the run lies inside the recording */
};

struct iol_weather {
	struct iol_wbin *bins; /* b->nbins */
	size_t nbins;
	struct iol_wjobw *jobs; /* one per job, in the jobs' order */
	size_t njobs;
	double dev_bytes; /* device bytes in bins where a job ran */
	double all_dev_bytes, job_bytes;
	double coverage; /* job_bytes / all_dev_bytes; NAN if 0 */
};

/* Join jobs to row (a device, or b->ndev for all) of b. */
int iol_weather_compute(const struct iol_binned *b, size_t row,
			const struct iol_wjobs *jobs, struct iol_weather *w,
			struct iol_error *err);
/* Both for `iolens iostat --db`: the store's jobs (iol_wjobs_load), joined
 * to all devices of b (row b->ndev). */
int iol_weather_load(const char *dbpath, const struct iol_binned *b,
		     struct iol_wjobs *jobs, struct iol_weather *w,
		     uint64_t *skipped, struct iol_error *err);
void iol_weather_release(struct iol_weather *w);
/*
 * One job's weather (report --recording, context): the devices read
 * into ds (iol_devset_read) finished and binned at their recorded step
 * here, the job running [start, end) with rbytes and wbytes joined to
 * all of them.  Returns 0 or < 0 with a message in err.
 */
int iol_weather_one(struct iol_devset *ds, double start, double end,
		    int64_t rbytes, int64_t wbytes, struct iol_wjobw *out,
		    struct iol_error *err);
/*
 * The same from the recordings recs (nrecs), read here in order: cut[i]
 * the line where recording i ends early (0: whole; caller storage for
 * nrecs).  Returns 0, or < 0 with err set and *bad the index of the
 * recording that cannot be read (-1: the weather itself failed).
 */
int iol_weather_recs(const char *const *recs, int nrecs, double start,
		     double end, int64_t rbytes, int64_t wbytes,
		     struct iol_wjobw *out, uint64_t *cut, int *bad,
		     struct iol_error *err);

#endif
