/* serial kinds for round 6: ser MODE FILE ARGS */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
static volatile double sink;
static void compute(double s) { double t0 = now(), x = 1; while (now() - t0 < s) for (int i = 0; i < 100000; i++) x = x * 1.0000001 + 1e-9; sink = x; }
int main(int argc, char **argv) {
	const char *m = argv[1], *f = argv[2];
	if (!strcmp(m, "stdio")) { /* N records of R bytes via fwrite, unbuffered (u) or buffered (b) */
		int un = argv[3][0] == 'u'; long n = atol(argv[4]); int rl = atoi(argv[5]);
		char *rec = malloc(rl); memset(rec, 'r', rl); rec[rl - 1] = '\n';
		FILE *fp = fopen(f, "w"); if (un) setvbuf(fp, NULL, _IONBF, 0);
		for (long i = 0; i < n; i++) fwrite(rec, 1, rl, fp);
		fclose(fp);
	} else if (!strcmp(m, "seekread") || !strcmp(m, "pread")) { /* read the file front to back in K KiB */
		int k = atoi(argv[3]) * 1024; char *b = malloc(k); int fd = open(f, O_RDONLY); off_t o = 0; ssize_t g;
		for (;;) { if (m[0] == 's') { lseek(fd, o, SEEK_SET); g = read(fd, b, k); } else g = pread(fd, b, k, o); if (g <= 0) break; o += g; }
		close(fd);
	} else if (!strcmp(m, "mis")) { /* N writes of 1 MiB starting at offset OFF (misaligned by OFF bytes) */
		int off = atoi(argv[3]); long n = atol(argv[4]); size_t k = 1 << 20; char *b = malloc(k); memset(b, 'm', k);
		int fd = open(f, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		for (long i = 0; i < n; i++) pwrite(fd, b, k, off + i * (off_t)k);
		fsync(fd); close(fd);
	} else if (!strcmp(m, "direct")) { /* O_DIRECT writes of K KiB, N of them, wrapping over a MAXMIB file; stop after T s if T > 0 */
		int kk = atoi(argv[3]); long n = atol(argv[4]); long maxm = atol(argv[5]); double t = atof(argv[6]); double pre = atof(argv[7]);
		size_t k = (size_t)kk * 1024; void *b; posix_memalign(&b, 4096, k); memset(b, 'd', k);
		compute(pre);
		int fd = open(f, O_WRONLY | O_CREAT | O_TRUNC | O_DIRECT, 0644); if (fd < 0) { perror("open O_DIRECT"); return 1; }
		long per = maxm * 1048576L / (long)k; double t0 = now();
		for (long i = 0; i < n; i++) { if (pwrite(fd, b, k, (i % per) * (off_t)k) != (ssize_t)k) { perror("pwrite"); return 1; } if (t > 0 && (i & 63) == 0 && now() - t0 > t) break; }
		close(fd);
	} else if (!strcmp(m, "epochs")) { /* read the input E times in 4 MiB reads, computing C s per epoch */
		int e = atoi(argv[3]); double c = atof(argv[4]); size_t k = 4 << 20; char *b = malloc(k);
		for (int i = 0; i < e; i++) { int fd = open(f, O_RDONLY); posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); while (read(fd, b, k) > 0) ; close(fd); compute(c); }
	} else if (!strcmp(m, "endckpt")) { /* compute S s, then write MiB in 8 MiB writes */
		double s = atof(argv[3]); long mib = atol(argv[4]); size_t k = 8 << 20; char *b = malloc(k); memset(b, 'c', k);
		compute(s);
		int fd = open(f, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		for (long i = 0; i < mib / 8; i++) write(fd, b, k);
		fsync(fd); close(fd);
	}
	return 0;
}
