/* qcd74: a small lattice-QCD-like MPI program for triage round 74 (issue 34).
 * Gauge file: ILDG/SciDAC-like, a 512-byte header then site-major records (x fastest, then y, z, t),
 * each site 4 links x 3x3 complex doubles = 576 bytes.  Propagator: 12 columns x 3 colours x 4 spins
 * complex = 2304 bytes a site.
 *   gen   FILE L T SEED          write a config (serial, run without Darshan), then drop it from the cache
 *   evict FILE...                posix_fadvise(DONTNEED) each file (cold reads on the throttled disk)
 *   gauge FILE coll|site|root K  read the local sublattice, checksum, K sweeps of SU(3) products
 *   prop  PREFIX L T NSRC coll|rowsync|endsync K   solve (K sweeps) and write one propagator file a source
 */
#define _GNU_SOURCE
#include <mpi.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define HDR 512
#define SITE 576
#define PSITE 2304

static int rank, np, dims[4], coords[4], gl[4], ll[4];

static void decomp(int L, int T)
{
	gl[0] = T; gl[1] = L; gl[2] = L; gl[3] = L; /* t z y x, C order */
	memset(dims, 0, sizeof dims);
	MPI_Dims_create(np, 4, dims);
	int r = rank;
	for (int d = 3; d >= 0; d--) { coords[d] = r % dims[d]; r /= dims[d]; }
	for (int d = 0; d < 4; d++) ll[d] = gl[d] / dims[d];
}

static void su3mul(const double *a, const double *b, double *c)
{
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++) {
			double re = 0, im = 0;
			for (int k = 0; k < 3; k++) {
				const double *x = a + 2 * (3 * i + k), *y = b + 2 * (3 * k + j);
				re += x[0] * y[0] - x[1] * y[1];
				im += x[0] * y[1] + x[1] * y[0];
			}
			c[2 * (3 * i + j)] = re; c[2 * (3 * i + j) + 1] = im;
		}
}

static double sweeps(double *u, long nsite, int K)
{
	double acc = 0, t[18], s[18];
	for (int k = 0; k < K; k++)
		for (long i = 0; i < nsite; i++) {
			double *l = u + i * 72;
			su3mul(l, l + 18, t); su3mul(t, l + 36, s); su3mul(s, l + 54, t);
			acc += t[0] + t[8] + t[16];
		}
	return acc / ((double)nsite * K);
}

static uint32_t cksum(const unsigned char *p, size_t n)
{
	uint32_t a = 1, b = 0;
	for (size_t i = 0; i < n; i++) { a = (a + p[i]) % 65521; b = (b + a) % 65521; }
	return (b << 16) | a;
}

static int gen(const char *f, int L, int T, int seed)
{
	FILE *o = fopen(f, "wb");
	if (!o) return 1;
	char h[HDR] = {0};
	snprintf(h, sizeof h, "ILDG-LIKE v1\nlx %d ly %d lz %d lt %d\nprecision 64\nrecord su3gauge\n", L, L, L, T);
	fwrite(h, 1, HDR, o);
	srand48(seed);
	double rec[72];
	for (long s = 0; s < (long)L * L * L * T; s++) {
		for (int i = 0; i < 72; i++) rec[i] = drand48() * 0.6 - 0.3 + ((i % 8) == 0 ? 0.8 : 0);
		fwrite(rec, 8, 72, o);
	}
	fflush(o); fsync(fileno(o));
	posix_fadvise(fileno(o), 0, 0, POSIX_FADV_DONTNEED);
	return fclose(o) != 0;
}

static MPI_Datatype subarray(int bytes)
{
	int g[5], l[5], st[5];
	for (int d = 0; d < 4; d++) { g[d] = gl[d]; l[d] = ll[d]; st[d] = coords[d] * ll[d]; }
	g[4] = l[4] = bytes; st[4] = 0;
	MPI_Datatype t;
	MPI_Type_create_subarray(5, g, l, st, MPI_ORDER_C, MPI_BYTE, &t);
	MPI_Type_commit(&t);
	return t;
}

