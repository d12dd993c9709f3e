/* Round 65: checkpoint/restart practice. A 1-D Jacobi stencil (halo exchange by MPI_Sendrecv) with a
 * checkpoint scheme between steps. Usage: app65 MODE KCELLS STEPS SWEEPS ARGS...; KCELLS*1024 doubles a
 * rank. Prints the slowest rank's wall time from a barrier to a barrier, and the checkpoint bytes. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

static int rank, np;
static size_t n;
static double *u, *v, *stat_;
static long long ckbytes;

static void die(const char *m) { fprintf(stderr, "rank %d: %s\n", rank, m); MPI_Abort(MPI_COMM_WORLD, 1); }

static void sweep(int sweeps)
{
	for (int s = 0; s < sweeps; s++) {
		int l = rank > 0 ? rank - 1 : MPI_PROC_NULL, r = rank < np - 1 ? rank + 1 : MPI_PROC_NULL;
		double hl = u[0], hr = u[n - 1];
		MPI_Sendrecv(&u[0], 1, MPI_DOUBLE, l, 0, &hr, 1, MPI_DOUBLE, r, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		MPI_Sendrecv(&u[n - 1], 1, MPI_DOUBLE, r, 1, &hl, 1, MPI_DOUBLE, l, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		for (size_t i = 0; i < n; i++) {
			double a = i ? u[i - 1] : hl, b = i < n - 1 ? u[i + 1] : hr;
			v[i] = 0.5 * u[i] + 0.25 * (a + b);
		}
		double *t = u; u = v; v = t;
	}
}

static void wall(int fd, const void *p, size_t len, size_t chunk)
{
	const char *c = p;
	for (size_t o = 0; o < len; o += chunk) {
		size_t k = len - o < chunk ? len - o : chunk;
		if (write(fd, c + o, k) != (ssize_t)k) die("write");
		ckbytes += k;
	}
}

static int opw(const char *path) { int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(path); return fd; }

/* zlib: the state compressed in the application (level 1), one write a rank a checkpoint */
static void ck_zlib(int step, const char *dir)
{
	static unsigned char *z; uLongf zl = compressBound(n * 8);
	if (!z && !(z = malloc(zl))) die("malloc");
	/* quantise to float first, as such codes do for restart fields: compresses */
	float *f = (float *)v;
	for (size_t i = 0; i < n; i++) f[i] = (float)u[i];
	if (compress2(z, &zl, (unsigned char *)f, n * 4, 1) != Z_OK) die("compress2");
	char p[512]; snprintf(p, sizeof p, "%s/ck.%d.%d.z", dir, step, rank);
	int fd = opw(p); wall(fd, z, zl, zl); close(fd);
}

static void copy_fsync(const char *from, const char *to)
{
	static char buf[1 << 20];
	int in = open(from, O_RDONLY), out = opw(to); ssize_t k;
	if (in < 0) die(from);
	while ((k = read(in, buf, sizeof buf)) > 0) wall(out, buf, k, k);
	if (fsync(out)) die("fsync");
	close(in); close(out);
}

static void ck_incr(int step, int blk, const char *dir, int *fdp)
{
	static char *shadow; size_t len = 4 * n * 8; char *img = (char *)stat_; size_t wrote = 0;
	memcpy(img + 3 * n * 8, u, n * 8);   /* the image: 3n static doubles, then the field */
	if (!shadow) {
		char p[512]; snprintf(p, sizeof p, "%s/inc.%d", dir, rank);
		*fdp = opw(p); shadow = malloc(len); if (!shadow) die("malloc");
		memcpy(shadow, img, len); wall(*fdp, img, len, 1 << 20); return;
	}
	for (size_t o = 0; o < len; o += blk) {
		size_t k = len - o < (size_t)blk ? len - o : (size_t)blk;
		if (!memcmp(shadow + o, img + o, k)) continue;
		if (pwrite(*fdp, img + o, k, o) != (ssize_t)k) die("pwrite");
		memcpy(shadow + o, img + o, k); ckbytes += k; wrote += k;
	}
	(void)step; (void)wrote;
}

static void ck_plain(const char *p, int sync)
{
	int fd = opw(p); wall(fd, u, n * 8, 1 << 20);
	if (sync && fsync(fd)) die("fsync");
	close(fd);
}

