/*
 * Phases (METRICS.md 8; the rules are in phases.h): the DXT segments of
 * one layer are gathered, split into phases per operation at idle gaps,
 * small phases folded into "other", then broken down into cells (rank,
 * file, phase) that carry the sync time estimated from the counters, and
 * summed into rank, file and job rows.  Sorting, not hashing, groups the
 * cells; a job holds one segment per DXT record in memory (40 bytes,
 * and 4 of time order when the records' runs must be merged).
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "analysis/phases-int.h"
#include "base/grow.h"
#include "model/event.h"
#include "base/wrap.h"
#include "base/banned.h"

static void row_init(struct iol_phase *p, int64_t rank, uint64_t file, int op)
{
	memset(p, 0, sizeof(*p));
	p->rank = rank;
	p->file = file;
	p->op = op;
	p->start = -1;
	p->end = -1;
	p->sync_end = -1;
}

static void row_add(struct iol_phase *p, double s, double e, int64_t bytes,
		    int64_t nops)
{
	if (p->start < 0 || s < p->start)
		p->start = s;
	if (e > p->end)
		p->end = e;
	p->bytes = wadd(p->bytes, bytes > 0 ? bytes : 0);
	p->nops += nops;
}

static double mibs(const struct iol_phase *ph, double end)
{
	if (ph->other || ph->start < 0 || !(end > ph->start))
		return NAN;
	return (double)ph->bytes / 1048576.0 / (end - ph->start);
}

double iol_phase_mibs(const struct iol_phase *ph)
{
	return mibs(ph, ph->end);
}

double iol_phase_mibs_sync(const struct iol_phase *ph)
{
	return mibs(ph, ph->sync_end > ph->end ? ph->sync_end : ph->end);
}

/* the file index of record id, added when new */
int iol_phx_file_of(struct build *b, uint64_t id, uint32_t *out)
{
	struct fent *f = iol_ftab_get(&b->ft, id);

	if (!f)
		return IOL_ENOMEM;
	if (f->rank == -2) {
		uint64_t *v = iol_grow(b->fid, &b->fcap, b->nf, sizeof(*v), 16);

		if (!v || b->nf >= UINT32_MAX)
			return IOL_ENOMEM;
		b->fid = v;
		f->rank = (int64_t)b->nf;
		b->fid[b->nf++] = id;
	}
	*out = (uint32_t)f->rank;
	return 0;
}

/* Large pages for a large array, where the kernel gives them on request:
 * a fault per 2 MiB, not per 4 KiB (a tenth of the time of 8 million
 * segments was spent faulting their 320 MB in) */
static void huge_pages(void *p, size_t len)
{
#ifdef MADV_HUGEPAGE
	uintptr_t lo = ((uintptr_t)p + 4095) & ~(uintptr_t)4095;
	uintptr_t hi = ((uintptr_t)p + len) & ~(uintptr_t)4095;

	if (len >= ((size_t)8 << 20) && hi > lo)
		madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
#else
	(void)p;
	(void)len;
#endif
}

/* the per-record tables and the segment array, sized once from the
 * records' counts (growing by doubling held up to twice the bytes) */
static int gather_alloc(struct build *b)
{
	size_t nrec = b->job->ndxt[b->which];
	uint64_t want = b->job->nsegs[b->which];

	b->rrank = malloc((nrec ? nrec : 1) * sizeof(*b->rrank));
	b->rfile = malloc((nrec ? nrec : 1) * sizeof(*b->rfile));
	b->rlo = malloc((nrec ? nrec : 1) * sizeof(*b->rlo));
	b->rhi = malloc((nrec ? nrec : 1) * sizeof(*b->rhi));
	if (!b->rrank || !b->rfile || !b->rlo || !b->rhi)
		return IOL_ENOMEM;
	for (size_t i = 0; i < nrec; i++)
		b->rlo[i] = b->rhi[i] = SIZE_MAX;
	/* a count a damaged header inflates only costs address space;
	 * without it the array grows as before */
	if (want > 0 && want < SIZE_MAX / sizeof(*b->sg)) {
		b->sg = malloc((size_t)want * sizeof(*b->sg));
		b->cap = b->sg ? (size_t)want : 0;
		if (b->sg)
			huge_pages(b->sg, b->cap * sizeof(*b->sg));
	}
	return 0;
}

