/*
 * The output buffer and the number formatting of the text printers.
 * obuf_fixed() reproduces printf's "%.Nf" exactly (round half to even on
 * the exact binary value, as glibc does) with integer arithmetic, which
 * is several times faster than printf on the hot darshan-parser path.
 */
#define _DEFAULT_SOURCE /* gmtime_r */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "render/fmtfast.h"
#include "render/obuf.h"
#include "base/banned.h"

int obuf_init(struct obuf *ob, int fd, size_t cap)
{
	ob->buf = malloc(cap);
	ob->len = 0;
	ob->cap = ob->buf ? cap : 0;
	ob->fd = fd;
	ob->err = ob->buf ? 0 : ENOMEM;
	return ob->buf ? 0 : -1;
}

int obuf_init_mem(struct obuf *ob, size_t cap)
{
	int ret = obuf_init(ob, -1, cap);

	ob->fd = -1;
	return ret;
}

/* A buffer in memory (fd -1) grows where one over a descriptor is
 * written out; when it cannot grow, its text is dropped and err says
 * ENOMEM, so that the caller's writes still find room. */
static int obuf_grow(struct obuf *ob)
{
	size_t cap = ob->cap ? ob->cap * 2 : 1 << 16;
	char *nb = realloc(ob->buf, cap);

	if (!nb) {
		if (!ob->err)
			ob->err = ENOMEM;
		ob->len = 0;
		return -1;
	}
	ob->buf = nb;
	ob->cap = cap;
	return 0;
}

int obuf_write_fd(struct obuf *ob, const void *p, size_t n)
{
	const char *s = p;
	size_t off = 0;

	while (off < n) {
		ssize_t w = write(ob->fd, s + off, n - off);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			if (!ob->err)
				ob->err = errno;
			break;
		}
		off += (size_t)w;
	}
	return ob->err ? -1 : 0;
}

int obuf_flush(struct obuf *ob)
{
	size_t off = 0;

	if (ob->fd < 0)
		return obuf_grow(ob) < 0 || ob->err ? -1 : 0;
	while (off < ob->len) {
		ssize_t n = write(ob->fd, ob->buf + off, ob->len - off);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			if (!ob->err)
				ob->err = errno;
			break;
		}
		off += (size_t)n;
	}
	ob->len = 0;
	return ob->err ? -1 : 0;
}

int obuf_release(struct obuf *ob)
{
	obuf_flush(ob);
	free(ob->buf);
	ob->buf = NULL;
	ob->cap = 0;
	return ob->err;
}

void obuf_grow_write(struct obuf *ob, const void *p, size_t n)
{
	const char *s = p;

	while (n) {
		size_t room;

		if (ob->len == ob->cap)
			obuf_flush(ob);
		room = ob->cap - ob->len;
		if (room > n)
			room = n;
		memcpy(ob->buf + ob->len, s, room);
		ob->len += room;
		s += room;
		n -= room;
	}
}

char *obuf_reserve(struct obuf *ob, size_t n)
{
	if (ob->cap - ob->len < n)
		obuf_flush(ob);
	while (ob->fd < 0 && ob->cap - ob->len < n && obuf_grow(ob) == 0)
		;
	return ob->buf + ob->len;
}

void obuf_vprintf(struct obuf *ob, const char *fmt, va_list ap)
{
	va_list again;
	char small[1024], *big;
	int n;

	va_copy(again, ap);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	if (n >= 0 && (size_t)n < sizeof(small)) {
		obuf_write(ob, small, (size_t)n);
	} else if (n >= 0) {
		big = malloc((size_t)n + 1);
		if (big) {
			vsnprintf(big, (size_t)n + 1, fmt, again);
			obuf_write(ob, big, (size_t)n);
			free(big);
		} else if (!ob->err) {
			/* output that went missing must not end in exit 0 */
			ob->err = ENOMEM;
		}
	}
	va_end(again);
}

void obuf_printf(struct obuf *ob, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	obuf_vprintf(ob, fmt, ap);
	va_end(ap);
}

static size_t u64_digits(char *end, uint64_t v)
{
	return (size_t)(end - u64_back(end, v));
}

