/*
 * Phases from packed segments: the same phases, cells and rows as the
 * in-memory path of phases.c, bit for bit, in a tenth of its memory (a
 * job's segments take about 4 bytes each in a struct iol_spack instead of
 * 44), so that a timeline of millions of DXT segments streams.
 *
 * The log gives a record's writes, then its reads, as blocks that are
 * almost always in time order; the time order of the whole job is then a
 * merge of the blocks (struct iol_spmerge), by (start, gathering index)
 * exactly as phases.c orders them.  The segments are gathered once (one
 * thread inflating the log, another packing them, counting each block's
 * gaps and adding them to the chart's matrix), then walked once in time
 * order to split them into raw phases and sum them into cells.  A
 * segment's raw phase is not stored: a block's segments go through an
 * op's phases in time order, so each block keeps the positions where its
 * phase changes.  Segments in another shape (a block whose starts go
 * back, a NaN start, a record's block in two places) make
 * iol_phx_packed() answer 1, and phases.c gathers them whole as before.
 */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/phases-int.h"
#include "base/grow.h"
#include "base/wrap.h"
#include "base/banned.h"

/* ---- gathering ---- */

enum { BATCH = 1024, NBATCH = 8 };
/* the packer's stack: it calls nothing deep, and 8 MiB of address space
 * (kept by the C library after the thread ends) is room a limited
 * process may not have */
#define STACK ((size_t)256 << 10)

/* what the log's iterator gave in one call */
struct batch {
	struct iol_seg seg[BATCH];
	long n; /* <= 0: the end, or the iterator's error */
	size_t rec;
	int is_read;
};

struct gath {
	struct build *b;
	size_t *blk_of;	      /* per record and op: its block */
	double last;	      /* the start before, in the current block */
	double glast;	      /* the latest end so far in it, for gaps */
	struct iol_matrix *m; /* added to while gathering, or NULL */
	/* the hand-over between the two threads */
	pthread_mutex_t mu;
	pthread_cond_t cv;
	struct batch *ring;
	size_t head, tail; /* batches filled, taken */
	int stop;	   /* the packer failed: stop reading */
	int ret;	   /* the packer's result */
};

/* the record's rank and file, as phases.c's gather sets them */
static int rec_init(struct build *b, size_t rec)
{
	const struct iol_jdxt *x = &b->job->dxt[b->which][rec];

	if (iol_phx_file_of(b, x->id, &b->rfile[rec]) < 0)
		return IOL_ENOMEM;
	b->rrank[rec] = x->rank >= 0 && (size_t)x->rank < b->nprocs &&
					x->rank <= INT32_MAX
				? (int32_t)x->rank
				: -1;
	return 0;
}

/* the block of a batch: a new one, or the current one continued; 1
 * when the record's segments of that op were in an earlier block */
static int block_of(struct gath *g, const struct batch *bt)
{
	struct iol_spack *pk = &g->b->pk;
	size_t *bi = &g->blk_of[bt->rec * 2 + (size_t)bt->is_read];

	if (*bi == SIZE_MAX) {
		if (iol_spack_block(pk, bt->rec, bt->is_read) < 0)
			return IOL_ENOMEM;
		*bi = pk->nblk - 1;
		g->glast = -1;
		return 0;
	}
	return *bi != pk->nblk - 1;
}

/* one batch into the store, the gap counts and the matrix; 1 when it
 * breaks the shape (see top) */
