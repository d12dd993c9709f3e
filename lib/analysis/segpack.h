/*
 * Packed DXT segments: a job's segments held in memory in about 4 bytes
 * each instead of 40, exactly (every double comes back bit for bit), for
 * analyses that must walk them more than once and in more than one order
 * (the phases of a timeline).  Segments arrive in blocks, one block a
 * record's segments of one kind in the order the log gives them; a block
 * is cut into chunks of IOL_SPACK_CHUNK segments, each chunk coded on its
 * own so that a cursor can start at any chunk and many cursors can read
 * many blocks at once (a merge in time order).
 *
 * A chunk codes each segment as four varints of differences from the one
 * before: start, end minus start, offset minus the previous end of data,
 * length.  Times are coded by the bit patterns of their doubles shifted
 * right by the chunk's common trailing zero bits: Darshan's times are
 * differences of epoch seconds and so multiples of 2^-22 s, which leaves
 * a microsecond a byte or two.  Any other double costs more bytes, never
 * exactness.
 *
 * Ownership: the store owns its pages; iol_spack_free() frees them.
 * Cursors borrow the store.
 */
#ifndef IOL_ANALYSIS_SEGPACK_H
#define IOL_ANALYSIS_SEGPACK_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define IOL_SPACK_CHUNK 128

/* One segment as a cursor gives it back. */
struct iol_spseg {
	double s, e;
	int64_t off, len;
};

/* A block: segments [base, base + n) of the gathering order. */
struct iol_spblock {
	size_t rec; /* the caller's record index */
	int op;	    /* the caller's kind: 0 write, 1 read */
	size_t base, n;
	size_t ch0; /* its first chunk */
};

struct iol_spack {
	uint8_t **page;
	size_t npage, pagecap, used; /* used: bytes of the last page */
	uint64_t *chunk;	     /* page << 32 | offset */
	size_t nchunk, chunkcap;
	struct iol_spblock *blk;
	size_t nblk, blkcap;
	size_t n; /* segments added */
	struct iol_spseg pend[IOL_SPACK_CHUNK];
	size_t npend;
	size_t bytes; /* bytes coded, for the record */
};

/* Start a new block of record rec and kind op; 0 or IOL_ENOMEM. */
int iol_spack_block(struct iol_spack *p, size_t rec, int op);
/* Add a segment to the current block; 0 or IOL_ENOMEM. */
int iol_spack_add(struct iol_spack *p, const struct iol_spseg *sg);
/* Code what is pending; call once after the last add. */
int iol_spack_finish(struct iol_spack *p);
void iol_spack_free(struct iol_spack *p);

/* A reader of one block from any position. */
struct iol_spcur {
	const struct iol_spack *p;
	const struct iol_spblock *b;
	size_t pos;	   /* index in the block of the next segment */
	const uint8_t *at; /* next byte of the current chunk */
	size_t left;	   /* segments left in the chunk */
	unsigned tz;
	uint64_t ps, pend, plen;
};

/* Position c at segment pos of block b. */
void iol_spcur_seek(struct iol_spcur *c, const struct iol_spack *p, size_t b,
		    size_t pos);
/* The next segment into *sg: 1, or 0 at the end of the block. */
static inline int iol_spcur_next(struct iol_spcur *c, struct iol_spseg *sg);

/* ---- inline decoding ---- */

static inline uint64_t iol_spack_uv(const uint8_t **pp)
{
	const uint8_t *q = *pp;
	uint64_t v = *q & 0x7f;
	unsigned sh = 7;

	while (*q++ & 0x80) {
		v |= (uint64_t)(*q & 0x7f) << sh;
		sh += 7;
	}
	*pp = q;
	return v;
}

static inline uint64_t iol_spack_unzz(uint64_t v)
{
	return (v >> 1) ^ (0 - (v & 1));
}

void iol_spcur_chunk(struct iol_spcur *c);

static inline int iol_spcur_next(struct iol_spcur *c, struct iol_spseg *sg)
{
	uint64_t s, e, off, len;

	if (c->pos >= c->b->n)
		return 0;
	if (!c->left)
		iol_spcur_chunk(c);
	s = c->ps + iol_spack_unzz(iol_spack_uv(&c->at));
	e = s + iol_spack_unzz(iol_spack_uv(&c->at));
	off = c->pend + iol_spack_unzz(iol_spack_uv(&c->at));
	len = c->plen + iol_spack_unzz(iol_spack_uv(&c->at));
	c->ps = s;
	c->pend = off + len;
	c->plen = len;
	c->left--;
	c->pos++;
	s <<= c->tz;
	e <<= c->tz;
	memcpy(&sg->s, &s, sizeof(s));
	memcpy(&sg->e, &e, sizeof(e));
	sg->off = (int64_t)off;
	sg->len = (int64_t)len;
	return 1;
}

/*
 * Blocks in time order: a merge of their cursors by (start, gathering
 * index), the order of sorting all their segments by start with ties in
 * the order they were added (each block's starts must not go back).
 */
struct iol_spmcur {
	struct iol_spcur c;  /* c.pos - 1: sg's place in its block */
	struct iol_spseg sg; /* the block's segment at the merge's head */
	size_t blk;
};

struct iol_spment {
	double s;
	size_t g; /* gathering index */
	size_t i; /* its cursor */
};

struct iol_spmerge {
	struct iol_spmcur *v;
	struct iol_spment *h; /* a heap, earliest first */
	size_t nh;
	int started;
};

/* A merge of blocks bl[0..n) of p, or of the first n when bl is NULL;
 * 0 or IOL_ENOMEM. */
int iol_spmerge_open(struct iol_spmerge *g, const struct iol_spack *p,
		     const size_t *bl, size_t n);
void iol_spmerge_close(struct iol_spmerge *g);

static inline int iol_spment_before(const struct iol_spment *a,
				    const struct iol_spment *b)
{
	return a->s < b->s || (a->s == b->s && a->g < b->g);
}

/* put v at h[at] and down to its place; v is passed, not read back
 * from h[at] (reading back a just-written entry stalls on its store) */
static inline void iol_spmerge_put(struct iol_spmerge *g, size_t at,
				   struct iol_spment v)
{
	for (;;) {
		size_t c = 2 * at + 1;

		if (c >= g->nh)
			break;
		if (c + 1 < g->nh && iol_spment_before(&g->h[c + 1], &g->h[c]))
			c++;
		if (!iol_spment_before(&g->h[c], &v))
			break;
		g->h[at] = g->h[c];
		at = c;
	}
	g->h[at] = v;
}

/* The next segment in time order, NULL after the last. */
static inline const struct iol_spmcur *iol_spmerge_next(struct iol_spmerge *g)
{
	if (g->started && g->nh) {
		struct iol_spment v = g->h[0];
		struct iol_spmcur *m = &g->v[v.i];

		if (iol_spcur_next(&m->c, &m->sg)) {
			v.s = m->sg.s;
			v.g++;
		} else {
			v = g->h[--g->nh];
		}
		iol_spmerge_put(g, 0, v);
	}
	g->started = 1;
	return g->nh ? &g->v[g->h[0].i] : NULL;
}

#endif
