/*
 * What the pages ask the store directly (read-only, a handle per
 * request): the number of jobs matching a filter, a job's log path; and
 * the log opened beneath one of the --logs directories (openat2,
 * RESOLVE_BENEATH: no "..", no symbolic link out, no magic link).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/openat2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "serve/internal.h"
#include "serve/store.h"
#include "population/popdb.h"
#include "base/banned.h"

int store_count(const struct serve_opts *o, const char *where, int64_t *n,
		char *why, size_t nwhy)
{
	static const char *const cols[] = {"id"};
	struct iol_error err = {0};
	struct iol_popdb *db;
	struct iol_popcur *cur;
	int rc;

	*n = 0;
	if (iol_popdb_open(o->db, &db, &err) < 0) {
		snprintf(why, nwhy, "%s", err.msg);
		return -1;
	}
	rc = iol_popcur_open_cols(db, where, cols, 1, &cur, &err);
	if (rc == 0) {
		while ((rc = iol_popcur_next(cur, &err)) > 0)
			(*n)++;
		iol_popcur_close(cur);
	}
	iol_popdb_close(db);
	if (rc < 0)
		snprintf(why, nwhy, "%s", err.msg);
	return rc < 0 ? -1 : 0;
}

/* The text of column name in the job's row, copied into buf; 1 found, 0
 * not, -1 an error. */
int store_job_col(const struct serve_opts *o, int64_t id, const char *name,
		  char *buf, size_t n)
{
	struct iol_error err = {0};
	struct iol_popdb *db;
	struct iol_popcur *cur;
	char where[64];
	int rc;

	snprintf(where, sizeof(where), "id = %lld", (long long)id);
	if (iol_popdb_open(o->db, &db, &err) < 0)
		return -1;
	rc = iol_popcur_open_cols(db, where, &name, 1, &cur, &err);
	if (rc == 0) {
		rc = iol_popcur_next(cur, &err);
		if (rc > 0 && iol_popcur_ncols(cur) == 1 &&
		    iol_popcur_type(cur, 0) == IOL_POPV_TEXT)
			snprintf(buf, n, "%s", iol_popcur_text(cur, 0));
		else if (rc > 0)
			rc = 0;
		iol_popcur_close(cur);
	}
	iol_popdb_close(db);
	return rc < 0 ? -1 : rc;
}

/* The store id of the job whose log is path; 0 none. */
int64_t store_id_of(const struct serve_opts *o, const char *path)
{
	static const char *const cols[] = {"id"};
	struct iol_error err = {0};
	struct iol_popdb *db;
	struct iol_popcur *cur;
	struct sb w = {0};
	int64_t id = 0;

	sb_puts(&w, "path = ");
	sb_sql(&w, path);
	if (w.nomem || iol_popdb_open(o->db, &db, &err) < 0) {
		sb_free(&w);
		return 0;
	}
	if (iol_popcur_open_cols(db, w.s, cols, 1, &cur, &err) == 0) {
		if (iol_popcur_next(cur, &err) > 0)
			id = iol_popcur_int(cur, 0);
		iol_popcur_close(cur);
	}
	iol_popdb_close(db);
	sb_free(&w);
	return id;
}

void sb_sql(struct sb *b, const char *s)
{
	sb_put(b, "'", 1);
	for (; *s; s++)
		if (*s == '\'')
			sb_puts(b, "''");
		else
			sb_put(b, s, 1);
	sb_put(b, "'", 1);
}

/* rel opened beneath dir, a regular file only: a FIFO or a device the
 * store names would hold the request (O_NONBLOCK until it is known) */
static int beneath(const char *dir, const char *rel)
{
	struct open_how how = {0};
	int d = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC), fd;
	struct stat st;

	if (d < 0)
		return -1;
	how.flags = O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK;
	how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS;
	fd = (int)syscall(SYS_openat2, d, rel, &how, sizeof(how));
	close(d);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		errno = EINVAL;
		return -1;
	}
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	return fd;
}

int store_open_log(const struct serve_opts *o, const char *path, char *why,
		   size_t n)
{
	char real[PATH_MAX];
	size_t k;
	int fd;

	for (int i = 0; i < o->nlogs; i++) {
		if (!realpath(o->logs[i], real))
			continue;
		k = strlen(real);
		while (k > 1 && real[k - 1] == '/')
			real[--k] = '\0';
		if (strncmp(path, real, k) || path[k] != '/')
			continue;
		fd = beneath(real, path + k + 1);
		if (fd >= 0)
			return fd;
		snprintf(why, n, "the log cannot be opened beneath --logs: %s",
			 errno == EINVAL ? "not a regular file"
					 : strerror(errno));
		return -1;
	}
	snprintf(why, n,
		 o->nlogs ? "the log is not beneath a --logs directory"
			  : "no --logs directory was given");
	return -1;
}
