/*
 * The population store on SQLite: schema creation and upgrade (columns
 * appended from the job-row table), lookups by path, batched upserts with
 * prepared statements, and the merge of shard stores.
 *
 * Journal: WAL while open, because an ingest is one long series of small
 * transactions (a WAL commit appends, a rollback-journal commit rewrites
 * and fsyncs twice) and because analysts may query the store meanwhile
 * without blocking the writer; synchronous=NORMAL is durable against a
 * killed process in WAL mode.  Closing returns the file to a rollback
 * journal so that a store at rest is one file, safe to copy.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/stat.h>

#include <sqlite3.h>

#include "population/store.h"
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

struct iol_store {
	sqlite3 *db;
	sqlite3_stmt *q[NQ];
	int in_txn, pending, batch;
	size_t ncols;
};

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

static int dberr(struct iol_store *st, struct iol_error *err, const char *what)
{
	int code = sqlite3_errcode(st->db);

	return iol_error_set(err,
			     code == SQLITE_NOTADB ? IOL_ECORRUPT : IOL_EIO,
			     "%s: %s", what, sqlite3_errmsg(st->db));
}

static int exec(struct iol_store *st, const char *sql, struct iol_error *err)
{
	if (sqlite3_exec(st->db, sql, NULL, NULL, NULL) != SQLITE_OK)
		return dberr(st, err, "store");
	return 0;
}

static const char *const sqltypes[] = {"TEXT", "INTEGER", "REAL"};

/* ---- schema ---- */

static int create_jobs(struct iol_store *st, struct iol_error *err)
{
	size_t n, i;
	const struct iol_popcol *c = iol_pop_columns(&n);
	struct sql b = {0};
	int rc;

	add(&b, "CREATE TABLE IF NOT EXISTS jobs (id INTEGER PRIMARY KEY");
	for (i = 0; i < n; i++)
		add(&b, ", \"%s\" %s%s", c[i].name, sqltypes[c[i].type],
		    i == IOL_PC_PATH ? " NOT NULL UNIQUE" : "");
	add(&b, ")");
	rc = b.oom ? iol_error_set(err, IOL_ENOMEM, "store")
		   : exec(st, b.s, err);
	free(b.s);
	return rc;
}

/* 1 if table tab (in schema sch) has column name */
static int has_column(struct iol_store *st, const char *sch, const char *tab,
		      const char *name)
{
	char q[256];
	sqlite3_stmt *s;
	int found = 0;

	snprintf(q, sizeof(q),
		 "SELECT 1 FROM pragma_table_info('%s', '%s') WHERE name = ?",
		 tab, sch);
	if (sqlite3_prepare_v2(st->db, q, -1, &s, NULL) != SQLITE_OK)
		return 0;
	sqlite3_bind_text(s, 1, name, -1, SQLITE_STATIC);
	found = sqlite3_step(s) == SQLITE_ROW;
	sqlite3_finalize(s);
	return found;
}

/* columns of a newer job-row table, appended to an older store */
static int upgrade_jobs(struct iol_store *st, struct iol_error *err)
{
	size_t n, i;
	const struct iol_popcol *c = iol_pop_columns(&n);
	char q[256];

	for (i = 0; i < n; i++) {
		if (has_column(st, "main", "jobs", c[i].name))
			continue;
		snprintf(q, sizeof(q), "ALTER TABLE jobs ADD COLUMN \"%s\" %s",
			 c[i].name, sqltypes[c[i].type]);
		if (exec(st, q, err))
			return err ? err->code : IOL_EIO;
	}
	return 0;
}

