/*
 * The pages most likely asked, made before they are: the first visit of
 * a job page waits for its child (exec, the log read, nine tables), a
 * few milliseconds of CPU that a loaded machine stretches to seconds,
 * and a write to the store makes every job page new (its history and
 * context read the store).  So when the store's state changes (and once
 * at the start) a thread of its own, niced, makes the dashboard and the
 * job pages of the newest jobs (the dashboard's latest, the list sorted
 * by start) and of the list's first page (by id), one page at a time,
 * as a visitor would: their commands' outputs are kept, and visitors
 * find them made.  IOLENS_SERVE_WARM: how many jobs from each end
 * (default 50; 0: none, the thread is not started).
 */
#define _GNU_SOURCE
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "serve/internal.h"
#include "serve/store.h"
#include "base/banned.h"

#define WARM_DEFAULT 50
#define WARM_MAX 1000
/* the thread's niceness above the server's: its pages are ahead of
 * need, the visitors' come first (its children are nicer again) */
#define WARM_NICE 5

struct warm {
	const struct serve_opts *o;
	int n; /* jobs from each end */
};

static int warm_count(void)
{
	const char *t = getenv("IOLENS_SERVE_WARM");
	char *end;
	long v;

	if (!t || !*t)
		return WARM_DEFAULT;
	v = strtol(t, &end, 10);
	if (*end || v < 0)
		return WARM_DEFAULT;
	return v > WARM_MAX ? WARM_MAX : (int)v;
}

/* ids[*n..] += the first lim ids in the order sort (desc), none twice */
static void ids_by(struct iol_popdb *db, const char *sort, int desc, int lim,
		   int64_t *ids, int *n)
{
	struct iol_popfilter all = {NULL, NULL, NULL, NAN, NAN, 0, 0};
	static const char *const cols[] = {"id"};
	struct iol_error err = {0};
	struct iol_popcur *cur;
	int64_t id;
	int dup;

	if (iol_popcur_open_page(db, &all, cols, 1, sort, desc, lim, 0, &cur,
				 &err) < 0)
		return;
	while (iol_popcur_next(cur, &err) > 0) {
		id = iol_popcur_int(cur, 0);
		dup = 0;
		for (int i = 0; i < *n && !dup; i++)
			dup = ids[i] == id;
		if (!dup && id > 0)
			ids[(*n)++] = id;
	}
	iol_popcur_close(cur);
}

/* One pass: the dashboard, then the job pages, newest first. */
static void warm_pass(const struct warm *w)
{
	int64_t *ids = calloc((size_t)w->n * 2, sizeof *ids);
	struct iol_popdb *db;
	int n = 0;

	if (!ids)
		return;
	page_make(w->o, 0);
	if ((db = store_get(w->o, NULL, 0))) {
		ids_by(db, "start_time", 1, w->n, ids, &n);
		ids_by(db, "id", 0, w->n, ids, &n);
		store_put(db);
	}
	for (int i = 0; i < n && !run_stopping(); i++)
		page_make(w->o, ids[i]);
	free(ids);
	cache_count_pass();
}

/* a second's sleep, cut short when the server stops */
static void nap(void)
{
	for (int i = 0; i < 10 && !run_stopping(); i++)
		nanosleep(&(struct timespec){0, 100000000}, NULL);
}

static void *warm_main(void *arg)
{
	struct warm *w = arg;
	char last[256] = "", now[256];
	int base;

	/* per thread on Linux: this one alone is niced */
	base = getpriority(PRIO_PROCESS, (id_t)gettid());
	setpriority(PRIO_PROCESS, (id_t)gettid(),
		    base + WARM_NICE > 19 ? 19 : base + WARM_NICE);
	while (!run_stopping()) {
		/* the state before the pass: a write during it is
		 * another state, and another pass (what it made still
		 * kept is found, not made again) */
		if (store_stamp(w->o, NULL, now, sizeof now) == 0 &&
		    strcmp(now, last)) {
			warm_pass(w);
			snprintf(last, sizeof last, "%s", now);
		}
		nap();
	}
	free(w);
	run_bg_add(-1);
	return NULL;
}

void warm_start(const struct serve_opts *o)
{
	struct warm *w;
	pthread_attr_t at;
	pthread_t t;
	int n = warm_count();

	if (n == 0 || !(w = malloc(sizeof *w)))
		return;
	w->o = o;
	w->n = n;
	if (pthread_attr_init(&at) != 0) {
		free(w);
		return;
	}
	pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
	run_bg_add(1);
	if (pthread_create(&t, &at, warm_main, w) != 0) {
		run_bg_add(-1);
		free(w);
	}
	pthread_attr_destroy(&at);
}
