/*
 * The population store read through population/sql.h (SQLite or
 * PostgreSQL), read-only: the job rows the
 * analyses aggregate (one table naming each column the schema gives it)
 * and a generic cursor for `iolens jobs`.  A column missing from the store
 * reads as NULL; a --where expression is compiled alone and must be one
 * read-only statement without ';' that reads nothing but the jobs
 * table (an authorizer denies the rest).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/grow.h"
#include "base/hash.h"
#include "population/popdb.h"
#include "population/popsplit.h"
#include "population/sql.h"
#include "population/store.h"
#include "base/banned.h"

const char *const iol_pop_bin_names[IOL_POP_NBINS] = {
	"0_100", "100_1k", "1k_10k",   "10k_100k", "100k_1m",
	"1m_4m", "4m_10m", "10m_100m", "100m_1g",  "1g_plus"};
const char *const iol_pop_fw_names[IOL_POP_NFW] = {
	"lt_4k", "4k_64k", "64k_1m", "1m_16m", "16m_256m", "256m_4g", "ge_4g"};

/* meta 'added:COLUMN' = "maxid time" (store.c): the rows up to maxid
 * stored before time lack the column */
struct added {
	char *col;
	int64_t maxid;
	double t;
};

struct iol_popdb {
	struct iol_sql *db;
	int internal; /* our own query runs: it may read sched */
	char **cols;  /* the jobs table's columns */
	size_t ncols;
	int sched_partition; /* sched has the scheduler's Partition */
	struct added *added; /* columns added to rows stored before them */
	size_t nadded;
	int kept;   /* iol_popdb_keep()'s: closed by it, not by a command */
	char *path; /* an SQLite store's file: a second reader opens it */
};

/* A cursor's rows come from st, or with sp from two connections: then
 * row (not NULL) is a row the helper decoded, its texts in txt. */
struct iol_popcur {
	struct iol_sqlst *st;
	struct iol_sql *db;
	struct iol_popsplit *sp;
	/* with sp: a statement left on its row, so that the connection
	 * reads every chunk in one read transaction, as one query did */
	struct iol_sqlst *pin;
	const struct iol_popsv *row;
	const char *txt, *msg;
	/* a live row's numbers, each column's iol_sql_num() once (NULL:
	 * asked of the statement each time): a load with a caller's pass
	 * reads some thirty columns twice, its own and the pass's */
	struct iol_popsv *nv;
	int nnv;
};

/* Column i of the cursor's row as iol_sql_num() reads it. */
static int cur_num(const struct iol_popcur *c, int i, int64_t *iv, double *dv)
{
	const struct iol_popsv *v = c->row  ? &c->row[i]
				    : c->nv ? &c->nv[i]
					    : NULL;

	if (!v)
		return iol_sql_num(c->st, i, iv, dv);
	if (v->type == IOL_SQL_INT)
		*iv = v->i;
	else if (v->type == IOL_SQL_REAL)
		*dv = v->d;
	return v->type;
}

/* a real cut toward zero, held to int64's range, as SQLite casts one (a
 * hostile store's 1e300 in an integer column) */
static int64_t real_int(double d)
{
	if (d <= -9223372036854775808.0)
		return INT64_MIN;
	if (d >= 9223372036854775807.0)
		return INT64_MAX;
	return d == d ? (int64_t)d : 0;
}

/* ... as iol_sql_int(): a real cut toward zero, held to int64's range */
static int64_t cur_int(const struct iol_popcur *c, int i)
{
	const struct iol_popsv *v = c->row ? &c->row[i] : NULL;

	if (!v)
		return iol_sql_int(c->st, i);
	if (v->type == IOL_SQL_TEXT) /* a number's text, as SQLite reads it */
		return strtoll(c->txt + v->off, NULL, 10);
	return v->type == IOL_SQL_REAL ? real_int(v->d) : v->i;
}

static double cur_real(const struct iol_popcur *c, int i)
{
	if (!c->row)
		return iol_sql_real(c->st, i);
	if (c->row[i].type == IOL_SQL_TEXT)
		return strtod(c->txt + c->row[i].off, NULL);
	if (c->row[i].type == IOL_SQL_INT)
		return (double)c->row[i].i;
	return c->row[i].d;
}

/* A text's bytes (NULL for NULL; a helper's row keeps no number's
 * text, and no reader asks a number for one) */
static const char *cur_text(const struct iol_popcur *c, int i)
{
	if (!c->row)
		return iol_sql_text(c->st, i);
	return c->row[i].type == IOL_SQL_TEXT ? c->txt + c->row[i].off : NULL;
}

static size_t cur_bytes(const struct iol_popcur *c, int i)
{
	if (!c->row)
		return iol_sql_bytes(c->st, i);
	return c->row[i].type == IOL_SQL_TEXT ? c->row[i].len : 0;
}

/* A live row's numbers into c->nv (a text stays the statement's). */
static void cur_fill(struct iol_popcur *c)
{
	for (int i = 0; i < c->nnv; i++) {
		struct iol_popsv *v = &c->nv[i];
		v->i = 0;
		v->type = iol_sql_num(c->st, i, &v->i, &v->d);
	}
}

/* 1 a row, 0 done, < 0 an error (c->msg the helper's, else the
 * connection's) */
static int cur_step(struct iol_popcur *c)
{
	int rc = c->sp ? iol_popsplit_next(c->sp, &c->row, &c->txt, &c->msg)
		       : iol_sql_step(c->st);

	if (rc == 1 && c->nv && !c->row)
		cur_fill(c);
	return rc;
}

static void cur_end(struct iol_popcur *c)
{
	iol_popsplit_close(c->sp);
	iol_sql_finalize(c->st);
	iol_sql_finalize(c->pin);
	c->sp = NULL;
	c->st = c->pin = NULL;
	free(c->nv);
	c->nv = NULL;
	c->nnv = 0;
}

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
	F(strategy, K_STR),
	F(uid, K_INT),
	F(nprocs, K_INT),
	F(partial, K_INT),
	F(files, K_INT),
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
};
#undef F
#define NSCALAR (sizeof scalar_cols / sizeof scalar_cols[0])
#define NALL (NSCALAR + 2 * IOL_POP_NBINS + IOL_POP_NFW)

static int db_err(struct iol_popdb *db, struct iol_error *err, int code)
{
	return iol_error_set(err, code, "%s", iol_sql_errmsg(db->db));
}

static int load_columns(struct iol_popdb *db, struct iol_error *err)
{
	if (iol_sql_columns(db->db, "jobs", &db->cols, &db->ncols) < 0)
		return db_err(db, err, IOL_ECORRUPT);
	if (!db->ncols)
		return iol_error_set(err, IOL_ENOTLOG,
				     "not a population store (no jobs table)");
	/* known now: once reads are limited, no pragma may run */
	db->sched_partition = iol_sql_has_column(db->db, "sched", "partition");
	return 0;
}

/* The columns added to a store after some of its rows (no meta table,
 * as in a store made by hand: none). */
static int load_added(struct iol_popdb *db, struct iol_error *err)
{
	struct iol_sqlst *q;
	int rc;

	if (iol_sql_prepare(db->db,
			    "SELECT key, value FROM meta WHERE key LIKE "
			    "'added:%'",
			    &q) < 0)
		return 0;
	while ((rc = iol_sql_step(q)) == 1) {
		const char *k = iol_sql_text(q, 0), *v = iol_sql_text(q, 1);
		struct added a = {0}, *w;
		long long id;

		if (!k || !v || sscanf(v, "%lld %lf", &id, &a.t) != 2)
			continue;
		a.maxid = id;
		w = realloc(db->added, (db->nadded + 1) * sizeof(*w));
		if (!w || !(a.col = strdup(k + strlen("added:")))) {
			if (w)
				db->added = w;
			rc = IOL_ENOMEM;
			break;
		}
		db->added = w;
		db->added[db->nadded++] = a;
	}
	iol_sql_finalize(q);
	if (rc == IOL_ENOMEM)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	return rc < 0 ? db_err(db, err, IOL_EIO) : 0;
}

int iol_popdb_added(const struct iol_popdb *db, const char *col, int64_t *maxid,
		    double *t)
{
	for (size_t i = 0; i < db->nadded; i++)
		if (!strcmp(db->added[i].col, col)) {
			*maxid = db->added[i].maxid;
			*t = db->added[i].t;
			return 1;
		}
	return 0;
}

/* Once the columns are known, statements may only read the jobs table:
 * a --where expression cannot reach other tables, pragmas or writes
 * (SQLite; on PostgreSQL the connection is read-only). */
static int allow_read(void *arg, const char *table)
{
	const struct iol_popdb *self = arg;

	return !strcmp(table, "jobs") ||
	       (self->internal &&
		(!strcmp(table, "sched") || !strcmp(table, "meta")));
}

/* The store kept open between the commands of one process
 * (iol_popdb_keep()): its path, and whether a command has it now. */
static struct {
	int on, busy;
	char *path;
	struct iol_popdb *db;
} kept;

void iol_popdb_keep(int on)
{
	if (!on && kept.db && !kept.busy) {
		kept.db->kept = 0;
		iol_popdb_close(kept.db);
	}
	if (!on) {
		free(kept.path);
		memset(&kept, 0, sizeof kept);
	}
	kept.on = on;
}

