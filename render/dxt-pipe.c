/*
 * The segment lines of darshan-dxt-parser, fast and on every core.
 *
 * darshan-dxt-parser prints each segment with
 *   "%8s%8lld%7s%9d%16lld%16lld%12.4f%12.4f  " then " %4lu\n"
 * (or " N/A\n" without thread ids).  Nearly every line fits those widths
 * with non-negative numbers, so the fast path writes the digits right-
 * aligned into space-filled fields with a two-digit table, and rounds the
 * times to four decimals exactly as glibc's printf does (half to even on
 * the exact binary value, in 128-bit integers).  Any line that does not
 * fit (negative, huge, NaN) is printed with snprintf instead, so the
 * output is byte-identical whatever the values.
 *
 * The pipeline is a ring of slots: the caller fills them in order (text,
 * or a chunk of a record's segments), workers format chunks in any order,
 * and the slots are written in ring order (by whichever worker finds the
 * slot at the head formatted), so the output never depends on the number
 * of threads.  The ring bounds the memory held: at most
 * NSLOT chunks of output plus the segments of the records they cover.
 *
 * Out of memory is an error returned, never an exit: a chunk that cannot
 * grow its buffer is marked failed, nothing is written from there
 * on (the output would have a hole) and dxp_drain() returns IOL_ENOMEM.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/error.h"
#include "render/dxt-pipe.h"
#include "render/fmtfast.h"
#include "base/banned.h"

enum { CHUNK = 8192, NSLOT = 8, MAXTHREADS = DXP_MAXTHREADS, NPOOL = 2 };
/* a slot is a batch: header text and pieces of records, queued when it
 * holds CHUNK segments or PEND bytes of text, so that small records do not
 * cost a thread wake-up each */
enum { PEND = 1 << 20 };
/* the bytes a segment line takes on the fast path, at most */
enum { LINE = 112 };

/* one record's segments, shared by its chunks; freed with the last */
struct drec {
	char prefix[48]; /* "%8s%8lld" of module and rank */
	size_t plen;
	int has_tid;
	const struct iol_seg *segs; /* in block */
	void *block;		    /* malloc()ed, blockcap bytes */
	size_t blockcap;
	int64_t wcount;
	size_t left; /* chunks not yet written */
};

/* segment arrays of written records, kept for the next ones: a fresh
 * array of tens of megabytes costs as much in page faults as its lines
 * cost to format */
struct pooled {
	void *v;
	size_t cap; /* bytes */
};

enum { S_FREE, S_TODO, S_BUSY, S_DONE };

/* segments [from, from+n) of rec, after the slot's text up to tend */
struct piece {
	size_t tend;
	struct drec *rec;
	size_t from, n;
};

struct slot {
	int state;
	int failed; /* out of memory while formatting */
	char *buf;  /* the output */
	size_t len, cap;
	char *text; /* header lines, between and after the pieces */
	size_t tlen, tcap;
	struct piece *pc;
	size_t npc, pccap, nsegs;
};

struct dxp {
	int fd, nthreads, stop;
	int lazy;  /* threads wanted, not started yet */
	int err;   /* errno of the first failed write, 0 if none */
	int nomem; /* a chunk could not be formatted: nothing more written */
	/* err or nomem, as the writing worker saw them, set with mu held:
	 * the caller and the other workers read this, never err itself,
	 * which the writer sets unlocked */
	int failed;
	pthread_mutex_t mu;
	pthread_cond_t work; /* workers wait here for chunks */
	pthread_cond_t cv;   /* the caller waits here for written slots */
	pthread_t th[MAXTHREADS];
	int writing; /* a worker is writing the slots at head */
	int started;
	uint64_t head, next, tail; /* write, format and fill positions */
	struct slot s[NSLOT];
	struct pooled pool[NPOOL];
	int npool;
	/* output buffers of written slots, the last written on top: a
	 * slot formats into the most recently used one, whose pages are
	 * already mapped (and warm), so the text of a whole trace goes
	 * through as many buffers as are in flight at once, not NSLOT
	 * fresh ones that page-fault on first touch */
	struct pooled outs[NSLOT + 1];
	int nouts;
	struct slot pend; /* text not yet queued */
};

