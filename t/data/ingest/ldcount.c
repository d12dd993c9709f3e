/*
 * t/data/ingest/ldcount.c: an LD_PRELOAD library for t/7142 that counts
 * the libdeflate decompressors iolens allocates, the streams it asks
 * them to inflate and its calls of qsort(), written as "allocs inflates
 * qsorts" to $LD_COUNT at exit.
 * iolens loads libdeflate with dlopen (local) and looks its functions up
 * in that handle, so this library answers that dlopen with its own
 * handle and forwards each function to the real libdeflate.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long allocs, inflates, qsorts;
static void *real; /* the real libdeflate */

static void *real_fn(const char *name)
{
	if (!real)
		real = dlmopen(LM_ID_BASE, "libdeflate.so.0",
			       RTLD_NOW | RTLD_LOCAL);
	return real ? dlsym(real, name) : NULL;
}

/* iolens' dlopen of libdeflate gets this library instead */
void *dlopen(const char *file, int mode)
{
	static void *(*next)(const char *, int);
	Dl_info self;

	if (!next)
		next = (void *(*)(const char *, int))dlsym(RTLD_NEXT, "dlopen");
	if (file && !strcmp(file, "libdeflate.so.0") &&
	    dladdr((void *)dlopen, &self) && self.dli_fname)
		return next(self.dli_fname, mode);
	return next(file, mode);
}

void *libdeflate_alloc_decompressor(void)
{
	void *(*f)(void) = (void *(*)(void))real_fn(__func__);

	__atomic_add_fetch(&allocs, 1, __ATOMIC_RELAXED);
	return f ? f() : NULL;
}

void libdeflate_free_decompressor(void *d)
{
	void (*f)(void *) = (void (*)(void *))real_fn(__func__);

	if (f)
		f(d);
}

int libdeflate_zlib_decompress_ex(void *d, const void *in, size_t inlen,
				  void *out, size_t cap, size_t *used,
				  size_t *made)
{
	int (*f)(void *, const void *, size_t, void *, size_t, size_t *,
		 size_t *) =
		(int (*)(void *, const void *, size_t, void *, size_t, size_t *,
			 size_t *))real_fn(__func__);

	__atomic_add_fetch(&inflates, 1, __ATOMIC_RELAXED);
	return f ? f(d, in, inlen, out, cap, used, made) : 2;
}

void qsort(void *base, size_t n, size_t size,
	   int (*cmp)(const void *, const void *))
{
	static void (*next)(void *, size_t, size_t,
			    int (*)(const void *, const void *));

	if (!next)
		next = (void (*)(void *, size_t, size_t,
				 int (*)(const void *, const void *)))
			dlsym(RTLD_NEXT, "qsort");
	__atomic_add_fetch(&qsorts, 1, __ATOMIC_RELAXED);
	next(base, n, size, cmp);
}

__attribute__((destructor)) static void report(void)
{
	const char *p = getenv("LD_COUNT");
	FILE *f = p ? fopen(p, "w") : NULL;

	if (f) {
		fprintf(f, "%lu %lu %lu\n", allocs, inflates, qsorts);
		fclose(f);
	}
}