static int gather(struct build *b, struct iol_error *err)
{
	struct iol_segs *it;
	struct iol_seg seg[1024];
	size_t rec;
	int is_read, ret;
	long n, k;

	if (gather_alloc(b) < 0)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	ret = iol_segs_open(&it, b->job, b->which, err);
	if (ret < 0)
		return ret;
	while ((n = iol_segs_next(it, seg, 1024, &rec, &is_read, err)) > 0) {
		const struct iol_jdxt *x = &b->job->dxt[b->which][rec];
		uint32_t fi;

		if (iol_phx_file_of(b, x->id, &fi) < 0) {
			n = IOL_ENOMEM;
			break;
		}
		b->rfile[rec] = fi;
		if (b->rlo[rec] == SIZE_MAX)
			b->rlo[rec] = b->n;
		else if (b->rhi[rec] != b->n)
			b->rsplit = 1;
		b->rrank[rec] = x->rank >= 0 && (size_t)x->rank < b->nprocs &&
						x->rank <= INT32_MAX
					? (int32_t)x->rank
					: -1;
		for (k = 0; k < n; k++) {
			struct pseg *p = iol_grow(b->sg, &b->cap, b->n,
						  sizeof(*p), 1024);

			if (!p) {
				n = IOL_ENOMEM;
				break;
			}
			b->sg = p;
			p = &b->sg[b->n++];
			if (seg[k].end > b->tmax)
				b->tmax = seg[k].end;
			b->nan |= isnan(seg[k].start);
			p->s = seg[k].start;
			p->e = seg[k].end > seg[k].start ? seg[k].end
							 : seg[k].start;
			p->len = seg[k].len;
			p->off = seg[k].off;
			p->rec = (uint32_t)rec;
			p->ph = 0;
			p->op = is_read;
		}
		b->rhi[rec] = b->n;
		if (n < 0)
			break;
	}
	iol_segs_close(it);
	if (n == IOL_ENOMEM)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	return n < 0 ? (int)n : 0;
}

static int cmp_d(double a, double b)
{
	return a < b ? -1 : a > b;
}

/* a segment's place in time order: start, then gathering order */
struct tkey {
	double s;
	size_t i;
};

static int by_tkey(const void *pa, const void *pb)
{
	const struct tkey *a = pa, *b = pb;
	int c = cmp_d(a->s, b->s);

	return c ? c : (a->i > b->i) - (a->i < b->i);
}

/* sort the segments by start through small keys, then move each
 * segment once, cycle by cycle, into its place: for starts no order
 * holds (NaN), where only qsort's own order is the order */
static int time_sort(struct build *b)
{
	struct tkey *k = malloc((b->n ? b->n : 1) * sizeof(*k));
	size_t i;

	if (!k)
		return IOL_ENOMEM;
	for (i = 0; i < b->n; i++) {
		k[i].s = b->sg[i].s;
		k[i].i = i;
	}
	qsort(k, b->n, sizeof(*k), by_tkey);
	for (i = 0; i < b->n; i++) {
		struct pseg tmp;
		size_t j = i;

		if (k[i].i == i)
			continue;
		tmp = b->sg[i];
		while (k[j].i != i) {
			size_t from = k[j].i;

			b->sg[j] = b->sg[from];
			k[j].i = j;
			j = from;
		}
		b->sg[j] = tmp;
		k[j].i = j;
	}
	free(k);
	return 0;
}

/* a run of segments in gathering order whose starts do not decrease,
 * [i, end), in a heap by its next segment's (start, index) */
struct run {
	double s;
	uint32_t i, end;
};

static int run_before(const struct run *a, const struct run *b)
{
	return a->s < b->s || (a->s == b->s && a->i < b->i);
}

static void run_down(struct run *h, size_t n, size_t at)
{
	struct run v = h[at];

	for (;;) {
		size_t c = 2 * at + 1;

		if (c >= n)
			break;
		if (c + 1 < n && run_before(&h[c + 1], &h[c]))
			c++;
		if (!run_before(&h[c], &v))
			break;
		h[at] = h[c];
		at = c;
	}
	h[at] = v;
}

/* the runs of sg: a record's segments of one kind are gathered together
 * and nearly always in time order, so there are a few runs, each read
 * sequentially while merging */
static struct run *runs_of(const struct build *b, size_t *nrun)
{
	struct run *r = NULL;
	size_t i, n = 0, cap = 0;

	for (i = 0; i < b->n; i++) {
		if (i && !(b->sg[i].s < b->sg[i - 1].s)) {
			r[n - 1].end = (uint32_t)(i + 1);
			continue;
		}
		r = iol_grow(r, &cap, n, sizeof(*r), 64);
		if (!r)
			return NULL;
		r[n].s = b->sg[i].s;
		r[n].i = (uint32_t)i;
		r[n].end = (uint32_t)(i + 1);
		n++;
	}
	*nrun = n;
	return r;
}

/*
 * The time order of the segments by merging their runs: the same order
 * as sorting by (start, gathering index), which is a strict order when no
 * start is NaN, so the merge and the sort agree to the segment.  The
 * segments stay where they are (no second array, no scattered moves of
 * 40 bytes: moving them was most of the time of a million segments).
 */
