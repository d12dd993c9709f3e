/* Round 77's MD trajectory analysis programs (one binary, a mode a program).
 * Formats: "fixed" = 4096-byte header (magic, natoms, nframes) + frames of natoms*3 floats;
 * "xtc-like" = per frame an 8-byte header (magic, payload bytes) + zigzag-varint deltas of coordinates
 * quantised to 1e-3 (frames of varying size), with an optional index file of uint64 offsets. */
#define _GNU_SOURCE
#include <mpi.h>
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int rank, np;
static void die(const char *m) { fprintf(stderr, "md77: %s\n", m); MPI_Abort(MPI_COMM_WORLD, 1); }
static void *xmalloc(size_t n) { void *p = malloc(n); if (!p) die("oom"); return p; }

/* synthetic coordinates: atoms vibrating about a lattice + slow drift */
static void gen_frame(float *x, int na, int f) {
	for (int i = 0; i < na; i++)
		for (int d = 0; d < 3; d++)
			x[3 * i + d] = (float)((i * (d + 7) % 97) * 0.31 + 0.4 * sin(0.05 * f + i * 0.7 + d) + 0.001 * f * d);
}
static double rmsd(const float *a, const float *b, int na) {
	double s = 0;
	for (int i = 0; i < 3 * na; i++) { double t = a[i] - b[i]; s += t * t; }
	return sqrt(s / na);
}
static double rgyr(const float *x, int na) {
	double c[3] = {0, 0, 0}, s = 0;
	for (int i = 0; i < na; i++) for (int d = 0; d < 3; d++) c[d] += x[3 * i + d];
	for (int d = 0; d < 3; d++) c[d] /= na;
	for (int i = 0; i < na; i++) for (int d = 0; d < 3; d++) { double t = x[3 * i + d] - c[d]; s += t * t; }
	return sqrt(s / na);
}
/* pair-distance histogram over the first npair atoms: the per-frame compute */
static double pairhist(const float *x, int npair) {
	long h[64] = {0}; double m = 0;
	for (int i = 0; i < npair; i++) for (int j = i + 1; j < npair; j++) {
		double dx = x[3*i]-x[3*j], dy = x[3*i+1]-x[3*j+1], dz = x[3*i+2]-x[3*j+2];
		int b = (int)(sqrt(dx*dx+dy*dy+dz*dz) * 1.5); h[b < 64 ? b : 63]++;
	}
	for (int b = 0; b < 64; b++) m += b * (double)h[b];
	return m;
}
/* ---- writers (run without Darshan) ---- */
static void mk_fixed(const char *p, int na, int nf) {
	FILE *f = fopen(p, "wb"); if (!f) die("open");
	int32_t hdr[1024] = {0x4d443737, na, nf}; fwrite(hdr, 4096, 1, f);
	float *x = xmalloc(12 * (size_t)na);
	for (int k = 0; k < nf; k++) { gen_frame(x, na, k); fwrite(x, 12, na, f); }
	fclose(f); free(x);
}
static size_t enc(uint8_t *o, int64_t v) { uint64_t z = (uint64_t)((v << 1) ^ (v >> 63)); size_t n = 0;
	while (z >= 128) { o[n++] = (uint8_t)(z | 128); z >>= 7; } o[n++] = (uint8_t)z; return n; }
