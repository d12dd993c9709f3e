/*
 * The arena of arena.h: a list of blocks, newest first; an allocation
 * larger than a block gets a block of its own.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/arena.h"
#include "base/banned.h"

struct iol_arena_blk {
	struct iol_arena_blk *next;
	size_t used, cap;
	_Alignas(16) char data[];
};

void *iol_arena_alloc(struct iol_arena *a, size_t n)
{
	struct iol_arena_blk *b = a->blocks;

	if (n > SIZE_MAX - 15 - sizeof(*b))
		return NULL;
	n = (n + 15) & ~(size_t)15;
	if (!b || b->cap - b->used < n) {
		size_t cap = n > (1 << 20) ? n : (1 << 20);

		b = malloc(sizeof(*b) + cap);
		if (!b)
			return NULL;
		b->used = 0;
		b->cap = cap;
		b->next = a->blocks;
		a->blocks = b;
	}
	b->used += n;
	return b->data + b->used - n;
}

void *iol_arena_zalloc(struct iol_arena *a, size_t n)
{
	void *p = iol_arena_alloc(a, n);

	if (p)
		memset(p, 0, n);
	return p;
}

char *iol_arena_strdup(struct iol_arena *a, const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = iol_arena_alloc(a, n);

	if (d)
		memcpy(d, s, n);
	return d;
}

void iol_arena_release(struct iol_arena *a)
{
	struct iol_arena_blk *b = a->blocks;

	while (b) {
		struct iol_arena_blk *n = b->next;

		free(b);
		b = n;
	}
	a->blocks = NULL;
}