static int time_order(struct build *b)
{
	struct run *h;
	size_t i, n = 0, j;

	for (i = 0; i < b->n; i++)
		if (isnan(b->sg[i].s)) {
			b->moved = 1;
			return time_sort(b);
		}
	if (b->n > UINT32_MAX - 1)
		return IOL_ENOMEM;
	h = b->n ? runs_of(b, &n) : NULL;
	if (b->n && !h)
		return IOL_ENOMEM;
	if (n <= 1) {
		free(h);
		return 0;
	}
	b->ord = malloc(b->n * sizeof(*b->ord));
	if (!b->ord) {
		free(h);
		return IOL_ENOMEM;
	}
	for (i = n / 2; i-- > 0;)
		run_down(h, n, i);
	for (j = 0; j < b->n; j++) {
		b->ord[j] = h[0].i++;
		if (h[0].i < h[0].end)
			h[0].s = b->sg[h[0].i].s;
		else
			h[0] = h[--n];
		run_down(h, n, 0);
	}
	free(h);
	return 0;
}

/* the i-th segment in time order */
static inline struct pseg *at(const struct build *b, size_t i)
{
	return &b->sg[b->ord ? b->ord[i] : i];
}

int iol_phx_by_cell(const void *pa, const void *pb)
{
	const struct cell *a = pa, *b = pb;

	if (a->rank != b->rank)
		return a->rank < b->rank ? -1 : 1;
	if (a->file != b->file)
		return a->file < b->file ? -1 : 1;
	if (a->ph != b->ph)
		return a->ph < b->ph ? -1 : 1;
	return (a->made > b->made) - (a->made < b->made);
}

/* the k-th smallest of v[0..n) (n > k), v reordered (Hoare) */
double iol_phx_kth(double *v, size_t n, size_t k)
{
	size_t lo = 0, hi = n - 1;

	while (lo < hi) {
		double pv = v[lo + (hi - lo) / 2];
		size_t i = lo, j = hi;

		while (i <= j) {
			while (v[i] < pv)
				i++;
			while (v[j] > pv)
				j--;
			if (i <= j) {
				double t = v[i];

				v[i] = v[j];
				v[j] = t;
				i++;
				if (j == 0)
					break;
				j--;
			}
		}
		if (k <= j)
			hi = j;
		else if (k >= i)
			lo = i;
		else
			break;
	}
	return v[k];
}

/* the gap that splits op (phases.h): segments sorted by time */
static int op_gap(const struct build *b, int op, double *gap)
{
	double *last = malloc((b->nprocs + 1) * sizeof(*last)), *g;
	size_t i, ng = 0, nop = 0;

	/* room for this op's gaps alone */
	for (i = 0; i < b->n; i++)
		nop += b->sg[i].op == (unsigned)op;
	g = malloc((nop ? nop : 1) * sizeof(*g));

	*gap = IOL_PHASE_MIN_GAP;
	if (!last || !g) {
		free(last);
		free(g);
		return IOL_ENOMEM;
	}
	for (i = 0; i <= b->nprocs; i++)
		last[i] = -1;
	for (i = 0; i < b->n; i++) {
		const struct pseg *p = at(b, i);
		int32_t rank = b->rrank[p->rec];
		size_t r = rank < 0 ? b->nprocs : (size_t)rank;

		if (p->op != op)
			continue;
		if (last[r] >= 0)
			g[ng++] = p->s > last[r] ? p->s - last[r] : 0;
		if (p->e > last[r])
			last[r] = p->e;
	}
	if (ng) {
		double med = iol_phx_kth(g, ng, ng / 2);

		if (IOL_PHASE_GAP_FACTOR * med > *gap)
			*gap = IOL_PHASE_GAP_FACTOR * med;
	}
	free(last);
	free(g);
	return 0;
}

/* the state of splitting one op */
struct cursor {
	size_t cur;    /* its raw phase, SIZE_MAX before the first */
	size_t first;  /* the index of the phase's first segment */
	double maxe;   /* the end of its latest segment */
	double ystart; /* the start of the other op's latest segment */
	int mixed;     /* the other op ran between two of its segments */
	int yseen;     /* ... since its latest segment */
};

/* does gathered segment a come before gathered segment b in time? */
static int before(const struct build *b, size_t x, size_t y)
{
	return b->sg[x].s < b->sg[y].s || (b->sg[x].s == b->sg[y].s && x < y);
}

/* revisits() through the record's own segments, in gathering order:
 * those of its op between the phase's first segment and segment i */
