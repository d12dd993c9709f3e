/*
 * Options shared by the population commands (jobs, groups, variance,
 * context, population-report): --db, --where, --format, -o, and the
 * opening of the store read-only with the house error messages.
 */
#ifndef IOLENS_POPCOMMON_H
#define IOLENS_POPCOMMON_H

#include <getopt.h>

#include "cmd/common.h"
#include "population/popdb.h"
#include "population/popan.h"
#include "population/popjob.h"
#include "population/poptriage.h"
#include "population/trend.h"
#include "population/weather.h"
#include "population/fsweather.h"

struct popopts {
	struct copts c;
	const char *db, *where;
};

/* The bit of pop_begin()'s common that takes --db and --where. */
#define POPT_DB (1ul << 10)
/* the options of a command that reads a store and no trace */
#define POPTS_STORE (POPT_DB | COPTS_OUT | COPT_WIDE)

/*
 * Parse argv (the command's own options in own, cmd/opts.h, own.t NULL:
 * none; the shared ones in common, COPT_* and POPT_DB), require --db and
 * nargs positional arguments (-1: any number), open the store read-only,
 * check --where and open the output (unless o is NULL).  Returns -1 to go
 * on (then *db is open and *first is the first positional argument), else
 * the exit status to return at once.
 */
int pop_begin(struct popopts *p, int argc, char **argv, struct cmd_optset own,
	      unsigned long common, int nargs, struct out *o,
	      struct iol_popdb **db, int *first);

/* Say that no job matches --where (or that the store is empty); returns
 * the exit status, 1. */
int pop_none(const struct popopts *p);
/* The trend's rows of the jobs matching --where, with the triage's
 * flagged share under the site's thresholds, in one pass of the store
 * (iol_trend_each_share()); prints the message on failure.  None
 * matching is a failure (IOL_EEMPTY, "no jobs match"): nothing to
 * report. */
int pop_trend_share(struct popopts *p, struct iol_popdb *db, int by, int every,
		    struct iol_popset *set, struct iol_popshare *sh,
		    struct iol_trend_row **r, size_t *n, size_t *undated);
/* Each row of the parts in what (IOL_POPLOAD_*) of the jobs matching
 * --where to fn, none kept (iol_popdb_each()). */
int pop_each(struct popopts *p, struct iol_popdb *db, unsigned what,
	     int (*fn)(const struct iol_popjob *j, void *arg), void *arg,
	     struct iol_popset *set);

/* The I/O weather of job j (population/weather.h) from the device
 * recordings recs: 0, or -1 with the message printed. */
int pop_weather(const char *const *recs, int nrecs, const struct iol_popjob *j,
		struct iol_wjobw *out);
/* The same for a job not in the store, from its log (report --db
 * --iostat); the message printed on failure. */
int pop_weather_job(const char *const *recs, int nrecs,
		    const struct iol_job *job, const struct iol_opts *m,
		    struct iol_wjobw *out);
/* Job j in the weather of the file-system telemetry recs (context
 * --fsload), or with none the telemetry the store db keeps (ingest
 * --fsload) around its run: 0, 1 when the store keeps none there
 * (nothing said), or < 0 with the message printed. */
int pop_fsweather(const char *const *recs, int nrecs, const char *db,
		  const struct iol_popjob *j, struct iol_fsjob *out);
/* The same for the job of log (report --db --fsload): the store's row
 * for log, else job summarised with m, as context finds it. */
int pop_fsweather_log(const char *const *recs, int nrecs, const char *db,
		      const char *log, const struct iol_job *job,
		      const struct iol_opts *m, struct iol_fsjob *out);

#endif
