/*
 * fmt_double()'s shortest round trip without printf and strtod
 * (fmtshort.h).  A double v = m / 2^s (m < 2^53) rounded to p
 * significant digits is q / 10^k with k = p - 1 - x; m * 10^k fits 128
 * bits for k <= 22, so q and its remainder are exact integers: the
 * rounding is printf's (half to even on the binary value) and whether q
 * reads back as v is a comparison of that remainder with half the gap
 * to v's neighbours, which is what strtod's correct rounding decides.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "render/fmtshort.h"
#include "base/banned.h"

typedef unsigned __int128 u128;

static const uint64_t pow10_u64[20] = {
	1ULL,
	10ULL,
	100ULL,
	1000ULL,
	10000ULL,
	100000ULL,
	1000000ULL,
	10000000ULL,
	100000000ULL,
	1000000000ULL,
	10000000000ULL,
	100000000000ULL,
	1000000000000ULL,
	10000000000000ULL,
	100000000000000ULL,
	1000000000000000ULL,
	10000000000000000ULL,
	100000000000000000ULL,
	1000000000000000000ULL,
	10000000000000000000ULL,
};

/* 10^k, 0 <= k <= 22 (< 2^74: times m < 2^53 stays under 2^127) */
static u128 pow10_wide(int k)
{
	return k <= 19 ? (u128)pow10_u64[k]
		       : (u128)pow10_u64[19] * pow10_u64[k - 19];
}

/* v = m / 2^s rounded to p digits */
struct rounded {
	uint64_t q; /* p digits: 10^(p-1) <= q < 10^p */
	int x;	    /* the decimal exponent of q's first digit, as %e's */
	int back;   /* 1 when q / 10^k reads back as v */
};

/* Whether the decimal at diff units (of 10^-k 2^-s) from v, above it
 * when up, reads back as v: nearer to v than half the gap to the
 * neighbour on its side (10^k units is one gap), a tie going to the
 * even mantissa; below a power of two the gap is half as wide. */
static int reads_back(uint64_t m, int up, u128 diff, u128 gap)
{
	u128 twice = diff * 2;

	if (!up && m == 1ULL << 52) /* the gap below is half */
		return twice * 2 <= gap;
	return twice < gap || (twice == gap && !(m & 1));
}

/* m / 2^s to p significant digits from the first guess x of its
 * exponent; 0 when 10^k is out of the 128-bit range */
static int round_digits(uint64_t m, int s, int p, int x, struct rounded *r)
{
	for (int tries = 0; tries < 4; tries++) {
		int k = p - 1 - x, up;
		u128 prod, f, rem, half;

		if (k < 0 || k > 22)
			return 0;
		prod = (u128)m * pow10_wide(k);
		f = s ? prod >> s : prod;
		rem = s ? prod & (((u128)1 << s) - 1) : 0;
		if (f >= pow10_u64[p]) {
			x++;
			continue;
		}
		if (f < pow10_u64[p - 1]) {
			x--;
			continue;
		}
		half = s ? (u128)1 << (s - 1) : 0;
		up = s && (rem > half || (rem == half && (f & 1)));
		r->q = (uint64_t)f + (uint64_t)up;
		r->back = reads_back(m, up, up ? ((u128)1 << s) - rem : rem,
				     pow10_wide(k));
		r->x = x;
		if (r->q == pow10_u64[p]) { /* 9.99... rounded up to 10 */
			r->q = pow10_u64[p - 1];
			r->x++;
		}
		return 1;
	}
	return 0;
}

/* "%.{p}g" of the rounded value: trailing zeros dropped, %e's form
 * when x < -4 or x >= p; its length, 0 when n cannot hold it */
static size_t write_g(char *buf, size_t n, int neg, const struct rounded *r,
		      int p)
{
	char d[20], out[48];
	uint64_t q = r->q;
	int nd = p, len = 0, x = r->x;

	while (nd > 1 && q % 10 == 0) {
		q /= 10;
		nd--;
	}
	for (int i = nd - 1; i >= 0; i--, q /= 10)
		d[i] = (char)('0' + q % 10);
	if (neg)
		out[len++] = '-';
	if (x < -4 || x >= p) {
		int ax = x < 0 ? -x : x;

		out[len++] = d[0];
		if (nd > 1)
			out[len++] = '.';
		memcpy(out + len, d + 1, (size_t)nd - 1);
		len += nd - 1;
		out[len++] = 'e';
		out[len++] = x < 0 ? '-' : '+';
		if (ax >= 100)
			out[len++] = (char)('0' + ax / 100);
		out[len++] = (char)('0' + ax / 10 % 10);
		out[len++] = (char)('0' + ax % 10);
	} else if (x >= 0) {
		for (int i = 0; i <= x; i++)
			out[len++] = i < nd ? d[i] : '0';
		if (nd > x + 1) {
			out[len++] = '.';
			memcpy(out + len, d + x + 1, (size_t)(nd - x - 1));
			len += nd - x - 1;
		}
	} else {
		out[len++] = '0';
		out[len++] = '.';
		for (int i = 0; i < -x - 1; i++)
			out[len++] = '0';
		memcpy(out + len, d, (size_t)nd);
		len += nd;
	}
	if ((size_t)len >= n)
		return 0;
	memcpy(buf, out, (size_t)len);
	buf[len] = '\0';
	return (size_t)len;
}

size_t fmt_short(char *buf, size_t n, double v)
{
	struct rounded r;
	uint64_t bits, m;
	int e, s, p, x;

	memcpy(&bits, &v, sizeof bits);
	e = (int)(bits >> 52 & 0x7ff);
	m = bits & ((1ULL << 52) - 1);
	if (e == 0 && m == 0) {
		r.q = 0;
		r.x = 0;
		return write_g(buf, n, (int)(bits >> 63), &r, 1);
	}
	if (e == 0 || e == 0x7ff)
		return 0; /* subnormal, infinite or not a number */
	m |= 1ULL << 52;
	s = 1075 - e;
	if (s < 0 || s > 100)
		return 0;
	/* log10(v) from the binary exponent: at most one too small, which
	 * round_digits() corrects */
	x = (int)floor((double)(e - 1023) * 0.30102999566398120);
	for (p = 15; p <= 17; p++) {
		if (!round_digits(m, s, p, x, &r))
			return 0;
		if (r.back || p == 17)
			break;
		x = r.x;
	}
	return write_g(buf, n, (int)(bits >> 63), &r, p);
}
