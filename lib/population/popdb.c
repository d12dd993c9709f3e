/*
 * The population store read through SQLite, read-only: the job rows the
 * analyses aggregate (one table naming each column the schema gives it)
 * and a generic cursor for `iolens jobs`.  A column missing from the store
 * reads as NULL; a --where expression is compiled alone and must be one
 * read-only statement without ';' that reads nothing but the jobs
 * table (an authorizer denies the rest).
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "base/grow.h"
#include "population/popdb.h"
#include "population/store.h"
#include "base/banned.h"

const char *const iol_pop_bin_names[IOL_POP_NBINS] = {
	"0_100", "100_1k", "1k_10k",   "10k_100k", "100k_1m",
	"1m_4m", "4m_10m", "10m_100m", "100m_1g",  "1g_plus"};
const char *const iol_pop_fw_names[IOL_POP_NFW] = {
	"lt_4k", "4k_64k", "64k_1m", "1m_16m", "16m_256m", "256m_4g", "ge_4g"};

struct iol_popdb {
	sqlite3 *db;
	char **cols; /* the jobs table's columns */
	size_t ncols;
};

struct iol_popcur {
	sqlite3_stmt *st;
};

enum { K_STR, K_INT, K_REAL };

#define F(name, kind)                                          \
	{                                                      \
#name, kind, offsetof(struct iol_popjob, name) \
	}
static const struct col {
	const char *name;
	int kind;
	size_t off;
} scalar_cols[] = {
	F(id, K_INT),
	F(path, K_STR),
	F(user, K_STR),
	F(app, K_STR),
	F(project, K_STR),
	F(exe, K_STR),
	F(strategy, K_STR),
	F(uid, K_INT),
	F(nprocs, K_INT),
	F(nodes, K_INT),
	F(partial, K_INT),
	F(files, K_INT),
	F(creates, K_INT),
	F(bytes_read, K_INT),
	F(bytes_written, K_INT),
	F(start_time, K_REAL),
	F(end_time, K_REAL),
	F(run_time, K_REAL),
	F(io_time_by_slowest, K_REAL),
	F(mib_s, K_REAL),
	F(mib_s_per_node, K_REAL),
	F(pct_io_time_slowest, K_REAL),
	F(md_cost_pct, K_REAL),
	F(files_per_proc, K_REAL),
	F(creates_per_proc, K_REAL),
	F(pct_sequential, K_REAL),
	F(pct_aligned, K_REAL),
	F(mib_per_proc, K_REAL),
	F(files_written, K_INT),
};
#undef F
#define NSCALAR (sizeof scalar_cols / sizeof scalar_cols[0])
#define NALL (NSCALAR + 2 * IOL_POP_NBINS + IOL_POP_NFW)

static int db_err(struct iol_popdb *db, struct iol_error *err, int code)
{
	return iol_error_set(err, code, "%s", sqlite3_errmsg(db->db));
}

static int load_columns(struct iol_popdb *db, struct iol_error *err)
{
	sqlite3_stmt *st;
	size_t cap = 0;
	int rc;

	if (sqlite3_prepare_v2(db->db, "PRAGMA table_info(jobs)", -1, &st,
			       NULL) != SQLITE_OK)
		return db_err(db, err, IOL_ECORRUPT);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *name = (const char *)sqlite3_column_text(st, 1);
		char **nc = iol_grow(db->cols, &cap, db->ncols,
				     sizeof *db->cols, 64);
		if (!nc || !name || !(nc[db->ncols] = strdup(name))) {
			db->cols = nc ? nc : db->cols;
			sqlite3_finalize(st);
			return iol_error_set(err, IOL_ENOMEM, "out of memory");
		}
		db->cols = nc;
		db->ncols++;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return db_err(db, err, IOL_ECORRUPT);
	if (!db->ncols)
		return iol_error_set(err, IOL_ENOTLOG,
				     "not a population store (no jobs table)");
	return 0;
}

/* Once the columns are known, statements may only read the jobs table:
 * a --where expression cannot reach other tables, pragmas or writes. */
static int authorize(void *arg, int action, const char *a, const char *b,
		     const char *db, const char *trigger)
{
	(void)arg;
	(void)b;
	(void)db;
	(void)trigger;
	switch (action) {
	case SQLITE_SELECT:
	case SQLITE_FUNCTION: return SQLITE_OK;
	case SQLITE_READ:
		return a && !strcmp(a, "jobs") ? SQLITE_OK : SQLITE_DENY;
	default: return SQLITE_DENY;
	}
}

int iol_popdb_open(const char *path, struct iol_popdb **out,
		   struct iol_error *err)
{
	struct iol_popdb *db = calloc(1, sizeof *db);
	int rc;

