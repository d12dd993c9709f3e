/*
 * t/data/blocks/visits.c: an LD_PRELOAD library for t/6061 that counts
 * the cursors libclang hands to the visitors of clang_visitChildren()
 * (each call of a visitor, recursion included), appended as a line to
 * $VISIT_COUNT at exit.  libclang is loaded with the code module
 * (dlopen, local), so the real function is looked up in it by its path
 * (dl_iterate_phdr), not RTLD_NEXT.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	int kind, xdata;
	const void *data[3];
} CXCursor;
typedef int (*visitor)(CXCursor, CXCursor, void *);

static unsigned long visits;

struct tramp {
	visitor v;
	void *data;
};

static int count(CXCursor c, CXCursor p, void *d)
{
	struct tramp *t = d;

	__atomic_add_fetch(&visits, 1, __ATOMIC_RELAXED);
	return t->v(c, p, t->data);
}

static int find(struct dl_phdr_info *i, size_t n, void *out)
{
	(void)n;
	if (strstr(i->dlpi_name, "/libclang")) {
		*(void **)out = dlopen(i->dlpi_name, RTLD_LAZY | RTLD_NOLOAD);
		return *(void **)out != NULL;
	}
	return 0;
}

static void report(void)
{
	const char *f = getenv("VISIT_COUNT");
	FILE *o = f ? fopen(f, "a") : NULL;

	if (o) {
		fprintf(o, "%lu\n", visits);
		fclose(o);
	}
}

__attribute__((constructor)) static void init(void)
{
	atexit(report);
}

unsigned clang_visitChildren(CXCursor parent, visitor v, void *data)
{
	static unsigned (*real)(CXCursor, visitor, void *);
	struct tramp t = {v, data};

	if (!real) {
		void *h = NULL;

		dl_iterate_phdr(find, &h);
		if (h)
			real = (unsigned (*)(CXCursor, visitor, void *))dlsym(
				h, "clang_visitChildren");
	}
	return real ? real(parent, count, &t) : 1;
}
