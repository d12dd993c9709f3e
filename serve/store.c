/*
 * What the pages ask the store directly (read-only, through a few
 * handles opened once): the number of jobs matching a filter, a job's
 * log path; and
 * the log opened beneath one of the --logs directories (openat2,
 * RESOLVE_BENEATH: no "..", no symbolic link out, no magic link).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/openat2.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "serve/internal.h"
#include "serve/store.h"
#include "population/popdb.h"
#include "base/banned.h"

/* The store's handles, opened once each and shared by the connections'
 * threads: one thread at a time on a handle (SQLite's are opened
 * without their own mutex).  A thread waits for one when all are in
 * use.  32, not 8: a thread holding one is descheduled while the
 * others wait for the cores, and with 50 clients of the 1M-job store
 * a job page kept whole (its log's path read) waited 30 ms of its 50
 * for a handle and the list 20 of 62 (Server-Timing "pool"). */
#define POOL 32
static pthread_mutex_t pool_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t pool_cv = PTHREAD_COND_INITIALIZER;
static struct iol_popdb *pool_free[POOL];
static int nfree, nopen;
/* the file each open handle reads (stat before its open): a store
 * replaced by another file (a rename over it) is read by the handles
 * opened before it as it was, for as long as they stay open */
static struct {
	struct iol_popdb *db;
	dev_t dev;
	ino_t ino;
} opened[POOL];

/* the milliseconds this thread waited for a handle since the reset */
static _Thread_local double pool_waited;

void store_wait_reset(void)
{
	pool_waited = 0;
}

double store_waited(void)
{
	return pool_waited;
}

static double mono_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* db's entry of opened (under pool_mu), or a free one for db NULL */
static int opened_of(const struct iol_popdb *db)
{
	for (int i = 0; i < POOL; i++)
		if (opened[i].db == db)
			return i;
	return -1;
}

/* 1 when db reads the file at o->db now (0 a replaced one; 1 for a store
 * that is no file, whose handles see its changes) */
static int reads_current(const struct serve_opts *o, const struct iol_popdb *db)
{
	struct stat st;
	int i, same;

	if (stat(o->db, &st) < 0)
		return 1;
	pthread_mutex_lock(&pool_mu);
	i = opened_of(db);
	same = i >= 0 && opened[i].dev == st.st_dev &&
	       opened[i].ino == st.st_ino;
	pthread_mutex_unlock(&pool_mu);
	return same;
}

static void opened_set(const struct iol_popdb *db, struct iol_popdb *now,
		       const struct stat *st)
{
	int i;

	pthread_mutex_lock(&pool_mu);
	if ((i = opened_of(db)) >= 0) {
		opened[i].db = now;
		opened[i].dev = st ? st->st_dev : 0;
		opened[i].ino = st ? st->st_ino : 0;
	}
	pthread_mutex_unlock(&pool_mu);
}

/* a handle of the file at o->db now: db, or one opened in its place when
 * the store was replaced (NULL, with why, when it cannot be) */
static struct iol_popdb *current(const struct serve_opts *o,
				 struct iol_popdb *db, char *why, size_t n)
{
	struct iol_error err = {0};
	struct stat st;
	int known;

	if (db && reads_current(o, db))
		return db;
	known = stat(o->db, &st) == 0;
	if (db) {
		iol_popdb_close(db);
		opened_set(db, NULL, NULL);
		db = NULL;
	}
	if (iol_popdb_open(o->db, &db, &err) < 0) {
		snprintf(why, n, "%s", err.msg);
		return NULL;
	}
	opened_set(NULL, db, known ? &st : NULL);
	return db;
}

struct iol_popdb *store_get(const struct serve_opts *o, char *why, size_t n)
{
	struct iol_popdb *db = NULL;
	double t0 = 0;

	pthread_mutex_lock(&pool_mu);
	if (!nfree && nopen >= POOL)
		t0 = mono_ms();
	while (!nfree && nopen >= POOL)
		pthread_cond_wait(&pool_cv, &pool_mu);
	if (t0 > 0)
		pool_waited += mono_ms() - t0;
	if (nfree)
		db = pool_free[--nfree];
	else
		nopen++;
	pthread_mutex_unlock(&pool_mu);
	if (!(db = current(o, db, why, n))) {
		pthread_mutex_lock(&pool_mu);
		nopen--;
		pthread_cond_signal(&pool_cv);
		pthread_mutex_unlock(&pool_mu);
		return NULL;
	}
	return db;
}

void store_put(struct iol_popdb *db)
{
	pthread_mutex_lock(&pool_mu);
	pool_free[nfree++] = db;
	pthread_cond_signal(&pool_cv);
	pthread_mutex_unlock(&pool_mu);
}

void store_close_all(void)
{
	pthread_mutex_lock(&pool_mu);
	while (nfree)
		iol_popdb_close(pool_free[--nfree]);
	memset(opened, 0, sizeof opened);
	nopen = 0;
	pthread_mutex_unlock(&pool_mu);
}