static int take(struct gath *g, const struct batch *bt)
{
	struct build *b = g->b;
	struct gmap *gm = &b->gm[bt->is_read];
	int64_t rank = b->job->dxt[b->which][bt->rec].rank;
	long k;
	int ret = rec_init(b, bt->rec);

	if (ret == 0)
		ret = block_of(g, bt);
	for (k = 0; ret == 0 && k < bt->n; k++) {
		const struct iol_seg *x = &bt->seg[k];
		struct iol_spseg sg;

		if (isnan(x->start) ||
		    (b->pk.blk[b->pk.nblk - 1].n && x->start < g->last))
			return 1;
		g->last = x->start;
		if (x->end > b->tmax)
			b->tmax = x->end;
		sg.s = x->start;
		sg.e = x->end > x->start ? x->end : x->start;
		sg.off = x->off;
		sg.len = x->len;
		if (g->glast >= 0)
			ret = iol_phx_gm_add(
				gm, sg.s > g->glast ? sg.s - g->glast : 0);
		if (sg.e > g->glast)
			g->glast = sg.e;
		if (g->m)
			iol_matrix_dxt_add(g->m, rank, sg.s, sg.e, sg.len,
					   bt->is_read);
		if (ret == 0)
			ret = iol_spack_add(&b->pk, &sg);
	}
	return ret;
}

/* the packing thread: batches in order until the end or a failure */
static void *packer(void *arg)
{
	struct gath *g = arg;

	for (;;) {
		const struct batch *bt;
		long n; /* the slot is the reader's again once taken */
		int r;

		pthread_mutex_lock(&g->mu);
		while (g->tail == g->head)
			pthread_cond_wait(&g->cv, &g->mu);
		pthread_mutex_unlock(&g->mu);
		bt = &g->ring[g->tail % NBATCH];
		n = bt->n;
		r = n > 0 ? take(g, bt) : 0;
		pthread_mutex_lock(&g->mu);
		g->tail++;
		if (r) {
			g->ret = r;
			g->stop = 1;
		}
		pthread_cond_broadcast(&g->cv);
		pthread_mutex_unlock(&g->mu);
		if (r || n <= 0)
			return NULL;
	}
}

/* read the log into the ring while the packer empties it; the
 * iterator's last answer */
static long reader(struct gath *g, struct iol_segs *it, struct iol_error *err)
{
	long n;

	do {
		struct batch *bt;

		int stop;

		pthread_mutex_lock(&g->mu);
		while (g->head - g->tail == NBATCH && !g->stop)
			pthread_cond_wait(&g->cv, &g->mu);
		stop = g->stop;
		pthread_mutex_unlock(&g->mu);
		if (stop)
			return 0;
		bt = &g->ring[g->head % NBATCH];
		n = bt->n = iol_segs_next(it, bt->seg, BATCH, &bt->rec,
					  &bt->is_read, err);
		pthread_mutex_lock(&g->mu);
		g->head++;
		pthread_cond_broadcast(&g->cv);
		pthread_mutex_unlock(&g->mu);
	} while (n > 0);
	return n;
}

/* the same on one thread */
static long alone(struct gath *g, struct iol_segs *it, struct iol_error *err)
{
	struct batch *bt = &g->ring[0];

	while ((bt->n = iol_segs_next(it, bt->seg, BATCH, &bt->rec,
				      &bt->is_read, err)) > 0)
		if ((g->ret = take(g, bt)) != 0)
			return 0;
	return bt->n;
}

/* two threads when there is enough to share */
static long gather_run(struct gath *g, struct iol_segs *it,
		       struct iol_error *err)
{
	pthread_attr_t at;
	pthread_t t;
	long n;

	if (g->b->alone || g->b->job->nsegs[g->b->which] < 65536 ||
	    pthread_mutex_init(&g->mu, NULL) != 0)
		return alone(g, it, err);
	if (pthread_cond_init(&g->cv, NULL) != 0) {
		pthread_mutex_destroy(&g->mu);
		return alone(g, it, err);
	}
	if (pthread_attr_init(&at) != 0) {
		n = alone(g, it, err);
	} else if (pthread_attr_setstacksize(&at, STACK) != 0 ||
		   pthread_create(&t, &at, packer, g) != 0) {
		pthread_attr_destroy(&at);
		n = alone(g, it, err);
	} else {
		pthread_attr_destroy(&at);
		g->b->threaded = 1;
		n = reader(g, it, err);
		pthread_join(t, NULL);
	}
	pthread_cond_destroy(&g->cv);
	pthread_mutex_destroy(&g->mu);
	return n;
}

