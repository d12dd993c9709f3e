/*
 * File-system telemetry in the population store (fsstore.h): written in
 * one transaction per recording, read back in the order written so that
 * the readers' order of targets and series, and so every output, is the
 * recording's.
 */
#define _DEFAULT_SOURCE /* realpath */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "population/fsstore.h"
#include "population/store.h"
#include "base/banned.h"

/* an open end of a window, bound as a number (NAN binds as NULL) */
#define FAR 1e300

static int dberr(struct iol_sql *db, struct iol_error *err, const char *what)
{
	int code = iol_sql_errcode(db);

	return iol_error_set(err, code < 0 ? code : IOL_EIO, "%s: %s", what,
			     iol_sql_errmsg(db));
}

static int exec(struct iol_sql *db, const char *sql, struct iol_error *err)
{
	return iol_sql_exec(db, sql) < 0 ? dberr(db, err, "store") : 0;
}

/*
 * On PostgreSQL the store itself refuses a column given twice over a
 * period two recordings share: two ingests (or merges) at once would
 * both pass the check of put_seen, each before the other commits.  No
 * unique index can say "overlaps", an exclusion constraint can: each
 * row a box of height 0, its key's 53-bit hash up, its [t0, t1] across,
 * && meeting where the SQL check does (t0 <= t1' and t1 >= t0').  Added
 * when a store is opened for writing (create); a store that holds such
 * copies already (merged by an older merge-db), or written by a role
 * that may not alter the table, or on a server before PostgreSQL 11 (no
 * hashtextextended), goes on without it: the check at ingest still
 * refuses each new copy.
 */
#define SEEN_HASH "(hashtextextended(key, 0) >> 11)::float8"
#define SEEN_ONCE_PG                                                         \
	"DO $$BEGIN IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE "       \
	"conrelid = 'fs_seen'::regclass AND conname = 'fs_seen_once') THEN " \
	"ALTER TABLE fs_seen ADD CONSTRAINT fs_seen_once EXCLUDE USING "     \
	"gist ((box(point(t0, " SEEN_HASH "), point(t1, " SEEN_HASH          \
	"))) WITH &&); END IF; EXCEPTION WHEN exclusion_violation OR "       \
	"insufficient_privilege OR undefined_function THEN NULL; END$$"

/* the four tables and their indexes, when missing */
static int create(struct iol_sql *db, struct iol_error *err)
{
	const char *id = iol_sql_type(db, IOL_SQLT_ID),
		   *tx = iol_sql_type(db, IOL_SQLT_TEXT),
		   *in = iol_sql_type(db, IOL_SQLT_INT),
		   *re = iol_sql_type(db, IOL_SQLT_REAL);
	char *sql[9];
	int r = 0, i;

	sql[0] = iol_sql_mprintf(
		"CREATE TABLE IF NOT EXISTS fs_recordings (id %s, source %s "
		"NOT NULL UNIQUE, size %s, mtime_ns %s, format %s, fmt %s, "
		"fsname %s, ingest_time %s)",
		id, tx, in, in, tx, in, tx, re);
	sql[1] = iol_sql_mprintf(
		"CREATE TABLE IF NOT EXISTS fs_targets (rec %s NOT NULL, ord "
		"%s, name %s, kind %s, server %s, resets %s, gaps %s, "
		"gap_seconds %s)",
		in, in, tx, in, tx, in, in, re);
	sql[2] = iol_sql_mprintf(
		"CREATE TABLE IF NOT EXISTS fs_samples (id %s, rec %s NOT "
		"NULL, series %s, name %s, t0 %s, t1 %s, rbytes %s, wbytes "
		"%s, reads %s, writes %s, gap %s)",
		id, in, in, tx, re, re, in, in, re, re, in);
	sql[3] = iol_sql_mprintf(
		"CREATE TABLE IF NOT EXISTS fs_gauges (id %s, rec %s NOT "
		"NULL, name %s, kind %s, what %s, t %s, v %s, v2 %s)",
		id, in, tx, in, in, re, re, re);
	sql[4] = iol_sql_mprintf("CREATE INDEX IF NOT EXISTS fs_samples_rec "
				 "ON fs_samples (rec, t1)");
	sql[5] = iol_sql_mprintf("CREATE INDEX IF NOT EXISTS fs_gauges_rec "
				 "ON fs_gauges (rec)");
	sql[6] = iol_sql_mprintf("CREATE INDEX IF NOT EXISTS fs_gauges_name "
				 "ON fs_gauges (name, what, t)");
	/* the mmperfmon columns each recording holds (iol_fsmon.seen), so
	 * that a copy of a report stored already is refused */
	sql[7] = iol_sql_mprintf("CREATE TABLE IF NOT EXISTS fs_seen (rec %s "
				 "NOT NULL, key %s, t0 %s, t1 %s)",
				 in, tx, re, re);
	sql[8] = iol_sql_mprintf("CREATE INDEX IF NOT EXISTS fs_seen_key "
				 "ON fs_seen (key)");
	for (i = 0; i < 9; i++)
		if (!sql[i] && r == 0)
			r = iol_error_set(err, IOL_ENOMEM, "out of memory");
	if (r == 0 && (r = iol_sql_lock(db)) < 0)
		r = dberr(db, err, "store");
	else if (r == 0) {
		for (i = 0; i < 9 && r == 0; i++)
			r = exec(db, sql[i], err);
		if (r == 0 && iol_sql_kind(db) == IOL_SQL_PG)
			r = exec(db, SEEN_ONCE_PG, err);
		iol_sql_unlock(db);
	}
	for (i = 0; i < 9; i++)
		iol_sql_free(sql[i]);
	return r;
}

