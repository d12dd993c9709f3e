/* Round 63's jobs: an ordinary afternoon's batch mix at another centre, each a small model of how its
 * community writes I/O. Usage: app63 MODE ARGS (see usage()). Real arithmetic, no sleep. */
#define _GNU_SOURCE
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <fcntl.h>
#include <unistd.h>

static int rank, nproc;

static void die(const char *m) { fprintf(stderr, "app63: %s\n", m); MPI_Abort(MPI_COMM_WORLD, 1); }

/* md NLOC STEPS EVERY DIR: LJ-like pair forces; every EVERY steps rank 0 appends a frame (fwrite) to
 * DIR/traj.bin and a line to DIR/md.log, both opened once with "a". */
static void md(int nloc, int steps, int every, const char *dir)
{
	double *x = malloc(sizeof(double) * 3 * nloc), *f = malloc(sizeof(double) * 3 * nloc);
	double *all = rank == 0 ? malloc(sizeof(double) * 3 * nloc * nproc) : NULL;
	char p[512];
	FILE *tr = NULL, *lg = NULL;
	srand(63 + rank);
	for (int i = 0; i < 3 * nloc; i++) x[i] = 20.0 * rand() / RAND_MAX;
	if (rank == 0) {
		snprintf(p, sizeof p, "%s/traj.bin", dir); tr = fopen(p, "ab");
		snprintf(p, sizeof p, "%s/md.log", dir); lg = fopen(p, "a");
		if (!tr || !lg) die("md: cannot open outputs");
	}
	for (int s = 1; s <= steps; s++) {
		double e = 0, et;
		memset(f, 0, sizeof(double) * 3 * nloc);
		for (int i = 0; i < nloc; i++)
			for (int j = i + 1; j < nloc; j++) {
				double d[3], r2 = 1e-2;
				for (int k = 0; k < 3; k++) { d[k] = x[3*i+k] - x[3*j+k]; r2 += d[k] * d[k]; }
				double ir6 = 1.0 / (r2 * r2 * r2), ff = (48 * ir6 * ir6 - 24 * ir6) / r2;
				if (ff > 10) ff = 10;
				e += 4 * (ir6 * ir6 - ir6);
				for (int k = 0; k < 3; k++) { f[3*i+k] += ff * d[k]; f[3*j+k] -= ff * d[k]; }
			}
		for (int i = 0; i < 3 * nloc; i++) x[i] = fmod(x[i] + 1e-5 * f[i] + 20.0, 20.0);
		MPI_Allreduce(&e, &et, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		if (s % every == 0) {
			MPI_Gather(x, 3 * nloc, MPI_DOUBLE, all, 3 * nloc, MPI_DOUBLE, 0, MPI_COMM_WORLD);
			if (rank == 0) {
				fwrite(all, sizeof(double), 3 * nloc * nproc, tr);
				fprintf(lg, "step %6d  epot %.8e\n", s, et);
			}
		}
	}
	if (rank == 0) { fclose(tr); fclose(lg); }
	free(x); free(f); free(all);
}

/* mc NHIST NBINS OUT: particle histories random-walk through a slab; tallies reduced once and written at
 * the end by rank 0 (binary tallies + a text summary). */
static void mc(long nhist, int nbins, const char *out)
{
	double *t = calloc(nbins, sizeof(double)), *tt = rank == 0 ? calloc(nbins, sizeof(double)) : NULL;
	unsigned long long st = 0x9E3779B97F4A7C15ULL * (63 + rank);
	for (long h = 0; h < nhist; h++) {
		double xp = 0, w = 1;
		while (w > 1e-3) {
			st ^= st << 13; st ^= st >> 7; st ^= st << 17;
			double u = (st >> 11) * (1.0 / 9007199254740992.0);
			xp += -log(u + 1e-300) * 0.1 * (h % 2 ? 1 : -1) * cos(u * 6.283);
			if (xp < 0 || xp >= 1) break;
			t[(int)(xp * nbins)] += w;
			w *= 0.9;
		}
	}
	MPI_Reduce(t, tt, nbins, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) {
		char p[512]; double s = 0;
		snprintf(p, sizeof p, "%s.tally", out);
		FILE *f = fopen(p, "wb"); if (!f) die("mc: cannot open tally");
		fwrite(tt, sizeof(double), nbins, f); fclose(f);
		for (int i = 0; i < nbins; i++) s += tt[i];
		snprintf(p, sizeof p, "%s.txt", out);
		f = fopen(p, "w"); if (!f) die("mc: cannot open summary");
		fprintf(f, "histories %ld ranks %d total %.10e\n", nhist * nproc, nproc, s); fclose(f);
	}
	free(t); free(tt);
}

/* clim NLON NLEV NVAR DAYS STEPS DIR MODE: a column model; at the end of each simulated day a history
 * file DIR/hist.dDDD laid out [var][lev][global lon]. MODE row: each rank pwrite's its piece of every
 * (var, lev) row (NVAR*NLEV writes of NLON*8 B a rank a day); gather: rank 0 gathers and writes once. */
static void clim(int nlon, int nlev, int nvar, int days, int steps, const char *dir, const char *mode)
{
	size_t n = (size_t)nvar * nlev * nlon;
	double *a = malloc(n * sizeof(double)), *g = rank == 0 ? malloc(n * nproc * sizeof(double)) : NULL;
	double *b = malloc(n * sizeof(double));
	int row = strcmp(mode, "row") == 0;
	for (size_t i = 0; i < n; i++) a[i] = 280 + (double)((i * 7 + rank) % 50);
	for (int d = 1; d <= days; d++) {
		for (int s = 0; s < steps; s++) {
			for (size_t i = 0; i < n; i++) {
				double l = a[i > 0 ? i - 1 : i], r = a[i + 1 < n ? i + 1 : i];
				b[i] = 0.5 * a[i] + 0.25 * (l + r) + 1e-3 * sin(a[i] * 0.01 + d);
			}
			memcpy(a, b, n * sizeof(double));
		}
		char p[512];
		snprintf(p, sizeof p, "%s/hist.d%03d", dir, d);
		if (row) {
			MPI_Barrier(MPI_COMM_WORLD);
			int fd = open(p, O_WRONLY | O_CREAT, 0644); if (fd < 0) die("clim: cannot open history");
			for (int v = 0; v < nvar * nlev; v++) {
				off_t off = ((off_t)v * nlon * nproc + (off_t)rank * nlon) * sizeof(double);
				if (pwrite(fd, a + (size_t)v * nlon, nlon * sizeof(double), off) < 0) die("clim: write");
			}
			close(fd);
		} else {
			MPI_Gather(a, n, MPI_DOUBLE, g, n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
			if (rank == 0) {
				/* reorder [rank][var-lev][lon] into [var-lev][rank][lon] */
				double *o = malloc(n * nproc * sizeof(double));
				for (int q = 0; q < nproc; q++)
					for (int v = 0; v < nvar * nlev; v++)
						memcpy(o + ((size_t)v * nproc + q) * nlon, g + (size_t)q * n + (size_t)v * nlon, nlon * sizeof(double));
				int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die("clim: cannot open history");
				if (pwrite(fd, o, n * nproc * sizeof(double), 0) < 0) die("clim: write");
				close(fd); free(o);
			}
		}
	}
	free(a); free(b); free(g);
}

/* dft NBASIS NBANDS ITERS OUT MODE: a replicated-data electronic-structure loop (subspace iteration);
 * the wavefunction (NBASIS x NBANDS doubles) is identical on every rank after each Allreduce and is
 * written once at the end. MODE all: every rank writes the whole file (same offsets, 4 MiB pwrites);
 * root: rank 0 alone writes it. */
static void dft(int nb, int nbands, int iters, const char *out, const char *mode)
{
	size_t n = (size_t)nb * nbands;
	double *psi = malloc(n * sizeof(double)), *h = malloc(n * sizeof(double));
	for (size_t i = 0; i < n; i++) psi[i] = sin(0.001 * i + 1);
	int lo = rank * nbands / nproc, hi = (rank + 1) * nbands / nproc;
	for (int it = 0; it < iters; it++) {
		memset(h, 0, n * sizeof(double));
		for (int b = lo; b < hi; b++) {
			double *p = psi + (size_t)b * nb, *q = h + (size_t)b * nb, nn = 0;
			for (int i = 0; i < nb; i++) {
				double lap = -2 * p[i] + (i ? p[i - 1] : 0) + (i + 1 < nb ? p[i + 1] : 0);
				q[i] = p[i] - 0.1 * lap + 1e-4 * cos(0.01 * i) * p[i];
			}
			for (int c = 0; c < b && c < 4; c++) { /* partial orthogonalisation against a few bands */
				double *r = psi + (size_t)c * nb, dot = 0;
				for (int i = 0; i < nb; i++) dot += q[i] * r[i];
				for (int i = 0; i < nb; i++) q[i] -= 1e-3 * dot * r[i];
			}
			for (int i = 0; i < nb; i++) nn += q[i] * q[i];
			nn = 1 / sqrt(nn);
			for (int i = 0; i < nb; i++) q[i] *= nn;
		}
		MPI_Allreduce(h, psi, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
	}
	int all = strcmp(mode, "all") == 0;
	if (all || rank == 0) {
		int fd = open(out, O_WRONLY | O_CREAT, 0644); if (fd < 0) die("dft: cannot open wavefunction");
		size_t chunk = 4 << 20, tot = n * sizeof(double);
		for (size_t o = 0; o < tot; o += chunk)
			if (pwrite(fd, (char *)psi + o, o + chunk > tot ? tot - o : chunk, o) < 0) die("dft: write");
		close(fd);
	}
	MPI_Barrier(MPI_COMM_WORLD);
	free(psi); free(h);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &nproc);
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime(), t, tm;
	if (argc >= 6 && !strcmp(argv[1], "md")) md(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]), argv[5]);
	else if (argc >= 5 && !strcmp(argv[1], "mc")) mc(atol(argv[2]), atoi(argv[3]), argv[4]);
	else if (argc >= 9 && !strcmp(argv[1], "clim")) clim(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]), atoi(argv[5]), atoi(argv[6]), argv[7], argv[8]);
	else if (argc >= 7 && !strcmp(argv[1], "dft")) dft(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]), argv[5], argv[6]);
	else die("usage: md NLOC STEPS EVERY DIR | mc NHIST NBINS OUT | clim NLON NLEV NVAR DAYS STEPS DIR row|gather | dft NBASIS NBANDS ITERS OUT all|root");
	MPI_Barrier(MPI_COMM_WORLD);
	t = MPI_Wtime() - t0;
	MPI_Reduce(&t, &tm, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (rank == 0) printf("app63 %s np %d: %.3f s\n", argv[1], nproc, tm);
	MPI_Finalize();
	return 0;
}