static int check_meta(struct iol_store *st, int *was, struct iol_error *err)
{
	sqlite3_stmt *s;
	char q[256];
	int v = -1;

	if (exec(st,
		 "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, "
		 "value TEXT)",
		 err))
		return IOL_EIO;
	if (sqlite3_prepare_v2(st->db,
			       "SELECT value FROM meta WHERE key = "
			       "'schema_version'",
			       -1, &s, NULL) != SQLITE_OK)
		return dberr(st, err, "store");
	if (sqlite3_step(s) == SQLITE_ROW)
		v = sqlite3_column_int(s, 0);
	sqlite3_finalize(s);
	if (v > IOL_STORE_SCHEMA)
		return iol_error_set(err, IOL_EVERSION,
				     "store schema %d is newer than this "
				     "iolens (%d)",
				     v, IOL_STORE_SCHEMA);
	*was = v;
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

static int prepare(struct iol_store *st, struct iol_error *err)
{
	static const char *const fixed[NQ] = {
		[Q_LOOK_JOB] = "SELECT size, mtime_ns, iolens_version FROM "
			       "jobs WHERE path = ?",
		[Q_LOOK_ERR] = "SELECT size, mtime_ns, iolens_version FROM "
			       "errors WHERE path = ?",
		[Q_INS_ERR] = "INSERT OR REPLACE INTO errors (path, size, "
			      "mtime_ns, message, iolens_version) VALUES "
			      "(?, ?, ?, ?, ?)",
		[Q_DEL_JOB] = "DELETE FROM jobs WHERE path = ?",
		[Q_DEL_ERR] = "DELETE FROM errors WHERE path = ?",
		[Q_INS_SCHED] = "INSERT INTO sched (cluster, jobid, jobid_raw, "
				"array_job, array_task, user, account, state, "
				"nnodes, ncpus, elapsed, start, end, "
				"core_hours) VALUES (?, ?, ?, ?, ?, ?, ?, ?, "
				"?, ?, ?, ?, ?, ?) ON CONFLICT(cluster, jobid) "
				"DO UPDATE SET jobid_raw = excluded.jobid_raw, "
				"array_job = excluded.array_job, array_task = "
				"excluded.array_task, user = excluded.user, "
				"account = excluded.account, state = "
				"excluded.state, nnodes = excluded.nnodes, "
				"ncpus = excluded.ncpus, elapsed = "
				"excluded.elapsed, start = excluded.start, end "
				"= excluded.end, core_hours = "
				"excluded.core_hours",
	};
	struct sql b = {0};
	int i, rc = 0;

	upsert_sql(&b);
	if (b.oom)
		return iol_error_set(err, IOL_ENOMEM, "store");
	for (i = 0; i < NQ && rc == 0; i++)
		if (sqlite3_prepare_v3(st->db, i == Q_INS_JOB ? b.s : fixed[i],
				       -1, SQLITE_PREPARE_PERSISTENT, &st->q[i],
				       NULL) != SQLITE_OK)
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
	char q[128];

	if (!has_column(st, "main", "jobs", "sched_id") &&
	    exec(st, "ALTER TABLE jobs ADD COLUMN sched_id INTEGER", err))
		return IOL_EIO;
	if (exec(st,
		 "CREATE TABLE IF NOT EXISTS sched (id INTEGER PRIMARY KEY, "
		 "cluster TEXT NOT NULL DEFAULT '', jobid TEXT NOT NULL, "
		 "jobid_raw INTEGER, array_job INTEGER, array_task INTEGER, "
		 "user TEXT, account TEXT, state TEXT, nnodes INTEGER, "
		 "ncpus INTEGER, elapsed REAL, start REAL, end REAL, "
		 "core_hours REAL, UNIQUE (cluster, jobid))",
		 err) ||
	    exec(st,
		 "CREATE INDEX IF NOT EXISTS sched_raw ON sched (jobid_raw)",
		 err) ||
	    exec(st,
		 "CREATE INDEX IF NOT EXISTS jobs_app_start ON jobs (app, "
		 "start_time)",
		 err) ||
	    exec(st, "CREATE INDEX IF NOT EXISTS jobs_jobid ON jobs (jobid)",
		 err) ||
	    exec(st, "CREATE INDEX IF NOT EXISTS jobs_sched ON jobs (sched_id)",
		 err))
		return IOL_EIO;
	if (was < 0 || was >= IOL_STORE_SCHEMA)
		return 0;
	snprintf(q, sizeof(q),
		 "UPDATE meta SET value = '%d' WHERE key = 'schema_version'",
		 IOL_STORE_SCHEMA);
	return exec(st, q, err) ? IOL_EIO : 0;
}

static int setup(struct iol_store *st, struct iol_error *err)
{
	int was = -1;

	sqlite3_busy_timeout(st->db, 10000);
	if (exec(st, "PRAGMA journal_mode = WAL", err) ||
	    exec(st, "PRAGMA synchronous = NORMAL", err) ||
	    check_meta(st, &was, err) || create_jobs(st, err) ||
	    upgrade_jobs(st, err) ||
	    exec(st,
		 "CREATE TABLE IF NOT EXISTS errors (path TEXT PRIMARY KEY, "
		 "size INTEGER, mtime_ns INTEGER, message TEXT, "
		 "iolens_version TEXT)",
		 err) ||
	    schema2(st, was, err))
		return err ? err->code : IOL_EIO;
	return prepare(st, err);
}

int iol_store_path_check(const char *path, struct iol_error *err)
{
	struct stat sb;

	if (path && stat(path, &sb) == 0 && S_ISDIR(sb.st_mode))
		return iol_error_set(err, IOL_EINVAL,
				     "is a directory, not a population store "
				     "(the SQLite file iolens ingest makes)");
	return 0;
}

int iol_store_open(struct iol_store **out, const char *path,
		   struct iol_error *err)
{
	struct iol_store *st = calloc(1, sizeof(*st));
	int rc;

	*out = NULL;
	if (!st)
		return iol_error_set(err, IOL_ENOMEM, "store");
	if ((rc = iol_store_path_check(path, err)) < 0) {
		free(st);
		return rc;
	}
	iol_pop_columns(&st->ncols);
	st->batch = 500;
	if (sqlite3_open_v2(path, &st->db,
			    SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
			    NULL) != SQLITE_OK) {
		rc = iol_error_set(err, IOL_EIO, "%s",
				   st->db ? sqlite3_errmsg(st->db)
					  : "out of memory");
		sqlite3_close(st->db);
		free(st);
		return rc;
	}
	rc = setup(st, err);
	if (rc) {
		iol_store_close(st, NULL);
		return rc;
	}
	*out = st;
	return 0;
}

void iol_store_set_batch(struct iol_store *st, int rows)
{
	st->batch = rows > 0 ? rows : 1;
}

int iol_store_commit(struct iol_store *st, struct iol_error *err)
{
	if (!st->in_txn)
		return 0;
	st->in_txn = 0;
	st->pending = 0;
	return exec(st, "COMMIT", err);
}

int iol_store_close(struct iol_store *st, struct iol_error *err)
{
	int rc, i;

	if (!st)
		return 0;
	rc = iol_store_commit(st, err);
	for (i = 0; i < NQ; i++)
		sqlite3_finalize(st->q[i]);
	if (rc == 0 && st->q[Q_INS_JOB])
		sqlite3_exec(st->db, "PRAGMA journal_mode = DELETE", NULL, NULL,
			     NULL);
	sqlite3_close(st->db);
	free(st);
	return rc;
}

/* 0 absent or changed, 1 same file and version, 2 same file, other
 * version, < 0 error */
static int look(struct iol_store *st, sqlite3_stmt *q, const char *path,
		int64_t size, int64_t mtime_ns, struct iol_error *err)
{
	int rc, r = 0;

	sqlite3_bind_text(q, 1, path, -1, SQLITE_STATIC);
	rc = sqlite3_step(q);
	if (rc == SQLITE_ROW && sqlite3_column_int64(q, 0) == size &&
	    sqlite3_column_int64(q, 1) == mtime_ns) {
		const unsigned char *v = sqlite3_column_text(q, 2);

		r = v && !strcmp((const char *)v, IOLENS_VERSION) ? 1 : 2;
	} else if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
		r = dberr(st, err, "store lookup");
	}
	sqlite3_reset(q);
	sqlite3_clear_bindings(q);
	return r;
}