int iol_popdb_open(const char *path, struct iol_popdb **out,
		   struct iol_error *err)
{
	struct iol_popdb *db;
	int rc;

	/* the same store again: its connection, schema and columns as the
	 * last command left them (each statement is its own read) */
	if (kept.db && !kept.busy && !strcmp(kept.path, path)) {
		kept.busy = 1;
		*out = kept.db;
		return 0;
	}
	db = calloc(1, sizeof *db);
	*out = NULL;
	if (!db)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	if ((rc = iol_store_path_check(path, err)) < 0) {
		free(db);
		return rc;
	}
	if ((rc = iol_sql_open(&db->db, path, IOL_SQL_RO, err)) < 0) {
		iol_popdb_close(db);
		return rc;
	}
	rc = load_columns(db, err);
	if (rc == 0)
		rc = load_added(db, err);
	if (rc == 0 && iol_sql_limit_reads(db->db, allow_read, db) < 0)
		rc = db_err(db, err, IOL_EIO);
	if (rc) {
		iol_popdb_close(db);
		return rc;
	}
	if (!iol_sql_is_url(path) && !(db->path = strdup(path))) {
		iol_popdb_close(db);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	if (kept.on && !kept.db && (kept.path = strdup(path))) {
		kept.db = db;
		kept.busy = 1;
		db->kept = 1;
	}
	*out = db;
	return 0;
}

int iol_popdb_open_present(const char *path, struct iol_popdb **db,
			   struct iol_error *err)
{
	struct stat sb;

	*db = NULL;
	if (!iol_sql_is_url(path) && stat(path, &sb) < 0) {
		int sys = errno;

		iol_error_set(err, IOL_EIO, "%s", strerror(sys));
		if (err)
			err->sys = sys;
		return IOL_EIO;
	}
	return iol_popdb_open(path, db, err);
}

int iol_popdb_open_where(const char *path, const char *where,
			 struct iol_popdb **db, int *bad_where,
			 struct iol_error *err)
{
	int rc = iol_popdb_open_present(path, db, err);

