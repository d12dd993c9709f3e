/*
 * Waits between sections (waits.h).  One pass over every call's start
 * and end in the original time order: an end that changed a file records,
 * for that file and section, how many calls the section had made by
 * then; a start on a file that changed since the section last looked
 * waits for each other section's latest change, unless it already
 * waited for as much of that section.  Writes wait only for the file's
 * making (concurrent writers of one file need no order); every other
 * call on the file waits for the writes too.
 */
#include <stdlib.h>
#include <string.h>

#include "replay/waits.h"
#include "model/event.h"
#include "base/grow.h"
#include "base/hash.h"
#include "base/banned.h"

/* A small map from a pair of keys to two counts. */
struct pitem {
	uint64_t a, b;
	int64_t v, w, u, x, y;
	uint32_t next; /* (path, section) items: the path's next section */
};

struct pmap {
	struct iol_index ix;
	struct pitem *it;
	size_t n, cap;
};

struct pkey {
	const struct pmap *m;
	uint64_t a, b;
};

static uint64_t phash(const void *ctx, uint32_t i)
{
	const struct pmap *m = ctx;

	return iol_hash_pair(m->it[i].a, m->it[i].b);
}

static int peq(const void *ctx, uint32_t i)
{
	const struct pkey *k = ctx;

	return k->m->it[i].a == k->a && k->m->it[i].b == k->b;
}

/* The item (a, b), made with zero counts when new; NULL without memory.
 * *made says whether it was new. */
static struct pitem *pget(struct pmap *m, uint64_t a, uint64_t b, int *made)
{
	struct pkey k = {m, a, b};
	uint32_t *s;
	struct pitem *ni;

	*made = 0;
	if (!m->ix.slot && iol_index_reserve(&m->ix, phash, m) < 0)
		return NULL;
	s = iol_index_slot(&m->ix, iol_hash_pair(a, b), peq, &k);
	if (*s != IOL_INDEX_EMPTY)
		return &m->it[*s];
	ni = iol_grow(m->it, &m->cap, m->n, sizeof(*ni), 64);
	if (!ni || iol_index_reserve(&m->ix, phash, m) < 0)
		return NULL;
	m->it = ni;
	s = iol_index_slot(&m->ix, iol_hash_pair(a, b), peq, &k);
	*s = (uint32_t)m->n;
	memset(&m->it[m->n], 0, sizeof(m->it[m->n]));
	m->it[m->n].a = a, m->it[m->n].b = b;
	m->ix.n++;
	*made = 1;
	return &m->it[m->n++];
}

static void pfree(struct pmap *m)
{
	iol_index_release(&m->ix);
	free(m->it);
}

/* A call's start or end in the time order. */
struct tev {
	double t;
	uint32_t sec, idx;
	int end;
};

static int by_time(const void *x, const void *y)
{
	const struct tev *a = x, *b = y;

	if (a->t != b->t)
		return a->t < b->t ? -1 : 1;
	if (a->end != b->end) /* what ended at t was done before t began */
		return a->end ? -1 : 1;
	if (a->sec != b->sec)
		return a->sec < b->sec ? -1 : 1;
	return a->idx < b->idx ? -1 : a->idx > b->idx;
}

/* 2 when e made its path (or path2), 1 when it changed it, else 0. */
static int changes(const struct iol_rev *e)
{
	switch (e->op) {
	case IOL_ROP_OPEN:
		if (e->ret < 0)
			return 0;
		return e->flags & IOL_EVF_CREAT	  ? 2
		       : e->flags & IOL_EVF_TRUNC ? 1
						  : 0;
	case IOL_ROP_MKDIR: return e->ret >= 0 ? 2 : 0;
	case IOL_ROP_WRITE:
	case IOL_ROP_PWRITE:
	case IOL_ROP_COPY:
	case IOL_ROP_TRUNCATE:
	case IOL_ROP_FTRUNCATE:
	case IOL_ROP_UNLINK:
	case IOL_ROP_RMDIR:
	case IOL_ROP_RENAME: return e->ret >= 0 ? 1 : 0;
	default: return 0;
	}
}