/* The same line as the reference's printf, for any values. */
static size_t line_slow(char *out, size_t room, const struct drec *r,
			const struct iol_seg *s, int rd, int idx)
{
	int n = snprintf(out, room, "%.*s%7s%9d%16lld%16lld%12.4f%12.4f  ",
			 (int)r->plen, r->prefix, rd ? "read" : "write", idx,
			 (long long)s->off, (long long)s->len, s->start,
			 s->end);

	if (n < 0 || (size_t)n >= room)
		return 0;
	if (r->has_tid)
		n += snprintf(out + n, room - (size_t)n, " %4llu\n",
			      (unsigned long long)s->tid);
	else
		n += snprintf(out + n, room - (size_t)n, " N/A\n");
	return (size_t)n;
}

/* "%16lld" of v ending at end (MPI-IO segments have offset -1) */
static inline int i64_16_back(char *end, int64_t v)
{
	if (v >= 0 && v <= 9999999999999999LL) {
		u64_back(end, (uint64_t)v);
		return 1;
	}
	if (v < 0 && v >= -999999999999999LL) {
		*(u64_back(end, (uint64_t)0 - (uint64_t)v) - 1) = '-';
		return 1;
	}
	return 0;
}

/* The fields after the prefix and "  write": idx, offset, length, start,
 * end in widths 9, 16, 16, 12, 12.  0 when one does not fit. */
static inline int fields_fast(char *q, const struct iol_seg *s, int64_t idx)
{
	memset(q, ' ', 65);
	if (idx < 0 || idx > 999999999)
		return 0;
	u64_back(q + 9, (uint64_t)idx);
	if (!i64_16_back(q + 25, s->off) || !i64_16_back(q + 41, s->len))
		return 0;
	return fix4_back(q + 53, s->start) && fix4_back(q + 65, s->end);
}

/* " %4llu\n" of tid into t; returns the length */
static size_t tid_text(char *t, const struct drec *r, uint64_t tid)
{
	char tmp[24], *b;
	size_t n;

	if (!r->has_tid) {
		memcpy(t, " N/A\n", 5);
		return 5;
	}
	b = u64_back(tmp + sizeof(tmp), tid);
	n = (size_t)(tmp + sizeof(tmp) - b);
	t[0] = ' ';
	memset(t + 1, ' ', n < 4 ? 4 - n : 0);
	memcpy(t + 1 + (n < 4 ? 4 - n : 0), b, n);
	n = 1 + (n < 4 ? 4 : n);
	t[n] = '\n';
	return n + 1;
}

/* need free bytes after len in *buf; 0 or IOL_ENOMEM (*buf kept) */
static int room(char **buf, size_t *cap, size_t len, size_t need)
{
	size_t c = *cap;
	char *b;

	if (c - len >= need)
		return 0;
	while (c - len < need)
		c = c ? c * 2 : 1 << 16;
	b = realloc(*buf, c);
	if (!b)
		return IOL_ENOMEM;
	*buf = b;
	*cap = c;
	return 0;
}

static int buf_room(struct slot *sl, size_t need)
{
	return room(&sl->buf, &sl->cap, sl->len, need);
}

static int buf_put(struct slot *sl, const char *s, size_t n)
{
	if (buf_room(sl, n) < 0)
		return IOL_ENOMEM;
	memcpy(sl->buf + sl->len, s, n);
	sl->len += n;
	return 0;
}

/* Format segments [from, from+n) of the slot's record into its buffer;
 * 0 or IOL_ENOMEM. */
