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
	if (b > 0 && a > INT64_MAX - b)
		return INT64_MAX;
	if (b < 0 && a < INT64_MIN - b)
		return INT64_MIN;
	return a + b;
}

#endif
