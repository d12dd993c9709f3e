/*
 * Whole-region zlib inflate through libdeflate, loaded with dlopen (see
 * zfast.h).  The few declarations below are libdeflate's stable ABI
 * (libdeflate.so.0), so that building needs no libdeflate headers.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "sources/zfast.h"
#include "base/banned.h"

#define LD_SONAME "libdeflate.so.0"
#define LD_SUCCESS 0
#define LD_INSUFFICIENT_SPACE 3

struct ld_fns {
	void *(*alloc)(void);
	void (*release)(void *);
	int (*zlib_ex)(void *, const void *, size_t, void *, size_t, size_t *,
		       size_t *);
};

static struct ld_fns ld;
static int ld_ok;
static pthread_once_t ld_once = PTHREAD_ONCE_INIT;

/*
 * Each thread keeps one decompressor and a few inflate buffers from log
 * to log: ingest opens about 14 regions a log, and allocating both anew
 * each time (the buffers fresh pages every time) cost 4 % of its CPU.
 * The key's destructor frees them when a worker thread ends; the main
 * thread's stay reachable through the thread-local pointers until exit.
 */
#define SPARE_N 4
#define SPARE_MAX ((size_t)4 << 20) /* larger buffers are not kept */

struct zcache {
	void *dc;
	uint8_t *buf[SPARE_N];
	size_t cap[SPARE_N];
};

static _Thread_local struct zcache *zc;
static pthread_key_t zc_key;
static int zc_keyed;

static void zc_free(void *p)
{
	struct zcache *c = p;
	int i;

	if (!c)
		return;
	if (c->dc)
		ld.release(c->dc);
	for (i = 0; i < SPARE_N; i++)
		free(c->buf[i]);
	free(c);
	zc = NULL;
}

static struct zcache *zc_get(void)
{
	if (!zc) {
		zc = calloc(1, sizeof(*zc));
		if (zc && zc_keyed)
			(void)pthread_setspecific(zc_key, zc);
	}
	return zc;
}

/* this thread's decompressor, made on first use; NULL without memory */
static void *zc_dc(void)
{
	struct zcache *c = zc_get();

	if (c && !c->dc)
		c->dc = ld.alloc();
	return c ? c->dc : NULL;
}

static void ld_open(void)
{
	static const struct {
		const char *name;
		size_t off;
	} syms[] = {
		{"libdeflate_alloc_decompressor",
		 offsetof(struct ld_fns, alloc)},
		{"libdeflate_free_decompressor",
		 offsetof(struct ld_fns, release)},
		{"libdeflate_zlib_decompress_ex",
		 offsetof(struct ld_fns, zlib_ex)},
	};
	void *h;
	size_t i;

	zc_keyed = pthread_key_create(&zc_key, zc_free) == 0;
	h = dlopen(LD_SONAME, RTLD_NOW | RTLD_LOCAL);
	if (!h)
		return;
	for (i = 0; i < sizeof(syms) / sizeof(syms[0]); i++) {
		void *f = dlsym(h, syms[i].name);

		if (!f)
			return;
		/* POSIX: a function's address from dlsym fits a function
		 * pointer; the members are all function pointers */
		memcpy((char *)&ld + syms[i].off, &f, sizeof(f));
	}
	ld_ok = 1;
}

/* The streams one after another into buf (cap bytes, grown up to max). */
static int inflate_all(void *dc, const uint8_t *src, size_t len, size_t max,
		       uint8_t **buf, size_t *cap, size_t *n)
{
	size_t pos = 0, in, out;

	while (pos < len) {
		int r = ld.zlib_ex(dc, src + pos, len - pos, *buf + *n,
				   *cap - *n, &in, &out);

		if (r == LD_SUCCESS) {
			pos += in;
			*n += out;
			continue;
		}
		if (r != LD_INSUFFICIENT_SPACE || *cap >= max)
			return -1;
		/* the stream is decoded again from its start: guess big */
		{
			size_t ncap = *cap * 4 < max ? *cap * 4 : max;
			uint8_t *nb = realloc(*buf, ncap);

			if (!nb)
				return -1;
			*buf = nb;
			*cap = ncap;
		}
	}
	return 0;
}

uint8_t *iol_zfast_take(size_t want, size_t *cap)
{
	struct zcache *c;
	uint8_t *b;
	int i, best = -1;

	pthread_once(&ld_once, ld_open);
	c = zc_get();
	for (i = 0; c && i < SPARE_N; i++)
		if (c->buf[i] && (best < 0 || c->cap[i] > c->cap[best]))
			best = i;
	if (best >= 0) {
		b = c->buf[best];
		*cap = c->cap[best];
		c->buf[best] = NULL;
		if (*cap >= want)
			return b;
		free(b);
	}
	b = malloc(want ? want : 1);
	*cap = b ? want : 0;
	return b;
}

void iol_zfast_give(uint8_t *buf, size_t cap)
{
	struct zcache *c = buf && cap <= SPARE_MAX ? zc_get() : NULL;
	int i;

	for (i = 0; c && i < SPARE_N; i++)
		if (!c->buf[i]) {
			c->buf[i] = buf;
			c->cap[i] = cap;
			return;
		}
	free(buf);
}

int iol_zfast_inflate(const uint8_t *src, size_t len, size_t max, uint8_t **buf,
		      size_t *cap, size_t *outlen)
{
	size_t want, n = 0;
	void *dc;

	pthread_once(&ld_once, ld_open);
	if (!ld_ok || len == 0 || !(dc = zc_dc()))
		return -1;
	/* Darshan's counter records shrink about 10:1 */
	want = len < max / 16 ? len * 16 + 4096 : max;
	if (want > max)
		want = max;
	if (*cap < want) {
		uint8_t *nb = realloc(*buf, want);

		if (!nb)
			return -1;
		*buf = nb;
		*cap = want;
	}
	if (inflate_all(dc, src, len, max, buf, cap, &n) < 0)
		return -1;
	*outlen = n;
	return 0;
}

int iol_zfast_stream(const uint8_t *src, size_t len, uint8_t *out, size_t cap,
		     size_t *in, size_t *outn)
{
	void *dc;
	int r;

	pthread_once(&ld_once, ld_open);
	if (!ld_ok || len == 0 || !(dc = zc_dc()))
		return -1;
	r = ld.zlib_ex(dc, src, len, out, cap, in, outn);
	return r == LD_SUCCESS ? 0 : r == LD_INSUFFICIENT_SPACE ? 1 : -1;
}