/* ---- writing ---- */

struct put {
	struct iol_sql *db;
	struct iol_sqlst *tg, *sm, *ga;
	int64_t rec;
	struct iol_fsput *out;
	struct iol_error *err;
	/* a column the store's constraint refused, and its period */
	const char *refused;
	double rt0, rt1;
};

/* run a bound statement to its end and make it ready again */
static int run(struct put *p, struct iol_sqlst *st)
{
	int r = iol_sql_step(st);

	iol_sql_reset(st);
	return r < 0 ? dberr(p->db, p->err, "store") : 0;
}

static int put_series(struct put *p, const struct iol_devset *ds, int series)
{
	size_t d, k;
	int r = 0;

	for (d = 0; r == 0 && d < ds->ndev; d++) {
		const struct iol_dev *v = &ds->dev[d];

		/* the series first, so that it exists in this order even
		 * when its first interval lies outside a window read */
		iol_sql_bind_int(p->sm, 1, p->rec);
		iol_sql_bind_int(p->sm, 2, series);
		iol_sql_bind_text(p->sm, 3, v->name, -1);
		for (k = 4; k <= 10; k++)
			iol_sql_bind_null(p->sm, (int)k);
		r = run(p, p->sm);
		for (k = 0; r == 0 && k < v->n; k++) {
			const struct iol_ival *iv = &v->iv[k];

			iol_sql_bind_int(p->sm, 1, p->rec);
			iol_sql_bind_int(p->sm, 2, series);
			iol_sql_bind_text(p->sm, 3, v->name, -1);
			iol_sql_bind_real(p->sm, 4, iv->start);
			iol_sql_bind_real(p->sm, 5, iv->end);
			iol_sql_bind_int(p->sm, 6, iv->rbytes);
			iol_sql_bind_int(p->sm, 7, iv->wbytes);
			iol_sql_bind_real(p->sm, 8, iv->reads);
			iol_sql_bind_real(p->sm, 9, iv->writes);
			iol_sql_bind_int(p->sm, 10, iv->gap);
			r = run(p, p->sm);
			p->out->nsamples++;
		}
	}
	return r;
}

static int put_gauges(struct put *p, const struct iol_fstarget *t, int what,
		      const struct iol_gauge *g, size_t n)
{
	size_t i;
	int r = 0;

	for (i = 0; r == 0 && i < n; i++) {
		iol_sql_bind_int(p->ga, 1, p->rec);
		iol_sql_bind_text(p->ga, 2, t->name, -1);
		iol_sql_bind_int(p->ga, 3, t->kind);
		iol_sql_bind_int(p->ga, 4, what);
		iol_sql_bind_real(p->ga, 5, g[i].t);
		iol_sql_bind_real(p->ga, 6, g[i].v);
		iol_sql_bind_real(p->ga, 7, g[i].v2);
		r = run(p, p->ga);
		p->out->ngauges++;
	}
	return r;
}

static int put_targets(struct put *p, const struct iol_fsmon *m)
{
	size_t i;
	int r = 0;

	for (i = 0; r == 0 && i < m->ntg; i++) {
		const struct iol_fstarget *t = &m->tg[i];

		iol_sql_bind_int(p->tg, 1, p->rec);
		iol_sql_bind_int(p->tg, 2, (int64_t)i);
		iol_sql_bind_text(p->tg, 3, t->name, -1);
		iol_sql_bind_int(p->tg, 4, t->kind);
		if (t->server)
			iol_sql_bind_text(p->tg, 5, t->server, -1);
		else
			iol_sql_bind_null(p->tg, 5);
		iol_sql_bind_int(p->tg, 6, (int64_t)t->resets);
		iol_sql_bind_int(p->tg, 7, (int64_t)t->gaps);
		iol_sql_bind_real(p->tg, 8, t->gap_seconds);
		r = run(p, p->tg);
		if (r == 0)
			r = put_gauges(p, t, 0, t->cpu, t->ncpu);
		if (r == 0)
			r = put_gauges(p, t, 1, t->full, t->nfull);
	}
	p->out->ntargets = m->ntg;
	return r;
}

static int prep(struct iol_sql *db, const char *sql, struct iol_sqlst **st,
		struct iol_error *err)
{
	return iol_sql_prepare(db, sql, st) < 0 ? dberr(db, err, "store") : 0;
}

/* the id of source, and its size and mtime; 0 when not stored */
static int lookup(struct iol_sql *db, const char *source, int64_t *id,
		  int64_t *size, int64_t *mtime, struct iol_error *err)
{
	struct iol_sqlst *st;
	int r;

	*id = 0;
	if ((r = prep(db,
		      "SELECT id, size, mtime_ns FROM fs_recordings WHERE "
		      "source = ?1",
		      &st, err)) < 0)
		return r;
	iol_sql_bind_text(st, 1, source, -1);
	if ((r = iol_sql_step(st)) > 0) {
		*id = iol_sql_int(st, 0);
		*size = iol_sql_int(st, 1);
		*mtime = iol_sql_int(st, 2);
	}
	iol_sql_finalize(st);
	return r < 0 ? dberr(db, err, "store") : 0;
}

static int del_rec(struct iol_sql *db, int64_t id, struct iol_error *err)
{
	static const char *const tables[] = {"fs_samples", "fs_gauges",
					     "fs_targets", "fs_seen"};
	char sql[96];
	size_t i;
	int r = 0;

	for (i = 0; r == 0 && i < 4; i++) {
		snprintf(sql, sizeof(sql), "DELETE FROM %s WHERE rec = %lld",
			 tables[i], (long long)id);
		r = exec(db, sql, err);
	}
	return r;
}

