/* app168.c (labels168): microscopy bioimage analysis on zarr-like chunk stores (a directory with a .zarray JSON and
 * one file "i.j" per chunk of a 2D uint16 image, row-major inside a chunk), run under Darshan 3.5.0.
 * modes:
 *   gen STORE W H C            make an image store (not logged): W x H uint16, C x C chunks, synthetic cells
 *   raw FILE P W H             make a raw volume (not logged): P planes of W x H uint16
 *   drop STORE|FILE            posix_fadvise(DONTNEED) every chunk file (or the file) so reads reach the device
 *   seg IN OUT                 threshold + count cells in each chunk, write a uint8 label-mask chunk per chunk to store
 *                              OUT, rank 0 writes OUT/.zarray and OUT/counts.csv (fine)
 *   pyramid IN OUT             2x2 mean downsample each chunk into level 1 (chunks of C/2), rank 0 gathers level 1
 *                              and writes level 2 (fine)
 *   masks IN OUT MC            label masks of IN written as MC x MC chunk files (MC small: a file per 4 KiB)
 *   patches RAW P W H N row|slab  sample N 32x32 patches a rank at random places in the rank's planes: row = one pread
 *                              per patch row (64 B), slab = read the rank's planes in 4 MiB preads, cut in memory;
 *                              patches written with MPI_File_write_at_all to OUT=RAW.patches
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>
#include <dirent.h>
static int rank, np;
static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); exit(1); }
static uint32_t hsh(uint32_t x) { x ^= x >> 16; x *= 0x7feb352d; x ^= x >> 15; x *= 0x846ca68b; x ^= x >> 16; return x; }
static uint16_t pix(int x, int y) {
	int gx = x / 48, gy = y / 48; unsigned v = 900 + hsh(x * 7919u + y * 104729u) % 200;
	for (int dy = -1; dy <= 1; dy++) for (int dx = -1; dx <= 1; dx++) {
		int cx = gx + dx, cy = gy + dy; if (cx < 0 || cy < 0) continue;
		uint32_t h = hsh(cx * 65537u + cy * 31u + 17);
		if (h % 5 == 0) continue;
		int px = cx * 48 + 8 + h % 32, py = cy * 48 + 8 + (h >> 8) % 32, r = 6 + (h >> 16) % 9;
		if ((x - px) * (x - px) + (y - py) * (y - py) <= r * r) v += 3000;
	}
	return v > 65535 ? 65535 : v;
}
typedef struct { int w, h, c; } meta;
static meta readmeta(const char *store) {  /* every rank reads the store's .zarray, like a zarr reader */
	char p[4096], buf[1024]; meta m; snprintf(p, sizeof p, "%s/.zarray", store);
	FILE *f = fopen(p, "r"); if (!f) die(p);
	size_t n = fread(buf, 1, sizeof buf - 1, f); buf[n] = 0; fclose(f);
	if (sscanf(strstr(buf, "\"shape\""), "\"shape\": [%d, %d]", &m.h, &m.w) != 2 ||
	    sscanf(strstr(buf, "\"chunks\""), "\"chunks\": [%d, %d]", &m.c, &m.c) != 2) { fprintf(stderr, "bad .zarray\n"); exit(1); }
	return m;
}
static void writemeta(const char *store, int w, int h, int c, const char *dtype) {
	char p[4096]; snprintf(p, sizeof p, "%s/.zarray", store);
	FILE *f = fopen(p, "w"); if (!f) die(p);
	fprintf(f, "{\n  \"zarr_format\": 2,\n  \"shape\": [%d, %d],\n  \"chunks\": [%d, %d],\n  \"dtype\": \"%s\",\n"
		"  \"compressor\": null,\n  \"fill_value\": 0,\n  \"order\": \"C\",\n  \"filters\": null\n}\n", h, w, c, c, dtype);
	fclose(f);
	snprintf(p, sizeof p, "%s/.zattrs", store); f = fopen(p, "w"); if (!f) die(p);
	fprintf(f, "{\"axes\": [\"y\", \"x\"], \"pixel_size_um\": [0.325, 0.325], \"source\": \"app168\"}\n"); fclose(f);
}
static void rdchunk(const char *store, int i, int j, void *buf, size_t n) {
	char p[4096]; snprintf(p, sizeof p, "%s/%d.%d", store, i, j);
	int fd = open(p, O_RDONLY); if (fd < 0) die(p);
	size_t got = 0; while (got < n) { ssize_t r = read(fd, (char *)buf + got, n - got); if (r <= 0) die("read"); got += r; }
	close(fd);
}
static void wrchunk(const char *store, int i, int j, const void *buf, size_t n) {
	char p[4096]; snprintf(p, sizeof p, "%s/%d.%d", store, i, j);
	int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(p);
	if (write(fd, buf, n) != (ssize_t)n) die("write");
	close(fd);
}
/* threshold + 4-connected components: label mask (component id mod 255 + 1), returns the count */
static int label(const uint16_t *im, uint8_t *lab, int n, int *stk) {
	double s = 0; for (int k = 0; k < n * n; k++) s += im[k];
	unsigned thr = (unsigned)(s / (n * n)) + 1200; int nc = 0;
	memset(lab, 0, (size_t)n * n);
	for (int k = 0; k < n * n; k++) {
		if (im[k] < thr || lab[k]) continue;
		nc++; int sp = 0; stk[sp++] = k; lab[k] = 1 + nc % 255;
		while (sp) { int q = stk[--sp], x = q % n, y = q / n; int nb[4] = { x > 0 ? q - 1 : -1, x < n - 1 ? q + 1 : -1,
				y > 0 ? q - n : -1, y < n - 1 ? q + n : -1 };
			for (int t = 0; t < 4; t++) if (nb[t] >= 0 && !lab[nb[t]] && im[nb[t]] >= thr) { lab[nb[t]] = 1 + nc % 255; stk[sp++] = nb[t]; } }
	}
	return nc;
}
/* uneven contiguous split of nt chunks: weights 7/8/8/9 (4 ranks), else even */
static void split(int nt, int *lo, int *hi) {
	if (np == 4) { int w[4] = { 7, 8, 8, 9 }, acc = 0; for (int r = 0; r < rank; r++) acc += w[r];
		*lo = nt * acc / 32; *hi = nt * (acc + w[rank]) / 32; }
	else { *lo = (long)nt * rank / np; *hi = (long)nt * (rank + 1) / np; }
}
int main(int argc, char **argv) {
	MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	const char *mode = argv[1];
	if (!strcmp(mode, "gen")) {
		const char *st = argv[2]; int w = atoi(argv[3]), h = atoi(argv[4]), c = atoi(argv[5]);
		mkdir(st, 0755); writemeta(st, w, h, c, "<u2");
		uint16_t *b = malloc((size_t)c * c * 2);
		for (int i = 0; i < h / c; i++) for (int j = 0; j < w / c; j++) {
			for (int y = 0; y < c; y++) for (int x = 0; x < c; x++) b[y * c + x] = pix(j * c + x, i * c + y);
			wrchunk(st, i, j, b, (size_t)c * c * 2); }
	} else if (!strcmp(mode, "raw")) {
		int P = atoi(argv[3]), w = atoi(argv[4]), h = atoi(argv[5]); FILE *f = fopen(argv[2], "w"); if (!f) die(argv[2]);
		uint16_t *row = malloc(w * 2);
		for (int p = 0; p < P; p++) for (int y = 0; y < h; y++) { for (int x = 0; x < w; x++) row[x] = pix(x + p * 7, y + p * 5);
			fwrite(row, 2, w, f); }
		fclose(f);
	} else if (!strcmp(mode, "drop")) {
		struct stat sb; stat(argv[2], &sb);
		if (S_ISDIR(sb.st_mode)) { DIR *d = opendir(argv[2]); struct dirent *e; char p[4096];
			while ((e = readdir(d))) { snprintf(p, sizeof p, "%s/%s", argv[2], e->d_name); int fd = open(p, O_RDONLY);
				if (fd >= 0) { fdatasync(fd); posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); close(fd); } }
			closedir(d); }
		else { int fd = open(argv[2], O_RDONLY); fdatasync(fd); posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); close(fd); }
	} else if (!strcmp(mode, "seg") || !strcmp(mode, "masks")) {
		const char *in = argv[2], *out = argv[3]; meta m = readmeta(in);
		int mc = !strcmp(mode, "masks") ? atoi(argv[4]) : m.c;
		int gw = m.w / m.c, nt = gw * (m.h / m.c), lo, hi; split(nt, &lo, &hi);
		if (rank == 0) { mkdir(out, 0755); writemeta(out, m.w, m.h, mc, "|u1"); }
		MPI_Barrier(MPI_COMM_WORLD);
		uint16_t *im = malloc((size_t)m.c * m.c * 2); uint8_t *lab = malloc((size_t)m.c * m.c), *sub = malloc((size_t)mc * mc);
		int *stk = malloc(sizeof(int) * m.c * m.c * 4), *cnt = calloc(nt, sizeof(int)); long tot = 0;
		for (int t = lo; t < hi; t++) {
			int i = t / gw, j = t % gw; rdchunk(in, i, j, im, (size_t)m.c * m.c * 2);
			cnt[t] = label(im, lab, m.c, stk); tot += cnt[t];
			if (mc == m.c) wrchunk(out, i, j, lab, (size_t)m.c * m.c);
			else for (int a = 0; a < m.c / mc; a++) for (int b = 0; b < m.c / mc; b++) {  /* the mask store's own chunks */
				for (int y = 0; y < mc; y++) memcpy(sub + y * mc, lab + (size_t)(a * mc + y) * m.c + b * mc, mc);
				wrchunk(out, i * (m.c / mc) + a, j * (m.c / mc) + b, sub, (size_t)mc * mc); }
		}
		MPI_Allreduce(MPI_IN_PLACE, cnt, nt, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
		MPI_Allreduce(MPI_IN_PLACE, &tot, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
		if (rank == 0) { char p[4096]; snprintf(p, sizeof p, "%s/counts.csv", out); FILE *f = fopen(p, "w"); if (!f) die(p);
			fprintf(f, "chunk_y,chunk_x,y0,x0,objects\n");
			for (int t = 0; t < nt; t++) fprintf(f, "%d,%d,%d,%d,%d\n", t / gw, t % gw, t / gw * m.c, t % gw * m.c, cnt[t]);
			fclose(f); printf("%s: %d chunks of %d, mask chunks %d, %ld objects\n", mode, nt, m.c, mc, tot); }
	} else if (!strcmp(mode, "pyramid")) {
		const char *in = argv[2], *out = argv[3]; meta m = readmeta(in); char l1[4096], l2[4096];
		int gw = m.w / m.c, nt = gw * (m.h / m.c), lo, hi, c1 = m.c / 2; split(nt, &lo, &hi);
		snprintf(l1, sizeof l1, "%s/1", out); snprintf(l2, sizeof l2, "%s/2", out);
		if (rank == 0) { mkdir(out, 0755); mkdir(l1, 0755); mkdir(l2, 0755); writemeta(l1, m.w / 2, m.h / 2, c1, "<u2"); }
		MPI_Barrier(MPI_COMM_WORLD);
		uint16_t *im = malloc((size_t)m.c * m.c * 2), *d = malloc((size_t)c1 * c1 * 2);
		uint16_t *lev1 = calloc((size_t)(m.w / 2) * (m.h / 2), 2);
		for (int t = lo; t < hi; t++) {
			int i = t / gw, j = t % gw; rdchunk(in, i, j, im, (size_t)m.c * m.c * 2);
			for (int y = 0; y < c1; y++) for (int x = 0; x < c1; x++) {
				unsigned s = im[2 * y * m.c + 2 * x] + im[2 * y * m.c + 2 * x + 1] + im[(2 * y + 1) * m.c + 2 * x] + im[(2 * y + 1) * m.c + 2 * x + 1];
				d[y * c1 + x] = s / 4; lev1[(size_t)(i * c1 + y) * (m.w / 2) + j * c1 + x] = s / 4; }
			wrchunk(l1, i, j, d, (size_t)c1 * c1 * 2);
		}
		int n1 = (m.w / 2) * (m.h / 2);
		MPI_Reduce(rank ? lev1 : MPI_IN_PLACE, lev1, n1, MPI_UNSIGNED_SHORT, MPI_SUM, 0, MPI_COMM_WORLD);
		if (rank == 0) { int w2 = m.w / 4, h2 = m.h / 4; writemeta(l2, w2, h2, c1, "<u2");
			for (int i = 0; i < h2 / c1; i++) for (int j = 0; j < w2 / c1; j++) {
				for (int y = 0; y < c1; y++) for (int x = 0; x < c1; x++) { size_t q = (size_t)(2 * (i * c1 + y)) * (m.w / 2) + 2 * (j * c1 + x);
					d[y * c1 + x] = (lev1[q] + lev1[q + 1] + lev1[q + m.w / 2] + lev1[q + m.w / 2 + 1]) / 4; }
				wrchunk(l2, i, j, d, (size_t)c1 * c1 * 2); }
			printf("pyramid: %d chunks -> level 1 (%d) and level 2 (%d x %d chunks of %d)\n", nt, c1, h2 / c1, w2 / c1, c1); }
	} else if (!strcmp(mode, "patches")) {
		const char *raw = argv[2]; int P = atoi(argv[3]), w = atoi(argv[4]), h = atoi(argv[5]), N = atoi(argv[6]);
		int slab = !strcmp(argv[7], "slab"), p0 = P * rank / np, p1 = P * (rank + 1) / np;
		size_t plane = (size_t)w * h * 2; uint16_t *pt = malloc((size_t)N * 32 * 32 * 2), *vol = NULL;
		int fd = open(raw, O_RDONLY); if (fd < 0) die(raw);
		if (slab) { size_t n = plane * (p1 - p0), got = 0; vol = malloc(n);
			while (got < n) { size_t q = n - got > (4 << 20) ? (4 << 20) : n - got;
				ssize_t r = pread(fd, (char *)vol + got, q, plane * p0 + got); if (r <= 0) die("pread"); got += r; } }
		uint32_t s = 12345 + rank * 7777; double acc = 0;
		for (int k = 0; k < N; k++) {
			s = hsh(s); int p = p0 + s % (p1 - p0); s = hsh(s); int x = s % (w - 32); s = hsh(s); int y = s % (h - 32);
			for (int r = 0; r < 32; r++) { uint16_t *dst = pt + ((size_t)k * 32 + r) * 32; off_t o = plane * p + ((size_t)(y + r) * w + x) * 2;
				if (slab) memcpy(dst, (char *)vol + (o - plane * p0), 64);
				else if (pread(fd, dst, 64, o) != 64) die("pread"); }
			acc += pt[(size_t)k * 1024 + 528];
		}
		close(fd);
		char p[4096]; snprintf(p, sizeof p, "%s", argv[8]); MPI_File fh;
		MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
		MPI_File_write_at_all(fh, (MPI_Offset)rank * N * 2048, pt, N * 2048, MPI_BYTE, MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
		MPI_Allreduce(MPI_IN_PLACE, &acc, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		if (rank == 0) printf("patches(%s): %d a rank of 32x32 from %d planes %dx%d, sink %.4g\n", argv[7], N, P, w, h, acc / N / np);
	}
	MPI_Finalize(); return 0;
}
