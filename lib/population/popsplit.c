/*
 * One query's rows read on two connections, in id order (popsplit.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "population/popsplit.h"
#include "base/banned.h"

/* chunks the helper may hold decoded ahead of the reader, and the
 * bytes of values a chunk may hold (its rows fewer where a query has
 * many columns): NSLOT x SLOT_BYTES of address space at most, beside
 * its text */
#define NSLOT 4
#define SLOT_BYTES (512 * 1024)

struct slot {
	int64_t k; /* its chunk; -1: free */
	int full;  /* decoded (or failed: rc) */
	int rc;
	size_t nrows, cap; /* rows, and values room */
	struct iol_popsv *v;
	char *txt;
	size_t tlen, tcap;
	char msg[256];
};

struct iol_popsplit {
	struct iol_sqlst *st; /* the reader's */
	struct iol_sql *db2;
	struct iol_sqlst *st2, *pin2;
	int ncols;
	int64_t lo, hi, step, nchunk;
	pthread_t th;
	int started;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int64_t next; /* the first chunk no side has taken */
	int64_t at;   /* the reader's chunk, and whether it steps it live */
	int at_live;
	int turns; /* the helper takes the odd chunks, the reader the even */
	int stop;
	struct slot slot[NSLOT];
	/* the reader's place: chunk k, live on st or slot cs's row r */
	int64_t k;
	struct slot *cs;
	size_t r;
	int live;
	int64_t rows[2];
	char msg[256];
};

static void bind_chunk(struct iol_popsplit *sp, struct iol_sqlst *st, int64_t k)
{
	int64_t a = sp->lo + k * sp->step;
	int64_t b = k + 1 == sp->nchunk ? sp->hi : a + sp->step - 1;

	iol_sql_reset(st);
	iol_sql_bind_int(st, 1, a);
	iol_sql_bind_int(st, 2, b);
}

/* Room for n more bytes of text in s. */
static int txt_room(struct slot *s, size_t n)
{
	char *t;
	size_t cap = s->tcap ? s->tcap : 65536;

	if (s->tcap - s->tlen > n)
		return 0;
	while (cap - s->tlen <= n)
		cap *= 2;
	if (!(t = realloc(s->txt, cap)))
		return -1;
	s->txt = t;
	s->tcap = cap;
	return 0;
}

/* Value i of st2's row into v. */
static int take_val(struct iol_popsplit *sp, struct slot *s, int i,
		    struct iol_popsv *v)
{
	const char *t;

	v->i = 0;
	v->off = v->len = 0;
	v->type = iol_sql_num(sp->st2, i, &v->i, &v->d);
	if (v->type != IOL_SQL_TEXT)
		return 0;
	if (!(t = iol_sql_text(sp->st2, i))) {
		v->type = IOL_SQL_NULL;
		return 0;
	}
	v->len = (uint32_t)iol_sql_bytes(sp->st2, i);
	if (txt_room(s, v->len + 1) < 0)
		return -1;
	v->off = (uint32_t)s->tlen;
	memcpy(s->txt + s->tlen, t, v->len);
	s->txt[s->tlen + v->len] = '\0';
	s->tlen += v->len + 1;
	return 0;
}

/* Chunk s->k's rows decoded into s (the helper's side). */
static void fill(struct iol_popsplit *sp, struct slot *s)
{
	int rc;

	s->nrows = s->tlen = 0;
	s->rc = 0;
	bind_chunk(sp, sp->st2, s->k);
	while ((rc = iol_sql_step(sp->st2)) == 1) {
		size_t need = (s->nrows + 1) * (size_t)sp->ncols;
		struct iol_popsv *v = s->v;

		if (need > s->cap) {
			size_t cap = s->cap ? s->cap * 2 : need * 256;
			if (!(v = realloc(s->v, cap * sizeof *v))) {
				rc = IOL_ENOMEM;
				break;
			}
			s->v = v;
			s->cap = cap;
		}
		v += s->nrows * (size_t)sp->ncols;
		for (int i = 0; i < sp->ncols && rc == 1; i++)
			if (take_val(sp, s, i, &v[i]) < 0)
				rc = IOL_ENOMEM;
		if (rc != 1)
			break;
		s->nrows++;
	}
	if (rc < 0) {
		s->rc = rc == IOL_ENOMEM ? IOL_ENOMEM : IOL_ECORRUPT;
		snprintf(s->msg, sizeof s->msg, "%s",
			 rc == IOL_ENOMEM ? "out of memory"
					  : iol_sql_errmsg(sp->db2));
	}
	iol_sql_reset(sp->st2);
}

