/*
 * The gap that splits an op into phases (phases.h), for the packed path
 * of phases-pack.c: ten times the median of the gaps between a rank's
 * consecutive operations of that kind in time order, as phases.c's
 * op_gap takes it, but from counts of each distinct gap (struct gmap)
 * rather than from an array of every gap.  Only a rank's own order
 * matters, so a rank whose segments of the op are one block needs no
 * merge at all: its gaps were counted while the block was gathered.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/phases-int.h"
#include "base/banned.h"

static size_t gm_slot(const struct gmap *m, uint64_t k)
{
	size_t i = (size_t)((k * 0x9e3779b97f4a7c15u) >> 32) & (m->cap - 1);

	while (m->key[i] != GMAP_EMPTY && m->key[i] != k)
		i = (i + 1) & (m->cap - 1);
	return i;
}

static int gm_grow(struct gmap *m)
{
	struct gmap o = *m;
	size_t i;

	m->cap = o.cap ? o.cap * 2 : 1024;
	m->key = malloc(m->cap * sizeof(*m->key));
	m->cnt = malloc(m->cap * sizeof(*m->cnt));
	if (!m->key || !m->cnt) {
		free(m->key);
		free(m->cnt);
		*m = o;
		return IOL_ENOMEM;
	}
	for (i = 0; i < m->cap; i++)
		m->key[i] = GMAP_EMPTY;
	for (i = 0; i < o.cap; i++)
		if (o.key[i] != GMAP_EMPTY) {
			size_t j = gm_slot(m, o.key[i]);

			m->key[j] = o.key[i];
			m->cnt[j] = o.cnt[i];
		}
	free(o.key);
	free(o.cnt);
	return 0;
}

static void gm_drop(struct gmap *m)
{
	free(m->key);
	free(m->cnt);
	m->key = NULL;
	m->cnt = NULL;
	m->cap = m->n = 0;
}

void iol_phx_gm_free(struct gmap *m)
{
	gm_drop(m);
	free(m->all);
	memset(m, 0, sizeof(*m));
}

int iol_phx_gm_add(struct gmap *m, double g)
{
	uint64_t k;
	size_t i;

	if (m->skip)
		return 0;
	if (m->all) {
		m->all[m->ng++] = g;
		return 0;
	}
	m->ng++;
	if (m->over)
		return 0;
	if ((m->n + 1) * 2 > m->cap) {
		if (m->cap >= GMAP_MAX * 2) {
			m->over = 1;
			gm_drop(m);
			return 0;
		}
		if (gm_grow(m) < 0)
			return IOL_ENOMEM;
	}
	memcpy(&k, &g, sizeof(k));
	i = gm_slot(m, k);
	if (m->key[i] == GMAP_EMPTY) {
		m->key[i] = k;
		m->cnt[i] = 0;
		m->n++;
	}
	m->cnt[i]++;
	return 0;
}

static int by_u64(const void *pa, const void *pb)
{
	uint64_t a = *(const uint64_t *)pa, b = *(const uint64_t *)pb;

	return (a > b) - (a < b);
}

/* the k-th smallest gap (k < m->ng) from the counts: gaps are >= 0 and
 * never -0, so their bit patterns sort as their values */
static int gm_kth(const struct gmap *m, size_t k, double *out)
{
	uint64_t *v = malloc((m->n ? m->n : 1) * sizeof(*v));
	size_t i, j = 0, sum = 0;

	if (!v)
		return IOL_ENOMEM;
	for (i = 0; i < m->cap; i++)
		if (m->key[i] != GMAP_EMPTY)
			v[j++] = m->key[i];
	qsort(v, j, sizeof(*v), by_u64);
	for (i = 0; i + 1 < j; i++) {
		sum += m->cnt[gm_slot(m, v[i])];
		if (sum > k)
			break;
	}
	memcpy(out, &v[i], sizeof(*out));
	free(v);
	return 0;
}

/* the rank row of a block: its rank, or nprocs for none */
static size_t blk_rank(const struct build *b, size_t bi)
{
	int32_t rank = b->rrank[b->pk.blk[bi].rec];

	return rank < 0 ? b->nprocs : (size_t)rank;
}

