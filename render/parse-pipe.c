/*
 * parse --base/--all formatted on every core (render/parse-pipe.h).
 *
 * A ring of slots, each a batch of RB record copies and the text they
 * make.  The caller fills slots in ring order; workers format any queued
 * slot, oldest first; the caller writes finished slots in ring order
 * with one large write each, and formats a queued slot itself when it
 * has to wait for it, so no schedule can change the text or stall.
 * Decoding and accumulating (the caller) overlap with formatting (the
 * workers): the formatting was over half of parse --all's time.  The
 * caller is one of the nthreads: with one worker fewer it formats the
 * batches the workers leave (the ring is full), and the workers sleep
 * less often between batches (0.02 s less CPU on many-files).
 */
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "counters/modules.h"
#include "render/parse-pipe.h"
#include "render/parse-text.h"
#include "base/banned.h"

enum { RB = 32, MAXTHREADS = 64 };
enum { S_FREE, S_TODO, S_BUSY, S_DONE };

struct pslot {
	int state;
	int err; /* IOL_ENOMEM while formatting */
	struct iol_rec *recs;
	size_t n;
	struct obuf out;
	struct parse_line l;
};

struct ppipe {
	pthread_mutex_t mu;
	pthread_cond_t work, done;
	pthread_t th[MAXTHREADS];
	int nth, stop, failed;
	const struct iol_dlog *d;
	struct obuf *ob;
	struct pslot *s;
	size_t nslot;
	size_t fill, wr; /* slots queued and written so far */
};

int ppipe_takes(int mod)
{
	/* their records borrow arrays valid only until the next record */
	return mod != IOL_MOD_LUSTRE && mod != IOL_MOD_HEATMAP &&
	       mod != IOL_MOD_MDHIM;
}

static void format_slot(struct ppipe *p, struct pslot *s)
{
	size_t i;

	s->out.len = 0;
	for (i = 0; i < s->n && !s->err; i++)
		if (parse_text_record(&s->out, &s->l, p->d, &s->recs[i]) < 0)
			s->err = IOL_ENOMEM;
	if (s->out.err)
		s->err = IOL_ENOMEM;
}

/* the oldest queued slot, or NULL; under mu */
static struct pslot *next_todo(struct ppipe *p)
{
	size_t k;

	for (k = p->wr; k < p->fill; k++)
		if (p->s[k % p->nslot].state == S_TODO)
			return &p->s[k % p->nslot];
	return NULL;
}

static void *worker(void *arg)
{
	struct ppipe *p = arg;
	struct pslot *s;

	pthread_mutex_lock(&p->mu);
	for (;;) {
		while (!p->stop && !(s = next_todo(p)))
			pthread_cond_wait(&p->work, &p->mu);
		if (p->stop)
			break;
		s->state = S_BUSY;
		pthread_mutex_unlock(&p->mu);
		format_slot(p, s);
		pthread_mutex_lock(&p->mu);
		s->state = S_DONE;
		pthread_cond_broadcast(&p->done);
	}
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

static void slots_free(struct ppipe *p)
{
	size_t i;

	for (i = 0; i < p->nslot; i++) {
		free(p->s[i].recs);
		free(p->s[i].out.buf);
		free(p->s[i].l.suf);
	}
	free(p->s);
}

static int slots_alloc(struct ppipe *p)
{
	size_t i;

	p->s = calloc(p->nslot, sizeof(*p->s));
	if (!p->s)
		return -1;
	for (i = 0; i < p->nslot; i++) {
		p->s[i].recs = malloc(RB * sizeof(*p->s[i].recs));
		if (!p->s[i].recs || obuf_init_mem(&p->s[i].out, 1 << 18) < 0)
			return -1;
	}
	return 0;
}

struct ppipe *ppipe_start(const struct iol_dlog *d, struct obuf *ob,
			  int nthreads)
{
	struct ppipe *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->d = d;
	p->ob = ob;
	p->nslot = 2 * (size_t)nthreads + 2;
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->work, NULL);
	pthread_cond_init(&p->done, NULL);
	if (slots_alloc(p) < 0) {
		ppipe_finish(p);
		return NULL;
	}
	for (; p->nth < nthreads - 1 && p->nth < MAXTHREADS; p->nth++)
		if (pthread_create(&p->th[p->nth], NULL, worker, p) != 0) {
			ppipe_finish(p);
			return NULL;
		}
	return p;
}

