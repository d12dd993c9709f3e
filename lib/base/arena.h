/*
 * An arena: many small allocations that live and die together (a job's
 * counter records, names and strings).  Blocks of at least 1 MiB; every
 * allocation is 16-byte aligned.
 *
 * Ownership: struct iol_arena is caller storage, zeroed to start; every
 * pointer it returns is valid until iol_arena_release().
 */
#ifndef IOLENS_ARENA_H
#define IOLENS_ARENA_H

#include <stddef.h>

struct iol_arena_blk;

struct iol_arena {
	struct iol_arena_blk *blocks;
};

/* n bytes (uninitialised), or NULL when memory runs out */
void *iol_arena_alloc(struct iol_arena *a, size_t n);
/* n zeroed bytes, or NULL */
void *iol_arena_zalloc(struct iol_arena *a, size_t n);
/* a copy of s, or NULL */
char *iol_arena_strdup(struct iol_arena *a, const char *s);
void iol_arena_release(struct iol_arena *a);

#endif
