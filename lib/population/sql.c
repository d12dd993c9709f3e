/*
 * The store's SQL on SQLite or on PostgreSQL (libpq).  SQLite calls pass
 * straight through.  On PostgreSQL a statement is prepared on the server
 * under its own name, its parameters travel as text (an exact %.17g for
 * reals), and its rows are streamed one at a time (single-row mode), so
 * a million rows are never held at once; values come back as text and are
 * typed by the result column's type.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <sqlite3.h>

#include "population/pq.h"
#include "population/sql.h"
#include "base/utf8.h"
#include "base/banned.h"

struct iol_sql {
	int kind, ro;
	sqlite3 *lite;
	PGconn *pg;
	struct iol_sqlst *active; /* PostgreSQL: the statement streaming */
	int copying;		  /* PostgreSQL: a COPY FROM STDIN open */
	unsigned nstmt;		  /* names of prepared statements */
	int64_t changes;
	int (*allow)(void *, const char *);
	void *allow_arg;
	char msg[512];
	char state[6]; /* PostgreSQL: the last error's SQLSTATE, "" none */
};

struct iol_sqlst {
	struct iol_sql *db;
	sqlite3_stmt *lite;
	/* PostgreSQL */
	char name[24];
	int nparams, state; /* 0 not run, 1 rows streaming, 2 ended */
	char **vals;
	PGresult *res, *desc;
	/* res's row, read once a result rather than once a value (a
	 * million rows of a hundred columns): nf its columns if it has a
	 * row (else 0), ty[i] column i's IOL_SQL_* (TY_BOOL for bool) */
	int nf, nty;
	signed char *ty;
	/* SQLite, iol_sql_prepare_cols(): the row's values as the query's
	 * iol_row() calls handed them over, NULL otherwise */
	struct pack *pk;
};

/* One value of a packed row: its IOL_SQL_* type, an integer's value or
 * a real's, a text's both as SQLite reads it and its bytes at off. */
struct pval {
	int64_t i;
	double d;
	uint32_t off, len;
	int type;
};

struct pack {
	int n;
	char **names;
	struct pval *v;
	char *txt;
	size_t tlen, tcap;
};

/* a bool column: an IOL_SQL_INT read from 't' or 'f' */
enum { TY_BOOL = 9 };

/* libpq's functions: loaded by open_pg(), before any PostgreSQL store
 * exists (pq.h) */
#define PQ iol_pq_table

/* PostgreSQL type oids (catalog/pg_type.h is not a client header) */
enum {
	OID_BOOL = 16,
	OID_INT8 = 20,
	OID_INT2 = 21,
	OID_INT4 = 23,
	OID_TEXT = 25,
	OID_OID = 26,
	OID_VARCHAR = 1043,
	OID_FLOAT4 = 700,
	OID_FLOAT8 = 701,
	OID_NUMERIC = 1700
};

int iol_sql_is_url(const char *name)
{
	return name && (!strncmp(name, "postgresql://", 13) ||
			!strncmp(name, "postgres://", 11));
}

/* ---- passwords in URLs ---- */

/* where a URL that starts at p ends in a message: white space, a quote */
static size_t url_len(const char *p)
{
	size_t k = 0;

	while (p[k] && !strchr(" \t\n\r'\"", p[k]))
		k++;
	return k;
}

/* the scheme's length if a PostgreSQL URL starts at p, else 0 */
static size_t scheme_at(const char *p)
{
	if (!strncmp(p, "postgresql://", 13))
		return 13;
	if (!strncmp(p, "postgres://", 11))
		return 11;
	return 0;
}

/* append n bytes of s to buf[*k..cap), keeping room for the NUL */
static void put(char *buf, size_t cap, size_t *k, const char *s, size_t n)
{
	if (*k + 1 >= cap)
		return;
	if (n > cap - 1 - *k)
		n = cap - 1 - *k;
	memcpy(buf + *k, s, n);
	*k += n;
}

/* 1 if the query keyword at p (up to '=') is "password" once its %XX
 * are decoded, as libpq decodes it ("pass%77ord" is one too) */
static int password_key(const char *p, const char *end)
{
	static const char want[] = "password";
	size_t i = 0;

	while (p < end && *p != '=' && *p != '&') {
		int c = (unsigned char)*p;

		if (c == '%' && end - p > 2 && iol_hexval(p[1]) >= 0 &&
		    iol_hexval(p[2]) >= 0) {
			c = iol_hexval(p[1]) * 16 + iol_hexval(p[2]);
			p += 2;
		}
		if (i >= sizeof(want) - 1 || c != want[i++])
			return 0;
		p++;
	}
	return p < end && *p == '=' && i == sizeof(want) - 1;
}

/* where a query value that starts at v ends: libpq takes it up to the
 * next '&' or the end of the URL, quotes, blanks and '#' included, so
 * in a message it runs to an '&', or to the "': " (or "\": ") that
 * closes a quoted URL, or to the end of the text (a doubt masks more) */
static const char *value_end(const char *v)
{
	for (; *v && *v != '&'; v++)
		if ((*v == '\'' || *v == '"') && v[1] == ':' && v[2] == ' ')
			break;
	return v;
}

/* the bytes of the URL at u in a message: to white space or a quote,
 * and on past them to the '@' libpq ends its user:password@ at (the
 * first one before any '/': "bob:it's me@db" is user bob with the
 * password "it's me"), and to the end of every password's value */
static size_t url_span(const char *u, size_t sch)
{
	size_t len = url_len(u), i;
	const char *q = u + sch;

	while (*q && *q != '@' && *q != '/')
		q++;
	if (*q == '@' && (size_t)(q - u) >= len)
		len = (size_t)(q - u) + url_len(q);
	for (i = sch; i < len; i++)
		if ((u[i] == '?' || u[i] == '&') &&
		    password_key(u + i + 1, u + strlen(u))) {
			const char *e = value_end(strchr(u + i + 1, '=') + 1);

			if ((size_t)(e - u) > len)
				len = (size_t)(e - u);
		}
	return len;
}

/* one URL of len bytes at u, its passwords masked, appended to buf */
static void mask_url(const char *u, size_t len, size_t sch, char *buf,
		     size_t cap, size_t *k)
{
	const char *end = u + len, *at = NULL, *colon, *p;

	/* user:password@ (the last '@': a password may hold one) */
	for (p = u + sch; p < end; p++)
		if (*p == '@')
			at = p;
	colon = at ? memchr(u + sch, ':', (size_t)(at - (u + sch))) : NULL;
	if (colon) {
		put(buf, cap, k, u, (size_t)(colon + 1 - u));
		put(buf, cap, k, "***", 3);
		p = at;
	} else {
		p = u;
	}
	/* ?password=... or &password=... (pass%77ord too) */
	while (p < end) {
		const char *q = p, *eq;

		while (q < end &&
		       !((*q == '?' || *q == '&') && password_key(q + 1, end)))
			q++;
		put(buf, cap, k, p, (size_t)(q - p));
		if (q == end)
			break;
		eq = memchr(q, '=', (size_t)(end - q));
		put(buf, cap, k, q, (size_t)(eq + 1 - q));
		put(buf, cap, k, "***", 3);
		p = value_end(eq + 1);
		if (p > end)
			p = end;
	}
}

char *iol_sql_mask(const char *text, char *buf, size_t n)
{
	size_t k = 0;
	const char *p = text;

	if (!n)
		return buf;
	while (*p) {
		size_t sch = scheme_at(p), len;

		if (!sch) {
			put(buf, n, &k, p, 1);
			p++;
			continue;
		}
		len = url_span(p, sch);
		mask_url(p, len, sch, buf, n, &k);
		p += len;
	}
	buf[k] = '\0';
	return buf;
}

