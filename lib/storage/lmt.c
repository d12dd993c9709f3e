/*
 * LMT (Lustre Monitoring Tool) databases in SQLite form: the MySQL
 * schema of LMT kept (TIMESTAMP_INFO, OST_INFO/OST_DATA, OSS_*, MDS_*,
 * MDS_OPS_DATA with OPERATION_INFO), as pytokio's test data and its
 * cache files hold it.  Byte and operation counters are cumulative;
 * times are the servers' local time.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "storage/fsmon.h"
#include "base/banned.h"

struct lmt {
	struct iol_fsmon *m;
	sqlite3 *db;
	double step;
	struct iol_error *err;
};

/* "2018-01-28 00:00:05" (MySQL DATETIME) or epoch seconds */
static double lmt_time(sqlite3_stmt *st, int col)
{
	const char *s;
	int y, mo, d, h, mi;
	double sec;

	if (sqlite3_column_type(st, col) != SQLITE_TEXT)
		return sqlite3_column_double(st, col);
	s = (const char *)sqlite3_column_text(st, col);
	if (!s || sscanf(s, "%4d-%2d-%2d%*1[ T]%2d:%2d:%lf", &y, &mo, &d, &h,
			 &mi, &sec) != 6)
		return -1;
	return iol_fs_localtime(y, mo, d, h, mi, sec);
}

static int lmt_prepare(struct lmt *l, const char *sql, sqlite3_stmt **st)
{
	if (sqlite3_prepare_v2(l->db, sql, -1, st, NULL) == SQLITE_OK)
		return 0;
	return iol_error_set(l->err, IOL_ECORRUPT, "not an LMT database: %s",
			     sqlite3_errmsg(l->db));
}

static int lmt_done(struct lmt *l, sqlite3_stmt *st, int rc)
{
	sqlite3_finalize(st);
	if (rc < 0)
		return rc;
	if (rc != SQLITE_DONE)
		return iol_error_set(l->err, IOL_EIO, "LMT database: %s",
				     sqlite3_errmsg(l->db));
	return 0;
}

static int cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* the recorded step: the median distance of consecutive time stamps */
static int lmt_step(struct lmt *l)
{
	sqlite3_stmt *st;
	double *v = NULL, prev = -1;
	size_t n = 0, cap = 0;
	int rc;

	if ((rc = lmt_prepare(l,
			      "SELECT TIMESTAMP FROM TIMESTAMP_INFO "
			      "ORDER BY TIMESTAMP",
			      &st)) < 0)
		return rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		double t = lmt_time(st, 0);

		if (prev >= 0 && t > prev) {
			if (n == cap) {
				double *nv =
					realloc(v, (cap = cap ? 2 * cap : 64) *
							   sizeof(*v));

				if (!nv) {
					free(v);
					sqlite3_finalize(st);
					return IOL_ENOMEM;
				}
				v = nv;
			}
			v[n++] = t - prev;
		}
		prev = t;
	}
	if (n) {
		qsort(v, n, sizeof(*v), cmp_dbl);
		l->step = v[n / 2];
	}
	free(v);
	return lmt_done(l, st, rc);
}

static const char *col_text(sqlite3_stmt *st, int col)
{
	const char *s = (const char *)sqlite3_column_text(st, col);

	return s ? s : "";
}

static int set_server(struct iol_fstarget *t, const char *host)
{
	if (t->server || !*host)
		return 0;
	t->server = strdup(host);
	return t->server ? 0 : IOL_ENOMEM;
}

static int lmt_osts(struct lmt *l)
{
	sqlite3_stmt *st;
	struct iol_fscum prev = {0};
	char last[128] = "";
	int rc, r = 0;

	if ((rc = lmt_prepare(
		     l,
		     "SELECT i.OST_NAME, i.HOSTNAME, t.TIMESTAMP, "
		     "d.READ_BYTES, d.WRITE_BYTES, d.KBYTES_USED, "
		     "d.KBYTES_FREE FROM OST_DATA d JOIN OST_INFO i ON "
		     "i.OST_ID = d.OST_ID JOIN TIMESTAMP_INFO t ON t.TS_ID = "
		     "d.TS_ID ORDER BY i.OST_NAME, t.TIMESTAMP",
		     &st)) < 0)
		return rc;
	while (r == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *name = col_text(st, 0);
		double t = lmt_time(st, 2);
		struct iol_fstarget *tg =
			iol_fsmon_target(l->m, name, IOL_FSK_OST);

		if (!tg)
			r = IOL_ENOMEM;
		else if (t < 0)
			continue;
		if (strcmp(last, name)) {
			snprintf(last, sizeof(last), "%s", name);
			prev.have = 0;
		}
		if (r == 0)
			r = set_server(tg, col_text(st, 1));
		if (r == 0)
			r = iol_fsmon_count(l->m, &l->m->data, tg, name, &prev,
					    t, sqlite3_column_int64(st, 3),
					    sqlite3_column_int64(st, 4),
					    l->step);
		if (r == 0 && sqlite3_column_type(st, 5) != SQLITE_NULL)
			r = iol_fsmon_gauge(
				&tg->full, &tg->nfull, &tg->fullcap, t,
				sqlite3_column_double(st, 5),
				sqlite3_column_double(st, 5) +
					sqlite3_column_double(st, 6));
	}
	return lmt_done(l, st, r < 0 ? r : rc);
}