/* The path a call changes (a copy: the one written). */
static uint32_t changed_path(const struct iol_rev *e)
{
	return e->op == IOL_ROP_COPY ? e->path2 : e->path;
}

struct wst {
	struct iol_rscript *s;
	struct pmap mod;    /* (path, section): v changes, w makings */
	struct pmap seen;   /* (section, path): the path's version seen,
			       v for changes, w for makings */
	struct pmap waited; /* (section, section): v calls waited for */
	uint32_t *head;	    /* per path: its first (path, section) item */
	uint64_t *ver;	    /* per path: changes so far */
	struct pitem *add;  /* waits to insert: a section, b index,
			       v section waited for, w calls */
	size_t nadd, capadd;
	/* the threads of a process share its descriptors */
	size_t *lead, *next; /* iol_rscript_groups() */
	struct pmap fdo;     /* (process, fd): v its maker + 1, w the
				maker's calls then, u its generation, x
				its closer + 1, y the closer's calls */
	struct pmap fdu;     /* (section, fd): v generation last used,
				w the section's calls then */
};

static int note(struct wst *w, uint32_t p, uint32_t sec, int64_t calls, int c)
{
	struct pitem *it;
	int made;

	if (!p || p >= w->s->nstr)
		return 0;
	it = pget(&w->mod, p, sec, &made);
	if (!it)
		return IOL_ENOMEM;
	if (made) {
		it->next = w->head[p];
		w->head[p] = (uint32_t)(it - w->mod.it);
	}
	it->u = calls;
	if (c)
		it->v = calls, w->ver[p]++;
	if (c == 2)
		it->w = calls;
	return 0;
}

/* A call ended: it used its paths, and may have changed one. */
static int on_end(struct wst *w, const struct tev *t)
{
	const struct iol_rev *e = &w->s->rank[t->sec].ev[t->idx];
	int c = changes(e);
	int64_t n = (int64_t)t->idx + 1;
	int rc = note(w, changed_path(e), t->sec, n, c);

	if (rc == 0 && e->op == IOL_ROP_COPY)
		rc = note(w, e->path, t->sec, n, 0);
	if (rc == 0 && e->op == IOL_ROP_RENAME)
		rc = note(w, e->path2, t->sec, n, 1);
	return rc;
}

/* What a call on path p must follow in the other sections: 'w' their
 * making of it (opens, writes: concurrent writers need no order), 'v'
 * their changes (reads, stat, a seek from the end), 'u' every use
 * (removing or renaming it), 0 nothing (close, sync, other seeks). */
static int needs(const struct iol_rev *e, uint32_t p)
{
	switch (e->op) {
	case IOL_ROP_OPEN:
	case IOL_ROP_WRITE:
	case IOL_ROP_PWRITE:
	case IOL_ROP_TRUNCATE:
	case IOL_ROP_FTRUNCATE: return 'w';
	case IOL_ROP_COPY: return p == e->path2 ? 'w' : 'v';
	case IOL_ROP_READ:
	case IOL_ROP_PREAD:
	case IOL_ROP_STAT:
	case IOL_ROP_FSTAT: return 'v';
	case IOL_ROP_LSEEK: return e->whence == 2 ? 'v' : 0;
	case IOL_ROP_UNLINK:
	case IOL_ROP_RMDIR:
	case IOL_ROP_RENAME: return 'u';
	default: return 0;
	}
}

/* Call idx of section sec waits until section of has made need calls. */
static int add_wait(struct wst *w, uint32_t sec, uint32_t idx, uint64_t of,
		    int64_t need)
{
	struct pitem *na =
		iol_grow(w->add, &w->capadd, w->nadd, sizeof(*na), 64);

	if (!na)
		return IOL_ENOMEM;
	w->add = na;
	memset(&na[w->nadd], 0, sizeof(*na));
	na[w->nadd].a = sec, na[w->nadd].b = idx;
	na[w->nadd].v = (int64_t)of, na[w->nadd++].w = need;
	return 0;
}

