/*
 * t/data/report/layouts.c: an LD_PRELOAD library for t/1015 that counts
 * the Pango layouts a report makes (pango_layout_new, which
 * pango_cairo_create_layout calls too) and draws (pango_cairo_show_layout),
 * appended as "made shown" to $LAYOUT_COUNT at exit.  Pango is loaded
 * with the drawing module (dlopen, local), so the real functions are
 * looked up in it by name, not RTLD_NEXT.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned long made, shown;

static void *real(const char *lib, const char *name)
{
	void *h = dlopen(lib, RTLD_LAZY | RTLD_NOLOAD);

	return h ? dlsym(h, name) : NULL;
}

static void report(void)
{
	const char *f = getenv("LAYOUT_COUNT");
	FILE *o = f ? fopen(f, "a") : NULL;

	if (o) {
		fprintf(o, "%lu %lu\n", made, shown);
		fclose(o);
	}
}

__attribute__((constructor)) static void init(void)
{
	atexit(report);
}

void *pango_layout_new(void *context)
{
	void *(*f)(void *) =
		(void *(*)(void *))real("libpango-1.0.so.0", __func__);

	__atomic_add_fetch(&made, 1, __ATOMIC_RELAXED);
	return f ? f(context) : NULL;
}

void pango_cairo_show_layout(void *cr, void *l)
{
	void (*f)(void *, void *) = (void (*)(void *, void *))real(
		"libpangocairo-1.0.so.0", __func__);

	__atomic_add_fetch(&shown, 1, __ATOMIC_RELAXED);
	if (f)
		f(cr, l);
}
