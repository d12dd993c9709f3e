/*
 * The one door of the population store to a database: a connection, its
 * statements and their rows, on SQLite (a file path, the embedded
 * default) or on PostgreSQL through libpq (a URL "postgresql://..." or
 * "postgres://...").  store.c, popdb.c and weather.c speak SQL only
 * through it, in text both servers accept; the few differences (column
 * types of a new table, the read-only guard) are asked of it by name.
 *
 * SQL text uses ? or ?N placeholders, numbered from 1; on PostgreSQL they
 * are rewritten to $N outside quotes.  A real bound as NAN is stored as
 * NULL on both, as SQLite does.
 *
 * Ownership: iol_sql_open() allocates the connection, iol_sql_close()
 * frees it; a statement belongs to its connection and is freed by
 * iol_sql_finalize() (before the close).  Texts and names a statement
 * returns are borrowed until its next step, reset or finalize.  One
 * thread per connection.  On PostgreSQL one statement at a time may be
 * between its first step and its end (or reset): rows are streamed.
 */
#ifndef IOLENS_POP_SQL_H
#define IOLENS_POP_SQL_H

#include <stddef.h>
#include <stdint.h>

#include "base/error.h"

enum { IOL_SQL_SQLITE, IOL_SQL_PG };
/* a column value's type in the current row */
enum { IOL_SQL_NULL, IOL_SQL_INT, IOL_SQL_REAL, IOL_SQL_TEXT };
/* open flags */
enum {
	IOL_SQL_RO = 1,	    /* read-only: no statement may write */
	IOL_SQL_CREATE = 2, /* SQLite: create the file if missing */
};
/* column types of a new table, as the connection's server spells them */
enum { IOL_SQLT_TEXT, IOL_SQLT_INT, IOL_SQLT_REAL, IOL_SQLT_ID };

struct iol_sql;
struct iol_sqlst;

/* text with the password of every PostgreSQL URL in it masked, as every
 * message shows a URL: "postgresql://bob:***@host/db", "?password=***"
 * (a doubt masks more: a ':' and an '@' after "://" mask what lies between
 * them; the '@' libpq takes, its first before any '/', is looked for past
 * blanks and quotes; a query's password value, its key's %XX decoded,
 * runs to the next '&', or to the "': " closing a quoted URL, or to the
 * end).  Writes at most n bytes into buf (cut short if need be) and
 * returns buf. */
char *iol_sql_mask(const char *text, char *buf, size_t n);

/* 1 if name is a PostgreSQL URL (postgresql:// or postgres://). */
int iol_sql_is_url(const char *name);

/* Open name.  Errors: IOL_EIO with the server's or SQLite's message on
 * one line (the server down, a bad URL, a refused password). */
int iol_sql_open(struct iol_sql **db, const char *name, unsigned flags,
		 struct iol_error *err);
void iol_sql_close(struct iol_sql *db);
int iol_sql_kind(const struct iol_sql *db);
const char *iol_sql_type(const struct iol_sql *db, int t);

/* The last error's message (one line) and its IOL_E* code (IOL_ECORRUPT
 * when the file is not a database). */
const char *iol_sql_errmsg(struct iol_sql *db);
int iol_sql_errcode(struct iol_sql *db);
/* 1 if the last error was a row refused by a unique or exclusion
 * constraint (the store's own guard against a race of two writers). */
int iol_sql_conflict(struct iol_sql *db);

/* Run sql (no placeholders, no rows); 0 or < 0 (see iol_sql_errmsg). */
int iol_sql_exec(struct iol_sql *db, const char *sql);

/* Compile one statement; text after it is an error.  0 or < 0. */
int iol_sql_prepare(struct iol_sql *db, const char *sql, struct iol_sqlst **st);
/* SELECT of the columns cols[0..n) (names, quoted here) followed by rest
 * (" FROM ..."), compiled: the same rows and accessors as
 * iol_sql_prepare()'s, read faster on SQLite (a row's values come in
 * one call a hundred columns, not one each).  The parameter ?9 is
 * taken.  0 or < 0. */
int iol_sql_prepare_cols(struct iol_sql *db, const char *const *cols, int n,
			 const char *rest, struct iol_sqlst **st);
void iol_sql_finalize(struct iol_sqlst *st);
/* 1 if the statement only reads (PostgreSQL: a read-only connection). */
int iol_sql_readonly(struct iol_sqlst *st);

void iol_sql_bind_int(struct iol_sqlst *st, int i, int64_t v);
void iol_sql_bind_real(struct iol_sqlst *st, int i, double v);
/* len < 0: s is NUL-terminated; s is copied */
void iol_sql_bind_text(struct iol_sqlst *st, int i, const char *s, int len);
void iol_sql_bind_null(struct iol_sqlst *st, int i);

/* 1 a row, 0 done, < 0 an error (see iol_sql_errmsg). */
int iol_sql_step(struct iol_sqlst *st);
/* End the current run (its remaining rows are dropped) and clear the
 * bindings, so the statement can run again. */