static void mk_xtc(const char *p, const char *ip, int na, int nf) {
	FILE *f = fopen(p, "wb"), *fi = fopen(ip, "wb"); if (!f || !fi) die("open");
	float *x = xmalloc(12 * (size_t)na); uint8_t *b = xmalloc(40 * (size_t)na); uint64_t off = 0;
	for (int k = 0; k < nf; k++) {
		gen_frame(x, na, k); size_t n = 0; int64_t prev = 0;
		for (int i = 0; i < 3 * na; i++) { int64_t q = llround(x[i] * 1000.0 * (1 + (k % 5))); n += enc(b + n, q - prev); prev = q; }
		uint32_t h[2] = {0x58544337, (uint32_t)n}; fwrite(h, 8, 1, f); fwrite(b, 1, n, f);
		fwrite(&off, 8, 1, fi); off += 8 + n;
	}
	fclose(f); fclose(fi); free(x); free(b);
}
static void dec(const uint8_t *b, float *x, int na, int k) {
	size_t n = 0; int64_t prev = 0;
	for (int i = 0; i < 3 * na; i++) { uint64_t z = 0; int s = 0;
		while (b[n] & 128) { z |= (uint64_t)(b[n++] & 127) << s; s += 7; } z |= (uint64_t)b[n++] << s;
		prev += (int64_t)(z >> 1) ^ -(int64_t)(z & 1); x[i] = (float)(prev / (1000.0 * (1 + (k % 5)))); }
}
/* ---- readers ---- */
static void fixed_hdr(int fd, int *na, int *nf) { int32_t h[3];
	if (pread(fd, h, 12, 0) != 12 || h[0] != 0x4d443737) die("bad header");
	*na = h[1]; *nf = h[2]; }
static void rdfull(int fd, void *b, size_t n, off_t o) { if (pread(fd, b, n, o) != (ssize_t)n) die("short read"); }

/* rmsd: frames split in contiguous blocks across ranks; one read a frame (np=1: all frames in order) */
static double run_rmsd(const char *p, int npair, int mpiio) {
	int fd = open(p, O_RDONLY), na, nf; if (fd < 0) die("open"); fixed_hdr(fd, &na, &nf);
	size_t fb = 12 * (size_t)na; float *r = xmalloc(fb), *x = xmalloc(fb); rdfull(fd, r, fb, 4096);
	MPI_File mf; if (mpiio) { close(fd); MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_RDONLY, MPI_INFO_NULL, &mf); }
	int lo = (int)((long)nf * rank / np), hi = (int)((long)nf * (rank + 1) / np); double s = 0;
	for (int k = lo; k < hi; k++) {
		off_t o = 4096 + (off_t)k * fb;
		if (mpiio) MPI_File_read_at(mf, o, x, (int)fb, MPI_BYTE, MPI_STATUS_IGNORE); else rdfull(fd, x, fb, o);
		s += rmsd(x, r, na) + pairhist(x, npair) * 1e-9;
	}
	if (mpiio) MPI_File_close(&mf); else close(fd);
	free(r); free(x); return s;
}
/* multi: four analyses; "each" re-reads this rank's frames once per analysis, "once" computes all per frame */
static double run_multi(const char *p, int npair, int once) {
	int fd = open(p, O_RDONLY), na, nf; if (fd < 0) die("open"); fixed_hdr(fd, &na, &nf);
	size_t fb = 12 * (size_t)na; float *r = xmalloc(fb), *x = xmalloc(fb); rdfull(fd, r, fb, 4096);
	int lo = (int)((long)nf * rank / np), hi = (int)((long)nf * (rank + 1) / np); double s = 0;
	for (int a = 0; a < (once ? 1 : 4); a++)
		for (int k = lo; k < hi; k++) {
			rdfull(fd, x, fb, 4096 + (off_t)k * fb);
			if (once || a == 0) s += rmsd(x, r, na);
			if (once || a == 1) s += rgyr(x, na);
			if (once || a == 2) s += pairhist(x, npair) * 1e-9;
			if (once || a == 3) s += x[0] - r[0];
		}
	close(fd); free(r); free(x); return s;
}
/* xseek: nreq pseudo-random frames of the xtc-like file; "scan" walks the frame headers from the start
 * (read 8 bytes, lseek past the payload) as a reader without an index must, "idx" reads the index once */
