/*
 * The library's one hash index: open addressing (linear probing, load at
 * most one half) over the positions of items that the caller keeps in an
 * array of its own, so the items stay in insertion order and the index is
 * four bytes a slot.  One mixer for every key: 64-bit ids, strings and
 * pairs are first reduced to a 64-bit hash by the functions below.
 *
 *	uint32_t *s = iol_index_slot(&ix, h, eq, ctx);
 *	if (*s != IOL_INDEX_EMPTY)  -> item *s matches
 *	else                        -> iol_index_reserve(), then slot again,
 *	                               store the new item's position in *s
 *
 * Ownership: struct iol_index is caller storage, zeroed to start;
 * iol_index_release() frees its slots.
 */
#ifndef IOLENS_HASH_H
#define IOLENS_HASH_H

#include <stddef.h>
#include <stdint.h>

#define IOL_INDEX_EMPTY UINT32_MAX

struct iol_index {
	uint32_t *slot; /* NULL until the first reserve */
	size_t mask;	/* slots - 1 (a power of two) */
	size_t n;	/* items indexed */
};

/* splitmix64's finaliser: every bit of x reaches every bit of the hash */
static inline uint64_t iol_mix64(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebULL;
	x ^= x >> 31;
	return x;
}

/* A string's hash (FNV-1a, then mixed). */
uint64_t iol_hash_str(const char *s);

/* Two 64-bit keys as one hash, e.g. (file, rank). */
static inline uint64_t iol_hash_pair(uint64_t a, uint64_t b)
{
	return iol_mix64(a ^ iol_mix64(b + 0x9e3779b97f4a7c15ULL));
}

/*
 * The slot of the item with hash h for which eq(ctx, position) is true,
 * or the empty slot where it would go.  x must have been reserved once.
 */
static inline uint32_t *iol_index_slot(const struct iol_index *x, uint64_t h,
				       int (*eq)(const void *ctx, uint32_t i),
				       const void *ctx)
{
	size_t s = (size_t)iol_mix64(h) & x->mask;

	while (x->slot[s] != IOL_INDEX_EMPTY && !eq(ctx, x->slot[s]))
		s = (s + 1) & x->mask;
	return &x->slot[s];
}

/*
 * Room for one more item: grows (and rehashes every item through
 * hash(ctx, position)) when the load would pass one half.  Call before
 * taking the slot for a new item, and count it in x->n after storing.
 * Returns 0 or IOL_ENOMEM (the index is left as it was).
 */
int iol_index_reserve(struct iol_index *x,
		      uint64_t (*hash)(const void *ctx, uint32_t i),
		      const void *ctx);

/* Room for n items in an index that has none yet (zeroed or released):
 * the slots allocated once, where growing to them would rehash every
 * item each time.  Returns 0 or IOL_ENOMEM (nothing allocated). */
int iol_index_presize(struct iol_index *x, size_t n);

void iol_index_release(struct iol_index *x);

#endif