/* Waits before call idx of section a, on path p. */
static int on_start(struct wst *w, const struct tev *t, uint32_t p)
{
	const struct iol_rev *e = &w->s->rank[t->sec].ev[t->idx];
	int kind = needs(e, p), made;
	struct pitem *sn, *wt;
	uint32_t k;

	if (!kind)
		return 0;
	/* uses change no version: a removal looks every time */
	if (kind != 'u') {
		int64_t *v;

		if (!(sn = pget(&w->seen, t->sec, p, &made)))
			return IOL_ENOMEM;
		/* what was looked at for the making does not cover writes */
		v = kind == 'w' ? &sn->w : &sn->v;
		if (!made && (uint64_t)*v == w->ver[p])
			return 0;
		*v = (int64_t)w->ver[p];
	}
	for (k = w->head[p]; k != IOL_INDEX_EMPTY; k = w->mod.it[k].next) {
		const struct pitem *it = &w->mod.it[k];
		int64_t need = kind == 'w'   ? it->w
			       : kind == 'v' ? it->v
					     : it->u;

		if (it->b == t->sec || need <= 0)
			continue;
		if (!(wt = pget(&w->waited, t->sec, it->b, &made)))
			return IOL_ENOMEM;
		if (wt->v >= need)
			continue;
		wt->v = need;
		if (add_wait(w, t->sec, t->idx, it->b, need) < 0)
			return IOL_ENOMEM;
	}
	return 0;
}

static int threaded(const struct wst *w, uint32_t sec)
{
	return w->lead[sec] != sec || w->next[sec] != SIZE_MAX;
}

static int uses_fd(int op)
{
	switch (op) {
	case IOL_ROP_OPEN:
	case IOL_ROP_STAT:
	case IOL_ROP_UNLINK:
	case IOL_ROP_RENAME:
	case IOL_ROP_MKDIR:
	case IOL_ROP_RMDIR:
	case IOL_ROP_TRUNCATE:
	case IOL_ROP_WAIT:
	case IOL_ROP_END: return 0;
	default: return 1;
	}
}

/* The fd a call makes (open, dup), or -1. */
static int64_t made_fd(const struct iol_rev *e)
{
	return (e->op == IOL_ROP_OPEN || e->op == IOL_ROP_DUP) && e->ret >= 0 &&
			       e->ret <= INT32_MAX
		       ? e->ret
		       : -1;
}

/* A wait of call t on section of for need calls, unless one as long is
 * in place already. */
static int wait_for(struct wst *w, const struct tev *t, uint64_t of,
		    int64_t need)
{
	struct pitem *wt;
	int made;

	if (of == t->sec || need <= 0)
		return 0;
	if (!(wt = pget(&w->waited, t->sec, of, &made)))
		return IOL_ENOMEM;
	if (wt->v >= need)
		return 0;
	wt->v = need;
	return add_wait(w, t->sec, t->idx, of, need);
}

/* A thread's call on descriptor fd waits for the thread that made it;
 * a close, for the other threads' uses of it too; a call making fd
 * again, for the thread that closed it before. */