static int pk_gather(struct build *b, struct iol_matrix *m,
		     struct iol_error *err)
{
	size_t nrec = b->job->ndxt[b->which], i;
	struct iol_segs *it;
	struct gath g;
	long n;
	int ret;

	memset(&g, 0, sizeof(g));
	g.b = b;
	g.m = m;
	b->rrank = malloc((nrec ? nrec : 1) * sizeof(*b->rrank));
	b->rfile = malloc((nrec ? nrec : 1) * sizeof(*b->rfile));
	g.blk_of = malloc((nrec ? nrec : 1) * 2 * sizeof(*g.blk_of));
	g.ring = malloc(NBATCH * sizeof(*g.ring));
	ret = IOL_ENOMEM;
	if (b->rrank && b->rfile && g.blk_of && g.ring) {
		for (i = 0; i < nrec * 2; i++)
			g.blk_of[i] = SIZE_MAX;
		ret = iol_segs_open(&it, b->job, b->which, err);
	}
	if (ret == 0) {
		n = gather_run(&g, it, err);
		iol_segs_close(it);
		ret = g.ret ? g.ret : n < 0 ? (int)n : 0;
	}
	free(g.blk_of);
	free(g.ring);
	if (ret)
		return ret;
	if (b->pk.n > UINT32_MAX - 1)
		return 1; /* phases.c's own answer for so many */
	return iol_spack_finish(&b->pk);
}

/* the matrix as phases.c's matrix_of adds it, after gathering: for an
 * axis that reaches the latest segment */
static int pk_matrix(const struct build *b, size_t nbins, struct iol_matrix *m,
		     struct iol_error *err)
{
	struct iol_spcur c;
	struct iol_spseg sg;
	size_t i;
	int ret;

	ret = iol_matrix_dxt_start(b->job, nbins, b->tmax, m, err);
	if (ret < 0)
		return ret;
	for (i = 0; i < b->pk.nblk; i++) {
		const struct iol_spblock *bk = &b->pk.blk[i];
		int64_t rank = b->job->dxt[b->which][bk->rec].rank;

		iol_spcur_seek(&c, &b->pk, i, 0);
		while (iol_spcur_next(&c, &sg))
			iol_matrix_dxt_add(m, rank, sg.s, sg.e, sg.len, bk->op);
	}
	return 0;
}

/* does every rank have at most one block of each op? */
static int single_blocks(const struct build *b)
{
	size_t np = b->nprocs + 1, i;
	unsigned char *seen = calloc(2 * np, 1);
	int one = 1;

	if (!seen)
		return 0;
	for (i = 0; one && i < b->pk.nblk; i++) {
		int32_t r = b->rrank[b->pk.blk[i].rec];
		unsigned char *x = &seen[(size_t)b->pk.blk[i].op * np +
					 (r < 0 ? b->nprocs : (size_t)r)];

		one = !*x;
		*x = 1;
	}
	free(seen);
	return one;
}

/* ---- the split into raw phases, and the cells ---- */

/* phases.c's struct cursor, without the first segment's index: a
 * block's segments of the current phase are found by its changes */
struct pkc {
	size_t cur;
	double maxe, ystart;
	int mixed, yseen;
};

/* ---- revisits ---- */

#define OSET_EMPTY UINT64_MAX
#define OSET_MAX ((size_t)1 << 19) /* offsets: 8 MiB of set */

static size_t os_slot(const struct oset *o, uint64_t k)
{
	size_t i = (size_t)((k * 0x9e3779b97f4a7c15u) >> 32) & (o->cap - 1);

	while (o->k[i] != OSET_EMPTY && o->k[i] != k)
		i = (i + 1) & (o->cap - 1);
	return i;
}

static void os_drop(struct oset *o)
{
	free(o->k);
	o->k = NULL;
	o->cap = o->n = 0;
	o->has_empty = 0;
}