void iol_sql_reset(struct iol_sqlst *st);

int iol_sql_ncols(struct iol_sqlst *st);
const char *iol_sql_colname(struct iol_sqlst *st, int i);
int iol_sql_coltype(struct iol_sqlst *st, int i);
int64_t iol_sql_int(struct iol_sqlst *st, int i);
double iol_sql_real(struct iol_sqlst *st, int i);
/* The type of column i (iol_sql_coltype()) and, for IOL_SQL_INT, its
 * value in *iv, for IOL_SQL_REAL in *dv (neither set otherwise): one
 * look at the column where a type and a value would be two (a pass
 * over a million rows of a hundred columns). */
int iol_sql_num(struct iol_sqlst *st, int i, int64_t *iv, double *dv);
/* Columns cols[0..n) as numbers into out: an integer's value as a
 * double, a real's, NAN for NULL or text (a row's hundred numbers in
 * one call). */
void iol_sql_nums(struct iol_sqlst *st, const int *cols, size_t n, double *out);
/* NULL for NULL */
const char *iol_sql_text(struct iol_sqlst *st, int i);
size_t iol_sql_bytes(struct iol_sqlst *st, int i);

/*
 * PostgreSQL's bulk path, COPY ... FROM STDIN in text form: the values
 * travel as the texts a bound parameter sends (an exact %.17g for a
 * real, NULL for NaN, a text up to its first NUL byte), escaped (\\,
 * \t, \n, \r), so a row copied is the row an INSERT would store.
 * While a copy is open the connection runs nothing else.
 */
struct iol_sqlcopy;

/* 1 if db can take COPY: PostgreSQL, and a libpq with PQputCopyData
 * (IOLENS_TEST_PG_NOCOPY set in the environment: 0, for the tests that
 * compare both paths). */
int iol_sql_can_copy(const struct iol_sql *db);
/* Start sql, a COPY ... FROM STDIN; 0 or < 0 (see iol_sql_errmsg). */
int iol_sql_copy_begin(struct iol_sql *db, const char *sql,
		       struct iol_sqlcopy **cp);
/* Start COPY table (cols) FROM STDIN in binary form, the fields written
 * for the columns' types (bigint, integer, double precision, text or
 * varchar: no number printed and read again; a value a type cannot take,
 * such as a real not whole into bigint, fails the copy as the text form
 * would), or in text form when a column has another type (or
 * IOLENS_TEST_PG_TEXTCOPY is set, for the tests that compare both); 0 or
 * < 0 (see iol_sql_errmsg). */
int iol_sql_copy_into(struct iol_sql *db, const char *table, const char *cols,
		      struct iol_sqlcopy **cp);
/* The next field of the current row. */
void iol_sql_copy_int(struct iol_sqlcopy *cp, int64_t v);
void iol_sql_copy_real(struct iol_sqlcopy *cp, double v);
/* len < 0: s is NUL-terminated */
void iol_sql_copy_text(struct iol_sqlcopy *cp, const char *s, int len);
void iol_sql_copy_null(struct iol_sqlcopy *cp);
/* End the current row (sent once enough are buffered); 0 or < 0. */
int iol_sql_copy_row(struct iol_sqlcopy *cp);
/* End the copy and free cp: abandon 0 sends what is left and commits the
 * COPY statement (iol_sql_changes(): rows copied), abandon 1 makes the
 * server fail it (the transaction around it must roll back).  0, or < 0
 * with the server's message (see iol_sql_errmsg; an abandoned copy
 * returns < 0 too). */
int iol_sql_copy_end(struct iol_sqlcopy *cp, int abandon);

/* Rows changed by the last statement that ended. */
int64_t iol_sql_changes(struct iol_sql *db);

/* Does table (in the connection's own schema) have column name?  With
 * name NULL: does the table exist? */
int iol_sql_has_column(struct iol_sql *db, const char *table, const char *name);
/* The columns of table in order: *names malloc'd, each malloc'd. */
int iol_sql_columns(struct iol_sql *db, const char *table, char ***names,
		    size_t *n);

/* SQLite only: from now on statements may read only the tables allow()
 * accepts (a --where typed by a user).  PostgreSQL: the connection of
 * a reader is read-only instead; returns 0 there. */
int iol_sql_limit_reads(struct iol_sql *db,
			int (*allow)(void *arg, const char *table), void *arg);

/* printf into a malloc'd string, with SQLite's %q (quoted text) and %w
 * (quoted identifier); free with iol_sql_free(). */
char *iol_sql_mprintf(const char *fmt, ...);
void iol_sql_free(void *p);

/* Hold the connection's writer lock for schema work (PostgreSQL: an
 * advisory lock, so concurrent ingests create the tables once); SQLite
 * needs none (its own locks do it). */
int iol_sql_lock(struct iol_sql *db);
void iol_sql_unlock(struct iol_sql *db);

#endif