static int fd_start(struct wst *w, const struct tev *t)
{
	const struct iol_rev *e = &w->s->rank[t->sec].ev[t->idx];
	size_t g = w->lead[t->sec], k;
	int64_t nfd = made_fd(e);
	struct pitem *o;
	int made, rc = 0, i;

	for (i = 0; i < 2 && rc == 0; i++) {
		int32_t fd = i ? e->fd2 : e->fd;

		if ((i && e->op != IOL_ROP_COPY) || fd < 0 || !uses_fd(e->op))
			continue;
		if (!(o = pget(&w->fdo, g, (uint64_t)fd, &made)))
			return IOL_ENOMEM;
		if (o->v > 0)
			rc = wait_for(w, t, (uint64_t)(o->v - 1), o->w);
		for (k = g; e->op == IOL_ROP_CLOSE && rc == 0 && k != SIZE_MAX;
		     k = w->next[k]) {
			const struct pitem *u =
				pget(&w->fdu, k, (uint64_t)fd, &made);

			if (!u)
				return IOL_ENOMEM;
			if (u->v == o->u)
				rc = wait_for(w, t, k, u->w);
		}
	}
	if (rc == 0 && nfd >= 0) {
		if (!(o = pget(&w->fdo, g, (uint64_t)nfd, &made)))
			return IOL_ENOMEM;
		if (o->x > 0)
			rc = wait_for(w, t, (uint64_t)(o->x - 1), o->y);
	}
	return rc;
}

/* A thread's call ended: the descriptors it used, made or closed. */
static int fd_end(struct wst *w, const struct tev *t)
{
	const struct iol_rev *e = &w->s->rank[t->sec].ev[t->idx];
	size_t g = w->lead[t->sec];
	int64_t nfd = made_fd(e), calls = (int64_t)t->idx + 1;
	struct pitem *o, *u;
	int made, i;

	for (i = 0; i < 2; i++) {
		int32_t fd = i ? e->fd2 : e->fd;

		if ((i && e->op != IOL_ROP_COPY) || fd < 0 || !uses_fd(e->op))
			continue;
		if (!(o = pget(&w->fdo, g, (uint64_t)fd, &made)) ||
		    !(u = pget(&w->fdu, t->sec, (uint64_t)fd, &made)))
			return IOL_ENOMEM;
		u->v = o->u, u->w = calls;
		if (e->op == IOL_ROP_CLOSE)
			o->x = (int64_t)t->sec + 1, o->y = calls;
	}
	if (nfd >= 0) {
		if (!(o = pget(&w->fdo, g, (uint64_t)nfd, &made)))
			return IOL_ENOMEM;
		o->u++;
		o->v = (int64_t)t->sec + 1, o->w = calls;
	}
	return 0;
}

static int by_place(const void *x, const void *y)
{
	const struct pitem *a = x, *b = y;

	if (a->a != b->a)
		return a->a < b->a ? -1 : 1;
	if (a->b != b->b)
		return a->b < b->b ? -1 : 1;
	return a->v < b->v ? -1 : a->v > b->v;
}

/* Rebuild each section with its waits in place; a wait takes the gap of
 * the call it precedes (compute, then wait, then the call). */
static int insert(struct wst *w)
{
	size_t r, i, k = 0;

	if (!w->nadd) /* and qsort wants no NULL */
		return 0;
	qsort(w->add, w->nadd, sizeof(*w->add), by_place);
	for (r = 0; r < w->s->nrank; r++) {
		struct iol_rrank *rk = &w->s->rank[r];
		size_t k0 = k, m = 0;
		struct iol_rev *ne;

		while (k < w->nadd && w->add[k].a == r)
			k++;
		if (k == k0)
			continue;
		ne = malloc((rk->n + (k - k0)) * sizeof(*ne));
		if (!ne)
			return IOL_ENOMEM;
		for (i = 0; i < rk->n; i++) {
			for (; k0 < k && w->add[k0].b == i; k0++) {
				struct iol_rev *x = &ne[m++];

				memset(x, 0, sizeof(*x));
				x->op = IOL_ROP_WAIT;
				x->fd = (int32_t)w->add[k0].v;
				x->fd2 = -1;
				x->len = w->add[k0].w;
				x->off = x->off2 = -1;
				x->gap = rk->ev[i].gap;
				rk->ev[i].gap = 0;
			}
			ne[m++] = rk->ev[i];
		}
		free(rk->ev);
		rk->ev = ne;
		rk->n = m;
		rk->cap = m;
	}
	return 0;
}

/* The walk merges the sections' own sequences (start 0, end 0, start 1,
 * ...: a process's calls follow one another) through a heap of one head
 * per section, so no list of every start and end is made: 16 bytes per
 * section instead of 48 per call. */