static void verify(const char *p)
{
	static char buf[1 << 20]; size_t o = 0; ssize_t k;
	int fd = open(p, O_RDONLY); if (fd < 0) die(p);
	/* drop the cached pages so the read back checks what the device holds */
	posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	while ((k = read(fd, buf, sizeof buf)) > 0) { if (memcmp(buf, (char *)u + o, k)) die("verify"); o += k; }
	close(fd);
}

static void nm_read(int nw, const char *dir)
{
	/* global field: nw writers' files of n_w doubles each; this rank owns [lo, hi) of it */
	size_t g = (size_t)nw * (n * np / nw), nwc = g / nw, lo = g * rank / np, hi = g * (rank + 1) / np;
	for (int f = 0; f < nw; f++) {
		size_t a = f * nwc, b = a + nwc, s = lo > a ? lo : a, e = hi < b ? hi : b;
		if (s >= e) continue;
		char p[512]; snprintf(p, sizeof p, "%s/nm.%d", dir, f);
		int fd = open(p, O_RDONLY); if (fd < 0) die(p);
		if (pread(fd, u + (s - lo), (e - s) * 8, (s - a) * 8) != (ssize_t)((e - s) * 8)) die("pread");
		ckbytes += (e - s) * 8; close(fd);
	}
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 5) die("usage: app65 MODE KCELLS STEPS SWEEPS ARGS");
	const char *m = argv[1]; int steps = atoi(argv[3]), sweeps = atoi(argv[4]), fd = -1;
	n = (size_t)atol(argv[2]) * 1024;
	u = malloc(n * 8); v = malloc(n * 8); stat_ = malloc(4 * n * 8);
	if (!u || !v || !stat_) die("malloc");
	srand(65 + rank);
	for (size_t i = 0; i < n; i++) u[i] = (double)(rand() % 1000) / 10.0;
	for (size_t i = 0; i < 3 * n; i++) stat_[i] = (double)(i % 977) * 0.5 + rank;
	MPI_Barrier(MPI_COMM_WORLD); double t0 = MPI_Wtime();
	if (!strcmp(m, "nmread")) nm_read(atoi(argv[5]), argv[6]);
	for (int st = 1; st <= steps; st++) {
		sweep(sweeps); char p[512];
		if (!strcmp(m, "zlib") && st % atoi(argv[5]) == 0) ck_zlib(st, argv[6]);
		else if (!strcmp(m, "multi")) {
			snprintf(p, sizeof p, "%s/ml.%d", argv[7], rank);
			if (st % atoi(argv[5]) == 0) ck_plain(p, 0);
			if (st % atoi(argv[6]) == 0) {
				char q[512]; snprintf(q, sizeof q, "%s/ml.%d.%d", argv[8], st, rank); copy_fsync(p, q);
			}
		} else if (!strcmp(m, "incr") && st % atoi(argv[5]) == 0) ck_incr(st, atoi(argv[6]), argv[7], &fd);
		else if (!strcmp(m, "often") && st % atoi(argv[5]) == 0) {
			snprintf(p, sizeof p, "%s/often.%d", argv[6], rank); ck_plain(p, 1);
		} else if (!strcmp(m, "verify") && st % atoi(argv[5]) == 0) {
			snprintf(p, sizeof p, "%s/vf.%d", argv[6], rank);
			if (!strcmp(argv[7], "readback")) { ck_plain(p, 1); verify(p); }
			else { /* crc: checksum in memory, stored beside the data; no read back */
				uLong c = crc32(0L, (unsigned char *)u, n * 8); ck_plain(p, 1);
				snprintf(p, sizeof p, "%s/vf.%d.crc", argv[6], rank); int cf = opw(p);
				dprintf(cf, "%lu\n", c); close(cf);
			}
		}
	}
	if (!strcmp(m, "nmwrite")) { char p[512]; snprintf(p, sizeof p, "%s/nm.%d", argv[5], rank); ck_plain(p, 0); }
	if (fd >= 0) close(fd);
	MPI_Barrier(MPI_COMM_WORLD); double t = MPI_Wtime() - t0, tm; long long cb;
	MPI_Reduce(&t, &tm, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	MPI_Reduce(&ckbytes, &cb, 1, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
	if (!rank) printf("%s np %d: %.3f s, checkpoint bytes %lld\n", m, np, tm, cb);
	MPI_Finalize();
	return 0;
}
