/* app118: a risk Monte Carlo worker (round 118, labels118). Every rank reads the market data (binary curves,
 * 1 MiB reads) and a small text curve deck at start, prices NSCEN scenarios, writes each scenario's P&L vector
 * to its own file (or, with "shared", to one shared file collectively at the end), appends one intermediate
 * line a scenario to one shared log (line-buffered, or write+fsync with "fsync"), and checkpoints its
 * random-number state every 25 scenarios. "reread" re-reads the whole market data file for every scenario.
 * usage: app118 DIR NSCEN NPATH MODE...   (MODE words: fsync reread shared) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <math.h>

#define MKT_BYTES (8 << 20)
#define NVAL 8192 /* P&L values a scenario: 64 KiB */

static unsigned long long rng[312]; /* xorshift state, checkpointed as an MT-sized blob (2496 B) */
static int ri;
static double urand(void) { unsigned long long *s = &rng[ri++ % 312], x = *s; x ^= x << 13; x ^= x >> 7; x ^= x << 17; *s = x; return (x >> 11) * (1.0 / 9007199254740992.0); }

static double *read_market(const char *dir, double *mkt)
{
	char p[512]; snprintf(p, sizeof p, "%s/market.bin", dir);
	int fd = open(p, O_RDONLY); if (fd < 0) { perror(p); MPI_Abort(MPI_COMM_WORLD, 1); }
	for (size_t off = 0; off < MKT_BYTES; off += 1 << 20) if (pread(fd, (char *)mkt + off, 1 << 20, off) != 1 << 20) MPI_Abort(MPI_COMM_WORLD, 2);
	close(fd); return mkt;
}

static double read_curves(const char *dir)
{
	char p[512]; snprintf(p, sizeof p, "%s/curves.txt", dir); double s = 0, v; char tenor[32];
	FILE *f = fopen(p, "r"); if (!f) { perror(p); MPI_Abort(MPI_COMM_WORLD, 1); }
	while (fscanf(f, "%31s %lf", tenor, &v) == 2) s += v;
	fclose(f); return s;
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv); int rank, np; MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 5) { if (!rank) fprintf(stderr, "usage: app118 DIR NSCEN NPATH MODE\n"); MPI_Abort(MPI_COMM_WORLD, 1); }
	const char *dir = argv[1]; int nscen = atoi(argv[2]), npath = atoi(argv[3]);
	int dofsync = strstr(argv[4], "fsync") != NULL, reread = strstr(argv[4], "reread") != NULL, shared = strstr(argv[4], "shared") != NULL;
	double *mkt = malloc(MKT_BYTES), *pnl = malloc(NVAL * sizeof(double)), *all = shared ? malloc((size_t)nscen * NVAL * sizeof(double)) : NULL;
	read_market(dir, mkt); double base = read_curves(dir);
	for (int i = 0; i < 312; i++) rng[i] = 0x9E3779B97F4A7C15ULL * (i + 1) ^ (rank + 1);
	char p[512]; snprintf(p, sizeof p, "%s/intermediate.log", dir);
	int lfd = open(p, O_WRONLY | O_CREAT | O_APPEND, 0644); FILE *lf = fdopen(lfd, "a"); setvbuf(lf, NULL, _IOLBF, 0);
	snprintf(p, sizeof p, "%s/rng-%03d.ckpt", dir, rank); int cfd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	double tot = 0;
	for (int s = 0; s < nscen; s++) {
		if (reread && s) read_market(dir, mkt);
		/* the pricing: NVAL instruments each revalued on npath random paths against the market data */
		double sum = 0;
		for (int k = 0; k < NVAL; k++) { double v = 0; for (int j = 0; j < npath; j++) v += mkt[(k * 131 + j) % (MKT_BYTES / 8)] * (urand() - 0.5); pnl[k] = v + base * 1e-6; sum += pnl[k]; }
		tot += sum;
		if (shared) memcpy(all + (size_t)s * NVAL, pnl, NVAL * sizeof(double));
		else { snprintf(p, sizeof p, "%s/scen/r%03d-s%04d.bin", dir, rank, s); int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
			if (write(fd, pnl, NVAL * sizeof(double)) != NVAL * (ssize_t)sizeof(double)) MPI_Abort(MPI_COMM_WORLD, 3);
			close(fd); }
		fprintf(lf, "rank %3d scen %5d mean_pnl %+.6e paths %d\n", rank, s, sum / NVAL, npath);
		if (dofsync) fsync(lfd);
		if (s % 25 == 24) { if (pwrite(cfd, rng, sizeof rng, 0) != sizeof rng) MPI_Abort(MPI_COMM_WORLD, 4); }
	}
	if (shared) { MPI_File fh; snprintf(p, sizeof p, "%s/scen-all.bin", dir);
		MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
		MPI_File_write_at_all(fh, (MPI_Offset)rank * nscen * NVAL * 8, all, nscen * NVAL, MPI_DOUBLE, MPI_STATUS_IGNORE); MPI_File_close(&fh); }
	fclose(lf); close(cfd);
	double g; MPI_Reduce(&tot, &g, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (!rank) printf("scenarios %d x %d ranks, total P&L %.6e\n", nscen, np, g);
	free(mkt); free(pnl); free(all); MPI_Finalize(); return 0;
}