static int revisits_rec(const struct build *b, size_t i, const struct cursor *c)
{
	size_t gi = b->ord ? b->ord[i] : i;
	size_t gf = b->ord ? b->ord[c->first] : c->first;
	const struct pseg *p = &b->sg[gi];
	size_t j;

	for (j = b->rlo[p->rec]; j < b->rhi[p->rec]; j++) {
		const struct pseg *q = &b->sg[j];

		if (q->off == p->off && q->op == p->op && q->ph == c->cur &&
		    before(b, j, gi) && !before(b, j, gf))
			return 1;
	}
	return 0;
}

/* was segment i's place (record, offset, op) accessed in its op's
 * current phase?  Asked only after a gap, so the scan is rare; it reads
 * the record's segments, not every record's since the phase began (35
 * million reads for nine questions on dxt-8m) */
static int revisits(const struct build *b, size_t i, const struct cursor *c)
{
	const struct pseg *p = at(b, i);
	size_t j;

	if (!b->moved && !b->rsplit)
		return revisits_rec(b, i, c);
	for (j = i; j-- > c->first;) {
		const struct pseg *q = at(b, j);

		if (q->off == p->off && q->rec == p->rec && q->op == p->op &&
		    q->ph == c->cur)
			return 1;
	}
	return 0;
}

/* does segment i, after an idle gap of its op, begin a new phase? */
static int new_phase(const struct build *b, size_t i, const struct cursor *c)
{
	double idle = at(b, i)->s - c->maxe;

	if (idle >= IOL_PHASE_IDLE)
		return 1;
	/* the other operation ran in the gap and not during the phase (a
	 * copy interleaves them: no alternation there) */
	if (c->ystart >= c->maxe && !c->mixed)
		return 1;
	/* the same place again: a new pass over the same data */
	return revisits(b, i, c);
}

/* a new raw phase of op, its index in *cur */
int iol_phx_raw_add(struct build *b, int op, size_t *cur)
{
	struct raw *r = iol_grow(b->raw, &b->rawcap, b->nraw, sizeof(*r), 16);

	if (!r || b->nraw >= UINT32_MAX)
		return IOL_ENOMEM;
	b->raw = r;
	*cur = b->nraw++;
	b->raw[*cur].bytes = 0;
	b->raw[*cur].op = op;
	return 0;
}

static int raw_new(struct build *b, struct cursor *c, int op, size_t i)
{
	if (iol_phx_raw_add(b, op, &c->cur) < 0)
		return IOL_ENOMEM;
	c->first = i;
	c->mixed = 0;
	return 0;
}

/* raw phases of each op (phases.h) over segments sorted by time */
static int split(struct build *b, const double gap[2])
{
	struct cursor c[2] = {{SIZE_MAX, 0, -1, -1, 0, 0},
			      {SIZE_MAX, 0, -1, -1, 0, 0}};
	size_t i;

	for (i = 0; i < b->n; i++) {
		struct pseg *p = at(b, i);
		struct cursor *x = &c[p->op];

		if (x->cur == SIZE_MAX ||
		    (p->s - x->maxe >= gap[p->op] && new_phase(b, i, x))) {
			if (raw_new(b, x, p->op, i) < 0)
				return IOL_ENOMEM;
		} else if (x->yseen) {
			x->mixed = 1;
		}
		x->yseen = 0;
		c[!p->op].ystart = p->s;
		c[!p->op].yseen = 1;
		b->raw[x->cur].bytes =
			wadd(b->raw[x->cur].bytes, p->len > 0 ? p->len : 0);
		if (p->e > x->maxe)
			x->maxe = p->e;
		p->ph = (uint32_t)x->cur;
	}
	return 0;
}

/* number the phases that carry IOL_PHASE_FOLD of the bytes in time order
 * (raw phases are in order of their first segment); the rest: other */
void iol_phx_fold_raw(struct build *b)
{
	int64_t total = 0;
	size_t i;

	for (i = 0; i < b->nraw; i++)
		total = wadd(total, b->raw[i].bytes);
	b->total = total;
	b->nkept = 0;
	for (i = 0; i < b->nraw; i++)
		if ((double)b->raw[i].bytes >= IOL_PHASE_FOLD * (double)total)
			b->raw[i].fin = b->nkept++;
		else
			b->raw[i].fin = SIZE_MAX;
	for (i = 0; i < b->nraw; i++)
		if (b->raw[i].fin == SIZE_MAX)
			b->raw[i].fin = b->nkept + (size_t)b->raw[i].op;
}

static void fold(struct build *b)
{
	size_t i;

	iol_phx_fold_raw(b);
	for (i = 0; i < b->n; i++)
		b->sg[i].ph = (uint32_t)b->raw[b->sg[i].ph].fin;
}

static int phase_op(const struct build *b, size_t ph)
{
	size_t i;

	if (ph >= b->nkept)
		return (int)(ph - b->nkept);
	for (i = 0; i < b->nraw; i++)
		if (b->raw[i].fin == ph)
			return b->raw[i].op;
	return 0;
}