/* the recording's row: a new one, its id into p->rec, or (p->rec set)
 * the stored one updated in place, so that recordings keep the order
 * they were first stored in */
static int put_rec(struct put *p, const char *source, int64_t size,
		   int64_t mtime, const struct iol_fsmon *m, int fmt,
		   double now)
{
	struct iol_sqlst *st;
	int64_t s, t;
	int r;

	if ((r = prep(p->db,
		      p->rec ? "UPDATE fs_recordings SET size = ?2, mtime_ns "
			       "= ?3, format = ?4, fmt = ?5, fsname = ?6, "
			       "ingest_time = ?7 WHERE source = ?1"
			     : "INSERT INTO fs_recordings (source, size, "
			       "mtime_ns, format, fmt, fsname, ingest_time) "
			       "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
		      &st, p->err)) < 0)
		return r;
	iol_sql_bind_text(st, 1, source, -1);
	iol_sql_bind_int(st, 2, size);
	iol_sql_bind_int(st, 3, mtime);
	iol_sql_bind_text(st, 4, iol_fsfmt_name(fmt), -1);
	iol_sql_bind_int(st, 5, fmt);
	iol_sql_bind_text(st, 6, m->fsname, -1);
	iol_sql_bind_real(st, 7, now);
	r = run(p, st);
	iol_sql_finalize(st);
	if (r || p->rec)
		return r;
	return lookup(p->db, source, &p->rec, &s, &t, p->err);
}

#define SEEN_CLASH_SQL                                                       \
	"SELECT r.source, s.t0 FROM fs_seen s JOIN fs_recordings r ON r.id " \
	"= s.rec WHERE s.key = ?1 AND s.rec != ?2 AND s.t0 <= ?4 AND s.t1 "  \
	">= ?3 LIMIT 1"

/* whether another recording than rec holds key over a period sharing
 * [t0, t1] (q: SEEN_CLASH_SQL): 1 with err saying which, 0 no, < 0 */
static int seen_clash(struct iol_sql *db, struct iol_sqlst *q, const char *key,
		      int64_t rec, double t0, double t1, struct iol_error *err)
{
	char src[PATH_MAX + 64], a[40];
	double s0;
	int r;

	iol_sql_bind_text(q, 1, key, -1);
	iol_sql_bind_int(q, 2, rec);
	iol_sql_bind_real(q, 3, t0);
	iol_sql_bind_real(q, 4, t1);
	r = iol_sql_step(q);
	if (r > 0) {
		snprintf(src, sizeof(src), "%s", iol_sql_text(q, 0));
		s0 = iol_sql_real(q, 1);
		iol_sql_reset(q);
		iol_error_set(err, IOL_ECORRUPT,
			      "%s at %s: stored before from '%s' (a copy of a "
			      "report stored already?)",
			      key,
			      iol_fsmon_iso(a, sizeof(a), s0 > t0 ? s0 : t0),
			      src);
		return 1;
	}
	iol_sql_reset(q);
	return r < 0 ? dberr(db, err, "store") : 0;
}

/*
 * After a row of fs_seen refused by the store's constraint (another
 * writer's copy, committed while this transaction ran) and the
 * transaction rolled back: the message seen_clash gives, naming the
 * other recording, now visible.
 */
static int seen_refused(struct iol_sql *db, const char *key, int64_t rec,
			double t0, double t1, struct iol_error *err)
{
	struct iol_sqlst *q;
	int r;

	if ((r = prep(db, SEEN_CLASH_SQL, &q, err)) < 0)
		return r;
	r = seen_clash(db, q, key, rec, t0, t1, err);
	iol_sql_finalize(q);
	if (r == 0)
		iol_error_set(err, IOL_ECORRUPT,
			      "%s: stored at the same time by another writer "
			      "(a copy of a report stored already?)",
			      key);
	return r < 0 ? r : IOL_ECORRUPT;
}

/* one column read over [t0, t1]: refused when another recording holds
 * it over a period they share (a copy of a report under another name,
 * or inside an archive and beside it: its buckets would add up twice
 * where an NSD's sum: 1, err saying so), else kept for the next (0); a
 * row the store's constraint refuses is kept in *refused, for
 * seen_refused */
static int seen_once(struct iol_sql *db, struct iol_sqlst *q,
		     struct iol_sqlst *in, int64_t rec, const char *key,
		     double t0, double t1, const char **refused,
		     struct iol_error *err)
{
	int r = seen_clash(db, q, key, rec, t0, t1, err);

	if (r)
		return r;
	iol_sql_bind_int(in, 1, rec);
	iol_sql_bind_text(in, 2, key, -1);
	iol_sql_bind_real(in, 3, t0);
	iol_sql_bind_real(in, 4, t1);
	r = iol_sql_step(in);
	iol_sql_reset(in);
	if (r >= 0)
		return 0;
	if (iol_sql_conflict(db) && refused)
		*refused = key;
	return dberr(db, err, "store");
}

