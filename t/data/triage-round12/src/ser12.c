/* non-MPI kinds for round 12: ser12 MODE ARGS */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MIB 1048576L
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
static void busy(double s) { double e = now() + s; volatile double x = 0; while (now() < e) for (int i = 0; i < 10000; i++) x += i * 0.5; }

int main(int argc, char **argv) {
	const char *m = argv[1]; char *b = malloc(8 * MIB); memset(b, 'x', 8 * MIB); char nm[512]; double t0 = now();
	if (!strcmp(m, "dontneed")) { /* drop FILE's pages (no drop_caches: other users) */
		int fd = open(argv[2], O_RDONLY); posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); close(fd);
	} else if (!strcmp(m, "fread")) { /* fread FILE CALLKIB: read the whole file through STDIO */
		FILE *fp = fopen(argv[2], "r"); size_t n = atol(argv[3]) * 1024, got = 0, k;
		while ((k = fread(b, 1, n, fp)) > 0) got += k;
		fclose(fp); fprintf(stderr, "fread %zu B\n", got);
	} else if (!strcmp(m, "tar")) { /* tar DIR N: create N small files (512 B..16 KiB), one write each, then chmod */
		int n = atoi(argv[3]);
		for (int i = 0; i < n; i++) {
			snprintf(nm, sizeof nm, "%s/f%05d.txt", argv[2], i); int fd = open(nm, O_CREAT | O_WRONLY | O_TRUNC, 0644);
			if (write(fd, b, 512 * (1 + i % 32)) < 0) abort(); fchmod(fd, 0644); close(fd);
		}
	} else if (!strcmp(m, "compile")) { /* compile HDRDIR NHDR OBJDIR NOBJ: read headers, compute, write objects */
		int nh = atoi(argv[3]), no = atoi(argv[5]);
		for (int i = 0; i < nh; i++) {
			snprintf(nm, sizeof nm, "%s/h%03d.h", argv[2], i); int fd = open(nm, O_RDONLY);
			while (read(fd, b, 8192) > 0) ; close(fd);
		}
		for (int i = 0; i < no; i++) {
			busy(0.04); snprintf(nm, sizeof nm, "%s/o%02d.o", argv[4], i);
			int fd = open(nm, O_CREAT | O_WRONLY | O_TRUNC, 0644); long sz = 16384 + 4096 * (i % 16);
			for (long o = 0; o < sz; o += 4096) if (write(fd, b, 4096) < 0) abort();
			close(fd);
		}
	} else if (!strcmp(m, "sparse")) { /* sparse FILE N STRIDEMIB: pwrite 1 MiB at k*STRIDE, holes between */
		int fd = open(argv[2], O_CREAT | O_WRONLY | O_TRUNC, 0644); long n = atol(argv[3]), st = atol(argv[4]) * MIB;
		for (long k = 0; k < n; k++) if (pwrite(fd, b, MIB, k * st) < 0) abort();
		close(fd);
	}
	fprintf(stderr, "%s: %.3f s\n", m, now() - t0);
	return 0;
}
