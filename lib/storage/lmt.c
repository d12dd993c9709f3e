/*
 * LMT (Lustre Monitoring Tool) databases: LMT's MySQL schema
 * (TIMESTAMP_INFO, OST_INFO/OST_DATA, OSS_*, MDS_*, MDS_OPS_DATA with
 * OPERATION_INFO), in SQLite form as pytokio's test data and its cache
 * files hold it, or on the MySQL/MariaDB server itself (lmt-mysql.c).
 * One reader over both: the same SQL, every value read as text (the
 * MySQL client's text protocol gives nothing else), so the two forms
 * cannot give different numbers.  Byte and operation counters are
 * cumulative; times are the servers' local time.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "storage/fsmon.h"
#include "storage/lmtdb.h"
#include "base/banned.h"

struct lmt {
	struct iol_fsmon *m;
	const struct iol_lmtdb *db;
	double step;
	struct iol_error *err;
	char where[160]; /* " WHERE" the padded window on t.TIMESTAMP, or "" */
};

static const char *col_text(struct lmt *l, int col)
{
	const char *s = l->db->col(l->db->h, col);

	return s ? s : "";
}

static int col_null(struct lmt *l, int col)
{
	return l->db->col(l->db->h, col) == NULL;
}

static double col_dbl(struct lmt *l, int col)
{
	return strtod(col_text(l, col), NULL);
}

static int64_t col_i64(struct lmt *l, int col)
{
	const char *s = col_text(l, col);
	char *end;
	long long v = strtoll(s, &end, 10);

	/* a counter stored as a real ("1.2e10") */
	if (*end == '.' || *end == 'e' || *end == 'E')
		return (int64_t)llround(strtod(s, NULL));
	return v;
}

/* "2018-01-28 00:00:05" (MySQL DATETIME) or epoch seconds */
static double lmt_time(struct lmt *l, int col)
{
	const char *s = col_text(l, col);
	int y, mo, d, h, mi;
	double sec;
	char *end;

	if (sscanf(s, "%4d-%2d-%2d%*1[ T]%2d:%2d:%lf", &y, &mo, &d, &h, &mi,
		   &sec) == 6)
		return iol_fs_localtime(y, mo, d, h, mi, sec);
	sec = strtod(s, &end);
	return end != s && !*end && sec >= 0 ? sec : -1;
}

static int lmt_query(struct lmt *l, const char *sql)
{
	struct iol_error e = {0};
	int r = l->db->query(l->db->h, sql, &e);

	if (r == 0)
		return 0;
	return iol_error_set(l->err, r, "%s%s",
			     r == IOL_ECORRUPT ? "not an LMT database: " : "",
			     e.msg);
}

/* 1 a row, 0 done, < 0 an error (err set) */
static int lmt_row(struct lmt *l)
{
	return l->db->next(l->db->h, l->err);
}

static int lmt_done(struct lmt *l, int rc)
{
	l->db->end(l->db->h);
	return rc < 0 ? rc : 0;
}

static int cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* the recorded step: the median distance of consecutive time stamps */
static int lmt_step(struct lmt *l)
{
	double *v = NULL, prev = -1;
	size_t n = 0, cap = 0;
	int rc;

	char sql[320];

	snprintf(sql, sizeof(sql),
		 "SELECT t.TIMESTAMP FROM TIMESTAMP_INFO t%s ORDER BY "
		 "t.TIMESTAMP",
		 l->where);
	if ((rc = lmt_query(l, sql)) < 0)
		return rc;
	while ((rc = lmt_row(l)) > 0) {
		double t = lmt_time(l, 0);

		if (prev >= 0 && t > prev) {
			if (n == cap) {
				double *nv =
					realloc(v, (cap = cap ? 2 * cap : 64) *
							   sizeof(*v));

				if (!nv) {
					rc = IOL_ENOMEM;
					break;
				}
				v = nv;
			}
			v[n++] = t - prev;
		}
		prev = t;
	}
	if (rc == 0 && n) {
		qsort(v, n, sizeof(*v), cmp_dbl);
		l->step = v[n / 2];
	}
	free(v);
	return lmt_done(l, rc);
}

static int set_server(struct iol_fstarget *t, const char *host)
{
	if (t->server || !*host)
		return 0;
	t->server = strdup(host);
	return t->server ? 0 : IOL_ENOMEM;
}

/* a used/total fullness sample from the columns used, free (kB) */
static int lmt_full(struct lmt *l, struct iol_fstarget *tg, double t, int used)
{
	if (col_null(l, used))
		return 0;
	return iol_fsmon_gauge(&tg->full, &tg->nfull, &tg->fullcap, t,
			       col_dbl(l, used),
			       col_dbl(l, used) + col_dbl(l, used + 1));
}