/* a server's message on one line, without its trailing newline */
static void set_msg(struct iol_sql *db, const char *m)
{
	size_t k = 0;
	int sp = 0;

	db->state[0] = '\0';
	for (; m && *m && k + 1 < sizeof db->msg; m++) {
		if (*m == '\n' || *m == '\t' || *m == '\r' || *m == ' ') {
			sp = k > 0;
			continue;
		}
		if (sp)
			db->msg[k++] = ' ';
		sp = 0;
		if (k + 1 < sizeof db->msg)
			db->msg[k++] = *m;
	}
	db->msg[k] = '\0';
}

static void set_res_msg(struct iol_sql *db, const PGresult *r)
{
	const char *m =
		r ? PQ->resulterrorfield(r, PG_DIAG_MESSAGE_PRIMARY) : NULL;
	const char *c = r ? PQ->resulterrorfield(r, PG_DIAG_SQLSTATE) : NULL;

	set_msg(db, m ? m : PQ->errormessage(db->pg));
	snprintf(db->state, sizeof(db->state), "%s", c ? c : "");
}

static void no_notice(void *arg, const char *m)
{
	(void)arg;
	(void)m;
}

/* 1 if the URL holds a password (user:pw@ or ?password=): it would be
 * shown in messages and in the footers of reports */
static int has_password(const char *name)
{
	PQconninfoOption *o = PQ->conninfoparse(name, NULL), *p;
	int has = 0;

	/* a URL libpq cannot parse: its error text could show the
	 * password, so our own reading of it decides */
	if (!o) {
		size_t n = strlen(name) * 4 + 16;
		char *shown = malloc(n);

		has = !shown || strcmp(iol_sql_mask(name, shown, n), name) != 0;
		free(shown);
		return has;
	}

	for (p = o; p && p->keyword; p++)
		if (!strcmp(p->keyword, "password") && p->val && *p->val)
			has = 1;
	PQ->conninfofree(o);
	return has;
}

static int open_pg(struct iol_sql *db, const char *name, unsigned flags)
{
	struct iol_error e = {0};

	if (!iol_pq_load(&e)) {
		set_msg(db, e.msg);
		return -1;
	}
	if (has_password(name)) {
		set_msg(db, "a password in the URL would be shown in messages "
			    "and reports: give it in ~/.pgpass or PGPASSWORD");
		return -1;
	}
	db->pg = PQ->connectdb(name);
	if (!db->pg) {
		set_msg(db, "out of memory");
		return -1;
	}
	if (PQ->status(db->pg) != CONNECTION_OK) {
		set_msg(db, PQ->errormessage(db->pg));
		return -1;
	}
	/* the library never prints: NOTICEs ("already exists, skipping")
	 * would go to stderr */
	PQ->setnoticeprocessor(db->pg, no_notice, NULL);
	if ((flags & IOL_SQL_RO) &&
	    iol_sql_exec(db, "SET SESSION CHARACTERISTICS AS TRANSACTION "
			     "READ ONLY") < 0)
		return -1;
	/* a reader's queries scan and send every row: JIT compiles each
	 * (a plan of a million rows passes its cost) and gains nothing
	 * back (triage --db of 1M jobs: 34 s without, 38-42 s with); a
	 * server without JIT has no setting */
	if ((flags & IOL_SQL_RO) &&
	    iol_sql_exec(db, "SELECT CASE WHEN current_setting('jit', true) "
			     "IS NOT NULL THEN set_config('jit', 'off', "
			     "false) END") < 0)
		return -1;
	return 0;
}

static void pack_fn(sqlite3_context *cx, int argc, sqlite3_value **argv);

static int open_lite(struct iol_sql *db, const char *name, unsigned flags)
{
	int f = (flags & IOL_SQL_RO) ? SQLITE_OPEN_READONLY
				     : SQLITE_OPEN_READWRITE;

	if (flags & IOL_SQL_CREATE)
		f |= SQLITE_OPEN_CREATE;
	/* one thread per handle: no mutex on each of a million reads */
	if (sqlite3_open_v2(name, &db->lite, f | SQLITE_OPEN_NOMUTEX, NULL) !=
	    SQLITE_OK) {
		set_msg(db,
			db->lite ? sqlite3_errmsg(db->lite) : "out of memory");
		return -1;
	}
	sqlite3_busy_timeout(db->lite, 10000);
	/* iol_sql_prepare_cols()' rows (pack_fn) */
	sqlite3_create_function_v2(db->lite, "iol_row", -1, SQLITE_UTF8, NULL,
				   pack_fn, NULL, NULL, NULL);
	if (flags & IOL_SQL_RO)
		sqlite3_exec(db->lite, "PRAGMA query_only = 1", NULL, NULL,
			     NULL);
	return 0;
}

int iol_sql_open(struct iol_sql **out, const char *name, unsigned flags,
		 struct iol_error *err)
{
	struct iol_sql *db = calloc(1, sizeof *db);
	int rc;

	*out = NULL;
	if (!db)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	db->kind = iol_sql_is_url(name) ? IOL_SQL_PG : IOL_SQL_SQLITE;
	db->ro = (flags & IOL_SQL_RO) != 0;
	rc = db->kind == IOL_SQL_PG ? open_pg(db, name, flags)
				    : open_lite(db, name, flags);
	if (rc < 0) {
		rc = iol_error_set(err, IOL_EIO, "%s", db->msg);
		iol_sql_close(db);
		return rc;
	}
	*out = db;
	return 0;
}

void iol_sql_close(struct iol_sql *db)
{
	if (!db)
		return;
	if (db->lite)
		sqlite3_close(db->lite);
	if (db->pg)
		PQ->finish(db->pg);
	free(db);
}

int iol_sql_kind(const struct iol_sql *db)
{
	return db->kind;
}

const char *iol_sql_type(const struct iol_sql *db, int t)
{
	/* PostgreSQL: text compares byte by byte (COLLATE "C"), as in
	 * SQLite, so ORDER BY and GROUP BY give the same order on both */
	static const char *const lite[] = {"TEXT", "INTEGER", "REAL",
					   "INTEGER PRIMARY KEY"};
	static const char *const pg[] = {"TEXT COLLATE \"C\"", "BIGINT",
					 "DOUBLE PRECISION",
					 "BIGSERIAL PRIMARY KEY"};

	if (t < 0 || t > IOL_SQLT_ID)
		t = IOL_SQLT_TEXT;
	return db->kind == IOL_SQL_PG ? pg[t] : lite[t];
}

const char *iol_sql_errmsg(struct iol_sql *db)
{
	/* SQLite's own message unless the layer set one since */
	if (db->kind == IOL_SQL_SQLITE && db->lite && !db->msg[0])
		return sqlite3_errmsg(db->lite);
	return db->msg;
}

int iol_sql_errcode(struct iol_sql *db)
{
	if (db->kind == IOL_SQL_SQLITE && db->lite &&
	    sqlite3_errcode(db->lite) == SQLITE_NOTADB)
		return IOL_ECORRUPT;
	return IOL_EIO;
}

int iol_sql_conflict(struct iol_sql *db)
{
	if (db->kind == IOL_SQL_SQLITE)
		return db->lite &&
		       (sqlite3_errcode(db->lite) & 0xff) == SQLITE_CONSTRAINT;
	/* unique_violation, exclusion_violation */
	return !strcmp(db->state, "23505") || !strcmp(db->state, "23P01");
}