static struct slot *free_slot(struct iol_popsplit *sp)
{
	for (int i = 0; i < NSLOT; i++)
		if (sp->slot[i].k < 0)
			return &sp->slot[i];
	return NULL;
}

/* May the helper take the next chunk now?  Into a free slot; and not
 * the one the reader comes to next while it reads a decoded chunk (a
 * few microseconds a row): the reader then steps it itself, rather than
 * wait for the helper, whose copying makes a chunk dearer. */
static struct slot *may_take(struct iol_popsplit *sp)
{
	if (sp->turns && sp->next % 2 == 0)
		return NULL;
	if (sp->next == sp->at + 1 && !sp->at_live && sp->at >= 0)
		return NULL;
	return free_slot(sp);
}

/* The helper: the next chunk no one has taken, while a slot is free. */
static void *helper(void *arg)
{
	struct iol_popsplit *sp = arg;
	struct slot *s;

	pthread_mutex_lock(&sp->mu);
	for (;;) {
		while (!sp->stop && sp->next < sp->nchunk &&
		       !(s = may_take(sp)))
			pthread_cond_wait(&sp->cv, &sp->mu);
		if (sp->stop || sp->next >= sp->nchunk)
			break;
		s->k = sp->next++;
		s->full = 0;
		pthread_mutex_unlock(&sp->mu);
		fill(sp, s);
		pthread_mutex_lock(&sp->mu);
		s->full = 1;
		pthread_cond_broadcast(&sp->cv);
		if (s->rc < 0)
			break;
	}
	pthread_mutex_unlock(&sp->mu);
	return NULL;
}

/* The helper thread, on a stack of HELPER_STACK bytes: the default's
 * 8 MiB of address space would be more than a whole streaming analysis
 * needs (t/7132 runs variance and groups of 100,000 jobs under ulimit -v
 * of what 406 jobs need plus 12 MiB); SQLite's deepest stepping needs
 * far less.  1 when it runs. */
#define HELPER_STACK (1024 * 1024)
static int start_helper(struct iol_popsplit *sp)
{
	pthread_attr_t at;
	int rc;

	if (pthread_attr_init(&at) != 0)
		return 0;
	rc = pthread_attr_setstacksize(&at, HELPER_STACK) == 0 &&
	     pthread_create(&sp->th, &at, helper, sp) == 0;
	pthread_attr_destroy(&at);
	return rc;
}

int iol_popsplit_open(struct iol_sqlst *st, struct iol_sql *db2,
		      struct iol_sqlst *st2, struct iol_sqlst *pin2, int64_t lo,
		      int64_t hi, int64_t step, struct iol_popsplit **out)
{
	struct iol_popsplit *sp = calloc(1, sizeof *sp);

	*out = NULL;
	if (!sp) {
		iol_sql_finalize(st2);
		iol_sql_finalize(pin2);
		iol_sql_close(db2);
		return IOL_ENOMEM;
	}
	sp->st = st;
	sp->db2 = db2;
	sp->st2 = st2;
	sp->pin2 = pin2;
	sp->ncols = iol_sql_ncols(st);
	sp->lo = lo;
	sp->hi = hi;
	sp->step = step < 1 ? 1 : step;
	/* a chunk's values within SLOT_BYTES: the rows held ahead stay a
	 * bounded few MiB whatever the query's columns */
	if (sp->ncols > 0) {
		int64_t most =
			(int64_t)(SLOT_BYTES / ((size_t)sp->ncols *
						sizeof(struct iol_popsv)));

		if (sp->step > most)
			sp->step = most;
	}
	if (sp->step < 1)
		sp->step = 1;
	sp->nchunk = (hi - lo) / sp->step + 1;
	sp->k = sp->at = -1;
	for (int i = 0; i < NSLOT; i++)
		sp->slot[i].k = -1;
	pthread_mutex_init(&sp->mu, NULL);
	pthread_cond_init(&sp->cv, NULL);
	/* IOLENS_TEST_POP_TURNS: chunks by turns, whatever the schedule,
	 * so that a test can count what each connection read */
	sp->turns = getenv("IOLENS_TEST_POP_TURNS") != NULL;
	/* no thread: the reader takes every chunk itself */
	sp->started = start_helper(sp);
	if (!sp->started)
		sp->turns = 0;
	*out = sp;
	return 0;
}

