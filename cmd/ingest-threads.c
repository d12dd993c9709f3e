/*
 * The threads executor of iolens ingest: N decoder threads take items from
 * a bounded queue and put them, decoded, on a result queue the writer
 * waits on.  The writer never lets more than cap items be in flight, so
 * both queues are rings of cap slots and memory stays bounded whatever the
 * number of logs.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/ingest.h"
#include "cmd/util.h"
#include "base/banned.h"

struct ring {
	struct item **v;
	int head, n;
};

struct tex {
	struct executor ex;
	const struct iol_popctx *ctx;
	pthread_mutex_t mu;
	pthread_cond_t work, done;
	struct ring todo, ready;
	int stopping, nthreads;
	pthread_t *tid;
};

static void ring_push(struct ring *r, int cap, struct item *it)
{
	r->v[(r->head + r->n) % cap] = it;
	r->n++;
}

static struct item *ring_pop(struct ring *r, int cap)
{
	struct item *it = r->v[r->head];

	r->head = (r->head + 1) % cap;
	r->n--;
	return it;
}

static void *decoder(void *arg)
{
	struct tex *t = arg;

	for (;;) {
		struct item *it;

		pthread_mutex_lock(&t->mu);
		while (!t->todo.n && !t->stopping)
			pthread_cond_wait(&t->work, &t->mu);
		if (!t->todo.n) {
			pthread_mutex_unlock(&t->mu);
			return NULL;
		}
		it = ring_pop(&t->todo, t->ex.cap);
		pthread_mutex_unlock(&t->mu);
		item_decode(it, t->ctx);
		pthread_mutex_lock(&t->mu);
		ring_push(&t->ready, t->ex.cap, it);
		pthread_cond_signal(&t->done);
		pthread_mutex_unlock(&t->mu);
	}
}

static void t_submit(struct executor *ex, struct item *it)
{
	struct tex *t = (struct tex *)ex;

	pthread_mutex_lock(&t->mu);
	ring_push(&t->todo, ex->cap, it);
	pthread_cond_signal(&t->work);
	pthread_mutex_unlock(&t->mu);
}

static struct item *t_wait(struct executor *ex)
{
	struct tex *t = (struct tex *)ex;
	struct item *it;

	pthread_mutex_lock(&t->mu);
	while (!t->ready.n)
		pthread_cond_wait(&t->done, &t->mu);
	it = ring_pop(&t->ready, ex->cap);
	pthread_mutex_unlock(&t->mu);
	return it;
}

static void t_stop(struct executor *ex)
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
	free(t->todo.v);
	free(t->ready.v);
	free(t->tid);
	free(t);
}

struct executor *threads_start(int nthreads, const struct iol_popctx *ctx)
{
	struct tex *t = xcalloc(1, sizeof(*t));
	int i;

	t->ex.cap = 4 * nthreads + 8;
	t->ex.submit = t_submit;
	t->ex.wait = t_wait;
	t->ex.stop = t_stop;
	t->ctx = ctx;
	t->todo.v = xcalloc((size_t)t->ex.cap, sizeof(*t->todo.v));
	t->ready.v = xcalloc((size_t)t->ex.cap, sizeof(*t->ready.v));
	t->tid = xcalloc((size_t)nthreads, sizeof(*t->tid));
	pthread_mutex_init(&t->mu, NULL);
	pthread_cond_init(&t->work, NULL);
	pthread_cond_init(&t->done, NULL);
	for (i = 0; i < nthreads; i++) {
		if (pthread_create(&t->tid[i], NULL, decoder, t) != 0)
			break;
		t->nthreads++;
	}
	if (!t->nthreads) {
		msg("cannot start a decoder thread");
		exit(EXIT_DATA);
	}
	return &t->ex;
}