static int busy(struct iol_sql *db)
{
	if (!db->active && !db->copying)
		return 0;
	set_msg(db, "another query of this connection is still open");
	return 1;
}

int iol_sql_exec(struct iol_sql *db, const char *sql)
{
	PGresult *r;
	int st;

	db->msg[0] = '\0';
	if (db->kind == IOL_SQL_SQLITE)
		return sqlite3_exec(db->lite, sql, NULL, NULL, NULL) ==
				       SQLITE_OK
			       ? 0
			       : -1;
	if (busy(db))
		return -1;
	r = PQ->exec(db->pg, sql);
	st = r ? PQ->resultstatus(r) : PGRES_FATAL_ERROR;
	if (st == PGRES_COMMAND_OK)
		db->changes = strtoll(PQ->cmdtuples(r), NULL, 10);
	if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK)
		set_res_msg(db, r);
	PQ->clear(r);
	return st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK ? 0 : -1;
}

static int ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '$';
}

/*
 * ? and ?N to $N outside quotes; *np: the highest number.  A bare word
 * user (a column of jobs and sched, a --where like user = 'bob') is
 * quoted: PostgreSQL would read it as current_user, without an error.
 */
static char *to_dollars(const char *sql, int *np)
{
	size_t n = strlen(sql);
	char *o = malloc(n * 8 + 16), *w = o, q = 0;
	int seq = 0, max = 0;

	if (!o)
		return NULL;
	for (const char *p = sql; *p; p++) {
		if (q) {
			q = *p == q ? 0 : q;
			*w++ = *p;
		} else if (*p == '\'' || *p == '"') {
			q = *p;
			*w++ = *p;
		} else if (*p == '?') {
			int k;
			if (p[1] >= '0' && p[1] <= '9') {
				k = (int)strtol(p + 1, (char **)&p, 10);
				p--;
			} else {
				k = ++seq;
			}
			if (k > max)
				max = k;
			w += snprintf(w, 16, "$%d", k);
		} else if (ident_char(*p) && !(*p >= '0' && *p <= '9') &&
			   (p == sql || (!ident_char(p[-1]) && p[-1] != '.'))) {
			const char *e = p, *after;
			while (ident_char(*e))
				e++;
			for (after = e; *after == ' '; after++)
				;
			if (e - p == 4 && !strncasecmp(p, "user", 4) &&
			    *after != '(' && *after != '.') {
				memcpy(w, "\"user\"", 6);
				w += 6;
			} else {
				memcpy(w, p, (size_t)(e - p));
				w += e - p;
			}
			p = e - 1;
		} else {
			*w++ = *p;
		}
	}
	*w = '\0';
	*np = max;
	return o;
}

static int prepare_pg(struct iol_sql *db, const char *sql, struct iol_sqlst *s)
{
	char *t;
	PGresult *r;
	int ok;

	if (busy(db))
		return -1;
	if (!(t = to_dollars(sql, &s->nparams))) {
		set_msg(db, "out of memory");
		return -1;
	}
	if (s->nparams > 0 &&
	    !(s->vals = calloc((size_t)s->nparams, sizeof *s->vals))) {
		free(t);
		set_msg(db, "out of memory");
		return -1;
	}
	snprintf(s->name, sizeof s->name, "iol%u", ++db->nstmt);
	r = PQ->prepare(db->pg, s->name, t, 0, NULL);
	free(t);
	ok = r && PQ->resultstatus(r) == PGRES_COMMAND_OK;
	if (!ok) {
		set_res_msg(db, r);
		s->name[0] = '\0';
	}
	PQ->clear(r);
	return ok ? 0 : -1;
}

/*
 * Rows read a hundred values a call.  Each sqlite3_column_value() of a
 * row passes SQLite's API guard (the statement checked, its mutex, its
 * error state: 10 % of population-report's CPU at 1M jobs, 170 columns a
 * row); a function of the columns gets them as one array.  So the
 * select list of iol_sql_prepare_cols() is iol_row(?9, base, columns...)
 * calls of at most SQLite's argument limit, each copying its values into
 * the statement's pack (texts into its buffer, as SQLite reads them),
 * and the accessors read the pack.  The pointer is bound by SQLite's
 * pointer interface: SQL (a --where) sees it as NULL and cannot make
 * one, so iol_row() called elsewhere is an error, never a write.
 */
#define PACK_PARAM 9
static const char pack_tag[] = "iolens_pack";

static void pack_free(struct pack *p)
{
	if (!p)
		return;
	for (int i = 0; i < p->n; i++)
		free(p->names[i]);
	free(p->names);
	free(p->v);
	free(p->txt);
	free(p);
}

static void pack_bind(struct iol_sqlst *s)
{
	if (s->pk)
		sqlite3_bind_pointer(s->lite, PACK_PARAM, s->pk, pack_tag,
				     NULL);
}

/* A text or blob value's bytes into p's buffer at x; -1 out of memory. */
static int pack_text(struct pack *p, struct pval *x, sqlite3_value *v)
{
	const unsigned char *t;
	size_t len;

	/* as sqlite3_column_int64() and _double() read a text */
	x->i = sqlite3_value_int64(v);
	x->d = sqlite3_value_double(v);
	t = sqlite3_value_text(v);
	len = (size_t)sqlite3_value_bytes(v);
	if (!t || len >= UINT32_MAX - p->tlen)
		return -1;
	if (p->tlen + len + 1 > p->tcap) {
		size_t cap = p->tcap ? p->tcap : 4096;
		char *n;

		while (cap < p->tlen + len + 1)
			cap *= 2;
		if (!(n = realloc(p->txt, cap)))
			return -1;
		p->txt = n;
		p->tcap = cap;
	}
	memcpy(p->txt + p->tlen, t, len);
	p->txt[p->tlen + len] = '\0';
	x->off = (uint32_t)p->tlen;
	x->len = (uint32_t)len;
	p->tlen += len + 1;
	return 0;
}

/* iol_row(pack, base, values...): the values into the pack from base. */
static void pack_fn(sqlite3_context *cx, int argc, sqlite3_value **argv)
{
	struct pack *p =
		argc >= 2 ? sqlite3_value_pointer(argv[0], pack_tag) : NULL;
	int base = argc >= 2 ? sqlite3_value_int(argv[1]) : -1;

	if (!p || base < 0 || base > p->n - (argc - 2)) {
		sqlite3_result_error(cx, "iol_row() is iolens' own", -1);
		return;
	}
	if (base == 0)
		p->tlen = 0;
	for (int k = 2; k < argc; k++) {
		struct pval *x = &p->v[base + k - 2];
		sqlite3_value *v = argv[k];

		x->i = 0;
		x->d = 0;
		switch (sqlite3_value_type(v)) {
		case SQLITE_INTEGER:
			x->type = IOL_SQL_INT;
			x->i = sqlite3_value_int64(v);
			break;
		case SQLITE_FLOAT:
			x->type = IOL_SQL_REAL;
			x->d = sqlite3_value_double(v);
			break;
		case SQLITE_NULL: x->type = IOL_SQL_NULL; break;
		default:
			x->type = IOL_SQL_TEXT;
			if (pack_text(p, x, v) < 0) {
				sqlite3_result_error_nomem(cx);
				return;
			}
		}
	}
	sqlite3_result_null(cx);
}

/* The select list of cols[0..n) and rest: iol_row() calls of at most
 * per values each, or the columns themselves (per 0). */