/* CPU of the servers: OSS_DATA by OSS, MDS_DATA by MDS (with the MDT's
 * fullness) */
static int lmt_cpu(struct lmt *l, int mds)
{
	static const char oss_sql[] =
		"SELECT s.HOSTNAME, t.TIMESTAMP, d.PCT_CPU FROM OSS_DATA d "
		"JOIN OSS_INFO s ON s.OSS_ID = d.OSS_ID JOIN TIMESTAMP_INFO "
		"t ON t.TS_ID = d.TS_ID ORDER BY s.HOSTNAME, t.TIMESTAMP";
	static const char mds_sql[] =
		"SELECT m.HOSTNAME, t.TIMESTAMP, d.PCT_CPU, m.MDS_NAME, "
		"d.KBYTES_USED, d.KBYTES_FREE FROM MDS_DATA d JOIN MDS_INFO "
		"m ON m.MDS_ID = d.MDS_ID JOIN TIMESTAMP_INFO t ON t.TS_ID = "
		"d.TS_ID ORDER BY m.HOSTNAME, t.TIMESTAMP";
	sqlite3_stmt *st;
	int rc, r = 0;

	if ((rc = lmt_prepare(l, mds ? mds_sql : oss_sql, &st)) < 0)
		return rc;
	while (r == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		double t = lmt_time(st, 1);
		struct iol_fstarget *s = iol_fsmon_target(
			l->m, col_text(st, 0), mds ? IOL_FSK_MDS : IOL_FSK_OSS);
		struct iol_fstarget *mdt;

		if (!s)
			r = IOL_ENOMEM;
		else if (t >= 0 && sqlite3_column_type(st, 2) != SQLITE_NULL)
			r = iol_fsmon_gauge(&s->cpu, &s->ncpu, &s->cpucap, t,
					    sqlite3_column_double(st, 2), 0);
		if (r || !mds || t < 0 ||
		    sqlite3_column_type(st, 4) == SQLITE_NULL)
			continue;
		mdt = iol_fsmon_target(l->m, col_text(st, 3), IOL_FSK_MDT);
		r = !mdt ? IOL_ENOMEM : set_server(mdt, col_text(st, 0));
		if (r == 0)
			r = iol_fsmon_gauge(
				&mdt->full, &mdt->nfull, &mdt->fullcap, t,
				sqlite3_column_double(st, 4),
				sqlite3_column_double(st, 4) +
					sqlite3_column_double(st, 5));
	}
	return lmt_done(l, st, r < 0 ? r : rc);
}

/* metadata operations: SAMPLES is the cumulative count of each */
static int lmt_ops(struct lmt *l)
{
	sqlite3_stmt *st;
	struct iol_fscum prev = {0};
	char last[160] = "", key[160];
	int rc, r = 0;

	if ((rc = lmt_prepare(
		     l,
		     "SELECT o.OPERATION_NAME, d.MDS_ID, t.TIMESTAMP, "
		     "d.SAMPLES FROM MDS_OPS_DATA d JOIN OPERATION_INFO o ON "
		     "o.OPERATION_ID = d.OPERATION_ID JOIN TIMESTAMP_INFO t "
		     "ON t.TS_ID = d.TS_ID ORDER BY o.OPERATION_NAME, "
		     "d.MDS_ID, t.TIMESTAMP",
		     &st)) < 0)
		return rc;
	while (r == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *op = col_text(st, 0);
		double t = lmt_time(st, 2);

		snprintf(key, sizeof(key), "%s\n%lld", op,
			 (long long)sqlite3_column_int64(st, 1));
		if (strcmp(last, key)) {
			snprintf(last, sizeof(last), "%s", key);
			prev.have = 0;
		}
		if (t >= 0)
			r = iol_fsmon_count(l->m, &l->m->mdops, NULL, op, &prev,
					    t, sqlite3_column_int64(st, 3), 0,
					    l->step);
	}
	return lmt_done(l, st, r < 0 ? r : rc);
}

static int lmt_fsname(struct lmt *l)
{
	sqlite3_stmt *st;
	int rc;

	if ((rc = lmt_prepare(l,
			      "SELECT FILESYSTEM_NAME FROM FILESYSTEM_INFO "
			      "ORDER BY FILESYSTEM_ID LIMIT 1",
			      &st)) < 0)
		return rc;
	if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (!l->m->fsname[0])
			snprintf(l->m->fsname, sizeof(l->m->fsname), "%s",
				 col_text(st, 0));
		rc = SQLITE_DONE;
	}
	return lmt_done(l, st, rc);
}

int iol_lmt_sqlite_read(struct iol_fsmon *m, const char *path,
			struct iol_error *err)
{
	struct lmt l = {m, NULL, 0, err};
	int r;

	if (sqlite3_open_v2(path, &l.db, SQLITE_OPEN_READONLY, NULL) !=
	    SQLITE_OK) {
		r = iol_error_set(err, IOL_EIO, "%s",
				  l.db ? sqlite3_errmsg(l.db) : "no memory");
		sqlite3_close(l.db);
		return r;
	}
	r = lmt_step(&l);
	if (r == 0)
		r = lmt_fsname(&l);
	if (r == 0)
		r = lmt_osts(&l);
	if (r == 0)
		r = lmt_cpu(&l, 0);
	if (r == 0)
		r = lmt_cpu(&l, 1);
	if (r == 0)
		r = lmt_ops(&l);
	sqlite3_close(l.db);
	return r;
}
