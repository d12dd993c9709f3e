/* Round 67: astrophysics/cosmology I/O patterns around a toy particle-mesh N-body loop.
 * usage: app67 MODE NPART STEPS EVERY OUT [ARG]
 *  snap    ARG=M files: Gadget-like N->M snapshot, blocks POS|VEL|ID, header by the file's first rank
 *  fpptiny one file a rank a snapshot, one write(2) a particle a field (12/12/8 B)
 *  fppbig  one file a rank a snapshot, one write(2) a field
 *  read    ARG=M: read OUT.<M-file snapshot made by 8 ranks> at this rank count, own slice by pread
 *  halo    rank 0 writes a small halo catalogue (text) every EVERY steps
 *  mtree   ARG=sync|end: rank 0 writes a merger tree each analysis step, fsync a halo or once at the end
 *  lcone   ARG=each|step: light-cone crossings appended to a per-rank file, write a particle or a step */
#include <fcntl.h>
#include <math.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
typedef struct { float *pos, *vel; uint64_t *id; long n; } parts;
static int rank, size;
static void die(const char *m) { fprintf(stderr, "app67: %s\n", m); MPI_Abort(MPI_COMM_WORLD, 1); }
static void init(parts *p, long n) {
	p->n = n; p->pos = malloc(12 * n); p->vel = malloc(12 * n); p->id = malloc(8 * n);
	srand(67 + rank);
	for (long i = 0; i < n; i++) {
		for (int k = 0; k < 3; k++) { p->pos[3*i+k] = rand() / (float)RAND_MAX; p->vel[3*i+k] = 0; }
		p->id[i] = (uint64_t)rank * n + i;
	}
}
/* kick-drift with a smooth periodic force: real arithmetic, about 60 flops a particle */
static void step(parts *p) {
	for (long i = 0; i < p->n; i++)
		for (int k = 0; k < 3; k++) {
			float *x = &p->pos[3*i+k], *v = &p->vel[3*i+k];
			double f = sin(6.2831853 * *x) * cos(12.566 * p->pos[3*i+(k+1)%3]) + 0.1 * sin(25.13 * *x);
			*v += 1e-3 * f; *x += 1e-3 * *v; *x -= floor(*x);
		}
}
static void wr(int fd, const void *b, size_t n, off_t off) {
	if ((off < 0 ? write(fd, b, n) : pwrite(fd, b, n, off)) != (ssize_t)n) die("write failed");
}
static void snap_nm(parts *p, const char *out, int snap, int m) {
	int per = (size + m - 1) / m, f = rank / per, first = f * per;
	MPI_Comm c; MPI_Comm_split(MPI_COMM_WORLD, f, rank, &c);
	long pre = 0, tot = 0; MPI_Exscan(&p->n, &pre, 1, MPI_LONG, MPI_SUM, c); if (rank == first) pre = 0;
	MPI_Allreduce(&p->n, &tot, 1, MPI_LONG, MPI_SUM, c);
	char fn[512]; snprintf(fn, sizeof fn, "%s_%03d.%d", out, snap, f);
	if (rank == first) { int fd = open(fn, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die("open"); 
		char h[256] = {0}; memcpy(h, &tot, 8); memcpy(h + 8, &m, 4); wr(fd, h, 256, 0); close(fd); }
	MPI_Barrier(c);
	int fd = open(fn, O_WRONLY); if (fd < 0) die("open");
	wr(fd, p->pos, 12 * p->n, 256 + 12 * pre);
	wr(fd, p->vel, 12 * p->n, 256 + 12 * tot + 12 * pre);
	wr(fd, p->id, 8 * p->n, 256 + 24 * tot + 8 * pre);
	close(fd); MPI_Comm_free(&c);
}
static void snap_fpp(parts *p, const char *out, int snap, int tiny) {
	char fn[512]; snprintf(fn, sizeof fn, "%s_%03d.%d", out, snap, rank);
	int fd = open(fn, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die("open");
	char h[256] = {0}; memcpy(h, &p->n, 8); wr(fd, h, 256, -1);
	if (!tiny) { wr(fd, p->pos, 12 * p->n, -1); wr(fd, p->vel, 12 * p->n, -1); wr(fd, p->id, 8 * p->n, -1); }
	else {
		for (long i = 0; i < p->n; i++) wr(fd, p->pos + 3 * i, 12, -1);
		for (long i = 0; i < p->n; i++) wr(fd, p->vel + 3 * i, 12, -1);
		for (long i = 0; i < p->n; i++) wr(fd, p->id + i, 8, -1);
	}
	close(fd);
}
/* read an M-file snapshot written by W ranks (equal counts) at this rank count: own contiguous slice */
static void readback(parts *p, const char *fn0, int m) {
	long tot = 0, perf; char fn[512];
	snprintf(fn, sizeof fn, "%s.0", fn0); int fd = open(fn, O_RDONLY); if (fd < 0) die("open input");
	if (pread(fd, &perf, 8, 0) != 8) die("read header"); close(fd);
	tot = perf * m; long n = tot / size, g0 = rank * n;
	p->n = n; p->pos = malloc(12 * n); p->vel = malloc(12 * n); p->id = malloc(8 * n);
	for (long g = g0; g < g0 + n;) {
		int f = g / perf; long o = g % perf, k = perf - o; if (k > g0 + n - g) k = g0 + n - g;
		long d = g - g0;
		snprintf(fn, sizeof fn, "%s.%d", fn0, f); fd = open(fn, O_RDONLY); if (fd < 0) die("open input");
		if (pread(fd, p->pos + 3 * d, 12 * k, 256 + 12 * o) != 12 * k) die("short read");
		if (pread(fd, p->vel + 3 * d, 12 * k, 256 + 12 * perf + 12 * o) != 12 * k) die("short read");
		if (pread(fd, p->id + d, 8 * k, 256 + 24 * perf + 8 * o) != 8 * k) die("short read");
		close(fd); g += k;
	}
}
#define G 32
static int halos(parts *p, int *cnt, int *tot) {
	memset(cnt, 0, sizeof(int) * G * G * G);
	for (long i = 0; i < p->n; i++) {
		int a = p->pos[3*i] * G, b = p->pos[3*i+1] * G, c = p->pos[3*i+2] * G;
		cnt[((a % G) * G + b % G) * G + c % G]++;
	}
	MPI_Reduce(cnt, tot, G * G * G, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
	int nh = 0; if (rank == 0) { long s = 0; for (int i = 0; i < G * G * G; i++) s += tot[i];
		for (int i = 0; i < G * G * G; i++) if (tot[i] > 1.3 * s / (G * G * G)) nh++; }
	return nh;
}
static void cat_write(const char *out, int st, int *tot, int tree, int fs) {
	char fn[512]; snprintf(fn, sizeof fn, "%s_%s_%03d.txt", out, tree ? "tree" : "cat", st);
	FILE *f = fopen(fn, "w"); if (!f) die("fopen");
	long s = 0; for (int i = 0; i < G * G * G; i++) s += tot[i];
	for (int i = 0; i < G * G * G; i++) {
		if (tot[i] <= 1.3 * s / (G * G * G)) continue;
		fprintf(f, "%d %d %d %d %d\n", st, i, i / (G * G), (i / G) % G, tot[i]);
		if (tree) for (int j = 0; j < 3; j++) fprintf(f, "  prog %d %d %d\n", st - 1, (i + j * 97) % (G * G * G), tot[i] / (j + 2));
		if (tree && fs) { fflush(f); fsync(fileno(f)); }
	}
	if (tree) { fflush(f); fsync(fileno(f)); }
	if (fclose(f)) die("fclose");
}
static void lcone(parts *p, int fd, int st, int each, char *buf) {
	double r0 = 0.5 - 0.0005 * st, r1 = r0 + 0.0005; size_t nb = 0;
	for (long i = 0; i < p->n; i++) {
		double dx = p->pos[3*i] - .5, dy = p->pos[3*i+1] - .5, dz = p->pos[3*i+2] - .5, r = sqrt(dx*dx + dy*dy + dz*dz);
		if (r < r0 || r >= r1) continue;
		char rec[32]; memcpy(rec, p->pos + 3 * i, 12); memcpy(rec + 12, p->vel + 3 * i, 12); memcpy(rec + 24, p->id + i, 8);
		if (each) wr(fd, rec, 32, -1); else { memcpy(buf + nb, rec, 32); nb += 32; }
	}
	if (!each && nb) wr(fd, buf, nb, -1);
}
int main(int argc, char **argv) {
	MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (argc < 6) die("usage: app67 MODE NPART STEPS EVERY OUT [ARG]");
	const char *mode = argv[1], *out = argv[5], *arg = argc > 6 ? argv[6] : "";
	long n = atol(argv[2]); int steps = atoi(argv[3]), every = atoi(argv[4]);
	parts p; int *cnt = malloc(sizeof(int) * G * G * G), *tot = malloc(sizeof(int) * G * G * G);
	MPI_Barrier(MPI_COMM_WORLD); double t0 = MPI_Wtime();
	if (!strcmp(mode, "read")) readback(&p, out, atoi(arg)); else init(&p, n);
	int fd = -1; char *buf = NULL;
	if (!strcmp(mode, "lcone")) { char fn[512]; snprintf(fn, sizeof fn, "%s.%d", out, rank);
		fd = open(fn, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0644); if (fd < 0) die("open"); buf = malloc(32 * p.n); }
	for (int s = 1; s <= steps; s++) {
		step(&p);
		if (s % every) continue;
		if (!strcmp(mode, "snap")) snap_nm(&p, out, s / every, atoi(arg));
		else if (!strcmp(mode, "fpptiny") || !strcmp(mode, "fppbig")) snap_fpp(&p, out, s / every, mode[3] == 't');
		else if (!strcmp(mode, "halo") || !strcmp(mode, "mtree")) {
			halos(&p, cnt, tot);
			if (rank == 0) cat_write(out, s / every, tot, mode[0] == 'm', !strcmp(arg, "sync"));
		} else if (!strcmp(mode, "lcone")) lcone(&p, fd, s, !strcmp(arg, "each"), buf);
	}
	if (fd >= 0) close(fd);
	MPI_Barrier(MPI_COMM_WORLD); double t = MPI_Wtime() - t0;
	if (rank == 0) printf("%s np=%d n=%ld steps=%d time %.3f s\n", mode, size, p.n, steps, t);
	MPI_Finalize(); return 0;
}
