/*
 * The number formatting of parse's text (render/obuf.c) against printf,
 * byte for byte, over edge values: zeros of both signs, the smallest and
 * largest doubles, NaN and infinities, INT64_MIN/MAX, and values that
 * round at the last printed digit (half to even on the binary value).
 * The text goes through a buffer in memory (obuf_init_mem), as the
 * formatting threads of parse --all write it, grown from a tiny start.
 */
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/obuf.h"
#include "t/unit/tap.h"

static void check_fixed(double v, int prec)
{
	char want[512], got[512], what[600];
	size_t n = fmt_fixed(got, sizeof(got), v, prec);

	got[n] = '\0';
	snprintf(want, sizeof(want), "%.*f", prec, v);
	snprintf(what, sizeof(what), "%%.%df of %a: %s", prec, v, want);
	if (strcmp(got, want) != 0)
		printf("# got %s\n", got);
	ok(strcmp(got, want) == 0, what);
}

static const double fvals[] = {
	0.0,
	-0.0,
	1e-300,
	-1e-300,
	1e300,
	-1e300,
	DBL_MAX,
	-DBL_MAX,
	DBL_MIN,
	5e-324,
	1.0,
	-1.0,
	0.5,
	1.5,
	2.5,
	0.0000005,
	0.0000015,
	0.0000025,
	0.00000049,
	1.0000005,
	123.4567895,
	0.1234565,
	9.9999995,
	999999.9999995,
	4503599627370496.5,
	9007199254740993.0,
	1e15,
	1e16,
	1e17,
	1e18,
	1e19,
	1e20,
	1e22,
	123456789012.3456789,
	0.05,
	0.005,
	0.25,
	0.125,
	0.0625,
	3.14159265358979,
	-2.7182818284,
};

static void check_int(struct obuf *ob, int64_t v)
{
	char want[32], what[80];

	ob->len = 0;
	obuf_i64(ob, v);
	snprintf(want, sizeof(want), "%" PRId64, v);
	snprintf(what, sizeof(what), "obuf_i64 %s", want);
	ok(ob->len == strlen(want) && memcmp(ob->buf, want, ob->len) == 0,
	   what);
	ob->len = 0;
	obuf_u64(ob, (uint64_t)v);
	snprintf(want, sizeof(want), "%" PRIu64, (uint64_t)v);
	snprintf(what, sizeof(what), "obuf_u64 %s", want);
	ok(ob->len == strlen(want) && memcmp(ob->buf, want, ob->len) == 0,
	   what);
}

static const int64_t ivals[] = {
	0,
	1,
	-1,
	9,
	10,
	-10,
	99,
	100,
	999,
	1000,
	12345,
	-12345,
	99999999,
	100000000,
	INT32_MAX,
	INT32_MIN,
	INT64_MAX,
	INT64_MIN,
	INT64_MAX - 1,
	INT64_MIN + 1,
	1000000000000000000LL,
	999999999999999999LL,
};

/* fmt_bytes() as printf makes it: v in its unit, "%.0f" or "%.1f" */
static void check_bytes(double v, int style)
{
	static const char *const unit[] = {"B",	  "KiB", "MiB",
					   "GiB", "TiB", "PiB"};
	char got[64], want[64], what[160];
	double w = v;
	int u = 0;

	while (fabs(w) >= 1024 && u < 5) {
		w /= 1024;
		u++;
	}
	snprintf(want, sizeof(want), "%.*f %s",
		 u == 0 || (style == BYTES_SHORT && fabs(w) >= 100) ? 0 : 1, w,
		 unit[u]);
	fmt_bytes(got, sizeof(got), v, style);
	snprintf(what, sizeof(what), "fmt_bytes %a style %d: %s", v, style,
		 want);
	ok(strcmp(got, want) == 0, what);
}

int main(void)
{
	struct obuf ob;
	char want[100000];
	size_t i;
	int prec, k;
	uint64_t seed;

	for (i = 0; i < sizeof(fvals) / sizeof(fvals[0]); i++)
		for (prec = 0; prec <= 9; prec++)
			check_fixed(fvals[i], prec);
	check_fixed(NAN, 6);
	check_fixed(-NAN, 6);
	check_fixed(INFINITY, 6);
	check_fixed(-INFINITY, 4);
	/* every neighbour of a half at the sixth decimal */
	for (k = 0; k < 2000; k++) {
		double h = (k + 0.5) / 1e6;

		check_fixed(nextafter(h, 0), 6);
		check_fixed(h, 6);
		check_fixed(nextafter(h, 1), 6);
	}
	/* fmt_fixed's double-only path (products under 1e11): halves and
	 * their neighbours at its edge, and values of every magnitude from
	 * a fixed sequence, at each precision */
	for (prec = 0; prec <= 9; prec++)
		for (k = 0; k < 200; k++) {
			double h = (99999999000.0 + k + 0.5) / pow(10, prec);

			check_fixed(nextafter(h, 0), prec);
			check_fixed(h, prec);
			check_fixed(nextafter(h, 1e300), prec);
		}
	for (k = 0, seed = 42; k < 20000; k++) {
		double v;

		seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
		v = (double)(seed >> 11) / 9007199254740992.0 *
		    pow(10, (int)(seed % 17) - 6);
		check_fixed(v, (int)(seed >> 60) % 10);
		check_fixed(-v, (int)(seed >> 56) % 10);
	}
	for (k = 0; k < 4000; k++) {
		double v;

		seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
		v = (double)(seed >> 11) * pow(2, (int)(seed % 70) - 53);
		check_bytes(k & 1 ? -v : v, BYTES_TEXT);
		check_bytes(v, BYTES_SHORT);
	}
	check_bytes(0, BYTES_TEXT);
	check_bytes(1023.95 * 1024, BYTES_TEXT);
	check_bytes(99.95 * 1024, BYTES_SHORT);
	check_bytes(1e300, BYTES_TEXT);
	for (prec = 0; prec <= 9; prec++) {
		check_fixed(0.0, prec);
		check_fixed(-0.0, prec);
		check_fixed(-1e-12, prec);
		check_fixed(-0.5, prec);
	}
	/* a buffer in memory that starts at one byte and must grow */
	ok(obuf_init_mem(&ob, 1) == 0, "a buffer in memory");
	for (i = 0; i < sizeof(ivals) / sizeof(ivals[0]); i++)
		check_int(&ob, ivals[i]);
	ob.len = 0;
	obuf_fixed(&ob, 1e300, 6);
	snprintf(want, sizeof(want), "%.6f", 1e300);
	ok(ob.len == strlen(want) && memcmp(ob.buf, want, ob.len) == 0,
	   "obuf_fixed 1e300 grows the buffer");
	ob.len = 0;
	for (k = 0; k < 10000; k++)
		obuf_i64(&ob, k);
	want[0] = '\0';
	for (k = 0, i = 0; k < 10000; k++)
		i += (size_t)snprintf(want + i, sizeof(want) - i, "%d", k);
	ok(ob.len == i && memcmp(ob.buf, want, i) == 0 && ob.err == 0,
	   "10,000 numbers in a growing buffer");
	ok(obuf_release(&ob) == 0, "released without a write");
	return tap_done();
}
