/* Round 155 (labels155): lidar point-cloud processing -- tiling, gridding, outlier filtering.
 * Points are LAS-1.2-like: a 227-byte header (point count at byte 107, point offset 227 at byte 96) and
 * 20-byte point records (int32 x,y,z in cm; uint16 intensity; uint8 return; uint8 class; uint16 source; uint16 pad).
 *   gen  FILE NPTS            (serial, not traced) writes FILE and FILE.idx (uint32 point ids sorted by 10 m cell)
 *   tile FILE OUTDIR NT       ranks read slices collectively, exchange points to tile owners, write NT*NT tile files
 *   grid FILE OUT NX          ranks read slices collectively, reduce an NX*NX mean-z raster, rank 0 writes it
 *   filt FILE OUT MODE        outlier filter over the .idx cell order; MODE point: pread each 20-B point by id,
 *                             MODE whole: read the point block in 8 MiB reads, then look points up in memory
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <math.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>
#define HDR 227
#define REC 20
#define EXT 1000000 /* 10 km in cm */
typedef struct __attribute__((packed)) { int32_t x, y, z; uint16_t inten; uint8_t ret, cls; uint16_t src, pad; } pt_t;
static int rank, np;
static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); }
static double terrain(double x, double y) { return 20000 + 3000 * sin(x / 90000.0) * cos(y / 70000.0) + 0.002 * x; }
static uint64_t rng = 88172645463325252ULL;
static uint64_t xr(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }
static void mkhdr(unsigned char *h, uint32_t n) {
	memset(h, 0, HDR); memcpy(h, "LASF", 4); h[24] = 1; h[25] = 2; memcpy(h + 26, "iolens-r155", 11);
	uint16_t hs = HDR; memcpy(h + 94, &hs, 2); uint32_t off = HDR; memcpy(h + 96, &off, 4); h[104] = 0;
	uint16_t rl = REC; memcpy(h + 105, &rl, 2); memcpy(h + 107, &n, 4);
}
static uint32_t rdhdr(const char *f) { /* every rank reads the header itself (227 B) */
	unsigned char h[HDR]; int fd = open(f, O_RDONLY); if (fd < 0) die(f);
	if (pread(fd, h, HDR, 0) != HDR) die("hdr"); close(fd);
	if (memcmp(h, "LASF", 4)) { fprintf(stderr, "not LAS\n"); MPI_Abort(MPI_COMM_WORLD, 1); }
	uint32_t n; memcpy(&n, h + 107, 4); return n;
}
static int cellof(const pt_t *p, int nc) { int cx = (int)((int64_t)p->x * nc / EXT), cy = (int)((int64_t)p->y * nc / EXT);
	if (cx >= nc) cx = nc - 1; if (cy >= nc) cy = nc - 1; return cy * nc + cx; }