static int rdhdr(const char *f, int *L, int *T)
{
	char h[HDR] = {0};
	int lx = 0, lt = 0;
	if (rank == 0) {
		FILE *i = fopen(f, "rb");
		if (!i || fread(h, 1, HDR, i) != HDR) { fprintf(stderr, "qcd74: %s: bad header\n", f); MPI_Abort(MPI_COMM_WORLD, 2); }
		fclose(i);
		sscanf(h, "ILDG-LIKE v1\nlx %d ly %*d lz %*d lt %d", &lx, &lt);
	}
	int v[2] = {lx, lt};
	MPI_Bcast(v, 2, MPI_INT, 0, MPI_COMM_WORLD);
	*L = v[0]; *T = v[1];
	return 0;
}

static int gauge(const char *f, const char *mode, int K)
{
	int L, T;
	rdhdr(f, &L, &T);
	decomp(L, T);
	long n = (long)ll[0] * ll[1] * ll[2] * ll[3];
	double *u = malloc(n * SITE);
	double t0 = MPI_Wtime();
	if (!strcmp(mode, "root")) {
		/* rank 0 reads the whole file in 8 MiB pieces and sends each rank its sublattice */
		long ns = (long)L * L * L * T;
		char *all = NULL;
		if (rank == 0) {
			all = malloc(ns * SITE);
			int fd = open(f, O_RDONLY);
			for (long off = 0; off < ns * SITE;) {
				ssize_t r = pread(fd, all + off, (ns * SITE - off) < (8 << 20) ? (ns * SITE - off) : (8 << 20), HDR + off);
				if (r <= 0) MPI_Abort(MPI_COMM_WORLD, 3);
				off += r;
			}
			close(fd);
		}
		/* rank 0 sends each rank its subarray; its own through Sendrecv */
		for (int r = 0; r < np && rank == 0; r++) {
			int q = r, save[4];
			memcpy(save, coords, sizeof save);
			for (int d = 3; d >= 0; d--) { coords[d] = q % dims[d]; q /= dims[d]; }
			MPI_Datatype tt = subarray(SITE);
			memcpy(coords, save, sizeof save);
			if (r == 0)
				MPI_Sendrecv(all, 1, tt, 0, 7, u, n * SITE, MPI_BYTE, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
			else
				MPI_Send(all, 1, tt, r, 7, MPI_COMM_WORLD);
			MPI_Type_free(&tt);
		}
		if (rank != 0) MPI_Recv(u, n * SITE, MPI_BYTE, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		free(all);
	} else {
		MPI_File fh;
		if (MPI_File_open(MPI_COMM_WORLD, f, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh)) { fprintf(stderr, "qcd74: cannot open %s\n", f); MPI_Abort(MPI_COMM_WORLD, 2); }
		if (!strcmp(mode, "coll")) {
			MPI_Datatype t = subarray(SITE);
			MPI_File_set_view(fh, HDR, MPI_BYTE, t, "native", MPI_INFO_NULL);
			MPI_File_read_all(fh, u, n * SITE, MPI_BYTE, MPI_STATUS_IGNORE);
		} else {
			/* one independent read a site, as a naive reader of the site-major records does */
			long i = 0;
			for (int t = 0; t < ll[0]; t++) for (int z = 0; z < ll[1]; z++) for (int y = 0; y < ll[2]; y++) for (int x = 0; x < ll[3]; x++) {
				long gt = coords[0] * ll[0] + t, gz = coords[1] * ll[1] + z, gy = coords[2] * ll[2] + y, gx = coords[3] * ll[3] + x;
				long s = ((gt * L + gz) * L + gy) * L + gx;
				MPI_File_read_at(fh, HDR + s * SITE, (char *)u + (i++) * SITE, SITE, MPI_BYTE, MPI_STATUS_IGNORE);
			}
		}
		MPI_File_close(&fh);
	}
	double t1 = MPI_Wtime();
	uint32_t c = cksum((unsigned char *)u, n * SITE), ca;
	MPI_Reduce(&c, &ca, 1, MPI_UINT32_T, MPI_BXOR, 0, MPI_COMM_WORLD);
	double p = sweeps(u, n, K), pa;
	MPI_Reduce(&p, &pa, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) printf("gauge %s %s L=%d T=%d read %.2fs cksum %08x plaq %.6f total %.2fs\n", f, mode, L, T, t1 - t0, ca, pa / np, MPI_Wtime() - t0);
	free(u);
	return 0;
}

static void solve(double *psi, long n, int K, int src)
{
	double m[18];
	for (int i = 0; i < 18; i++) m[i] = 0.1 * ((i * 7 + src) % 5) - 0.2 + (i % 8 == 0);
	for (long i = 0; i < n * (PSITE / 8); i++) psi[i] = ((i * 31 + src) % 97) * 0.01;
	for (int k = 0; k < K; k++)
		for (long i = 0; i < n * (PSITE / 8) / 18; i++) {
			double t[18];
			su3mul(m, psi + 18 * i, t);
			for (int j = 0; j < 18; j++) psi[18 * i + j] = 0.5 * t[j];
		}
}

static int prop(const char *pre, int L, int T, int nsrc, const char *mode, int K)
{
	decomp(L, T);
	long n = (long)ll[0] * ll[1] * ll[2] * ll[3];
	double *psi = malloc(n * PSITE), tio = 0;
	MPI_Datatype t = subarray(PSITE);
	for (int s = 0; s < nsrc; s++) {
		solve(psi, n, K, s);
		char f[4096];
		snprintf(f, sizeof f, "%s.src%02d.prop", pre, s);
		double t0 = MPI_Wtime();
		if (!strcmp(mode, "coll")) {
			MPI_File fh;
			MPI_File_open(MPI_COMM_WORLD, f, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
			if (rank == 0) { char h[HDR] = {0}; snprintf(h, sizeof h, "PROP-LIKE v1 src %d lx %d lt %d\n", s, L, T); MPI_File_write_at(fh, 0, h, HDR, MPI_BYTE, MPI_STATUS_IGNORE); }
			MPI_File_set_view(fh, HDR, MPI_BYTE, t, "native", MPI_INFO_NULL);
			MPI_File_write_all(fh, psi, n * PSITE, MPI_BYTE, MPI_STATUS_IGNORE);
			MPI_File_close(&fh);
		} else {
			/* every rank pwrite()s its x-rows at their site-major offsets; rowsync makes each row
			 * durable with fdatasync() before the next (a "crash-safe" writer), endsync once at close */
			int fd = open(f, O_WRONLY | O_CREAT, 0644), sync = !strcmp(mode, "rowsync");
			if (fd < 0) { fprintf(stderr, "qcd74: cannot write %s\n", f); MPI_Abort(MPI_COMM_WORLD, 2); }
			long i = 0;
			for (int t = 0; t < ll[0]; t++) for (int z = 0; z < ll[1]; z++) for (int y = 0; y < ll[2]; y++) {
				long gt = coords[0] * ll[0] + t, gz = coords[1] * ll[1] + z, gy = coords[2] * ll[2] + y, gx = coords[3] * ll[3];
				long site = ((gt * L + gz) * L + gy) * L + gx;
				if (pwrite(fd, (char *)psi + i * PSITE, (size_t)ll[3] * PSITE, HDR + site * PSITE) < 0) MPI_Abort(MPI_COMM_WORLD, 3);
				if (sync) fdatasync(fd);
				i += ll[3];
			}
			if (!sync) fsync(fd);
			close(fd);
			MPI_Barrier(MPI_COMM_WORLD);
		}
		tio += MPI_Wtime() - t0;
	}
	if (rank == 0) printf("prop %s %s nsrc %d io %.2fs\n", pre, mode, nsrc, tio);
	free(psi);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "gen") && argc == 6) return gen(argv[2], atoi(argv[3]), atoi(argv[4]), atoi(argv[5]));
	if (argc > 1 && !strcmp(argv[1], "evict")) {
		for (int i = 2; i < argc; i++) { int fd = open(argv[i], O_RDONLY); if (fd >= 0) { posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); close(fd); } }
		return 0;
	}
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	int rc = 2;
	if (argc == 5 && !strcmp(argv[1], "gauge")) rc = gauge(argv[2], argv[3], atoi(argv[4]));
	else if (argc == 8 && !strcmp(argv[1], "prop")) rc = prop(argv[2], atoi(argv[3]), atoi(argv[4]), atoi(argv[5]), argv[6], atoi(argv[7]));
	else if (rank == 0) fprintf(stderr, "usage: qcd74 gen|evict|gauge|prop ...\n");
	MPI_Finalize();
	return rc;
}