	*bad_where = 0;
	if (rc < 0)
		return rc;
	rc = iol_popdb_check_where(*db, where, err);
	if (rc < 0) {
		*bad_where = 1;
		iol_popdb_close(*db);
		*db = NULL;
	}
	return rc;
}

void iol_popdb_close(struct iol_popdb *db)
{
	if (!db)
		return;
	if (db->kept) { /* for the next command: iol_popdb_keep(0) closes it */
		kept.busy = 0;
		db->internal = 0;
		return;
	}
	for (size_t i = 0; i < db->ncols; i++)
		free(db->cols[i]);
	free(db->cols);
	for (size_t i = 0; i < db->nadded; i++)
		free(db->added[i].col);
	free(db->added);
	free(db->path);
	iol_sql_close(db->db);
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
static int prepare(struct iol_popdb *db, const char *sql, struct iol_sqlst **st,
		   struct iol_error *err)
{
	if (iol_sql_prepare(db->db, sql, st) < 0) {
		*st = NULL;
		return db_err(db, err, IOL_EINVAL);
	}
	if (!iol_sql_readonly(*st)) {
		iol_sql_finalize(*st);
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
	struct iol_sqlst *st;
	int rc;

	if (!where)
		return 0;
	if (strchr(where, ';'))
		return iol_error_set(err, IOL_EINVAL,
				     "--where must not contain ';'");
	sql = iol_sql_mprintf("SELECT 1 FROM jobs WHERE (%s)", where);
	if (!sql)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	rc = prepare(db, sql, &st, err);
	iol_sql_free(sql);
	if (rc)
		return rc;
	iol_sql_finalize(st);
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

/* ---- the set's strings ---- */

struct chunk {
	struct chunk *next;
	size_t used, cap;
	char data[];
};

struct iol_popstrs {
	struct chunk *chunks;
	char **tab; /* interned strings, by position */
	size_t n, cap;
	struct iol_index ix;
};

static char *arena_dup(struct iol_popstrs *ps, const char *s, size_t len)
{
	struct chunk *c = ps->chunks;
	char *r;

	if (!c || c->cap - c->used < len + 1) {
		size_t cap = len + 1 > 65536 ? len + 1 : 65536;
		if (!(c = malloc(sizeof *c + cap)))
			return NULL;
		c->next = ps->chunks;
		c->used = 0;
		c->cap = cap;
		ps->chunks = c;
	}
	r = c->data + c->used;
	memcpy(r, s, len);
	r[len] = '\0';
	c->used += len + 1;
	return r;
}

static int str_eq(const void *ctx, uint32_t i)
{
	const struct iol_popstrs *ps = *(const struct iol_popstrs *const *)ctx;
	const char *s = ((const char *const *)ctx)[1];

	return !strcmp(ps->tab[i], s);
}

static uint64_t str_hash(const void *ctx, uint32_t i)
{
	const struct iol_popstrs *ps = ctx;

	return iol_hash_str(ps->tab[i]);
}

/* The one copy of s in the set (user, app, ... repeat over rows). */
static char *intern(struct iol_popstrs *ps, const char *s)
{
	const void *key[2] = {ps, s};
	uint64_t h = iol_hash_str(s);
	uint32_t *slot;
	char **nt, *c;

	if (iol_index_reserve(&ps->ix, str_hash, ps) < 0)
		return NULL;
	slot = iol_index_slot(&ps->ix, h, str_eq, key);
	if (*slot != IOL_INDEX_EMPTY)
		return ps->tab[*slot];
	if (ps->n >= UINT32_MAX - 1 ||
	    !(nt = iol_grow(ps->tab, &ps->cap, ps->n, sizeof *nt, 64)))
		return NULL;
	ps->tab = nt;
	if (!(c = arena_dup(ps, s, strlen(s))))
		return NULL;
	nt[ps->n] = c;
	*slot = (uint32_t)ps->n++;
	ps->ix.n++;
	return c;
}

static void strs_free(struct iol_popstrs *ps)
{
	if (!ps)
		return;
	while (ps->chunks) {
		struct chunk *c = ps->chunks;
		ps->chunks = c->next;
		free(c);
	}
	free(ps->tab);
	iol_index_release(&ps->ix);
	free(ps);
}

/* ---- loading ---- */

/* Whether name is one of the n names c. */
static int in_list(const char *name, const char *const *c, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (!strcmp(name, c[k]))
			return 1;
	return 0;
}

/* The columns context reads (popan.c: in_scope(), iol_pop_ctx_value()). */
static int ctx_column(const char *name)
{
	static const char *const c[] = {"id",
					"user",
					"app",
					"nprocs",
					"partial",
					"start_time",
					"files",
					"bytes_read",
					"bytes_written",
					"mib_s",
					"mib_s_per_node",
					"pct_io_time_slowest",
					"md_cost_pct",
					"uid"};

	return in_list(name, c, sizeof c / sizeof c[0]);
}

/* The columns Table IV reads (popan.c: iol_pop_variance()). */
static int var_column(const char *name)
{
	static const char *const c[] = {
		"uid",	  "user",	"app",		 "nprocs",
		"files",  "bytes_read", "bytes_written", "io_time_by_slowest",
		"partial"};

	return in_list(name, c, sizeof c / sizeof c[0]);
}

/* The columns groups reads (popan.c: group_key(), add_job(); the Table
 * VI columns of iol_pop_t6_value()). */
static int group_column(const char *name)
{
	static const char *const c[] = {"user",
					"app",
					"project",
					"nprocs",
					"bytes_read",
					"bytes_written",
					"strategy",
					"mib_s_per_node",
					"pct_io_time_slowest",
					"md_cost_pct",
					"files_per_proc",
					"creates_per_proc",
					"pct_sequential",
					"pct_aligned",
					"mib_per_proc"};

	return in_list(name, c, sizeof c / sizeof c[0]);
}

/* The columns trend reads (trend.c: key_of(), fill_row(), items_of();
 * the flagged share matched by id): 11 of the 25 a row loads. */
static int trend_column(const char *name)
{
	static const char *const c[] = {
		"id",	      "user",		"app",	      "project",
		"nprocs",     "run_time",	"bytes_read", "bytes_written",
		"start_time", "mib_s_per_node", "md_cost_pct"};

	return in_list(name, c, sizeof c / sizeof c[0]);
}

static int wanted(size_t i, unsigned what)
{
	if (what & IOL_POPLOAD_TREND)
		return i < NSCALAR && trend_column(scalar_cols[i].name);
	if (what & IOL_POPLOAD_CTX)
		return i < NSCALAR && ctx_column(scalar_cols[i].name);
	if (what & IOL_POPLOAD_VAR)
		return i < NSCALAR && var_column(scalar_cols[i].name);
	if ((what & IOL_POPLOAD_GROUPS) && i < NSCALAR)
		return group_column(scalar_cols[i].name);
	if (i < NSCALAR)
		return (what & IOL_POPLOAD_PATH) ||
		       strcmp(scalar_cols[i].name, "path");
	if (i < NSCALAR + 2 * IOL_POP_NBINS)
		return (what & IOL_POPLOAD_BINS) != 0;
	return (what & IOL_POPLOAD_FW) != 0;
}

/* Columns a pass of the caller's reads beside the load's
 * (iol_popdb_load_pass()): names, n of them. */
struct xcols {
	const char *const *name;
	size_t n;
};

/* The query column of name among the extra columns selected first, -1
 * when it is not one. */
static int extra_col(struct iol_popdb *db, const struct xcols *x,
		     const char *name)
{
	int k = 0;

	for (size_t i = 0; x && i < x->n; i++) {
		if (!iol_popdb_has_column(db, x->name[i]))
			continue;
		if (!strcmp(x->name[i], name))
			return k;
		k++;
	}
	return -1;
}

/* A load's columns in the order selected (iol_sql_prepare_cols()):
 * the extra columns, then the load's own; name[] points to the extra
 * names, the scalars' or buf. */
struct qcols {
	const char **name; /* room for the extras and NALL */
	char buf[NALL][48];
	int n;
};

/* The extra columns the store has, in their order. */
static void extra_cols(struct iol_popdb *db, const struct xcols *x,
		       struct qcols *q)
{
	q->n = 0;
	for (size_t i = 0; x && i < x->n; i++)
		if (iol_popdb_has_column(db, x->name[i]))
			q->name[q->n++] = x->name[i];
}

/* A query read on two connections: the rows of a chunk's ids, in the
 * table's own order, whatever index a --where could be looked up in
 * (each chunk looked up in one would read the whole index) */
#define SPLIT_RANGE " NOT INDEXED WHERE id BETWEEN ?1 AND ?2 AND"
/* the ids a split may span: 2^18 chunks of 2,048 at most, a fraction of
 * a second of empty chunks where the ids are sparse */
#define SPLIT_SPAN_MAX ((int64_t)2048 << 18)

/* whether s holds w (lowercase letters), in any case */
static int has_word(const char *s, const char *w)
{
	size_t n = strlen(w);

	for (; *s; s++) {
		size_t i = 0;

		while (i < n && s[i] && (s[i] | 0x20) == w[i])
			i++;
		if (i == n)
			return 1;
	}
	return 0;
}

/* Is a read of where (NULL: all) to go on two connections?  An SQLite
 * store whose ids span IOLENS_POP_SPLIT (default 65536; 0: never) or
 * more, and a where with no parameter of its own (?1 and ?2 are the
 * range's) and no LIKE or GLOB: SQLite matches a pattern by recursion,
 * a level a '%' matched, up to 25,000 deep (its 50,000-byte pattern
 * limit), more than the helper's 1 MiB stack holds (8,192 levels
 * overflowed it: a crash where one connection answers).  *lo..*hi its
 * ids, *step those of a chunk. */
static int split_range(struct iol_popdb *db, const char *where,
		       struct iol_popcur *c, int64_t *lo, int64_t *hi,
		       int64_t *step)
{
	const char *e = getenv("IOLENS_POP_SPLIT");
	long long min = e && *e ? strtoll(e, NULL, 10) : 65536;
	struct iol_sqlst *st;
	int ok = 0;

	if (!db->path || min <= 0 ||
	    (where && (strchr(where, '?') || has_word(where, "like") ||
		       has_word(where, "glob"))))
		return 0;
	if (iol_sql_prepare(db->db, "SELECT min(id), max(id) FROM jobs", &st) <
	    0)
		return 0;
	/* ids spread over int64's range (a store written by hand, or by
	 * SQLite picking random ids past the largest): their span would
	 * overflow, or be trillions of chunks of at most 2,048 ids, each an
	 * empty query; one connection reads such a store */
	if (iol_sql_step(st) == 1 && iol_sql_coltype(st, 0) == IOL_SQL_INT) {
		*lo = iol_sql_int(st, 0);
		*hi = iol_sql_int(st, 1);
		ok = *lo <= *hi && (*lo >= 0 || *hi <= INT64_MAX + *lo) &&
		     *hi - *lo >= min - 1 && *hi - *lo < SPLIT_SPAN_MAX;
	}
	/* left on its row: the reader's read transaction (and in a store
	 * in WAL mode its snapshot) from before the helper's begins */
	if (ok)
		c->pin = st;
	else
		iol_sql_finalize(st);
	/* sixteen chunks at least, so that a small store read on two
	 * connections (the tests) takes turns; 2,048 ids at most, so that
	 * the helper's four chunks held ahead stay a few MiB */
	*step = ok ? (*hi - *lo + 1) / 16 : 1;
	*step = *step < 1 ? 1 : *step > 2048 ? 2048 : *step;
	return ok;
}

/* The store's generation as connection d reads it (meta 'generation',
 * moved by every transaction that writes the store) into g; "" when
 * it has none (a store no ingest wrote). */
static void split_gen(struct iol_popdb *db, struct iol_sql *d, char *g,
		      size_t n)
{
	struct iol_sqlst *st;
	const char *t;
	int was = db->internal, rc;

	g[0] = '\0';
	db->internal = 1; /* meta is ours to read */
	rc = iol_sql_prepare(
		d, "SELECT value FROM meta WHERE key = 'generation'", &st);
	db->internal = was;
	if (rc < 0)
		return;
	if (iol_sql_step(st) == 1 && (t = iol_sql_text(st, 0)))
		snprintf(g, n, "%s", t);
	iol_sql_finalize(st);
}

/* whether the helper's connection db2 reads the state of the store the
 * reader's read transaction holds (a write committed between their
 * starts: some rows would be the old, some the new) */
static int same_state(struct iol_popdb *db, struct iol_sql *db2)
{
	char g1[64], g2[64];

	split_gen(db, db->db, g1, sizeof g1);
	split_gen(db, db2, g2, sizeof g2);
	return !strcmp(g1, g2);
}

struct qcols;
static int prepare_cols(struct iol_popdb *db, struct iol_sql *conn,
			const struct qcols *q, const char *rest,
			struct iol_sqlst **st, struct iol_error *err);

/* The rows of c->st (a query with SPLIT_RANGE: sql) on two connections;
 * when the second cannot open or start, or reads another state of the
 * store than c->pin holds, c->st reads them all alone. */
static void split_open(struct iol_popdb *db, const char *sql,
		       const struct qcols *q, const char *rest,
		       struct iol_popcur *c, int64_t lo, int64_t hi,
		       int64_t step)
{
	struct iol_error e = {0};
	struct iol_sql *db2;
	struct iol_sqlst *st2, *pin2 = NULL;

	if (iol_sql_open(&db2, db->path, IOL_SQL_RO, &e) == 0) {
		/* it reads each page once, in order: a small page cache
		 * keeps the split within the memory of a streaming read */
		if (iol_sql_exec(db2, "PRAGMA cache_size = -256") == 0 &&
		    iol_sql_limit_reads(db2, allow_read, db) == 0 &&
		    iol_sql_prepare(db2, "SELECT 1 FROM jobs LIMIT 1", &pin2) ==
			    0 &&
		    iol_sql_step(pin2) >= 0 && same_state(db, db2) &&
		    (q ? prepare_cols(db, db2, q, rest, &st2, NULL)
		       : iol_sql_prepare(db2, sql, &st2)) == 0) {
			/* it owns db2, st2 and pin2 now, freed if it fails */
			if (iol_popsplit_open(c->st, db2, st2, pin2, lo, hi,
					      step, &c->sp) == 0)
				return;
		} else {
			iol_sql_finalize(pin2);
			iol_sql_close(db2);
		}
	}
	iol_sql_bind_int(c->st, 1, lo);
	iol_sql_bind_int(c->st, 2, hi);
}

/* The columns of the extra columns x (NULL: none) and the wanted
 * columns the store has, each once, into q; qcol[i] is the query column
 * of load column i, -1 when not read (it reads as no value).  The rest
 * of the query (FROM ...) is returned. */
static char *load_sql(struct iol_popdb *db, const char *where, unsigned what,
		      const char *cond, const struct xcols *x, int *qcol,
		      int ranged, struct qcols *q)
{
	extra_cols(db, x, q);
	for (size_t i = 0; i < NALL; i++) {
		const char *c = col_name(i, q->buf[i], sizeof q->buf[i]);
		qcol[i] = -1;
		if (!wanted(i, what) || !iol_popdb_has_column(db, c))
			continue;
		if ((qcol[i] = extra_col(db, x, c)) >= 0)
			continue;
		q->name[q->n] = c;
		qcol[i] = q->n++;
	}
	/* context's earlier jobs come in the (app, start_time) index's
	 * order: sorting 100,000 rows by id would spill a temporary B-tree
	 * to disk, and context's numbers do not depend on the order */
	return iol_sql_mprintf(" FROM jobs%s (%s)%s%s%s%s",
			       ranged ? SPLIT_RANGE : " WHERE",
			       cond ? cond : "1 = 1", where ? " AND (" : "",
			       where ? where : "", where ? ")" : "",
			       what & IOL_POPLOAD_CTX ? "" : " ORDER BY id");
}

/* prepare() of q's columns and rest. */
static int prepare_cols(struct iol_popdb *db, struct iol_sql *conn,
			const struct qcols *q, const char *rest,
			struct iol_sqlst **st, struct iol_error *err)
{
	if (iol_sql_prepare_cols(conn, q->name, q->n, rest, st) < 0) {
		*st = NULL;
		return err ? db_err(db, err, IOL_EINVAL) : -1;
	}
	if (!iol_sql_readonly(*st)) {
		iol_sql_finalize(*st);
		*st = NULL;
		return err ? iol_error_set(err, IOL_EINVAL,
					   "not one read-only query")
			   : -1;
	}
	return 0;
}

static int64_t get_int(const struct iol_popcur *st, int i)
{
	int64_t v = 0;
	double d = 0;

	switch (cur_num(st, i, &v, &d)) {
	case IOL_SQL_NULL: return IOL_POP_NULL;
	case IOL_SQL_REAL: return real_int(d);
	case IOL_SQL_INT: return v;
	default: return cur_int(st, i);
	}
}

static double get_real(const struct iol_popcur *st, int i)
{
	int64_t v = 0;
	double d = 0;

	switch (cur_num(st, i, &v, &d)) {
	case IOL_SQL_NULL: return NAN;
	case IOL_SQL_REAL: return d;
	case IOL_SQL_INT: return (double)v;
	default: return cur_real(st, i);
	}
}

/* The positive bins of a row into the set's sums. */
static void add_bins(const struct iol_popcur *st, const int *qcol,
		     struct iol_popset *set)
{
	for (int b = 0; b < IOL_POP_NBINS; b++) {
		const int *q = qcol + NSCALAR;
		int64_t v = q[b] < 0 ? IOL_POP_NULL : get_int(st, q[b]);

		if (v > 0)
			set->rbin_sum[b] += (double)v;
		q += IOL_POP_NBINS;
		v = q[b] < 0 ? IOL_POP_NULL : get_int(st, q[b]);
		if (v > 0)
			set->wbin_sum[b] += (double)v;
	}
}

/* The row's columns into j, its files_written_* counts into fw. */
static int fill_job(const struct iol_popcur *st, const int *qcol,
		    struct iol_popstrs *ps, struct iol_popjob *j,
		    int64_t fw[IOL_POP_NFW])
{
	for (size_t i = 0; i < NSCALAR; i++) {
		char *p = (char *)j + scalar_cols[i].off;
		const char *t;
		int c = qcol[i];

		switch (scalar_cols[i].kind) {
		case K_INT:
			*(int64_t *)(void *)p =
				c < 0 ? IOL_POP_NULL : get_int(st, c);
			break;
		case K_REAL:
			*(double *)(void *)p = c < 0 ? NAN : get_real(st, c);
			break;
		default:
			if (c < 0 || !(t = cur_text(st, c)))
				break;
			/* paths are unique: copied, not looked up (told by
			 * the field, not a strcmp of its name each row) */
			*(char **)(void *)p =
				scalar_cols[i].off !=
						offsetof(struct iol_popjob,
							 path)
					? intern(ps, t)
					: arena_dup(ps, t, cur_bytes(st, c));
			if (!*(char **)(void *)p)
				return -1;
		}
	}
	for (int b = 0; b < IOL_POP_NFW; b++) {
		int c = qcol[NSCALAR + 2 * IOL_POP_NBINS + b];
		fw[b] = c < 0 ? IOL_POP_NULL : get_int(st, c);
	}
	return 0;
}

/* A loaded row's files_written_* counts into the sums of its job-size
 * class, in row order as iol_pop_groups() summed them from the rows. */
static void add_fw(struct iol_popset *set, int64_t nprocs,
		   const int64_t fw[IOL_POP_NFW])
{
	int c = iol_pop_size_class(nprocs);

	for (int b = 0; b < IOL_POP_NFW; b++)
		if (fw[b] != IOL_POP_NULL) {
			set->fw_sum[c][b] += (double)fw[b];
			set->fw_n[c][b]++;
		}
}

/* The bound values of a load's own condition (?1 text, ?2 text or
 * real). */
struct binds {
	const char *t1, *t2;
	double d2;
	int real2;
};

/* Where the rows go: each to fn when it is set (none kept), else into
 * the set; and each, as the query's cursor, to a pass of the caller's
 * (pass_row set; pass_open once before the first). */
struct sink {
	int (*fn)(const struct iol_popjob *j, void *arg);
	void *arg;
	const struct xcols *x;
	int (*pass_open)(struct iol_popcur *cur, void *arg);
	int (*pass_row)(struct iol_popcur *cur, void *arg);
	struct iol_popcur *cur;
};

/* One row more: 0, 1 out of memory, < 0 the sink's own code. */
static int take_row(const struct iol_popcur *st, const int *qcol,
		    struct iol_popset *set, size_t *cap, struct sink *sk)
{
	struct iol_popjob one, *nj = &one;
	int64_t fw[IOL_POP_NFW];

	if (!sk || !sk->fn) {
		nj = iol_grow(set->jobs, cap, set->n, sizeof *nj, 256);
		if (!nj)
			return 1;
		set->jobs = nj;
		nj += set->n;
	}
	memset(nj, 0, sizeof *nj);
	if (fill_job(st, qcol, set->strs, nj, fw) < 0)
		return 1;
	set->n++;
	add_bins(st, qcol, set);
	if (sk && sk->fn) {
		int rc;

		nj->fw = fw;
		/* the caller's pass sees the row before fn, which may ask
		 * what the pass made of it; none kept */
		if (sk->pass_row && (rc = sk->pass_row(sk->cur, sk->arg)))
			return rc;
		return sk->fn(nj, sk->arg);
	}
	if (set->has_fw)
		add_fw(set, nj->nprocs, fw);
	if (sk && sk->pass_row)
		return sk->pass_row(sk->cur, sk->arg);
	return 0;
}

static int load(struct iol_popdb *db, const char *where, unsigned what,
		const char *cond, const struct binds *bv, struct sink *sk,
		struct iol_popset *set, struct iol_error *err)
{
	struct iol_popcur c = {.db = db->db};
	struct iol_sqlst *st;
	size_t cap = 0;
	int taken = 0;
	int qcol[NALL];
	int64_t lo, hi, step;
	int split;
	struct qcols *q;
	char *rest;
	int rc;

	memset(set, 0, sizeof *set);
	if ((rc = iol_popdb_check_where(db, where, err)))
		return rc;
	if (!(set->strs = calloc(1, sizeof *set->strs)))
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	/* a scan of the whole table in id order, none of a lookup's */
	split = !cond && !bv && !(what & IOL_POPLOAD_CTX) &&
		split_range(db, where, &c, &lo, &hi, &step);
	if (!(q = calloc(1, sizeof *q)) ||
	    !(q->name = malloc((NALL + (sk && sk->x ? sk->x->n : 0)) *
			       sizeof *q->name)) ||
	    !(rest = load_sql(db, where, what, cond, sk ? sk->x : NULL, qcol,
			      split, q))) {
		if (q)
			free(q->name);
		free(q);
		iol_sql_finalize(c.pin);
		iol_popset_free(set);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	rc = prepare_cols(db, db->db, q, rest, &st, err);
	c.st = st;
	if (!rc && split)
		split_open(db, NULL, q, rest, &c, lo, hi, step);
	iol_sql_free(rest);
	free(q->name);
	free(q);
	if (rc) {
		iol_popset_free(set);
		return rc;
	}
	if (bv && bv->t1)
		iol_sql_bind_text(st, 1, bv->t1, -1);
	if (bv && bv->real2)
		iol_sql_bind_real(st, 2, bv->d2);
	else if (bv && bv->t2)
		iol_sql_bind_text(st, 2, bv->t2, -1);
	set->has_bins = (what & IOL_POPLOAD_BINS) &&
			iol_popdb_has_column(db, "posix_read_0_100");
	set->has_fw = (what & IOL_POPLOAD_FW) &&
		      iol_popdb_has_column(db, "files_written_lt_4k");
	if (sk)
		sk->cur = &c;
	/* without the cache each column is asked of SQLite where read */
	if (sk && sk->pass_row && (c.nnv = iol_sql_ncols(st)) > 0 &&
	    !(c.nv = calloc((size_t)c.nnv, sizeof *c.nv)))
		c.nnv = 0;
	if (sk && sk->pass_open)
		taken = sk->pass_open(&c, sk->arg);
	while (!taken && (rc = cur_step(&c)) == 1 &&
	       !(taken = take_row(&c, qcol, set, &cap, sk)))
		;
	if (rc < 0 && c.msg)
		rc = iol_error_set(err, IOL_ECORRUPT, "%s", c.msg);
	else if (rc < 0)
		rc = db_err(db, err, IOL_ECORRUPT);
	cur_end(&c);
	if (taken < 0) {
		iol_popset_free(set);
		return iol_error_set(err, taken, "%s", iol_strerror(taken));
	}
	if (rc == 1) {
		iol_popset_free(set);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	if (rc < 0) {
		iol_popset_free(set);
		return rc;
	}
	return 0;
}

int iol_popdb_load(struct iol_popdb *db, const char *where,
		   struct iol_popset *set, struct iol_error *err)
{
	return load(db, where, IOL_POPLOAD_ALL, NULL, NULL, NULL, set, err);
}

int iol_popdb_load_some(struct iol_popdb *db, const char *where, unsigned what,
			struct iol_popset *set, struct iol_error *err)
{
	return load(db, where, what, NULL, NULL, NULL, set, err);
}

int iol_popdb_each(struct iol_popdb *db, const char *where, unsigned what,
		   int (*fn)(const struct iol_popjob *j, void *arg), void *arg,
		   struct iol_popset *set, struct iol_error *err)
{
	struct sink sk = {.fn = fn, .arg = arg};

	return load(db, where, what, NULL, NULL, &sk, set, err);
}

int iol_popdb_load_pass(struct iol_popdb *db, const char *where, unsigned what,
			const char *const *cols, size_t ncols,
			int (*open)(struct iol_popcur *cur, void *arg),
			int (*row)(struct iol_popcur *cur, void *arg),
			void *arg, struct iol_popset *set,
			struct iol_error *err)
{
	struct xcols x = {cols, ncols};
	struct sink sk = {
		.arg = arg, .x = &x, .pass_open = open, .pass_row = row};

	return load(db, where, what, NULL, NULL, &sk, set, err);
}

int iol_popdb_each_pass(struct iol_popdb *db, const char *where, unsigned what,
			const char *const *cols, size_t ncols,
			int (*open)(struct iol_popcur *cur, void *arg),
			int (*fn)(const struct iol_popjob *j, void *arg),
			int (*row)(struct iol_popcur *cur, void *arg),
			void *arg, struct iol_popset *set,
			struct iol_error *err)
{
	struct xcols x = {cols, ncols};
	struct sink sk = {.fn = fn,
			  .arg = arg,
			  .x = &x,
			  .pass_open = open,
			  .pass_row = row};

	return load(db, where, what, NULL, NULL, &sk, set, err);
}

int iol_popdb_load_path(struct iol_popdb *db, const char *path, const char *alt,
			struct iol_popset *set, struct iol_error *err)
{
	struct binds bv = {path, alt ? alt : path, 0, 0};

	return load(db, NULL, IOL_POPLOAD_ALL, "path IN (?1, ?2)", &bv, NULL,
		    set, err);
}

int iol_popdb_load_earlier(struct iol_popdb *db, const char *where,
			   const char *app, double start,
			   struct iol_popset *set, struct iol_error *err)
{
	struct binds bv = {app, NULL, start, 1};
	int none = !app || !*app;

	/* in_scope() (popan.c) takes a missing app for "" .  No paths: a
	 * row started strictly earlier is never the job's own, and a
	 * million-job store may hold 100,000 earlier jobs of one app. */
	return load(db, where, IOL_POPLOAD_CTX,
		    isnan(start) ? "1 = 0"
		    : none ? "(app IS NULL OR app = '') AND start_time < ?2 "
			     "AND coalesce(partial, 0) <= 0"
			   : "app = ?1 AND start_time < ?2 AND "
			     "coalesce(partial, 0) <= 0",
		    &bv, NULL, set, err);
}

int iol_popdb_load_paths(struct iol_popdb *db, struct iol_popset *set,
			 const size_t *idx, size_t n, struct iol_error *err)
{
	struct iol_sqlst *st;
	int rc = 0;

	if (!iol_popdb_has_column(db, "path"))
		return 0;
	if ((rc = prepare(db, "SELECT path FROM jobs WHERE id = ?1", &st, err)))
		return rc;
	for (size_t i = 0; i < n && rc == 0; i++) {
		struct iol_popjob *j = &set->jobs[idx[i]];
		const char *t;
		iol_sql_reset(st);
		iol_sql_bind_int(st, 1, j->id);
		rc = iol_sql_step(st);
		if (rc == 1 && (t = iol_sql_text(st, 0)) &&
		    !(j->path = arena_dup(set->strs, t, iol_sql_bytes(st, 0))))
			rc = iol_error_set(err, IOL_ENOMEM, "out of memory");
		else if (rc < 0)
			rc = db_err(db, err, IOL_ECORRUPT);
		else
			rc = 0;
	}
	iol_sql_finalize(st);
	return rc;
}

void iol_popset_free(struct iol_popset *set)
{
	free(set->jobs);
	strs_free(set->strs);
	memset(set, 0, sizeof *set);
}

/* The select list of the names in cols the store has, "1" when none:
 * quoted identifiers. */
static char *select_list(struct iol_popdb *db, const char *const *cols,
			 size_t n)
{
	char *sql = iol_sql_mprintf("%s", "");
	int k = 0;

	for (size_t i = 0; sql && i < n; i++) {
		char *m;
		if (!iol_popdb_has_column(db, cols[i]))
			continue;
		m = iol_sql_mprintf("%s%s\"%w\"", sql, k++ ? "," : "", cols[i]);
		iol_sql_free(sql);
		sql = m;
	}
	if (sql && !k) {
		iol_sql_free(sql);
		sql = iol_sql_mprintf("1");
	}
	return sql;
}

static int cur_open(struct iol_popdb *db, const char *what, const char *where,
		    const char *sort, int desc, int64_t top,
		    struct iol_popcur **out, struct iol_error *err)
{
	struct iol_popcur *cur;
	char *sql, lim[32] = "";
	int64_t lo, hi, step;
	int rc, split;

	*out = NULL;
	if ((rc = iol_popdb_check_where(db, where, err)))
		return rc;
	if (sort && !iol_popdb_has_column(db, sort))
		return iol_error_set(err, IOL_EINVAL, "no column '%s'", sort);
	if (!(cur = calloc(1, sizeof *cur)))
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	/* every row in id order: on two connections when there are many */
	split = (!sort || !strcmp(sort, "id")) && !desc && top <= 0 &&
		split_range(db, where, cur, &lo, &hi, &step);
	/* sort is a known column name: quoted as an identifier */
	/* no LIMIT when top is 0: PostgreSQL takes no LIMIT -1 */
	if (top > 0)
		snprintf(lim, sizeof lim, " LIMIT %lld", (long long)top);
	if (split)
		sql = iol_sql_mprintf("SELECT %s FROM jobs" SPLIT_RANGE
				      " (%s) ORDER BY id",
				      what, where ? where : "1 = 1");
	else /* ties in the sort's direction: iol_popcur_open_page() */
		sql = iol_sql_mprintf(
			"SELECT %s FROM jobs%s%s%s ORDER BY \"%w\" %s, id %s%s",
			what, where ? " WHERE (" : "", where ? where : "",
			where ? ")" : "", sort ? sort : "id",
			desc ? "DESC" : "ASC", desc ? "DESC" : "ASC", lim);
	if (!sql) {
		free(cur);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	cur->db = db->db;
	rc = prepare(db, sql, &cur->st, err);
	if (!rc && split)
		split_open(db, sql, NULL, NULL, cur, lo, hi, step);
	iol_sql_free(sql);
	if (rc) {
		free(cur);
		return rc;
	}
	*out = cur;
	return 0;
}

int iol_popcur_open(struct iol_popdb *db, const char *where, const char *sort,
		    int desc, int64_t top, struct iol_popcur **out,
		    struct iol_error *err)
{
	return cur_open(db, "*", where, sort, desc, top, out, err);
}

int iol_popcur_open_sorted(struct iol_popdb *db, const char *where,
			   const char *const *cols, size_t ncols,
			   const char *sort, int desc, int64_t top,
			   struct iol_popcur **out, struct iol_error *err)
{
	char *what;
	int rc;

	if (!cols)
		return cur_open(db, "*", where, sort, desc, top, out, err);
	*out = NULL;
	if (!(what = select_list(db, cols, ncols)))
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	rc = cur_open(db, what, where, sort, desc, top, out, err);
	iol_sql_free(what);
	return rc;
}

int iol_popcur_open_cols(struct iol_popdb *db, const char *where,
			 const char *const *cols, size_t ncols,
			 struct iol_popcur **out, struct iol_error *err)
{
	char *what = select_list(db, cols, ncols);
	int rc;

	*out = NULL;
	if (!what)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	rc = cur_open(db, what, where, NULL, 0, 0, out, err);
	iol_sql_free(what);
	return rc;
}

/* The condition of f, its parameters numbered from 1 in the order
 * they appear (PostgreSQL wants no gap); allocated, "1 = 1" for none;
 * *nb the number. */
static char *filter_sql(const struct iol_popfilter *f, int *nb)
{
	/* an expression of a column is looked up in no index (SQLite and
	 * PostgreSQL alike): in_order's rows come from the sort's */
	static const char *const eq[2][3] = {
		{"\"user\"", "app", "project"},
		{"(\"user\" || '')", "(app || '')", "(project || '')"}};
	const char *v[] = {f->user, f->app, f->project};
	const char *t = f->in_order ? "(start_time + 0)" : "start_time";
	char buf[256];
	size_t len = 0;

	*nb = 0;
	buf[0] = '\0';
	for (int i = 0; i < 3; i++)
		if (v[i])
			len += (size_t)snprintf(buf + len, sizeof buf - len,
						"%s%s = ?%d",
						len ? " AND " : "",
						eq[!!f->in_order][i], ++*nb);
	if (f->id)
		len += (size_t)snprintf(buf + len, sizeof buf - len,
					"%sid = ?%d", len ? " AND " : "",
					++*nb);
	if (!isnan(f->from))
		len += (size_t)snprintf(buf + len, sizeof buf - len,
					"%s%s >= ?%d", len ? " AND " : "", t,
					++*nb);
	if (!isnan(f->to))
		len += (size_t)snprintf(buf + len, sizeof buf - len,
					"%s%s < ?%d", len ? " AND " : "", t,
					++*nb);
	return iol_sql_mprintf("%s", len ? buf : "1 = 1");
}

static void filter_bind(struct iol_sqlst *st, const struct iol_popfilter *f)
{
	const char *v[] = {f->user, f->app, f->project};
	int k = 0;

	for (int i = 0; i < 3; i++)
		if (v[i])
			iol_sql_bind_text(st, ++k, v[i], -1);
	if (f->id)
		iol_sql_bind_int(st, ++k, f->id);
	if (!isnan(f->from))
		iol_sql_bind_real(st, ++k, f->from);
	if (!isnan(f->to))
		iol_sql_bind_real(st, ++k, f->to);
}

/* The statement sql (with the filter's condition as its %s) prepared
 * and bound; *nb the filter's parameters. */
static int filter_prepare(struct iol_popdb *db, const struct iol_popfilter *f,
			  const char *sql, struct iol_sqlst **st, int *nb,
			  struct iol_error *err)
{
	char *cond = filter_sql(f, nb), *q;
	int rc;

	if (!cond)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	q = iol_sql_mprintf(sql, cond);
	iol_sql_free(cond);
	if (!q)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	rc = prepare(db, q, st, err);
	iol_sql_free(q);
	if (rc == 0)
		filter_bind(*st, f);
	return rc;
}

/* The ids of the rows after key in the order of sort (then id;
 * descending when desc) among cond's, from offset, limit of them, in
 * buf: SQLite's order, NULL the least (first ascending, last
 * descending).  In parts, each read from the sort's index at its place:
 * the key's ties after its id (the column equal, a range of the index's
 * row ids), the values beyond it, and descending the NULLs.  A row value
 * (col, id) > (v, id) is a range of the column alone in SQLite 3.40
 * ("col>?"), every tie stepped through: 4 s of CPU to find the keys of
 * a million jobs sorted by user.  The value is ?k+1, the id ?k+2. */
static int after_parts(const char *sort, int desc, const struct iol_popkey *key,
		       int k, char part[3][160])
{
	const char *cmp = desc ? "<" : ">";
	int np = 0;

	if (!key) {
		snprintf(part[np++], 160, "1 = 1");
	} else if (key->type == IOL_POPV_NULL) {
		snprintf(part[np++], 160, "\"%.64s\" IS NULL AND id %s ?%d",
			 sort, cmp, k + 2);
		if (!desc)
			snprintf(part[np++], 160, "\"%.64s\" IS NOT NULL",
				 sort);
	} else {
		snprintf(part[np++], 160, "\"%.64s\" = ?%d AND id %s ?%d", sort,
			 k + 1, cmp, k + 2);
		snprintf(part[np++], 160, "\"%.64s\" %s ?%d", sort, cmp, k + 1);
		if (desc)
			snprintf(part[np++], 160, "\"%.64s\" IS NULL", sort);
	}
	return np;
}

static int after_sql(const char *sort, int desc, const struct iol_popkey *key,
		     int k, const char *cond, int64_t limit, int64_t offset,
		     char *buf, size_t n)
{
	const char *d = desc ? "DESC" : "ASC";
	char part[3][160];
	int np = after_parts(sort, desc, key, k, part), w;
	long long top = (long long)(limit + offset);

	w = snprintf(buf, n, "SELECT id FROM (");
	for (int i = 0; i < np && w > 0 && (size_t)w < n; i++)
		w += snprintf(
			buf + w, n - (size_t)w,
			"%sSELECT * FROM (SELECT id, %d AS part, \"%.64s\" "
			"AS c FROM jobs WHERE (%s) AND %s ORDER BY \"%.64s\" "
			"%s, id %s LIMIT %lld)",
			i ? " UNION ALL " : "", i, sort, cond, part[i], sort, d,
			d, top);
	if (w > 0 && (size_t)w < n)
		w += snprintf(buf + w, n - (size_t)w,
			      ") ORDER BY part, c %s, id %s LIMIT %lld OFFSET "
			      "%lld",
			      d, d, (long long)limit, (long long)offset);
	return w > 0 && (size_t)w < n ? 0 : -1;
}

/* The number of f's parameters (filter_sql's) */
static int filter_nb(const struct iol_popfilter *f)
{
	int nb = 0;
	char *c = filter_sql(f, &nb);

	iol_sql_free(c);
	return nb;
}

static void after_bind(struct iol_sqlst *st, const struct iol_popkey *key,

		       int k)
{
	switch (key->type) {
	case IOL_POPV_NULL: iol_sql_bind_null(st, k + 1); break;
	case IOL_POPV_INT: iol_sql_bind_int(st, k + 1, key->i); break;
	case IOL_POPV_REAL: iol_sql_bind_real(st, k + 1, key->r); break;
	default: iol_sql_bind_text(st, k + 1, key->t, -1); break;
	}
	iol_sql_bind_int(st, k + 2, key->id);
}

/* The page's rows after key: the SQL made here (the filter's condition
 * is in every part), its parameters bound. */
static int after_prepare(struct iol_popdb *db, const struct iol_popfilter *f,
			 const char *what, const char *sort, int desc,
			 int64_t limit, int64_t offset,
			 const struct iol_popkey *key, struct iol_sqlst **st,
			 struct iol_error *err)
{
	const char *d = desc ? "DESC" : "ASC";
	char inner[3072], sql[4096];
	int nb = 0, rc, w;
	char *cond = filter_sql(f, &nb);

	if (!cond)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	rc = after_sql(sort, desc, key, nb, cond, limit, offset, inner,
		       sizeof inner);
	iol_sql_free(cond);
	w = rc ? -1
	       : snprintf(sql, sizeof sql,
			  "SELECT %s FROM jobs WHERE id IN (%s) ORDER BY "
			  "\"%.64s\" %s, id %s",
			  what, inner, sort, d, d);
	if (w < 0 || (size_t)w >= sizeof sql)
		return iol_error_set(err, IOL_EINVAL, "too many columns");
	if ((rc = prepare(db, sql, st, err)))
		return rc;
	filter_bind(*st, f);
	after_bind(*st, key, nb);
	return 0;
}

int iol_popcur_open_page_after(struct iol_popdb *db,
			       const struct iol_popfilter *f,
			       const char *const *cols, size_t ncols,
			       const char *sort, int desc, int64_t limit,
			       int64_t offset, const struct iol_popkey *after,
			       struct iol_popcur **out, struct iol_error *err)
{
	struct iol_popcur *cur;
	char *what = cols ? select_list(db, cols, ncols) : NULL;
	const char *dir = desc ? "DESC" : "ASC";
	char sql[2048];
	int rc, nb, w;

	*out = NULL;
	if (!sort)
		sort = "id";
	if (!iol_popdb_has_column(db, sort)) {
		iol_sql_free(what);
		return iol_error_set(err, IOL_EINVAL, "no column '%s'", sort);
	}
	if ((cols && !what) || !(cur = calloc(1, sizeof *cur))) {
		iol_sql_free(what);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	cur->db = db->db;
	if (after) {
		rc = after_prepare(db, f, what ? what : "*", sort, desc, limit,
				   offset, after, &cur->st, err);
		iol_sql_free(what);
		if (rc)
			free(cur);
		else
			*out = cur;
		return rc;
	}
	/* %s the filter; sort a column of the table, as an identifier: the
	 * order is cur_open's, so the rows are those of `jobs`.  The page's
	 * ids first, from the sort's index alone (ties of the sort column
	 * put in id order without reading their rows), then their rows.
	 * Ties go in the sort's direction: the index (the column, then the
	 * row's id) read backwards gives a descending page as it is; ties
	 * in ascending ids under a descending sort were a temporary B-tree
	 * of every tie (EXPLAIN QUERY PLAN: "RIGHT PART OF ORDER BY"), at a
	 * million jobs 160-700 ms a page sorted by -user, -nodes, -app. */
	w = snprintf(sql, sizeof sql,
		     "SELECT %s FROM jobs WHERE id IN (SELECT id FROM jobs "
		     "WHERE %%s ORDER BY \"%.64s\" %s, id %s LIMIT %lld "
		     "OFFSET %lld) ORDER BY \"%.64s\" %s, id %s",
		     what ? what : "*", sort, dir, dir, (long long)limit,
		     (long long)offset, sort, dir, dir);
	iol_sql_free(what);
	rc = w < 0 || (size_t)w >= sizeof sql
		     ? iol_error_set(err, IOL_EINVAL, "too many columns")
		     : filter_prepare(db, f, sql, &cur->st, &nb, err);
	if (rc) {
		free(cur);
		return rc;
	}
	*out = cur;
	return 0;
}

int iol_popcur_open_page(struct iol_popdb *db, const struct iol_popfilter *f,
			 const char *const *cols, size_t ncols,
			 const char *sort, int desc, int64_t limit,
			 int64_t offset, struct iol_popcur **out,
			 struct iol_error *err)
{
	return iol_popcur_open_page_after(db, f, cols, ncols, sort, desc, limit,
					  offset, NULL, out, err);
}

int iol_popdb_keyset(const struct iol_popdb *db)
{
	return iol_sql_kind(db->db) == IOL_SQL_SQLITE;
}

void iol_popkey_free(struct iol_popkey *key)
{
	free(key->t);
	key->t = NULL;
}

/* key set from the cursor's row (the sort column, then id); 0, or < 0 */
static int key_of_row(struct iol_popcur *cur, struct iol_popkey *key,
		      struct iol_error *err)
{
	const char *t;

	memset(key, 0, sizeof *key);
	key->id = iol_popcur_int(cur, 1);
	key->type = iol_popcur_type(cur, 0);
	if (key->type == IOL_POPV_INT)
		key->i = iol_popcur_int(cur, 0);
	else if (key->type == IOL_POPV_REAL)
		key->r = iol_popcur_real(cur, 0);
	else if (key->type == IOL_POPV_TEXT &&
		 (!(t = iol_popcur_text(cur, 0)) || !(key->t = strdup(t))))
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	return 0;
}

/* The keys of part i's rows (after_parts) into keys, from the i-th
 * row since the last key; 0, or < 0 */
static int keys_part(struct iol_popdb *db, const struct iol_popfilter *f,
		     const char *sort, int desc, const struct iol_popkey *after,
		     const char *part, int64_t every, size_t nkeys,
		     struct iol_popkey *keys, size_t *got, int64_t *i,
		     struct iol_error *err)
{
	const char *d = desc ? "DESC" : "ASC";
	struct iol_popcur cur = {0};
	char sql[1024];
	int nb = 0, rc;
	char *cond = filter_sql(f, &nb);

	if (!cond)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	/* the sort's index alone, in its order: a covering scan */
	snprintf(sql, sizeof sql,
		 "SELECT \"%.64s\", id FROM jobs WHERE (%s) AND %s ORDER BY "
		 "\"%.64s\" %s, id %s LIMIT %lld",
		 sort, cond, part, sort, d, d,
		 (long long)(every * (int64_t)(nkeys - *got) - *i % every));
	iol_sql_free(cond);
	if ((rc = prepare(db, sql, &cur.st, err)))
		return rc;
	cur.db = db->db;
	filter_bind(cur.st, f);
	if (after)
		after_bind(cur.st, after, nb);
	while (*got < nkeys && (rc = iol_sql_step(cur.st)) > 0)
		if (++*i % every == 0 &&
		    (rc = key_of_row(&cur, &keys[(*got)++], err)) < 0)
			break;
	iol_sql_finalize(cur.st);
	return rc < 0 ? (err && err->code ? rc : db_err(db, err, IOL_EIO)) : 0;
}

int iol_popdb_page_keys(struct iol_popdb *db, const struct iol_popfilter *f,
			const char *sort, int desc,
			const struct iol_popkey *after, int64_t every,
			size_t nkeys, struct iol_popkey *keys, size_t *got,
			struct iol_error *err)
{
	char part[3][160];
	int64_t i = 0;
	int np, rc = 0;

	*got = 0;
	if (!iol_popdb_keyset(db) || !strcmp(sort, "id") || every < 1)
		return iol_error_set(err, IOL_EINVAL,
				     "no keyset on this store");
	/* the parts of the order after the key, one after the other, each a
	 * pass over the sort's index: the steps of an OFFSET to the last
	 * key, not a query a key */
	np = after_parts(sort, desc, after, filter_nb(f), part);
	for (int p = 0; p < np && rc == 0 && *got < nkeys; p++)
		rc = keys_part(db, f, sort, desc, after, part[p], every, nkeys,
			       keys, got, &i, err);
	return rc;
}

int iol_popdb_count(struct iol_popdb *db, const struct iol_popfilter *f,
		    int64_t *n, struct iol_error *err)
{
	struct iol_sqlst *st;
	int rc, nb;

	*n = 0;
	rc = filter_prepare(db, f, "SELECT count(*) FROM jobs WHERE %s", &st,
			    &nb, err);
	if (rc)
		return rc;
	rc = iol_sql_step(st);
	if (rc > 0)
		*n = iol_sql_int(st, 0);
	iol_sql_finalize(st);
	if (rc < 0)
		return db_err(db, err, IOL_ECORRUPT);
	return 0;
}

/* One text of the first column of sql's first row into buf: 1, 0 no
 * row (or no such table), or < 0. */
static int text_of(struct iol_popdb *db, const char *sql, char *buf, size_t n,
		   struct iol_error *err)
{
	struct iol_sqlst *st;
	const char *t;
	int rc;

	if (iol_sql_prepare(db->db, sql, &st) < 0)
		return 0;
	rc = iol_sql_step(st);
	t = rc > 0 ? iol_sql_text(st, 0) : NULL;
	/* cut short, another state could read the same */
	if (t && strlen(t) >= n) {
		iol_sql_finalize(st);
		return iol_error_set(err, IOL_EINVAL, "the state is too long");
	}
	if (t)
		snprintf(buf, n, "%s", t);
	iol_sql_finalize(st);
	if (rc < 0)
		return db_err(db, err, IOL_EIO);
	return t ? 1 : 0;
}

/* PostgreSQL: the store's generation (meta 'generation', moved by every
 * transaction that writes the store, IOL_STORE_BUMP_SQL), so that the
 * writes of other databases of the server leave it as it is.
 *
 * A store no writer of this iolens has opened yet has no generation:
 * then the cluster's transaction snapshot as text (xmin:xmax: the
 * transactions in progress), which changes with every write to the
 * store, as a write takes a transaction id, and to any other database
 * too, which only costs a cache its entries.  Not count(*) or max(id):
 * an upsert of a known path changes neither.  The deprecated txid_
 * spelling runs on every version. */
int iol_popdb_state(struct iol_popdb *db, char *buf, size_t n,
		    struct iol_error *err)
{
	int rc;

	if (n)
		buf[0] = '\0';
	if (iol_sql_kind(db->db) != IOL_SQL_PG)
		return 0;
	if (n < 2)
		return iol_error_set(err, IOL_EINVAL, "the state is too long");
	/* g or s first: a generation never reads as a snapshot */
	buf[0] = 'g';
	rc = text_of(db, "SELECT value FROM meta WHERE key = 'generation'",
		     buf + 1, n - 1, err);
	if (rc == 0) {
		buf[0] = 's';
		rc = text_of(db, "SELECT txid_current_snapshot()::text",
			     buf + 1, n - 1, err);
	}
	if (rc == 0)
		rc = db_err(db, err, IOL_EIO);
	if (rc < 0)
		buf[0] = '\0';
	return rc;
}

int iol_popcur_next(struct iol_popcur *cur, struct iol_error *err)
{
	int rc = cur_step(cur);

	if (rc >= 0)
		return rc;
	return iol_error_set(err, IOL_ECORRUPT, "%s",
			     cur->msg ? cur->msg : iol_sql_errmsg(cur->db));
}

int iol_popcur_skip(struct iol_popcur *cur, int64_t n, struct iol_error *err)
{
	int rc;

	for (int64_t k = 0; (rc = iol_popcur_next(cur, err)) > 0 && k < n; k++)
		;
	return rc;
}

int iol_popcur_ncols(const struct iol_popcur *cur)
{
	return iol_sql_ncols(cur->st);
}

const char *iol_popcur_name(const struct iol_popcur *cur, int i)
{
	return iol_sql_colname(cur->st, i);
}

int iol_popcur_type(const struct iol_popcur *cur, int i)
{
	switch (cur->row ? cur->row[i].type : iol_sql_coltype(cur->st, i)) {
	case IOL_SQL_INT: return IOL_POPV_INT;
	case IOL_SQL_REAL: return IOL_POPV_REAL;
	case IOL_SQL_NULL: return IOL_POPV_NULL;
	default: return IOL_POPV_TEXT;
	}
}

double iol_popcur_num(const struct iol_popcur *cur, int i)
{
	int64_t v = 0;
	double d = NAN;

	switch (cur_num(cur, i, &v, &d)) {
	case IOL_SQL_INT: return (double)v;
	case IOL_SQL_REAL: return d;
	default: return NAN;
	}
}

void iol_popcur_nums(const struct iol_popcur *cur, const int *cols, size_t n,
		     double *out)
{
	const struct iol_popsv *r = cur->row ? cur->row : cur->nv;

	if (!r) {
		iol_sql_nums(cur->st, cols, n, out);
		return;
	}
	for (size_t k = 0; k < n; k++) {
		const struct iol_popsv *v = &r[cols[k]];
		out[k] = v->type == IOL_SQL_INT	   ? (double)v->i
			 : v->type == IOL_SQL_REAL ? v->d
						   : NAN;
	}
}

int64_t iol_popcur_int(const struct iol_popcur *cur, int i)
{
	return cur_int(cur, i);
}

double iol_popcur_real(const struct iol_popcur *cur, int i)
{
	return cur_real(cur, i);
}

const char *iol_popcur_text(const struct iol_popcur *cur, int i)
{
	return cur_text(cur, i);
}

void iol_popcur_close(struct iol_popcur *cur)
{
	if (!cur)
		return;
	cur_end(cur);
	free(cur);
}

/* ---- coverage ---- */

const char *const iol_pop_api_names[IOL_POP_NAPI] = {"POSIX", "MPI-IO", "HDF5",
						     "PnetCDF", "STDIO"};

/* The sum of an API's bytes in a row, 0 when the store lacks them. */
static char *api_expr(struct iol_popdb *db, const char *pre)
{
	char r[64], w[64];

	snprintf(r, sizeof r, "%s_bytes_read", pre);
	snprintf(w, sizeof w, "%s_bytes_written", pre);
	if (!iol_popdb_has_column(db, r) || !iol_popdb_has_column(db, w))
		return iol_sql_mprintf("0");
	return iol_sql_mprintf("coalesce(j.\"%w\", 0) + coalesce(j.\"%w\", 0)",
			       r, w);
}

/* The sums are made here, in the order of the scheduler's ids, so that
 * SQLite and PostgreSQL (whose sums of reals add in another order) give
 * the same digits. */
static int cov_add(struct iol_popcov_all *c, size_t *cap, const char *name,
		   double ch, int inst)
{
	struct iol_popcov *r = c->n ? &c->p[c->n - 1] : NULL;

	if (!r || strcmp(r->project, name)) {
		struct iol_popcov *np =
			iol_grow(c->p, cap, c->n, sizeof *np, 16);
		if (!np)
			return -1;
		c->p = np;
		r = &np[c->n++];
		memset(r, 0, sizeof *r);
		snprintf(r->project, sizeof r->project, "%s", name);
	}
	r->jobs++;
	r->core_hours += ch;
	c->total.jobs++;
	c->total.core_hours += ch;
	if (inst) {
		r->inst_jobs++;
		r->inst_core_hours += ch;
		c->total.inst_jobs++;
		c->total.inst_core_hours += ch;
	}
	return 0;
}

/* "AND s.start >= from AND s.start < to" for a range (IOL_POP_NULL: open
 * at that end), over column col; allocated, NULL out of memory. */
static char *range_cond(const char *col, int64_t from, int64_t to)
{
	char a[96] = "", b[96] = "";

	if (from != IOL_POP_NULL)
		snprintf(a, sizeof a, " AND %s >= %lld", col, (long long)from);
	if (to != IOL_POP_NULL)
		snprintf(b, sizeof b, " AND %s < %lld", col, (long long)to);
	return iol_sql_mprintf("%s%s", a, b);
}

static int cov_rows(struct iol_popdb *db, const char *cond, int part,
		    struct iol_popcov_all *c, struct iol_error *err)
{
	/* a store made before the partition was kept has no column */
	const char *key = !part			? "s.account"
			  : db->sched_partition ? "s.\"partition\""
						: "''";
	char *q = iol_sql_mprintf(
		"SELECT coalesce(nullif(%s, ''), '(none)') AS p, "
		"coalesce(s.core_hours, 0), CASE WHEN EXISTS (SELECT 1 FROM "
		"jobs j WHERE j.sched_id = s.id) THEN 1 ELSE 0 END FROM sched "
		"s WHERE 1 = 1%s ORDER BY p, s.id",
		key, cond);
	struct iol_sqlst *st;
	size_t cap = 0;
	int rc;

	if (!q)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	rc = iol_sql_prepare(db->db, q, &st);
	iol_sql_free(q);
	if (rc < 0)
		return db_err(db, err, IOL_ECORRUPT);
	while ((rc = iol_sql_step(st)) == 1) {
		const char *name = iol_sql_text(st, 0);
		if (cov_add(c, &cap, name ? name : "(none)",
			    iol_sql_real(st, 1), iol_sql_int(st, 2) != 0) < 0)
			break;
	}
	if (rc < 0)
		rc = db_err(db, err, IOL_ECORRUPT);
	iol_sql_finalize(st);
	if (rc == 1)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	return rc;
}

/* the one row of q into v[0..n) */
static int one_row(struct iol_popdb *db, const char *q, int64_t *v, int n,
		   struct iol_error *err)
{
	struct iol_sqlst *st;
	int rc;

	if (iol_sql_prepare(db->db, q, &st) < 0)
		return db_err(db, err, IOL_ECORRUPT);
	if ((rc = iol_sql_step(st)) == 1)
		for (int k = 0; k < n; k++)
			v[k] = iol_sql_int(st, k);
	else
		rc = db_err(db, err, IOL_ECORRUPT);
	iol_sql_finalize(st);
	return rc == 1 ? 0 : rc;
}

static int cov_apis(struct iol_popdb *db, const char *scond, const char *jcond,
		    struct iol_popcov_all *c, struct iol_error *err)
{
	static const char *const pre[IOL_POP_NAPI] = {"posix", "mpiio", "h5d",
						      "pnetcdf_var", "stdio"};
	char *e[IOL_POP_NAPI], *q = NULL;
	int64_t v[2] = {0, 0};
	int rc = 0, k;

	for (k = 0; k < IOL_POP_NAPI; k++)
		e[k] = api_expr(db, pre[k]);
	if (e[0] && e[1] && e[2] && e[3] && e[4])
		q = iol_sql_mprintf(
			"SELECT coalesce(sum(a0), 0), coalesce(sum(a1), 0), "
			"coalesce(sum(a2), 0), coalesce(sum(a3), 0), "
			"coalesce(sum(a4), 0) FROM (SELECT max(CASE WHEN %s > "
			"0 THEN 1 ELSE 0 END) AS a0, max(CASE WHEN %s > 0 THEN "
			"1 ELSE 0 END) AS a1, max(CASE WHEN %s > 0 THEN 1 ELSE "
			"0 END) AS a2, max(CASE WHEN %s > 0 THEN 1 ELSE 0 END) "
			"AS a3, max(CASE WHEN %s > 0 THEN 1 ELSE 0 END) AS a4 "
			"FROM jobs j JOIN sched s ON s.id = j.sched_id WHERE "
			"1 = 1%s GROUP BY j.sched_id) AS t",
			e[0], e[1], e[2], e[3], e[4], scond);
	for (k = 0; k < IOL_POP_NAPI; k++)
		iol_sql_free(e[k]);
	if (!q)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	rc = one_row(db, q, c->api, IOL_POP_NAPI, err);
	iol_sql_free(q);
	q = iol_sql_mprintf("SELECT count(*), coalesce(sum(CASE WHEN sched_id "
			    "IS NULL THEN 1 ELSE 0 END), 0) FROM jobs j WHERE "
			    "1 = 1%s",
			    jcond);
	if (!q)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	if (rc == 0)
		rc = one_row(db, q, v, 2, err);
	iol_sql_free(q);
	c->darshan_jobs = v[0];
	c->darshan_unjoined = v[1];
	return rc;
}

int iol_popdb_coverage(struct iol_popdb *db, struct iol_popcov_all *c,
		       struct iol_error *err)
{
	return iol_popdb_coverage_in(db, IOL_POP_NULL, IOL_POP_NULL, 0, c, err);
}

static int no_sched(struct iol_error *err)
{
	return iol_error_set(err, IOL_ENOTLOG,
			     "no scheduler jobs in the store (iolens ingest "
			     "--sacct file)");
}

int iol_popdb_coverage_in(struct iol_popdb *db, int64_t from, int64_t to,
			  int by_partition, struct iol_popcov_all *c,
			  struct iol_error *err)
{
	char *scond, *jcond;
	int64_t n = 0;
	int rc;

	memset(c, 0, sizeof *c);
	snprintf(c->total.project, sizeof c->total.project, "(all)");
	if (!iol_popdb_has_column(db, "sched_id"))
		return no_sched(err);
	scond = range_cond("s.start", from, to);
	jcond = range_cond("j.start_time", from, to);
	db->internal = 1;
	rc = scond && jcond
		     ? one_row(db, "SELECT count(*) FROM sched", &n, 1, err)
		     : iol_error_set(err, IOL_ENOMEM, "out of memory");
	if (rc == 0 && !n)
		rc = no_sched(err);
	if (rc == 0)
		rc = cov_rows(db, scond, by_partition, c, err);
	if (rc == 0)
		rc = cov_apis(db, scond, jcond, c, err);
	db->internal = 0;
	iol_sql_free(scond);
	iol_sql_free(jcond);
	if (rc)
		iol_popcov_free(c);
	return rc;
}

int iol_popdb_sched_span(struct iol_popdb *db, int64_t *first, int64_t *last,
			 struct iol_error *err)
{
	int64_t v[3] = {0, 0, 0};
	int rc;

	if (!iol_popdb_has_column(db, "sched_id"))
		return no_sched(err);
	db->internal = 1;
	rc = one_row(db,
		     "SELECT count(start), coalesce(CAST(min(start) AS "
		     "INTEGER), 0), coalesce(CAST(max(start) AS INTEGER), 0) "
		     "FROM sched",
		     v, 3, err);
	db->internal = 0;
	if (rc == 0 && !v[0])
		rc = no_sched(err);
	*first = v[1];
	*last = v[2];
	return rc;
}

void iol_popcov_free(struct iol_popcov_all *c)
{
	free(c->p);
	c->p = NULL;
	c->n = 0;
}
