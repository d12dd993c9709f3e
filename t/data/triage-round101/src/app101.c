/* Round 101 (labels101): hydrology / land-surface model I/O patterns, real I/O.
 * Built twice: gcc -O2 -o hyd101 app101.c -lm (serial) and mpicc -O2 -DUSE_MPI -o hydmpi101 app101.c -lm.
 * Modes: stations DIR NST NSTEPS OUT | forcing FILE NSTEPS OUT (MPI) | calib FILE NITER OUT [once] |
 *        basins OUT NSTEPS fsync|buf (MPI) | cells FILE NSTEPS tiny|slab */
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef USE_MPI
#include <mpi.h>
#endif
static int rank = 0, nprocs = 1;
static double sink;
/* the model's physics: a fixed amount of arithmetic per call */
static void work(long n) { double s = 0; for (long i = 1; i <= n; i++) s += sin(i * 1e-3) * exp(-1e-9 * i); sink += s; }
static void die(const char *m) { perror(m); exit(1); }
static void basin_out(const char *out, int b, int nsteps) {
	char p[512]; snprintf(p, sizeof p, "%s/basin-%03d.txt", out, b);
	FILE *f = fopen(p, "w"); if (!f) die(p);
	for (int t = 0; t < nsteps; t++) fprintf(f, "%5d %12.5f %12.5f\n", t, sink * 1e-6 + b, t * 0.01);
	fclose(f);
}
static void stations(const char *dir, int nst, int nsteps, const char *out) {
	char p[512], buf[4096]; double sum = 0;
	for (int i = 0; i < nst; i++) {
		snprintf(p, sizeof p, "%s/gauge-%04d.csv", dir, i);
		int fd = open(p, O_RDONLY); if (fd < 0) die(p);
		ssize_t n = read(fd, buf, sizeof buf - 1); if (n < 0) die("read"); buf[n] = 0;
		sum += atof(buf); close(fd);
	}
	for (int t = 0; t < nsteps; t++) work(20000);
	sink += sum;
	for (int b = 0; b < 40; b++) basin_out(out, b, nsteps);
}
static void forcing(const char *file, int nsteps, const char *out) {
	int fd = open(file, O_RDONLY); if (fd < 0) die(file);
	struct stat st; fstat(fd, &st);
	size_t step = st.st_size / nsteps, slab = step / nprocs; char *buf = malloc(slab);
	for (int t = 0; t < nsteps; t++) {
		if (pread(fd, buf, slab, (off_t)t * step + (off_t)rank * slab) != (ssize_t)slab) die("pread");
		sink += buf[slab / 2]; work(40000);
	}
	close(fd); free(buf);
	for (int b = rank * 10; b < rank * 10 + 10; b++) basin_out(out, b, nsteps);
}
static void calib(const char *file, int niter, const char *out, int once) {
	char *buf = malloc(1 << 20);
	for (int it = 0; it < niter; it++) {
		/* the twin: the forcing read on the first run only, kept for the other runs */
		if (once && it > 0) { work(1500000); continue; }
		int fd = open(file, O_RDONLY); if (fd < 0) die(file);
		ssize_t n; while ((n = read(fd, buf, 1 << 20)) > 0) sink += buf[n / 2];
		close(fd); work(1500000);
	}
	char p[512]; snprintf(p, sizeof p, "%s/params.txt", out);
	FILE *f = fopen(p, "w"); if (!f) die(p); fprintf(f, "best %g\n", sink); fclose(f); free(buf);
}
static void basins(const char *out, int nsteps, int sync) {
	int fd[5]; FILE *f[5]; char p[512], line[128];
	for (int k = 0; k < 5; k++) {
		snprintf(p, sizeof p, "%s/basin-%03d.txt", out, rank * 5 + k);
		if (sync) { fd[k] = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd[k] < 0) die(p); }
		else { f[k] = fopen(p, "w"); if (!f[k]) die(p); }
	}
	for (int t = 0; t < nsteps; t++) {
		work(30000);
		for (int k = 0; k < 5; k++) {
			int n = snprintf(line, sizeof line, "%5d %12.5f %12.5f\n", t, sink * 1e-6 + k, t * 0.01);
			/* the problem: a durable write per record (fsync every line) */
			if (sync) { if (write(fd[k], line, n) != n) die("write"); fsync(fd[k]); }
			else fputs(line, f[k]);
		}
	}
	for (int k = 0; k < 5; k++) { if (sync) close(fd[k]); else { fflush(f[k]); fsync(fileno(f[k])); fclose(f[k]); } }
}
static void cells(const char *file, int nsteps, int tiny) {
	int fd = open(file, O_RDONLY); if (fd < 0) die(file);
	struct stat st; fstat(fd, &st);
	size_t ncell = st.st_size / nsteps / sizeof(float); float *v = malloc(ncell * sizeof *v);
	for (int t = 0; t < nsteps; t++) {
		/* the problem: one 4-byte read(2) per grid cell */
		if (tiny) { for (size_t c = 0; c < ncell; c++) if (read(fd, v + c, sizeof *v) != sizeof *v) die("read"); }
		else if (read(fd, v, ncell * sizeof *v) != (ssize_t)(ncell * sizeof *v)) die("read");
		sink += v[ncell / 2]; work(20000);
	}
	close(fd); free(v);
}
int main(int argc, char **argv) {
#ifdef USE_MPI
	MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
#endif
	if (argc < 4) { fprintf(stderr, "usage: see header\n"); return 2; }
	const char *m = argv[1];
	if (!strcmp(m, "stations")) stations(argv[2], atoi(argv[3]), atoi(argv[4]), argv[5]);
	else if (!strcmp(m, "forcing")) forcing(argv[2], atoi(argv[3]), argv[4]);
	else if (!strcmp(m, "calib")) calib(argv[2], atoi(argv[3]), argv[4], argc > 5 && !strcmp(argv[5], "once"));
	else if (!strcmp(m, "basins")) basins(argv[2], atoi(argv[3]), !strcmp(argv[4], "fsync"));
	else if (!strcmp(m, "cells")) cells(argv[2], atoi(argv[3]), !strcmp(argv[4], "tiny"));
	else return 2;
	if (rank == 0) printf("%s done %.3g\n", m, sink);
#ifdef USE_MPI
	MPI_Finalize();
#endif
	return 0;
}