/* add k; -1 when the set would pass OSET_MAX or memory runs out */
static int os_add(struct oset *o, uint64_t k)
{
	size_t i;

	if (k == OSET_EMPTY) {
		o->has_empty = 1;
		return 0;
	}
	if ((o->n + 1) * 2 > o->cap) {
		struct oset old = *o;

		if (o->n + 1 > OSET_MAX)
			return -1;
		o->cap = old.cap ? old.cap * 2 : 4096;
		o->k = malloc(o->cap * sizeof(*o->k));
		if (!o->k) {
			o->k = old.k;
			o->cap = old.cap;
			return -1;
		}
		for (i = 0; i < o->cap; i++)
			o->k[i] = OSET_EMPTY;
		for (i = 0; i < old.cap; i++)
			if (old.k[i] != OSET_EMPTY)
				o->k[os_slot(o, old.k[i])] = old.k[i];
		free(old.k);
	}
	i = os_slot(o, k);
	if (o->k[i] == OSET_EMPTY) {
		o->k[i] = k;
		o->n++;
	}
	return 0;
}

static int os_has(const struct oset *o, uint64_t k)
{
	if (k == OSET_EMPTY)
		return o->has_empty;
	return o->cap && o->k[os_slot(o, k)] == k;
}

/* scan block bi's segments [j, end) for off */
static int scan(const struct build *b, size_t bi, size_t j, size_t end,
		int64_t off)
{
	struct iol_spcur c;
	struct iol_spseg q;

	iol_spcur_seek(&c, &b->pk, bi, j);
	for (; j < end && iol_spcur_next(&c, &q); j++)
		if (q.off == off)
			return 1;
	return 0;
}

/*
 * Was (record, offset, op) of t accessed in x's current phase?  Those of
 * its block are the ones from its last change, when that is to the
 * current phase, up to t.  The first question about a block's phase
 * reads them; from the second on, a set of their offsets grows with the
 * phase, so that a record asked about at every gap is read once, not
 * once a question (mpiio-collective-big: 10^5 questions of one record,
 * a quadratic 17 s).  Past OSET_MAX offsets it reads them again.
 */
static int pk_revisits(struct build *b, const struct iol_spmcur *t,
		       const struct pkc *x)
{
	const struct ptlist *tl = &b->tr[t->blk];
	struct oset *o = &b->os;
	size_t j, end = t->c.pos - 1;

	if (!tl->n || tl->v[tl->n - 1].ph != x->cur)
		return 0;
	j = tl->v[tl->n - 1].pos;
	if (o->blk != t->blk || o->ph != x->cur || o->start != j || !o->asked) {
		os_drop(o);
		o->blk = t->blk;
		o->ph = (uint32_t)x->cur;
		o->start = o->upto = j;
		o->asked = o->big = 0;
	}
	if (o->asked++ == 0 || o->big)
		return scan(b, t->blk, j, end, t->sg.off);
	if (o->upto < end) {
		struct iol_spcur c;
		struct iol_spseg q;

		iol_spcur_seek(&c, &b->pk, t->blk, o->upto);
		for (; o->upto < end && iol_spcur_next(&c, &q); o->upto++)
			if (os_add(o, (uint64_t)q.off) < 0) {
				o->big = 1;
				os_drop(o);
				return scan(b, t->blk, j, end, t->sg.off);
			}
	}
	return os_has(o, (uint64_t)t->sg.off);
}

static int pk_new_phase(struct build *b, const struct iol_spmcur *t,
			const struct pkc *x)
{
	double idle = t->sg.s - x->maxe;

	if (idle >= IOL_PHASE_IDLE)
		return 1;
	if (x->ystart >= x->maxe && !x->mixed)
		return 1;
	return pk_revisits(b, t, x);
}

/* a cell for the segments of block bi from pos (sg) on, in phase ph */
static struct cell *pk_cell(struct build *b, size_t *cap, size_t bi, size_t pos,
			    const struct iol_spseg *sg, size_t ph)
{
	const struct iol_spblock *bk = &b->pk.blk[bi];
	struct cell *c = iol_phx_cell_add(b, cap, bk->rec, (uint32_t)ph, bk->op,
					  sg->s, sg->e);

	if (!c)
		return NULL;
	c->fs = sg->s;
	c->fg = bk->base + pos;
	c->blk = bi;
	return c;
}

