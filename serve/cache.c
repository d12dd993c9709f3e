/*
 * The outputs of the commands the pages run, remembered: a job page's
 * sections are the same every time its log is the same (logs do not
 * change; a log that does has another identity: device, inode, size,
 * mtime), and the dashboard's are the same while the store is (its
 * files, or a PostgreSQL store's generation: store_stamp()).
 * A revisit then costs no child.  Bounded in bytes; the least recently
 * used output goes first.  A hash of chains for the lookup, a list in
 * order of use for the eviction, one mutex (held for copies only).
 * A command killed (at the time or output limit, or by a crash) is
 * remembered so for a while only: the next try is a few minutes away,
 * not a request away.  One thread at a time runs a command: another
 * asking for the same output waits for it (50 clients opening the
 * dashboard of a million jobs start one child, not fifty).
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "serve/internal.h"
#include "base/banned.h"

#define NBUCKET 4096
#define CACHE_MAX ((size_t)64 << 20)
#define KILLED_TTL 300.0 /* seconds a killed command's output is kept */
#define NFLIGHT 64	 /* commands being run at once, at most, waited for */

struct entry {
	struct entry *next;	     /* in its bucket */
	struct entry *newer, *older; /* in order of use */
	char *key;
	size_t klen, size;
	double expires; /* monotonic seconds; 0: never */
	int status, timedout, toobig;
	struct sb out, err;
};

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static size_t cache_max = CACHE_MAX;
static struct entry *bucket[NBUCKET];
static struct entry *newest, *oldest;
static size_t used;
static struct serve_stats stats;
static pthread_cond_t landed = PTHREAD_COND_INITIALIZER;
static struct sb flight[NFLIGHT]; /* the keys being run */
static double flight_t0[NFLIGHT]; /* since when (CLOCK_REALTIME) */