/* Write the oldest queued slot once formatted (by the caller when no
 * worker has taken it), and free it. */
static void write_one(struct ppipe *p)
{
	struct pslot *s = &p->s[p->wr % p->nslot];

	pthread_mutex_lock(&p->mu);
	while (s->state != S_DONE) {
		if (s->state == S_TODO) {
			s->state = S_BUSY;
			pthread_mutex_unlock(&p->mu);
			format_slot(p, s);
			pthread_mutex_lock(&p->mu);
			s->state = S_DONE;
		} else {
			pthread_cond_wait(&p->done, &p->mu);
		}
	}
	pthread_mutex_unlock(&p->mu);
	if (s->err)
		p->failed = 1; /* the text would have a hole */
	if (!p->failed) {
		obuf_flush(p->ob);
		obuf_write_fd(p->ob, s->out.buf, s->out.len);
	}
	s->n = 0;
	s->err = 0;
	s->out.len = 0;
	s->out.err = 0;
	pthread_mutex_lock(&p->mu);
	s->state = S_FREE;
	p->wr++;
	pthread_mutex_unlock(&p->mu);
}

static void queue_fill(struct ppipe *p)
{
	pthread_mutex_lock(&p->mu);
	p->s[p->fill % p->nslot].state = S_TODO;
	p->fill++;
	pthread_cond_signal(&p->work);
	pthread_mutex_unlock(&p->mu);
}

/* the written-out slots ahead of the oldest that is not done */
static int slot_done(struct ppipe *p, size_t k)
{
	int st;

	pthread_mutex_lock(&p->mu);
	st = p->s[k % p->nslot].state;
	pthread_mutex_unlock(&p->mu);
	return st == S_DONE;
}

/* Copy only the counters r uses: the whole struct is 1.3 KB. */
static void rec_copy(struct iol_rec *dst, const struct iol_rec *r)
{
	memcpy(dst, r, offsetof(struct iol_rec, ic));
	memcpy(dst->ic, r->ic, (size_t)r->nint * sizeof(r->ic[0]));
	memcpy(dst->fc, r->fc, (size_t)r->nflt * sizeof(r->fc[0]));
	memcpy(&dst->file_rec_id, &r->file_rec_id,
	       sizeof(*r) - offsetof(struct iol_rec, file_rec_id));
}

int ppipe_add(struct ppipe *p, const struct iol_rec *r)
{
	struct pslot *s;

	if (p->fill - p->wr == p->nslot)
		write_one(p);
	s = &p->s[p->fill % p->nslot];
	rec_copy(&s->recs[s->n++], r);
	if (s->n == RB) {
		queue_fill(p);
		while (p->wr < p->fill && slot_done(p, p->wr))
			write_one(p);
	}
	return p->failed ? IOL_ENOMEM : 0;
}

int ppipe_drain(struct ppipe *p)
{
	/* a full ring: the slot after the last is the oldest, not one
	 * being filled */
	if (p->fill - p->wr < p->nslot && p->s[p->fill % p->nslot].n)
		queue_fill(p);
	while (p->wr < p->fill)
		write_one(p);
	return p->failed ? IOL_ENOMEM : 0;
}

int ppipe_finish(struct ppipe *p)
{
	int ret = 0, i;

	if (!p)
		return 0;
	if (p->s)
		ret = ppipe_drain(p);
	pthread_mutex_lock(&p->mu);
	p->stop = 1;
	pthread_cond_broadcast(&p->work);
	pthread_mutex_unlock(&p->mu);
	for (i = 0; i < p->nth; i++)
		pthread_join(p->th[i], NULL);
	if (p->s)
		slots_free(p);
	pthread_mutex_destroy(&p->mu);
	pthread_cond_destroy(&p->work);
	pthread_cond_destroy(&p->done);
	free(p);
	return ret;
}