struct head {
	struct tev t;
	size_t first; /* the section's first call in t0 and t1 */
};

static void head_at(struct head *h, const double *t0, const double *t1,
		    uint32_t sec, uint32_t idx, int end)
{
	h->t.t = end ? t1[h->first + idx] : t0[h->first + idx];
	h->t.sec = sec, h->t.idx = idx, h->t.end = end;
}

static void sift(struct head *h, size_t n, size_t i)
{
	for (;;) {
		size_t l = 2 * i + 1, m = i;
		struct head x;

		if (l < n && by_time(&h[l].t, &h[m].t) < 0)
			m = l;
		if (l + 1 < n && by_time(&h[l + 1].t, &h[m].t) < 0)
			m = l + 1;
		if (m == i)
			return;
		x = h[i], h[i] = h[m], h[m] = x;
		i = m;
	}
}

static int visit(struct wst *w, const struct tev *t)
{
	const struct iol_rscript *s = w->s;
	const struct iol_rev *e = &s->rank[t->sec].ev[t->idx];
	int rc = 0;

	if (t->end) {
		rc = on_end(w, t);
		return rc == 0 && threaded(w, t->sec) ? fd_end(w, t) : rc;
	}
	if (threaded(w, t->sec))
		rc = fd_start(w, t);
	if (rc == 0 && e->path && e->path < s->nstr)
		rc = on_start(w, t, e->path);
	if (rc == 0 && e->op == IOL_ROP_COPY && e->path2 && e->path2 < s->nstr)
		rc = on_start(w, t, e->path2);
	return rc;
}

static int walk(struct wst *w, const double *t0, const double *t1)
{
	struct iol_rscript *s = w->s;
	struct head *h = malloc((s->nrank + 1) * sizeof(*h));
	size_t r, n = 0, first = 0;
	int rc = 0;

	if (!h)
		return IOL_ENOMEM;
	for (r = 0; r < s->nrank; first += s->rank[r++].n)
		if (s->rank[r].n) {
			h[n].first = first;
			head_at(&h[n++], t0, t1, (uint32_t)r, 0, 0);
		}
	for (r = n / 2; r-- > 0;)
		sift(h, n, r);
	while (n > 0 && rc == 0) {
		struct tev t = h[0].t;

		rc = visit(w, &t);
		if (!t.end)
			head_at(&h[0], t0, t1, t.sec, t.idx, 1);
		else if (t.idx + 1 < s->rank[t.sec].n)
			head_at(&h[0], t0, t1, t.sec, t.idx + 1, 0);
		else
			h[0] = h[--n];
		sift(h, n, 0);
	}
	free(h);
	return rc;
}

int iol_rscript_add_waits(struct iol_rscript *s, const double *t0,
			  const double *t1)
{
	struct wst w;
	int rc;

	if (s->nrank < 2)
		return 0;
	memset(&w, 0, sizeof(w));
	w.s = s;
	w.head = malloc((s->nstr + 1) * sizeof(*w.head));
	w.ver = calloc(s->nstr + 1, sizeof(*w.ver));
	w.lead = malloc(s->nrank * sizeof(*w.lead));
	w.next = malloc(s->nrank * sizeof(*w.next));
	rc = w.head && w.ver && w.lead && w.next ? 0 : IOL_ENOMEM;
	if (rc == 0)
		rc = iol_rscript_groups(s, w.lead, w.next);
	if (rc == 0) {
		memset(w.head, 0xff, (s->nstr + 1) * sizeof(*w.head));
		rc = walk(&w, t0, t1);
	}
	if (rc == 0)
		rc = insert(&w);
	pfree(&w.mod);
	pfree(&w.seen);
	pfree(&w.waited);
	pfree(&w.fdo);
	pfree(&w.fdu);
	free(w.lead);
	free(w.next);
	free(w.head);
	free(w.ver);
	free(w.add);
	return rc;
}
