/*
 * The analyses' per-file table (recx-int.h): one entry per record id, in
 * the order ids are first seen, found through the library's one hash
 * index (base/hash.h).
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/recx-int.h"
#include "base/grow.h"
#include "base/banned.h"

/* the key of a lookup: the table and the id sought */
struct fkey {
	const struct ftab *t;
	uint64_t id;
};

static int fent_eq(const void *ctx, uint32_t i)
{
	const struct fkey *k = ctx;

	return k->t->v[i].id == k->id;
}

static uint64_t fent_hash(const void *ctx, uint32_t i)
{
	const struct fkey *k = ctx;

	return k->t->v[i].id;
}

/* room for one more entry; the new tail is zeroed, so unused entries
 * read as not used */
static int ftab_room(struct ftab *t)
{
	size_t old = t->cap;
	struct fent *v = iol_grow(t->v, &t->cap, t->n, sizeof(*v), 64);

	if (!v)
		return -1;
	t->v = v;
	if (t->cap > old)
		memset(v + old, 0, (t->cap - old) * sizeof(*v));
	return 0;
}

struct fent *iol_ftab_get(struct ftab *t, uint64_t id)
{
	struct fkey k = {t, id};
	struct fent *e;
	uint32_t *slot;

	if (iol_index_reserve(&t->ix, fent_hash, &k) < 0)
		return NULL;
	slot = iol_index_slot(&t->ix, id, fent_eq, &k);
	if (*slot != IOL_INDEX_EMPTY)
		return &t->v[*slot];
	if (ftab_room(t) < 0)
		return NULL;
	e = &t->v[t->n];
	e->used = 1;
	e->id = id;
	e->rank = -2;
	e->maxoff = -1;
	*slot = (uint32_t)t->n++;
	t->ix.n++;
	return e;
}

int iol_ftab_presize(struct ftab *t, size_t n)
{
	if (t->v || !n)
		return 0;
	t->v = calloc(n, sizeof(*t->v)); /* zeroed: unused */
	if (!t->v)
		return -1;
	t->cap = n;
	return iol_index_presize(&t->ix, n) < 0 ? -1 : 0;
}

void iol_ftab_free(struct ftab *t)
{
	free(t->v);
	iol_index_release(&t->ix);
	memset(t, 0, sizeof(*t));
}