static double run_xseek(const char *p, const char *ip, int na, int nf, int nreq) {
	int fd = open(p, O_RDONLY); if (fd < 0) die("open");
	uint64_t *ix = NULL;
	if (ip) { int fi = open(ip, O_RDONLY); if (fi < 0) die("open idx"); ix = xmalloc(8 * (size_t)nf);
		rdfull(fi, ix, 8 * (size_t)nf, 0); close(fi); }
	float *x = xmalloc(12 * (size_t)na), *r = xmalloc(12 * (size_t)na); uint8_t *b = xmalloc(40 * (size_t)na);
	double s = 0; unsigned seed = 77 + rank; int first = 1;
	for (int q = 0; q < nreq; q++) {
		int k = first ? 0 : (int)(rand_r(&seed) % (unsigned)nf); uint32_t h[2]; off_t o = 0;
		if (ix) { o = (off_t)ix[k]; rdfull(fd, h, 8, o); }
		else { lseek(fd, 0, SEEK_SET);
			for (int j = 0; ; j++) { if (read(fd, h, 8) != 8) die("short hdr"); if (j == k) break;
				o = lseek(fd, h[1], SEEK_CUR); } o = lseek(fd, 0, SEEK_CUR) - 8; }
		rdfull(fd, b, h[1], o + 8); dec(b, x, na, k);
		if (first) { memcpy(r, x, 12 * (size_t)na); first = 0; }
		else s += rmsd(x, r, na) + pairhist(x, na < 1500 ? na : 1500) * 1e-9;
	}
	close(fd); free(x); free(r); free(b); free(ix); return s;
}
/* sel: an atom selection (nsel atoms evenly spaced through the frame; pair histogram over a quarter) from this rank's frames (round-robin);
 * "atom" reads each selected atom's 12 bytes with its own pread, "frame" reads the frame once and picks */
static double run_sel(const char *p, int nsel, int whole) {
	int fd = open(p, O_RDONLY), na, nf; if (fd < 0) die("open"); fixed_hdr(fd, &na, &nf);
	size_t fb = 12 * (size_t)na; float *x = xmalloc(fb), *y = xmalloc(12 * (size_t)nsel); double s = 0;
	for (int k = rank; k < nf; k += np) {
		off_t o = 4096 + (off_t)k * fb;
		if (whole) { rdfull(fd, x, fb, o);
			for (int i = 0; i < nsel; i++) memcpy(y + 3 * i, x + 3 * ((long)i * na / nsel), 12); }
		else for (int i = 0; i < nsel; i++) rdfull(fd, y + 3 * i, 12, o + 12 * ((long)i * na / nsel));
		s += pairhist(y, nsel / 4) * 1e-9 + rgyr(y, nsel);
	}
	close(fd); free(x); free(y); return s;
}
int main(int argc, char **argv) {
	MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 3) die("usage: md77 mode args");
	const char *m = argv[1]; double s = 0;
	if (!strcmp(m, "mkfixed") && argc == 5) { if (!rank) mk_fixed(argv[2], atoi(argv[3]), atoi(argv[4])); }
	else if (!strcmp(m, "mkxtc") && argc == 6) { if (!rank) mk_xtc(argv[2], argv[3], atoi(argv[4]), atoi(argv[5])); }
	else if (!strcmp(m, "rmsd") && argc == 5) s = run_rmsd(argv[2], atoi(argv[3]), !strcmp(argv[4], "mpiio"));
	else if (!strcmp(m, "multi") && argc == 5) s = run_multi(argv[2], atoi(argv[3]), !strcmp(argv[4], "once"));
	else if (!strcmp(m, "sel") && argc == 5) s = run_sel(argv[2], atoi(argv[3]), !strcmp(argv[4], "frame"));
	else if (!strcmp(m, "xseek") && argc == 7)
		s = run_xseek(argv[2], strcmp(argv[3], "-") ? argv[3] : NULL, atoi(argv[4]), atoi(argv[5]), atoi(argv[6]));
	else die("bad args");
	double t = 0; MPI_Reduce(&s, &t, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (!rank) printf("%s checksum %.6g\n", m, t);
	MPI_Finalize(); return 0;
}