void obuf_u64(struct obuf *ob, uint64_t v)
{
	char tmp[24];
	size_t n = u64_digits(tmp + sizeof(tmp), v);

	obuf_write(ob, tmp + sizeof(tmp) - n, n);
}

void obuf_i64(struct obuf *ob, int64_t v)
{
	char tmp[24];
	uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
	size_t n = u64_digits(tmp + sizeof(tmp), u);

	if (v < 0)
		tmp[sizeof(tmp) - ++n] = '-';
	obuf_write(ob, tmp + sizeof(tmp) - n, n);
}

static const uint64_t pow10[] = {
	1,	10,	 100,	   1000,      10000,
	100000, 1000000, 10000000, 100000000, 1000000000,
};

/* fmt_fixed() of v with |v| * 10^prec under 1e11, without 128-bit
 * arithmetic: x = v * 10^prec in doubles is within half an ulp (at most
 * 2^-16 here) of the exact product, so unless its fraction is that close
 * to one half, the rounding it implies is printf's (fix4_back()'s
 * argument); 0 when it cannot tell or v is out of its range.  The
 * float counters of parse --all are 1.7 million of these. */
static size_t fixed_fast(char *out, size_t outsz, double v, int prec)
{
	static const double p10[] = {1e0, 1e1, 1e2, 1e3, 1e4,
				     1e5, 1e6, 1e7, 1e8, 1e9};
	int neg = signbit(v) != 0, k;
	double x = (neg ? -v : v) * p10[prec], f;
	char dig[64], *end = dig + 32, *p = end;
	uint64_t q, ip, fp;

	/* zeros are most float counters; printf signs a negative that
	 * rounds to zero too ("-0.000000") */
	if (!(x >= 0 && x < 99999999999.0) || outsz < 32)
		return 0;
	q = (uint64_t)x;
	f = x - (double)q;
	if (f > 0.5 + 1.0 / 32768)
		q++;
	else if (f >= 0.5 - 1.0 / 32768)
		return 0;
	if (q == 0) { /* the unset timers and variances */
		k = neg;
		out[0] = '-';
		memcpy(out + k, "0.0000000000000000", 16);
		return (size_t)(k + (prec ? prec + 2 : 1));
	}
	ip = q / pow10[prec];
	fp = q - ip * pow10[prec];
	/* the decimals, all prec of them, two at a time from the end */
	for (k = prec; k >= 2; k -= 2, fp /= 100) {
		p -= 2;
		memcpy(p, fmtfast_digits2 + 2 * (fp % 100), 2);
	}
	if (k)
		*--p = (char)('0' + fp);
	if (prec)
		*--p = '.';
	p = u64_back(p, ip);
	if (neg)
		*--p = '-';
	/* one copy of a constant size (the string is at most 24 bytes,
	 * out has 32): no call; the bytes copied past it are set */
	memset(end, 0, 8);
	memcpy(out, p, 32);
	return (size_t)(end - p);
}