static int lmt_osts(struct lmt *l)
{
	struct iol_fscum prev = {0};
	char last[128] = "";
	int rc, r = 0;

	char sql[512];

	snprintf(sql, sizeof(sql),
		 "SELECT i.OST_NAME, i.HOSTNAME, t.TIMESTAMP, d.READ_BYTES, "
		 "d.WRITE_BYTES, d.KBYTES_USED, d.KBYTES_FREE FROM OST_DATA d "
		 "JOIN OST_INFO i ON i.OST_ID = d.OST_ID JOIN TIMESTAMP_INFO t "
		 "ON t.TS_ID = d.TS_ID%s ORDER BY i.OST_NAME, t.TIMESTAMP",
		 l->where);
	if ((rc = lmt_query(l, sql)) < 0)
		return rc;
	while (r == 0 && (rc = lmt_row(l)) > 0) {
		const char *name = col_text(l, 0);
		double t = lmt_time(l, 2);
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
			r = set_server(tg, col_text(l, 1));
		if (r == 0)
			r = iol_fsmon_count(l->m, &l->m->data, tg, name, &prev,
					    t, col_i64(l, 3), col_i64(l, 4),
					    l->step);
		if (r == 0)
			r = lmt_full(l, tg, t, 5);
	}
	return lmt_done(l, r < 0 ? r : rc);
}

/* CPU of the servers: OSS_DATA by OSS, MDS_DATA by MDS (with the MDT's
 * fullness) */
static int lmt_cpu(struct lmt *l, int mds)
{
	static const char oss_sql[] =
		"SELECT s.HOSTNAME, t.TIMESTAMP, d.PCT_CPU FROM OSS_DATA d "
		"JOIN OSS_INFO s ON s.OSS_ID = d.OSS_ID JOIN TIMESTAMP_INFO "
		"t ON t.TS_ID = d.TS_ID%s ORDER BY s.HOSTNAME, t.TIMESTAMP";
	static const char mds_sql[] =
		"SELECT m.HOSTNAME, t.TIMESTAMP, d.PCT_CPU, m.MDS_NAME, "
		"d.KBYTES_USED, d.KBYTES_FREE FROM MDS_DATA d JOIN MDS_INFO "
		"m ON m.MDS_ID = d.MDS_ID JOIN TIMESTAMP_INFO t ON t.TS_ID = "
		"d.TS_ID%s ORDER BY m.HOSTNAME, t.TIMESTAMP";
	char sql[512];
	int rc, r = 0;

	snprintf(sql, sizeof(sql), mds ? mds_sql : oss_sql, l->where);
	if ((rc = lmt_query(l, sql)) < 0)
		return rc;
	while (r == 0 && (rc = lmt_row(l)) > 0) {
		double t = lmt_time(l, 1);
		struct iol_fstarget *s = iol_fsmon_target(
			l->m, col_text(l, 0), mds ? IOL_FSK_MDS : IOL_FSK_OSS);
		struct iol_fstarget *mdt;

		if (!s)
			r = IOL_ENOMEM;
		else if (t >= 0 && !col_null(l, 2))
			r = iol_fsmon_gauge(&s->cpu, &s->ncpu, &s->cpucap, t,
					    col_dbl(l, 2), 0);
		if (r || !mds || t < 0 || col_null(l, 4))
			continue;
		mdt = iol_fsmon_target(l->m, col_text(l, 3), IOL_FSK_MDT);
		r = !mdt ? IOL_ENOMEM : set_server(mdt, col_text(l, 0));
		if (r == 0)
			r = lmt_full(l, mdt, t, 4);
	}
	return lmt_done(l, r < 0 ? r : rc);
}

/* metadata operations: SAMPLES is the cumulative count of each */
static int lmt_ops(struct lmt *l)
{
	struct iol_fscum prev = {0};
	char last[160] = "", key[160];
	int rc, r = 0;

	char sql[512];

	snprintf(sql, sizeof(sql),
		 "SELECT o.OPERATION_NAME, d.MDS_ID, t.TIMESTAMP, d.SAMPLES "
		 "FROM MDS_OPS_DATA d JOIN OPERATION_INFO o ON o.OPERATION_ID "
		 "= d.OPERATION_ID JOIN TIMESTAMP_INFO t ON t.TS_ID = "
		 "d.TS_ID%s ORDER BY o.OPERATION_NAME, d.MDS_ID, t.TIMESTAMP",
		 l->where);
	if ((rc = lmt_query(l, sql)) < 0)
		return rc;
	while (r == 0 && (rc = lmt_row(l)) > 0) {
		const char *op = col_text(l, 0);
		double t = lmt_time(l, 2);

		snprintf(key, sizeof(key), "%s\n%s", op, col_text(l, 1));
		if (strcmp(last, key)) {
			snprintf(last, sizeof(last), "%s", key);
			prev.have = 0;
		}
		if (t >= 0)
			r = iol_fsmon_count(l->m, &l->m->mdops, NULL, op, &prev,
					    t, col_i64(l, 3), 0, l->step);
	}
	return lmt_done(l, r < 0 ? r : rc);
}

static int lmt_fsname(struct lmt *l)
{
	int rc;

	if ((rc = lmt_query(l, "SELECT f.FILESYSTEM_NAME FROM "
			       "FILESYSTEM_INFO f ORDER BY f.FILESYSTEM_ID "
			       "LIMIT 1")) < 0)
		return rc;
	if ((rc = lmt_row(l)) > 0 && !l->m->fsname[0])
		snprintf(l->m->fsname, sizeof(l->m->fsname), "%s",
			 col_text(l, 0));
	/* the rest of the rows, if any, are dropped by end */
	return lmt_done(l, rc);
}

