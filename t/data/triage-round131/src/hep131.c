/* Round 131 program: a Geant4-like detector simulation and its histogram merge (hadd-like).
 * hep131 sim NEV DIR OUT MODE STEPS: every rank reads DIR/geometry.gdml.bin and DIR/physics.tab (4 MiB read(2)s,
 *   the whole files: each rank needs every volume and cross-section), simulates NEV events (a shower of STEPS
 *   steps each), appends each event's 2 KiB record to its own OUT/events-rN.dat through stdio with a 1 MiB buffer
 *   (MODE buf) or with one write(2) an event (MODE raw), fills a 8192-bin histogram; at the end each rank
 *   writes OUT/hist-rN.dat and rank 0 reads them all and writes OUT/hist-merged.dat.
 * hep131 hmerge NFILES DIR [OUT [end|every]]: serial hadd: reads DIR/hist-NNN.dat (NFILES histograms), writes
 *   OUT (default DIR/merged.dat) once at the end, or after every input (every).
 * hep131 mkhist NFILES DIR KIB: makes those histograms, KIB KiB each (not run under Darshan). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <math.h>
#define NBIN 8192
#define EVB 2048
static double hist[NBIN], acc[NBIN];
static void die(const char *p) { perror(p); MPI_Abort(MPI_COMM_WORLD, 1); }
static size_t readall(const char *p, char **buf) {
	int fd = open(p, O_RDONLY); if (fd < 0) die(p);
	off_t n = lseek(fd, 0, SEEK_END); *buf = malloc(n); size_t got = 0;
	while (got < (size_t)n) { size_t c = (size_t)n - got > (4u << 20) ? (4u << 20) : (size_t)n - got;
		ssize_t r = pread(fd, *buf + got, c, (off_t)got); if (r <= 0) die(p); got += (size_t)r; }
	close(fd); return got;
}
static void writeall(const char *p, const void *b, size_t n) {
	int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(p);
	if (write(fd, b, n) != (ssize_t)n) die(p);
	close(fd);
}
/* a shower: steps of a particle through the tables, energy deposits into the record */
static double shower(const double *geo, size_t ng, const double *phy, size_t np, unsigned *s, double *rec, int steps) {
	double e = 100.0;
	for (int k = 0; k < steps; k++) {
		*s = *s * 1103515245u + 12345u; size_t i = *s % ng, j = (*s >> 7) % np;
		double d = e * 0.001 * fabs(sin(geo[i] + phy[j])); e -= d; rec[k % (EVB / 8)] += d;
	}
	return 100.0 - e;
}
static void sim(int rank, int np, int nev, const char *dir, const char *out, int raw, int steps) {
	char p[512], *g, *ph; snprintf(p, sizeof p, "%s/geometry.gdml.bin", dir); size_t ng = readall(p, &g) / 8;
	snprintf(p, sizeof p, "%s/physics.tab", dir); size_t nph = readall(p, &ph) / 8;
	snprintf(p, sizeof p, "%s/events-r%d.dat", out, rank);
	FILE *f = NULL; int fd = -1;
	if (raw) { fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(p); }
	else { f = fopen(p, "w"); if (!f) die(p); setvbuf(f, NULL, _IOFBF, 1 << 20); }
	unsigned s = 1234u + (unsigned)rank; double rec[EVB / 8];
	for (int ev = 0; ev < nev; ev++) {
		memset(rec, 0, sizeof rec); double de = shower((double *)g, ng, (double *)ph, nph, &s, rec, steps);
		hist[(size_t)(de * 80) % NBIN] += 1;
		if (raw) { if (write(fd, rec, EVB) != EVB) die(p); } else fwrite(rec, EVB, 1, f);
	}
	if (raw) close(fd); else fclose(f);
	snprintf(p, sizeof p, "%s/hist-r%d.dat", out, rank); writeall(p, hist, sizeof hist);
	MPI_Barrier(MPI_COMM_WORLD);
	if (rank == 0) {
		for (int r = 0; r < np; r++) { char *b; snprintf(p, sizeof p, "%s/hist-r%d.dat", out, r); readall(p, &b);
			for (int i = 0; i < NBIN; i++) acc[i] += ((double *)b)[i];
			free(b); }
		snprintf(p, sizeof p, "%s/hist-merged.dat", out); writeall(p, acc, sizeof acc);
	}
	free(g); free(ph);
}
/* every: the merged file is rewritten after each input (a "save as you go" hadd), else once at the end;
 * a histogram file is any number of float64 bins (all inputs the size of the first) */
static void hmerge(int n, const char *dir, const char *out, int every) {
	char p[512]; double *sum = NULL; size_t nb = 0;
	for (int k = 0; k < n; k++) {
		char *b; snprintf(p, sizeof p, "%s/hist-%03d.dat", dir, k);
		size_t len = readall(p, &b) / 8;
		if (!sum) { nb = len; sum = calloc(nb, 8); }
		for (size_t i = 0; i < nb && i < len; i++) sum[i] += ((double *)b)[i];
		free(b);
		if (every) writeall(out, sum, nb * 8);
	}
	if (!every) writeall(out, sum, nb * 8);
	free(sum);
}
static void mkhist(int n, const char *dir, size_t nb) {
	char p[512]; double *h = malloc(nb * 8);
	for (int k = 0; k < n; k++) {
		for (size_t i = 0; i < nb; i++) h[i] = (double)((i * 7 + (size_t)k) % 13);
		snprintf(p, sizeof p, "%s/hist-%03d.dat", dir, k); writeall(p, h, nb * 8);
	}
	free(h);
}
int main(int argc, char **argv) {
	MPI_Init(&argc, &argv);
	int rank, np; MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc >= 7 && !strcmp(argv[1], "sim")) sim(rank, np, atoi(argv[2]), argv[3], argv[4], !strcmp(argv[5], "raw"), atoi(argv[6]));
	else if (argc >= 4 && !strcmp(argv[1], "hmerge")) {
		char def[512]; snprintf(def, sizeof def, "%s/merged.dat", argv[3]);
		hmerge(atoi(argv[2]), argv[3], argc >= 5 ? argv[4] : def, argc >= 6 && !strcmp(argv[5], "every"));
	} else if (argc >= 5 && !strcmp(argv[1], "mkhist")) mkhist(atoi(argv[2]), argv[3], (size_t)atoi(argv[4]) << 7);
	else { if (!rank) fprintf(stderr, "usage: hep131 sim NEV DIR OUT buf|raw STEPS | hmerge N DIR [OUT end|every] | mkhist N DIR KIB\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	MPI_Finalize(); return 0;
}