/* Start chunk k: on st when no side has taken it, else the helper's
 * slot of it once decoded.  0, or < 0 the helper's error. */
static int start_chunk(struct iol_popsplit *sp, int64_t k, const char **msg)
{
	struct slot *s = NULL;

	pthread_mutex_lock(&sp->mu);
	sp->at = k;
	sp->at_live = sp->next == k && (!sp->turns || k % 2 == 0);
	pthread_cond_broadcast(&sp->cv);
	if (sp->at_live) {
		sp->next++;
		pthread_mutex_unlock(&sp->mu);
		sp->live = 1;
		sp->cs = NULL;
		bind_chunk(sp, sp->st, k);
		return 0;
	}
	for (;;) {
		for (int i = 0; i < NSLOT && !s; i++)
			if (sp->slot[i].k == k && sp->slot[i].full)
				s = &sp->slot[i];
		if (s)
			break;
		pthread_cond_wait(&sp->cv, &sp->mu);
	}
	pthread_mutex_unlock(&sp->mu);
	sp->live = 0;
	sp->cs = s;
	sp->r = 0;
	if (s->rc < 0) {
		snprintf(sp->msg, sizeof sp->msg, "%s", s->msg);
		*msg = sp->msg;
		return s->rc;
	}
	return 0;
}

/* The slot the reader has read to its end, given back to the helper. */
static void give_back(struct iol_popsplit *sp)
{
	if (!sp->cs)
		return;
	pthread_mutex_lock(&sp->mu);
	sp->cs->k = -1;
	sp->cs->full = 0;
	pthread_cond_broadcast(&sp->cv);
	pthread_mutex_unlock(&sp->mu);
	sp->cs = NULL;
}

int iol_popsplit_next(struct iol_popsplit *sp, const struct iol_popsv **row,
		      const char **txt, const char **msg)
{
	int rc;

	*row = NULL;
	*txt = NULL;
	for (;;) {
		if (sp->k >= 0 && sp->live) {
			if ((rc = iol_sql_step(sp->st)) == 1) {
				sp->rows[0]++;
				return 1;
			}
			if (rc < 0)
				return rc;
		} else if (sp->k >= 0 && sp->r < sp->cs->nrows) {
			*row = sp->cs->v + sp->r++ * (size_t)sp->ncols;
			*txt = sp->cs->txt;
			sp->rows[1]++;
			return 1;
		}
		give_back(sp);
		if (++sp->k >= sp->nchunk) {
			sp->k = sp->nchunk;
			return 0;
		}
		if ((rc = start_chunk(sp, sp->k, msg)) < 0)
			return rc;
	}
}

void iol_popsplit_rows(const struct iol_popsplit *sp, int64_t rows[2])
{
	rows[0] = sp->rows[0];
	rows[1] = sp->rows[1];
}

void iol_popsplit_close(struct iol_popsplit *sp)
{
	if (!sp)
		return;
	if (sp->started) {
		pthread_mutex_lock(&sp->mu);
		sp->stop = 1;
		pthread_cond_broadcast(&sp->cv);
		pthread_mutex_unlock(&sp->mu);
		pthread_join(sp->th, NULL);
	}
	pthread_mutex_destroy(&sp->mu);
	pthread_cond_destroy(&sp->cv);
	for (int i = 0; i < NSLOT; i++) {
		free(sp->slot[i].v);
		free(sp->slot[i].txt);
	}
	iol_sql_finalize(sp->st2);
	iol_sql_finalize(sp->pin2);
	iol_sql_close(sp->db2);
	free(sp);
}