static char *cols_sql(const char *const *cols, int n, int per, const char *rest)
{
	char *sql = sqlite3_mprintf("SELECT");

	for (int i = 0; sql && i < n; i++) {
		char *m;

		if (per && i % per == 0)
			m = sqlite3_mprintf("%s%s iol_row(?%d, %d, \"%w\"", sql,
					    i ? ")," : "", PACK_PARAM, i,
					    cols[i]);
		else
			m = sqlite3_mprintf("%s%s \"%w\"", sql,
					    per || i ? "," : "", cols[i]);
		sqlite3_free(sql);
		sql = m;
	}
	if (sql) {
		char *m = sqlite3_mprintf("%s%s%s", sql,
					  !n	? " 1"
					  : per ? ")"
						: "",
					  rest);
		sqlite3_free(sql);
		sql = m;
	}
	return sql;
}

/* Does the program of sql keep rows to sort them (an ORDER BY no index
 * gives)?  Its select list is evaluated as each row goes in, all before
 * the first comes out: iol_row()'s values would be the last row's.  1,
 * or 0 (-1 when EXPLAIN cannot tell: taken as 1). */
static int sorts_rows(struct iol_sql *db, const char *sql)
{
	char *ex = sqlite3_mprintf("EXPLAIN %s", sql);
	sqlite3_stmt *st = NULL;
	int rc = -1;

	if (ex &&
	    sqlite3_prepare_v2(db->lite, ex, -1, &st, NULL) == SQLITE_OK) {
		rc = 0;
		while (!rc && sqlite3_step(st) == SQLITE_ROW) {
			const char *op =
				(const char *)sqlite3_column_text(st, 1);
			rc = !op || strstr(op, "Sorter") ||
			     !strcmp(op, "OpenEphemeral") ||
			     !strcmp(op, "Sort");
		}
	}
	sqlite3_finalize(st);
	sqlite3_free(ex);
	return rc != 0;
}

static struct pack *pack_new(const char *const *cols, int n)
{
	struct pack *p = calloc(1, sizeof *p);

	if (!p || !(p->names = calloc((size_t)n, sizeof *p->names)) ||
	    !(p->v = calloc((size_t)n, sizeof *p->v))) {
		pack_free(p);
		return NULL;
	}
	p->n = n;
	for (int i = 0; i < n; i++)
		if (!(p->names[i] = strdup(cols[i]))) {
			pack_free(p);
			return NULL;
		}
	return p;
}

int iol_sql_prepare_cols(struct iol_sql *db, const char *const *cols, int n,
			 const char *rest, struct iol_sqlst **out)
{
	int per = db->kind == IOL_SQL_SQLITE && n > 0
			  ? sqlite3_limit(db->lite, SQLITE_LIMIT_FUNCTION_ARG,
					  -1) -
				    2
			  : 0;
	char *sql = cols_sql(cols, n, per > 0 ? per : 0, rest);
	int rc;

	*out = NULL;
	if (sql && per > 0 && sorts_rows(db, sql)) {
		/* the columns themselves, as they come out */
		sqlite3_free(sql);
		sql = cols_sql(cols, n, per = 0, rest);
	}
	if (!sql) {
		set_msg(db, "out of memory");
		return -1;
	}
	rc = iol_sql_prepare(db, sql, out);
	sqlite3_free(sql);
	if (rc < 0 && per > 0) {
		/* no iol_row() on this connection (its registration ran out
		 * of memory), or the query's own error: the plain query
		 * says which */
		if (!(sql = cols_sql(cols, n, per = 0, rest))) {
			set_msg(db, "out of memory");
			return -1;
		}
		rc = iol_sql_prepare(db, sql, out);
		sqlite3_free(sql);
	}
	if (rc < 0 || per <= 0)
		return rc;
	if (!((*out)->pk = pack_new(cols, n))) {
		iol_sql_finalize(*out);
		*out = NULL;
		set_msg(db, "out of memory");
		return -1;
	}
	pack_bind(*out);
	return 0;
}

int iol_sql_prepare(struct iol_sql *db, const char *sql, struct iol_sqlst **out)
{
	struct iol_sqlst *s = calloc(1, sizeof *s);
	const char *tail = NULL;
	int rc = 0;

	*out = NULL;
	if (!s) {
		set_msg(db, "out of memory");
		return -1;
	}
	s->db = db;
	db->msg[0] = '\0';
	if (db->kind == IOL_SQL_PG) {
		rc = prepare_pg(db, sql, s);
	} else if (sqlite3_prepare_v2(db->lite, sql, -1, &s->lite, &tail) !=
		   SQLITE_OK) {
		rc = -1;
	} else if (tail && *tail) {
		sqlite3_finalize(s->lite);
		s->lite = NULL;
		set_msg(db, "more than one statement");
		rc = -1;
	}
	if (rc < 0) {
		iol_sql_finalize(s);
		return -1;
	}
	*out = s;
	return 0;
}

static void clear_vals(struct iol_sqlst *s)
{
	for (int i = 0; i < s->nparams; i++) {
		free(s->vals[i]);
		s->vals[i] = NULL;
	}
}

static int type_of_oid(Oid t)
{
	switch (t) {
	case OID_BOOL: return TY_BOOL;
	case OID_INT2:
	case OID_INT4:
	case OID_INT8:
	case OID_OID: return IOL_SQL_INT;
	case OID_FLOAT4:
	case OID_FLOAT8:
	case OID_NUMERIC: return IOL_SQL_REAL;
	default: return IOL_SQL_TEXT;
	}
}

/* s->res is r now: its row and column types cached (the types of a
 * statement's rows are the same from row to row: looked at once) */
static void set_res(struct iol_sqlst *s, PGresult *r)
{
	int nf;

	PQ->clear(s->res);
	s->res = r;
	s->nf = 0;
	if (!r || PQ->ntuples(r) < 1)
		return;
	nf = PQ->nfields(r);
	if (nf > s->nty) {
		signed char *t = realloc(s->ty, (size_t)nf);

		if (!t)
			return; /* no row to read: NULLs, as on no row */
		s->ty = t;
		s->nty = 0;
	}
	if (!s->nty) {
		for (int i = 0; i < nf; i++)
			s->ty[i] = (signed char)type_of_oid(PQ->ftype(r, i));
		s->nty = nf;
	}
	s->nf = nf;
}

/* drop what the server still sends for this statement */
static void drain(struct iol_sqlst *s)
{
	PGresult *r;

	if (s->state != 1)
		return;
	while ((r = PQ->getresult(s->db->pg)))
		PQ->clear(r);
	s->state = 2;
	if (s->db->active == s)
		s->db->active = NULL;
}

void iol_sql_reset(struct iol_sqlst *s)
{
	if (s->lite) {
		sqlite3_reset(s->lite);
		sqlite3_clear_bindings(s->lite);
		pack_bind(s);
		return;
	}
	drain(s);
	set_res(s, NULL);
	s->state = 0;
	clear_vals(s);
}

void iol_sql_finalize(struct iol_sqlst *s)
{
	char q[48];

	if (!s)
		return;
	if (s->lite)
		sqlite3_finalize(s->lite);
	pack_free(s->pk);
	if (s->db->kind == IOL_SQL_PG) {
		iol_sql_reset(s);
		PQ->clear(s->desc);
		if (s->name[0]) {
			snprintf(q, sizeof q, "DEALLOCATE %s", s->name);
			PQ->clear(PQ->exec(s->db->pg, q));
		}
		free(s->vals);
		free(s->ty);
	}
	free(s);
}