struct cell *iol_phx_cell_add(struct build *b, size_t *cap, size_t rec,
			      uint32_t ph, int op, double s, double e)
{
	struct cell *c = iol_grow(b->cell, cap, b->ncell, sizeof(*c), 64);

	if (!c)
		return NULL;
	b->cell = c;
	c = &b->cell[b->ncell++];
	memset(c, 0, sizeof(*c));
	c->rank = b->rrank[rec];
	c->file = b->rfile[rec];
	c->ph = ph;
	c->op = op;
	c->s = s;
	c->e = e;
	c->rrow = SIZE_MAX;
	c->send = -1;
	c->made = b->ncell - 1;
	return c;
}

/* cells, in one pass: a DXT record's segments of one op in time order go
 * to one phase after another, so each record and op has a current cell;
 * then sorted by rank, file and phase */
static int cells(struct build *b)
{
	size_t nrec = b->job->ndxt[b->which], i, cap = 0;
	size_t *cur = malloc((nrec ? nrec : 1) * 2 * sizeof(*cur));

	if (!cur)
		return IOL_ENOMEM;
	for (i = 0; i < nrec * 2; i++)
		cur[i] = SIZE_MAX;
	for (i = 0; i < b->n; i++) {
		const struct pseg *p = at(b, i);
		size_t *ci = &cur[(size_t)p->rec * 2 + p->op];
		struct cell *c;

		if (*ci == SIZE_MAX || b->cell[*ci].ph != p->ph) {
			if (!iol_phx_cell_add(b, &cap, p->rec, p->ph, p->op,
					      p->s, p->e)) {
				free(cur);
				return IOL_ENOMEM;
			}
			*ci = b->ncell - 1;
		}
		c = &b->cell[*ci];
		if (p->s < c->s)
			c->s = p->s;
		if (p->e > c->e)
			c->e = p->e;
		c->dur += p->e - p->s;
		c->bytes = wadd(c->bytes, p->len > 0 ? p->len : 0);
		c->nops++;
	}
	free(cur);
	qsort(b->cell, b->ncell, sizeof(*b->cell), iol_phx_by_cell);
	return 0;
}

/* share sync seconds among write cells [lo, hi) by their bytes */
static void give_sync(struct build *b, size_t lo, size_t hi, double sync)
{
	int64_t bytes = 0;
	size_t i, nw = 0;

	for (i = lo; i < hi; i++)
		if (b->cell[i].op == 0) {
			bytes = wadd(bytes, b->cell[i].bytes);
			nw++;
		}
	if (!(sync > 0) || !nw)
		return;
	for (i = lo; i < hi; i++)
		if (b->cell[i].op == 0)
			b->cell[i].sync +=
				bytes > 0 ? sync * (double)b->cell[i].bytes /
						    (double)bytes
					  : sync / (double)nw;
}

/* write seconds of cells [lo, hi) */
static double wdur(const struct build *b, size_t lo, size_t hi)
{
	double d = 0;
	size_t i;

	for (i = lo; i < hi; i++)
		if (b->cell[i].op == 0)
			d += b->cell[i].dur;
	return d;
}

/* cells [*lo, *hi) of (rank, file): cells are sorted by rank, file */
static void cell_range(const struct build *b, int64_t rank, uint32_t file,
		       size_t *lo, size_t *hi)
{
	size_t l = 0, h = b->ncell;

	while (l < h) {
		size_t m = l + (h - l) / 2;
		const struct cell *c = &b->cell[m];

		if (c->rank < rank || (c->rank == rank && c->file < file))
			l = m + 1;
		else
			h = m;
	}
	*lo = l;
	while (l < b->ncell && b->cell[l].rank == rank &&
	       b->cell[l].file == file)
		l++;
	*hi = l;
}

/* a record's write time minus its write segments, 0 without syncs */
static double rec_sync_time(const struct cix *cx, const struct iol_jrec *r)
{
	/* any sync, not their sum: INT64_MAX of each overflows */
	int n = pos(geti(r, cx->syncs[0])) > 0 ||
		pos(geti(r, cx->syncs[1])) > 0;
	double tw = getf(r, cx->tw);

	return n && tw > 0 ? tw : 0;
}

