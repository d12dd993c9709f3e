/*
 * The population store on SQLite or PostgreSQL (population/sql.h): schema
 * creation and upgrade (columns appended from the job-row table), lookups
 * by path, upserts with prepared statements, and the merge of stores.
 *
 * SQLite journal: WAL while open, because an ingest is one long series of
 * small transactions (a WAL commit appends, a rollback-journal commit
 * rewrites and fsyncs twice) and because analysts may query the store
 * meanwhile without blocking the writer; synchronous=NORMAL is durable
 * against a killed process in WAL mode.  Closing returns the file to a
 * rollback journal so that a store at rest is one file, safe to copy.
 *
 * PostgreSQL: many ingests may write at once.  Each row is its own
 * transaction there (autocommit): batches of rows from processes walking
 * overlapping directories in different orders would lock the same paths
 * in different orders and deadlock; one-row upserts on the unique path
 * cannot.  synchronous_commit is off for the writer's session, so a
 * commit does not wait for the disk: a server crash may lose the last
 * rows' commits, which the next ingest writes again.
 *
 * Generation: meta 'generation' moves in every transaction that writes
 * the store (IOL_STORE_BUMP_SQL), so that a reader (iolens serve) knows the
 * store unchanged by one single-row read, whatever else the database
 * server does.  SQLite: once per batch transaction.  PostgreSQL: the last
 * statement of a row's upsert (the delete of the other table's row) and
 * the scheduler's upsert carry the bump in a WITH, one transaction with
 * the write and no round trip more; a reader between a row's insert and
 * its delete reads the old generation with the new row, which it may
 * keep under the old generation no later reader asks for.  The bump is
 * the last lock a PostgreSQL transaction takes (merges and joins bump
 * just before their commit; a WITH that nothing reads is run by the
 * executor after the statement's own write, ExecPostprocessPlan, though
 * the manual promises no order): one holding the generation's row waits
 * for no other, so concurrent writers do not deadlock on it.
 */
#define _DEFAULT_SOURCE /* strdup */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sys/stat.h>
#include <unistd.h>

#include "population/fsstore.h"
#include "population/store.h"
#include "population/store-fresh.h"
#include "population/sql.h"
#include "base/version.h"
#include "base/banned.h"

enum {
	Q_LOOK_JOB,
	Q_LOOK_ERR,
	Q_INS_JOB,
	Q_INS_ERR,
	Q_DEL_JOB,
	Q_DEL_ERR,
	Q_INS_SCHED,
	NQ
};

/* A column added to a store that had rows: the rows up to maxid stored
 * before time t lack it (NULL) until their logs are read again. */
struct added {
	int64_t maxid;
	double t;
};

struct iol_store {
	struct iol_sql *db;
	struct iol_sqlst *q[NQ];
	int in_txn, pending, batch, pg;
	int deferred; /* the jobs' indexes wait for the rows (undefer) */
	int attached; /* SQLite: the shard merged is attached as iol_shard */
	size_t ncols;
	char **have; /* the jobs table's columns when opened */
	size_t nhave;
	struct added *added; /* columns added to rows stored before them */
	size_t nadded;
	/* a new store made unseen (iol_store_create): its temporary file's
	 * descriptor (-1: a store opened in place) and name, the path it is
	 * linked in as when closed, and why it would not be: an error of
	 * the store's, or iol_store_discard() */
	int fd, broken, discard;
	char *tmp, *dest;
	iol_store_merge_fn *taken; /* a store made at dest meanwhile: merge */
	uint64_t *put; /* a new store's paths put, one bit each (put_seen) */
};

/*
 * A new store (iol_store_create) starts with no row, so a path this run
 * has not put has none: its lookup is IOL_STORE_NEW and its put has no
 * row of the other table to delete, without a query each (2 us a log of
 * the writer's, the lookups alone).  One bit a path by its hash; a bit set
 * by another path only costs the queries, as for a store opened in place.
 */
#define PUT_BITS (1u << 21) /* 256 KiB */

static uint64_t put_bit(const char *s, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	while (n--)
		h = (h ^ (unsigned char)*s++) * 0x100000001b3ULL;
	return (h ^ h >> 29) & (PUT_BITS - 1);
}

static int put_seen(const struct iol_store *st, const char *s, size_t n)
{
	uint64_t b;

	if (!st->put)
		return 1;
	b = put_bit(s, n);
	return (int)(st->put[b >> 6] >> (b & 63) & 1);
}

static void put_mark(struct iol_store *st, const char *s, size_t n)
{
	uint64_t b;

	if (!st->put)
		return;
	b = put_bit(s, n);
	st->put[b >> 6] |= 1ULL << (b & 63);
}

/* PostgreSQL's autocommitted writes, the bump in the same statement */
#define BUMPED "WITH g AS (" IOL_STORE_BUMP_SQL ") "

/* ---- a growing SQL text ---- */

struct sql {
	char *s;
	size_t len, cap;
	int oom;
};