static int lines_format(struct slot *sl, const struct piece *pc)
{
	const struct drec *r = pc->rec;
	char tt[32] = {0};
	size_t tl = 0, k;
	uint64_t lasttid = 0;
	int havetid = 0;

	if (buf_room(sl, pc->n * LINE + 2048) < 0)
		return IOL_ENOMEM;
	for (k = pc->from; k < pc->from + pc->n; k++) {
		const struct iol_seg *s = &r->segs[k];
		int rd = (int64_t)k >= r->wcount;
		int64_t idx = rd ? (int64_t)k - r->wcount : (int64_t)k;
		char *p;

		if (sl->cap - sl->len < 1024 &&
		    buf_room(sl, 1024 + (pc->from + pc->n - k) * LINE) < 0)
			return IOL_ENOMEM;
		p = sl->buf + sl->len;
		if (!havetid || s->tid != lasttid) {
			tl = tid_text(tt, r, s->tid);
			lasttid = s->tid;
			havetid = 1;
		}
		/* whole arrays, a constant size: a few vector moves where a
		 * copy of plen or tl bytes was a call to memcpy; what they
		 * put past the line's end, in the 1024 bytes free, the next
		 * line overwrites or the length leaves out */
		memcpy(p, r->prefix, sizeof(r->prefix));
		memcpy(p + r->plen, rd ? "   read" : "  write", 7);
		if (fields_fast(p + r->plen + 7, s, idx)) {
			p += r->plen + 72;
			memcpy(p, "  ", 2);
			memcpy(p + 2, tt, sizeof(tt));
			sl->len += r->plen + 74 + tl;
		} else {
			sl->len += line_slow(p, sl->cap - sl->len, r, s, rd,
					     (int)idx);
		}
	}
	return 0;
}

/* The slot's output: its text with the lines of its pieces in between;
 * sl->failed when out of memory. */
static void slot_format(struct slot *sl)
{
	size_t i, t = 0;

	sl->len = 0;
	sl->failed = 1;
	/* sized once: growing by doubling copied and faulted it twice */
	if (buf_room(sl, sl->tlen + sl->nsegs * LINE + sl->npc * 2048) < 0)
		return;
	for (i = 0; i < sl->npc; i++) {
		/* text may be NULL when empty */
		if (sl->pc[i].tend > t &&
		    buf_put(sl, sl->text + t, sl->pc[i].tend - t) < 0)
			return;
		t = sl->pc[i].tend;
		if (lines_format(sl, &sl->pc[i]) < 0)
			return;
	}
	if (sl->tlen > t && buf_put(sl, sl->text + t, sl->tlen - t) < 0)
		return;
	sl->failed = 0;
}

/* The slot's output to the file, unless an earlier slot failed. */
static void slot_write(struct dxp *p, const struct slot *sl)
{
	const char *b = sl->buf;
	size_t n = sl->len;

	if (sl->failed)
		p->nomem = 1;
	while (n && !p->err && !p->nomem) {
		ssize_t w = write(p->fd, b, n);

		if (w < 0) {
			if (errno != EINTR)
				p->err = errno;
			continue;
		}
		b += w;
		n -= (size_t)w;
	}
}

static void rec_put(struct dxp *p, struct drec *r);

/* After the slot at head is written: release its record when done. */
static void rec_release(struct dxp *p, struct drec *r)
{
	if (--r->left)
		return;
	if (p->npool < NPOOL) {
		p->pool[p->npool].v = r->block;
		p->pool[p->npool++].cap = r->blockcap;
	} else {
		free(r->block);
	}
	free(r);
}

/* The slot's output buffer back on the stack (or freed when full). */
static void out_put(struct dxp *p, struct slot *sl)
{
	if (!sl->buf)
		return;
	if (p->nouts < NSLOT + 1) {
		p->outs[p->nouts].v = sl->buf;
		p->outs[p->nouts++].cap = sl->cap;
	} else {
		free(sl->buf);
	}
	sl->buf = NULL;
	sl->cap = 0;
}