int iol_store_lookup(struct iol_store *st, const char *path, int64_t size,
		     int64_t mtime_ns, struct iol_error *err)
{
	int r = look(st, st->q[Q_LOOK_JOB], path, size, mtime_ns, err);

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
static int bind_row(sqlite3_stmt *q, const struct iol_poprow *row, size_t want,
		    struct iol_error *err)
{
	struct iol_popval v;
	size_t pos = 0, k = 0;
	int r;

	while ((r = iol_poprow_next(row, &pos, &v)) > 0) {
		int i = (int)++k;

		if (k > want)
			break;
		if (v.tag == IOL_VAL_INT)
			sqlite3_bind_int64(q, i, v.i);
		else if (v.tag == IOL_VAL_REAL)
			sqlite3_bind_double(q, i, v.r);
		else if (v.tag == IOL_VAL_TEXT)
			sqlite3_bind_text(q, i, v.s, (int)v.len,
					  SQLITE_TRANSIENT);
		else
			sqlite3_bind_null(q, i);
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

static int step(struct iol_store *st, sqlite3_stmt *q, struct iol_error *err)
{
	int rc = sqlite3_step(q) == SQLITE_DONE ? 0 : dberr(st, err, "store");

	sqlite3_reset(q);
	sqlite3_clear_bindings(q);
	return rc;
}

int iol_store_put(struct iol_store *st, const struct iol_poprow *row,
		  struct iol_error *err)
{
	int job = iol_poprow_kind(row) == IOL_ROW_JOB;
	sqlite3_stmt *q = st->q[job ? Q_INS_JOB : Q_INS_ERR];
	sqlite3_stmt *del = st->q[job ? Q_DEL_ERR : Q_DEL_JOB];
	size_t want = st->ncols;
	struct iol_popval p;
	int rc;

	if (!job)
		iol_pop_error_columns(&want);
	if (!row_path(row, &p))
		return iol_error_set(err, IOL_ECORRUPT, "row without a path");
	if (!st->in_txn) {
		if (exec(st, "BEGIN IMMEDIATE", err))
			return IOL_EIO;
		st->in_txn = 1;
	}
	rc = bind_row(q, row, want, err);
	if (rc) {
		sqlite3_clear_bindings(q);
		return rc;
	}
	rc = step(st, q, err);
	if (rc == 0) {
		sqlite3_bind_text(del, 1, p.s, (int)p.len, SQLITE_TRANSIENT);
		rc = step(st, del, err);
	}
	if (rc == 0 && ++st->pending >= st->batch)
		rc = iol_store_commit(st, err);
	return rc;
}

/* the INSERT ... SELECT of the columns both stores have */
static int merge_sql(struct iol_store *st, struct sql *b)
{
	size_t n, i, k = 0;
	const struct iol_popcol *c = iol_pop_columns(&n);
	struct sql cl = {0};

	for (i = 0; i < n; i++)
		if (has_column(st, "shard", "jobs", c[i].name))
			add(&cl, "%s\"%s\"", k++ ? ", " : "", c[i].name);
	add(b,
	    "INSERT OR IGNORE INTO main.jobs (%s) SELECT %s FROM "
	    "shard.jobs ORDER BY path",
	    cl.s ? cl.s : "", cl.s ? cl.s : "");
	free(cl.s);
	return b->oom || cl.oom ? IOL_ENOMEM : 0;
}

static int merge_shard(struct iol_store *st, int64_t *added,
		       struct iol_error *err)
{
	sqlite3_stmt *s;
	struct sql b = {0};
	int rc, v = -1;

	if (sqlite3_prepare_v2(st->db,
			       "SELECT value FROM shard.meta WHERE key = "
			       "'schema_version'",
			       -1, &s, NULL) != SQLITE_OK)
		return dberr(st, err, "not an iolens store");
	if (sqlite3_step(s) == SQLITE_ROW)
		v = sqlite3_column_int(s, 0);
	sqlite3_finalize(s);
	if (v < 1 || v > IOL_STORE_SCHEMA)
		return iol_error_set(err, IOL_EVERSION,
				     "not an iolens store of schema %d",
				     IOL_STORE_SCHEMA);
	if (!has_column(st, "shard", "jobs", "path"))
		return iol_error_set(err, IOL_ECORRUPT, "no jobs table");
	rc = merge_sql(st, &b);
	if (rc)
		return iol_error_set(err, rc, "merge");
	rc = exec(st, "BEGIN IMMEDIATE", err) || exec(st, b.s, err);
	free(b.s);
	if (rc == 0)
		*added = sqlite3_changes(st->db);
	if (rc == 0)
		rc = exec(st,
			  "INSERT OR IGNORE INTO main.errors (path, size, "
			  "mtime_ns, message, iolens_version) SELECT path, "
			  "size, mtime_ns, message, iolens_version FROM "
			  "shard.errors WHERE path NOT IN (SELECT path FROM "
			  "main.jobs) ORDER BY path",
			  err) ||
		     exec(st,
			  "DELETE FROM main.errors WHERE path IN (SELECT path "
			  "FROM main.jobs)",
			  err);
	/* the shard's scheduler jobs (schema 2); joined by the caller */
	if (rc == 0 && has_column(st, "shard", "sched", "jobid"))
		rc = exec(st,
			  "INSERT OR IGNORE INTO main.sched (cluster, jobid, "
			  "jobid_raw, array_job, array_task, user, account, "
			  "state, nnodes, ncpus, elapsed, start, end, "
			  "core_hours) SELECT cluster, jobid, jobid_raw, "
			  "array_job, array_task, user, account, state, "
			  "nnodes, ncpus, elapsed, start, end, core_hours "
			  "FROM shard.sched ORDER BY cluster, jobid",
			  err);
	if (exec(st, rc ? "ROLLBACK" : "COMMIT", rc ? NULL : err))
		rc = IOL_EIO;
	return rc ? IOL_EIO : 0;
}

int iol_store_merge(struct iol_store *st, const char *other, int64_t *added,
		    struct iol_error *err)
{
	sqlite3_stmt *a;
	int rc;

	*added = 0;
	if (iol_store_commit(st, err))
		return IOL_EIO;
	if (sqlite3_prepare_v2(st->db, "ATTACH DATABASE ? AS shard", -1, &a,
			       NULL) != SQLITE_OK)
		return dberr(st, err, "attach");
	sqlite3_bind_text(a, 1, other, -1, SQLITE_STATIC);
	rc = sqlite3_step(a) == SQLITE_DONE ? 0 : dberr(st, err, "attach");
	sqlite3_finalize(a);
	if (rc)
		return rc;
	rc = merge_shard(st, added, err);
	sqlite3_exec(st->db, "DETACH DATABASE shard", NULL, NULL, NULL);
	if (rc == 0) {
		int64_t joined;
		rc = iol_store_join_sched(st, 0, &joined, err);
	}
	return rc;
}

/* ---- the scheduler's jobs ---- */

static void bind_text_or_null(sqlite3_stmt *q, int i, const char *s)
{
	if (s)
		sqlite3_bind_text(q, i, s, -1, SQLITE_TRANSIENT);
	else
		sqlite3_bind_null(q, i);
}

static void bind_int_or_null(sqlite3_stmt *q, int i, int64_t v)
{
	if (v >= 0)
		sqlite3_bind_int64(q, i, v);
	else
		sqlite3_bind_null(q, i);
}

static void bind_real_or_null(sqlite3_stmt *q, int i, double v)
{
	if (v == v)
		sqlite3_bind_double(q, i, v);
	else
		sqlite3_bind_null(q, i);
}

int iol_store_put_sched(struct iol_store *st, const struct iol_schedjob *j,
			struct iol_error *err)
{
	sqlite3_stmt *q = st->q[Q_INS_SCHED];
	double ch = j->ncpus >= 0 && j->elapsed == j->elapsed
			    ? (double)j->ncpus * j->elapsed / 3600.0
			    : (double)NAN;
	int rc;

	if (!st->in_txn) {
		if (exec(st, "BEGIN IMMEDIATE", err))
			return IOL_EIO;
		st->in_txn = 1;
	}
	sqlite3_bind_text(q, 1, j->cluster ? j->cluster : "", -1,
			  SQLITE_TRANSIENT);
	sqlite3_bind_text(q, 2, j->jobid, -1, SQLITE_TRANSIENT);
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
	rc = step(st, q, err);
	if (rc == 0 && ++st->pending >= st->batch)
		rc = iol_store_commit(st, err);
	return rc;
}

int iol_store_join_sched(struct iol_store *st, int all, int64_t *joined,
			 struct iol_error *err)
{
	char q[1024];

	*joined = 0;
	if (iol_store_commit(st, err))
		return IOL_EIO;
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
		     : " AND (sched_id IS NULL OR nodes_source IS NOT "
		       "'scheduler')");
	if (exec(st, "BEGIN IMMEDIATE", err) || exec(st, q, err))
		goto fail;
	snprintf(q, sizeof(q),
		 "UPDATE jobs SET nodes = s.nnodes, nodes_source = "
		 "'scheduler', project = coalesce(nullif(s.account, ''), "
		 "jobs.project), mib_s_per_node = CASE WHEN s.nnodes > 0 THEN "
		 "jobs.mib_s / s.nnodes END FROM sched s WHERE s.id = "
		 "jobs.sched_id AND s.nnodes > 0%s",
		 all ? "" : " AND jobs.nodes_source IS NOT 'scheduler'");
	if (exec(st, q, err))
		goto fail;
	*joined = sqlite3_changes(st->db);
	return exec(st, "COMMIT", err) ? IOL_EIO : 0;
fail:
	sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
	return IOL_EIO;
}