static int put_seen(struct put *p, const struct iol_fsmon *m)
{
	struct iol_sqlst *q = NULL, *in = NULL;
	size_t i;
	int r;

	if (!m->nseen)
		return 0;
	r = prep(p->db, SEEN_CLASH_SQL, &q, p->err);
	if (r == 0)
		r = prep(p->db,
			 "INSERT INTO fs_seen (rec, key, t0, t1) VALUES (?1, "
			 "?2, ?3, ?4)",
			 &in, p->err);
	for (i = 0; r == 0 && i < m->nseen; i++) {
		const struct iol_fsseen *s = &m->seen[i];

		r = seen_once(p->db, q, in, p->rec, s->key, s->t0, s->t1,
			      &p->refused, p->err);
		if (r > 0)
			r = IOL_ECORRUPT;
		if (p->refused)
			p->rt0 = s->t0, p->rt1 = s->t1;
	}
	iol_sql_finalize(q);
	iol_sql_finalize(in);
	return r;
}

/* the kinds of GPFS bytes m holds: bit 1 NSDs' (GPFSNSDDisk), bit 2
 * file systems' (GPFSFilesystem) */
static int gpfs_sides(const struct iol_fsmon *m)
{
	int s = 0;
	size_t i;

	for (i = 0; i < m->ntg; i++)
		s |= (m->tg[i].kind == IOL_FSK_NSD ? 1 : 0) |
		     (m->tg[i].kind == IOL_FSK_GPFSFS ? 2 : 0);
	return s;
}

/* NSDs' bytes and file systems' in one store would count the same
 * traffic twice, seen from the disks and from the nodes: fsload --db
 * refuses every window of such a store, so the recording that would
 * make one is refused here, naming the other side's */
static int put_sides(struct put *p, const struct iol_fsmon *m)
{
	static const char *const side[] = {
		"", "NSDs' bytes (GPFSNSDDisk)",
		"GPFS file systems' bytes (GPFSFilesystem)"};
	char src[PATH_MAX + 64];
	struct iol_sqlst *q;
	int s = gpfs_sides(m), r;

	if (s == 3)
		return iol_error_set(p->err, IOL_EINVAL,
				     "%s and %s together: the same traffic "
				     "seen from both sides would count twice",
				     side[2], side[1]);
	if (!s)
		return 0;
	r = prep(p->db,
		 "SELECT r.source FROM fs_targets t JOIN fs_recordings r ON "
		 "r.id = t.rec WHERE t.kind = ?1 AND t.rec != ?2 LIMIT 1",
		 &q, p->err);
	if (r < 0)
		return r;
	iol_sql_bind_int(q, 1, s == 1 ? IOL_FSK_GPFSFS : IOL_FSK_NSD);
	iol_sql_bind_int(q, 2, p->rec);
	r = iol_sql_step(q);
	if (r > 0) {
		snprintf(src, sizeof(src), "%s", iol_sql_text(q, 0));
		r = iol_error_set(p->err, IOL_EINVAL,
				  "%s beside %s stored from '%s': the same "
				  "traffic seen from both sides would count "
				  "twice",
				  side[s], side[3 - s], src);
	} else if (r < 0) {
		r = dberr(p->db, p->err, "store");
	}
	iol_sql_finalize(q);
	return r;
}

static int put_all(struct put *p, const char *source, int64_t size,
		   int64_t mtime, const struct iol_fsmon *m, int fmt)
{
	int r = put_rec(p, source, size, mtime, m, fmt, (double)time(NULL));

	if (r == 0)
		r = prep(p->db,
			 "INSERT INTO fs_targets (rec, ord, name, kind, "
			 "server, resets, gaps, gap_seconds) VALUES (?1, ?2, "
			 "?3, ?4, ?5, ?6, ?7, ?8)",
			 &p->tg, p->err);
	if (r == 0)
		r = prep(p->db,
			 "INSERT INTO fs_samples (rec, series, name, t0, t1, "
			 "rbytes, wbytes, reads, writes, gap) VALUES (?1, ?2, "
			 "?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
			 &p->sm, p->err);
	if (r == 0)
		r = prep(p->db,
			 "INSERT INTO fs_gauges (rec, name, kind, what, t, v, "
			 "v2) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
			 &p->ga, p->err);
	if (r == 0)
		r = put_sides(p, m);
	if (r == 0)
		r = put_seen(p, m);
	if (r == 0)
		r = put_targets(p, m);
	if (r == 0)
		r = put_series(p, &m->data, 0);
	if (r == 0)
		r = put_series(p, &m->mdops, 1);
	return r;
}

/* the store's name of a recording: a file's real path, or the URL */
static int source_of(const char *path, char *src, size_t cap, int64_t *size,
		     int64_t *mtime, struct iol_error *err)
{
	char real[PATH_MAX];
	struct stat sb;

	*size = *mtime = -1;
	if (iol_fsmon_is_url(path)) {
		snprintf(src, cap, "%s", path);
		return 0;
	}
	if (!realpath(path, real) || stat(real, &sb) < 0) {
		int e = errno;

		iol_error_set(err, IOL_EIO, "%s", strerror(e));
		if (err)
			err->sys = e;
		return IOL_EIO;
	}
	snprintf(src, cap, "%s", real);
	*size = (int64_t)sb.st_size;
	*mtime = (int64_t)sb.st_mtim.tv_sec * 1000000000 + sb.st_mtim.tv_nsec;
	return 0;
}

int iol_fsstore_put(struct iol_sql *db, const char *path, struct iol_fsput *out,
		    struct iol_error *err)
{
	struct put p = {db, NULL, NULL, NULL, 0, out, err, NULL, 0, 0};
	struct iol_fsmon m = {0};
	char src[PATH_MAX + 64];
	int64_t size, mtime, old, osize = -1, omtime = -1;
	int r;

