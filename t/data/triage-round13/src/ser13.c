/* non-MPI kinds for round 13: ser13 MODE ARGS */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }

int main(int argc, char **argv) {
	if (argc < 3) { fprintf(stderr, "usage: ser13 MODE ARGS\n"); return 2; }
	double t0 = now(); char *m = argv[1];
	if (!strcmp(m, "dontneed")) { /* drop the file's cached pages (no root-wide drop_caches: other helpers) */
		int fd = open(argv[2], O_RDONLY); fdatasync(fd); posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); close(fd); return 0;
	} else if (!strcmp(m, "append")) { /* append FILE N SZ: N write(2) of SZ-byte text records, O_APPEND */
		long n = atol(argv[3]); int sz = atoi(argv[4]); char rec[4096];
		int fd = open(argv[2], O_WRONLY | O_CREAT | O_APPEND | O_TRUNC, 0644); if (fd < 0) abort();
		for (long i = 0; i < n; i++) {
			int k = snprintf(rec, sizeof rec, "%012ld step %08ld value %.6f ", i, i, i * 0.001);
			memset(rec + k, '.', sz - k - 1); rec[sz - 1] = '\n';
			if (write(fd, rec, sz) != sz) abort();
		}
		close(fd);
	} else if (!strcmp(m, "appendbuf")) { /* appendbuf FILE N SZ (the twin): the same records through a 64 KiB stdio buffer */
		long n = atol(argv[3]); int sz = atoi(argv[4]); char rec[4096];
		FILE *f = fopen(argv[2], "w"); if (!f) abort(); setvbuf(f, NULL, _IOFBF, 65536);
		for (long i = 0; i < n; i++) {
			int k = snprintf(rec, sizeof rec, "%012ld step %08ld value %.6f ", i, i, i * 0.001);
			memset(rec + k, '.', sz - k - 1); rec[sz - 1] = '\n';
			if (fwrite(rec, 1, sz, f) != (size_t)sz) abort();
		}
		fclose(f);
	} else if (!strcmp(m, "read4k")) { /* read4k FILE MIB direct|buffered: sequential 4 KiB preads */
		long n = atol(argv[3]) * 256; int direct = !strcmp(argv[4], "direct"); void *b;
		if (posix_memalign(&b, 4096, 4096)) abort();
		int fd = open(argv[2], O_RDONLY | (direct ? O_DIRECT : 0)); if (fd < 0) abort();
		for (long i = 0; i < n; i++) if (pread(fd, b, 4096, i * 4096) != 4096) abort();
		close(fd);
	} else { fprintf(stderr, "ser13: unknown mode %s\n", m); return 2; }
	printf("ser13 %s: %.3f s\n", m, now() - t0); return 0;
}
