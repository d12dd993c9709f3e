/*
 * Doubling arrays: the one way the library's growing tables get room for
 * one more element.  Internal; not installed.
 */
#ifndef IOLENS_GROW_H
#define IOLENS_GROW_H

#include <stdint.h>
#include <stdlib.h>

/*
 * Returns the array p of *cap elements of size bytes, holding n: as it
 * was while n < *cap, else reallocated to twice *cap elements (first when
 * empty).  NULL when memory or size_t runs out; then p and *cap are
 * untouched and p is still the caller's to free.
 */
static inline void *iol_grow(void *p, size_t *cap, size_t n, size_t size,
			     size_t first)
{
	size_t nc;
	void *np;

	if (n < *cap)
		return p;
	nc = *cap ? *cap * 2 : first;
	if (nc < *cap || nc > SIZE_MAX / size)
		return NULL;
	np = realloc(p, nc * size);
	if (np)
		*cap = nc;
	return np;
}

#endif
