/* ser15: one-process programs for the fifteenth labelled round (issue 34); each prints its own time */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>

#define MiB (1L << 20)
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }

/* dontneed FILE: drop the file's cached pages (posix_fadvise), setup without Darshan */
static void dontneed(char **a) { int fd = open(a[0], O_RDONLY); if (fd >= 0) { posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); close(fd); } }

/* mkin FILE MIB: MIB MiB of pseudo-random bytes (setup, without Darshan) */
static void mkin(char **a, char *b) {
	int fd = open(a[0], O_CREAT | O_WRONLY | O_TRUNC, 0644); unsigned x = 15;
	for (long i = 0; i < atol(a[1]); i++) {
		for (long j = 0; j < MiB; j += 4) { x = x * 1103515245u + 12345u; memcpy(b + j, &x, 4); }
		if (write(fd, b, MiB) != MiB) abort();
	}
	fsync(fd); close(fd);
}

/* misalign FILE MIB OFF: MIB pwrites of 1 MiB at OFF + i MiB (OFF 4096: every write 4 KiB off a MiB boundary), fsync */
static void misalign(char **a, char *b) {
	long n = atol(a[1]), off = atol(a[2]); int fd = open(a[0], O_CREAT | O_WRONLY | O_TRUNC, 0644); if (fd < 0) abort();
	for (long i = 0; i < n; i++) if (pwrite(fd, b, MiB, off + i * MiB) != MiB) abort();
	fsync(fd); close(fd);
}

/* mmapread FILE: mmap the whole file read-only and sum a byte of every 4 KiB page (Darshan sees the open only) */
static void mmapread(char **a) {
	int fd = open(a[0], O_RDONLY); if (fd < 0) abort(); struct stat st; fstat(fd, &st);
	unsigned char *p = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0); if (p == MAP_FAILED) abort();
	unsigned long s = 0; for (off_t o = 0; o < st.st_size; o += 4096) s += p[o];
	munmap(p, st.st_size); close(fd); printf("sum %lu\n", s);
}

/* seqread FILE KIB: read(2) the whole file sequentially in KIB KiB calls */
static void seqread(char **a, char *b) {
	long k = atol(a[1]) * 1024; int fd = open(a[0], O_RDONLY); if (fd < 0) abort();
	while (read(fd, b, k) > 0) ;
	close(fd);
}

/* openper FILE KIB MODE: read the whole file in KIB KiB preads, MODE each: open and close around every read;
 * MODE once: one open */
static void openper(char **a, char *b) {
	long k = atol(a[1]) * 1024; int each = !strcmp(a[2], "each"); struct stat st; if (stat(a[0], &st)) abort();
	int fd = each ? -1 : open(a[0], O_RDONLY);
	for (off_t o = 0; o < st.st_size; o += k) {
		if (each) fd = open(a[0], O_RDONLY);
		if (fd < 0 || pread(fd, b, k, o) != k) abort();
		if (each) close(fd);
	}
	if (!each) close(fd);
}

/* mktree DIR D F: D directories of F files of 2 KiB (setup, without Darshan) */
static void mktree(char **a, char *b) {
	char p[4096]; mkdir(a[0], 0755);
	for (int d = 0; d < atoi(a[1]); d++) {
		snprintf(p, sizeof p, "%s/d%03d", a[0], d); mkdir(p, 0755);
		for (int f = 0; f < atoi(a[2]); f++) {
			snprintf(p, sizeof p, "%s/d%03d/f%04d.dat", a[0], d, f);
			int fd = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (fd < 0 || write(fd, b, 2048) != 2048) abort(); close(fd);
		}
	}
}

/* poll FILE N: a tail -f like poller: N times lseek(SEEK_END) to find the file's size, and every 100th time
 * pread its last 4 KiB (the file does not grow: the poll finds nothing new) */
static void poll_end(char **a, char *b) {
	long n = atol(a[1]); int fd = open(a[0], O_RDONLY); if (fd < 0) abort();
	for (long i = 0; i < n; i++) {
		off_t e = lseek(fd, 0, SEEK_END);
		if (i % 100 == 0 && pread(fd, b, 4096, e - 4096) != 4096) abort();
	}
	close(fd);
}

int main(int argc, char **argv) {
	if (argc < 3) { fprintf(stderr, "usage: ser15 MODE ARGS\n"); return 2; }
	char *m = argv[1], **a = argv + 2, *b = malloc(64 * MiB); memset(b, 'x', 64 * MiB); double t0 = now();
	if (!strcmp(m, "dontneed")) dontneed(a);
	else if (!strcmp(m, "mkin")) mkin(a, b);
	else if (!strcmp(m, "misalign")) misalign(a, b);
	else if (!strcmp(m, "mmapread")) mmapread(a);
	else if (!strcmp(m, "seqread")) seqread(a, b);
	else if (!strcmp(m, "openper")) openper(a, b);
	else if (!strcmp(m, "mktree")) mktree(a, b);
	else if (!strcmp(m, "poll")) poll_end(a, b);
	else { fprintf(stderr, "ser15: unknown mode %s\n", m); return 2; }
	printf("ser15 %s: %.3f s\n", m, now() - t0); free(b); return 0;
}