/* a shared record's sync: evenly to the ranks that wrote the file */
static void shared_sync(struct build *b, uint32_t file, double tw)
{
	size_t i = 0, nw = 0, lo, hi;
	double d = 0, each;

	while (i < b->ncell) {
		cell_range(b, b->cell[i].rank, b->cell[i].file, &lo, &hi);
		if (b->cell[i].file == file && wdur(b, lo, hi) > 0) {
			d += wdur(b, lo, hi);
			nw++;
		}
		i = hi > i ? hi : i + 1;
	}
	if (!nw || !(tw - d > 0))
		return;
	each = (tw - d) / (double)nw;
	for (i = 0; i<b->ncell; i = hi> i ? hi : i + 1) {
		cell_range(b, b->cell[i].rank, b->cell[i].file, &lo, &hi);
		if (b->cell[i].file == file && wdur(b, lo, hi) > 0)
			give_sync(b, lo, hi, each);
	}
}

/* traces record every fsync: each goes to the write cell of its rank
 * and file that ended last before it began */
static int sync_traced(struct build *b, struct iol_error *err)
{
	struct iol_events *it;
	struct iol_event ev;
	int ret;

	ret = iol_events_open(&it, b->job, err);
	if (ret < 0)
		return ret;
	while ((ret = iol_events_next(it, &ev, err)) > 0) {
		struct cell *best = NULL;
		struct fent *f;
		size_t lo, hi, i;

		if (ev.kind != IOL_EV_SYNC || !ev.file || ev.err)
			continue;
		f = iol_ftab_get(&b->ft, ev.file);
		if (!f) {
			ret = IOL_ENOMEM;
			break;
		}
		if (f->rank < 0)
			continue;
		cell_range(b, ev.rank, (uint32_t)f->rank, &lo, &hi);
		for (i = lo; i < hi; i++)
			if (b->cell[i].op == 0 && b->cell[i].e <= ev.start &&
			    (!best || b->cell[i].e > best->e))
				best = &b->cell[i];
		if (best) {
			best->sync += ev.dur > 0 ? ev.dur : 0;
			if (ev.start + ev.dur > best->send)
				best->send = ev.start + ev.dur;
		}
	}
	iol_events_close(it);
	return ret < 0 ? ret : 0;
}

static void sync_estimate(struct build *b)
{
	int mod = b->which ? IOL_MOD_MPIIO : IOL_MOD_POSIX;
	const struct iol_jmod *jm = &b->job->mod[mod];
	const struct cix *cx = iol_cix(mod);
	size_t i, lo, hi;

	for (i = 0; jm->loaded && i < jm->n; i++) {
		const struct iol_jrec *r = &jm->recs[i];
		double tw = rec_sync_time(cx, r);
		struct fent *f;

		if (!(tw > 0))
			continue;
		f = iol_ftab_get(&b->ft, r->id);
		if (!f || f->rank < 0)
			continue;
		if (r->rank < 0) {
			shared_sync(b, (uint32_t)f->rank, tw);
			continue;
		}
		cell_range(b, r->rank, (uint32_t)f->rank, &lo, &hi);
		give_sync(b, lo, hi, tw - wdur(b, lo, hi));
	}
}

static int by_rank_phase(const void *pa, const void *pb)
{
	const struct cell *a = pa, *b = pb;

	if (a->rank != b->rank)
		return a->rank < b->rank ? -1 : 1;
	if (a->ph != b->ph)
		return a->ph < b->ph ? -1 : 1;
	if (a->file != b->file)
		return a->file < b->file ? -1 : 1;
	return (a->made > b->made) - (a->made < b->made);
}

static int by_phase_file(const void *pa, const void *pb)
{
	const struct cell *a = pa, *b = pb;

	if (a->ph != b->ph)
		return a->ph < b->ph ? -1 : 1;
	if (a->file != b->file)
		return a->file < b->file ? -1 : 1;
	if (a->rank != b->rank)
		return a->rank < b->rank ? -1 : 1;
	return (a->made > b->made) - (a->made < b->made);
}

static void row_id(const struct build *b, struct iol_phase *p, size_t ph)
{
	p->other = ph >= b->nkept;
	p->id = p->other ? 0 : ph + 1;
}

/* a rank's sync ends after its last transfer, never past its next row */
static void rank_caps(struct build *b, struct iol_phases *p)
{
	size_t i, j;

	for (i = 0; i < p->nrank; i++) {
		struct iol_phase *r = &p->rank[i];
		double end = r->end + r->sync;

		if (r->sync_end >= r->end) { /* traced */
			b->rcap[i] = r->sync_end;
			continue;
		}
		for (j = 0; j < p->nrank; j++) {
			const struct iol_phase *o = &p->rank[j];

			if (j != i && o->rank == r->rank &&
			    o->start >= r->end && o->start < end)
				end = o->start;
		}
		b->rcap[i] = end;
		r->sync_end = end;
	}
}