/* a rank's gaps between its segments of one op in time order, blocks
 * bl[0..n) being all its blocks of that op */
static int rank_gaps(const struct build *b, const size_t *bl, size_t n,
		     struct gmap *gm)
{
	const struct iol_spmcur *t;
	struct iol_spmerge g;
	double last = -1;
	int ret = 0;

	if (iol_spmerge_open(&g, &b->pk, bl, n) < 0)
		return IOL_ENOMEM;
	while (ret == 0 && (t = iol_spmerge_next(&g))) {
		if (last >= 0)
			ret = iol_phx_gm_add(gm, t->sg.s > last ? t->sg.s - last
								: 0);
		if (t->sg.e > last)
			last = t->sg.e;
	}
	iol_spmerge_close(&g);
	return ret;
}

/* a block by op, then rank row, then gathering order */
struct rokey {
	int op;
	size_t rank, blk;
};

static int by_rank_op(const void *pa, const void *pb)
{
	const struct rokey *a = pa, *b = pb;

	if (a->op != b->op)
		return a->op - b->op;
	if (a->rank != b->rank)
		return a->rank < b->rank ? -1 : 1;
	return (a->blk > b->blk) - (a->blk < b->blk);
}

/* each op's gaps to gm[op], rank by rank */
static int gap_walk(const struct build *b, struct gmap gm[2])
{
	size_t nb = b->pk.nblk, i, j;
	struct rokey *key = malloc((nb ? nb : 1) * sizeof(*key));
	size_t *bl = malloc((nb ? nb : 1) * sizeof(*bl));
	int ret = 0;

	if (!key || !bl) {
		free(key);
		free(bl);
		return IOL_ENOMEM;
	}
	for (i = 0; i < nb; i++) {
		key[i].op = b->pk.blk[i].op;
		key[i].rank = blk_rank(b, i);
		key[i].blk = i;
	}
	qsort(key, nb, sizeof(*key), by_rank_op);
	for (i = 0; i < nb; i++)
		bl[i] = key[i].blk;
	for (i = 0; ret == 0 && i < nb; i = j) {
		for (j = i + 1; j < nb && key[j].op == key[i].op &&
				key[j].rank == key[i].rank;
		     j++)
			;
		ret = rank_gaps(b, bl + i, j - i, &gm[key[i].op]);
	}
	free(key);
	free(bl);
	return ret;
}

/* the counts of gm as gathered, or by walking: a second walk takes every
 * gap of an op whose distinct values were too many */
static int fill(const struct build *b, struct gmap gm[2], int single)
{
	int op, ret = 0, again = 0;

	if (!single) {
		iol_phx_gm_free(&gm[0]);
		iol_phx_gm_free(&gm[1]);
		ret = gap_walk(b, gm);
	}
	for (op = 0; ret == 0 && op < 2; op++) {
		gm[op].skip = !gm[op].over;
		if (!gm[op].over)
			continue;
		gm[op].all =
			malloc((gm[op].ng ? gm[op].ng : 1) * sizeof(double));
		if (!gm[op].all)
			return IOL_ENOMEM;
		gm[op].ng = 0;
		again = 1;
	}
	if (ret == 0 && again)
		ret = gap_walk(b, gm);
	return ret;
}

int iol_phx_gaps(struct build *b, int single, double gap[2])
{
	int op, ret = fill(b, b->gm, single);

	for (op = 0; op < 2; op++) {
		struct gmap *gm = &b->gm[op];
		double med = 0;

		gap[op] = IOL_PHASE_MIN_GAP;
		if (ret == 0 && gm->ng) {
			if (gm->all)
				med = iol_phx_kth(gm->all, gm->ng, gm->ng / 2);
			else
				ret = gm_kth(gm, gm->ng / 2, &med);
			if (IOL_PHASE_GAP_FACTOR * med > gap[op])
				gap[op] = IOL_PHASE_GAP_FACTOR * med;
		}
		iol_phx_gm_free(gm);
	}
	return ret;
}