size_t fmt_fixed(char *out, size_t outsz, double v, int prec)
{
	typedef unsigned __int128 u128;
	uint64_t bits, m;
	int e, neg, n;
	u128 q;
	char dig[48];
	size_t nd, len = 0;

	if (prec >= 0 && prec <= 9 && (len = fixed_fast(out, outsz, v, prec)))
		return len;
	memcpy(&bits, &v, 8);
	neg = (int)(bits >> 63);
	e = (int)((bits >> 52) & 0x7ff);
	m = bits & ((1ULL << 52) - 1);
	if (e == 0x7ff || prec < 0 || prec > 9)
		goto slow;
	if (e == 0) {
		e = 1;
	} else {
		m |= 1ULL << 52;
	}
	e -= 1075; /* v = m * 2^e */
	if (m == 0) {
		q = 0;
	} else if (e >= 0) {
		if (e > 40)
			goto slow;
		q = ((u128)m * pow10[prec]) << e;
	} else {
		int k = -e;
		u128 p = (u128)m * pow10[prec];

		if (k > 100) {
			q = 0;
		} else {
			u128 rem, half;

			q = p >> k;
			rem = p & (((u128)1 << k) - 1);
			half = (u128)1 << (k - 1);
			if (rem > half || (rem == half && (q & 1)))
				q++;
		}
	}
	/* digits of q, at least prec+1 of them */
	nd = 0;
	/* 128-bit division is a libgcc call: the common case fits 64 bits */
	while (q >> 64) {
		dig[sizeof(dig) - 1 - nd++] = (char)('0' + (int)(q % 10));
		q /= 10;
	}
	/* two digits a division: a tenth of parse --all went here */
	nd += (size_t)(dig + sizeof(dig) - nd -
		       u64_back(dig + sizeof(dig) - nd, (uint64_t)q));
	while (nd < (size_t)prec + 1)
		dig[sizeof(dig) - 1 - nd++] = '0';
	if (nd + 3 > outsz)
		goto slow;
	if (neg)
		out[len++] = '-';
	memcpy(out + len, dig + sizeof(dig) - nd, nd - (size_t)prec);
	len += nd - (size_t)prec;
	if (prec) {
		out[len++] = '.';
		memcpy(out + len, dig + sizeof(dig) - prec, (size_t)prec);
		len += (size_t)prec;
	}
	return len;
slow:
	n = snprintf(out, outsz, "%.*f", prec, v);
	return n < 0 ? 0 : ((size_t)n < outsz ? (size_t)n : outsz - 1);
}

void obuf_fixed(struct obuf *ob, double v, int prec)
{
	char tmp[400];
	size_t n = fmt_fixed(tmp, sizeof(tmp), v, prec);

	obuf_write(ob, tmp, n);
}

const char *fmt_bytes(char *buf, size_t n, double v, int style)
{
	static const char *const unit[] = {"B",	  "KiB", "MiB",
					   "GiB", "TiB", "PiB"};
	char t[400];
	size_t k, ul;
	int u = 0, prec;

	while (fabs(v) >= 1024 && u < 5) {
		v /= 1024;
		u++;
	}
	prec = u == 0 || (style == BYTES_SHORT && fabs(v) >= 100) ? 0 : 1;
	/* fmt_fixed() is printf's "%.*f" without printf: every byte cell
	 * of a table (two a row of ten million in `jobs`) */
	k = fmt_fixed(t, sizeof(t), v, prec);
	ul = strlen(unit[u]);
	if (k + ul + 2 > n) {
		snprintf(buf, n, "%.*f %s", prec, v, unit[u]);
		return buf;
	}
	memcpy(buf, t, k);
	buf[k] = ' ';
	memcpy(buf + k + 1, unit[u], ul + 1);
	return buf;
}

const char *fmt_dur(char *buf, size_t n, double v)
{
	if (isnan(v))
		snprintf(buf, n, "n/a");
	else if (v == 0)
		snprintf(buf, n, "0 s");
	else if (fabs(v) < 1e-3)
		snprintf(buf, n, "%.1f \xc2\xb5s", v * 1e6);
	else if (fabs(v) < 1)
		snprintf(buf, n, "%.2f ms", v * 1e3);
	else
		snprintf(buf, n, "%.4f s", v);
	return buf;
}

const char *fmt_ratio(char *buf, size_t n, double v)
{
	if (isnan(v))
		snprintf(buf, n, "n/a");
	else if (v == 0)
		snprintf(buf, n, "0");
	else if (fabs(v) >= 100)
		snprintf(buf, n, "%.1f", v);
	else if (fabs(v) >= 0.01)
		snprintf(buf, n, "%.2f", v);
	else
		/* one significant digit: 4 files over 2048 ranks is 0.002 */
		snprintf(buf, n, "%.*f",
			 fabs(v) < 1e-9 ? 9 : -(int)floor(log10(fabs(v))), v);
	return buf;
}

const char *fmt_time(char *buf, size_t n, int64_t secs)
{
	time_t t = (time_t)secs;
	struct tm tm;

	if (!gmtime_r(&t, &tm))
		snprintf(buf, n, "%lld", (long long)secs);
	else
		strftime(buf, n, "%Y-%m-%d %H:%M:%S UTC", &tm);
	return buf;
}