static int cmpu(const void *a, const void *b) { uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b; return x < y ? -1 : x > y; }
static void gen(const char *f, uint32_t n) {
	pt_t *p = malloc((size_t)n * REC); uint64_t *key = malloc((size_t)n * 8);
	for (uint32_t i = 0; i < n; i++) {
		double x = (double)(xr() % EXT), y = (double)(xr() % EXT), z = terrain(x, y) + (double)(xr() % 200) - 100;
		if (xr() % 500 == 0) z += 5000 + xr() % 5000; /* birds, noise */
		p[i].x = (int32_t)x; p[i].y = (int32_t)y; p[i].z = (int32_t)z; p[i].inten = xr() % 4096; p[i].ret = 1;
		p[i].cls = 1; p[i].src = 7; p[i].pad = 0; key[i] = ((uint64_t)cellof(&p[i], 1000) << 32) | i;
	}
	unsigned char h[HDR]; mkhdr(h, n); FILE *fp = fopen(f, "wb"); if (!fp) die(f);
	fwrite(h, 1, HDR, fp); fwrite(p, REC, n, fp); fclose(fp);
	qsort(key, n, 8, cmpu); uint32_t *id = malloc((size_t)n * 4); for (uint32_t i = 0; i < n; i++) id[i] = (uint32_t)key[i];
	char ix[4096]; snprintf(ix, sizeof ix, "%s.idx", f); fp = fopen(ix, "wb"); fwrite(id, 4, n, fp); fclose(fp);
}
/* collective read of this rank's slice of points, 4 MiB-ish chunks */
static pt_t *readslice(const char *f, uint32_t n, uint32_t *cnt) {
	uint32_t per = (n + np - 1) / np, lo = rank * per, hi = lo + per > n ? n : lo + per; *cnt = hi - lo;
	pt_t *p = malloc((size_t)*cnt * REC + 1); MPI_File fh;
	if (MPI_File_open(MPI_COMM_WORLD, f, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh)) die("open");
	uint32_t ch = 209715, iters = (per + ch - 1) / ch;
	for (uint32_t k = 0; k < iters; k++) {
		uint32_t a = k * ch, b = a + ch > *cnt ? *cnt : a + ch; int m = b > a ? (int)(b - a) * REC : 0;
		MPI_File_read_at_all(fh, HDR + (MPI_Offset)(lo + (a < *cnt ? a : 0)) * REC, (char *)p + (size_t)(a < *cnt ? a : 0) * REC, m, MPI_BYTE, MPI_STATUS_IGNORE);
	}
	MPI_File_close(&fh); return p;
}
static void tile(const char *f, const char *out, int nt) {
	uint32_t n = rdhdr(f), cnt; pt_t *p = readslice(f, n, &cnt); int ntl = nt * nt;
	int *sc = calloc(np, sizeof(int)), *rc = calloc(np, sizeof(int)), *sd = calloc(np, sizeof(int)), *rd = calloc(np, sizeof(int));
	int *tl = malloc(cnt * sizeof(int));
	for (uint32_t i = 0; i < cnt; i++) { tl[i] = cellof(&p[i], nt); sc[tl[i] % np] += REC; }
	for (int r = 1; r < np; r++) sd[r] = sd[r - 1] + sc[r - 1];
	pt_t *s = malloc((size_t)cnt * REC + 1); int *pos = malloc(np * sizeof(int)); memcpy(pos, sd, np * sizeof(int));
	for (uint32_t i = 0; i < cnt; i++) { int r = tl[i] % np; memcpy((char *)s + pos[r], &p[i], REC); pos[r] += REC; }
	MPI_Alltoall(sc, 1, MPI_INT, rc, 1, MPI_INT, MPI_COMM_WORLD);
	for (int r = 1; r < np; r++) rd[r] = rd[r - 1] + rc[r - 1];
	size_t tot = (size_t)rd[np - 1] + rc[np - 1]; pt_t *g = malloc(tot + 1);
	MPI_Alltoallv(s, sc, sd, MPI_BYTE, g, rc, rd, MPI_BYTE, MPI_COMM_WORLD); free(s); free(p);
	uint32_t m = tot / REC; int *cntt = calloc(ntl, sizeof(int)); int *tt = malloc(m * sizeof(int) + 1);
	for (uint32_t i = 0; i < m; i++) { tt[i] = cellof(&g[i], nt); cntt[tt[i]]++; }
	int *off = calloc(ntl + 1, sizeof(int)); for (int t = 0; t < ntl; t++) off[t + 1] = off[t] + cntt[t];
	pt_t *o = malloc((size_t)m * REC + 1); memcpy(pos = realloc(pos, ntl * sizeof(int)), off, ntl * sizeof(int));
	for (uint32_t i = 0; i < m; i++) o[pos[tt[i]]++] = g[i];
	for (int t = rank; t < ntl; t += np) {
		char fn[4096]; snprintf(fn, sizeof fn, "%s/tile_%03d_%03d.las", out, t % nt, t / nt);
		int fd = open(fn, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(fn);
		unsigned char h[HDR]; mkhdr(h, cntt[t]);
		if (write(fd, h, HDR) != HDR) die("w"); size_t b = (size_t)cntt[t] * REC;
		if (write(fd, o + off[t], b) != (ssize_t)b) die("w"); close(fd);
	}
	MPI_Barrier(MPI_COMM_WORLD); if (rank == 0) printf("tile: %u points into %d tiles\n", n, ntl);
}
static void grid(const char *f, const char *out, int nx) {
	uint32_t n = rdhdr(f), cnt; pt_t *p = readslice(f, n, &cnt); size_t nc = (size_t)nx * nx;
	double *sum = calloc(nc, 8), *c = calloc(nc, 8), *gs = rank ? NULL : calloc(nc, 8), *gc = rank ? NULL : calloc(nc, 8);
	for (uint32_t i = 0; i < cnt; i++) { int k = cellof(&p[i], nx); sum[k] += p[i].z; c[k] += 1; }
	MPI_Reduce(sum, gs, nc, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD); MPI_Reduce(c, gc, nc, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) { /* DEM: 64-B header, then the float32 raster in one write, then a small sidecar */
		float *r = malloc(nc * 4); for (size_t k = 0; k < nc; k++) r[k] = gc[k] > 0 ? gs[k] / gc[k] / 100.0 : -9999.f;
		int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(out);
		char h[64]; memset(h, 0, 64); snprintf(h, 64, "DEM155 %d %d 10000.0 float32 -9999", nx, nx);
		if (write(fd, h, 64) != 64 || write(fd, r, nc * 4) != (ssize_t)(nc * 4)) die("w"); close(fd);
		char sc[4096]; snprintf(sc, sizeof sc, "%s.json", out); FILE *fp = fopen(sc, "w");
		fprintf(fp, "{\"nx\": %d, \"ny\": %d, \"cell_m\": %.3f, \"points\": %u, \"crs\": \"EPSG:25832\"}\n", nx, nx, 10000.0 / nx, n); fclose(fp);
		printf("grid: %u points, %dx%d DEM\n", n, nx, nx);
	}
}
static void filt(const char *f, const char *out, const char *mode) {
	uint32_t n = rdhdr(f); char ix[4096]; snprintf(ix, sizeof ix, "%s.idx", f);
	uint32_t per = (n + np - 1) / np, lo = rank * per, hi = lo + per > n ? n : lo + per, m = hi - lo;
	uint32_t *id = malloc((size_t)m * 4 + 1); int fd = open(ix, O_RDONLY); if (fd < 0) die(ix);
	if (pread(fd, id, (size_t)m * 4, (off_t)lo * 4) != (ssize_t)m * 4) die("idx"); close(fd);
	fd = open(f, O_RDONLY); pt_t *all = NULL, *q = malloc((size_t)m * REC + 1);
	if (!strcmp(mode, "whole")) {
		all = malloc((size_t)n * REC); size_t tot = (size_t)n * REC, d = 0;
		while (d < tot) { size_t b = tot - d > (8 << 20) ? (8 << 20) : tot - d; ssize_t r = pread(fd, (char *)all + d, b, HDR + d); if (r <= 0) die("rd"); d += r; }
		for (uint32_t i = 0; i < m; i++) q[i] = all[id[i]];
	} else
		for (uint32_t i = 0; i < m; i++) if (pread(fd, &q[i], REC, HDR + (off_t)id[i] * REC) != REC) die("pt");
	close(fd);
	/* statistical outlier filter: per 10 m cell (runs of the cell-sorted index), drop z > mean + 3 sd */
	pt_t *o = malloc((size_t)m * REC + 1); uint32_t k = 0, a = 0;
	while (a < m) {
		int c0 = cellof(&q[a], 1000); uint32_t b = a; double s = 0, s2 = 0;
		while (b < m && cellof(&q[b], 1000) == c0) { s += q[b].z; s2 += (double)q[b].z * q[b].z; b++; }
		double mu = s / (b - a), sd = sqrt(fmax(s2 / (b - a) - mu * mu, 0));
		for (uint32_t i = a; i < b; i++) if (q[i].z <= mu + 3 * sd + 1) o[k++] = q[i];
		a = b;
	}
	uint32_t tk; MPI_Allreduce(&k, &tk, 1, MPI_UINT32_T, MPI_SUM, MPI_COMM_WORLD);
	uint32_t before; MPI_Exscan(&k, &before, 1, MPI_UINT32_T, MPI_SUM, MPI_COMM_WORLD); if (rank == 0) before = 0;
	MPI_File fh; MPI_File_open(MPI_COMM_WORLD, out, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	if (rank == 0) { unsigned char h[HDR]; mkhdr(h, tk); MPI_File_write_at(fh, 0, h, HDR, MPI_BYTE, MPI_STATUS_IGNORE); }
	MPI_File_write_at_all(fh, HDR + (MPI_Offset)before * REC, o, (int)(k * REC), MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh); if (rank == 0) printf("filt %s: kept %u of %u points\n", mode, tk, n);
}
int main(int argc, char **argv) {
	MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 4) { fprintf(stderr, "usage: lidar155 gen|tile|grid|filt FILE ARG [ARG]\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	if (!strcmp(argv[1], "gen")) gen(argv[2], atoi(argv[3]));
	else if (!strcmp(argv[1], "tile")) tile(argv[2], argv[3], atoi(argv[4]));
	else if (!strcmp(argv[1], "grid")) grid(argv[2], argv[3], atoi(argv[4]));
	else if (!strcmp(argv[1], "filt")) filt(argv[2], argv[3], argv[4]);
	MPI_Finalize(); return 0;
}
