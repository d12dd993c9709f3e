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
	void *h = dlopen(LD_SONAME, RTLD_NOW | RTLD_LOCAL);
	size_t i;

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

int iol_zfast_inflate(const uint8_t *src, size_t len, size_t max, uint8_t **out,
		      size_t *outlen)
{
	size_t cap, n = 0;
	uint8_t *buf;
	void *dc;
	int ret;

	pthread_once(&ld_once, ld_open);
	if (!ld_ok || len == 0)
		return -1;
	/* Darshan's counter records shrink about 10:1 */
	cap = len < max / 16 ? len * 16 + 4096 : max;
	if (cap > max)
		cap = max;
	buf = malloc(cap ? cap : 1);
	dc = buf ? ld.alloc() : NULL;
	if (!dc) {
		free(buf);
		return -1;
	}
	ret = inflate_all(dc, src, len, max, &buf, &cap, &n);
	ld.release(dc);
	if (ret < 0) {
		free(buf);
		return -1;
	}
	*out = buf;
	*outlen = n;
	return 0;
}

int iol_zfast_stream(const uint8_t *src, size_t len, uint8_t *out, size_t cap,
		     size_t *in, size_t *outn)
{
	void *dc;
	int r;

	pthread_once(&ld_once, ld_open);
	if (!ld_ok || len == 0 || !(dc = ld.alloc()))
		return -1;
	r = ld.zlib_ex(dc, src, len, out, cap, in, outn);
	ld.release(dc);
	return r == LD_SUCCESS ? 0 : r == LD_INSUFFICIENT_SPACE ? 1 : -1;
}
