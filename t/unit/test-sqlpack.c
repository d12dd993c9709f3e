/*
 * Rows read a hundred values a call (population/sql.h
 * iol_sql_prepare_cols(), the loads of population/popdb.c) against the
 * same query column by column (iol_sql_prepare()): on a table of 300
 * columns (three iol_row() calls a row) of every kind of value a
 * hostile store may hold: integers, reals, NULL, numbers' texts SQLite
 * reads its own way ("1e3", " 7", "12abc", "0x10"), blobs, empty and long
 * texts, reals past int64's range.  Every accessor gives the same, row
 * after row and after a reset; iol_row() called by a query of its own
 * is an error, not a write.  TAP on stdout.  Run by t/0996-sql-pack.t.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "population/sql.h"
#include "base/banned.h"

#include "t/unit/tap.h"

#define NC 300
#define NROW 7

static const char *const vals[] = {"1",
				   "-42",
				   "2.5",
				   "NULL",
				   "'1e3'",
				   "' 7'",
				   "'12abc'",
				   "'0x10'",
				   "x'00414200'",
				   "''",
				   "1e300",
				   "-1e300",
				   "9.3e18",
				   "'-9.3e18'",
				   "'abc'",
				   "'3.5x'",
				   "printf('%.*c', 5000, 'q')",
				   "9223372036854775807",
				   "-9223372036854775808",
				   "0.1",
				   "'\xc3\xa9t\xc3\xa9'"};
#define NV (sizeof(vals) / sizeof(vals[0]))

static int make(const char *path)
{
	struct iol_error err = {0};
	struct iol_sql *db;
	char *sql = malloc(1 << 20);
	size_t k = 0;
	int rc = -1;

	if (!sql)
		return -1;
	if (iol_sql_open(&db, path, IOL_SQL_CREATE, &err) < 0) {
		free(sql);
		return -1;
	}
	k += (size_t)snprintf(sql + k, (1 << 20) - k, "CREATE TABLE t (");
	for (int c = 0; c < NC; c++)
		k += (size_t)snprintf(sql + k, (1 << 20) - k, "%s\"c %d\" %s",
				      c ? ", " : "", c,
				      c % 3 ? "REAL" : "INTEGER");
	k += (size_t)snprintf(sql + k, (1 << 20) - k, ");");
	for (int r = 0; r < NROW; r++) {
		k += (size_t)snprintf(sql + k, (1 << 20) - k,
				      "INSERT INTO t VALUES (");
		for (int c = 0; c < NC; c++)
			k += (size_t)snprintf(sql + k, (1 << 20) - k, "%s%s",
					      c ? ", " : "",
					      vals[(size_t)(c * 7 + r) % NV]);
		k += (size_t)snprintf(sql + k, (1 << 20) - k, ");");
	}
	rc = iol_sql_exec(db, sql);
	iol_sql_close(db);
	free(sql);
	return rc;
}

static int same_d(double a, double b)
{
	return (isnan(a) && isnan(b)) || a == b;
}

/* Column i of a and b the same by every accessor? */
static int same_col(struct iol_sqlst *a, struct iol_sqlst *b, int i)
{
	int64_t ia = 0, ib = 0;
	double da = 0, db = 0;
	const char *ta, *tb;
	int t = iol_sql_num(a, i, &ia, &da);

	if (t != iol_sql_num(b, i, &ib, &db) || ia != ib || !same_d(da, db) ||
	    iol_sql_coltype(a, i) != iol_sql_coltype(b, i) ||
	    iol_sql_int(a, i) != iol_sql_int(b, i) ||
	    !same_d(iol_sql_real(a, i), iol_sql_real(b, i)))
		return 0;
	ta = iol_sql_text(a, i);
	tb = iol_sql_text(b, i);
	if (t != IOL_SQL_TEXT && t != IOL_SQL_NULL)
		return 1; /* a number's text is SQLite's formatting */
	if (!ta || !tb)
		return !ta && !tb;
	return iol_sql_bytes(a, i) == iol_sql_bytes(b, i) &&
	       !memcmp(ta, tb, iol_sql_bytes(a, i));
}

/* Every row of a and b the same; the number of rows, -1 otherwise. */
static int compare(struct iol_sqlst *a, struct iol_sqlst *b)
{
	int rows = 0, ra, rb;

	while ((ra = iol_sql_step(a)) == 1 && (rb = iol_sql_step(b)) == 1) {
		double na[NC], nb[NC];
		int cols[NC];

		for (int i = 0; i < NC; i++) {
			cols[i] = i;
			if (!same_col(a, b, i))
				return -1;
		}
		iol_sql_nums(a, cols, NC, na);
		iol_sql_nums(b, cols, NC, nb);
		for (int i = 0; i < NC; i++)
			if (!same_d(na[i], nb[i]))
				return -1;
		rows++;
	}
	if (ra != 0 || iol_sql_step(b) != 0)
		return -1;
	return rows;
}

