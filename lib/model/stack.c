/*
 * The interned call stacks of model/stack.h: frames and chains in
 * arrays, each with the one hash index (base/hash.h) over it; strings
 * in an arena, each distinct module or function name once.
 */
#include <stdlib.h>
#include <string.h>

#include "base/arena.h"
#include "base/error.h"
#include "base/grow.h"
#include "base/hash.h"
#include "model/stack.h"
#include "base/banned.h"

struct iol_stacks {
	struct iol_arena arena;
	struct iol_frame *fr; /* frames by id */
	size_t nfr, capfr;
	struct iol_index fix;
	const char **str; /* distinct strings */
	size_t nstr, capstr;
	struct iol_index six;
	uint32_t *ch; /* chains back to back */
	size_t nch, capch;
	size_t *start; /* chain i (1-based) is ch[start[i-1] .. start[i]) */
	size_t nst, capst;
	struct iol_index cix;
};

struct iol_stacks *iol_stacks_new(void)
{
	struct iol_stacks *s = calloc(1, sizeof(*s));

	if (s && !(s->start = malloc(16 * sizeof(*s->start)))) {
		free(s);
		return NULL;
	}
	if (s) {
		s->capst = 16;
		s->start[0] = 0;
		s->nst = 1;
	}
	return s;
}

void iol_stacks_free(struct iol_stacks *s)
{
	if (!s)
		return;
	iol_arena_release(&s->arena);
	iol_index_release(&s->fix);
	iol_index_release(&s->six);
	iol_index_release(&s->cix);
	free(s->fr);
	free(s->str);
	free(s->ch);
	free(s->start);
	free(s);
}

/* ---- strings ---- */

struct skey {
	const struct iol_stacks *s;
	const char *v;
};

static int str_eq(const void *ctx, uint32_t i)
{
	const struct skey *k = ctx;

	return !strcmp(k->s->str[i], k->v);
}

static uint64_t str_hash(const void *ctx, uint32_t i)
{
	return iol_hash_str(((const struct iol_stacks *)ctx)->str[i]);
}

/* the interned copy of v, or NULL when memory runs out */
static const char *intern_str(struct iol_stacks *s, const char *v)
{
	struct skey k = {s, v};
	uint64_t h = iol_hash_str(v);
	const char **ns;
	uint32_t *slot;
	char *c;

	if (s->six.slot) {
		slot = iol_index_slot(&s->six, h, str_eq, &k);
		if (*slot != IOL_INDEX_EMPTY)
			return s->str[*slot];
	}
	if (iol_index_reserve(&s->six, str_hash, s) < 0 ||
	    !(ns = iol_grow(s->str, &s->capstr, s->nstr, sizeof(*ns), 64)) ||
	    !(c = iol_arena_strdup(&s->arena, v)))
		return NULL;
	s->str = ns;
	slot = iol_index_slot(&s->six, h, str_eq, &k);
	*slot = (uint32_t)s->nstr;
	s->str[s->nstr++] = c;
	s->six.n++;
	return c;
}

/* ---- frames ---- */

struct fkey {
	const struct iol_stacks *s;
	const struct iol_frame *f;
};

static uint64_t frame_hash_of(const struct iol_frame *f)
{
	return iol_hash_pair(
		iol_hash_pair(iol_hash_str(f->module), iol_hash_str(f->func)),
		iol_hash_pair(f->off, f->addr));
}

static int frame_eq(const void *ctx, uint32_t i)
{
	const struct fkey *k = ctx;
	const struct iol_frame *a = &k->s->fr[i], *b = k->f;

	return a->off == b->off && a->addr == b->addr &&
	       !strcmp(a->module, b->module) && !strcmp(a->func, b->func);
}

static uint64_t frame_hash(const void *ctx, uint32_t i)
{
	return frame_hash_of(&((const struct iol_stacks *)ctx)->fr[i]);
}

int iol_stacks_find_frame(const struct iol_stacks *s, const struct iol_frame *f,
			  uint32_t *id)
{
	struct fkey k = {s, f};
	uint32_t *slot;

	if (!s->fix.slot)
		return 0;
	slot = iol_index_slot(&s->fix, frame_hash_of(f), frame_eq, &k);
	if (*slot == IOL_INDEX_EMPTY)
		return 0;
	*id = *slot;
	return 1;
}