	memset(out, 0, sizeof(*out));
	if ((r = source_of(path, src, sizeof(src), &size, &mtime, err)) < 0 ||
	    (r = create(db, err)) < 0 ||
	    (r = lookup(db, src, &old, &osize, &omtime, err)) < 0)
		return r;
	if (old && size >= 0 && size == osize && mtime == omtime) {
		out->state = IOL_FSPUT_UNCHANGED;
		return 0;
	}
	/* read before the transaction: a server's LMT may take long */
	if ((r = iol_fsmon_read(&m, path, &out->fmt, err)) < 0) {
		iol_fsmon_release(&m);
		return r;
	}
	out->state = old ? IOL_FSPUT_REPLACED : IOL_FSPUT_ADDED;
	/* SQLite: the write lock first, so that a second ingest's check
	 * waits for the first's rows (PostgreSQL: the constraint) */
	r = exec(db,
		 iol_sql_kind(db) == IOL_SQL_PG ? "BEGIN" : "BEGIN IMMEDIATE",
		 err);
	if (r == 0 && old)
		r = del_rec(db, old, err);
	p.rec = old;
	if (r == 0)
		r = put_all(&p, src, size, mtime, &m, out->fmt);
	iol_sql_finalize(p.tg);
	iol_sql_finalize(p.sm);
	iol_sql_finalize(p.ga);
	/* last, as in store.c: the store's readers know it changed */
	if (r == 0)
		r = exec(db, IOL_STORE_BUMP_SQL, err);
	if (r == 0)
		r = exec(db, "COMMIT", err);
	else
		iol_sql_exec(db, "ROLLBACK");
	if (r < 0 && p.refused)
		r = seen_refused(db, p.refused, p.rec, p.rt0, p.rt1, err);
	iol_fsmon_release(&m);
	return r;
}

/* ---- reading ---- */

struct get {
	struct iol_sql *db;
	struct iol_fsmon *m;
	double from, to;
	struct iol_error *err;
};

/*
 * Whether recording rec was stored before its intervals carried their
 * restarts (an older iolens): it has resets stored with its targets
 * and no interval marked with one.  (One stored with gaps alone cannot
 * be told apart; its gaps count the same, their seconds by the older
 * rule.)
 */
static int unmarked(struct get *g, int64_t rec, uint64_t resets)
{
	struct iol_sqlst *st;
	char sql[160];
	int r;

	if (!resets)
		return 0;
	snprintf(sql, sizeof(sql),
		 "SELECT 1 FROM fs_samples WHERE rec = ?1 AND (gap & %d) != "
		 "0 LIMIT 1",
		 IOL_IV_RESET);
	if ((r = prep(g->db, sql, &st, g->err)) < 0)
		return r;
	iol_sql_bind_int(st, 1, rec);
	r = iol_sql_step(st);
	iol_sql_finalize(st);
	if (r < 0)
		return dberr(g->db, g->err, "store");
	if (r == 0)
		g->m->unmarked = 1;
	return 0;
}

static int get_targets(struct get *g, int64_t rec)
{
	struct iol_sqlst *st;
	uint64_t resets = 0;
	int r;

	if ((r = prep(g->db,
		      "SELECT name, kind, server, resets, gaps, gap_seconds "
		      "FROM fs_targets WHERE rec = ?1 ORDER BY ord",
		      &st, g->err)) < 0)
		return r;
	iol_sql_bind_int(st, 1, rec);
	while ((r = iol_sql_step(st)) > 0) {
		struct iol_fstarget *t = iol_fsmon_target(
			g->m, iol_sql_text(st, 0), (int)iol_sql_int(st, 1));
		const char *srv = iol_sql_text(st, 2);

		/* a GPFS NSD's servers, a file system's nodes: those of
		 * each recording */
		int many = t && (t->kind == IOL_FSK_NSD ||
				 t->kind == IOL_FSK_GPFSFS);

		if (!t ||
		    (srv && many && iol_fstarget_servers_add(t, srv) < 0) ||
		    (srv && !many && !t->server &&
		     !(t->server = strdup(srv)))) {
			r = IOL_ENOMEM;
			break;
		}
		t->resets += (uint64_t)iol_sql_int(st, 3);
		resets += (uint64_t)iol_sql_int(st, 3);
		t->gaps += (uint64_t)iol_sql_int(st, 4);
		t->gap_seconds += iol_sql_real(st, 5);
		g->m->resets += (uint64_t)iol_sql_int(st, 3);
		g->m->gaps += (uint64_t)iol_sql_int(st, 4);
		g->m->gap_seconds += iol_sql_real(st, 5);
	}
	iol_sql_finalize(st);
	if (r == IOL_ENOMEM)
		return iol_error_set(g->err, r, "out of memory");
	return r < 0 ? dberr(g->db, g->err, "store") : unmarked(g, rec, resets);
}