/* The last written output buffer for sl, when it has none. */
static void out_take(struct dxp *p, struct slot *sl)
{
	if (sl->buf || !p->nouts)
		return;
	sl->buf = p->outs[--p->nouts].v;
	sl->cap = p->outs[p->nouts].cap;
}

static void slot_release(struct dxp *p, struct slot *sl)
{
	size_t i;

	out_put(p, sl);
	for (i = 0; i < sl->npc; i++)
		rec_release(p, sl->pc[i].rec);
	sl->npc = sl->nsegs = sl->tlen = sl->len = 0;
	sl->state = S_FREE;
}

/*
 * With p->mu held: the formatted slots at the head written in order, by
 * the one worker that finds none being written.  A worker writes what it
 * and the others formatted instead of handing it to a writer thread: one
 * thread wake-up less a chunk, and a buffer goes back to the stack as
 * soon as its chunk is out, so fewer are in flight.
 */
static void slots_write(struct dxp *p)
{
	if (p->writing)
		return;
	p->writing = 1;
	while (p->head < p->tail && p->s[p->head % NSLOT].state == S_DONE) {
		struct slot *sl = &p->s[p->head % NSLOT];

		pthread_mutex_unlock(&p->mu);
		slot_write(p, sl);
		pthread_mutex_lock(&p->mu);
		if (p->err || p->nomem)
			p->failed = 1;
		slot_release(p, sl);
		p->head++;
		pthread_cond_broadcast(&p->cv);
		if (p->next < p->tail)
			pthread_cond_signal(&p->work);
	}
	p->writing = 0;
}

static void *worker(void *arg)
{
	struct dxp *p = arg;

	pthread_mutex_lock(&p->mu);
	for (;;) {
		struct slot *sl;

		while (p->next < p->tail &&
		       p->s[p->next % NSLOT].state != S_TODO)
			p->next++;
		/* no further ahead of the written head than the workers
		 * can format at once and two more: when the one formatting
		 * the head loses its core, the others wait instead of
		 * filling a fresh output buffer a slot */
		if (p->next == p->tail ||
		    p->next - p->head >= (uint64_t)p->nthreads + 2) {
			if (p->stop && p->next == p->tail)
				break;
			pthread_cond_wait(&p->work, &p->mu);
			continue;
		}
		sl = &p->s[p->next++ % NSLOT];
		sl->state = S_BUSY;
		if (p->failed) {
			/* nothing more is written: not worth formatting */
			sl->len = 0;
			sl->failed = 0;
		} else {
			out_take(p, sl);
			pthread_mutex_unlock(&p->mu);
			slot_format(sl);
			pthread_mutex_lock(&p->mu);
		}
		sl->state = S_DONE;
		slots_write(p);
	}
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

/* A pooled block of at least bytes (the largest when bytes is 0), or
 * NULL; *cap its size. */
static void *pool_take(struct dxp *p, size_t bytes, size_t *cap)
{
	void *v = NULL;
	int i, k = -1;

	if (p->started)
		pthread_mutex_lock(&p->mu);
	for (i = 0; i < p->npool; i++)
		if (p->pool[i].cap >= bytes &&
		    (k < 0 || (!bytes && p->pool[i].cap > p->pool[k].cap)))
			k = i;
	if (k >= 0) {
		v = p->pool[k].v;
		*cap = p->pool[k].cap;
		p->pool[k] = p->pool[--p->npool];
	}
	if (p->started)
		pthread_mutex_unlock(&p->mu);
	return v;
}

struct iol_seg *dxp_segs(struct dxp *p, size_t n, size_t *cap)
{
	size_t bytes;
	struct iol_seg *v = pool_take(p, (n ? n : 1) * sizeof(*v), &bytes);

	if (v) {
		*cap = bytes / sizeof(*v);
		return v;
	}
	*cap = n ? n : 1;
	return malloc(*cap * sizeof(*v));
}

void *dxp_spare(struct dxp *p, size_t *cap)
{
	void *v = pool_take(p, 0, cap);

	if (!v)
		*cap = 0;
	return v;
}

void dxp_unspare(struct dxp *p, void *v, size_t cap)
{
	struct drec r = {.block = v, .blockcap = cap, .left = 1};
	struct drec *h = malloc(sizeof(*h));

	/* rec_release pools it (or frees it) as a written record's */
	if (!h) {
		free(v);
		return;
	}
	*h = r;
	rec_put(p, h);
}

/* Stop and join the threads (none when p->started is 0) and free what
 * they synchronised on: the pipeline works in the caller's thread after. */
static void threads_stop(struct dxp *p)
{
	int i;

	pthread_mutex_lock(&p->mu);
	p->stop = 1;
	pthread_cond_broadcast(&p->cv);
	pthread_cond_broadcast(&p->work);
	pthread_mutex_unlock(&p->mu);
	for (i = 0; i < p->started; i++)
		pthread_join(p->th[i], NULL);
	p->started = 0;
	pthread_mutex_destroy(&p->mu);
	pthread_cond_destroy(&p->cv);
	pthread_cond_destroy(&p->work);
}

/* The formatters, once the first chunk of CHUNK lines is
 * full (called when everything before it is written): a trace of fewer
 * lines is formatted and written in the caller's thread, as threads cost
 * more than its text.  Tried once; without a formatter, none. */
static void threads_start(struct dxp *p)
{
	int i;

	p->lazy = 0;
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->cv, NULL);
	pthread_cond_init(&p->work, NULL);
	for (i = 0; i < p->nthreads; i++) {
		if (pthread_create(&p->th[i], NULL, worker, p) != 0)
			break;
		p->started++;
	}
	if (!p->started)
		threads_stop(p);
}

