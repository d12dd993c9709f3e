/*
 * The population store: one SQLite file, or a PostgreSQL database named
 * by a URL (postgresql://...), with tables meta, jobs (one row per log,
 * never two, also when several processes ingest into one PostgreSQL
 * database at once), errors (one row per log that failed) and sched, as
 * man/iolens-ingest.1 documents.  On SQLite rows are written in batches,
 * one transaction each, so a killed writer loses at most the open batch;
 * on PostgreSQL each row is its own transaction (store.c says why).
 *
 * A SQLite store runs in WAL mode while open (commits append to the log and
 * readers are not blocked during a long ingest); iol_store_close()
 * checkpoints and returns it to a rollback journal, so a closed store is
 * one file.  After a kill the WAL beside it is recovered by the next open.
 * A store made new by iol_store_create() has no WAL: it is seen whole when
 * closed, or never.
 *
 * Ownership: iol_store_open() allocates the store; iol_store_close()
 * commits, frees it and everything it prepared.  Only one thread may use
 * a store.
 */
#ifndef IOLENS_POP_STORE_H
#define IOLENS_POP_STORE_H

#include <stdint.h>

#include "base/error.h"
#include "population/row.h"

struct iol_fsmerged; /* population/fsstore.h */

/* 1: meta, jobs, errors.  2: the scheduler's jobs (table sched, from
 * sacct), jobs.sched_id joining them, and the indexes the analyses of a
 * million jobs read through; a store of schema 1 is migrated when
 * opened for writing. */
#define IOL_STORE_SCHEMA 2

struct iol_store;

/* 1 if path names a PostgreSQL store (a postgresql:// URL), not a file. */
int iol_store_is_url(const char *path);

/* IOL_EINVAL "is a directory, not a population store" when path is a
 * directory (SQLite would say "disk I/O error"), else 0. */
int iol_store_path_check(const char *path, struct iol_error *err);

/* Open or create the store at path; new job-row columns are added to an
 * older store's jobs table. */
int iol_store_open(struct iol_store **st, const char *path,
		   struct iol_error *err);
/*
 * Create the SQLite store at path, unseen until it is closed (a path that
 * exists, a URL, or a file system where that cannot be done: as
 * iol_store_open()).  Its file is made beside path and has no name while
 * it is written, with its journal in memory and no sync (no WAL: each
 * page written once); iol_store_close() syncs it and links it in as path,
 * never over a file made there meanwhile: its rows are then merged into
 * that store by taken (iol_store_merge_all(), given by the caller: merge.c
 * lies above this file), or, taken NULL, the run fails.  A run failed
 * leaves no store and no file; one killed leaves its temporary file, which
 * the next run into path removes (no writer holds it).
 */
typedef int iol_store_merge_fn(const char *out, int n, char *const *shards,
			       int64_t *total, struct iol_fsmerged *fs,
			       int *stage, int *bad, struct iol_error *err);
int iol_store_create(struct iol_store **st, const char *path,
		     iol_store_merge_fn *taken, struct iol_error *err);
/* A store of iol_store_create(): dropped, not linked in, when closed
 * (1); else 0 and nothing changes. */
int iol_store_discard(struct iol_store *st);
/* Commit the open batch, checkpoint (a new store: link it in), close. */
int iol_store_close(struct iol_store *st, struct iol_error *err);

/* The store's connection, for the tables of other modules (fsstore.h),
 * with the open batch committed first: NULL with err when that fails. */
struct iol_sql;
struct iol_sql *iol_store_sql(struct iol_store *st, struct iol_error *err);

/* Rows per transaction (default 500). */
void iol_store_set_batch(struct iol_store *st, int rows);

enum {
	IOL_STORE_NEW,	   /* not in the store, or changed since */
	IOL_STORE_SAME,	   /* same path, size and mtime, this version */
	IOL_STORE_OLDVER,  /* same file, another iolens version */
	IOL_STORE_FAILED,  /* in errors with the same size and mtime */
	IOL_STORE_FAILOLD, /* ... by another iolens version */
};
/* What the store knows of this file, by path, size and mtime (< 0 on a
 * database error). */