static int get_samples(struct get *g, int64_t rec)
{
	struct iol_sqlst *st;
	int r;

	if ((r = prep(g->db,
		      "SELECT series, name, t0, t1, rbytes, wbytes, reads, "
		      "writes, gap FROM fs_samples WHERE rec = ?1 AND (t0 IS "
		      "NULL OR (t1 >= ?2 AND t0 <= ?3)) ORDER BY id",
		      &st, g->err)) < 0)
		return r;
	iol_sql_bind_int(st, 1, rec);
	iol_sql_bind_real(st, 2, g->from);
	iol_sql_bind_real(st, 3, g->to);
	while ((r = iol_sql_step(st)) > 0) {
		struct iol_devset *ds =
			iol_sql_int(st, 0) ? &g->m->mdops : &g->m->data;
		struct iol_ival iv = {0};

		if (iol_sql_coltype(st, 2) == IOL_SQL_NULL) {
			r = iol_devset_add(ds, iol_sql_text(st, 1), NULL);
		} else {
			iv.start = iol_sql_real(st, 2);
			iv.end = iol_sql_real(st, 3);
			iv.rbytes = iol_sql_int(st, 4);
			iv.wbytes = iol_sql_int(st, 5);
			iv.reads = iol_sql_real(st, 6);
			iv.writes = iol_sql_real(st, 7);
			iv.gap = (int)iol_sql_int(st, 8);
			iv.util = -1;
			r = iol_devset_add(ds, iol_sql_text(st, 1), &iv);
		}
		if (r < 0)
			break;
	}
	iol_sql_finalize(st);
	if (r == IOL_ENOMEM)
		return iol_error_set(g->err, r, "out of memory");
	return r < 0 ? dberr(g->db, g->err, "store") : 0;
}

/* CPU inside the window; fullness up to its end from the latest
 * snapshot at or before its start (the one that counts there) */
static int get_gauges(struct get *g, int64_t rec)
{
	struct iol_sqlst *st;
	int r;

	if ((r = prep(g->db,
		      "SELECT name, kind, what, t, v, v2 FROM fs_gauges g "
		      "WHERE rec = ?1 AND t <= ?3 AND ((what = 0 AND t >= ?2) "
		      "OR (what = 1 AND t >= COALESCE((SELECT MAX(h.t) FROM "
		      "fs_gauges h WHERE h.name = g.name AND h.kind = g.kind "
		      "AND h.what = 1 AND h.t <= ?2), -1e300))) ORDER BY id",
		      &st, g->err)) < 0)
		return r;
	iol_sql_bind_int(st, 1, rec);
	iol_sql_bind_real(st, 2, g->from);
	iol_sql_bind_real(st, 3, g->to);
	while ((r = iol_sql_step(st)) > 0) {
		struct iol_fstarget *t = iol_fsmon_target(
			g->m, iol_sql_text(st, 0), (int)iol_sql_int(st, 1));
		double v2 = iol_sql_coltype(st, 5) == IOL_SQL_NULL
				    ? NAN
				    : iol_sql_real(st, 5);

		double tt = iol_sql_real(st, 3), v = iol_sql_real(st, 4);

		if (!t)
			r = IOL_ENOMEM;
		else if (iol_sql_int(st, 2))
			r = iol_fsmon_gauge(&t->full, &t->nfull, &t->fullcap,
					    tt, v, v2);
		else
			r = iol_fsmon_gauge(&t->cpu, &t->ncpu, &t->cpucap, tt,
					    v, v2);
		if (r < 0)
			break;
	}
	iol_sql_finalize(st);
	if (r == IOL_ENOMEM)
		return iol_error_set(g->err, r, "out of memory");
	return r < 0 ? dberr(g->db, g->err, "store") : 0;
}

/* one recording: its name and format, then its rows */
static int get_rec(struct get *g, int64_t rec, int fmt, const char *fsname)
{
	int r;

	if (!g->m->fsname[0] && fsname)
		snprintf(g->m->fsname, sizeof(g->m->fsname), "%s", fsname);
	g->m->mixed |= g->m->fmt && g->m->fmt != fmt;
	if (!g->m->fmt)
		g->m->fmt = fmt;
	r = get_targets(g, rec);
	if (r == 0)
		r = get_samples(g, rec);
	return r ? r : get_gauges(g, rec);
}

struct recinfo {
	int64_t id;
	int fmt;
	char *fsname;
};

/* the recordings in the order stored, into *v (caller frees) */
static int get_recs(struct get *g, struct recinfo **v, size_t *n)
{
	struct iol_sqlst *st;
	size_t cap = 0;
	int r;

	if ((r = prep(g->db,
		      "SELECT id, fmt, fsname FROM fs_recordings ORDER BY id",
		      &st, g->err)) < 0)
		return r;
	while ((r = iol_sql_step(st)) > 0) {
		const char *name = iol_sql_text(st, 2);

		if (*n == cap) {
			struct recinfo *nv = realloc(
				*v, (cap = cap ? 2 * cap : 16) * sizeof(**v));

			if (!nv) {
				r = IOL_ENOMEM;
				break;
			}
			*v = nv;
		}
		(*v)[*n].id = iol_sql_int(st, 0);
		(*v)[*n].fmt = (int)iol_sql_int(st, 1);
		if (!((*v)[*n].fsname = strdup(name ? name : ""))) {
			r = IOL_ENOMEM;
			break;
		}
		(*n)++;
	}
	iol_sql_finalize(st);
	if (r == IOL_ENOMEM)
		return iol_error_set(g->err, r, "out of memory");
	return r < 0 ? dberr(g->db, g->err, "store") : 0;
}

static int get_all(struct get *g)
{
	struct recinfo *v = NULL;
	size_t n = 0, i;
	int r = 0;

	/* the recordings first: one statement at a time streams on
	 * PostgreSQL */
	if (iol_sql_has_column(g->db, "fs_recordings", NULL))
		r = get_recs(g, &v, &n);
	if (r == 0 && !n)
		r = iol_error_set(g->err, IOL_EEMPTY,
				  "no file-system telemetry in the store "
				  "(iolens ingest --fsload)");
	for (i = 0; r == 0 && i < n; i++)
		r = get_rec(g, v[i].id, v[i].fmt, v[i].fsname);
	for (i = 0; i < n; i++)
		free(v[i].fsname);
	free(v);
	return r;
}

