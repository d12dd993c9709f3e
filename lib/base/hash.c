/*
 * The hash index of hash.h: growth and the string hash.  Lookups are
 * inline in the header so that each caller's equality test is inlined.
 */
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "base/hash.h"
#include "base/banned.h"

uint64_t iol_hash_str(const char *s)
{
	uint64_t h = 14695981039346656037ULL;

	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 1099511628211ULL;
	}
	return iol_mix64(h);
}

int iol_index_reserve(struct iol_index *x,
		      uint64_t (*hash)(const void *ctx, uint32_t i),
		      const void *ctx)
{
	size_t ns, i, s;
	uint32_t *nt;

	if (x->slot && (x->n + 1) * 2 <= x->mask + 1)
		return 0;
	ns = x->slot ? (x->mask + 1) * 2 : 256;
	if (ns > SIZE_MAX / sizeof(*nt) || x->n >= IOL_INDEX_EMPTY - 1)
		return IOL_ENOMEM;
	nt = malloc(ns * sizeof(*nt));
	if (!nt)
		return IOL_ENOMEM;
	memset(nt, 0xff, ns * sizeof(*nt));
	for (i = 0; x->slot && i <= x->mask; i++) {
		if (x->slot[i] == IOL_INDEX_EMPTY)
			continue;
		s = (size_t)iol_mix64(hash(ctx, x->slot[i])) & (ns - 1);
		while (nt[s] != IOL_INDEX_EMPTY)
			s = (s + 1) & (ns - 1);
		nt[s] = x->slot[i];
	}
	free(x->slot);
	x->slot = nt;
	x->mask = ns - 1;
	return 0;
}

int iol_index_presize(struct iol_index *x, size_t n)
{
	size_t ns = 256;

	if (x->slot)
		return 0;
	if (n >= IOL_INDEX_EMPTY - 1)
		return IOL_ENOMEM;
	while (ns / 2 < n + 1) {
		if (ns > SIZE_MAX / 2 / sizeof(*x->slot))
			return IOL_ENOMEM;
		ns *= 2;
	}
	x->slot = malloc(ns * sizeof(*x->slot));
	if (!x->slot)
		return IOL_ENOMEM;
	memset(x->slot, 0xff, ns * sizeof(*x->slot));
	x->mask = ns - 1;
	return 0;
}

void iol_index_release(struct iol_index *x)
{
	free(x->slot);
	x->slot = NULL;
	x->mask = 0;
	x->n = 0;
}
