/*
 * The threads executor of an ingest run (ingest.h): n decoder threads
 * take items from one ring and put them, decoded, on another.
 * Owner: lib/population.
 */
#define _GNU_SOURCE /* _SC_NPROCESSORS_ONLN */
#include <malloc.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "population/ingest.h"
#include "base/banned.h"

struct ring {
	struct iol_ingest_item **v;
	int head, n;
};

struct tex {
	struct iol_ingest_exec ex;
	const struct iol_popctx *ctx;
	pthread_mutex_t mu;
	pthread_cond_t work, done;
	struct ring todo, ready;
	int stopping, nthreads;
	int wake;	    /* decoded items that wake the writer */
	int running, limit; /* decoders at work, and at most */
	pthread_t *tid;
};

static void ring_push(struct ring *r, int cap, struct iol_ingest_item *it)
{
	r->v[(r->head + r->n) % cap] = it;
	r->n++;
}

static struct iol_ingest_item *ring_pop(struct ring *r, int cap)
{
	struct iol_ingest_item *it = r->v[r->head];

	r->head = (r->head + 1) % cap;
	r->n--;
	return it;
}

static void *decoder(void *arg)
{
	struct tex *t = arg;

	for (;;) {
		struct iol_ingest_item *it;

		pthread_mutex_lock(&t->mu);
		while ((!t->todo.n || t->running >= t->limit) && !t->stopping)
			pthread_cond_wait(&t->work, &t->mu);
		if (!t->todo.n) {
			pthread_mutex_unlock(&t->mu);
			return NULL;
		}
		it = ring_pop(&t->todo, t->ex.cap);
		t->running++;
		pthread_mutex_unlock(&t->mu);
		iol_ingest_item_decode(it, t->ctx);
		pthread_mutex_lock(&t->mu);
		t->running--;
		ring_push(&t->ready, t->ex.cap, it);
		/* the writer woken for a batch, not for each item (a wake-up
		 * and a sleep per log cost as much as a small log's insert),
		 * or when no work is left that would fill one */
		if (t->ready.n >= t->wake || !t->todo.n)
			pthread_cond_signal(&t->done);
		pthread_mutex_unlock(&t->mu);
	}
}

static void t_submit(struct iol_ingest_exec *ex, struct iol_ingest_item *it)
{
	struct tex *t = (struct tex *)ex;

	pthread_mutex_lock(&t->mu);
	ring_push(&t->todo, ex->cap, it);
	pthread_cond_signal(&t->work);
	pthread_mutex_unlock(&t->mu);
}

static struct iol_ingest_item *t_wait(struct iol_ingest_exec *ex)
{
	struct tex *t = (struct tex *)ex;
	struct iol_ingest_item *it;

	pthread_mutex_lock(&t->mu);
	while (!t->ready.n)
		pthread_cond_wait(&t->done, &t->mu);
	it = ring_pop(&t->ready, ex->cap);
	pthread_mutex_unlock(&t->mu);
	return it;
}

/* One decoder fewer while the writer builds, which gets a core of its
 * own: with a decoder a core it had n/(n+1) of one, and the decoders ran
 * out of logs before the build was done (ingest.c) */
static void t_writer_busy(struct iol_ingest_exec *ex, int busy)
{
	struct tex *t = (struct tex *)ex;

	pthread_mutex_lock(&t->mu);
	t->limit = busy && t->nthreads > 1 ? t->nthreads - 1 : t->nthreads;
	pthread_cond_broadcast(&t->work);
	pthread_mutex_unlock(&t->mu);
}

static void t_free(struct tex *t)
{
	free(t->todo.v);
	free(t->ready.v);
	free(t->tid);
	free(t);
}

static void t_stop(struct iol_ingest_exec *ex)
{
	struct tex *t = (struct tex *)ex;
	int i;

	pthread_mutex_lock(&t->mu);
	t->stopping = 1;
	pthread_cond_broadcast(&t->work);
	pthread_mutex_unlock(&t->mu);
	for (i = 0; i < t->nthreads; i++)
		pthread_join(t->tid[i], NULL);
	pthread_mutex_destroy(&t->mu);
	pthread_cond_destroy(&t->work);
	pthread_cond_destroy(&t->done);
	t_free(t);
}

struct iol_ingest_exec *iol_ingest_threads(int nthreads,
					   const struct iol_popctx *ctx,
					   struct iol_error *err)
{
	struct tex *t = calloc(1, sizeof(*t));
	long nc = sysconf(_SC_NPROCESSORS_ONLN);
	int i;

	if (!nthreads)
		nthreads = nc > 0 ? (int)(nc < 1024 ? nc : 1024) : 1;
	/* A log's job is 1 MiB arena blocks malloc'd and freed a log: by
	 * glibc's default the blocks went back to the kernel (trimmed, or
	 * mmap'd past its moving threshold) and the next log faulted them in
	 * again, zeroed: 20,000 page faults for 4,910 logs, 5,200 with the
	 * freed memory kept (8 MB more RSS).  For the process (ingest.h). */
	mallopt(M_MMAP_THRESHOLD, 32 << 20);
	mallopt(M_TRIM_THRESHOLD, 64 << 20);
	if (!t)
		goto nomem;
	/* room for the decoders to go on while the writer commits (a WAL
	 * checkpoint writes and syncs megabytes): with 16 logs in flight
	 * they had 1 ms of work left, and waited.  At most the 4,104 that
	 * 1,024 threads had: decoded rows wait in memory for the writer,
	 * woken at half of that.  And the walk's lead (IOL_INGEST_AHEAD):
	 * logs not yet decoded, a path each. */
	t->wake = (nthreads < 128 ? 32 * nthreads + 32 : 4104) / 2;
	t->ex.cap = 2 * t->wake + IOL_INGEST_AHEAD;
	t->ex.ahead = IOL_INGEST_AHEAD;
	t->ex.submit = t_submit;
	t->ex.wait = t_wait;
	t->ex.stop = t_stop;
	t->ex.writer_busy = t_writer_busy;
	t->ctx = ctx;
	t->todo.v = calloc((size_t)t->ex.cap, sizeof(*t->todo.v));
	t->ready.v = calloc((size_t)t->ex.cap, sizeof(*t->ready.v));
	t->tid = calloc((size_t)nthreads, sizeof(*t->tid));
	if (!t->todo.v || !t->ready.v || !t->tid)
		goto nomem;
	pthread_mutex_init(&t->mu, NULL);
	pthread_cond_init(&t->work, NULL);
	pthread_cond_init(&t->done, NULL);
	t->limit = nthreads;
	for (i = 0; i < nthreads; i++) {
		if (pthread_create(&t->tid[i], NULL, decoder, t) != 0)
			break;
		t->nthreads++;
	}
	pthread_mutex_lock(&t->mu);
	t->limit = t->nthreads;
	pthread_mutex_unlock(&t->mu);
	if (!t->nthreads) {
		t_stop(&t->ex);
		iol_error_set(err, IOL_EIO, "cannot start a decoder thread");
		return NULL;
	}
	return &t->ex;
nomem:
	if (t)
		t_free(t);
	iol_error_set(err, IOL_ENOMEM, "out of memory");
	return NULL;
}