static void add(struct sql *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void add(struct sql *b, const char *fmt, ...)
{
	va_list ap;
	int w;

	for (;;) {
		va_start(ap, fmt);
		w = vsnprintf(b->s ? b->s + b->len : NULL,
			      b->s ? b->cap - b->len : 0, fmt, ap);
		va_end(ap);
		if (w < 0 || b->oom)
			return;
		if (b->s && (size_t)w < b->cap - b->len) {
			b->len += (size_t)w;
			return;
		}
		b->cap = (b->cap ? b->cap * 2 : 256) + (size_t)w;
		char *ns = realloc(b->s, b->cap);
		if (!ns) {
			b->oom = 1;
			return;
		}
		b->s = ns;
	}
}

static int dberr_of(struct iol_sql *db, struct iol_error *err, const char *what)
{
	return iol_error_set(err, iol_sql_errcode(db), "%s: %s", what,
			     iol_sql_errmsg(db));
}

static int dberr(struct iol_store *st, struct iol_error *err, const char *what)
{
	st->broken = 1;
	return dberr_of(st->db, err, what);
}

static int exec(struct iol_store *st, const char *sql, struct iol_error *err)
{
	if (iol_sql_exec(st->db, sql) < 0)
		return dberr(st, err, "store");
	return 0;
}

static const char *ty(const struct iol_store *st, int t)
{
	return iol_sql_type(st->db, t);
}

static void free_names(char **c, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(c[i]);
	free(c);
}

/* ---- schema ---- */

static int create_jobs(struct iol_store *st, struct iol_error *err)
{
	size_t n, i;
	const struct iol_popcol *c = iol_pop_columns(&n);
	struct sql b = {0};
	int rc;

	add(&b, "CREATE TABLE IF NOT EXISTS jobs (id %s", ty(st, IOL_SQLT_ID));
	for (i = 0; i < n; i++)
		add(&b, ", \"%s\" %s%s", c[i].name, ty(st, c[i].type),
		    i == IOL_PC_PATH ? " NOT NULL UNIQUE" : "");
	add(&b, ")");
	rc = b.oom ? iol_error_set(err, IOL_ENOMEM, "store")
		   : exec(st, b.s, err);
	free(b.s);
	return rc;
}

/* 1 if the jobs table had column name when the store was opened */
static int has_column(const struct iol_store *st, const char *name)
{
	for (size_t i = 0; i < st->nhave; i++)
		if (!strcmp(st->have[i], name))
			return 1;
	return 0;
}

/* The largest row id of the jobs table; 0 when it has none. */
static int64_t max_id(struct iol_store *st)
{
	struct iol_sqlst *q;
	int64_t id = 0;

	if (iol_sql_prepare(st->db, "SELECT max(id) FROM jobs", &q) < 0)
		return -1;
	if (iol_sql_step(q) == 1 && iol_sql_text(q, 0))
		id = iol_sql_int(q, 0);
	iol_sql_finalize(q);
	return id;
}

/* Column col added now to a store whose rows go up to maxid: its rows
 * lack it until ingest --refresh reads their logs again, and the
 * readers say so (meta 'added:COLUMN' = "maxid time", iol_popdb_added). */
static int note_added(struct iol_store *st, const char *col, int64_t maxid,
		      struct iol_error *err)
{
	struct timespec ts;
	char q[256];

	if (maxid <= 0)
		return 0;
	clock_gettime(CLOCK_REALTIME, &ts);
	snprintf(q, sizeof(q),
		 "INSERT INTO meta (key, value) VALUES ('added:%s', "
		 "'%lld %.6f') ON CONFLICT (key) DO NOTHING",
		 col, (long long)maxid,
		 (double)ts.tv_sec + (double)ts.tv_nsec / 1e9);
	return exec(st, q, err);
}

/* columns of a newer job-row table, appended to an older store */
static int upgrade_jobs(struct iol_store *st, struct iol_error *err)
{
	size_t n, i;
	const struct iol_popcol *c = iol_pop_columns(&n);
	int64_t maxid = -1;
	char q[256];

	if (iol_sql_columns(st->db, "jobs", &st->have, &st->nhave) < 0)
		return dberr(st, err, "store");
	for (i = 0; i < n; i++) {
		if (has_column(st, c[i].name))
			continue;
		if (maxid < 0 && (maxid = max_id(st)) < 0)
			return dberr(st, err, "store");
		snprintf(q, sizeof(q), "ALTER TABLE jobs ADD COLUMN \"%s\" %s",
			 c[i].name, ty(st, c[i].type));
		if (exec(st, q, err) || note_added(st, c[i].name, maxid, err))
			return err ? err->code : IOL_EIO;
	}
	return 0;
}

/* The columns added to rows stored before them, for look(). */
static int load_added(struct iol_store *st, struct iol_error *err)
{
	struct iol_sqlst *q;
	int rc;

	if (iol_sql_prepare(st->db,
			    "SELECT value FROM meta WHERE key LIKE 'added:%'",
			    &q) < 0)
		return dberr(st, err, "store");
	while ((rc = iol_sql_step(q)) == 1) {
		struct added a, *v;
		long long id;
		const char *s = iol_sql_text(q, 0);

		if (!s || sscanf(s, "%lld %lf", &id, &a.t) != 2)
			continue;
		a.maxid = id;
		v = realloc(st->added, (st->nadded + 1) * sizeof(*v));
		if (!v) {
			iol_sql_finalize(q);
			return iol_error_set(err, IOL_ENOMEM, "out of memory");
		}
		st->added = v;
		st->added[st->nadded++] = a;
	}
	iol_sql_finalize(q);
	return rc < 0 ? dberr(st, err, "store") : 0;
}

/* the schema version a store's meta table says; -1 none */
static int schema_of(struct iol_sql *db)
{
	struct iol_sqlst *s;
	int v = -1;

	if (iol_sql_prepare(db,
			    "SELECT value FROM meta WHERE key = "
			    "'schema_version'",
			    &s) < 0)
		return -2;
	if (iol_sql_step(s) == 1)
		v = (int)iol_sql_int(s, 0);
	iol_sql_finalize(s);
	return v;
}

static int check_meta(struct iol_store *st, int *was, struct iol_error *err)
{
	struct timespec ts;
	char q[256];
	int v;

	if (exec(st,
		 "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, "
		 "value TEXT)",
		 err))
		return IOL_EIO;
	if ((v = schema_of(st->db)) < -1)
		return dberr(st, err, "store");
	if (v > IOL_STORE_SCHEMA)
		return iol_error_set(err, IOL_EVERSION,
				     "store schema %d is newer than this "
				     "iolens (%d)",
				     v, IOL_STORE_SCHEMA);
	*was = v;
	/* a store made before the generation gets it now; it starts at the
	 * clock (microseconds), not 0, so that a store made again in the
	 * same place does not count through the numbers of the old one */
	clock_gettime(CLOCK_REALTIME, &ts);
	snprintf(q, sizeof(q),
		 "INSERT INTO meta (key, value) VALUES ('generation', '%lld') "
		 "ON CONFLICT (key) DO NOTHING",
		 (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000);
	if (exec(st, q, err))
		return IOL_EIO;
	if (v >= 0)
		return 0;
	snprintf(q, sizeof(q),
		 "INSERT INTO meta VALUES ('schema_version', '%d'), "
		 "('created_by', 'iolens %s')",
		 IOL_STORE_SCHEMA, IOLENS_VERSION);
	return exec(st, q, err) ? IOL_EIO : 0;
}

/* INSERT ... ON CONFLICT(path) DO UPDATE: one row per log, id kept */
static void upsert_sql(struct sql *b)
{
	size_t n, i;
	const struct iol_popcol *c = iol_pop_columns(&n);

	add(b, "INSERT INTO jobs (");
	for (i = 0; i < n; i++)
		add(b, "%s\"%s\"", i ? ", " : "", c[i].name);
	add(b, ") VALUES (");
	for (i = 0; i < n; i++)
		add(b, "%s?", i ? ", " : "");
	add(b, ") ON CONFLICT(path) DO UPDATE SET ");
	for (i = 1; i < n; i++)
		add(b, "%s\"%s\" = excluded.\"%s\"", i > 1 ? ", " : "",
		    c[i].name, c[i].name);
}

/* the scheduler's columns, in the order of iol_store_put_sched()'s binds;
 * "user" and "end" are key words of PostgreSQL: quoted everywhere */
#define SCHED_COLS_OLD                                                 \
	"cluster, jobid, jobid_raw, array_job, array_task, \"user\", " \
	"account, state, nnodes, ncpus, elapsed, start, \"end\", core_hours"
#define SCHED_COLS SCHED_COLS_OLD ", \"partition\""

/* The text of statement i; on PostgreSQL the last statement of each
 * autocommitted write bumps the generation (top of this file). */
static const char *text_of(const struct iol_store *st, int i, const char *s,
			   char *buf, size_t n)
{
	if (!st->pg || (i != Q_DEL_JOB && i != Q_DEL_ERR && i != Q_INS_SCHED))
		return s;
	snprintf(buf, n, "%s%s", BUMPED, s);
	return buf;
}

static int prepare(struct iol_store *st, struct iol_error *err)
{
	static const char *const fixed[NQ] = {
		[Q_LOOK_JOB] = "SELECT size, mtime_ns, iolens_version, id, "
			       "ingest_time FROM jobs WHERE path = ?",
		[Q_LOOK_ERR] = "SELECT size, mtime_ns, iolens_version FROM "
			       "errors WHERE path = ?",
		[Q_INS_ERR] = "INSERT INTO errors (path, size, mtime_ns, "
			      "message, iolens_version) VALUES (?, ?, ?, ?, "
			      "?) ON CONFLICT(path) DO UPDATE SET size = "
			      "excluded.size, mtime_ns = excluded.mtime_ns, "
			      "message = excluded.message, iolens_version = "
			      "excluded.iolens_version",
		[Q_DEL_JOB] = "DELETE FROM jobs WHERE path = ?",
		[Q_DEL_ERR] = "DELETE FROM errors WHERE path = ?",
		[Q_INS_SCHED] =
			"INSERT INTO sched (" SCHED_COLS
			") VALUES (?, ?, ?, ?, ?, ?, ?, ?, "
			"?, ?, ?, ?, ?, ?, ?) ON CONFLICT(cluster, jobid) "
			"DO UPDATE SET jobid_raw = excluded.jobid_raw, "
			"array_job = excluded.array_job, array_task = "
			"excluded.array_task, \"user\" = "
			"excluded.\"user\", account = excluded.account, "
			"state = excluded.state, nnodes = "
			"excluded.nnodes, ncpus = excluded.ncpus, "
			"elapsed = excluded.elapsed, start = "
			"excluded.start, \"end\" = excluded.\"end\", "
			"core_hours = excluded.core_hours, \"partition\" = "
			"excluded.\"partition\"",
	};
	struct sql b = {0};
	char t[2048];
	int i, rc = 0;

	upsert_sql(&b);
	if (b.oom)
		return iol_error_set(err, IOL_ENOMEM, "store");
	for (i = 0; i < NQ && rc == 0; i++)
		if (iol_sql_prepare(st->db,
				    i == Q_INS_JOB ? b.s
						   : text_of(st, i, fixed[i], t,
							     sizeof t),
				    &st->q[i]) < 0)
			rc = dberr(st, err, "store");
	free(b.s);
	return rc;
}

/*
 * Schema 2: the scheduler's jobs and the indexes.  Idempotent, so it runs
 * on every open for writing; a store of schema 1 gets its version raised
 * once it is done (the index of a million rows takes seconds, once).
 */
static int schema2(struct iol_store *st, int was, struct iol_error *err)
{
	char q[768];

	if (!has_column(st, "sched_id")) {
		snprintf(q, sizeof(q),
			 "ALTER TABLE jobs ADD COLUMN sched_id %s",
			 ty(st, IOL_SQLT_INT));
		if (exec(st, q, err))
			return IOL_EIO;
	}
	snprintf(q, sizeof(q),
		 "CREATE TABLE IF NOT EXISTS sched (id %s, cluster %s NOT NULL "
		 "DEFAULT '', jobid %s NOT NULL, jobid_raw %s, array_job %s, "
		 "array_task %s, \"user\" %s, account %s, state %s, nnodes %s, "
		 "ncpus %s, elapsed %s, start %s, \"end\" %s, core_hours %s, "
		 "UNIQUE (cluster, jobid))",
		 ty(st, IOL_SQLT_ID), ty(st, IOL_SQLT_TEXT),
		 ty(st, IOL_SQLT_TEXT), ty(st, IOL_SQLT_INT),
		 ty(st, IOL_SQLT_INT), ty(st, IOL_SQLT_INT),
		 ty(st, IOL_SQLT_TEXT), ty(st, IOL_SQLT_TEXT),
		 ty(st, IOL_SQLT_TEXT), ty(st, IOL_SQLT_INT),
		 ty(st, IOL_SQLT_INT), ty(st, IOL_SQLT_REAL),
		 ty(st, IOL_SQLT_REAL), ty(st, IOL_SQLT_REAL),
		 ty(st, IOL_SQLT_REAL));
	if (exec(st, q, err) ||
	    exec(st,
		 "CREATE INDEX IF NOT EXISTS sched_raw ON sched (jobid_raw)",
		 err))
		return IOL_EIO;
	/* the scheduler's Partition (coverage --by partition), added to a
	 * store made before it was kept; NULL in its old rows */
	if (!iol_sql_has_column(st->db, "sched", "partition")) {
		snprintf(q, sizeof(q),
			 "ALTER TABLE sched ADD COLUMN \"partition\" %s",
			 ty(st, IOL_SQLT_TEXT));
		if (exec(st, q, err))
			return IOL_EIO;
	}
	if (was < 0 || was >= IOL_STORE_SCHEMA)
		return 0;
	snprintf(q, sizeof(q),
		 "UPDATE meta SET value = '%d' WHERE key = 'schema_version'",
		 IOL_STORE_SCHEMA);
	return exec(st, q, err) ? IOL_EIO : 0;
}

/*
 * An index on each column the browser's job list sorts by (the columns
 * `iolens jobs` shows in text, render/view-jobs.c; id is the row's key,
 * jobid has its own): a page of a million jobs in an order, and
 * the count of a user's or a project's, read from an index, not a scan
 * and sort of every row (iolens serve, which opens the store read-only
 * and creates none).
 */
static int list_indexes(struct iol_store *st, struct iol_error *err)
{
	static const char *const cols[] = {
		"user", "project", "nprocs", "nodes", "start_time", "run_time",
		"bytes_read", "bytes_written", "io_time_by_slowest", "mib_s",
		"strategy", "partial",
		/* app's own, not jobs_app_start (app, start_time): a page
		 * in app order puts ties in id order, which that index
		 * cannot give without sorting every tie (74-264 ms a page
		 * of the 1M-job store) */
		"app"};
	char q[192];

	for (size_t i = 0; i < sizeof cols / sizeof cols[0]; i++) {
		if (!has_column(st, cols[i]))
			continue;
		snprintf(q, sizeof q,
			 "CREATE INDEX IF NOT EXISTS jobs_by_%s ON jobs "
			 "(\"%s\")",
			 cols[i], cols[i]);
		if (exec(st, q, err))
			return IOL_EIO;
		/* a user's jobs in each order ("my jobs by bandwidth"):
		 * their page from the index, however rare the user's jobs
		 * are among the first of all jobs in that order */
		if (i == 0 || !has_column(st, "user"))
			continue;
		snprintf(q, sizeof q,
			 "CREATE INDEX IF NOT EXISTS jobs_by_user_%s ON jobs "
			 "(\"user\", \"%s\")",
			 cols[i], cols[i]);
		if (exec(st, q, err))
			return IOL_EIO;
	}
	return 0;
}

/* The secondary indexes of the jobs table (the join's, the groups',
 * the browser's list) */
static int jobs_indexes(struct iol_store *st, struct iol_error *err)
{
	if (exec(st,
		 "CREATE INDEX IF NOT EXISTS jobs_app_start ON jobs (app, "
		 "start_time)",
		 err) ||
	    exec(st, "CREATE INDEX IF NOT EXISTS jobs_jobid ON jobs (jobid)",
		 err) ||
	    exec(st, "CREATE INDEX IF NOT EXISTS jobs_sched ON jobs (sched_id)",
		 err))
		return IOL_EIO;
	return list_indexes(st, err);
}

/* 1 when the jobs table has no row and none of its secondary indexes
 * (a store just made): the indexes can wait for the rows */
static int jobs_bare(struct iol_store *st)
{
	struct iol_sqlst *q;
	int bare;

	if (st->pg || iol_sql_prepare(st->db,
				      "SELECT (SELECT count(*) FROM "
				      "sqlite_master WHERE type = 'index' AND "
				      "tbl_name = 'jobs' AND sql IS NOT NULL) "
				      "+ (SELECT count(*) FROM (SELECT 1 FROM "
				      "jobs LIMIT 1))",
				      &q) < 0)
		return 0;
	bare = iol_sql_step(q) == 1 && iol_sql_int(q, 0) == 0;
	iol_sql_finalize(q);
	return bare;
}

/*
 * A store made now (SQLite) gets the jobs' 28 secondary indexes after its
 * first rows, each built once by one sort, not updated at every insert
 * (and packed, where rows inserted in no order of theirs split pages):
 * in the open transaction of the last rows (the join's or the close's
 * commit), else in one of their own, which moves no generation since no
 * row changes.  A run killed before then leaves rows without those
 * indexes, which the next open for writing creates (schema(),
 * idempotent); readers meanwhile get the same rows, by a scan.
 */
static int64_t pragma_int(struct iol_store *st, const char *sql)
{
	struct iol_sqlst *q;
	int64_t v = 0;

	if (iol_sql_prepare(st->db, sql, &q) < 0)
		return 0;
	if (iol_sql_step(q) == 1)
		v = iol_sql_int(q, 0);
	iol_sql_finalize(q);
	return v;
}

/* The page cache (KiB, as PRAGMA cache_size takes it negative) that holds
 * the store twice (its table, the indexes made, the sorts), up to 32 MiB:
 * each of the 28 CREATE INDEX scans the table, which otherwise comes back
 * a page a pread at a time, 28 times (a scan larger than the cache
 * evicts every page before it is read again). */
static int64_t build_cache(struct iol_store *st)
{
	int64_t kib = pragma_int(st, "PRAGMA page_count") *
		      pragma_int(st, "PRAGMA page_size") / 1024;

	return kib < 16384 ? 2 * kib + 1024 : 32768;
}

static int undefer(struct iol_store *st, struct iol_error *err)
{
	int own = !st->in_txn, rc;
	int64_t was, want;
	char q[64];

	if (!st->deferred)
		return 0;
	st->deferred = 0;
	if (own && exec(st, "BEGIN IMMEDIATE", err))
		return IOL_EIO;
	was = pragma_int(st, "PRAGMA cache_size");
	want = build_cache(st);
	if (was < 0 && -was < want) { /* negative: KiB; positive: pages */
		snprintf(q, sizeof q, "PRAGMA cache_size = %lld",
			 -(long long)want);
		iol_sql_exec(st->db, q);
	}
	rc = jobs_indexes(st, err);
	snprintf(q, sizeof q, "PRAGMA cache_size = %lld", (long long)was);
	iol_sql_exec(st->db, q);
	if (rc) {
		if (own)
			iol_sql_exec(st->db, "ROLLBACK");
		return IOL_EIO;
	}
	return own ? exec(st, "COMMIT", err) : 0;
}

static int schema(struct iol_store *st, struct iol_error *err)
{
	char q[256];
	int was = -1;

	snprintf(q, sizeof(q),
		 "CREATE TABLE IF NOT EXISTS errors (path %s PRIMARY KEY, "
		 "size %s, mtime_ns %s, message %s, iolens_version %s)",
		 ty(st, IOL_SQLT_TEXT), ty(st, IOL_SQLT_INT),
		 ty(st, IOL_SQLT_INT), ty(st, IOL_SQLT_TEXT),
		 ty(st, IOL_SQLT_TEXT));
	if (check_meta(st, &was, err) || create_jobs(st, err) ||
	    upgrade_jobs(st, err) || load_added(st, err) || exec(st, q, err) ||
	    schema2(st, was, err))
		return err ? err->code : IOL_EIO;
	st->deferred = jobs_bare(st);
	if (!st->deferred && jobs_indexes(st, err))
		return err ? err->code : IOL_EIO;
	return 0;
}

static int setup(struct iol_store *st, struct iol_error *err)
{
	int rc;

	if (st->pg) {
		/* concurrent ingests create the tables once: the schema
		 * work is done under a lock of the database */
		if (exec(st, "SET synchronous_commit = off", err) ||
		    iol_sql_lock(st->db) < 0)
			return dberr(st, err, "store");
		rc = schema(st, err);
		iol_sql_unlock(st->db);
	} else if (st->fd >= 0) {
		/* a store no one else can open (store-fresh.h): its pages
		 * written once, no WAL to checkpoint after them, and no sync
		 * but the one before it is linked in; the journal in memory
		 * keeps ROLLBACK (a new page is never journaled) */
		rc = exec(st, "PRAGMA locking_mode = EXCLUSIVE", err) ||
				     exec(st, "PRAGMA journal_mode = MEMORY",
					  err) ||
				     exec(st, "PRAGMA synchronous = OFF", err)
			     ? IOL_EIO
			     : schema(st, err);
	} else if (exec(st, "PRAGMA journal_mode = WAL", err) ||
		   exec(st, "PRAGMA synchronous = NORMAL", err)) {
		rc = IOL_EIO;
	} else {
		rc = schema(st, err);
	}
	return rc ? rc : prepare(st, err);
}

int iol_store_is_url(const char *path)
{
	return iol_sql_is_url(path);
}

int iol_store_path_check(const char *path, struct iol_error *err)
{
	struct stat sb;

	if (path && !iol_sql_is_url(path) && stat(path, &sb) == 0 &&
	    S_ISDIR(sb.st_mode))
		return iol_error_set(err, IOL_EINVAL,
				     "is a directory, not a population store "
				     "(the SQLite file iolens ingest makes)");
	return 0;
}

/* the store at path; fd >= 0: a new one made unseen, to be linked in as
 * dest (the store owns fd and path from here: closed, freed, unlinked
 * unless linked in) */
static int open_store(struct iol_store **out, char *path, int fd,
		      const char *dest, struct iol_error *err)
{
	struct iol_store *st = calloc(1, sizeof(*st));
	int rc;

	*out = NULL;
	if (!st || (dest && !(st->dest = strdup(dest)))) {
		free(st);
		if (fd >= 0) {
			unlink(path);
			free(path);
			close(fd);
		}
		return iol_error_set(err, IOL_ENOMEM, "store");
	}
	st->fd = fd;
	st->tmp = fd >= 0 ? path : NULL;
	/* none: every lookup asks SQLite, as in a store opened in place */
	st->put = fd >= 0 ? calloc(PUT_BITS / 64, sizeof *st->put) : NULL;
	iol_pop_columns(&st->ncols);
	st->batch = 500;
	if ((rc = iol_sql_open(&st->db, path, IOL_SQL_CREATE, err)) < 0) {
		free(st);
		return rc;
	}
	st->pg = iol_sql_kind(st->db) == IOL_SQL_PG;
	rc = setup(st, err);
	if (rc) {
		iol_store_close(st, NULL);
		return rc;
	}
	*out = st;
	return 0;
}

int iol_store_open(struct iol_store **out, const char *path,
		   struct iol_error *err)
{
	int rc = iol_store_path_check(path, err);

	return rc < 0 ? rc : open_store(out, (char *)path, -1, NULL, err);
}

int iol_store_create(struct iol_store **out, const char *path,
		     iol_store_merge_fn *taken, struct iol_error *err)
{
	struct stat sb;
	char *tmp;
	int fd, rc;

	if (iol_sql_is_url(path) || stat(path, &sb) == 0 ||
	    iol_fresh_make(path, &fd, &tmp) < 0)
		return iol_store_open(out, path, err);
	rc = open_store(out, tmp, fd, path, err);
	if (rc == 0)
		(*out)->taken = taken;
	return rc;
}

int iol_store_discard(struct iol_store *st)
{
	return st && st->fd >= 0 ? (st->discard = 1) : 0;
}

void iol_store_set_batch(struct iol_store *st, int rows)
{
	st->batch = rows > 0 ? rows : 1;
}

/* a batch transaction (SQLite only: see the top of this file) */
static int begin(struct iol_store *st, struct iol_error *err)
{
	if (st->in_txn || st->pg)
		return 0;
	if (exec(st, "BEGIN IMMEDIATE", err))
		return IOL_EIO;
	st->in_txn = 1;
	if (exec(st, IOL_STORE_BUMP_SQL, err))
		return IOL_EIO;
	return 0;
}

int iol_store_commit(struct iol_store *st, struct iol_error *err)
{
	if (!st->in_txn)
		return 0;
	st->in_txn = 0;
	st->pending = 0;
	return exec(st, "COMMIT", err);
}

int iol_store_deferred(const struct iol_store *st)
{
	return st && st->deferred;
}

int iol_store_index(struct iol_store *st, struct iol_error *err)
{
	return undefer(st, err) ? IOL_EIO : 0;
}

struct iol_sql *iol_store_sql(struct iol_store *st, struct iol_error *err)
{
	return undefer(st, err) || iol_store_commit(st, err) < 0 ? NULL
								 : st->db;
}

/* A new store, closed, linked in as its path unless it failed or was
 * discarded (then removed: a run that fails leaves no store); when a
 * store was made at the path meanwhile, by another process, its rows are
 * merged into that one, as merge-db would (the first store's rows win). */
static int fresh_close(struct iol_store *st, int rc, struct iol_error *err)
{
	struct iol_fsmerged fs;
	int64_t total;
	int got = -1, stage, bad, sys;

	if (rc == 0 && !st->broken && !st->discard) {
		got = iol_fresh_link(st->fd, st->tmp, st->dest);
		sys = errno;
		if (got < 0)
			rc = iol_error_set(err, IOL_EIO, "%s: %s", st->dest,
					   strerror(sys));
		if (got < 0 && err)
			err->sys = sys;
	}
	memset(&fs, 0, sizeof fs);
	if (got == 1 && st->taken)
		rc = st->taken(st->dest, 1, &st->tmp, &total, &fs, &stage, &bad,
			       err);
	else if (got == 1)
		rc = iol_error_set(err, IOL_EIO, "%s: %s", st->dest,
				   "made by another run meanwhile");
	if (got != 0)
		unlink(st->tmp);
	close(st->fd); /* its lock last: the file is gone or linked in */
	st->fd = -1;
	return rc;
}

int iol_store_close(struct iol_store *st, struct iol_error *err)
{
	int rc, i;

	if (!st)
		return 0;
	rc = undefer(st, err);
	if (rc == 0)
		rc = iol_store_commit(st, err);
	for (i = 0; i < NQ; i++)
		iol_sql_finalize(st->q[i]);
	if (rc == 0 && st->q[Q_INS_JOB] && !st->pg && st->fd < 0)
		iol_sql_exec(st->db, "PRAGMA journal_mode = DELETE");
	iol_sql_close(st->db);
	if (st->fd >= 0)
		rc = fresh_close(st, rc, err);
	free(st->dest);
	free(st->tmp);
	free(st->put);
	free_names(st->have, st->nhave);
	free(st->added);
	free(st);
	return rc;
}

/* Was the job row of q (id, ingest_time in columns 3 and 4) stored
 * before a column was added, so that it lacks it? */
static int lacks_added(const struct iol_store *st, struct iol_sqlst *q)
{
	int64_t id;
	double t;
	size_t i;

	if (iol_sql_ncols(q) < 5 || !iol_sql_text(q, 3))
		return 0;
	id = iol_sql_int(q, 3);
	t = iol_sql_text(q, 4) ? iol_sql_real(q, 4) : 0;
	for (i = 0; i < st->nadded; i++)
		if (id <= st->added[i].maxid && t < st->added[i].t)
			return 1;
	return 0;
}

/* 0 absent or changed, 1 same file and version, 2 same file, other
 * version or stored before a column was added (its numbers may have
 * changed: --refresh reads it again), < 0 error */
static int look(struct iol_store *st, struct iol_sqlst *q, const char *path,
		int64_t size, int64_t mtime_ns, struct iol_error *err)
{
	int rc, r = 0;

	iol_sql_bind_text(q, 1, path, -1);
	rc = iol_sql_step(q);
	if (rc == 1 && iol_sql_int(q, 0) == size &&
	    iol_sql_int(q, 1) == mtime_ns) {
		const char *v = iol_sql_text(q, 2);

		r = v && !strcmp(v, IOLENS_VERSION) && !lacks_added(st, q) ? 1
									   : 2;
	} else if (rc < 0) {
		r = dberr(st, err, "store lookup");
	}
	iol_sql_reset(q);
	return r;
}

int iol_store_lookup(struct iol_store *st, const char *path, int64_t size,
		     int64_t mtime_ns, struct iol_error *err)
{
	int r;

	if (!put_seen(st, path, strlen(path)))
		return IOL_STORE_NEW;
	r = look(st, st->q[Q_LOOK_JOB], path, size, mtime_ns, err);
	if (r < 0)
		return r;
	if (r)
		return r == 1 ? IOL_STORE_SAME : IOL_STORE_OLDVER;
	r = look(st, st->q[Q_LOOK_ERR], path, size, mtime_ns, err);
	if (r < 0)
		return r;
	if (r)
		return r == 1 ? IOL_STORE_FAILED : IOL_STORE_FAILOLD;
	return IOL_STORE_NEW;
}

/* bind the row's values to q's parameters; the count must match */
static int bind_row(struct iol_sqlst *q, const struct iol_poprow *row,
		    size_t want, struct iol_error *err)
{
	struct iol_popval v;
	size_t pos = 0, k = 0;
	int r;

	while ((r = iol_poprow_next(row, &pos, &v)) > 0) {
		int i = (int)++k;

		if (k > want)
			break;
		if (v.tag == IOL_VAL_INT)
			iol_sql_bind_int(q, i, v.i);
		else if (v.tag == IOL_VAL_REAL)
			iol_sql_bind_real(q, i, v.r);
		else if (v.tag == IOL_VAL_TEXT)
			iol_sql_bind_text(q, i, v.s, (int)v.len);
		else
			iol_sql_bind_null(q, i);
	}
	if (r < 0 || k != want)
		return iol_error_set(err, IOL_ECORRUPT,
				     "row has %zu values, the table %zu", k,
				     want);
	return 0;
}

/* the row's first value: the log's path */
static int row_path(const struct iol_poprow *row, struct iol_popval *v)
{
	size_t pos = 0;

	return iol_poprow_next(row, &pos, v) > 0 && v->tag == IOL_VAL_TEXT;
}

static int step(struct iol_store *st, struct iol_sqlst *q,
		struct iol_error *err)
{
	int rc = iol_sql_step(q) == 0 ? 0 : dberr(st, err, "store");

	iol_sql_reset(q);
	return rc;
}

int iol_store_put(struct iol_store *st, const struct iol_poprow *row,
		  struct iol_error *err)
{
	int job = iol_poprow_kind(row) == IOL_ROW_JOB;
	struct iol_sqlst *q = st->q[job ? Q_INS_JOB : Q_INS_ERR];
	struct iol_sqlst *del = st->q[job ? Q_DEL_ERR : Q_DEL_JOB];
	size_t want = st->ncols;
	struct iol_popval p;
	int rc;

	if (!job)
		iol_pop_error_columns(&want);
	if (!row_path(row, &p))
		return iol_error_set(err, IOL_ECORRUPT, "row without a path");
	if (begin(st, err))
		return IOL_EIO;
	rc = bind_row(q, row, want, err);
	if (rc) {
		iol_sql_reset(q);
		return rc;
	}
	rc = step(st, q, err);
	if (rc == 0 && put_seen(st, p.s, p.len)) {
		iol_sql_bind_text(del, 1, p.s, (int)p.len);
		rc = step(st, del, err);
	}
	put_mark(st, p.s, p.len);
	if (rc == 0 && ++st->pending >= st->batch)
		rc = iol_store_commit(st, err);
	return rc;
}

/* ---- merging: one store read, the other written, either kind ---- */

static int bind_copy(struct iol_sqlst *from, int i, struct iol_sqlst *to)
{
	switch (iol_sql_coltype(from, i)) {
	case IOL_SQL_INT:
		iol_sql_bind_int(to, i + 1, iol_sql_int(from, i));
		break;
	case IOL_SQL_REAL:
		iol_sql_bind_real(to, i + 1, iol_sql_real(from, i));
		break;
	case IOL_SQL_TEXT:
		iol_sql_bind_text(to, i + 1, iol_sql_text(from, i),
				  (int)iol_sql_bytes(from, i));
		break;
	default: iol_sql_bind_null(to, i + 1);
	}
	return 0;
}

/* Where copied rows go: the table, its columns (as in the SELECT from the
 * shard) and its unique key; a row whose key the table holds is
 * skipped, so the first store to hold a log keeps its row. */
struct dest {
	const char *table, *cols, *key;
	/* on the bulk path, a column more (NULL: none) and its value */
	const char *xcol, *xval;
};

/* Copy the rows of sel (in shard) into d, one INSERT a row (SQLite, or a
 * libpq without COPY); *added: rows inserted. */
static int insert_rows(struct iol_store *st, struct iol_sql *shard,
		       struct iol_sqlst *s, const struct dest *d,
		       int64_t *added, struct iol_error *err)
{
	struct iol_sqlst *w = NULL;
	struct sql ins = {0};
	int rc, n = iol_sql_ncols(s);

	/* SQLite: the extra column from the row's values named as the
	 * columns (c), as the bulk path computes it from its copy; "WHERE
	 * true": an ON CONFLICT after a SELECT needs one */
	if (d->xcol && !st->pg) {
		add(&ins,
		    "INSERT INTO %s (%s, %s) SELECT c.*, %s FROM (SELECT ",
		    d->table, d->cols, d->xcol, d->xval);
		for (int i = 0; i < n; i++)
			add(&ins, "%s?%d AS \"%s\"", i ? ", " : "", i + 1,
			    iol_sql_colname(s, i));
		add(&ins, ") c WHERE true ON CONFLICT(%s) DO NOTHING", d->key);
	} else {
		add(&ins, "INSERT INTO %s (%s) VALUES (", d->table, d->cols);
		for (int i = 0; i < n; i++)
			add(&ins, "%s?", i ? ", " : "");
		add(&ins, ") ON CONFLICT(%s) DO NOTHING", d->key);
	}
	if (ins.oom || iol_sql_prepare(st->db, ins.s, &w) < 0) {
		free(ins.s);
		return ins.oom ? iol_error_set(err, IOL_ENOMEM, "merge")
			       : dberr(st, err, "merge");
	}
	free(ins.s);
	while ((rc = iol_sql_step(s)) == 1) {
		for (int i = 0; i < n; i++)
			bind_copy(s, i, w);
		if (iol_sql_step(w) < 0)
			break;
		if (added)
			*added += iol_sql_changes(st->db);
		iol_sql_reset(w);
	}
	if (rc == 1)
		rc = dberr(st, err, "merge");
	else if (rc < 0)
		rc = dberr_of(shard, err, "merge");
	iol_sql_finalize(w);
	return rc;
}

/* a value of the shard's row into the copy, as bind_copy() binds it */
static void copy_field(struct iol_sqlst *from, int i, struct iol_sqlcopy *to)
{
	switch (iol_sql_coltype(from, i)) {
	case IOL_SQL_INT: iol_sql_copy_int(to, iol_sql_int(from, i)); break;
	case IOL_SQL_REAL: iol_sql_copy_real(to, iol_sql_real(from, i)); break;
	case IOL_SQL_TEXT:
		iol_sql_copy_text(to, iol_sql_text(from, i),
				  (int)iol_sql_bytes(from, i));
		break;
	default: iol_sql_copy_null(to);
	}
}

/* rows copied into the temporary table before they are inserted: a
 * bounded table, and a sort of them (by their order) in memory */
#define BULK_ROWS 8192

/* The rows in the temporary table inserted into d in the shard's order
 * (the ids they get are those row-by-row INSERTs would give), then
 * dropped from it. */
static int bulk_flush(struct iol_store *st, const struct dest *d,
		      int64_t *added, struct iol_error *err)
{
	struct sql q = {0};
	int rc = 0;

	add(&q,
	    "INSERT INTO %s (%s%s%s) SELECT %s%s%s FROM iol_copy_%s c ORDER BY "
	    "iol_n ON CONFLICT(%s) DO NOTHING",
	    d->table, d->cols, d->xcol ? ", " : "", d->xcol ? d->xcol : "",
	    d->cols, d->xcol ? ", " : "", d->xcol ? d->xval : "", d->table,
	    d->key);
	if (q.oom)
		rc = iol_error_set(err, IOL_ENOMEM, "merge");
	else if (iol_sql_exec(st->db, q.s) < 0)
		rc = dberr(st, err, "merge");
	else if (added)
		*added += iol_sql_changes(st->db);
	free(q.s);
	q = (struct sql){0};
	add(&q, "TRUNCATE iol_copy_%s", d->table);
	if (rc == 0 && (q.oom || iol_sql_exec(st->db, q.s) < 0))
		rc = q.oom ? iol_error_set(err, IOL_ENOMEM, "merge")
			   : dberr(st, err, "merge");
	free(q.s);
	return rc;
}

/* Up to max rows of s (in shard) into cp, each with its number (++*nth)
 * last, then the copy ended: 1 more rows, 0 the end, < 0 an error (the
 * shard's said before the copy ends). */
static int copy_numbered(struct iol_store *st, struct iol_sql *shard,
			 struct iol_sqlst *s, struct iol_sqlcopy *cp,
			 int64_t max, int64_t *nth, struct iol_error *err)
{
	int rc = 1, n = iol_sql_ncols(s);

	for (int64_t k = 0; k < max && (rc = iol_sql_step(s)) == 1; k++) {
		for (int i = 0; i < n; i++)
			copy_field(s, i, cp);
		iol_sql_copy_int(cp, ++*nth);
		if (iol_sql_copy_row(cp) < 0) {
			rc = -2;
			break;
		}
	}
	if (rc == -1) {
		rc = dberr_of(shard, err, "merge");
		iol_sql_copy_end(cp, 1);
		return rc;
	}
	if (iol_sql_copy_end(cp, rc == -2) < 0)
		return dberr(st, err, "merge");
	return rc;
}

/* up to BULK_ROWS rows of s through COPY; 1 more rows, 0 the end */
static int bulk_batch(struct iol_store *st, struct iol_sql *shard,
		      struct iol_sqlst *s, const struct dest *d, int64_t *nth,
		      struct iol_error *err)
{
	struct iol_sqlcopy *cp;
	struct sql q = {0}, c = {0};

	add(&q, "iol_copy_%s", d->table);
	add(&c, "%s, iol_n", d->cols);
	if (q.oom || c.oom || iol_sql_copy_into(st->db, q.s, c.s, &cp) < 0) {
		free(c.s);
		free(q.s);
		return q.oom || c.oom ? iol_error_set(err, IOL_ENOMEM, "merge")
				      : dberr(st, err, "merge");
	}
	free(q.s);
	free(c.s);
	return copy_numbered(st, shard, s, cp, BULK_ROWS, nth, err);
}

/* Copy the rows of sel (in shard) into d through COPY into a temporary
 * table of d's columns, then INSERT ... SELECT, BULK_ROWS at a time: the
 * same rows, ids and skipped duplicates as insert_rows(), in one round
 * trip a batch where that takes one a row. */
static int bulk_rows(struct iol_store *st, struct iol_sql *shard,
		     struct iol_sqlst *s, const struct dest *d, int64_t *added,
		     struct iol_error *err)
{
	struct sql q = {0};
	int64_t nth = 0;
	int rc;

	/* no JIT for the rest of the merge's transaction: it compiles each
	 * batch's INSERT of a hundred columns again (3 s of 5 on a loaded
	 * machine) for 8192 rows; a server without JIT has no setting */
	if (iol_sql_exec(st->db,
			 "SELECT CASE WHEN current_setting('jit', true) IS NOT "
			 "NULL THEN set_config('jit', 'off', true) END") < 0)
		return dberr(st, err, "merge");
	/* the sort of a batch by its order in memory, not on disk (8192
	 * rows of 2.7 kB: 14 MB) */
	if (iol_sql_exec(st->db, "SET LOCAL work_mem = '64MB'") < 0)
		return dberr(st, err, "merge");
	/* dropped by the commit or the rollback of the merge */
	add(&q,
	    "CREATE TEMPORARY TABLE iol_copy_%s ON COMMIT DROP AS SELECT "
	    "%s, 0::bigint AS iol_n FROM %s WITH NO DATA",
	    d->table, d->cols, d->table);
	if (q.oom || iol_sql_exec(st->db, q.s) < 0) {
		free(q.s);
		return q.oom ? iol_error_set(err, IOL_ENOMEM, "merge")
			     : dberr(st, err, "merge");
	}
	free(q.s);
	do {
		rc = bulk_batch(st, shard, s, d, &nth, err);
		if (rc >= 0 && bulk_flush(st, d, added, err) < 0)
			rc = IOL_EIO;
	} while (rc == 1);
	return rc < 0 ? (err && err->code ? err->code : IOL_EIO) : 0;
}

/* ---- a large merge into PostgreSQL: the indexes of jobs built after ---- */

/*
 * A row merged into a PostgreSQL store goes into each of the 26
 * secondary B-trees of jobs at a scattered place: 51 us a row of server
 * CPU into an empty store, 77 into one of 100k rows, where building all 26
 * again, each from one sorted pass over the table, costs 33 and 22 us a
 * row of the table (100k-row merges, the report of speed17): the build
 * pays above 29 % of the merged table there, and sooner in a larger store,
 * whose B-trees outgrow the server's buffers while a build's cost a row
 * does not grow.  So a merge whose shard holds at least a quarter as many
 * rows as the store (20 % of the merged table) drops them in its
 * transaction and builds them after its rows.  The DDL is transactional:
 * a merge that fails leaves the indexes as they were.  The store's rows
 * are bounded by its ids (max - min + 1: the primary key answers at once,
 * where count(*) reads the table; a bound too high keeps the indexes, the
 * old way).  The indexes no constraint owns are the ones dropped: the
 * primary key and the path's unique key (the arbiter of ON CONFLICT)
 * stay.  While the merge runs, readers of the store wait for it (the
 * DROP's lock) rather than reading the rows before it.
 */
#define REINDEX_SHARE 4

struct reindex {
	char *defs;  /* "CREATE INDEX ...; ...": as pg_get_indexdef() says */
	char *names; /* "DROP INDEX ..., ..." */
};

/* one int64 of a query on db; < 0 when it fails */
static int64_t one_int(struct iol_sql *db, const char *sql)
{
	struct iol_sqlst *q = NULL;
	int64_t v = -1;

	if (iol_sql_prepare(db, sql, &q) < 0)
		return -1;
	if (iol_sql_step(q) == 1)
		v = iol_sql_int(q, 0);
	iol_sql_finalize(q);
	return v;
}

/* 1 if merging shard into st pays for building its indexes again */
static int reindex_pays(struct iol_store *st, struct iol_sql *shard)
{
	const char *force = getenv("IOLENS_TEST_PG_REINDEX");
	int64_t n, have;

	if (force && *force) /* the tests: 1 always, 0 never */
		return *force == '1';
	n = one_int(shard, "SELECT count(*) FROM jobs");
	have = one_int(st->db, "SELECT coalesce(max(id) - min(id) + 1, 0) "
			       "FROM jobs");
	return n > 0 && have >= 0 && n * REINDEX_SHARE >= have;
}

static char *dup_text(struct iol_sqlst *q, int i)
{
	const char *t = iol_sql_text(q, i);
	size_t n = t ? strlen(t) + 1 : 0;
	char *s = n ? malloc(n) : NULL;

	if (s)
		memcpy(s, t, n);
	return s;
}

/* The secondary indexes of jobs into r, then dropped (r->defs NULL: there
 * were none). */
static int reindex_drop(struct iol_store *st, struct reindex *r,
			struct iol_error *err)
{
	struct iol_sqlst *q = NULL;
	int rc = 0;

	*r = (struct reindex){0};
	if (iol_sql_prepare(
		    st->db,
		    "SELECT string_agg(pg_get_indexdef(i.indexrelid), '; ' "
		    "ORDER BY c.relname), 'DROP INDEX ' || string_agg("
		    "quote_ident(n.nspname) || '.' || quote_ident(c.relname), "
		    "', ' ORDER BY c.relname) FROM pg_index i JOIN pg_class c "
		    "ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = "
		    "c.relnamespace WHERE i.indrelid = 'jobs'::regclass AND "
		    /* what pg_get_indexdef() does not say stays in place: an
		     * index in a tablespace of its own, one with a comment */
		    "c.reltablespace = 0 AND obj_description(c.oid, "
		    "'pg_class') IS NULL AND NOT EXISTS (SELECT 1 FROM "
		    "pg_constraint k WHERE k.conindid = i.indexrelid)",
		    &q) < 0)
		return dberr(st, err, "merge");
	if (iol_sql_step(q) != 1)
		rc = dberr(st, err, "merge");
	else if (iol_sql_text(q, 0)) {
		r->defs = dup_text(q, 0);
		r->names = dup_text(q, 1);
		if (!r->defs || !r->names)
			rc = iol_error_set(err, IOL_ENOMEM, "merge");
	}
	iol_sql_finalize(q);
	/* the builds sort in memory: a million rows' keys, not on disk */
	if (rc == 0 && r->defs &&
	    (exec(st, "SET LOCAL maintenance_work_mem = '256MB'", err) ||
	     exec(st, r->names, err)))
		rc = IOL_EIO;
	return rc;
}

/* The indexes reindex_drop() dropped built again, and r freed. */
static int reindex_build(struct iol_store *st, struct reindex *r, int rc,
			 struct iol_error *err)
{
	if (rc == 0 && r->defs && exec(st, r->defs, err))
		rc = IOL_EIO;
	free(r->defs);
	free(r->names);
	*r = (struct reindex){0};
	return rc;
}

/* What a merge copies from a table of the shard: its columns (as the
 * dest's), in order */
struct src {
	const char *list, *table, *order;
};

/* Copy f's rows from the shard attached to a SQLite store into d in one
 * INSERT ... SELECT: the rows never leave SQLite (no value read and
 * bound again, 50 us a row of a hundred columns), the same rows, order,
 * ids and skipped duplicates as insert_rows(); "WHERE true": an ON
 * CONFLICT after a SELECT needs one. */
static int attached_rows(struct iol_store *st, const struct src *f,
			 const struct dest *d, int64_t *added,
			 struct iol_error *err)
{
	struct sql q = {0};
	int rc = 0;

	add(&q,
	    "INSERT INTO main.%s (%s%s%s) SELECT c.*%s%s FROM (SELECT %s FROM "
	    "iol_shard.%s) c WHERE true ORDER BY %s ON CONFLICT(%s) DO "
	    "NOTHING",
	    d->table, d->cols, d->xcol ? ", " : "", d->xcol ? d->xcol : "",
	    d->xcol ? ", " : "", d->xcol ? d->xval : "", f->list, f->table,
	    f->order, d->key);
	if (q.oom)
		rc = iol_error_set(err, IOL_ENOMEM, "merge");
	else if (iol_sql_exec(st->db, q.s) < 0)
		rc = dberr(st, err, "merge");
	else if (added)
		*added += iol_sql_changes(st->db);
	free(q.s);
	return rc;
}

/* Copy the rows of f (in shard) into d; *added: rows inserted. */
static int copy_rows(struct iol_store *st, struct iol_sql *shard,
		     const struct src *f, const struct dest *d, int64_t *added,
		     struct iol_error *err)
{
	struct iol_sqlst *s = NULL;
	struct sql sel = {0};
	int rc;

	if (st->attached)
		return attached_rows(st, f, d, added, err);
	add(&sel, "SELECT %s FROM %s ORDER BY %s", f->list, f->table, f->order);
	if (sel.oom) {
		free(sel.s);
		return iol_error_set(err, IOL_ENOMEM, "merge");
	}
	rc = iol_sql_prepare(shard, sel.s, &s);
	free(sel.s);
	if (rc < 0)
		return dberr_of(shard, err, "merge");
	rc = iol_sql_can_copy(st->db)
		     ? bulk_rows(st, shard, s, d, added, err)
		     : insert_rows(st, shard, s, d, added, err);
	iol_sql_finalize(s);
	return rc;
}

/* The scheduler's job of a row c of iol_copy_jobs, as
 * iol_store_join_sched() chooses it (the nearest start, then the lowest
 * id; NULL when the scheduler does not know its job id). */
#define SCHED_OF                                                           \
	"(SELECT s.id FROM sched s WHERE s.jobid_raw = c.jobid AND "       \
	"abs(coalesce(s.start, 0) - coalesce(c.start_time, 0)) = (SELECT " \
	"min(abs(coalesce(t.start, 0) - coalesce(c.start_time, 0))) FROM " \
	"sched t WHERE t.jobid_raw = c.jobid) ORDER BY s.id LIMIT 1)"

/*
 * "sched_id" if rows copied into st get their scheduler's job as they
 * are inserted (in bulk into PostgreSQL, or into SQLite; the store has
 * the column, the copied rows a job id and a start), else NULL (a
 * libpq without COPY).  The join after the merge then leaves the
 * rows the shard had joined (nodes_source 'scheduler') as they are,
 * where it would rewrite each one (an UPDATE of a row of a hundred
 * columns and thirty indexes: as long as its INSERT) to set the same
 * id; a row the shard had not joined is joined by it as before.
 */
static const char *joined_id(struct iol_store *st, const char *cols)
{
	return (iol_sql_can_copy(st->db) || !st->pg) &&
			       strstr(cols, "\"jobid\"") &&
			       strstr(cols, "\"start_time\"") &&
			       iol_sql_has_column(st->db, "jobs", "sched_id")
		       ? "sched_id"
		       : NULL;
}

/* ---- PostgreSQL: each row written once, straight into its table ---- */

/*
 * The staged path (bulk_rows) writes every row twice on the server: COPY
 * into a temporary table, then INSERT ... SELECT into the table, which
 * gives the row its id (the sequence, one value a row in the shard's
 * order, a skipped duplicate's too), its sched_id (SCHED_OF) and skips a
 * key the table holds (ON CONFLICT).  Here the server is asked only what
 * it alone knows, from a temporary table of the rows' keys (the key, and
 * for jobs the job id and start SCHED_OF reads; not the whole rows):
 * which keys the table holds (one join), each row's scheduler job (one
 * DISTINCT ON over a join with sched, SCHED_OF's choice: the nearest
 * start, then the lowest id) and the ids (the sequence moved past the
 * shard's rows in one statement).  The shard is then read again, in the
 * same order and snapshot, and its rows COPYed into the table with their
 * id and sched_id, a duplicate left out.  The same rows, ids, sched_ids
 * and skipped duplicates as the staged path, provided no other writer
 * inserts into the table meanwhile: direct_lock() sees to that.
 */

/* what the server said of the k-th row of the shard: fate[k] */
#define FATE_DUP (-2)  /* its key is in the table: skipped */
#define FATE_NONE (-1) /* no scheduler's job (sched_id NULL) */

/* Other writers of sched and jobs (ingests) wait for the merge's commit:
 * a key read as absent stays absent, the ids read stay free.  SHARE ROW
 * EXCLUSIVE conflicts with the ROW EXCLUSIVE an INSERT, UPDATE or
 * DELETE takes and with itself, not with readers; concurrent merges and
 * joins are already one at a time (iol_sql_lock). */
static int direct_lock(struct iol_store *st, struct iol_error *err)
{
	return exec(st, "LOCK TABLE sched, jobs IN SHARE ROW EXCLUSIVE MODE",
		    err);
}

/* 1 if rows go straight into their tables (IOLENS_TEST_PG_STAGED set:
 * never, for the tests that compare both) */
static int direct_path(const struct iol_store *st)
{
	const char *staged = getenv("IOLENS_TEST_PG_STAGED");

	return st->pg && iol_sql_can_copy(st->db) && !(staged && *staged);
}

/* the columns of the keys' table: the key, and what SCHED_OF reads */
static void direct_keycols(struct sql *b, const struct dest *d)
{
	add(b, "%s%s", d->key, d->xcol ? ", \"jobid\", \"start_time\"" : "");
}

/* The keys of f's rows (in its order) copied into iol_keys_TABLE with
 * their number iol_n (1...); *n: how many. */
static int direct_keys(struct iol_store *st, struct iol_sql *shard,
		       const struct src *f, const struct dest *d, int64_t *n,
		       struct iol_error *err)
{
	struct sql kc = {0}, q = {0}, sel = {0}, t = {0};
	struct iol_sqlst *s = NULL;
	struct iol_sqlcopy *cp = NULL;
	int rc = 0;

	direct_keycols(&kc, d);
	add(&q,
	    "CREATE TEMPORARY TABLE iol_keys_%s ON COMMIT DROP AS SELECT "
	    "%s, 0::bigint AS iol_n FROM %s WITH NO DATA",
	    d->table, kc.s, d->table);
	add(&sel, "SELECT %s FROM %s ORDER BY %s", kc.s, f->table, f->order);
	add(&t, "iol_keys_%s", d->table);
	add(&kc, ", iol_n");
	if (kc.oom || q.oom || sel.oom || t.oom)
		rc = iol_error_set(err, IOL_ENOMEM, "merge");
	else if (iol_sql_exec(st->db, q.s) < 0)
		rc = dberr(st, err, "merge");
	else if (iol_sql_prepare(shard, sel.s, &s) < 0)
		rc = dberr_of(shard, err, "merge");
	else if (iol_sql_copy_into(st->db, t.s, kc.s, &cp) < 0)
		rc = dberr(st, err, "merge");
	free(kc.s);
	free(q.s);
	free(sel.s);
	free(t.s);
	if (rc) {
		iol_sql_finalize(s);
		return rc;
	}
	*n = 0;
	rc = copy_numbered(st, shard, s, cp, INT64_MAX, n, err);
	iol_sql_finalize(s);
	return rc;
}

/* fate[iol_n - 1] = v for each row of query q (iol_n, and v when
 * v_col) */
static int direct_fate_of(struct iol_store *st, const char *q, int64_t *fate,
			  int64_t n, int v_col, int64_t v,
			  struct iol_error *err)
{
	struct iol_sqlst *s = NULL;
	int rc;

	if (iol_sql_prepare(st->db, q, &s) < 0)
		return dberr(st, err, "merge");
	while ((rc = iol_sql_step(s)) == 1) {
		int64_t k = iol_sql_int(s, 0);

		if (k < 1 || k > n) {
			rc = -2;
			break;
		}
		fate[k - 1] = v_col ? iol_sql_int(s, 1) : v;
	}
	iol_sql_finalize(s);
	if (rc == -2)
		return iol_error_set(err, IOL_ECORRUPT,
				     "merge: a key's number");
	return rc < 0 ? dberr(st, err, "merge") : 0;
}

/* Each row's fate (*fate: n of them, malloc'ed): its scheduler's job
 * (when d has the extra column), then FATE_DUP where its key is in d. */
static int direct_fates(struct iol_store *st, const struct dest *d, int64_t n,
			int64_t **fate, struct iol_error *err)
{
	struct sql q = {0};
	int rc = 0;

	if (!(*fate = malloc(sizeof **fate * (size_t)n)))
		return iol_error_set(err, IOL_ENOMEM, "merge");
	for (int64_t k = 0; k < n; k++)
		(*fate)[k] = FATE_NONE;
	if (d->xcol) {
		add(&q,
		    "SELECT DISTINCT ON (c.iol_n) c.iol_n, s.id FROM "
		    "iol_keys_%s c JOIN sched s ON s.jobid_raw = c.jobid ORDER "
		    "BY c.iol_n, abs(coalesce(s.start, 0) - coalesce("
		    "c.start_time, 0)), s.id",
		    d->table);
		rc = q.oom ? iol_error_set(err, IOL_ENOMEM, "merge")
			   : direct_fate_of(st, q.s, *fate, n, 1, 0, err);
		free(q.s);
		q = (struct sql){0};
	}
	add(&q, "SELECT c.iol_n FROM iol_keys_%s c JOIN %s USING (%s)",
	    d->table, d->table, d->key);
	if (rc == 0)
		rc = q.oom ? iol_error_set(err, IOL_ENOMEM, "merge")
			   : direct_fate_of(st, q.s, *fate, n, 0, FATE_DUP,
					    err);
	free(q.s);
	return rc;
}

/* The first of n ids d's sequence gives, the sequence moved past the
 * last (as n INSERTs' defaults would move it); *base. */
static int direct_ids(struct iol_store *st, const struct dest *d, int64_t n,
		      int64_t *base, struct iol_error *err)
{
	struct sql q = {0};

	add(&q,
	    "SELECT setval(q, nextval(q) + %lld) - %lld FROM (SELECT "
	    "pg_get_serial_sequence('%s', 'id')::regclass AS q) x",
	    (long long)n - 1, (long long)n - 1, d->table);
	*base = q.oom ? -1 : one_int(st->db, q.s);
	free(q.s);
	if (*base < 0)
		return q.oom ? iol_error_set(err, IOL_ENOMEM, "merge")
			     : dberr(st, err, "merge");
	if (*base == 0) /* NULL: not a BIGSERIAL id */
		return iol_error_set(err, IOL_ECORRUPT,
				     "merge: %s.id has no sequence", d->table);
	return 0;
}

/* The rows of s (the shard's, in the keys' order) COPYed into d with
 * their ids from base and their sched_id, as fate says; *added. */
static int direct_copy(struct iol_store *st, struct iol_sql *shard,
		       struct iol_sqlst *s, const struct dest *d,
		       const int64_t *fate, int64_t n, int64_t base,
		       int64_t *added, struct iol_error *err)
{
	struct iol_sqlcopy *cp = NULL;
	struct sql c = {0};
	int64_t k = 0;
	int rc = 0, nc = iol_sql_ncols(s);

	add(&c, "id, %s%s%s", d->cols, d->xcol ? ", " : "",
	    d->xcol ? d->xcol : "");
	if (c.oom)
		rc = iol_error_set(err, IOL_ENOMEM, "merge");
	else if (iol_sql_copy_into(st->db, d->table, c.s, &cp) < 0)
		rc = dberr(st, err, "merge");
	free(c.s);
	if (rc)
		return rc;
	while ((rc = iol_sql_step(s)) == 1 && k < n) {
		if (fate[k++] == FATE_DUP)
			continue;
		iol_sql_copy_int(cp, base + k - 1);
		for (int i = 0; i < nc; i++)
			copy_field(s, i, cp);
		if (d->xcol && fate[k - 1] >= 0)
			iol_sql_copy_int(cp, fate[k - 1]);
		else if (d->xcol)
			iol_sql_copy_null(cp);
		if (iol_sql_copy_row(cp) < 0) {
			rc = -2;
			break;
		}
	}
	if (rc == -1) { /* the shard's error, said before the copy ends */
		rc = dberr_of(shard, err, "merge");
		iol_sql_copy_end(cp, 1);
		return rc;
	}
	if (rc == 1 || (rc == 0 && k < n)) { /* the shard is not as read */
		iol_sql_copy_end(cp, 1);
		return iol_error_set(err, IOL_ECORRUPT,
				     "merge: the shard's %s changed", d->table);
	}
	if (iol_sql_copy_end(cp, rc == -2) < 0)
		return dberr(st, err, "merge");
	if (added)
		*added += iol_sql_changes(st->db);
	return 0;
}

/* Compile "SELECT list FROM table ORDER BY order" of f on the shard,
 * the columns named (iol_sql_prepare_cols(): a row's hundred values read
 * in one call from SQLite, not one each: a third of the client's CPU);
 * a list with a literal in it (an old shard's NULL) as it is. */
static int prepare_src(struct iol_sql *shard, const struct src *f,
		       struct iol_sqlst **s)
{
	struct sql rest = {0}, sel = {0};
	size_t len = strlen(f->list);
	char *names = malloc(len + 1), *p, *e;
	const char **cols = calloc(len / 2 + 1, sizeof *cols);
	int n = 0, rc = -1;

	add(&rest, " FROM %s ORDER BY %s", f->table, f->order);
	if (names)
		memcpy(names, f->list, len + 1);
	/* "a, \"b\", c": each name, its quotes off */
	for (p = names; p && cols && n >= 0 && *p; p = e) {
		while (*p == ' ')
			p++;
		e = p + strcspn(p, ",");
		if (*e)
			*e++ = '\0';
		if (*p == '"' && strlen(p) > 1 && p[strlen(p) - 1] == '"') {
			p[strlen(p) - 1] = '\0';
			cols[n++] = p + 1;
		} else if (*p && strspn(p, "abcdefghijklmnopqrstuvwxyz_") ==
					 strlen(p))
			cols[n++] = p;
		else
			n = -1; /* a literal */
	}
	if (names && cols && !rest.oom && n > 0)
		rc = iol_sql_prepare_cols(shard, cols, n, rest.s, s);
	else if (names && cols && !rest.oom) {
		add(&sel, "SELECT %s%s", f->list, rest.s);
		rc = sel.oom ? -1 : iol_sql_prepare(shard, sel.s, s);
	}
	free(sel.s);
	free(rest.s);
	free(cols);
	free(names);
	return rc;
}

/* Copy the rows of f (in shard) into d, each written once (above);
 * *added: rows inserted. */
static int direct_rows(struct iol_store *st, struct iol_sql *shard,
		       const struct src *f, const struct dest *d,
		       int64_t *added, struct iol_error *err)
{
	struct iol_sqlst *s = NULL;
	int64_t n = 0, base = 0, *fate = NULL;
	int rc = direct_keys(st, shard, f, d, &n, err);

	if (rc == 0 && n == 0)
		return 0;
	if (rc == 0)
		rc = direct_fates(st, d, n, &fate, err);
	if (rc == 0)
		rc = direct_ids(st, d, n, &base, err);
	if (rc == 0 && prepare_src(shard, f, &s) < 0)
		rc = dberr_of(shard, err, "merge");
	if (rc == 0)
		rc = direct_copy(st, shard, s, d, fate, n, base, added, err);
	iol_sql_finalize(s);
	free(fate);
	return rc;
}

/* the job columns both stores have (cl) */
static int merge_sql(struct iol_sql *shard, struct sql *cl)
{
	size_t n, i, k = 0, nh;
	const struct iol_popcol *c = iol_pop_columns(&n);
	char **have;
	int rc = 0;

	if (iol_sql_columns(shard, "jobs", &have, &nh) < 0)
		return -1;
	for (i = 0; i < n; i++)
		for (size_t j = 0; j < nh; j++)
			if (!strcmp(have[j], c[i].name)) {
				add(cl, "%s\"%s\"", k++ ? ", " : "", c[i].name);
				break;
			}
	free_names(have, nh);
	if (!k)
		rc = IOL_ECORRUPT;
	if (!rc && cl->oom)
		rc = IOL_ENOMEM;
	return rc;
}

static int merge_rows(struct iol_store *st, struct iol_sql *shard,
		      int64_t *added, struct iol_error *err)
{
	static const struct dest errs = {
		"errors", "path, size, mtime_ns, message, iolens_version",
		"path", NULL, NULL};
	static const struct dest sched = {"sched", SCHED_COLS, "cluster, jobid",
					  NULL, NULL};
	static const struct src errs_of = {
		"path, size, mtime_ns, message, iolens_version", "errors",
		"path"};
	struct sql cl = {0};
	struct reindex ri = {0};
	int rc = merge_sql(shard, &cl), direct = direct_path(st);

	if (rc == IOL_ECORRUPT)
		rc = iol_error_set(err, rc, "no jobs table");
	else if (rc == IOL_ENOMEM)
		rc = iol_error_set(err, rc, "merge");
	else if (rc < 0)
		rc = dberr_of(shard, err, "merge");
	if (rc == 0 && direct && direct_lock(st, err))
		rc = IOL_EIO;
	/* the shard's scheduler jobs (schema 2) first: the rows of jobs
	 * copied get their sched_id as they are inserted */
	if (rc == 0 && iol_sql_has_column(shard, "sched", "jobid"))
		rc = (direct ? direct_rows : copy_rows)(
			st, shard,
			&(struct src){
				/* a shard made before the partition was
				 * kept has none */
				iol_sql_has_column(shard, "sched", "partition")
					? SCHED_COLS
					: SCHED_COLS_OLD ", NULL",
				"sched", "cluster, jobid"},
			&sched, NULL, err);
	if (rc == 0 && iol_sql_can_copy(st->db) && reindex_pays(st, shard))
		rc = reindex_drop(st, &ri, err);
	if (rc == 0)
		rc = (direct ? direct_rows : copy_rows)(
			st, shard, &(struct src){cl.s, "jobs", "path"},
			&(struct dest){"jobs", cl.s, "path",
				       joined_id(st, cl.s), SCHED_OF},
			added, err);
	rc = reindex_build(st, &ri, rc, err);
	free(cl.s);
	if (rc == 0)
		rc = copy_rows(st, shard, &errs_of, &errs, NULL, err);
	if (rc == 0)
		rc = exec(st,
			  "DELETE FROM errors WHERE path IN (SELECT path "
			  "FROM jobs)",
			  err);
	return rc;
}

/* KiB of page cache for each SQLite side of a merge */
#define MERGE_CACHE "65536"

/* SQLite into SQLite: the shard (the file other) attached to the store's
 * connection, so that its rows go in one statement a table (else row by
 * row, st->attached 0; IOLENS_TEST_MERGE_ROWS set: always, for the tests
 * comparing both).  A cache for the pages a merge reads at scattered
 * places (the shard's rows in path order, the scheduler's jobs each row
 * looks up) rather than a pread each; it goes with the connections. */
static void shard_attach(struct iol_store *st, struct iol_sql *shard,
			 const char *other)
{
	const char *rows = getenv("IOLENS_TEST_MERGE_ROWS");
	struct iol_sqlst *q = NULL;

	st->attached = 0;
	if (st->pg)
		return;
	iol_sql_exec(st->db, "PRAGMA cache_size = -" MERGE_CACHE);
	if (iol_sql_kind(shard) == IOL_SQL_PG)
		return;
	if (!(rows && *rows) &&
	    iol_sql_prepare(st->db, "ATTACH DATABASE ? AS iol_shard", &q) ==
		    0) {
		iol_sql_bind_text(q, 1, other, -1);
		st->attached = iol_sql_step(q) == 0;
		iol_sql_finalize(q);
	}
	iol_sql_exec(st->attached ? st->db : shard,
		     st->attached
			     ? "PRAGMA iol_shard.cache_size = -" MERGE_CACHE
			     : "PRAGMA cache_size = -" MERGE_CACHE);
}

static void shard_detach(struct iol_store *st)
{
	if (st->attached)
		iol_sql_exec(st->db, "DETACH DATABASE iol_shard");
	st->attached = 0;
}

static int merge_shard(struct iol_store *st, struct iol_sql *shard,
		       const char *other, int64_t *added, struct iol_error *err)
{
	int rc, v = schema_of(shard);

	if (v < -1)
		return dberr_of(shard, err, "not an iolens store");
	if (v < 1 || v > IOL_STORE_SCHEMA)
		return iol_error_set(err, IOL_EVERSION,
				     "not an iolens store of schema %d",
				     IOL_STORE_SCHEMA);
	if (!iol_sql_has_column(shard, "jobs", "path"))
		return iol_error_set(err, IOL_ECORRUPT, "no jobs table");
	/* one transaction on both kinds: a merge is all or nothing; on
	 * PostgreSQL under the lock, as two merges (or joins) writing many
	 * rows each could deadlock */
	if (iol_sql_lock(st->db) < 0)
		return dberr(st, err, "store");
	shard_attach(st, shard,
		     other); /* not in a transaction: SQLite's rule */
	if (exec(st, st->pg ? "BEGIN" : "BEGIN IMMEDIATE", err)) {
		shard_detach(st);
		iol_sql_unlock(st->db);
		return IOL_EIO;
	}
	/* the store's session commits without waiting for the disk (setup()),
	 * fine for an ingest run again, not for a merge: its COMMIT waits
	 * as the server's own setting says (on, unless its owner chose) */
	if (st->pg &&
	    exec(st, "SET LOCAL synchronous_commit TO DEFAULT", err)) {
		iol_sql_exec(st->db, "ROLLBACK");
		iol_sql_unlock(st->db);
		return IOL_EIO;
	}
	/* the shard read in one transaction too: one snapshot of it */
	if (iol_sql_exec(shard,
			 iol_sql_kind(shard) == IOL_SQL_PG
				 ? "BEGIN ISOLATION LEVEL REPEATABLE READ"
				 : "BEGIN") < 0)
		rc = dberr_of(shard, err, "merge");
	else
		rc = merge_rows(st, shard, added, err);
	iol_sql_exec(shard, "COMMIT");
	if (rc == 0 && exec(st, IOL_STORE_BUMP_SQL, err))
		rc = IOL_EIO;
	if (rc)
		iol_sql_exec(st->db, "ROLLBACK");
	else if (exec(st, "COMMIT", err))
		rc = IOL_EIO;
	shard_detach(st);
	iol_sql_unlock(st->db);
	return rc ? IOL_EIO : 0;
}

int iol_store_merge(struct iol_store *st, const char *other, int64_t *added,
		    struct iol_fsmerged *fs, struct iol_error *err)
{
	struct iol_sql *shard;
	int rc;

	*added = 0;
	if (iol_store_commit(st, err))
		return IOL_EIO;
	if ((rc = iol_store_path_check(other, err)) < 0)
		return rc;
	if (iol_sql_open(&shard, other, IOL_SQL_RO, err) < 0)
		return err ? err->code : IOL_EIO;
	rc = merge_shard(st, shard, other, added, err);
	/* the file-system telemetry it keeps (ingest --fsload) */
	if (rc == 0)
		rc = iol_fsstore_merge(st->db, shard, fs, err);
	iol_sql_close(shard);
	if (rc == 0) {
		int64_t joined;
		rc = iol_store_join_sched(st, 0, &joined, err);
	}
	return rc;
}

/* ---- the scheduler's jobs ---- */

static void bind_text_or_null(struct iol_sqlst *q, int i, const char *s)
{
	if (s)
		iol_sql_bind_text(q, i, s, -1);
	else
		iol_sql_bind_null(q, i);
}

static void bind_int_or_null(struct iol_sqlst *q, int i, int64_t v)
{
	if (v >= 0)
		iol_sql_bind_int(q, i, v);
	else
		iol_sql_bind_null(q, i);
}

static void bind_real_or_null(struct iol_sqlst *q, int i, double v)
{
	if (v == v)
		iol_sql_bind_real(q, i, v);
	else
		iol_sql_bind_null(q, i);
}

int iol_store_put_sched(struct iol_store *st, const struct iol_schedjob *j,
			struct iol_error *err)
{
	struct iol_sqlst *q = st->q[Q_INS_SCHED];
	double ch = j->ncpus >= 0 && j->elapsed == j->elapsed
			    ? (double)j->ncpus * j->elapsed / 3600.0
			    : (double)NAN;
	int rc;

	if (begin(st, err))
		return IOL_EIO;
	iol_sql_bind_text(q, 1, j->cluster ? j->cluster : "", -1);
	iol_sql_bind_text(q, 2, j->jobid, -1);
	bind_int_or_null(q, 3, j->jobid_raw);
	bind_int_or_null(q, 4, j->array_job);
	bind_int_or_null(q, 5, j->array_task);
	bind_text_or_null(q, 6, j->user);
	bind_text_or_null(q, 7, j->account);
	bind_text_or_null(q, 8, j->state);
	bind_int_or_null(q, 9, j->nnodes);
	bind_int_or_null(q, 10, j->ncpus);
	bind_real_or_null(q, 11, j->elapsed);
	bind_real_or_null(q, 12, j->start);
	bind_real_or_null(q, 13, j->end);
	bind_real_or_null(q, 14, ch);
	bind_text_or_null(q, 15, j->partition);
	rc = step(st, q, err);
	if (rc == 0 && ++st->pending >= st->batch)
		rc = iol_store_commit(st, err);
	return rc;
}

int iol_store_join_sched(struct iol_store *st, int all, int64_t *joined,
			 struct iol_error *err)
{
	char q[1024];
	int64_t n;

	*joined = 0;
	if (undefer(st, err) || iol_store_commit(st, err))
		return IOL_EIO;
	/* no scheduler's jobs, nothing to join: the UPDATE would read every
	 * row of jobs all the same (2 s after a merge of 100k rows into
	 * PostgreSQL, the first reader setting their hint bits) */
	if (one_int(st->db, "SELECT count(*) FROM (SELECT 1 FROM sched "
			    "LIMIT 1) s") == 0)
		return 0;
	/* a row re-ingested since its join has lost the scheduler's nodes
	 * (the upsert rewrites them) but kept sched_id: it is joined
	 * again.  Rows whose job id the scheduler does not know are not
	 * touched: a nightly ingest into a million-row store rewrites
	 * nothing it need not. */
	snprintf(q, sizeof(q),
		 "UPDATE jobs SET sched_id = (SELECT s.id FROM sched s WHERE "
		 "s.jobid_raw = jobs.jobid AND abs(coalesce(s.start, 0) - "
		 "coalesce(jobs.start_time, 0)) = (SELECT min(abs(coalesce("
		 "t.start, 0) - coalesce(jobs.start_time, 0))) FROM sched t "
		 "WHERE t.jobid_raw = jobs.jobid) ORDER BY s.id LIMIT 1) WHERE "
		 "jobid IN (SELECT jobid_raw FROM sched)%s",
		 all ? ""
		     : " AND (sched_id IS NULL OR coalesce(nodes_source, '') "
		       "<> 'scheduler')");
	/* PostgreSQL: under the lock, as for a merge */
	if (iol_sql_lock(st->db) < 0)
		return dberr(st, err, "store");
	if (exec(st, st->pg ? "BEGIN" : "BEGIN IMMEDIATE", err) ||
	    exec(st, q, err))
		goto fail;
	n = iol_sql_changes(st->db);
	snprintf(q, sizeof(q),
		 "UPDATE jobs SET nodes = s.nnodes, nodes_source = "
		 "'scheduler', project = coalesce(nullif(s.account, ''), "
		 "jobs.project), mib_s_per_node = CASE WHEN s.nnodes > 0 THEN "
		 "jobs.mib_s / s.nnodes END FROM sched s WHERE s.id = "
		 "jobs.sched_id AND s.nnodes > 0%s",
		 all ? ""
		     : " AND coalesce(jobs.nodes_source, '') <> 'scheduler'");
	if (exec(st, q, err))
		goto fail;
	*joined = iol_sql_changes(st->db);
	/* the generation moves when rows did: the join that ends every
	 * ingest, mostly of nothing, leaves readers' caches as they are */
	if (n + *joined > 0 && exec(st, IOL_STORE_BUMP_SQL, err))
		goto fail;
	if (exec(st, "COMMIT", err))
		goto fail;
	iol_sql_unlock(st->db);
	return 0;
fail:
	iol_sql_exec(st->db, "ROLLBACK");
	iol_sql_unlock(st->db);
	return IOL_EIO;
}
