/* one-process kinds for round 14: ser14 MODE ARGS (each prints its own time) */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MIB 1048576L
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }

/* mkfile FILE MIB: a file of MIB MiB of pseudo-random bytes (setup, run without Darshan) */
static void mkfile(char **a, char *b) {
	int fd = open(a[0], O_CREAT | O_WRONLY | O_TRUNC, 0644); unsigned x = 14;
	for (long i = 0; i < MIB; i++) { x = x * 1103515245 + 12345; b[i] = (char)(x >> 16); }
	for (long i = 0; i < atol(a[1]); i++) { b[0] = (char)i; if (write(fd, b, MIB) != MIB) abort(); }
	close(fd);
}

/* dontneed FILE: drop the file's cached pages (posix_fadvise), setup without Darshan */
static void dontneed(char **a) { int fd = open(a[0], O_RDONLY); if (fd >= 0) { posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); close(fd); } }

/* rmw FILE PG: read-modify-write of every PG-byte page of an existing file (pread, bump each 4 KiB page's first byte,
 * pwrite back at the same offset), then one fsync */
static void rmw(char **a, char *b) {
	long pg = atol(a[1]); int fd = open(a[0], O_RDWR); if (fd < 0) abort();
	off_t sz = lseek(fd, 0, SEEK_END);
	for (off_t o = 0; o < sz; o += pg) {
		if (pread(fd, b, pg, o) != pg) abort();
		for (long k = 0; k < pg; k += 4096) b[k]++;
		if (pwrite(fd, b, pg, o) != pg) abort();
	}
	fsync(fd); close(fd);
}

/* twophase IN OUT N SZ raw|buf: phase 1 reads IN whole in 4 MiB reads; phase 2 writes N records of SZ bytes to OUT,
 * one write(2) each (raw) or through a 1 MiB buffer of our own (buf, the twin) */
static void twophase(char **a, char *b) {
	int in = open(a[0], O_RDONLY), out = open(a[1], O_CREAT | O_WRONLY | O_TRUNC, 0644); if (in < 0 || out < 0) abort();
	long n = atol(a[2]), sz = atol(a[3]), fill = 0; int raw = !strcmp(a[4], "raw"); char *w = b + 4 * MIB;
	while (read(in, b, 4 * MIB) > 0) ;
	for (long i = 0; i < n; i++) {
		snprintf(w + fill, sz + 1, "%0*ld\n", (int)sz - 1, i * 7);
		fill += sz;
		if (raw || fill + sz > MIB) { if (write(out, w, fill) != fill) abort(); fill = 0; }
	}
	if (fill && write(out, w, fill) != fill) abort();
	close(in); close(out);
}

/* reopen FILE N each|keep: N log lines; each: fopen(FILE, "a"), fprintf, fclose per line; keep (the twin): one fopen */
static void reopen(char **a) {
	long n = atol(a[1]); int each = !strcmp(a[2], "each"); FILE *f = NULL;
	for (long i = 0; i < n; i++) {
		if (!f && !(f = fopen(a[0], "a"))) abort();
		fprintf(f, "step %06ld residual %.6e dt %.3e\n", i, 1.0 / (i + 1), 1e-3);
		if (each) { fclose(f); f = NULL; }
	}
	if (f) fclose(f);
}

int main(int argc, char **argv) {
	if (argc < 3) { fprintf(stderr, "usage: ser14 MODE ARGS\n"); return 2; }
	char *b = malloc(8 * MIB); memset(b, 'x', 8 * MIB);
	double t0 = now(); char *m = argv[1], **a = argv + 2;
	if (!strcmp(m, "mkfile")) mkfile(a, b);
	else if (!strcmp(m, "dontneed")) dontneed(a);
	else if (!strcmp(m, "rmw")) rmw(a, b);
	else if (!strcmp(m, "twophase")) twophase(a, b);
	else if (!strcmp(m, "reopen")) reopen(a);
	else { fprintf(stderr, "ser14: unknown mode %s\n", m); return 2; }
	printf("ser14 %s: %.3f s\n", m, now() - t0); free(b); return 0;
}
