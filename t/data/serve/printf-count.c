/*
 * t/8323: an LD_PRELOAD library counting the program's vsnprintf calls
 * (obuf_printf's: one a formatted piece of output), written to the file
 * $PRINTF_COUNT at exit.  glibc's own snprintf does not come through
 * here, only calls made through the program's PLT.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned long calls;

int vsnprintf(char *s, size_t n, const char *fmt, va_list ap)
{
	static int (*real)(char *, size_t, const char *, va_list);

	if (!real)
		real = (int (*)(char *, size_t, const char *, va_list))dlsym(
			RTLD_NEXT, "vsnprintf");
	calls++;
	return real(s, n, fmt, ap);
}

__attribute__((destructor)) static void done(void)
{
	const char *p = getenv("PRINTF_COUNT");
	FILE *f = p ? fopen(p, "w") : NULL;

	if (f) {
		fprintf(f, "%lu\n", calls);
		fclose(f);
	}
}