struct dxp *dxp_start(int fd, int nthreads)
{
	struct dxp *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->fd = fd;
	p->nthreads = nthreads > MAXTHREADS ? MAXTHREADS : nthreads;
	p->lazy = p->nthreads > 1;
	return p;
}

/* Queue the pending batch (its buffers trade places with the free slot's);
 * without threads, format and write it here. */
static void pend_flush(struct dxp *p)
{
	struct slot *sl, t;

	if (!p->pend.npc && !p->pend.tlen)
		return;
	if (p->lazy && p->pend.nsegs >= CHUNK)
		threads_start(p);
	if (p->started)
		pthread_mutex_lock(&p->mu);
	while (p->tail - p->head == NSLOT)
		pthread_cond_wait(&p->cv, &p->mu);
	sl = &p->s[p->tail % NSLOT];
	t = *sl;
	*sl = p->pend;
	p->pend = t;
	sl->state = S_TODO;
	p->tail++;
	if (!p->started) {
		out_take(p, sl);
		if (p->err || p->nomem) { /* nothing more written */
			sl->len = 0;
			sl->failed = 0;
		} else {
			slot_format(sl);
		}
		slot_write(p, sl);
		slot_release(p, sl);
		p->head++;
		return;
	}
	pthread_cond_signal(&p->work);
	pthread_mutex_unlock(&p->mu);
}

int dxp_text(struct dxp *p, struct obuf *ob)
{
	struct slot *b = &p->pend;

	if (!ob->len) /* nothing to add, and b->text may still be NULL */
		return 0;
	if (room(&b->text, &b->tcap, b->tlen, ob->len) < 0)
		return IOL_ENOMEM;
	memcpy(b->text + b->tlen, ob->buf, ob->len);
	b->tlen += ob->len;
	ob->len = 0;
	if (b->tlen >= PEND)
		pend_flush(p);
	return 0;
}

/* Room for one more piece in the pending batch: 0 or IOL_ENOMEM. */
static int piece_room(struct slot *b)
{
	struct piece *pc;
	size_t cap;

	if (b->npc < b->pccap)
		return 0;
	cap = b->pccap ? b->pccap * 2 : 16;
	pc = realloc(b->pc, cap * sizeof(*b->pc));
	if (!pc)
		return IOL_ENOMEM;
	b->pc = pc;
	b->pccap = cap;
	return 0;
}

