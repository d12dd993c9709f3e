/*
 * Internal: the row source the LMT reader (lmt.c) runs its SQL on, so
 * that an LMT database in SQLite form and one on a MySQL/MariaDB server
 * (lmt-mysql.c) are read by the same code.  Every value is text.
 */
#ifndef IOLENS_LMTDB_H
#define IOLENS_LMTDB_H

#include "base/error.h"
#include "storage/fsmon.h"

struct iol_lmtdb {
	void *h;
	/* run sql: 0, IOL_ECORRUPT when the server refuses it (no such
	 * table), other < 0; err set */
	int (*query)(void *h, const char *sql, struct iol_error *err);
	/* the next row: 1, 0 at the end, < 0 with err set */
	int (*next)(void *h, struct iol_error *err);
	/* column i of the row as text; NULL for SQL NULL */
	const char *(*col)(void *h, int i);
	/* end the query (rows left unread are dropped) */
	void (*end)(void *h);
};

/* Read the LMT tables db serves into m; 0 or < 0 with err set. */
int iol_lmt_db_read(struct iol_fsmon *m, const struct iol_lmtdb *db,
		    struct iol_error *err);

/* An LMT database on a MySQL/MariaDB server, named by a URL
 * mysql://user@host[:port]/db[?socket=PATH&password-file=PATH]
 * (fsmon.h); libmariadb.so.3 is loaded with dlopen here. */
int iol_lmt_mysql_read(struct iol_fsmon *m, const char *url,
		       struct iol_error *err);

#endif