/* The rows of an ORDER BY that sorts, packed and plain; compare(). */
static int sorted(struct iol_sql *db, const char *const *names)
{
	const char *rest = " FROM t ORDER BY \"c 4\", rowid DESC";
	size_t cap = NC * 16 + 64, k;
	struct iol_sqlst *a = NULL, *b = NULL;
	char *sql = malloc(cap);
	int n = -1;

	if (!sql)
		return -1;
	k = (size_t)snprintf(sql, cap, "SELECT");
	for (int c = 0; c < NC; c++)
		k += (size_t)snprintf(sql + k, cap - k, "%s \"c %d\"",
				      c ? "," : "", c);
	snprintf(sql + k, cap - k, "%s", rest);
	if (iol_sql_prepare_cols(db, names, NC, rest, &a) == 0 &&
	    iol_sql_prepare(db, sql, &b) == 0)
		n = compare(a, b);
	iol_sql_finalize(a);
	iol_sql_finalize(b);
	free(sql);
	return n;
}

int main(void)
{
	char path[] = "/tmp/iolens-sqlpack-XXXXXX", q[64], what[80];
	const char *names[NC];
	char namebuf[NC][16];
	struct iol_error err = {0};
	struct iol_sqlst *a, *b, *own;
	struct iol_sql *db;
	int fd = mkstemp(path), n;

	if (fd < 0) {
		ok(0, "a temporary file");
		return tap_done();
	}
	close(fd);
	ok(make(path) == 0, "a table of 300 columns and hostile values");
	if (iol_sql_open(&db, path, IOL_SQL_RO, &err) < 0) {
		ok(0, err.msg);
		unlink(path);
		return tap_done();
	}
	for (int c = 0; c < NC; c++) {
		snprintf(namebuf[c], sizeof namebuf[c], "c %d", c);
		names[c] = namebuf[c];
	}
	ok(iol_sql_prepare_cols(db, names, NC, " FROM t WHERE rowid > ?1",
				&a) == 0,
	   "iol_sql_prepare_cols() of 300 columns");
	/* the same select list, column by column */
	ok(iol_sql_prepare_cols(db, names, 0, "", &own) == 0 &&
		   iol_sql_step(own) == 1 && iol_sql_int(own, 0) == 1,
	   "no columns: SELECT 1");
	iol_sql_finalize(own);
	{
		size_t cap = NC * 16 + 64, k;
		char *sql = malloc(cap);
		k = (size_t)snprintf(sql, cap, "SELECT");
		for (int c = 0; c < NC; c++)
			k += (size_t)snprintf(sql + k, cap - k, "%s \"c %d\"",
					      c ? "," : "", c);
		snprintf(sql + k, cap - k, " FROM t WHERE rowid > ?1");
		ok(iol_sql_prepare(db, sql, &b) == 0, "the plain query");
		free(sql);
	}
	ok(iol_sql_ncols(a) == NC && !strcmp(iol_sql_colname(a, 299), "c 299"),
	   "300 columns by their names");
	iol_sql_bind_int(a, 1, 0);
	iol_sql_bind_int(b, 1, 0);
	n = compare(a, b);
	snprintf(what, sizeof what, "every value of %d rows the same", n);
	ok(n == NROW, what);
	/* a reset clears the bindings; the pack is bound again */
	iol_sql_reset(a);
	iol_sql_reset(b);
	iol_sql_bind_int(a, 1, 3);
	iol_sql_bind_int(b, 1, 3);
	n = compare(a, b);
	ok(n == NROW - 3, "the same after a reset");
	iol_sql_finalize(a);
	iol_sql_finalize(b);
	/* rows sorted by no index: SQLite evaluates the select list as each
	 * row goes into its sorter, before any comes out */
	ok(sorted(db, names) == NROW, "the same rows sorted by a column");
	ok(iol_sql_prepare_cols(db, names, NC, " FROM t WHERE nosuch = 1",
				&own) < 0 &&
		   strstr(iol_sql_errmsg(db), "nosuch"),
	   "a query's own error is the plain query's message");
	snprintf(q, sizeof q, "SELECT iol_row(?9, 0, 1) FROM t");
	ok(iol_sql_prepare(db, q, &own) == 0 && iol_sql_step(own) < 0 &&
		   strstr(iol_sql_errmsg(db), "iol_row"),
	   "iol_row() in a query of its own: an error");
	iol_sql_finalize(own);
	iol_sql_close(db);
	unlink(path);
	return tap_done();
}
