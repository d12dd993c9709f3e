/* skim87: a serial skim (round 87, labels87): reads app87's events file basket by basket in event order,
 * keeps about 1 event in 8 (a trigger selection) and writes the kept events to a skim file.
 *   skim87 EVENTS OUT buf|event WORK
 * buf: kept events gathered into 1 MiB output baskets (one write each); event: one write(2) per kept event. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <fcntl.h>
#include <unistd.h>
static uint32_t blen(int i) { return (uint32_t)(32 + (i * 37) % 97) * 1024; }
static void die(const char *m) { perror(m); exit(1); }
static char ob[1 << 20]; static size_t on;
static void put(int fd, const unsigned char *e, size_t n, int buf) {
	if (!buf) { if (write(fd, e, n) != (ssize_t)n) die("write"); return; }
	if (on + n > sizeof ob) { if (write(fd, ob, on) != (ssize_t)on) die("write"); on = 0; }
	memcpy(ob + on, e, n); on += n;
}
int main(int c, char **a) {
	if (c < 5) { fprintf(stderr, "usage: skim87 EVENTS OUT buf|event WORK\n"); return 2; }
	int in = open(a[1], O_RDONLY), out = open(a[2], O_WRONLY | O_CREAT | O_TRUNC, 0644), nb, buf = !strcmp(a[3], "buf"), work = atoi(a[4]), kept = 0;
	unsigned char *b = malloc(131072); if (in < 0 || out < 0 || !b) die("open");
	if (read(in, b, 4096) != 4096) die("hdr"); memcpy(&nb, b, 4);
	for (int i = 0; i < nb; i++) {
		uint32_t n = blen(i), es = n / 16; if (read(in, b, n) != (ssize_t)n) die("read");
		for (int e = 0; e < 16; e++) { uint64_t h = 1469598103934665603ULL;
			for (int w = 0; w < work; w++) for (uint32_t k = 0; k < es; k++) h = (h ^ b[e * es + k]) * 1099511628211ULL;
			if ((h >> 29) % 8 == 0) { put(out, b + e * es, es, buf); kept++; } }
	}
	if (buf && on && write(out, ob, on) != (ssize_t)on) die("write");
	close(in); close(out); printf("baskets %d kept %d events\n", nb, kept); return 0;
}
