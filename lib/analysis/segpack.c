/*
 * Packed DXT segments (segpack.h): chunks of varint differences in pages
 * of 1 MiB, so that the store grows without ever copying what it holds
 * (a doubling array would need twice its size at each step).
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/segpack.h"
#include "base/error.h"
#include "base/grow.h"
#include "base/banned.h"

#define PAGE ((size_t)1 << 20)
/* the most a chunk can take: a byte of shift, four varints of 10 bytes a
 * segment */
#define CHUNK_MAX (1 + (size_t)IOL_SPACK_CHUNK * 40)

static uint64_t bits_of(double d)
{
	uint64_t u;

	memcpy(&u, &d, sizeof(u));
	return u;
}

static uint64_t zz(uint64_t d)
{
	return (d << 1) ^ (0 - (d >> 63));
}

static uint8_t *put_uv(uint8_t *q, uint64_t v)
{
	while (v >= 0x80) {
		*q++ = (uint8_t)(v | 0x80);
		v >>= 7;
	}
	*q++ = (uint8_t)v;
	return q;
}

/* the trailing zero bits all the chunk's times share, at most 63 */
static unsigned common_tz(const struct iol_spseg *v, size_t n)
{
	uint64_t any = 0;
	unsigned tz = 0;
	size_t i;

	for (i = 0; i < n; i++)
		any |= bits_of(v[i].s) | bits_of(v[i].e);
	if (!any)
		return 63;
	while (!(any & 1) && tz < 63) {
		any >>= 1;
		tz++;
	}
	return tz;
}

/* room for one more chunk of CHUNK_MAX bytes; its address */
static uint8_t *chunk_room(struct iol_spack *p)
{
	uint64_t *c;

	if (!p->npage || PAGE - p->used < CHUNK_MAX) {
		uint8_t **pg = iol_grow(p->page, &p->pagecap, p->npage,
					sizeof(*pg), 16);

		if (!pg || p->npage >= UINT32_MAX)
			return NULL;
		p->page = pg;
		pg[p->npage] = malloc(PAGE);
		if (!pg[p->npage])
			return NULL;
		p->npage++;
		p->used = 0;
	}
	c = iol_grow(p->chunk, &p->chunkcap, p->nchunk, sizeof(*c), 64);
	if (!c)
		return NULL;
	p->chunk = c;
	p->chunk[p->nchunk++] = (uint64_t)(p->npage - 1) << 32 | p->used;
	return p->page[p->npage - 1] + p->used;
}

static int flush(struct iol_spack *p)
{
	uint8_t *q, *q0;
	uint64_t ps = 0, pend = 0, plen = 0;
	unsigned tz;
	size_t i;

	if (!p->npend)
		return 0;
	q0 = q = chunk_room(p);
	if (!q)
		return IOL_ENOMEM;
	tz = common_tz(p->pend, p->npend);
	*q++ = (uint8_t)tz;
	for (i = 0; i < p->npend; i++) {
		const struct iol_spseg *g = &p->pend[i];
		uint64_t s = bits_of(g->s) >> tz, e = bits_of(g->e) >> tz;
		uint64_t off = (uint64_t)g->off, len = (uint64_t)g->len;

		q = put_uv(q, zz(s - ps));
		q = put_uv(q, zz(e - s));
		q = put_uv(q, zz(off - pend));
		q = put_uv(q, zz(len - plen));
		ps = s;
		pend = off + len;
		plen = len;
	}
	p->used += (size_t)(q - q0);
	p->bytes += (size_t)(q - q0);
	p->npend = 0;
	return 0;
}

int iol_spack_block(struct iol_spack *p, size_t rec, int op)
{
	struct iol_spblock *b;

	if (flush(p) < 0)
		return IOL_ENOMEM;
	b = iol_grow(p->blk, &p->blkcap, p->nblk, sizeof(*b), 16);
	if (!b)
		return IOL_ENOMEM;
	p->blk = b;
	b = &p->blk[p->nblk++];
	b->rec = rec;
	b->op = op;
	b->base = p->n;
	b->n = 0;
	b->ch0 = p->nchunk;
	return 0;
}

int iol_spack_add(struct iol_spack *p, const struct iol_spseg *sg)
{
	if (p->npend == IOL_SPACK_CHUNK && flush(p) < 0)
		return IOL_ENOMEM;
	p->pend[p->npend++] = *sg;
	p->blk[p->nblk - 1].n++;
	p->n++;
	return 0;
}

int iol_spack_finish(struct iol_spack *p)
{
	return flush(p);
}

void iol_spack_free(struct iol_spack *p)
{
	size_t i;

	for (i = 0; i < p->npage; i++)
		free(p->page[i]);
	free(p->page);
	free(p->chunk);
	free(p->blk);
	memset(p, 0, sizeof(*p));
}

void iol_spcur_chunk(struct iol_spcur *c)
{
	size_t k = c->pos / IOL_SPACK_CHUNK;
	uint64_t at = c->p->chunk[c->b->ch0 + k];

	c->at = c->p->page[at >> 32] + (at & 0xffffffffu);
	c->tz = *c->at++;
	c->left = c->b->n - k * IOL_SPACK_CHUNK;
	if (c->left > IOL_SPACK_CHUNK)
		c->left = IOL_SPACK_CHUNK;
	c->ps = c->pend = c->plen = 0;
}

void iol_spcur_seek(struct iol_spcur *c, const struct iol_spack *p, size_t b,
		    size_t pos)
{
	struct iol_spseg skip;
	size_t k = pos / IOL_SPACK_CHUNK * IOL_SPACK_CHUNK;

	c->p = p;
	c->b = &p->blk[b];
	c->pos = k;
	c->left = 0;
	while (c->pos < pos && iol_spcur_next(c, &skip))
		;
}

int iol_spmerge_open(struct iol_spmerge *g, const struct iol_spack *p,
		     const size_t *bl, size_t n)
{
	size_t i;

	memset(g, 0, sizeof(*g));
	g->v = malloc((n ? n : 1) * sizeof(*g->v));
	g->h = malloc((n ? n : 1) * sizeof(*g->h));
	if (!g->v || !g->h) {
		iol_spmerge_close(g);
		return IOL_ENOMEM;
	}
	for (i = 0; i < n; i++) {
		struct iol_spmcur *m = &g->v[i];

		m->blk = bl ? bl[i] : i;
		iol_spcur_seek(&m->c, p, m->blk, 0);
		if (!iol_spcur_next(&m->c, &m->sg))
			continue;
		g->h[g->nh].s = m->sg.s;
		g->h[g->nh].g = p->blk[m->blk].base;
		g->h[g->nh].i = i;
		g->nh++;
	}
	for (i = g->nh / 2; i-- > 0;)
		iol_spmerge_put(g, i, g->h[i]);
	return 0;
}

void iol_spmerge_close(struct iol_spmerge *g)
{
	free(g->v);
	free(g->h);
	memset(g, 0, sizeof(*g));
}