/* The counts of the filters asked lately, good while the store's files
 * are as they were (an ingest into it changes their times and sizes):
 * a million rows are counted in tens of milliseconds, and a list's pages
 * ask the same count again and again.  A count being made is marked
 * pending, and the requests for the same filter wait for it: 50 clients
 * starting at once on the 1M-job store each counted the same million
 * rows (28 ms of CPU each), all of them waiting for the cores. */
#define NCOUNT 64
static struct {
	char key[800];
	char stamp[128];
	int64_t n;
	int pending;
	/* the slot's count made again (a new key, or the same after a
	 * failure), and whether its last one failed, why */
	unsigned gen;
	int failed;
	char why[256];
} counts[NCOUNT];
static unsigned count_next;
static unsigned long long count_runs;
static int count_waiting;
static pthread_mutex_t count_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t count_cv = PTHREAD_COND_INITIALIZER;

static void stamp_of(const char *db, char *s, size_t n)
{
	char wal[PATH_MAX];
	struct stat a, b;

	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	snprintf(wal, sizeof wal, "%s-wal", db);
	if (stat(db, &a) < 0)
		a.st_size = -1;
	if (stat(wal, &b) < 0)
		b.st_size = -1;
	snprintf(s, n, "%llu:%lld.%ld:%lld/%lld.%ld:%lld",
		 (unsigned long long)a.st_ino, (long long)a.st_mtim.tv_sec,
		 a.st_mtim.tv_nsec, (long long)a.st_size,
		 (long long)b.st_mtim.tv_sec, b.st_mtim.tv_nsec,
		 (long long)b.st_size);
}

/* The state of a store that is no file (PostgreSQL): asked of it, on
 * db or, when NULL, on a handle of the pool; 0, or -1 (nothing to know
 * it unchanged by: not to be kept). */
static int asked_stamp(const struct serve_opts *o, struct iol_popdb *db,
		       char *s, size_t n)
{
	struct iol_error err = {0};
	struct iol_popdb *h = db;
	char why[256];
	int rc;

	if (!h && !(h = store_get(o, why, sizeof why)))
		return -1;
	rc = n > 2 ? iol_popdb_state(h, s + 2, n - 2, &err) : -1;
	if (!db)
		store_put(h);
	if (rc < 1)
		return -1;
	memcpy(s, "P:", 2);
	return 0;
}

int store_stamp(const struct serve_opts *o, struct iol_popdb *db, char *s,
		size_t n)
{
	struct stat a;

	if (stat(o->db, &a) < 0)
		return asked_stamp(o, db, s, n);
	/* what db reads is not the file stamped: what it gives (a count,
	 * a page's keys) not to be kept as the file's */
	if (!S_ISREG(a.st_mode) || (db && !reads_current(o, db)))
		return -1;
	stamp_of(o->db, s, n);
	return 0;
}

/* the filter as a key: each value with its length, so none runs into
 * the next; 0 when too long to keep */
static int key_of(const struct iol_popfilter *f, char *k, size_t n)
{
	const char *v[] = {f->user, f->app, f->project};
	size_t len = 0;
	int w;

	for (int i = 0; i < 3; i++) {
		w = snprintf(k + len, n - len, "%zu:%s|",
			     v[i] ? strlen(v[i]) : 0, v[i] ? v[i] : "-");
		if (w < 0 || (size_t)w >= n - len)
			return 0;
		len += (size_t)w;
	}
	w = snprintf(k + len, n - len, "%.17g|%.17g|%lld", f->from, f->to,
		     (long long)f->id);
	return w >= 0 && (size_t)w < n - len;
}

int store_filter_key(const struct iol_popfilter *f, char *k, size_t n)
{
	return key_of(f, k, n);
}

void store_count_stats(unsigned long long *runs, int *waiting)
{
	pthread_mutex_lock(&count_mu);
	*runs = count_runs;
	*waiting = count_waiting;
	pthread_mutex_unlock(&count_mu);
}

/* the slot of key at stamp, or -1 (under count_mu) */
static int count_slot(const char *key, const char *stamp)
{
	for (int i = 0; i < NCOUNT; i++)
		if (!strcmp(counts[i].key, key) &&
		    !strcmp(counts[i].stamp, stamp))
			return i;
	return -1;
}

/* A test holds the count being made (IOLENS_TEST_COUNT_HOLD: while the
 * file it names is there) to see the others wait for it, whatever the
 * schedule. */
static void count_test_hold(void)
{
	const char *f = getenv("IOLENS_TEST_COUNT_HOLD");
	struct stat st;

	while (f && *f && stat(f, &st) == 0 && !run_stopping())
		nanosleep(&(struct timespec){0, 20000000}, NULL);
}

