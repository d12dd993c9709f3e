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
	int64_t v, w, u;
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
	if (!ni)
		return NULL;
	m->it = ni; /* before the index is rebuilt: it hashes the items */
	if (iol_index_reserve(&m->ix, phash, m) < 0)
		return NULL;
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
	case IOL_ROP_MKDIR:
	case IOL_ROP_SYMLINK:
	case IOL_ROP_LINK: return e->ret >= 0 ? 2 : 0;
	case IOL_ROP_WRITE:
	case IOL_ROP_PWRITE:
	case IOL_ROP_COPY:
	case IOL_ROP_CLONE:
	case IOL_ROP_TRUNCATE:
	case IOL_ROP_FTRUNCATE:
	case IOL_ROP_FALLOCATE:
	case IOL_ROP_UNLINK:
	case IOL_ROP_RMDIR:
	case IOL_ROP_RENAME: return e->ret >= 0 ? 1 : 0;
	default: return 0;
	}
}

/* The path a call changes (a copy: the one written; a link: the new
 * name). */
static uint32_t changed_path(const struct iol_rev *e)
{
	return e->op == IOL_ROP_COPY || e->op == IOL_ROP_LINK ? e->path2
							      : e->path;
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
	size_t *lead, *next; /* iol_rscript_groups(): threads */
	uint32_t *up;	     /* per path: its directory's id when some section
				made that directory (mkdir), else 0; NULL when
				none did */
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

/* Section sec's call n used path p: so it used each made directory
 * above p (w->up). */
static int used_dirs(struct wst *w, uint32_t p, uint32_t sec, int64_t n)
{
	uint32_t d, depth = 0;
	int rc = 0;

	if (!p || p >= w->s->nstr)
		return 0;
	for (d = w->up[p]; d && rc == 0 && depth++ < 4096; d = w->up[d])
		rc = note(w, d, sec, n, 0);
	return rc;
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
	if (rc == 0 && e->op == IOL_ROP_CLONE) /* its source: used */
		rc = note(w, e->path2, t->sec, n, 0);
	/* a rename makes its target anew (another file under that name):
	 * an open must follow it, or it holds the file replaced (git
	 * writes config.lock and renames it over config) */
	if (rc == 0 && e->op == IOL_ROP_RENAME && e->ret >= 0)
		rc = note(w, e->path2, t->sec, n, 2);
	/* a use of what is beneath a made directory is a use of it: its
	 * removal by another section waits for them all */
	if (rc == 0 && w->up)
		rc = used_dirs(w, e->path, t->sec, n);
	if (rc == 0 && w->up && e->op != IOL_ROP_SYMLINK)
		rc = used_dirs(w, e->path2, t->sec, n);
	return rc;
}

/* What a call on path p must follow in the other sections: 'w' their
 * making of it (opens, writes: concurrent writers need no order), 'v'
 * their changes (reads, stat, a seek from the end, mkdir), 'u' every use
 * (removing or renaming it), 0 nothing (close, sync, other seeks). */
static int needs(const struct iol_rev *e, uint32_t p)
{
	switch (e->op) {
	case IOL_ROP_OPEN:
	case IOL_ROP_WRITE:
	case IOL_ROP_PWRITE:
	case IOL_ROP_TRUNCATE:
	case IOL_ROP_FTRUNCATE:
	case IOL_ROP_FALLOCATE: return 'w';
	case IOL_ROP_COPY: return p == e->path2 ? 'w' : 'v';
	case IOL_ROP_CLONE: return p == e->path ? 'w' : 'v';
	case IOL_ROP_LINK: return p == e->path2 ? 'u' : 'v';
	case IOL_ROP_SYMLINK: return 'u';
	case IOL_ROP_READ:
	case IOL_ROP_PREAD:
	case IOL_ROP_STAT:
	case IOL_ROP_LSTAT:
	case IOL_ROP_READLINK:
	case IOL_ROP_FSTAT:
	/* a directory made again where another section removed it: after
	 * that rmdir, or it fails EEXIST and the rmdir takes it away */
	case IOL_ROP_MKDIR: return 'v';
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

/* Waits before call idx of section a, on path p, of kind (needs()). */
static int on_start(struct wst *w, const struct tev *t, uint32_t p, int kind)
{
	struct pitem *sn, *wt;
	uint32_t k;
	int made;

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
	case IOL_ROP_SYMLINK:
	case IOL_ROP_LINK:
	case IOL_ROP_LSTAT:
	case IOL_ROP_READLINK:
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

/* One use of a descriptor by a thread, at the time that orders it: a
 * making at the call's end (the number is given on return), a close or
 * another use at its start (a close frees the number on entry: an open
 * in another thread that began earlier may return it). */
struct fdev {
	double t;
	uint64_t proc;
	int64_t fd;
	uint32_t sec, idx;
	int kind; /* FD_USE < FD_CLOSE < FD_MAKE at one time */
};

enum { FD_USE, FD_CLOSE, FD_MAKE };

static int by_fd(const void *x, const void *y)
{
	const struct fdev *a = x, *b = y;

	if (a->proc != b->proc)
		return a->proc < b->proc ? -1 : 1;
	if (a->fd != b->fd)
		return a->fd < b->fd ? -1 : 1;
	if (a->t != b->t)
		return a->t < b->t ? -1 : 1;
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	if (a->sec != b->sec)
		return a->sec < b->sec ? -1 : 1;
	return a->idx < b->idx ? -1 : a->idx > b->idx;
}

static int fd_push(struct fdev **v, size_t *n, size_t *cap,
		   const struct fdev *x)
{
	struct fdev *nv = iol_grow(*v, cap, *n, sizeof(*nv), 256);

	if (!nv)
		return IOL_ENOMEM;
	*v = nv;
	nv[(*n)++] = *x;
	return 0;
}

/* Every use, close and making of a descriptor by the threads of a
 * process, into *v. */
static int fd_events(const struct wst *w, const double *t0, const double *t1,
		     struct fdev **v, size_t *n)
{
	const struct iol_rscript *s = w->s;
	size_t r, i, j = 0, cap = 0;
	int rc = 0;

	for (r = 0; r < s->nrank; j += s->rank[r++].n) {
		if (!threaded(w, (uint32_t)r))
			continue;
		for (i = 0; i < s->rank[r].n && rc == 0; i++) {
			const struct iol_rev *e = &s->rank[r].ev[i];
			struct fdev x = {t0[j + i],   w->lead[r],  e->fd,
					 (uint32_t)r, (uint32_t)i, FD_USE};

			if (uses_fd(e->op) && e->fd >= 0) {
				x.kind = e->op == IOL_ROP_CLOSE ? FD_CLOSE
								: FD_USE;
				rc = fd_push(v, n, &cap, &x);
			}
			if (rc == 0 &&
			    (e->op == IOL_ROP_COPY || e->op == IOL_ROP_CLONE) &&
			    e->fd2 >= 0) {
				x.fd = e->fd2, x.kind = FD_USE;
				rc = fd_push(v, n, &cap, &x);
			}
			if (rc == 0 && made_fd(e) >= 0) {
				x.t = t1[j + i], x.fd = made_fd(e);
				x.kind = FD_MAKE;
				rc = fd_push(v, n, &cap, &x);
			}
		}
	}
	return rc;
}

/* The section that made, or last closed, a descriptor, with its calls
 * then; and the threads' last use of each since it was made. */
struct fdlife {
	int64_t mk_sec, mk_calls, cl_sec, cl_calls;
	struct pitem *use; /* a section, v its calls at its last use */
	size_t nuse, capuse;
};

static int fd_wait(struct wst *w, const struct fdev *x, int64_t sec,
		   int64_t calls)
{
	if (sec < 0 || (uint64_t)sec == x->sec || calls <= 0)
		return 0;
	return add_wait(w, x->sec, x->idx, (uint64_t)sec, calls);
}

static int fd_step(struct wst *w, struct fdlife *l, const struct fdev *x)
{
	int64_t calls = (int64_t)x->idx + 1;
	size_t k;
	int rc = 0;

	if (x->kind == FD_MAKE) {
		rc = fd_wait(w, x, l->cl_sec, l->cl_calls);
		l->mk_sec = x->sec, l->mk_calls = calls, l->nuse = 0;
		return rc;
	}
	rc = fd_wait(w, x, l->mk_sec, l->mk_calls);
	for (k = 0; x->kind == FD_CLOSE && k < l->nuse && rc == 0; k++)
		rc = fd_wait(w, x, (int64_t)l->use[k].a, l->use[k].v);
	if (x->kind == FD_CLOSE) {
		l->cl_sec = x->sec, l->cl_calls = calls;
		l->mk_sec = -1, l->nuse = 0;
		return rc;
	}
	for (k = 0; k < l->nuse && l->use[k].a != x->sec; k++)
		;
	if (k == l->nuse) {
		struct pitem *nu =
			iol_grow(l->use, &l->capuse, l->nuse, sizeof(*nu), 8);

		if (!nu)
			return IOL_ENOMEM;
		l->use = nu;
		memset(&nu[l->nuse++], 0, sizeof(*nu));
		nu[k].a = x->sec;
	}
	l->use[k].v = calls;
	return rc;
}

/* The threads of a process share its descriptors: a thread's call on a
 * descriptor waits for the thread that made it, a close for the other
 * threads' uses of it, and a call making a number again for the thread
 * that closed it before.  Each wait points at a call whose ordering
 * time is earlier, and each section's ordering times increase, so these
 * waits make no cycle. */
static int fd_pass(struct wst *w, const double *t0, const double *t1)
{
	struct fdev *v = NULL;
	struct fdlife l;
	size_t n = 0, i;
	int rc = fd_events(w, t0, t1, &v, &n);

	memset(&l, 0, sizeof(l));
	if (rc == 0 && n > 1)
		qsort(v, n, sizeof(*v), by_fd);
	for (i = 0; i < n && rc == 0; i++) {
		if (i == 0 || v[i].proc != v[i - 1].proc ||
		    v[i].fd != v[i - 1].fd) {
			l.mk_sec = l.cl_sec = -1;
			l.nuse = 0;
		}
		rc = fd_step(w, &l, &v[i]);
	}
	free(l.use);
	free(v);
	return rc;
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

static int by_waited(const void *x, const void *y)
{
	const struct pitem *a = x, *b = y;

	if (a->a != b->a)
		return a->a < b->a ? -1 : 1;
	if (a->v != b->v)
		return a->v < b->v ? -1 : 1;
	if (a->b != b->b)
		return a->b < b->b ? -1 : 1;
	return a->w > b->w ? -1 : a->w < b->w;
}

/* Drop the waits a section's earlier wait on the same section covers
 * (as many calls or more): the descriptor waits come fd by fd, not in
 * the order of the calls. */
static void dedupe(struct wst *w)
{
	size_t i, m = 0;

	qsort(w->add, w->nadd, sizeof(*w->add), by_waited);
	for (i = 0; i < w->nadd; i++) {
		if (m > 0 && w->add[m - 1].a == w->add[i].a &&
		    w->add[m - 1].v == w->add[i].v &&
		    w->add[m - 1].w >= w->add[i].w)
			continue;
		w->add[m++] = w->add[i];
	}
	w->nadd = m;
}

/* Rebuild each section with its waits in place; a wait takes the gap of
 * the call it precedes (compute, then wait, then the call). */
static int insert(struct wst *w)
{
	size_t r, i, k = 0;

	if (!w->nadd) /* and qsort wants no NULL */
		return 0;
	dedupe(w);
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

/* A call on path p follows the making of each directory above it that
 * another section made: an MPI rank's mkdir of "1/0" after another
 * rank's of "1", or a file created in a directory another process
 * made. */
static int on_dirs(struct wst *w, const struct tev *t, uint32_t p)
{
	uint32_t d, depth = 0;
	int rc = 0;

	for (d = w->up[p]; d && rc == 0 && depth++ < 4096; d = w->up[d])
		rc = on_start(w, t, d, 'w');
	return rc;
}

/* w->up: for each path, the id of the nearest directory above it made
 * by a mkdir or a rename of the script; left NULL when the script has
 * none, and then nothing is looked up. */
static int dirs_made(struct wst *w)
{
	const struct iol_rscript *s = w->s;
	uint8_t *made = calloc(s->nstr + 1, 1);
	char *buf = NULL;
	size_t r, i, cap = 0;
	uint32_t p;
	int any = 0;

	/* a rename makes its target too (mv d2 x, then another
	 * process's mv x/extra y) */
	for (r = 0; made && r < s->nrank; r++)
		for (i = 0; i < s->rank[r].n; i++) {
			const struct iol_rev *e = &s->rank[r].ev[i];
			uint32_t d = e->op == IOL_ROP_MKDIR    ? e->path
				     : e->op == IOL_ROP_RENAME ? e->path2
							       : 0;

			if (d && d < s->nstr)
				any = made[d] = 1;
		}
	if (!made || (any && !(w->up = calloc(s->nstr + 1, sizeof(*w->up)))))
		any = -1;
	for (p = 1; any > 0 && p < s->nstr; p++) {
		const char *str = iol_rscript_s(s, p),
			   *slash = strrchr(str, '/');
		size_t n = slash ? (size_t)(slash - str) : 0;
		uint32_t d;

		if (n == 0)
			continue;
		if (n + 1 > cap) {
			char *nb = realloc(buf, 2 * n + 1);

			if (!nb) {
				any = -1;
				break;
			}
			buf = nb, cap = 2 * n + 1;
		}
		memcpy(buf, str, n);
		buf[n] = 0;
		/* the nearest made above it: a directory moved whole holds
		 * what no call of the script made (y/deep/e in y) */
		while ((d = iol_rscript_find(s, buf)) == 0 || !made[d]) {
			char *up = strrchr(buf, '/');

			d = 0;
			if (!up || up == buf)
				break;
			*up = 0;
		}
		w->up[p] = d;
	}
	free(buf);
	free(made);
	return any < 0 ? IOL_ENOMEM : 0;
}

static int visit(struct wst *w, const struct tev *t)
{
	const struct iol_rscript *s = w->s;
	const struct iol_rev *e = &s->rank[t->sec].ev[t->idx];
	int rc = 0;

	if (t->end)
		return on_end(w, t);
	if (e->path && e->path < s->nstr)
		rc = on_start(w, t, e->path, needs(e, e->path));
	/* a rename over a path follows every use of it by the others
	 * (tar xf into s2, then mv s2 d2 after another's rm -rf d2: it
	 * failed ENOTEMPTY in the replay) */
	if (rc == 0 &&
	    (e->op == IOL_ROP_COPY || e->op == IOL_ROP_LINK ||
	     e->op == IOL_ROP_CLONE || e->op == IOL_ROP_RENAME) &&
	    e->path2 && e->path2 < s->nstr)
		rc = on_start(w, t, e->path2, needs(e, e->path2));
	if (rc == 0 && w->up && e->path && e->path < s->nstr)
		rc = on_dirs(w, t, e->path);
	if (rc == 0 && w->up && e->path2 && e->path2 < s->nstr &&
	    e->op != IOL_ROP_SYMLINK) /* a symlink's path2 is its text */
		rc = on_dirs(w, t, e->path2);
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
	if (rc == 0)
		rc = dirs_made(&w);
	if (rc == 0) {
		memset(w.head, 0xff, (s->nstr + 1) * sizeof(*w.head));
		rc = walk(&w, t0, t1);
	}
	if (rc == 0)
		rc = fd_pass(&w, t0, t1);
	if (rc == 0)
		rc = insert(&w);
	pfree(&w.mod);
	pfree(&w.seen);
	pfree(&w.waited);
	free(w.lead);
	free(w.next);
	free(w.head);
	free(w.ver);
	free(w.add);
	free(w.up);
	return rc;
}
