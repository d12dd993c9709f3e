/*
 * t/8324: an LD_PRELOAD library counting the rows SQLite steps through
 * (sqlite3_step calls), written at exit to "$STEP_COUNT.PID": what a
 * request read of the store, counted, not timed.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static atomic_ulong steps;

int sqlite3_step(void *st)
{
	static int (*real)(void *);

	if (!real)
		real = (int (*)(void *))dlsym(RTLD_NEXT, "sqlite3_step");
	atomic_fetch_add(&steps, 1);
	return real(st);
}

__attribute__((destructor)) static void done(void)
{
	const char *p = getenv("STEP_COUNT");
	char name[4096];
	FILE *f;

	if (!p)
		return;
	snprintf(name, sizeof name, "%s.%ld", p, (long)getpid());
	if ((f = fopen(name, "w"))) {
		fprintf(f, "%lu\n", (unsigned long)atomic_load(&steps));
		fclose(f);
	}
}