static int rank_rows(struct build *b, struct iol_phases *p)
{
	size_t i, cap = 0;

	qsort(b->cell, b->ncell, sizeof(*b->cell), by_rank_phase);
	for (i = 0; i < b->ncell; i++) {
		struct cell *c = &b->cell[i];
		struct iol_phase *r;

		if (c->rank < 0)
			continue;
		if (!p->nrank || p->rank[p->nrank - 1].rank != c->rank ||
		    b->cell[i - 1].ph != c->ph || b->cell[i - 1].rank < 0) {
			r = iol_grow(p->rank, &cap, p->nrank, sizeof(*r), 64);
			if (!r)
				return IOL_ENOMEM;
			p->rank = r;
			r = &p->rank[p->nrank++];
			row_init(r, c->rank, 0, c->op);
			row_id(b, r, c->ph);
		}
		r = &p->rank[p->nrank - 1];
		row_add(r, c->s, c->e, c->bytes, c->nops);
		r->busy += c->dur;
		r->sync += c->sync;
		if (c->send > r->sync_end)
			r->sync_end = c->send;
		c->rrow = p->nrank - 1;
	}
	b->rcap = malloc((p->nrank ? p->nrank : 1) * sizeof(*b->rcap));
	if (!b->rcap)
		return IOL_ENOMEM;
	rank_caps(b, p);
	return 0;
}

/* where a cell's sync ends: after its last write, capped by its rank */
static double cell_sync_end(const struct build *b, const struct cell *c)
{
	double e = c->e + c->sync;

	if (c->send >= 0)
		return c->send > c->e ? c->send : c->e;
	if (c->rrow != SIZE_MAX && b->rcap[c->rrow] < e)
		e = b->rcap[c->rrow] > c->e ? b->rcap[c->rrow] : c->e;
	return e;
}

/* a phase's sync ends before the next phase that starts after it */
/* the final phase index of a row */
static size_t row_phase(const struct build *b, const struct iol_phase *r)
{
	return r->other ? b->nkept + (size_t)r->op : r->id - 1;
}

static void cap_row(struct iol_phase *r, double cap)
{
	if (r->sync_end > cap)
		r->sync_end = cap > r->end ? cap : r->end;
}

static void job_caps(struct iol_phase *job, size_t n)
{
	size_t i, j;

	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			if (j != i && !job[j].other && job[j].nops &&
			    job[j].start >= job[i].end &&
			    job[j].start < job[i].sync_end)
				job[i].sync_end = job[j].start;
}

static int job_rows(struct build *b, struct iol_phases *p)
{
	size_t i, n = b->nkept + 2, k;

	p->job = calloc(n, sizeof(*p->job));
	if (!p->job)
		return IOL_ENOMEM;
	for (i = 0; i < n; i++) {
		row_init(&p->job[i], -1, 0, phase_op(b, i));
		row_id(b, &p->job[i], i);
	}
	for (i = 0; i < b->nraw; i++)
		if (b->raw[i].fin >= b->nkept)
			p->job[b->raw[i].fin].nfolded++;
	for (i = 0; i < b->ncell; i++) {
		const struct cell *c = &b->cell[i];
		struct iol_phase *j = &p->job[c->ph];
		double se = cell_sync_end(b, c);

		row_add(j, c->s, c->e, c->bytes, c->nops);
		j->sync += c->sync;
		if (se > j->sync_end)
			j->sync_end = se;
	}
	job_caps(p->job, n);
	b->jcap = malloc(n * sizeof(*b->jcap));
	if (!b->jcap)
		return IOL_ENOMEM;
	for (i = 0; i < n; i++)
		b->jcap[i] = p->job[i].sync_end;
	for (i = k = 0; i < n; i++)
		if (p->job[i].nops)
			p->job[k++] = p->job[i];
	p->njob = k;
	/* rank rows: never past the job's next phase either */
	for (i = 0; i < p->nrank; i++)
		cap_row(&p->rank[i], b->jcap[row_phase(b, &p->rank[i])]);
	p->nphase = b->nkept;
	return 0;
}

/* file rows of one phase [lo, hi) of cells sorted by phase and file;
 * files under IOL_PHASE_FOLD of the job's bytes go to one other row */
