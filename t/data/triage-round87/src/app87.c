/* app87: a ROOT-like event reconstruction under MPI (round 87, labels87).
 * events file: a 4 KiB header (basket count) then baskets of 32-128 KiB of "compressed" events, 16 events a basket;
 * each rank reads its range of baskets in event order, a calibration database is read by every rank at start,
 * histograms are reduced to rank 0 and written at the end.
 *   app87 gen EVENTS NBASK | gencal DIR NCAL | genpacked FILE NCAL        (inputs, run without Darshan)
 *   app87 reco EVENTS CALIB files|packed NCAL HISTOUT bin|text WORK */
#define _GNU_SOURCE
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>
#define NH 200
#define NB 1000
#define CALSZ 8192
static double H[NH * NB], HS[NH * NB];
static uint32_t blen(int i) { return (uint32_t)(32 + (i * 37) % 97) * 1024; }
static uint64_t boff(int i) { uint64_t o = 4096; for (int k = 0; k < i; k++) o += blen(k); return o; }
static void die(const char *m) { perror(m); exit(1); }
static void fill(char *b, size_t n, uint64_t s) { for (size_t i = 0; i < n; i++) { s = s * 6364136223846793005ULL + 1442695040888963407ULL; b[i] = (char)(s >> 56); } }
static int gen(const char *ev, int nb) {
	int fd = open(ev, O_WRONLY | O_CREAT | O_TRUNC, 0644); char *b = malloc(131072); if (fd < 0 || !b) die(ev);
	memset(b, 0, 4096); memcpy(b, &nb, 4); if (write(fd, b, 4096) != 4096) die("hdr");
	for (int i = 0; i < nb; i++) { fill(b, blen(i), i + 1); if (write(fd, b, blen(i)) != (ssize_t)blen(i)) die("bask"); }
	return close(fd);
}
static int gencal(const char *d, int n, int packed) {
	char p[512], b[CALSZ]; int fd = -1;
	if (packed && (fd = open(d, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0) die(d);
	if (!packed) mkdir(d, 0755);
	for (int i = 0; i < n; i++) {
		fill(b, CALSZ, 1000 + i);
		if (!packed) { snprintf(p, sizeof p, "%s/ch%05d.cal", d, i); if ((fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0) die(p); }
		if (write(fd, b, CALSZ) != CALSZ) die("cal");
		if (!packed) close(fd);
	}
	return packed ? close(fd) : 0;
}
/* calibration constants: one small file per detector channel (files) or one packed database read in 1 MiB blocks */
static double calib(const char *c, int packed, int n) {
	static char b[1 << 20]; char p[512]; double s = 0; ssize_t r;
	if (packed) {
		int fd = open(c, O_RDONLY); if (fd < 0) die(c);
		while ((r = read(fd, b, sizeof b)) > 0) for (ssize_t i = 0; i < r; i += 64) s += (unsigned char)b[i];
		close(fd); return s;
	}
	for (int i = 0; i < n; i++) {
		snprintf(p, sizeof p, "%s/ch%05d.cal", c, i); int fd = open(p, O_RDONLY); if (fd < 0) die(p);
		if ((r = read(fd, b, CALSZ)) > 0) for (ssize_t k = 0; k < r; k += 64) s += (unsigned char)b[k];
		close(fd);
	}
	return s;
}
/* "decompress" and reconstruct: WORK passes over the basket's bytes, then 16 events filled into histograms */
static void process(const unsigned char *b, uint32_t n, int work, double cal) {
	uint64_t h = 1469598103934665603ULL;
	for (int w = 0; w < work; w++) for (uint32_t i = 0; i < n; i++) h = (h ^ b[i]) * 1099511628211ULL;
	for (int e = 0; e < 16; e++) { uint64_t x = h ^ (uint64_t)e * 0x9E3779B97F4A7C15ULL ^ (uint64_t)cal; x ^= x >> 29;
		for (int k = 0; k < 8; k++) { x = x * 6364136223846793005ULL + 1; H[((x >> 20) % NH) * NB + (x >> 40) % NB] += 1; } }
}
static void hist_out(const char *out, int text) {
	if (!text) { int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(out);
		if (write(fd, HS, sizeof HS) != (ssize_t)sizeof HS) die("hist"); close(fd); return; }
	FILE *f = fopen(out, "w"); if (!f) die(out);
	for (int h = 0; h < NH; h++) for (int k = 0; k < NB; k++) fprintf(f, "h%03d %4d %.6e\n", h, k, HS[h * NB + k]);
	fclose(f);
}
static int reco(char **a) {
	int r, p, nb; MPI_Comm_rank(MPI_COMM_WORLD, &r); MPI_Comm_size(MPI_COMM_WORLD, &p);
	double cal = calib(a[3], !strcmp(a[4], "packed"), atoi(a[5]));
	int fd = open(a[2], O_RDONLY); unsigned char *b = malloc(131072); if (fd < 0 || !b) die(a[2]);
	if (pread(fd, b, 4096, 0) != 4096) die("hdr"); memcpy(&nb, b, 4);
	int lo = (int)((long)nb * r / p), hi = (int)((long)nb * (r + 1) / p); uint64_t o = boff(lo);
	for (int i = lo; i < hi; i++) { if (pread(fd, b, blen(i), o) != (ssize_t)blen(i)) die("read"); process(b, blen(i), atoi(a[8]), cal); o += blen(i); }
	close(fd);
	MPI_Reduce(H, HS, NH * NB, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (r == 0) { hist_out(a[6], !strcmp(a[7], "text")); printf("rank0 baskets %d-%d cal %.0f h0 %.0f\n", lo, hi, cal, HS[0]); }
	return 0;
}
int main(int c, char **a) {
	if (c >= 4 && !strcmp(a[1], "gen")) return gen(a[2], atoi(a[3]));
	if (c >= 4 && !strcmp(a[1], "gencal")) return gencal(a[2], atoi(a[3]), 0);
	if (c >= 4 && !strcmp(a[1], "genpacked")) return gencal(a[2], atoi(a[3]), 1);
	if (c < 9 || strcmp(a[1], "reco")) { fprintf(stderr, "usage: see header\n"); return 2; }
	MPI_Init(&c, &a); reco(a); MPI_Finalize(); return 0;
}