/* The count of f, made here; its slot i (or -1) given its result. */
static int count_made(struct iol_popdb *db, const struct iol_popfilter *f,
		      int i, int64_t *n, char *why, size_t nwhy)
{
	struct iol_error err = {0};
	int rc;

	pthread_mutex_lock(&count_mu);
	count_runs++;
	pthread_mutex_unlock(&count_mu);
	count_test_hold();
	rc = iol_popdb_count(db, f, n, &err);
	if (rc < 0)
		snprintf(why, nwhy, "%s", err.msg);
	if (i < 0)
		return rc < 0 ? -1 : 0;
	pthread_mutex_lock(&count_mu);
	counts[i].pending = 0;
	counts[i].n = *n;
	counts[i].failed = rc < 0;
	if (rc < 0) { /* not kept: a request after it counts again */
		counts[i].key[0] = '\0';
		snprintf(counts[i].why, sizeof counts[i].why, "%s", why);
	}
	pthread_cond_broadcast(&count_cv);
	pthread_mutex_unlock(&count_mu);
	return rc < 0 ? -1 : 0;
}

int store_count(const struct serve_opts *o, struct iol_popdb *db,
		const struct iol_popfilter *f, int64_t *n, char *why,
		size_t nwhy)
{
	char key[800], stamp[128];
	int keep = key_of(f, key, sizeof key) &&
		   store_stamp(o, db, stamp, sizeof stamp) == 0;
	int i;

	if (!keep)
		return count_made(db, f, -1, n, why, nwhy);
	pthread_mutex_lock(&count_mu);
	while ((i = count_slot(key, stamp)) >= 0 && counts[i].pending) {
		unsigned gen = counts[i].gen;

		count_waiting++;
		pthread_cond_wait(&count_cv, &count_mu);
		count_waiting--;
		/* the count waited for failed: so does this request, rather
		 * than count again after it, each waiter in turn (a store
		 * locked past its busy timeout: 10 s a waiter) */
		if (counts[i].gen == gen && counts[i].failed) {
			snprintf(why, nwhy, "%s", counts[i].why);
			pthread_mutex_unlock(&count_mu);
			return -1;
		}
	}
	if (i >= 0) {
		*n = counts[i].n;
		pthread_mutex_unlock(&count_mu);
		return 0;
	}
	/* a slot not pending: another's count is not overwritten */
	for (int k = 0; k < NCOUNT; k++) {
		i = (int)(count_next++ % NCOUNT);
		if (!counts[i].pending)
			break;
		i = -1;
	}
	if (i >= 0) {
		snprintf(counts[i].key, sizeof counts[i].key, "%s", key);
		snprintf(counts[i].stamp, sizeof counts[i].stamp, "%s", stamp);
		counts[i].pending = 1;
		counts[i].failed = 0;
		counts[i].gen++;
	}
	pthread_mutex_unlock(&count_mu);
	return count_made(db, f, i, n, why, nwhy);
}

/* The text of column name in the job's row, copied into buf; 1 found, 0
 * not, -1 an error. */
/* The cursor on the one row of where (an id, a path: unique), column
 * col[0]: LIMIT 1, as a cursor on every row in id order reads a store
 * of many jobs in chunks of ids on two connections (iol_popcur_open_cols:
 * 107 ms of CPU to find one job of a million, three times a job page). */
static int one_row(struct iol_popdb *db, const char *where,
		   const char *const *col, struct iol_popcur **cur,
		   struct iol_error *err)
{
	return iol_popcur_open_sorted(db, where, col, 1, "id", 0, 1, cur, err);
}

int store_job_col(const struct serve_opts *o, int64_t id, const char *name,
		  char *buf, size_t n)
{
	struct iol_error err = {0};
	struct iol_popdb *db;
	struct iol_popcur *cur;
	char where[64], why[256];
	int rc;

	snprintf(where, sizeof(where), "id = %lld", (long long)id);
	if (!(db = store_get(o, why, sizeof why)))
		return -1;
	rc = one_row(db, where, &name, &cur, &err);
	if (rc == 0) {
		rc = iol_popcur_next(cur, &err);
		if (rc > 0 && iol_popcur_ncols(cur) == 1 &&
		    iol_popcur_type(cur, 0) == IOL_POPV_TEXT)
			snprintf(buf, n, "%s", iol_popcur_text(cur, 0));
		else if (rc > 0)
			rc = 0;
		iol_popcur_close(cur);
	}
	store_put(db);
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
	char why[256];
	int64_t id = 0;

	sb_puts(&w, "path = ");
	sb_sql(&w, path);
	if (w.nomem || !(db = store_get(o, why, sizeof why))) {
		sb_free(&w);
		return 0;
	}
	if (one_row(db, w.s, cols, &cur, &err) == 0) {
		if (iol_popcur_next(cur, &err) > 0)
			id = iol_popcur_int(cur, 0);
		iol_popcur_close(cur);
	}
	store_put(db);
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