	*out = NULL;
	if (!db)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	if ((rc = iol_store_path_check(path, err)) < 0) {
		free(db);
		return rc;
	}
	if (sqlite3_open_v2(path, &db->db, SQLITE_OPEN_READONLY, NULL) !=
	    SQLITE_OK) {
		rc = iol_error_set(err, IOL_EIO, "%s",
				   db->db ? sqlite3_errmsg(db->db)
					  : "out of memory");
		iol_popdb_close(db);
		return rc;
	}
	sqlite3_busy_timeout(db->db, 5000);
	sqlite3_exec(db->db, "PRAGMA query_only = 1", NULL, NULL, NULL);
	rc = load_columns(db, err);
	if (rc) {
		iol_popdb_close(db);
		return rc;
	}
	sqlite3_set_authorizer(db->db, authorize, NULL);
	*out = db;
	return 0;
}

void iol_popdb_close(struct iol_popdb *db)
{
	if (!db)
		return;
	for (size_t i = 0; i < db->ncols; i++)
		free(db->cols[i]);
	free(db->cols);
	sqlite3_close(db->db);
	free(db);
}

int iol_popdb_has_column(struct iol_popdb *db, const char *name)
{
	for (size_t i = 0; i < db->ncols; i++)
		if (!strcmp(db->cols[i], name))
			return 1;
	return 0;
}

/* Compile sql; with a user's where it must be one read-only statement. */
static int prepare(struct iol_popdb *db, const char *sql, sqlite3_stmt **st,
		   struct iol_error *err)
{
	const char *tail = NULL;

	if (sqlite3_prepare_v2(db->db, sql, -1, st, &tail) != SQLITE_OK) {
		*st = NULL;
		return db_err(db, err, IOL_EINVAL);
	}
	if ((tail && *tail) || !sqlite3_stmt_readonly(*st)) {
		sqlite3_finalize(*st);
		*st = NULL;
		return iol_error_set(err, IOL_EINVAL,
				     "not one read-only query");
	}
	return 0;
}

int iol_popdb_check_where(struct iol_popdb *db, const char *where,
			  struct iol_error *err)
{
	char *sql;
	sqlite3_stmt *st;
	int rc;

	if (!where)
		return 0;
	if (strchr(where, ';'))
		return iol_error_set(err, IOL_EINVAL,
				     "--where must not contain ';'");
	sql = sqlite3_mprintf("SELECT 1 FROM jobs WHERE (%s)", where);
	if (!sql)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	rc = prepare(db, sql, &st, err);
	sqlite3_free(sql);
	if (rc)
		return rc;
	sqlite3_finalize(st);
	return 0;
}

/* Name of column i of the load query into buf. */
static const char *col_name(size_t i, char *buf, size_t n)
{
	if (i < NSCALAR)
		return scalar_cols[i].name;
	i -= NSCALAR;
	if (i < IOL_POP_NBINS)
		snprintf(buf, n, "posix_read_%s", iol_pop_bin_names[i]);
	else if (i < 2 * IOL_POP_NBINS)
		snprintf(buf, n, "posix_write_%s",
			 iol_pop_bin_names[i - IOL_POP_NBINS]);
	else
		snprintf(buf, n, "files_written_%s",
			 iol_pop_fw_names[i - 2 * IOL_POP_NBINS]);
	return buf;
}

static char *load_sql(struct iol_popdb *db, const char *where)
{
	char *sql = sqlite3_mprintf("SELECT");
	char buf[64];

	for (size_t i = 0; sql && i < NALL; i++) {
		const char *c = col_name(i, buf, sizeof buf);
		char *n = sqlite3_mprintf("%s%s %s", sql, i ? "," : "",
					  iol_popdb_has_column(db, c) ? c
								      : "NULL");
		sqlite3_free(sql);
		sql = n;
	}
	if (sql) {
		char *n = sqlite3_mprintf("%s FROM jobs%s%s%s ORDER BY id", sql,
					  where ? " WHERE (" : "",
					  where ? where : "", where ? ")" : "");
		sqlite3_free(sql);
		sql = n;
	}
	return sql;
}

static int64_t get_int(sqlite3_stmt *st, int i)
{
	if (sqlite3_column_type(st, i) == SQLITE_NULL)
		return IOL_POP_NULL;
	if (sqlite3_column_type(st, i) == SQLITE_FLOAT)
		return (int64_t)sqlite3_column_double(st, i);
	return sqlite3_column_int64(st, i);
}

static double get_real(sqlite3_stmt *st, int i)
{
	if (sqlite3_column_type(st, i) == SQLITE_NULL)
		return NAN;
	return sqlite3_column_double(st, i);
}

static int fill_job(sqlite3_stmt *st, struct iol_popjob *j)
{
	int c = 0;

	for (size_t i = 0; i < NSCALAR; i++, c++) {
		char *p = (char *)j + scalar_cols[i].off;
		const unsigned char *t;

		switch (scalar_cols[i].kind) {
		case K_INT: *(int64_t *)(void *)p = get_int(st, c); break;
		case K_REAL: *(double *)(void *)p = get_real(st, c); break;
		default:
			t = sqlite3_column_text(st, c);
			if (t &&
			    !(*(char **)(void *)p = strdup((const char *)t)))
				return -1;
		}
	}
	for (int b = 0; b < IOL_POP_NBINS; b++)
		j->rbins[b] = get_int(st, c++);
	for (int b = 0; b < IOL_POP_NBINS; b++)
		j->wbins[b] = get_int(st, c++);
	for (int b = 0; b < IOL_POP_NFW; b++)
		j->fw[b] = get_int(st, c++);
	return 0;
}