static void cell_add(struct cell *c, const struct iol_spseg *sg)
{
	if (sg->s < c->s)
		c->s = sg->s;
	if (sg->e > c->e)
		c->e = sg->e;
	c->dur += sg->e - sg->s;
	c->bytes = wadd(c->bytes, sg->len > 0 ? sg->len : 0);
	c->nops++;
}

/* segment pos of block bi is in raw phase ph: where that changes, the
 * block's change list and a new cell (of the raw phase, for now) */
static struct cell *mark(struct build *b, size_t *cap, size_t bi, size_t pos,
			 const struct iol_spseg *sg, size_t ph)
{
	struct ptlist *tl = &b->tr[bi];
	struct ptrans *v;

	if (tl->n && tl->v[tl->n - 1].ph == ph)
		return &b->cell[tl->v[tl->n - 1].cell];
	v = iol_grow(tl->v, &tl->cap, tl->n, sizeof(*v), 4);
	if (!v)
		return NULL;
	/* the list may have moved: kept before the cell can fail */
	tl->v = v;
	if (!pk_cell(b, cap, bi, pos, sg, ph))
		return NULL;
	v[tl->n].pos = pos;
	v[tl->n].ph = (uint32_t)ph;
	v[tl->n].cell = b->ncell - 1;
	tl->n++;
	return &b->cell[b->ncell - 1];
}

/* phases.c's split(), in the merged time order, and its cells() for each
 * raw phase of each block */
static int pk_split(struct build *b, const double gap[2], size_t *cap)
{
	struct pkc c[2] = {{SIZE_MAX, -1, -1, 0, 0}, {SIZE_MAX, -1, -1, 0, 0}};
	const struct iol_spmcur *t;
	struct iol_spmerge g;
	int ret = 0;

	b->tr = calloc(b->pk.nblk ? b->pk.nblk : 1, sizeof(*b->tr));
	if (!b->tr || iol_spmerge_open(&g, &b->pk, NULL, b->pk.nblk) < 0)
		return IOL_ENOMEM;
	while ((t = iol_spmerge_next(&g))) {
		int op = b->pk.blk[t->blk].op;
		struct pkc *x = &c[op];
		struct cell *cl;

		if (x->cur == SIZE_MAX ||
		    (t->sg.s - x->maxe >= gap[op] && pk_new_phase(b, t, x))) {
			if (iol_phx_raw_add(b, op, &x->cur) < 0) {
				ret = IOL_ENOMEM;
				break;
			}
			x->mixed = 0;
		} else if (x->yseen) {
			x->mixed = 1;
		}
		x->yseen = 0;
		c[!op].ystart = t->sg.s;
		c[!op].yseen = 1;
		b->raw[x->cur].bytes = wadd(b->raw[x->cur].bytes,
					    t->sg.len > 0 ? t->sg.len : 0);
		if (t->sg.e > x->maxe)
			x->maxe = t->sg.e;
		cl = mark(b, cap, t->blk, t->c.pos - 1, &t->sg, x->cur);
		if (!cl) {
			ret = IOL_ENOMEM;
			break;
		}
		cell_add(cl, &t->sg);
	}
	iol_spmerge_close(&g);
	return ret;
}

/* block bi's cells again, segment by segment: where two of its raw
 * phases in a row fold into one phase, phases.c sums them as one cell
 * (and its float sums in that order) */
static int block_cells(struct build *b, size_t bi, size_t *cap)
{
	const struct ptlist *tl = &b->tr[bi];
	struct iol_spcur cu;
	struct iol_spseg sg;
	struct cell *c = NULL;
	size_t pos, k = 0;

	iol_spcur_seek(&cu, &b->pk, bi, 0);
	for (pos = 0; iol_spcur_next(&cu, &sg); pos++) {
		size_t ph;

		while (k + 1 < tl->n && tl->v[k + 1].pos <= pos)
			k++;
		ph = b->raw[tl->v[k].ph].fin;
		if (!c || c->ph != ph) {
			c = pk_cell(b, cap, bi, pos, &sg, ph);
			if (!c)
				return IOL_ENOMEM;
		}
		cell_add(c, &sg);
	}
	return 0;
}