static int file_rows(struct build *b, struct iol_phases *p, size_t lo,
		     size_t hi, size_t *cap)
{
	struct iol_phase other;
	size_t i;

	row_init(&other, -1, 0, b->cell[lo].op);
	row_id(b, &other, b->cell[lo].ph);
	other.other = 1;
	for (i = lo; i < hi;) {
		struct iol_phase f, *dst;
		size_t j;

		row_init(&f, -1, b->fid[b->cell[i].file], b->cell[i].op);
		row_id(b, &f, b->cell[i].ph);
		for (j = i; j < hi && b->cell[j].file == b->cell[i].file; j++) {
			double se = cell_sync_end(b, &b->cell[j]);

			row_add(&f, b->cell[j].s, b->cell[j].e,
				b->cell[j].bytes, b->cell[j].nops);
			f.sync += b->cell[j].sync;
			if (se > f.sync_end)
				f.sync_end = se;
		}
		i = j;
		cap_row(&f, b->jcap[b->cell[lo].ph]);
		if ((double)f.bytes < IOL_PHASE_FOLD * (double)b->total) {
			row_add(&other, f.start, f.end, f.bytes, f.nops);
			other.sync += f.sync;
			if (f.sync_end > other.sync_end)
				other.sync_end = f.sync_end;
			other.nfolded++;
			continue;
		}
		dst = iol_grow(p->file, cap, p->nfile, sizeof(*dst), 64);
		if (!dst)
			return IOL_ENOMEM;
		p->file = dst;
		p->file[p->nfile++] = f;
	}
	if (other.nfolded) {
		struct iol_phase *dst =
			iol_grow(p->file, cap, p->nfile, sizeof(*dst), 64);

		if (!dst)
			return IOL_ENOMEM;
		p->file = dst;
		p->file[p->nfile++] = other;
	}
	return 0;
}

static int all_file_rows(struct build *b, struct iol_phases *p)
{
	size_t lo = 0, hi, cap = 0;
	int ret;

	qsort(b->cell, b->ncell, sizeof(*b->cell), by_phase_file);
	while (lo < b->ncell) {
		for (hi = lo; hi < b->ncell && b->cell[hi].ph == b->cell[lo].ph;
		     hi++)
			;
		ret = file_rows(b, p, lo, hi, &cap);
		if (ret < 0)
			return ret;
		lo = hi;
	}
	return 0;
}

static int build_rows(struct build *b, struct iol_phases *p,
		      struct iol_error *err)
{
	int ret;
	int op;

	for (op = 0; op < 2; op++) {
		ret = op_gap(b, op, &p->gap[op]);
		if (ret < 0)
			return ret;
	}
	ret = split(b, p->gap);
	if (ret < 0)
		return ret;
	fold(b);
	ret = cells(b);
	if (ret < 0)
		return ret;
	/* the segments are no longer needed: cells hold what rows use */
	free(b->sg);
	free(b->ord);
	b->sg = NULL;
	b->ord = NULL;
	b->n = b->cap = 0;
	return iol_phx_rows(b, p, err);
}

int iol_phx_rows(struct build *b, struct iol_phases *p, struct iol_error *err)
{
	int ret;

	if (b->job->kind == IOL_SRC_DARSHAN) {
		sync_estimate(b);
	} else {
		ret = sync_traced(b, err);
		if (ret == IOL_EUNSUPP)
			sync_estimate(b);
		else if (ret < 0)
			return ret;
	}
	ret = rank_rows(b, p);
	if (ret < 0)
		return ret;
	ret = job_rows(b, p);
	if (ret < 0)
		return ret;
	return all_file_rows(b, p);
}

/* what the in-memory path holds (the packed path's: phases-pack.c) */
void iol_phx_whole_free(struct build *b)
{
	free(b->sg);
	free(b->ord);
	free(b->rrank);
	free(b->rfile);
	free(b->rlo);
	free(b->rhi);
	free(b->fid);
	free(b->raw);
	free(b->cell);
	free(b->rcap);
	free(b->jcap);
	iol_ftab_free(&b->ft);
}

/* the matrix from the gathered segments, still in gathering order; a
 * NaN start (whose end the segments no longer hold) by its own pass */
static int matrix_of(const struct build *b, int layer, size_t nbins,
		     struct iol_matrix *m, struct iol_error *err)
{
	size_t i;
	int ret;

	if (b->nan)
		return iol_matrix_compute(b->job, layer, nbins, m, err);
	ret = iol_matrix_dxt_start(b->job, nbins, b->tmax, m, err);
	if (ret < 0)
		return ret;
	for (i = 0; i < b->n; i++) {
		const struct pseg *p = &b->sg[i];

		iol_matrix_dxt_add(m, b->job->dxt[b->which][p->rec].rank, p->s,
				   p->e, p->len, p->op);
	}
	return 0;
}

int iol_phx_whole(struct build *b, int layer, size_t nbins,
		  struct iol_phases *p, struct iol_matrix *m, int *mret,
		  struct iol_error *merr, struct iol_error *err)
{
	int ret = gather(b, err);

	if (m)
		*mret = ret < 0 ? ret : matrix_of(b, layer, nbins, m, merr);
	if (ret >= 0) {
		ret = time_order(b);
		if (ret >= 0)
			ret = build_rows(b, p, err);
		if (ret == IOL_ENOMEM)
			iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	return ret;
}

void iol_phases_free(struct iol_phases *p)
{
	free(p->job);
	free(p->rank);
	free(p->file);
	memset(p, 0, sizeof(*p));
}
