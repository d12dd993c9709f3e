/* slowopen: an LD_PRELOAD shim loaded after libdarshan.so that sleeps SLOWOPEN_S seconds inside open() of a path
 * containing SLOWOPEN_MATCH, on the MPI rank SLOWOPEN_RANK (OMPI_COMM_WORLD_RANK): a stalled metadata server
 * simulated inside the call, so that Darshan's open wrapper times the stall as the open's */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int open(const char *path, int flags, ...) {
	static int (*real)(const char *, int, ...);
	if (!real) real = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, "open");
	mode_t mode = 0;
	if (flags & O_CREAT) { va_list ap; va_start(ap, flags); mode = va_arg(ap, mode_t); va_end(ap); }
	const char *m = getenv("SLOWOPEN_MATCH"), *r = getenv("SLOWOPEN_RANK"), *me = getenv("OMPI_COMM_WORLD_RANK");
	if (m && strstr(path, m) && r && me && !strcmp(r, me)) sleep((unsigned)atoi(getenv("SLOWOPEN_S") ? getenv("SLOWOPEN_S") : "3"));
	return real(path, flags, mode);
}
int open64(const char *path, int flags, ...) {
	mode_t mode = 0;
	if (flags & O_CREAT) { va_list ap; va_start(ap, flags); mode = va_arg(ap, mode_t); va_end(ap); }
	return open(path, flags, mode);
}