static int by_first(const void *pa, const void *pb)
{
	const struct cell *a = pa, *b = pb;

	if (a->fs != b->fs)
		return a->fs < b->fs ? -1 : 1;
	return (a->fg > b->fg) - (a->fg < b->fg);
}

/* the raw cells to final phases: in the order phases.c makes them (time
 * order of their first segments), then sorted as it sorts them */
static int pk_cells(struct build *b, size_t *cap)
{
	size_t i, k, nredo = 0;
	unsigned char *redo = calloc(b->pk.nblk ? b->pk.nblk : 1, 1);

	if (!redo)
		return IOL_ENOMEM;
	for (i = 0; i < b->pk.nblk; i++) {
		const struct ptlist *tl = &b->tr[i];

		for (k = 1; k < tl->n; k++)
			if (b->raw[tl->v[k].ph].fin ==
			    b->raw[tl->v[k - 1].ph].fin)
				redo[i] = 1;
		nredo += redo[i];
	}
	for (i = k = 0; i < b->ncell; i++)
		if (!redo[b->cell[i].blk]) {
			b->cell[k] = b->cell[i];
			b->cell[k++].ph = (uint32_t)b->raw[b->cell[i].ph].fin;
		}
	b->ncell = k;
	for (i = 0; nredo && i < b->pk.nblk; i++)
		if (redo[i] && block_cells(b, i, cap) < 0) {
			free(redo);
			return IOL_ENOMEM;
		}
	free(redo);
	qsort(b->cell, b->ncell, sizeof(*b->cell), by_first);
	for (i = 0; i < b->ncell; i++)
		b->cell[i].made = i;
	qsort(b->cell, b->ncell, sizeof(*b->cell), iol_phx_by_cell);
	return 0;
}

void iol_phx_packed_free(struct build *b)
{
	size_t i;

	if (b->tr)
		for (i = 0; i < b->pk.nblk; i++)
			free(b->tr[i].v);
	free(b->tr);
	b->tr = NULL;
	iol_spack_free(&b->pk);
	iol_phx_gm_free(&b->gm[0]);
	iol_phx_gm_free(&b->gm[1]);
	os_drop(&b->os);
}

/* the matrix while gathering when its axis is known before, else after;
 * *mret as phases.c sets it */
static int gather_mx(struct build *b, size_t nbins, struct iol_matrix *m,
		     int *mret, struct iol_error *merr, struct iol_error *err)
{
	int live = m && !iol_matrix_dxt_needs_tmax(b->job), ret;

	if (live && iol_matrix_dxt_start(b->job, nbins, 0, m, merr) < 0) {
		/* the same error again after gathering, as phases.c */
		iol_matrix_free(m);
		memset(m, 0, sizeof(*m));
		live = 0;
	}
	ret = pk_gather(b, live ? m : NULL, err);
	if (live && ret != 0) {
		iol_matrix_free(m);
		memset(m, 0, sizeof(*m));
	}
	if (ret == 1 || !m)
		return ret;
	if (ret < 0)
		*mret = ret;
	else if (!live)
		*mret = pk_matrix(b, nbins, m, merr);
	return ret;
}

int iol_phx_packed(struct build *b, size_t nbins, struct iol_phases *p,
		   struct iol_matrix *m, int *mret, struct iol_error *merr,
		   struct iol_error *err)
{
	size_t cap = 0;
	int ret = gather_mx(b, nbins, m, mret, merr, err);

	if (ret)
		return ret;
	ret = iol_phx_gaps(b, single_blocks(b), p->gap);
	if (ret == 0)
		ret = pk_split(b, p->gap, &cap);
	if (ret < 0)
		return ret;
	iol_phx_fold_raw(b);
	ret = pk_cells(b, &cap);
	iol_phx_packed_free(b);
	return ret < 0 ? ret : iol_phx_rows(b, p, err);
}
