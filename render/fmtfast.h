/*
 * Right-aligned number formatting for fixed-width text columns, as fast as
 * the output can be written: digits are written backwards from the end of
 * a field with a two-digit table, and "%.4f" is rounded exactly as glibc's
 * printf rounds it.  Header-only (static inline) so that the hot loops of
 * the callers inline it.  Nothing here allocates.
 */
#ifndef IOLENS_RENDER_FMTFAST_H
#define IOLENS_RENDER_FMTFAST_H

#include <stdint.h>
#include <string.h>

static const char fmtfast_digits2[] = "00010203040506070809"
				      "10111213141516171819"
				      "20212223242526272829"
				      "30313233343536373839"
				      "40414243444546474849"
				      "50515253545556575859"
				      "60616263646566676869"
				      "70717273747576777879"
				      "80818283848586878889"
				      "90919293949596979899";

/* digits of v ending at end; returns the first */
static inline char *u64_back(char *end, uint64_t v)
{
	while (v >= 100) {
		end -= 2;
		memcpy(end, fmtfast_digits2 + 2 * (v % 100), 2);
		v /= 100;
	}
	if (v >= 10) {
		end -= 2;
		memcpy(end, fmtfast_digits2 + 2 * v, 2);
	} else {
		*--end = (char)('0' + v);
	}
	return end;
}

/* The exact "%.4f" rounding of v >= 0 (half to even on the binary
 * value) as an integer count of 1/10000; 0 when v is not finite, too big
 * or negative. */
static inline uint64_t fix4_exact(double v, int *ok)
{
	typedef unsigned __int128 u128;
	uint64_t bits, m, q;
	int e, k;
	u128 p, rem, half;

	memcpy(&bits, &v, 8);
	e = (int)((bits >> 52) & 0x7ff);
	m = bits & ((1ULL << 52) - 1);
	*ok = 0;
	if ((bits >> 63) || e == 0x7ff)
		return 0;
	*ok = 1;
	if (e == 0)
		return 0; /* zero or subnormal: rounds to 0.0000 */
	m |= 1ULL << 52;
	k = 1075 - e; /* v = m / 2^k */
	if (k >= 120)
		return 0;
	if (k <= 0 || ((u128)m * 10000u >> k) >= 100000000000ULL) {
		*ok = 0;
		return 0;
	}
	p = (u128)m * 10000u;
	q = (uint64_t)(p >> k);
	rem = p & (((u128)1 << k) - 1);
	half = (u128)1 << (k - 1);
	if (rem > half || (rem == half && (q & 1)))
		q++;
	return q;
}

/* "%.4f" of v ending at end, when v >= 0 and it has at most 12 chars;
 * returns 0 otherwise (the caller then uses printf).  x = v * 10000 in
 * doubles is within half an ulp (< 2^-16 here) of the exact product, so
 * unless its fraction is that close to one half the rounding it implies
 * is printf's; the rest go through the exact 128-bit path. */
static inline __attribute__((always_inline)) int fix4_back(char *end, double v)
{
	double x = v * 10000.0, f;
	uint64_t q;
	int ok = 1;

	if (x > 0 && x < 99999999999.0) {
		q = (uint64_t)x;
		f = x - (double)q;
		if (f > 0.5 + 1.0 / 32768)
			q++;
		else if (f >= 0.5 - 1.0 / 32768)
			q = fix4_exact(v, &ok);
	} else {
		q = fix4_exact(v, &ok);
	}
	if (!ok || q >= 100000000000ULL)
		return 0;
	end -= 2;
	memcpy(end, fmtfast_digits2 + 2 * (q % 100), 2);
	end -= 2;
	memcpy(end, fmtfast_digits2 + 2 * (q / 100 % 100), 2);
	*--end = '.';
	u64_back(end, q / 10000);
	return 1;
}

#endif