static void rec_put(struct dxp *p, struct drec *r)
{
	if (p->started)
		pthread_mutex_lock(&p->mu);
	rec_release(p, r);
	if (p->started)
		pthread_mutex_unlock(&p->mu);
}

int dxp_record(struct dxp *p, const char *modtag, int64_t rank, int has_tid,
	       struct iol_seg *segs, size_t cap, size_t n, int64_t wcount)
{
	return dxp_record_block(p, modtag, rank, has_tid, segs,
				cap * sizeof(*segs), segs, n, wcount);
}

int dxp_record_block(struct dxp *p, const char *modtag, int64_t rank,
		     int has_tid, void *block, size_t blockcap,
		     const struct iol_seg *segs, size_t n, int64_t wcount)
{
	struct drec *r = calloc(1, sizeof(*r));
	struct slot *b = &p->pend;
	size_t from;

	if (!r) {
		free(block);
		return IOL_ENOMEM;
	}
	r->block = block;
	r->blockcap = blockcap;
	r->segs = segs;
	r->left = 1; /* until all its pieces are queued */
	snprintf(r->prefix, sizeof(r->prefix), "%8s%8lld", modtag,
		 (long long)rank);
	r->plen = strlen(r->prefix);
	r->has_tid = has_tid;
	r->wcount = wcount;
	for (from = 0; from < n;) {
		size_t k = n - from, room_ = CHUNK - b->nsegs;

		if (k > room_)
			k = room_;
		if (piece_room(b) < 0) {
			rec_put(p, r); /* with the pieces already queued */
			return IOL_ENOMEM;
		}
		b->pc[b->npc++] = (struct piece){b->tlen, r, from, k};
		if (p->started)
			pthread_mutex_lock(&p->mu);
		r->left++;
		if (p->started)
			pthread_mutex_unlock(&p->mu);
		b->nsegs += k;
		from += k;
		if (b->nsegs >= CHUNK)
			pend_flush(p);
	}
	/* a big record's tail goes now, so that its array comes back for the
	 * next record instead of a second one being allocated */
	if (n >= CHUNK)
		pend_flush(p);
	rec_put(p, r);
	return 0;
}

/* The pipeline's state as dxp_drain returns it. */
static int status(const struct dxp *p, int *sys)
{
	if (p->nomem)
		return IOL_ENOMEM;
	if (p->err) {
		if (sys)
			*sys = p->err;
		return IOL_EIO;
	}
	return 0;
}

int dxp_failed(struct dxp *p)
{
	int f;

	if (!p->started)
		return p->err || p->nomem;
	pthread_mutex_lock(&p->mu);
	f = p->failed;
	pthread_mutex_unlock(&p->mu);
	return f;
}

int dxp_drain(struct dxp *p, int *sys)
{
	pend_flush(p);
	if (!p->started)
		return status(p, sys);
	pthread_mutex_lock(&p->mu);
	while (p->head != p->tail)
		pthread_cond_wait(&p->cv, &p->mu);
	pthread_mutex_unlock(&p->mu);
	return status(p, sys);
}

int dxp_finish(struct dxp *p, int *sys)
{
	int i, ret;

	if (!p)
		return 0;
	dxp_drain(p, NULL);
	if (p->started)
		threads_stop(p);
	for (i = 0; i < NSLOT; i++)
		free(p->s[i].buf);
	for (i = 0; i <= NSLOT; i++) {
		struct slot *sl = i < NSLOT ? &p->s[i] : &p->pend;

		free(sl->text);
		free(sl->pc);
	}
	free(p->pend.buf);
	for (i = 0; i < p->npool; i++)
		free(p->pool[i].v);
	for (i = 0; i < p->nouts; i++)
		free(p->outs[i].v);
	ret = status(p, sys);
	free(p);
	return ret;
}
