/* Round 109 MPI program: a molecular-dynamics-like run (LAMMPS/GROMACS-like).
 * md109 DUMP STEPS NATOM EVERY DIR THERMO
 *   NATOM atoms a rank, STEPS velocity-Verlet-like steps of a short-range force loop; rank 0 prints one
 *   thermo line a step to DIR/log.thermo through stdio (THERMO buf: stdio's buffer; flush: fflush after
 *   each line, as `thermo_modify flush yes`). Every EVERY steps a trajectory frame (64-B header + 24 B an
 *   atom) goes to DIR/traj.bin by DUMP:
 *     gather: MPI_Gatherv to rank 0, one fwrite of the frame (rank 0 alone writes);
 *     coll:   MPI_File_write_at_all, rank 0's block led by the header;
 *     atom:   each rank pwrite(2)s each of its atoms (24 B) at its place in the shared file;
 *     block:  each rank pwrite(2)s its whole block once.
 *   At the end a binary restart: gather -> rank 0 writes DIR/restart.bin; otherwise each rank writes
 *   DIR/restart.RANK.bin with write(2). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#define HDR 64
static double force_step(double *x, double *v, int n) {
	double pe = 0;
	for (int i = 0; i < n; i++) {
		double f = 0;
		for (int k = 1; k <= 6; k++) { int j = (i + k * 37) % n; double d = x[3 * i] - x[3 * j] + 1.5;
			double r2 = d * d + 0.01, s = 1.0 / (r2 * r2 * r2); f += 24 * s * (2 * s - 1) * d / r2; pe += 4 * s * (s - 1); }
		v[3 * i] += 1e-6 * f; x[3 * i] += 1e-4 * v[3 * i];
		x[3 * i + 1] += 1e-4 * v[3 * i + 1]; x[3 * i + 2] += 1e-4 * v[3 * i + 2];
	}
	return pe;
}
static void header(char *h, long step, long natoms) {
	memset(h, 0, HDR); memcpy(h, "MD109FRM", 8); memcpy(h + 8, &step, 8); memcpy(h + 16, &natoms, 8);
}
static void dump(const char *mode, const char *path, long frame, long step, double *x, int n, int rank, int np, FILE **tf, int *fd) {
	long natoms = (long)n * np; off_t fsz = HDR + natoms * 24, base = frame * fsz;
	char h[HDR]; header(h, step, natoms);
	if (!strcmp(mode, "gather")) {
		double *all = rank ? NULL : malloc((size_t)natoms * 24);
		MPI_Gather(x, 3 * n, MPI_DOUBLE, all, 3 * n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
		if (!rank) { if (!*tf) *tf = fopen(path, "w"); fwrite(h, 1, HDR, *tf); fwrite(all, 24, natoms, *tf); free(all); }
	} else if (!strcmp(mode, "coll")) {
		MPI_File fh; MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
		size_t len = (size_t)n * 24 + (rank ? 0 : HDR); char *b = malloc(len);
		if (!rank) memcpy(b, h, HDR);
		memcpy(b + (rank ? 0 : HDR), x, (size_t)n * 24);
		MPI_File_write_at_all(fh, base + (rank ? HDR + (off_t)rank * n * 24 : 0), b, (int)len, MPI_BYTE, MPI_STATUS_IGNORE);
		MPI_File_close(&fh); free(b);
	} else {
		if (*fd < 0) { MPI_Barrier(MPI_COMM_WORLD); *fd = open(path, O_WRONLY | O_CREAT, 0644); }
		if (!rank) pwrite(*fd, h, HDR, base);
		off_t o = base + HDR + (off_t)rank * n * 24;
		if (!strcmp(mode, "atom")) for (int i = 0; i < n; i++) pwrite(*fd, x + 3 * i, 24, o + (off_t)i * 24);
		else pwrite(*fd, x, (size_t)n * 24, o);
	}
}
static void restart(const char *mode, const char *dir, double *x, double *v, int n, int rank, int np) {
	char p[512];
	if (!strcmp(mode, "gather")) {
		double *ax = rank ? NULL : malloc((size_t)n * np * 24), *av = rank ? NULL : malloc((size_t)n * np * 24);
		MPI_Gather(x, 3 * n, MPI_DOUBLE, ax, 3 * n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
		MPI_Gather(v, 3 * n, MPI_DOUBLE, av, 3 * n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
		if (!rank) { snprintf(p, sizeof p, "%s/restart.bin", dir); FILE *f = fopen(p, "w");
			fwrite(ax, 24, (size_t)n * np, f); fwrite(av, 24, (size_t)n * np, f); fclose(f); free(ax); free(av); }
		return;
	}
	snprintf(p, sizeof p, "%s/restart.%d.bin", dir, rank);
	int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (write(fd, x, (size_t)n * 24) < 0 || write(fd, v, (size_t)n * 24) < 0) perror(p);
	close(fd);
}
int main(int argc, char **argv) {
	MPI_Init(&argc, &argv);
	int rank, np; MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 7) { if (!rank) fprintf(stderr, "usage: md109 gather|coll|atom|block STEPS NATOM EVERY DIR buf|flush\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	const char *mode = argv[1], *dir = argv[5]; int steps = atoi(argv[2]), n = atoi(argv[3]), every = atoi(argv[4]);
	int flush = !strcmp(argv[6], "flush");
	double *x = malloc((size_t)n * 24), *v = malloc((size_t)n * 24);
	srand(109 + rank);
	for (int i = 0; i < 3 * n; i++) { x[i] = rand() / (double)RAND_MAX; v[i] = rand() / (double)RAND_MAX - 0.5; }
	char tp[512], lp[512]; snprintf(tp, sizeof tp, "%s/traj.bin", dir); snprintf(lp, sizeof lp, "%s/log.thermo", dir);
	FILE *log = NULL, *tf = NULL; int fd = -1;
	if (!rank) { log = fopen(lp, "w"); fprintf(log, "Step Temp E_pair TotEng Press\n"); }
	for (int s = 0; s < steps; s++) {
		double pe = force_step(x, v, n), tot = 0;
		MPI_Reduce(&pe, &tot, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
		if (!rank) { fprintf(log, "%8d %12.6f %14.6e %14.6e %12.6f\n", s, 1.0 + 1e-3 * (s % 7), tot, tot * 1.01, 0.5); if (flush) fflush(log); }
		if ((s + 1) % every == 0) dump(mode, tp, s / every, s, x, n, rank, np, &tf, &fd);
	}
	restart(mode, dir, x, v, n, rank, np);
	if (tf) fclose(tf);
	if (fd >= 0) close(fd);
	if (!rank) fclose(log);
	MPI_Finalize();
	return 0;
}
