/*
 * Darshan's record id of a path: Bob Jenkins' 64-bit lookup8 hash
 * (public domain, 1997) of its bytes with level 0, as darshan-core computes
 * it (FORMAT.md section 5).  Every source names files by it, so that jobs
 * read from traces and from Darshan logs join by file.
 */
#include <stdint.h>
#include <string.h>

#include "sources/registry.h"
#include "base/banned.h"

/* lookup8's mixing step (public domain, Bob Jenkins, 1997) */
/* clang-format off */
#define MIX64(a, b, c)                                                         \
	do {                                                                   \
		a -= b; a -= c; a ^= (c >> 43);                                \
		b -= c; b -= a; b ^= (a << 9);                                 \
		c -= a; c -= b; c ^= (b >> 8);                                 \
		a -= b; a -= c; a ^= (c >> 38);                                \
		b -= c; b -= a; b ^= (a << 23);                                \
		c -= a; c -= b; c ^= (b >> 5);                                 \
		a -= b; a -= c; a ^= (c >> 35);                                \
		b -= c; b -= a; b ^= (a << 49);                                \
		c -= a; c -= b; c ^= (b >> 11);                                \
		a -= b; a -= c; a ^= (c >> 12);                                \
		b -= c; b -= a; b ^= (a << 18);                                \
		c -= a; c -= b; c ^= (b >> 22);                                \
	} while (0)
/* clang-format on */

static uint64_t le64(const unsigned char *k)
{
	uint64_t v = 0;
	int i;

	for (i = 7; i >= 0; i--)
		v = (v << 8) | k[i];
	return v;
}

uint64_t iol_record_id(const char *name)
{
	const unsigned char *k = (const unsigned char *)name;
	size_t length = strlen(name), len = length;
	uint64_t a = 0, b = 0, c = 0x9e3779b97f4a7c13ULL;
	int i;

	while (len >= 24) {
		a += le64(k);
		b += le64(k + 8);
		c += le64(k + 16);
		MIX64(a, b, c);
		k += 24;
		len -= 24;
	}
	c += length;
	/* the last block: bytes 16-22 into c (its low byte holds the
	 * length), 8-15 into b, 0-7 into a */
	for (i = (int)len - 1; i >= 0; i--) {
		if (i >= 16)
			c += (uint64_t)k[i] << (8 * (i - 15));
		else if (i >= 8)
			b += (uint64_t)k[i] << (8 * (i - 8));
		else
			a += (uint64_t)k[i] << (8 * i);
	}
	MIX64(a, b, c);
	return c;
}