int iol_stacks_frame(struct iol_stacks *s, const struct iol_frame *f,
		     uint32_t *id)
{
	struct fkey k = {s, f};
	struct iol_frame c, *nf;
	uint32_t *slot;

	if (iol_stacks_find_frame(s, f, id))
		return 0;
	c = *f;
	if (!(c.module = intern_str(s, f->module)) ||
	    !(c.func = intern_str(s, f->func)) ||
	    iol_index_reserve(&s->fix, frame_hash, s) < 0 ||
	    !(nf = iol_grow(s->fr, &s->capfr, s->nfr, sizeof(*nf), 64)))
		return IOL_ENOMEM;
	s->fr = nf;
	slot = iol_index_slot(&s->fix, frame_hash_of(f), frame_eq, &k);
	*slot = (uint32_t)s->nfr;
	s->fr[s->nfr] = c;
	*id = (uint32_t)s->nfr++;
	s->fix.n++;
	return 0;
}

/* ---- chains ---- */

struct ckey {
	const struct iol_stacks *s;
	const uint32_t *fr;
	size_t n;
};

static uint64_t chain_hash_of(const uint32_t *fr, size_t n)
{
	uint64_t h = n;
	size_t i;

	for (i = 0; i < n; i++)
		h = iol_hash_pair(h, fr[i]);
	return h;
}

/* index i of the index is chain i + 1 */
static int chain_eq(const void *ctx, uint32_t i)
{
	const struct ckey *k = ctx;
	size_t a = k->s->start[i], b = k->s->start[i + 1];

	return b - a == k->n &&
	       !memcmp(k->s->ch + a, k->fr, k->n * sizeof(*k->fr));
}

static uint64_t chain_hash(const void *ctx, uint32_t i)
{
	const struct iol_stacks *s = ctx;

	return chain_hash_of(s->ch + s->start[i],
			     s->start[i + 1] - s->start[i]);
}

int iol_stacks_find(const struct iol_stacks *s, const uint32_t *fr, size_t n,
		    uint32_t *id)
{
	struct ckey k = {s, fr, n};
	uint32_t *slot;

	if (!s->cix.slot || !n)
		return 0;
	slot = iol_index_slot(&s->cix, chain_hash_of(fr, n), chain_eq, &k);
	if (*slot == IOL_INDEX_EMPTY)
		return 0;
	*id = *slot + 1;
	return 1;
}

int iol_stacks_intern(struct iol_stacks *s, const uint32_t *fr, size_t n,
		      uint32_t *id)
{
	struct ckey k = {s, fr, n};
	uint32_t *slot, *nc;
	size_t i, *nst;

	if (!n)
		return IOL_EINVAL;
	for (i = 0; i < n; i++)
		if (fr[i] >= s->nfr)
			return IOL_EINVAL;
	if (iol_stacks_find(s, fr, n, id))
		return 0;
	if (n > SIZE_MAX / 8 - s->nch || s->nst >= IOL_INDEX_EMPTY - 1 ||
	    iol_index_reserve(&s->cix, chain_hash, s) < 0 ||
	    !(nst = iol_grow(s->start, &s->capst, s->nst, sizeof(*nst), 16)))
		return IOL_ENOMEM;
	s->start = nst;
	while (s->nch + n > s->capch) {
		if (!(nc = iol_grow(s->ch, &s->capch, s->capch, sizeof(*nc),
				    256)))
			return IOL_ENOMEM;
		s->ch = nc;
	}
	memcpy(s->ch + s->nch, fr, n * sizeof(*fr));
	s->nch += n;
	s->start[s->nst++] = s->nch;
	slot = iol_index_slot(&s->cix, chain_hash_of(fr, n), chain_eq, &k);
	*slot = (uint32_t)(s->nst - 2);
	s->cix.n++;
	*id = (uint32_t)(s->nst - 1);
	return 0;
}

size_t iol_stacks_count(const struct iol_stacks *s)
{
	return s ? s->nst - 1 : 0;
}

size_t iol_stacks_nframes(const struct iol_stacks *s)
{
	return s ? s->nfr : 0;
}

size_t iol_stacks_chain(const struct iol_stacks *s, uint32_t id,
			const uint32_t **fr)
{
	if (!s || id < 1 || id >= s->nst)
		return 0;
	*fr = s->ch + s->start[id - 1];
	return s->start[id] - s->start[id - 1];
}

const struct iol_frame *iol_stacks_frame_at(const struct iol_stacks *s,
					    uint32_t fid)
{
	return s && fid < s->nfr ? &s->fr[fid] : NULL;
}