int iol_sql_readonly(struct iol_sqlst *s)
{
	return s->lite ? sqlite3_stmt_readonly(s->lite) : s->db->ro;
}

static void put_val(struct iol_sqlst *s, int i, char *v)
{
	if (i < 1 || i > s->nparams) {
		free(v);
		return;
	}
	free(s->vals[i - 1]);
	s->vals[i - 1] = v;
}

void iol_sql_bind_int(struct iol_sqlst *s, int i, int64_t v)
{
	char b[24];

	if (s->lite) {
		sqlite3_bind_int64(s->lite, i, v);
		return;
	}
	snprintf(b, sizeof b, "%lld", (long long)v);
	put_val(s, i, strdup(b));
}

void iol_sql_bind_real(struct iol_sqlst *s, int i, double v)
{
	char b[32];

	if (s->lite) {
		sqlite3_bind_double(s->lite, i, v);
		return;
	}
	if (isnan(v)) { /* SQLite stores a NaN as NULL */
		put_val(s, i, NULL);
		return;
	}
	if (isinf(v))
		snprintf(b, sizeof b, "%s", v < 0 ? "-Infinity" : "Infinity");
	else
		snprintf(b, sizeof b, "%.17g", v);
	put_val(s, i, strdup(b));
}

void iol_sql_bind_text(struct iol_sqlst *s, int i, const char *t, int len)
{
	if (s->lite) {
		sqlite3_bind_text(s->lite, i, t, len, SQLITE_TRANSIENT);
		return;
	}
	put_val(s, i, len < 0 ? strdup(t) : strndup(t, (size_t)len));
}

void iol_sql_bind_null(struct iol_sqlst *s, int i)
{
	if (s->lite)
		sqlite3_bind_null(s->lite, i);
	else
		put_val(s, i, NULL);
}

static int step_lite(struct iol_sqlst *s)
{
	int rc = sqlite3_step(s->lite);

	s->db->msg[0] = '\0';
	if (rc == SQLITE_ROW)
		return 1;
	return rc == SQLITE_DONE ? 0 : -1;
}

static int start_pg(struct iol_sqlst *s)
{
	struct iol_sql *db = s->db;

	if (busy(db))
		return -1;
	if (!PQ->sendqueryprepared(db->pg, s->name, s->nparams,
				   (const char *const *)s->vals, NULL, NULL,
				   0)) {
		set_msg(db, PQ->errormessage(db->pg));
		return -1;
	}
	PQ->setsinglerowmode(db->pg);
	s->state = 1;
	db->active = s;
	return 0;
}

int iol_sql_step(struct iol_sqlst *s)
{
	PGresult *r;
	int st;

	if (s->lite)
		return step_lite(s);
	if (s->state == 2)
		return 0;
	if (s->state == 0 && start_pg(s) < 0)
		return -1;
	r = PQ->getresult(s->db->pg);
	st = r ? PQ->resultstatus(r) : PGRES_COMMAND_OK;
	if (st == PGRES_SINGLE_TUPLE) {
		set_res(s, r);
		return 1;
	}
	if (st == PGRES_TUPLES_OK) { /* the end of the rows: names, types */
		set_res(s, r);
		r = NULL;
	} else if (st == PGRES_COMMAND_OK) {
		s->db->changes = r ? strtoll(PQ->cmdtuples(r), NULL, 10) : 0;
	} else {
		set_res_msg(s->db, r);
	}
	PQ->clear(r);
	drain(s);
	return st == PGRES_TUPLES_OK || st == PGRES_COMMAND_OK ? 0 : -1;
}

/* the result describing the columns (before a step: asked once) */
static const PGresult *meta(struct iol_sqlst *s)
{
	if (s->res)
		return s->res;
	if (!s->desc && !s->db->active)
		s->desc = PQ->describeprepared(s->db->pg, s->name);
	return s->desc;
}

static int has_row(const struct iol_sqlst *s, int i)
{
	return i >= 0 && i < s->nf;
}

int iol_sql_ncols(struct iol_sqlst *s)
{
	const PGresult *m;

	if (s->pk)
		return s->pk->n;
	if (s->lite)
		return sqlite3_column_count(s->lite);
	m = meta(s);
	return m ? PQ->nfields(m) : 0;
}

const char *iol_sql_colname(struct iol_sqlst *s, int i)
{
	const PGresult *m;

	if (s->pk)
		return i >= 0 && i < s->pk->n ? s->pk->names[i] : NULL;
	if (s->lite)
		return sqlite3_column_name(s->lite, i);
	m = meta(s);
	return m ? PQ->fname(m, i) : NULL;
}

int iol_sql_coltype(struct iol_sqlst *s, int i)
{
	if (s->pk)
		return s->pk->v[i].type;
	if (s->lite) {
		switch (sqlite3_column_type(s->lite, i)) {
		case SQLITE_INTEGER: return IOL_SQL_INT;
		case SQLITE_FLOAT: return IOL_SQL_REAL;
		case SQLITE_NULL: return IOL_SQL_NULL;
		default: return IOL_SQL_TEXT;
		}
	}
	if (!has_row(s, i) || PQ->getisnull(s->res, 0, i))
		return IOL_SQL_NULL;
	return s->ty[i] == TY_BOOL ? IOL_SQL_INT : s->ty[i];
}

/* a PostgreSQL value of column i, not NULL, as an integer or a real
 * (iol_sql_int() and iol_sql_real()'s reading of its text) */
static int64_t pg_int(const struct iol_sqlst *s, int i)
{
	const char *v = PQ->getvalue(s->res, 0, i);
	double d;

	if (s->ty[i] == TY_BOOL)
		return *v == 't';
	if (s->ty[i] != IOL_SQL_REAL)
		return strtoll(v, NULL, 10);
	d = strtod(v, NULL);
	return d != d	      ? 0
	       : d >= 9.2e18  ? INT64_MAX
	       : d <= -9.2e18 ? INT64_MIN
			      : (int64_t)d;
}

static double pg_real(const struct iol_sqlst *s, int i)
{
	const char *v = PQ->getvalue(s->res, 0, i);

	if (s->ty[i] == TY_BOOL)
		return *v == 't';
	return strtod(v, NULL);
}

int iol_sql_num(struct iol_sqlst *s, int i, int64_t *iv, double *dv)
{
	int t;

	if (s->pk) {
		const struct pval *x = &s->pk->v[i];
		if (x->type == IOL_SQL_INT)
			*iv = x->i;
		else if (x->type == IOL_SQL_REAL)
			*dv = x->d;
		return x->type;
	}
	if (s->lite) {
		/* unprotected values are safe here: the connection is
		 * opened SQLITE_OPEN_NOMUTEX, one thread per connection */
		sqlite3_value *v = sqlite3_column_value(s->lite, i);
		switch (sqlite3_value_type(v)) {
		case SQLITE_INTEGER:
			*iv = sqlite3_value_int64(v);
			return IOL_SQL_INT;
		case SQLITE_FLOAT:
			*dv = sqlite3_value_double(v);
			return IOL_SQL_REAL;
		case SQLITE_NULL: return IOL_SQL_NULL;
		default: return IOL_SQL_TEXT;
		}
	}
	t = iol_sql_coltype(s, i);
	if (t == IOL_SQL_INT)
		*iv = pg_int(s, i);
	else if (t == IOL_SQL_REAL)
		*dv = pg_real(s, i);
	return t;
}

