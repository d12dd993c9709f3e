/*
 * A file system's server telemetry (storage/fsmon.h) kept in the
 * population store, so that `fsload --db` and `context` join jobs to it
 * without the recordings: `ingest --fsload RECORDING` stores what the
 * readers made of a recording (its targets, their byte and operation
 * intervals and gauges), not the recording's bytes, in four tables:
 *
 *   fs_recordings  one row per recording: source (its real path, or the
 *                  mysql:// URL), size, mtime_ns, format, fsname
 *   fs_targets     its targets: name, kind, server, resets, gaps
 *   fs_samples     its intervals in the order read: series (0 bytes per
 *                  data target, 1 metadata operations), name, t0, t1,
 *                  rbytes, wbytes, reads, writes, gap (iol_ival.gap:
 *                  readings missing, a restart); a row with t0
 *                  NULL only says the series exists (in that order)
 *   fs_gauges      CPU (what 0) and fullness (what 1) samples
 *
 * A recording is stored in one transaction: a store holds all of it or
 * none.  Stored again (the same source) it replaces its rows in place
 * (its place among the recordings, and so the order of targets, kept),
 * or, a file of the same size and mtime, is left as it is.
 */
#ifndef IOLENS_FSSTORE_H
#define IOLENS_FSSTORE_H

#include <limits.h>
#include <stdint.h>

#include "base/error.h"
#include "population/sql.h"
#include "storage/fsmon.h"

enum { IOL_FSPUT_ADDED, IOL_FSPUT_REPLACED, IOL_FSPUT_UNCHANGED };

struct iol_fsput {
	int state; /* IOL_FSPUT_* */
	int fmt;   /* IOL_FSFMT_* */
	size_t ntargets;
	int64_t nsamples, ngauges;
};

/*
 * Read the recording path (a file or a mysql:// URL, iol_fsmon_read) and
 * store it in db, unless a file of the same real path, size and mtime is
 * stored already.  Returns 0, or < 0 with err set (nothing of it
 * stored then).
 */
int iol_fsstore_put(struct iol_sql *db, const char *path, struct iol_fsput *out,
		    struct iol_error *err);

/*
 * The store's telemetry into m (zeroed by the caller), recordings in the
 * order stored, as iol_fsmon_read would have read them: only the
 * intervals that touch [from, to] and the gauges that matter there (NAN:
 * open ends); iol_fsload_compute() cuts the window exactly.  Returns 0,
 * IOL_EEMPTY when the store holds no telemetry (err says so), or < 0.
 */
int iol_fsstore_read(struct iol_fsmon *m, const char *store, double from,
		     double to, struct iol_error *err);

/* What iol_fsstore_merge did; the caller zeroes it, merges add up. */
struct iol_fsmerged {
	int64_t added;		  /* recordings added */
	int64_t skipped;	  /* left out: copies of a report dst holds */
	char why[PATH_MAX + 512]; /* the first left out: "'source': ..." */
	int shard; /* its shard's index (iol_store_merge_all), -1 none */
};

/*
 * Add the recordings of the store src that dst does not hold (by
 * source: the first store to hold one keeps it) to dst, one transaction
 * each, for merge-db.  A recording holding a column that dst holds
 * under another source over a period they share (a copy of a report,
 * which ingest refuses) is left out and counted in res, found in its
 * own transaction.  A src without telemetry adds nothing.  Returns 0
 * or < 0 with err set.
 */
int iol_fsstore_merge(struct iol_sql *dst, struct iol_sql *src,
		      struct iol_fsmerged *res, struct iol_error *err);

#endif