int iol_fsstore_read(struct iol_fsmon *m, const char *store, double from,
		     double to, struct iol_error *err)
{
	struct get g = {NULL, m, isnan(from) ? -FAR : from,
			isnan(to) ? FAR : to, err};
	int r;

	if ((r = iol_sql_open(&g.db, store, IOL_SQL_RO, err)) < 0)
		return r;
	r = get_all(&g);
	iol_sql_close(g.db);
	return r;
}

/* ---- merging a store's into another (merge-db) ---- */

/* the rows of table for recording from in src, into dst as recording to:
 * cols are copied by type, rec is rewritten */
static int copy_rows(struct iol_sql *dst, struct iol_sql *src,
		     const char *table, const char *cols, int ncols,
		     const char *order, int64_t from, int64_t to,
		     struct iol_error *err)
{
	struct iol_sqlst *rd = NULL, *wr = NULL;
	char *q =
		iol_sql_mprintf("SELECT %s FROM %s WHERE rec = ?1 ORDER BY %s",
				cols, table, order);
	char *ins = iol_sql_mprintf(
		"INSERT INTO %s (rec, %s) VALUES (?1%s)", table, cols,
		ncols == 3   ? ", ?2, ?3, ?4"
		: ncols == 6 ? ", ?2, ?3, ?4, ?5, ?6, ?7"
		: ncols == 7 ? ", ?2, ?3, ?4, ?5, ?6, ?7, ?8"
			     : ", ?2, ?3, ?4, ?5, ?6, ?7, ?8, "
			       "?9, ?10");
	int r = q && ins ? 0 : iol_error_set(err, IOL_ENOMEM, "out of memory"),
	    bad = 0;

	if (r == 0 && (r = prep(src, q, &rd, err)) == 0 &&
	    (r = prep(dst, ins, &wr, err)) == 0) {
		iol_sql_bind_int(rd, 1, from);
		while ((r = iol_sql_step(rd)) > 0) {
			int i;

			iol_sql_bind_int(wr, 1, to);
			for (i = 0; i < ncols; i++)
				switch (iol_sql_coltype(rd, i)) {
				case IOL_SQL_NULL:
					iol_sql_bind_null(wr, i + 2);
					break;
				case IOL_SQL_INT:
					iol_sql_bind_int(wr, i + 2,
							 iol_sql_int(rd, i));
					break;
				case IOL_SQL_REAL:
					iol_sql_bind_real(wr, i + 2,
							  iol_sql_real(rd, i));
					break;
				default:
					iol_sql_bind_text(wr, i + 2,
							  iol_sql_text(rd, i),
							  -1);
				}
			if (iol_sql_step(wr) < 0)
				bad = dberr(dst, err, "store");
			iol_sql_reset(wr);
			if (bad)
				break;
		}
		if (r < 0 && !bad)
			bad = dberr(src, err, "shard");
		r = bad;
	}
	iol_sql_finalize(rd);
	iol_sql_finalize(wr);
	iol_sql_free(q);
	iol_sql_free(ins);
	return r;
}

/* a recording's copy of a report (merge_seen): the column and period
 * the SQL check found (c->copy) or the store's constraint refused
 * (c->key set) */
struct clash {
	int copy;
	char key[300];
	double t0, t1;
};

/* the columns recording from of src holds, as recording to of dst: each
 * checked as ingest checks it (seen_once), so that a copy of a report
 * that dst holds under another name is found in this transaction */
static int merge_seen(struct iol_sql *dst, struct iol_sql *src, int64_t from,
		      int64_t to, struct clash *c, struct iol_error *err)
{
	struct iol_sqlst *rd = NULL, *q = NULL, *in = NULL;
	const char *refused = NULL;
	int r;

	if ((r = prep(src,
		      "SELECT key, t0, t1 FROM fs_seen WHERE rec = ?1 ORDER "
		      "BY key, t0",
		      &rd, err)) < 0 ||
	    (r = prep(dst, SEEN_CLASH_SQL, &q, err)) < 0 ||
	    (r = prep(dst,
		      "INSERT INTO fs_seen (rec, key, t0, t1) VALUES (?1, ?2, "
		      "?3, ?4)",
		      &in, err)) < 0)
		goto out;
	iol_sql_bind_int(rd, 1, from);
	while ((r = iol_sql_step(rd)) > 0) {
		const char *key = iol_sql_text(rd, 0);
		double t0 = iol_sql_real(rd, 1), t1 = iol_sql_real(rd, 2);

		r = seen_once(dst, q, in, to, key ? key : "", t0, t1, &refused,
			      err);
		c->copy = r > 0;
		if (refused)
			snprintf(c->key, sizeof(c->key), "%s", refused);
		c->t0 = t0;
		c->t1 = t1;
		if (r)
			goto out;
	}
	if (r < 0)
		r = dberr(src, err, "shard");
out:
	iol_sql_finalize(rd);
	iol_sql_finalize(q);
	iol_sql_finalize(in);
	return r > 0 ? IOL_ECORRUPT : r;
}