void iol_sql_nums(struct iol_sqlst *s, const int *cols, size_t n, double *out)
{
	for (size_t k = 0; k < n; k++) {
		int64_t v = 0;
		double d = NAN;

		if (s->lite && !s->pk) {
			sqlite3_value *x =
				sqlite3_column_value(s->lite, cols[k]);
			switch (sqlite3_value_type(x)) {
			case SQLITE_INTEGER:
				out[k] = (double)sqlite3_value_int64(x);
				break;
			case SQLITE_FLOAT:
				out[k] = sqlite3_value_double(x);
				break;
			default: out[k] = NAN;
			}
			continue;
		}
		switch (iol_sql_num(s, cols[k], &v, &d)) {
		case IOL_SQL_INT: out[k] = (double)v; break;
		case IOL_SQL_REAL: out[k] = d; break;
		default: out[k] = NAN;
		}
	}
}

/* A packed value as sqlite3_column_int64() and _double() read it. */
static int64_t pk_int(const struct pval *x)
{
	switch (x->type) {
	case IOL_SQL_INT:
	case IOL_SQL_TEXT: return x->i;
	case IOL_SQL_REAL:
		return x->d <= -9223372036854775808.0  ? INT64_MIN
		       : x->d >= 9223372036854775807.0 ? INT64_MAX
		       : x->d == x->d		       ? (int64_t)x->d
						       : 0;
	default: return 0;
	}
}

static double pk_real(const struct pval *x)
{
	switch (x->type) {
	case IOL_SQL_INT: return (double)x->i;
	case IOL_SQL_REAL:
	case IOL_SQL_TEXT: return x->d;
	default: return 0;
	}
}

int64_t iol_sql_int(struct iol_sqlst *s, int i)
{
	if (s->pk)
		return pk_int(&s->pk->v[i]);
	if (s->lite)
		return sqlite3_column_int64(s->lite, i);
	if (!has_row(s, i) || PQ->getisnull(s->res, 0, i))
		return 0;
	return pg_int(s, i);
}

double iol_sql_real(struct iol_sqlst *s, int i)
{
	if (s->pk)
		return pk_real(&s->pk->v[i]);
	if (s->lite)
		return sqlite3_column_double(s->lite, i);
	if (!has_row(s, i) || PQ->getisnull(s->res, 0, i))
		return 0;
	return pg_real(s, i);
}

const char *iol_sql_text(struct iol_sqlst *s, int i)
{
	if (s->pk)
		return s->pk->v[i].type == IOL_SQL_TEXT
			       ? s->pk->txt + s->pk->v[i].off
			       : NULL;
	if (s->lite)
		return (const char *)sqlite3_column_text(s->lite, i);
	if (!has_row(s, i) || PQ->getisnull(s->res, 0, i))
		return NULL;
	return PQ->getvalue(s->res, 0, i);
}

size_t iol_sql_bytes(struct iol_sqlst *s, int i)
{
	if (s->pk)
		return s->pk->v[i].type == IOL_SQL_TEXT ? s->pk->v[i].len : 0;
	if (s->lite)
		return (size_t)sqlite3_column_bytes(s->lite, i);
	if (!has_row(s, i) || PQ->getisnull(s->res, 0, i))
		return 0;
	return (size_t)PQ->getlength(s->res, 0, i);
}

/* ---- COPY FROM STDIN ---- */

/* rows are sent in pieces of about this many bytes */
#define COPY_SEND (256 * 1024)

struct iol_sqlcopy {
	struct iol_sql *db;
	char *buf;
	size_t len, cap;
	int nf, oom, failed;
	/* binary form (iol_sql_copy_into): each field's type, the row's
	 * start (where its field count goes) */
	int bin, ntypes;
	Oid *types;
	size_t row;
};

/* the types the binary form writes itself; a table with another copies
 * in text form */
static int bin_type(Oid t)
{
	return t == OID_INT8 || t == OID_INT4 || t == OID_FLOAT8 ||
	       t == OID_TEXT || t == OID_VARCHAR;
}

int iol_sql_can_copy(const struct iol_sql *db)
{
	const char *off = getenv("IOLENS_TEST_PG_NOCOPY");

	return db->kind == IOL_SQL_PG && PQ->putcopydata && PQ->putcopyend &&
	       !(off && *off);
}

/* a malloc'ed formatted string, NULL when out of memory */
__attribute__((format(printf, 1, 2))) static char *str_printf(const char *fmt,
							      ...)
{
	va_list ap;
	int n;
	char *s;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || !(s = malloc((size_t)n + 1)))
		return NULL;
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}

/* the binary form's signature, flags and header extension (none) */
static const char copy_header[19] = "PGCOPY\n\377\r\n";

/* Start sql, a COPY ... FROM STDIN, in binary form when types (its n
 * fields' types, freed here) is not NULL. */
static int copy_start(struct iol_sql *db, const char *sql, Oid *types, int n,
		      struct iol_sqlcopy **out)
{
	struct iol_sqlcopy *c = NULL;
	PGresult *r;
	int st;

	*out = NULL;
	db->msg[0] = '\0';
	if (busy(db) || !(c = calloc(1, sizeof *c)) ||
	    !(c->buf = malloc(COPY_SEND * 2))) {
		if (!db->msg[0])
			set_msg(db, "out of memory");
		free(c);
		free(types);
		return -1;
	}
	c->db = db;
	c->cap = COPY_SEND * 2;
	c->types = types;
	c->ntypes = n;
	c->bin = types != NULL;
	r = PQ->exec(db->pg, sql);
	st = r ? PQ->resultstatus(r) : PGRES_FATAL_ERROR;
	if (st != PGRES_COPY_IN) {
		set_res_msg(db, r);
		PQ->clear(r);
		free(c->types);
		free(c->buf);
		free(c);
		return -1;
	}
	PQ->clear(r);
	db->copying = 1;
	if (c->bin) {
		memcpy(c->buf, copy_header, sizeof copy_header);
		c->len = sizeof copy_header;
	}
	*out = c;
	return 0;
}

int iol_sql_copy_begin(struct iol_sql *db, const char *sql,
		       struct iol_sqlcopy **out)
{
	return copy_start(db, sql, NULL, 0, out);
}

/* The types of table's columns cols (n of them: *types, malloc'ed), or
 * *types NULL when one is a type the binary form does not write. */
static int copy_types(struct iol_sql *db, const char *table, const char *cols,
		      Oid **types, int *n)
{
	char *q = str_printf("SELECT %s FROM %s LIMIT 0", cols, table);
	PGresult *r = q && !busy(db) ? PQ->exec(db->pg, q) : NULL;
	int ok = r && PQ->resultstatus(r) == PGRES_TUPLES_OK;

	free(q);
	*types = NULL;
	*n = ok ? PQ->nfields(r) : 0;
	if (!ok)
		set_res_msg(db, r);
	else if ((*types = malloc(sizeof **types * (size_t)(*n + 1))))
		for (int i = 0; i < *n && *types; i++)
			if (!bin_type((*types)[i] = PQ->ftype(r, i))) {
				free(*types);
				*types = NULL;
			}
	PQ->clear(r);
	return ok ? 0 : -1;
}

int iol_sql_copy_into(struct iol_sql *db, const char *table, const char *cols,
		      struct iol_sqlcopy **out)
{
	const char *text = getenv("IOLENS_TEST_PG_TEXTCOPY");
	Oid *types = NULL;
	char *sql;
	int n = 0, rc;

