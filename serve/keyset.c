/*
 * Deep pages of the job list read at their place (keyset paging): the
 * offset stays the URL's parameter, and the server translates it.  The
 * list's order is a column's index (the column, then the row's id), and
 * OFFSET steps through every entry before the page: at a million jobs
 * 6-12 ms of CPU a page at offset 500,000-990,000 against under 1 ms at
 * 1,000.  So the key (value, id) of every EVERY-th row of an order is
 * kept, found once in one pass from the last one known (what OFFSET
 * would have stepped through for that page), and a page at
 * offset o is read after the key of row (o / EVERY) x EVERY - 1, at
 * most EVERY - 1 entries stepped.  Kept per filter, order and state of
 * the store (store_stamp: any write to it makes the keys again), for
 * NSLOT of them, the least recently used let go.  SQLite stores only
 * (iol_popdb_keyset); pages before the first EVERY rows as before.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "population/popdb.h"
#include "serve/internal.h"
#include "serve/store.h"
#include "base/banned.h"

#define EVERY 1000
#define NSLOT 16
/* keys kept an order at most: 100M rows */
#define MAXKEYS 100000

struct slot {
	char key[800], stamp[128], sort[72];
	int desc;
	struct iol_popkey *k; /* k[m]: the row at (m + 1) x every - 1 */
	size_t n;
	unsigned long used;
};

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static struct slot slots[NSLOT];
static unsigned long tick, pages_after, keys_made;
static long every;

/* IOLENS_TEST_ANCHOR_EVERY: a test's store of 30 jobs has deep pages */
static long every_rows(void)
{
	const char *e = getenv("IOLENS_TEST_ANCHOR_EVERY");
	long v = e && *e ? atol(e) : 0;

	return v >= 2 && v <= EVERY ? v : EVERY;
}

static int key_copy(struct iol_popkey *to, const struct iol_popkey *from)
{
	*to = *from;
	to->t = NULL;
	return from->t && !(to->t = strdup(from->t)) ? -1 : 0;
}

static void slot_clear(struct slot *s)
{
	for (size_t i = 0; i < s->n; i++)
		iol_popkey_free(&s->k[i]);
	free(s->k);
	memset(s, 0, sizeof *s);
}

/* the slot of this order (under mu), made when new */
static struct slot *slot_of(const char *key, const char *stamp,
			    const char *sort, int desc)
{
	struct slot *s = &slots[0];

	for (int i = 0; i < NSLOT; i++) {
		if (!strcmp(slots[i].key, key) &&
		    !strcmp(slots[i].stamp, stamp) &&
		    !strcmp(slots[i].sort, sort) && slots[i].desc == desc) {
			slots[i].used = ++tick;
			return &slots[i];
		}
		if (slots[i].used < s->used)
			s = &slots[i];
	}
	slot_clear(s);
	snprintf(s->key, sizeof s->key, "%s", key);
	snprintf(s->stamp, sizeof s->stamp, "%s", stamp);
	snprintf(s->sort, sizeof s->sort, "%s", sort);
	s->desc = desc;
	s->used = ++tick;
	return s;
}

/* keys m0 .. need - 1 found after *from (NULL when m0 is 0) into k, in
 * one pass; how many */
static size_t keys_find(struct iol_popdb *db, const struct joblist_q *q,
			const char *sort, int desc,
			const struct iol_popkey *from, size_t m0, size_t need,
			struct iol_popkey *k)
{
	struct iol_error err = {0};
	size_t got = 0;

	if (iol_popdb_page_keys(db, q->f, sort, desc, m0 ? from : NULL, every,
				need - m0, k, &got, &err) < 0) {
		for (size_t i = 0; i < got; i++)
			iol_popkey_free(&k[i]);
		return 0;
	}
	return got;
}

/* k appended to the slot if it is still the one it was read for, at n0 */
static void keys_keep(const char *key, const char *stamp, const char *sort,
		      int desc, size_t n0, struct iol_popkey *k, size_t nk)
{
	struct slot *s;
	struct iol_popkey *g;

	pthread_mutex_lock(&mu);
	s = slot_of(key, stamp, sort, desc);
	g = s->n == n0 ? realloc(s->k, (n0 + nk) * sizeof *g) : NULL;
	if (g) {
		memcpy(g + n0, k, nk * sizeof *g);
		s->k = g;
		s->n = n0 + nk;
		keys_made += nk;
	}
	pthread_mutex_unlock(&mu);
	if (!g)
		for (size_t i = 0; i < nk; i++)
			iol_popkey_free(&k[i]);
}

/* The key of the row before the place of q's offset (rounded down to
 * every rows) into *at; 1, or 0 when none (read from the first). */
static int key_before(const struct serve_opts *o, struct iol_popdb *db,
		      const struct joblist_q *q, struct iol_popkey *at)
{
	const char *sort = q->sort + (*q->sort == '-');
	int desc = *q->sort == '-', got = 0;
	size_t need = (size_t)(q->offset / every), n0, nk;
	char key[800], stamp[128];
	struct iol_popkey last, *k;
	struct slot *s;

	if (!need || need > MAXKEYS ||
	    !store_filter_key(q->f, key, sizeof key) ||
	    store_stamp(o, db, stamp, sizeof stamp) < 0)
		return 0;
	pthread_mutex_lock(&mu);
	s = slot_of(key, stamp, sort, desc);
	n0 = s->n < need ? s->n : need;
	if (n0 && key_copy(n0 == need ? at : &last, &s->k[n0 - 1]) == 0)
		got = 1;
	pthread_mutex_unlock(&mu);
	if (n0 == need)
		return got;
	if (n0 && !got)
		return 0;
	if (!(k = calloc(need - n0, sizeof *k))) {
		if (n0)
			iol_popkey_free(&last);
		return 0;
	}
	nk = keys_find(db, q, sort, desc, n0 ? &last : NULL, n0, need, k);
	if (n0)
		iol_popkey_free(&last);
	got = nk == need - n0 && key_copy(at, &k[nk - 1]) == 0;
	keys_keep(key, stamp, sort, desc, n0, k, nk);
	free(k);
	return got;
}

int keyset_open(const struct serve_opts *o, struct iol_popdb *db,
		const struct joblist_q *q, const char *const *cols,
		size_t ncols, struct iol_popcur **cur, struct iol_error *err)
{
	const char *sort = q->sort + (*q->sort == '-');
	int desc = *q->sort == '-', rc;
	struct iol_popkey at;

	pthread_mutex_lock(&mu);
	if (!every)
		every = every_rows();
	pthread_mutex_unlock(&mu);
	if (!o || !iol_popdb_keyset(db) || !strcmp(sort, "id") ||
	    q->offset < every || !key_before(o, db, q, &at))
		return iol_popcur_open_page(db, q->f, cols, ncols, sort, desc,
					    q->limit, q->offset, cur, err);
	rc = iol_popcur_open_page_after(db, q->f, cols, ncols, sort, desc,
					q->limit, q->offset % every, &at, cur,
					err);
	iol_popkey_free(&at);
	pthread_mutex_lock(&mu);
	pages_after++;
	pthread_mutex_unlock(&mu);
	return rc;
}

void keyset_stats(unsigned long *pages, unsigned long *keys)
{
	pthread_mutex_lock(&mu);
	*pages = pages_after;
	*keys = keys_made;
	pthread_mutex_unlock(&mu);
}
