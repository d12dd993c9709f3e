/*
 * fmt_short() (render/fmtshort.c) against fmt_double()'s reference, the
 * first of "%.15g", "%.16g", "%.17g" that strtod reads back as the same
 * double, on millions of doubles: job-table-like values (times, rates,
 * byte counts, percentages), short decimals, integers, exact binary
 * ties, powers of ten and their neighbours, any bit pattern.  TAP on
 * stdout; run by t/7426-fmt-shortest.t.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/fmtshort.h"
#include "base/banned.h"

static uint64_t rng = 88172645463325252ULL;

static uint64_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* the reference: render/output.c's loop before fmt_short */
static int reference(char *buf, size_t n, double v)
{
	int p, len = 0;

	for (p = 15; p <= 17; p++) {
		len = snprintf(buf, n, "%.*g", p, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	return len;
}

static double sample(long i)
{
	uint64_t r = next();
	double v;

	switch (i % 10) {
	case 0: return (double)(r % 100000) / (double)(1 + (r >> 40) % 997);
	case 1: return (double)(r % 1000000000) / 1e6;
	case 2: return 1.7e9 + (double)(r % 100000000) / 1e7; /* times */
	case 3: memcpy(&v, &r, 8); return v;
	case 4: return -(double)(r % 100000) / 7.0;
	case 5: return ldexp((double)(r >> 11), -(int)(r % 90));
	case 6: return (double)(int64_t)(r % 20000000000000000ULL) - 1e16;
	case 7: /* powers of ten and their neighbours */
		v = pow(10, (double)(int)(r % 40) - 20);
		return (r >> 32 & 1) ? nextafter(v, (r >> 33 & 1) ? 0 : 1e300)
				     : v;
	case 8: return (double)(r % 1000) / 1000.0 * (double)(1 + r % 3);
	default: /* 15-17 digit decimals, read as strtod reads them */
	{
		char b[40];
		snprintf(b, sizeof b, "%llu.%llue%d",
			 (unsigned long long)(r % 10),
			 (unsigned long long)(r >> 8) % 10000000000000000ULL,
			 (int)((r >> 60) % 14) - 7);
		return strtod(b, NULL);
	}
	}
}

static int check(double v, long *fast, long *bad)
{
	char want[64], got[64];
	size_t len = fmt_short(got, sizeof got, v);
	int wlen = reference(want, sizeof want, v);

	if (!len)
		return 0;
	(*fast)++;
	if ((int)len == wlen && !strcmp(want, got))
		return 0;
	if ((*bad)++ < 5)
		printf("# %a: reference '%s', fmt_short '%s'\n", v, want, got);
	return 1;
}

int main(int argc, char **argv)
{
	long i, n = argc > 1 ? atol(argv[1]) : 2000000, fast = 0, bad = 0;
	long fixed0 = 0, bad0 = 0;
	static const double fixed[] = {0.0,
				       -0.0,
				       1.0,
				       -1.0,
				       0.1,
				       0.5,
				       1e-6,
				       9.999999999999999e-7,
				       1e15,
				       9e15,
				       4503599627370496.0,
				       0.3,
				       2.0 / 3.0,
				       1e-5,
				       123456789012345.6,
				       1e14,
				       1e-4};
	char small[4];

	for (i = 0; i < (long)(sizeof fixed / sizeof fixed[0]); i++)
		check(fixed[i], &fixed0, &bad0);
	printf("1..4\n");
	printf("%s 1 - %ld chosen values as the C library prints them\n",
	       bad0 ? "not ok" : "ok", fixed0);
	for (i = 0; i < n; i++)
		check(sample(i), &fast, &bad);
	printf("%s 2 - %ld of %ld doubles by 128-bit digits: the same bytes "
	       "(%ld differ)\n",
	       bad ? "not ok" : "ok", fast, n, bad);
	/* the fast path must be the common one, or the test proves little */
	printf("%s 3 - most samples took the fast path (%ld of %ld)\n",
	       fast > n / 2 ? "ok" : "not ok", fast, n);
	/* a buffer too small: nothing written, the caller's printf says */
	printf("%s 4 - a buffer too small gives 0\n",
	       fmt_short(small, sizeof small, 0.125) == 0 ? "ok" : "not ok");
	return 0;
}
