/* ser17: serial programs for round 17 of the triage labels (issue 34). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <time.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
static void die(const char *m) { perror(m); exit(1); }

/* fsyncclose DIR N KB each|end: write N files of KB KiB (64 KiB writes); "each" fsyncs every
 * file before its close, "end" calls syncfs once at the end */
static void fsyncclose(char **a)
{
	int n = atoi(a[1]), kb = atoi(a[2]), each = !strcmp(a[3], "each");
	char b[65536], p[512]; memset(b, 'f', sizeof b);
	int last = -1;
	for (int i = 0; i < n; i++) {
		snprintf(p, sizeof p, "%s/part%04d.bin", a[0], i);
		int fd = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644);
		if (fd < 0) die("open");
		for (int k = 0; k < kb / 64; k++) if (write(fd, b, sizeof b) != sizeof b) die("write");
		if (each && fsync(fd)) die("fsync");
		if (!each && i == n - 1) { syncfs(fd); }
		close(fd);
		(void)last;
	}
}

/* logrot FILE LINES ROTBYTES: fprintf log lines, rotating (fclose, rename to FILE.k, fopen)
 * each time the current file passes ROTBYTES */
static void logrot(char **a)
{
	long lines = atol(a[1]), rot = atol(a[2]); char p[512];
	FILE *f = fopen(a[0], "w"); if (!f) die("fopen");
	long cur = 0; int k = 0;
	for (long i = 0; i < lines; i++) {
		cur += fprintf(f, "2026-11-29T21:10:00.%06ld INFO worker step=%ld value=%.6f status=ok\n", i % 1000000, i, i * 0.001);
		if (cur >= rot) {
			fclose(f); snprintf(p, sizeof p, "%s.%d", a[0], ++k);
			if (rename(a[0], p)) die("rename");
			f = fopen(a[0], "w"); if (!f) die("fopen"); cur = 0;
		}
	}
	fclose(f);
}

/* mktext FILE MB: a text file of MB MiB (lines of words) */
static void mktext(char **a)
{
	long mb = atol(a[1]); FILE *f = fopen(a[0], "w"); if (!f) die("fopen");
	long n = 0; unsigned x = 17;
	while (n < mb << 20) {
		x = x * 1103515245u + 12345u;
		n += fprintf(f, "id=%u host=node%03u op=%s bytes=%u lat_us=%u\n", x >> 8, (x >> 3) % 512,
			     (x & 16) ? "write" : "read", x % 1048576, (x >> 11) % 5000);
	}
	fclose(f);
}

int main(int argc, char **argv)
{
	if (argc < 2) return 2;
	double t0 = now();
	if (!strcmp(argv[1], "fsyncclose")) fsyncclose(argv + 2);
	else if (!strcmp(argv[1], "logrot")) logrot(argv + 2);
	else if (!strcmp(argv[1], "mktext")) mktext(argv + 2);
	else if (!strcmp(argv[1], "dontneed")) {
		int fd = open(argv[2], O_RDONLY); if (fd < 0) die("open");
		posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); close(fd); return 0;
	} else return 2;
	fprintf(stderr, "%s %.3f s\n", argv[1], now() - t0);
	return 0;
}
