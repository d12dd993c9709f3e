/*
 * Counter sums that wrap instead of overflowing.  Log counters are
 * untrusted: a damaged or crafted record can hold INT64_MAX, and signed
 * overflow is undefined behaviour.  darshan-util's sums wrap in practice;
 * these make that explicit (unsigned arithmetic, converted back).
 */
#ifndef IOLENS_WRAP_H
#define IOLENS_WRAP_H

#include <stdint.h>

static inline int64_t wadd(int64_t a, int64_t b)
{
	return (int64_t)((uint64_t)a + (uint64_t)b);
}

/* a + b saturated at INT64_MAX and INT64_MIN: the totals a person reads
 * (the summary's bytes, operations), where a wrapped sum of a damaged
 * log's INT64_MAX counters says "-2 B read" */
static inline int64_t satadd(int64_t a, int64_t b)
{
	int64_t s;

	/* the overflow flag, not two comparisons first: the summary's sums
	 * of every record were 1.3 % of ingest's instructions */
	if (__builtin_add_overflow(a, b, &s))
		return b > 0 ? INT64_MAX : INT64_MIN;
	return s;
}

#endif