int iol_popdb_load(struct iol_popdb *db, const char *where,
		   struct iol_popset *set, struct iol_error *err)
{
	sqlite3_stmt *st;
	size_t cap = 0;
	char *sql;
	int rc;

	memset(set, 0, sizeof *set);
	if ((rc = iol_popdb_check_where(db, where, err)))
		return rc;
	if (!(sql = load_sql(db, where)))
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	rc = prepare(db, sql, &st, err);
	sqlite3_free(sql);
	if (rc)
		return rc;
	set->has_bins = iol_popdb_has_column(db, "posix_read_0_100");
	set->has_fw = iol_popdb_has_column(db, "files_written_lt_4k");
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct iol_popjob *nj =
			iol_grow(set->jobs, &cap, set->n, sizeof *nj, 256);
		if (!nj)
			break;
		set->jobs = nj;
		memset(&nj[set->n], 0, sizeof *nj);
		if (fill_job(st, &nj[set->n++]) < 0)
			break;
	}
	sqlite3_finalize(st);
	if (rc == SQLITE_ROW) {
		iol_popset_free(set);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	if (rc != SQLITE_DONE) {
		iol_popset_free(set);
		return db_err(db, err, IOL_ECORRUPT);
	}
	return 0;
}

void iol_popset_free(struct iol_popset *set)
{
	for (size_t i = 0; i < set->n; i++) {
		struct iol_popjob *j = &set->jobs[i];
		free(j->path);
		free(j->user);
		free(j->app);
		free(j->project);
		free(j->exe);
		free(j->strategy);
	}
	free(set->jobs);
	memset(set, 0, sizeof *set);
}

int iol_popcur_open(struct iol_popdb *db, const char *where, const char *sort,
		    int desc, int64_t top, struct iol_popcur **out,
		    struct iol_error *err)
{
	struct iol_popcur *cur;
	char *sql;
	int rc;

	*out = NULL;
	if ((rc = iol_popdb_check_where(db, where, err)))
		return rc;
	if (sort && !iol_popdb_has_column(db, sort))
		return iol_error_set(err, IOL_EINVAL, "no column '%s'", sort);
	if (!(cur = calloc(1, sizeof *cur)))
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	/* sort is a known column name: quoted as an identifier */
	sql = sqlite3_mprintf("SELECT * FROM jobs%s%s%s ORDER BY \"%w\" %s, id"
			      " LIMIT %lld",
			      where ? " WHERE (" : "", where ? where : "",
			      where ? ")" : "", sort ? sort : "id",
			      desc ? "DESC" : "ASC",
			      top > 0 ? (long long)top : -1LL);
	if (!sql) {
		free(cur);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	rc = prepare(db, sql, &cur->st, err);
	sqlite3_free(sql);
	if (rc) {
		free(cur);
		return rc;
	}
	*out = cur;
	return 0;
}

int iol_popcur_next(struct iol_popcur *cur, struct iol_error *err)
{
	int rc = sqlite3_step(cur->st);

	if (rc == SQLITE_ROW)
		return 1;
	if (rc == SQLITE_DONE)
		return 0;
	return iol_error_set(err, IOL_ECORRUPT, "%s",
			     sqlite3_errmsg(sqlite3_db_handle(cur->st)));
}

int iol_popcur_ncols(const struct iol_popcur *cur)
{
	return sqlite3_column_count(cur->st);
}

const char *iol_popcur_name(const struct iol_popcur *cur, int i)
{
	return sqlite3_column_name(cur->st, i);
}

int iol_popcur_type(const struct iol_popcur *cur, int i)
{
	switch (sqlite3_column_type(cur->st, i)) {
	case SQLITE_INTEGER: return IOL_POPV_INT;
	case SQLITE_FLOAT: return IOL_POPV_REAL;
	case SQLITE_NULL: return IOL_POPV_NULL;
	default: return IOL_POPV_TEXT;
	}
}

int64_t iol_popcur_int(const struct iol_popcur *cur, int i)
{
	return sqlite3_column_int64(cur->st, i);
}

double iol_popcur_real(const struct iol_popcur *cur, int i)
{
	return sqlite3_column_double(cur->st, i);
}

const char *iol_popcur_text(const struct iol_popcur *cur, int i)
{
	return (const char *)sqlite3_column_text(cur->st, i);
}

void iol_popcur_close(struct iol_popcur *cur)
{
	if (!cur)
		return;
	sqlite3_finalize(cur->st);
	free(cur);
}