	*out = NULL;
	if (!(text && *text) && copy_types(db, table, cols, &types, &n) < 0)
		return -1;
	sql = str_printf("COPY %s (%s) FROM STDIN%s", table, cols,
			 types ? " (FORMAT binary)" : "");
	if (!sql) {
		free(types);
		set_msg(db, "out of memory");
		return -1;
	}
	rc = copy_start(db, sql, types, n, out);
	free(sql);
	return rc;
}

/* room for n more bytes */
static char *copy_room(struct iol_sqlcopy *c, size_t n)
{
	if (c->len + n > c->cap) {
		size_t cap = (c->len + n) * 2;
		char *nb = c->oom ? NULL : realloc(c->buf, cap);

		if (!nb) {
			c->oom = 1;
			return NULL;
		}
		c->buf = nb;
		c->cap = cap;
	}
	return c->buf + c->len;
}

/* a field's text, escaped for COPY's text form, after its tab */
static void copy_put(struct iol_sqlcopy *c, const char *s, size_t n)
{
	char *w = copy_room(c, n * 2 + 1);

	if (!w)
		return;
	if (c->nf++)
		*w++ = '\t';
	for (size_t i = 0; i < n; i++) {
		char ch = s[i];

		switch (ch) {
		case '\\':
			*w++ = '\\';
			*w++ = '\\';
			break;
		case '\n':
			*w++ = '\\';
			*w++ = 'n';
			break;
		case '\r':
			*w++ = '\\';
			*w++ = 'r';
			break;
		case '\t':
			*w++ = '\\';
			*w++ = 't';
			break;
		default: *w++ = ch;
		}
	}
	c->len = (size_t)(w - c->buf);
}

/* ---- the binary form: a row is its field count (int16), then each
 * field's length (int32, -1 NULL) and bytes, all big-endian ---- */

static void put_be(char *w, uint64_t v, int n)
{
	for (int i = n - 1; i >= 0; i--, v >>= 8)
		w[i] = (char)(v & 0xff);
}

/* the next field: n bytes of p (n < 0: NULL) */
static void bin_put(struct iol_sqlcopy *c, const void *p, int32_t n)
{
	char *w = copy_room(c, 6 + (size_t)(n > 0 ? n : 0));

	if (!w)
		return;
	if (!c->nf++) {
		c->row = c->len;
		w += 2;
	}
	put_be(w, (uint32_t)n, 4);
	if (n > 0)
		memcpy(w + 4, p, (size_t)n);
	c->len = (size_t)(w + 4 + (n > 0 ? n : 0) - c->buf);
}

/* the type of the next field, 0 past the last */
static Oid bin_next(const struct iol_sqlcopy *c)
{
	return c->nf < c->ntypes ? c->types[c->nf] : 0;
}

static const char *bin_type_name(Oid t)
{
	return t == OID_INT8	 ? "bigint"
	       : t == OID_INT4	 ? "integer"
	       : t == OID_FLOAT8 ? "double precision"
				 : "text";
}

/* a value the field's type cannot take, v its text: the copy fails,
 * saying what the server says of the text form's row (NULL v: a row
 * longer than the table's columns) */
static void bin_bad(struct iol_sqlcopy *c, const char *how, const char *v)
{
	if (!c->failed) {
		if (!v)
			set_msg(c->db, "extra data after last expected column");
		else
			snprintf(c->db->msg, sizeof c->db->msg, how, v,
				 bin_type_name(bin_next(c)));
		c->failed = 1;
	}
	c->nf++;
}

/* the server's messages (bin_bad's how) */
#define BAD_SYNTAX "invalid input syntax for type %2$s: \"%1$s\""
#define BAD_RANGE "value \"%s\" is out of range for type %s"

static void bin_i64(struct iol_sqlcopy *c, int64_t v, int size)
{
	char b[8];

	put_be(b, (uint64_t)v, size);
	bin_put(c, b, size);
}

static void bin_f64(struct iol_sqlcopy *c, double v)
{
	uint64_t u;
	char b[8];

	memcpy(&u, &v, sizeof u);
	put_be(b, u, 8);
	bin_put(c, b, 8);
}

static void bin_int(struct iol_sqlcopy *c, int64_t v)
{
	char b[24];

	switch (bin_next(c)) {
	case OID_INT8: bin_i64(c, v, 8); break;
	case OID_INT4:
		if (v < INT32_MIN || v > INT32_MAX) {
			snprintf(b, sizeof b, "%lld", (long long)v);
			bin_bad(c, BAD_RANGE, b);
		} else
			bin_i64(c, v, 4);
		break;
	case OID_FLOAT8: bin_f64(c, (double)v); break;
	case OID_TEXT:
	case OID_VARCHAR:
		bin_put(c, b, snprintf(b, sizeof b, "%lld", (long long)v));
		break;
	default: bin_bad(c, NULL, NULL);
	}
}

static void bin_real(struct iol_sqlcopy *c, double v)
{
	char b[32];

	switch (bin_next(c)) {
	case OID_FLOAT8: bin_f64(c, v); break;
	/* what the text form's %.17g the integer types take: a whole
	 * number in range */
	case OID_INT8:
	case OID_INT4:
		if (v != floor(v) || v < -9.2e18 || v > 9.2e18) {
			snprintf(b, sizeof b, "%.17g", v);
			bin_bad(c, BAD_SYNTAX, b);
		} else
			bin_int(c, (int64_t)v);
		break;
	case OID_TEXT:
	case OID_VARCHAR:
		bin_put(c, b,
			isinf(v) ? snprintf(b, sizeof b, "%s",
					    v < 0 ? "-Infinity" : "Infinity")
				 : snprintf(b, sizeof b, "%.17g", v));
		break;
	default: bin_bad(c, NULL, NULL);
	}
}

/* a text into a number column: read as the server reads the text form
 * (spaces around it allowed), else the copy fails */
static void bin_text_num(struct iol_sqlcopy *c, const char *s, size_t n)
{
	char b[256], *end;
	int isint = bin_next(c) != OID_FLOAT8;
	int64_t i = 0;
	double d = 0;

	/* the text as the message quotes it, and as strtoll reads it */
	snprintf(b, sizeof b, "%.*s", (int)(n < sizeof b ? n : sizeof b - 1),
		 s);
	if (n >= sizeof b) {
		bin_bad(c, BAD_SYNTAX, b);
		return;
	}
	errno = 0;
	if (isint)
		i = strtoll(b, &end, 10);
	else
		d = strtod(b, &end);
	while (*end == ' ' || *end == '\t' || *end == '\n')
		end++;
	if (end == b || *end)
		bin_bad(c, BAD_SYNTAX, b);
	else if (isint && errno)
		bin_bad(c, BAD_RANGE, b);
	else if (isint)
		bin_int(c, i);
	else
		bin_f64(c, d);
}

static void bin_text(struct iol_sqlcopy *c, const char *s, size_t n)
{
	Oid t = bin_next(c);

	if (t == OID_TEXT || t == OID_VARCHAR)
		bin_put(c, s, (int32_t)n);
	else if (t)
		bin_text_num(c, s, n);
	else
		bin_bad(c, NULL, NULL);
}

void iol_sql_copy_int(struct iol_sqlcopy *c, int64_t v)
{
	char b[24];
	int n;

	if (c->bin) {
		bin_int(c, v);
		return;
	}
	n = snprintf(b, sizeof b, "%lld", (long long)v);

	copy_put(c, b, (size_t)n);
}