/* one recording of src, not in dst, into dst */
static int merge_rec(struct iol_sql *dst, struct iol_sql *src, int64_t from,
		     const char *source, int64_t size, int64_t mtime,
		     const char *format, int fmt, const char *fsname,
		     double when, struct clash *c, struct iol_error *err)
{
	struct iol_sqlst *st;
	int64_t to = 0, sz, mt;
	int r;

	if ((r = prep(dst,
		      "INSERT INTO fs_recordings (source, size, mtime_ns, "
		      "format, fmt, fsname, ingest_time) VALUES (?1, ?2, ?3, "
		      "?4, ?5, ?6, ?7)",
		      &st, err)) < 0)
		return r;
	iol_sql_bind_text(st, 1, source, -1);
	iol_sql_bind_int(st, 2, size);
	iol_sql_bind_int(st, 3, mtime);
	iol_sql_bind_text(st, 4, format, -1);
	iol_sql_bind_int(st, 5, fmt);
	iol_sql_bind_text(st, 6, fsname, -1);
	iol_sql_bind_real(st, 7, when);
	r = iol_sql_step(st) < 0 ? dberr(dst, err, "store") : 0;
	iol_sql_finalize(st);
	if (r == 0)
		r = lookup(dst, source, &to, &sz, &mt, err);
	if (r == 0)
		r = copy_rows(dst, src, "fs_targets",
			      "ord, name, kind, server, resets, gaps, "
			      "gap_seconds",
			      7, "ord", from, to, err);
	if (r == 0)
		r = copy_rows(dst, src, "fs_samples",
			      "series, name, t0, t1, rbytes, wbytes, reads, "
			      "writes, gap",
			      9, "id", from, to, err);
	if (r == 0)
		r = copy_rows(dst, src, "fs_gauges",
			      "name, kind, what, t, v, v2", 6, "id", from, to,
			      err);
	/* a shard of an older iolens has no fs_seen */
	if (r == 0 && iol_sql_has_column(src, "fs_seen", NULL))
		r = merge_seen(dst, src, from, to, c, err);
	return r;
}

/* recording from of src into dst in a transaction of its own, unless dst
 * holds it (the first store keeps it) or it is a copy of a report dst
 * holds under another name: left out then, as ingest refuses it, and
 * said in res (merge-db goes on with the rest) */
static int merge_one(struct iol_sql *dst, struct iol_sql *src, int64_t from,
		     const char *source, int64_t size, int64_t mtime,
		     const char *format, int fmt, const char *fsname,
		     double when, struct iol_fsmerged *res,
		     struct iol_error *err)
{
	struct clash c = {0, "", 0, 0};
	int64_t old, sz, mt;
	int r;

	if ((r = lookup(dst, source, &old, &sz, &mt, err)) < 0 || old)
		return r;
	r = exec(dst, "BEGIN", err);
	if (r == 0)
		r = merge_rec(dst, src, from, source, size, mtime, format, fmt,
			      fsname, when, &c, err);
	if (r == 0)
		r = exec(dst, IOL_STORE_BUMP_SQL, err);
	if (r == 0 && (r = exec(dst, "COMMIT", err)) == 0) {
		res->added++;
		return 0;
	}
	iol_sql_exec(dst, "ROLLBACK");
	if (c.key[0])
		seen_refused(dst, c.key, -1, c.t0, c.t1, err);
	else if (!c.copy)
		return r;
	if (!res->skipped++)
		snprintf(res->why, sizeof(res->why), "'%s': %s", source,
			 err ? err->msg : "a copy");
	return 0;
}

int iol_fsstore_merge(struct iol_sql *dst, struct iol_sql *src,
		      struct iol_fsmerged *res, struct iol_error *err)
{
	struct iol_sqlst *st = NULL;
	struct {
		int64_t id, size, mtime;
		int fmt;
		double when;
		char *source, *format, *fsname;
	} *v = NULL, *nv;
	size_t n = 0, cap = 0, i;
	int r = 0;

	if (!iol_sql_has_column(src, "fs_recordings", NULL))
		return 0;
	if ((r = create(dst, err)) < 0 ||
	    (r = prep(src,
		      "SELECT id, source, size, mtime_ns, format, fmt, "
		      "fsname, ingest_time FROM fs_recordings ORDER BY id",
		      &st, err)) < 0)
		return r;
	/* the list first: one statement at a time streams on PostgreSQL */
	while ((r = iol_sql_step(st)) > 0) {
		const char *a = iol_sql_text(st, 1), *b = iol_sql_text(st, 4),
			   *c = iol_sql_text(st, 6);

		if (n == cap) {
			if (!(nv = realloc(v, (cap = cap ? 2 * cap : 8) *
						      sizeof(*v)))) {
				r = IOL_ENOMEM;
				break;
			}
			v = nv;
		}
		v[n].id = iol_sql_int(st, 0);
		v[n].size = iol_sql_int(st, 2);
		v[n].mtime = iol_sql_int(st, 3);
		v[n].fmt = (int)iol_sql_int(st, 5);
		v[n].when = iol_sql_real(st, 7);
		v[n].source = strdup(a ? a : "");
		v[n].format = strdup(b ? b : "");
		v[n].fsname = strdup(c ? c : "");
		n++;
		if (!v[n - 1].source || !v[n - 1].format || !v[n - 1].fsname) {
			r = IOL_ENOMEM;
			break;
		}
	}
	iol_sql_finalize(st);
	if (r < 0)
		r = r == IOL_ENOMEM ? iol_error_set(err, r, "out of memory")
				    : dberr(src, err, "shard");
	for (i = 0; r == 0 && i < n; i++)
		r = merge_one(dst, src, v[i].id, v[i].source, v[i].size,
			      v[i].mtime, v[i].format, v[i].fmt, v[i].fsname,
			      v[i].when, res, err);
	for (i = 0; i < n; i++) {
		free(v[i].source);
		free(v[i].format);
		free(v[i].fsname);
	}
	free(v);
	return r;
}