static double mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double realtime(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int in_flight(const struct sb *key)
{
	for (int i = 0; i < NFLIGHT; i++)
		if (flight[i].len == key->len &&
		    !memcmp(flight[i].s, key->s, key->len))
			return i;
	return -1;
}

/* key marked as being run: 0, or -1 when no mark is free */
static int take_off(const struct sb *key)
{
	for (int i = 0; i < NFLIGHT; i++)
		if (!flight[i].len) {
			flight[i].nomem = 0;
			sb_put(&flight[i], key->s, key->len);
			if (flight[i].nomem)
				return -1;
			flight_t0[i] = realtime();
			return 0;
		}
	return -1;
}

static void land(const struct sb *key)
{
	int i = in_flight(key);

	if (i >= 0) {
		flight[i].len = 0;
		pthread_cond_broadcast(&landed);
	}
}

static uint64_t hash(const char *k, size_t n)
{
	uint64_t h = 14695981039346656037ULL; /* FNV-1a */

	while (n--)
		h = (h ^ (unsigned char)*k++) * 1099511628211ULL;
	return h;
}

static void unlink_use(struct entry *e)
{
	if (e->newer)
		e->newer->older = e->older;
	else
		newest = e->older;
	if (e->older)
		e->older->newer = e->newer;
	else
		oldest = e->newer;
	e->newer = e->older = NULL;
}

static void link_newest(struct entry *e)
{
	e->older = newest;
	e->newer = NULL;
	if (newest)
		newest->newer = e;
	newest = e;
	if (!oldest)
		oldest = e;
}

static struct entry **find(const char *k, size_t n)
{
	struct entry **p = &bucket[hash(k, n) % NBUCKET];

	while (*p && ((*p)->klen != n || memcmp((*p)->key, k, n)))
		p = &(*p)->next;
	return p;
}

static void drop(struct entry *e)
{
	struct entry **p = find(e->key, e->klen);

	*p = e->next;
	unlink_use(e);
	used -= e->size;
	free(e->key);
	sb_free(&e->out);
	sb_free(&e->err);
	free(e);
}

static void copy(struct sb *to, const struct sb *from)
{
	memset(to, 0, sizeof(*to));
	if (from->len)
		sb_put(to, from->s, from->len);
}

/* A hit: e made the newest and copied into r (under mu); 1, or 0 when a
 * copy ran out of memory. */
static int give(struct entry *e, struct run *r)
{
	unlink_use(e);
	link_newest(e);
	r->status = e->status;
	r->timedout = e->timedout;
	r->toobig = e->toobig;
	copy(&r->out, &e->out);
	copy(&r->err, &e->err);
	stats.hits++;
	return !r->out.nomem && !r->err.nomem;
}

static void count_disk(void)
{
	pthread_mutex_lock(&mu);
	stats.disk++;
	pthread_mutex_unlock(&mu);
}

int cache_get(const struct sb *key, struct run *r, int wait)
{
	struct entry *e;
	int hit = 0, claimed = 0;

	memset(r, 0, sizeof(*r));
	r->status = -1;
	pthread_mutex_lock(&mu);
	for (;;) {
		e = *find(key->s, key->len);
		if (e && e->expires && e->expires < mono()) {
			drop(e);
			e = NULL;
		}
		if (e || !wait || in_flight(key) < 0)
			break;
		pthread_cond_wait(&landed, &mu);
	}
	if (e) {
		hit = give(e, r);
	} else {
		stats.misses++;
		claimed = in_flight(key) < 0 && take_off(key) == 0;
	}
	pthread_mutex_unlock(&mu);
	if (!hit)
		run_free(r);
	/* made at an earlier start (disk.c): kept in memory as made now */
	if (claimed && disk_get(key, r) == 0) {
		cache_put(key, r, 1);
		count_disk();
		return 1;
	}
	return hit ? 1 : claimed ? 0 : -1;
}

int cache_peek(const struct sb *key, struct run *r)
{
	struct entry *e;
	int hit = 0;

	memset(r, 0, sizeof(*r));
	r->status = -1;
	pthread_mutex_lock(&mu);
	e = *find(key->s, key->len);
	if (e && e->expires && e->expires < mono()) {
		drop(e);
		e = NULL;
	}
	if (e)
		hit = give(e, r);
	pthread_mutex_unlock(&mu);
	if (!hit)
		run_free(r);
	/* made at an earlier start, or pushed out of memory since: read
	 * back from disk, kept in memory again (nothing claimed: another
	 * reading it meanwhile puts the same) */
	if (!hit && disk_get(key, r) == 0) {
		cache_put(key, r, 1);
		count_disk();
		return 1;
	}
	return hit;
}

void cache_demote(const struct sb *key)
{
	struct entry *e;

	pthread_mutex_lock(&mu);
	e = *find(key->s, key->len);
	if (e && e != oldest) {
		unlink_use(e);
		e->newer = oldest;
		e->older = NULL;
		oldest->older = e;
		oldest = e;
	}
	pthread_mutex_unlock(&mu);
}

int cache_wait(const struct sb *key, struct run *r, double wait_s)
{
	struct timespec ts;
	struct entry *e;
	double deadline;
	int rc = 0, f;

	memset(r, 0, sizeof(*r));
	r->status = -1;
	pthread_mutex_lock(&mu);
	/* wait_s from when its run began: a visitor coming a minute into
	 * a run of minutes is told at once */
	f = in_flight(key);
	deadline = (f >= 0 ? flight_t0[f] : realtime()) + wait_s;
	ts.tv_sec = (time_t)deadline;
	ts.tv_nsec = (long)((deadline - (double)ts.tv_sec) * 1e9);
	for (;;) {
		e = *find(key->s, key->len);
		if (e && e->expires && e->expires < mono()) {
			drop(e);
			e = NULL;
		}
		if (e || in_flight(key) < 0)
			break;
		if (pthread_cond_timedwait(&landed, &mu, &ts) != 0)
			break;
	}
	if (e) {
		rc = give(e, r);
	} else if (in_flight(key) < 0) {
		rc = -1;
	}
	pthread_mutex_unlock(&mu);
	if (rc < 1)
		run_free(r);
	return rc;
}

static void put(const struct sb *key, const struct run *r, int whole,
		double ttl);

void cache_put(const struct sb *key, const struct run *r, int whole)
{
	put(key, r, whole, 0);
}

void cache_put_for(const struct sb *key, const struct run *r, double ttl)
{
	put(key, r, 0, ttl);
}

static void put(const struct sb *key, const struct run *r, int whole,
		double ttl)
{
	struct entry *e = calloc(1, sizeof(*e));
	size_t size = key->len + r->out.len + r->err.len + sizeof(*e);

	/* one output a browser waited for may take an eighth of the cache,
	 * so that a large one does not push out many; one a background run
	 * made (minutes of a million jobs' tables, while the page said they
	 * are being made) is kept if it fits at all: dropped, each visit
	 * would make it again in the foreground */
	if (!e || size > (whole ? cache_max : cache_max / 8) ||
	    !(e->key = malloc(key->len))) {
		free(e);
		pthread_mutex_lock(&mu);
		land(key);
		pthread_mutex_unlock(&mu);
		return;
	}
	memcpy(e->key, key->s, key->len);
	e->klen = key->len;
	e->size = size;
	e->status = r->status;
	e->timedout = r->timedout;
	e->toobig = r->toobig;
	e->expires = r->status < 0 ? mono() + KILLED_TTL
		     : ttl > 0	   ? mono() + ttl
				   : 0;
	copy(&e->out, &r->out);
	copy(&e->err, &r->err);
	pthread_mutex_lock(&mu);
	land(key);
	if (e->out.nomem || e->err.nomem) {
		pthread_mutex_unlock(&mu);
		sb_free(&e->out);
		sb_free(&e->err);
		free(e->key);
		free(e);
		return;
	}
	{
		struct entry **p = find(key->s, key->len);
		if (*p) /* another thread ran it too */
			drop(*p);
		p = find(key->s, key->len);
		*p = e;
		link_newest(e);
		used += size;
		while (used > cache_max && oldest && oldest != e)
			drop(oldest);
	}
	pthread_mutex_unlock(&mu);
}

void cache_init(void)
{
	/* a test makes the cache small to see what is kept of outputs
	 * larger than a part of it (no test makes 8 MiB of tables) */
	const char *t = getenv("IOLENS_TEST_PAGE_CACHE");
	char *end;
	unsigned long long v;

	if (!t || !*t)
		return;
	v = strtoull(t, &end, 10);
	if (!*end && v >= 1024 && v <= CACHE_MAX)
		cache_max = (size_t)v;
}

void cache_cancel(const struct sb *key)
{
	pthread_mutex_lock(&mu);
	land(key);
	pthread_mutex_unlock(&mu);
}

void cache_count_child(void)
{
	pthread_mutex_lock(&mu);
	stats.children++;
	pthread_mutex_unlock(&mu);
}

void cache_count_spawn(void)
{
	pthread_mutex_lock(&mu);
	stats.spawned++;
	pthread_mutex_unlock(&mu);
}

void cache_count_page(void)
{
	pthread_mutex_lock(&mu);
	stats.pages++;
	pthread_mutex_unlock(&mu);
}

void cache_count_made(void)
{
	pthread_mutex_lock(&mu);
	stats.made++;
	pthread_mutex_unlock(&mu);
}

void cache_count_pass(void)
{
	pthread_mutex_lock(&mu);
	stats.passes++;
	pthread_mutex_unlock(&mu);
}

void cache_stats(struct serve_stats *s)
{
	pthread_mutex_lock(&mu);
	*s = stats;
	s->bytes = used;
	pthread_mutex_unlock(&mu);
}

void cache_free(void)
{
	pthread_mutex_lock(&mu);
	while (oldest)
		drop(oldest);
	for (int i = 0; i < NFLIGHT; i++)
		sb_free(&flight[i]);
	pthread_mutex_unlock(&mu);
}