/* one bound of the window as TIMESTAMP holds it: local time
 * "YYYY-MM-DD HH:MM:SS" (LMT's DATETIME; sep ' ' or 'T', as the table
 * writes it, for its text compares character by character) or, sep 0,
 * epoch seconds */
static void bound(char *b, size_t n, double t, char sep)
{
	time_t v;
	struct tm tm;
	char fmt[32];

	/* from 1970 to 9999: a time_t, and four digits of year */
	t = floor(fmin(fmax(t, 0), 253402300799.0));
	v = (time_t)t;
	snprintf(fmt, sizeof(fmt), "'%%Y-%%m-%%d%c%%H:%%M:%%S'", sep);
	if (!sep || !localtime_r(&v, &tm))
		snprintf(b, n, "%.0f", t);
	else
		strftime(b, n, fmt, &tm);
}

/* l->where: the window m->win names, widened by IOL_LMT_PAD, in the
 * form of the first time stamp (a table of another form, or none, is
 * read whole) */
static int lmt_where(struct lmt *l)
{
	const struct iol_fsmon *m = l->m;
	char lo[40], hi[40];
	int rc, y, mo, d, h, mi;
	char sep[2] = "";
	double sec;

	l->where[0] = 0;
	if (!m->win || (isnan(m->win_from) && isnan(m->win_to)))
		return 0;
	if ((rc = lmt_query(l, "SELECT t.TIMESTAMP FROM TIMESTAMP_INFO t "
			       "LIMIT 1")) < 0)
		return rc;
	if ((rc = lmt_row(l)) <= 0)
		return lmt_done(l, rc);
	if (sscanf(col_text(l, 0), "%4d-%2d-%2d%1[ T]%2d:%2d:%lf", &y, &mo, &d,
		   sep, &h, &mi, &sec) != 7)
		sep[0] = 0;
	if (!sep[0] && lmt_time(l, 0) < 0)
		return lmt_done(l, 0);
	/* an open end is no bound (and no NAN made a time_t) */
	if (!isnan(m->win_from))
		bound(lo, sizeof(lo), m->win_from - IOL_LMT_PAD, sep[0]);
	if (!isnan(m->win_to))
		bound(hi, sizeof(hi), ceil(m->win_to + IOL_LMT_PAD), sep[0]);
	if (isnan(m->win_to))
		snprintf(l->where, sizeof(l->where), " WHERE t.TIMESTAMP >= %s",
			 lo);
	else if (isnan(m->win_from))
		snprintf(l->where, sizeof(l->where), " WHERE t.TIMESTAMP <= %s",
			 hi);
	else
		snprintf(l->where, sizeof(l->where),
			 " WHERE t.TIMESTAMP >= %s AND t.TIMESTAMP <= %s", lo,
			 hi);
	return lmt_done(l, 0);
}

int iol_lmt_db_read(struct iol_fsmon *m, const struct iol_lmtdb *db,
		    struct iol_error *err)
{
	struct lmt l = {m, db, 0, err, ""};
	int r;

	r = lmt_where(&l);
	if (r == 0)
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
	return r;
}

/* ---- the SQLite form ---- */

struct lite {
	sqlite3 *db;
	sqlite3_stmt *st;
};

static int lite_query(void *h, const char *sql, struct iol_error *err)
{
	struct lite *s = h;

	if (sqlite3_prepare_v2(s->db, sql, -1, &s->st, NULL) == SQLITE_OK)
		return 0;
	return iol_error_set(err, IOL_ECORRUPT, "%s", sqlite3_errmsg(s->db));
}

static int lite_next(void *h, struct iol_error *err)
{
	struct lite *s = h;
	int rc = sqlite3_step(s->st);

	if (rc == SQLITE_ROW)
		return 1;
	if (rc == SQLITE_DONE)
		return 0;
	return iol_error_set(err, IOL_EIO, "LMT database: %s",
			     sqlite3_errmsg(s->db));
}

static const char *lite_col(void *h, int i)
{
	struct lite *s = h;

	return (const char *)sqlite3_column_text(s->st, i);
}

static void lite_end(void *h)
{
	struct lite *s = h;

	sqlite3_finalize(s->st);
	s->st = NULL;
}

int iol_lmt_sqlite_read(struct iol_fsmon *m, const char *path,
			struct iol_error *err)
{
	struct lite s = {NULL, NULL};
	struct iol_lmtdb db = {&s, lite_query, lite_next, lite_col, lite_end};
	int r;

	if (sqlite3_open_v2(path, &s.db, SQLITE_OPEN_READONLY, NULL) !=
	    SQLITE_OK) {
		r = iol_error_set(err, IOL_EIO, "%s",
				  s.db ? sqlite3_errmsg(s.db) : "no memory");
		sqlite3_close(s.db);
		return r;
	}
	r = iol_lmt_db_read(m, &db, err);
	sqlite3_close(s.db);
	return r;
}
