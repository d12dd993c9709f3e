/*
 * t/7241's LD_PRELOAD library: at the second open of the store named by
 * WRITE_BETWEEN_DB (the helper connection of a read split in two; the
 * reader's is the first, its read transaction already begun), another
 * connection commits WRITE_BETWEEN_SQL before the open returns, as a
 * concurrent ingest would: the two connections' starts have a write
 * between them, whatever the schedule.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

typedef int (*open_fn)(const char *, sqlite3 **, int, const char *);

int sqlite3_open_v2(const char *name, sqlite3 **db, int flags, const char *vfs)
{
	static int opens;
	open_fn real = (open_fn)dlsym(RTLD_NEXT, "sqlite3_open_v2");
	const char *path = getenv("WRITE_BETWEEN_DB");
	const char *sql = getenv("WRITE_BETWEEN_SQL");
	sqlite3 *w;

	if (path && sql && name && !strcmp(name, path) && ++opens == 2 &&
	    real(name, &w, SQLITE_OPEN_READWRITE, NULL) == SQLITE_OK) {
		sqlite3_busy_timeout(w, 60000);
		if (sqlite3_exec(w, sql, NULL, NULL, NULL) != SQLITE_OK)
			abort();
		sqlite3_close(w);
	}
	return real(name, db, flags, vfs);
}
