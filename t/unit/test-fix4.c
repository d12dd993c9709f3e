/*
 * The "%.4f" of parse --dxt (render/fmtfast.h) against the C library's
 * printf on millions of doubles: near-ties, decimal ties, exact binary
 * ties (which printf rounds half to even), any bit pattern and every
 * magnitude.  TAP on stdout; run by t/2003-dxt-fix4.t.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/fmtfast.h"
#include "base/banned.h"

static uint64_t rng = 88172645463325252ULL;

static uint64_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static double sample(long i)
{
	uint64_t r = next();
	double v;

	switch (i % 6) {
	case 0:
		return (double)(r % 100000000) / 10000.0 +
		       (double)(r >> 40) / 1e12;
	case 1: return (double)(r % 2000000) / 20000.0;
	case 2: return (double)(r % 1000000000) / 1024.0;
	case 3: memcpy(&v, &r, 8); return v;
	case 4: return -(double)(r % 100000) / 7.0;
	default: return ldexp((double)(r >> 11), -(int)(r % 90));
	}
}

int main(void)
{
	long i, n = 3000000, fast = 0, bad = 0;

	for (i = 0; i < n; i++) {
		double v = sample(i);
		char want[400], got[64];
		int len = snprintf(want, sizeof(want), "%12.4f", v);

		memset(got, ' ', sizeof(got));
		if (!fix4_back(got + 40, v))
			continue;
		fast++;
		if (len != 12 || memcmp(want, got + 28, 12) != 0) {
			if (bad++ < 5)
				printf("# %.17g: printf '%s', fix4_back "
				       "'%.12s'\n",
				       v, want, got + 28);
		}
	}
	printf("%s 1 - fix4_back is printf's %%12.4f on %ld of %ld doubles\n",
	       bad ? "not ok" : "ok", fast, n);
	printf("%s 2 - the fast path took most values (%ld)\n",
	       fast > n / 2 ? "ok" : "not ok", fast);
	printf("1..2\n");
	return bad != 0 || fast <= n / 2;
}
