/* app96: a small OpenMC-like Monte Carlo particle transport run (round 96, labels96).
 * Every rank reads the whole cross-section library at start (read(2), 4 MiB chunks), runs BATCHES batches of
 * particle histories against it, writes its source bank per batch (bank.BBB.rRR), rank 0 appends a statistics
 * line to statistics.txt each batch, and at the end the tallies are reduced and written.
 * usage: app96 XSLIB DIR BATCHES SITES TALLY_MI bank=buf|tiny tally=mpiio|text restart=0|1 [xs=every]
 * (xs=every: the library is read again at the start of every batch, as a code reloading it per batch would) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <math.h>

typedef struct { double r[3], u[3]; } site_t; /* 48 B, like OpenMC's SourceSite without E/wgt */

static double *read_xs(const char *p, size_t *n)
{
	int fd = open(p, O_RDONLY); off_t sz = lseek(fd, 0, SEEK_END); lseek(fd, 0, SEEK_SET);
	char *b = malloc(sz); size_t got = 0;
	while (got < (size_t)sz) { ssize_t k = read(fd, b + got, (size_t)sz - got > 4u << 20 ? 4u << 20 : (size_t)sz - got); if (k <= 0) break; got += k; }
	close(fd); *n = sz / sizeof(double); return (double *)b;
}

static unsigned long long rng(unsigned long long *s) { *s ^= *s << 13; *s ^= *s >> 7; *s ^= *s << 17; return *s; }

/* one batch of histories: random walks sampling the xs table; returns collision estimate, fills bank */
static double transport(const double *xs, size_t nxs, site_t *bank, int nsite, double *tal, size_t ntal, unsigned long long *s, int steps)
{
	double k = 0;
	for (int i = 0; i < nsite; i++) {
		double x[3] = {0, 0, 0};
		for (int j = 0; j < steps; j++) {
			double sig = fabs(xs[rng(s) % nxs]) + 1e-3, d = -log((rng(s) % 1000000 + 1) / 1e6) / (1 + fmod(sig, 5.0));
			for (int a = 0; a < 3; a++) x[a] += d * ((double)(rng(s) % 2001) / 1000 - 1);
			tal[rng(s) % ntal] += d; k += d;
		}
		for (int a = 0; a < 3; a++) { bank[i].r[a] = x[a]; bank[i].u[a] = (double)(rng(s) % 2001) / 1000 - 1; }
	}
	return k / nsite;
}

static void write_bank(const char *dir, int b, int r, site_t *bank, int n, int tiny)
{
	char p[512]; snprintf(p, sizeof p, "%s/bank.%03d.r%02d", dir, b, r);
	int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (tiny) for (int i = 0; i < n; i++) { if (write(fd, &bank[i], sizeof *bank) < 0) abort(); }
	else if (write(fd, bank, n * sizeof *bank) < 0) abort();
	close(fd);
}

static void statepoint(const char *dir, double *tal, size_t ntal, int rank, int np, int text, int rd)
{
	char p[512]; size_t sl = ntal / np; double *mine = malloc(sl * sizeof *mine);
	if (rd) { /* restart: each rank reads its slice of the reduced tallies collectively */
		MPI_File f; snprintf(p, sizeof p, "%s/statepoint.bin", dir);
		MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_RDONLY, MPI_INFO_NULL, &f);
		MPI_File_read_at_all(f, (MPI_Offset)rank * sl * 8, mine, (int)sl, MPI_DOUBLE, MPI_STATUS_IGNORE);
		MPI_File_close(&f); if (rank == 0) memcpy(tal, mine, sl * 8); free(mine); return;
	}
	if (text) { /* tallies gathered on rank 0, printed as text lines */
		double *all = rank == 0 ? malloc(ntal * sizeof *all) : NULL;
		MPI_Reduce(tal, all, (int)ntal, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
		if (rank == 0) { snprintf(p, sizeof p, "%s/tallies.out", dir); FILE *f = fopen(p, "w");
			for (size_t i = 0; i < ntal; i++) fprintf(f, "%zu %.17g %.17g\n", i, all[i], sqrt(fabs(all[i])));
			fclose(f); free(all); }
	} else {
		MPI_Reduce_scatter_block(tal, mine, (int)sl, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		MPI_File f; snprintf(p, sizeof p, "%s/statepoint.bin", dir);
		MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_WRONLY | MPI_MODE_CREATE, MPI_INFO_NULL, &f);
		MPI_File_write_at_all(f, (MPI_Offset)rank * sl * 8, mine, (int)sl, MPI_DOUBLE, MPI_STATUS_IGNORE);
		MPI_File_close(&f);
	}
	free(mine);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv); int rank, np; MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 9) { if (!rank) fprintf(stderr, "usage: app96 XSLIB DIR BATCHES SITES TALLY_MI bank= tally= restart=\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	const char *dir = argv[2]; int nb = atoi(argv[3]), ns = atoi(argv[4]); size_t ntal = (size_t)atoi(argv[5]) << 17;
	int tiny = !strcmp(argv[6], "bank=tiny"), text = !strcmp(argv[7], "tally=text"), rs = !strcmp(argv[8], "restart=1");
	size_t nxs; double *xs = read_xs(argv[1], &nxs);
	double *tal = calloc(ntal, sizeof *tal); site_t *bank = malloc(ns * sizeof *bank);
	unsigned long long s = 88172645463325252ULL + rank * 7919;
	if (rs) statepoint(dir, tal, ntal, rank, np, 0, 1);
	int xsevery = argc > 9 && !strcmp(argv[9], "xs=every");
	for (int b = 0; b < nb; b++) {
		if (xsevery && b > 0) { free(xs); xs = read_xs(argv[1], &nxs); }
		double k = transport(xs, nxs, bank, ns, tal, ntal, &s, 200), kall;
		write_bank(dir, b, rank, bank, ns, tiny);
		MPI_Reduce(&k, &kall, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
		if (rank == 0) { char p[512]; snprintf(p, sizeof p, "%s/statistics.txt", dir); FILE *f = fopen(p, "a");
			fprintf(f, "batch %4d  k-eff %.6f  sites %d\n", b + 1, kall / np, ns * np); fclose(f); }
	}
	statepoint(dir, tal, ntal, rank, np, text, 0);
	if (!rank) printf("done %d batches\n", nb);
	free(xs); free(tal); free(bank); MPI_Finalize(); return 0;
}