void iol_sql_copy_real(struct iol_sqlcopy *c, double v)
{
	char b[32];
	int n;

	/* the text iol_sql_bind_real() sends */
	if (isnan(v)) {
		iol_sql_copy_null(c);
		return;
	}
	if (c->bin) {
		bin_real(c, v);
		return;
	}
	if (isinf(v))
		n = snprintf(b, sizeof b, "%s",
			     v < 0 ? "-Infinity" : "Infinity");
	else
		n = snprintf(b, sizeof b, "%.17g", v);
	copy_put(c, b, (size_t)n);
}

void iol_sql_copy_text(struct iol_sqlcopy *c, const char *s, int len)
{
	/* up to the first NUL, as the strndup() of iol_sql_bind_text() */
	size_t n = len < 0 ? strlen(s) : strnlen(s, (size_t)len);

	if (c->bin)
		bin_text(c, s, n);
	else
		copy_put(c, s, n);
}

void iol_sql_copy_null(struct iol_sqlcopy *c)
{
	char *w;

	if (c->bin) {
		bin_put(c, NULL, -1);
		return;
	}
	if (!(w = copy_room(c, 3)))
		return;
	if (c->nf++)
		*w++ = '\t';
	*w++ = '\\';
	*w++ = 'N';
	c->len = (size_t)(w - c->buf);
}

static int copy_send(struct iol_sqlcopy *c)
{
	if (c->oom) {
		set_msg(c->db, "out of memory");
		return -1;
	}
	if (c->len && PQ->putcopydata(c->db->pg, c->buf, (int)c->len) != 1) {
		set_msg(c->db, PQ->errormessage(c->db->pg));
		c->failed = 1;
		return -1;
	}
	c->len = 0;
	return 0;
}

int iol_sql_copy_row(struct iol_sqlcopy *c)
{
	char *w = copy_room(c, 1);

	if (!w || c->failed) {
		if (!c->failed)
			set_msg(c->db, "out of memory");
		return -1;
	}
	if (c->bin) { /* the row's field count, before its fields */
		if (c->nf != c->ntypes) {
			set_msg(c->db, "a row of too few fields");
			c->failed = 1;
			return -1;
		}
		put_be(c->buf + c->row, (uint64_t)c->nf, 2);
	} else {
		*w = '\n';
		c->len++;
	}
	c->nf = 0;
	return c->len >= COPY_SEND ? copy_send(c) : 0;
}

int iol_sql_copy_end(struct iol_sqlcopy *c, int abandon)
{
	struct iol_sql *db = c->db;
	PGresult *r;
	int ok = 1;
	char msg[sizeof db->msg], *w;

	snprintf(msg, sizeof msg, "%s", db->msg);
	/* the binary form's trailer: a field count of -1 */
	if (!abandon && c->bin && !c->failed && (w = copy_room(c, 2))) {
		put_be(w, 0xffff, 2);
		c->len += 2;
	}
	if (!abandon && (c->failed || copy_send(c) < 0)) {
		abandon = 1;
		snprintf(msg, sizeof msg, "%s", db->msg);
	}
	if (PQ->putcopyend(db->pg, abandon ? "abandoned by iolens" : NULL) !=
	    1) {
		set_msg(db, PQ->errormessage(db->pg));
		ok = 0;
	}
	db->copying = 0;
	/* the COPY's result, then the end of the results */
	while ((r = PQ->getresult(db->pg))) {
		int st = PQ->resultstatus(r);

		/* still copying: the end was not sent (a broken
		 * connection); asking again would get the same */
		if (st == PGRES_COPY_IN) {
			PQ->clear(r);
			ok = 0;
			break;
		}
		if (st == PGRES_COMMAND_OK)
			db->changes = strtoll(PQ->cmdtuples(r), NULL, 10);
		else if (ok) {
			set_res_msg(db, r);
			ok = 0;
		}
		PQ->clear(r);
	}
	/* an abandoned copy: the reason it was abandoned, if it had one */
	if (abandon && msg[0])
		set_msg(db, msg);
	free(c->types);
	free(c->buf);
	free(c);
	return ok && !abandon ? 0 : -1;
}

int64_t iol_sql_changes(struct iol_sql *db)
{
	if (db->kind == IOL_SQL_SQLITE)
		return sqlite3_changes(db->lite);
	return db->changes;
}

int iol_sql_columns(struct iol_sql *db, const char *table, char ***names,
		    size_t *n)
{
	const char *q =
		db->kind == IOL_SQL_PG
			? "SELECT column_name FROM information_schema.columns "
			  "WHERE table_schema = current_schema() AND "
			  "table_name = ? ORDER BY ordinal_position"
			: "SELECT name FROM pragma_table_info(?) ORDER BY cid";
	struct iol_sqlst *s;
	size_t cap = 0;
	int rc;

	*names = NULL;
	*n = 0;
	if (iol_sql_prepare(db, q, &s) < 0)
		return -1;
	iol_sql_bind_text(s, 1, table, -1);
	while ((rc = iol_sql_step(s)) == 1) {
		const char *c = iol_sql_text(s, 0);
		if (*n == cap) {
			char **nn = realloc(*names,
					    (cap = cap * 2 + 16) * sizeof *nn);
			if (!nn)
				break;
			*names = nn;
		}
		if (!c || !((*names)[*n] = strdup(c)))
			break;
		++*n;
	}
	iol_sql_finalize(s);
	if (rc != 0) {
		for (size_t i = 0; i < *n; i++)
			free((*names)[i]);
		free(*names);
		*names = NULL;
		*n = 0;
		if (rc == 1)
			set_msg(db, "out of memory");
		return -1;
	}
	return 0;
}

int iol_sql_has_column(struct iol_sql *db, const char *table, const char *name)
{
	char **c;
	size_t n, i;
	int found = 0;

	if (iol_sql_columns(db, table, &c, &n) < 0)
		return 0;
	for (i = 0; i < n; i++) {
		if (!name || !strcmp(c[i], name))
			found = 1;
		free(c[i]);
	}
	free(c);
	return found;
}

static int authorize(void *arg, int action, const char *a, const char *b,
		     const char *dbname, const char *trigger)
{
	struct iol_sql *db = arg;

	(void)b;
	(void)dbname;
	(void)trigger;
	switch (action) {
	case SQLITE_SELECT:
	case SQLITE_FUNCTION: return SQLITE_OK;
	case SQLITE_READ:
		return a && db->allow(db->allow_arg, a) ? SQLITE_OK
							: SQLITE_DENY;
	default: return SQLITE_DENY;
	}
}

int iol_sql_limit_reads(struct iol_sql *db,
			int (*allow)(void *arg, const char *table), void *arg)
{
	if (db->kind != IOL_SQL_SQLITE)
		return 0;
	db->allow = allow;
	db->allow_arg = arg;
	return sqlite3_set_authorizer(db->lite, authorize, db) == SQLITE_OK
		       ? 0
		       : -1;
}

char *iol_sql_mprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = sqlite3_vmprintf(fmt, ap);
	va_end(ap);
	return s;
}

void iol_sql_free(void *p)
{
	sqlite3_free(p);
}

/* an arbitrary key of iolens' schema lock */
#define LOCK_KEY "7245100124"

int iol_sql_lock(struct iol_sql *db)
{
	if (db->kind != IOL_SQL_PG)
		return 0;
	return iol_sql_exec(db, "SELECT pg_advisory_lock(" LOCK_KEY ")");
}

void iol_sql_unlock(struct iol_sql *db)
{
	if (db->kind == IOL_SQL_PG)
		iol_sql_exec(db, "SELECT pg_advisory_unlock(" LOCK_KEY ")");
}