int iol_store_lookup(struct iol_store *st, const char *path, int64_t size,
		     int64_t mtime_ns, struct iol_error *err);

/* Write a row (upsert of a job row by path; an error row replaces a job
 * row of the same path and the other way round). */
int iol_store_put(struct iol_store *st, const struct iol_poprow *row,
		  struct iol_error *err);
/* Commit the open batch now. */
int iol_store_commit(struct iol_store *st, struct iol_error *err);
/* 1 when the jobs' secondary indexes wait for the rows (a store made
 * now, SQLite): built whole at the close, or by iol_store_index(). */
int iol_store_deferred(const struct iol_store *st);
/* Build those indexes now on the rows in (in the open batch, if any);
 * the rows put after are added to them one by one.  0, or < 0 with err. */
int iol_store_index(struct iol_store *st, struct iol_error *err);

/* The statement that moves the store's generation (meta 'generation',
 * made when the store is opened to write): run in every transaction
 * that writes the store, so that readers (iol_popdb_state) know it
 * changed.  A store without the row is left as it is. */
#define IOL_STORE_BUMP_SQL                                                 \
	"UPDATE meta SET value = CAST(CAST(value AS BIGINT) + 1 AS TEXT) " \
	"WHERE key = 'generation'"

/*
 * Add the jobs, errors and scheduler jobs of the store at other (a shard,
 * a SQLite file or a PostgreSQL URL, either kind into either) to st: a path
 * already in st keeps its row (the first store wins); columns are matched
 * by name.  *added is set to the job rows added; its file-system
 * recordings are added up in *fs (iol_fsstore_merge: a copy of a report
 * st holds under another name is left out and counted there).
 */
int iol_store_merge(struct iol_store *st, const char *other, int64_t *added,
		    struct iol_fsmerged *fs, struct iol_error *err);

/* Where iol_store_merge_all() failed. */
enum {
	IOL_MERGE_SHARD_OPEN, /* shard *bad is not there (err->sys) */
	IOL_MERGE_OUT_OPEN,   /* the output cannot be opened */
	IOL_MERGE_SHARD,      /* shard *bad cannot be merged */
	IOL_MERGE_OUT_CLOSE,  /* the output cannot be closed */
};
/*
 * The n stores shards merged into the store out (created if missing) in
 * their order by iol_store_merge(); *total the job rows added, *fs its
 * file-system recordings (fs->shard: the first left out's).  0, or
 * < 0 with err set and *stage (IOL_MERGE_*) and *bad (the shard, -1:
 * none) saying where.
 */
int iol_store_merge_all(const char *out, int n, char *const *shards,
			int64_t *total, struct iol_fsmerged *fs, int *stage,
			int *bad, struct iol_error *err);

/* One job of the scheduler's accounting (Slurm sacct). */
struct iol_schedjob {
	const char *cluster; /* "" when not given */
	const char *jobid;   /* as sacct prints it: "123", "123_4" */
	int64_t jobid_raw;   /* the id a Darshan log records; < 0 unknown */
	int64_t array_job, array_task;	    /* < 0 when not an array task */
	const char *user, *account, *state; /* NULL unknown */
	int64_t nnodes, ncpus;		    /* < 0 unknown */
	double elapsed, start, end;	    /* s, epoch s; NAN unknown */
	const char *partition;		    /* NULL unknown */
};

/* Add or replace (by cluster and jobid) a scheduler job. */
int iol_store_put_sched(struct iol_store *st, const struct iol_schedjob *j,
			struct iol_error *err);

/*
 * Join the job rows to the scheduler's jobs by job id (jobs.jobid =
 * sched.jobid_raw; of several, the one whose start is nearest): node
 * count, project (Account) and MiB/s per node.  all = 0: only rows not
 * joined yet or re-ingested since; 1: every row.  *joined: rows updated.
 */
int iol_store_join_sched(struct iol_store *st, int all, int64_t *joined,
			 struct iol_error *err);

#endif
