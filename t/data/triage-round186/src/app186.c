/* Round 186 (labels186): a regional research cluster's ordinary day. MPI programs: wrf, fem, nbody.
 * app186 wrf DIR NX NY STEPS HISTEVERY serial|mpiio ; app186 fem MESH DIR ; app186 nbody DIR NPART STEPS SNAPEVERY
 * app186 genmesh FILE NNODES (prep, not logged). COMPUTE env scales the toy compute. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>
static int rank, np; static double sink;
static void work(double *a, long n, int reps) { int c = getenv("COMPUTE") ? atoi(getenv("COMPUTE")) : 10;
	for (int r = 0; r < reps * c; r++) for (long i = 0; i < n; i++) a[i] = a[i] * 0.999 + sin(a[i] + r) * 1e-3; sink += a[0]; }

static void wrf(const char *dir, int nx, int ny, int steps, int hist, int mpiio) {
	int nvar = 8; int myny = ny / np; long loc = (long)nx * myny; double *f = malloc(nvar * loc * sizeof(double));
	for (long i = 0; i < nvar * loc; i++) f[i] = rank + i * 1e-6;
	char p[512]; snprintf(p, sizeof p, "%s/rsl.out.%04d", dir, rank); FILE *rsl = fopen(p, "w");
	float *full = rank == 0 ? malloc((long)nx * ny * sizeof(float)) : NULL; float *lf = malloc(loc * sizeof(float));
	for (int s = 1; s <= steps; s++) {
		work(f, nvar * loc, 1);
		MPI_Barrier(MPI_COMM_WORLD);
		fprintf(rsl, "Timing for main: time 2026-12-02_%02d:%02d:00 on domain 1: %8.5f elapsed seconds\n", s / 60, s % 60, 0.1);
		if (s % hist) continue;
		snprintf(p, sizeof p, "%s/wrfout_d01_%03d", dir, s / hist);
		if (!mpiio) {
			int fd = -1; if (rank == 0) fd = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644);
			if (rank == 0) { char h[4096]; memset(h, 0, sizeof h); snprintf(h, sizeof h, "CDF header nx=%d ny=%d", nx, ny); write(fd, h, sizeof h); }
			for (int v = 0; v < nvar; v++) { for (long i = 0; i < loc; i++) lf[i] = f[v * loc + i];
				MPI_Gather(lf, loc, MPI_FLOAT, full, loc, MPI_FLOAT, 0, MPI_COMM_WORLD);
				if (rank == 0) write(fd, full, (long)nx * ny * sizeof(float)); }
			if (rank == 0) close(fd);
			fprintf(rsl, " Timing for Writing %s for domain 1\n", p);
		} else {
			MPI_File fh; MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
			if (rank == 0) { char h[4096]; memset(h, 0, sizeof h); MPI_File_write_at(fh, 0, h, 4096, MPI_BYTE, MPI_STATUS_IGNORE); }
			for (int v = 0; v < nvar; v++) { for (long i = 0; i < loc; i++) lf[i] = f[v * loc + i];
				MPI_Offset off = 4096 + (MPI_Offset)v * nx * ny * 4 + (MPI_Offset)rank * loc * 4;
				MPI_File_write_at_all(fh, off, lf, loc, MPI_FLOAT, MPI_STATUS_IGNORE); }
			MPI_File_close(&fh);
			fprintf(rsl, " Timing for Writing %s for domain 1\n", p);
		}
	}
	fclose(rsl);
}

static void genmesh(const char *fn, long nn) { FILE *f = fopen(fn, "w"); long h[4] = {nn, 3, 0, 0}; fwrite(h, sizeof h, 1, f);
	double *c = malloc(nn * 3 * sizeof(double)); for (long i = 0; i < nn * 3; i++) c[i] = i * 1e-3; fwrite(c, 8, nn * 3, f);
	int *conn = malloc(nn * 8 * sizeof(int)); for (long i = 0; i < nn * 8; i++) conn[i] = i % nn; fwrite(conn, 4, nn * 8, f); fclose(f); }

static void fem(const char *mesh, const char *dir) {
	long h[4]; if (rank == 0) { FILE *f = fopen(mesh, "r"); fread(h, sizeof h, 1, f); fclose(f); }
	MPI_Bcast(h, 4, MPI_LONG, 0, MPI_COMM_WORLD); long nn = h[0], my = nn / np;
	double *xyz = malloc(my * 3 * 8); int *conn = malloc(my * 8 * 4);
	MPI_File fh; MPI_File_open(MPI_COMM_WORLD, mesh, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
	MPI_File_read_at_all(fh, 32 + rank * my * 24, xyz, my * 3, MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_read_at_all(fh, 32 + nn * 24 + rank * my * 32, conn, my * 8, MPI_INT, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	double *u = malloc(my * 3 * 8), *sg = malloc(my * 6 * 8); for (long i = 0; i < my * 3; i++) u[i] = xyz[i];
	for (int it = 0; it < 40; it++) { work(u, my * 3, 1); double r = u[0], g; MPI_Allreduce(&r, &g, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD); }
	for (long i = 0; i < my * 6; i++) sg[i] = u[i % (my * 3)] * 2;
	char p[512]; snprintf(p, sizeof p, "%s/results.bin", dir);
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	MPI_File_write_at_all(fh, rank * my * 24, u, my * 3, MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_write_at_all(fh, nn * 24 + rank * my * 48, sg, my * 6, MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	if (rank == 0) { snprintf(p, sizeof p, "%s/solver.log", dir); FILE *l = fopen(p, "w"); fprintf(l, "converged in 40 iterations, nodes %ld\n", nn); fclose(l); }
}

static void nbody(const char *dir, long n, int steps, int every) {
	long my = n / np; float *pos = malloc(my * 12), *vel = malloc(my * 12); long *id = malloc(my * 8); double *a = malloc(my * 3 * 8);
	for (long i = 0; i < my * 3; i++) { pos[i] = i; vel[i] = 0; a[i] = i * 1e-4; } for (long i = 0; i < my; i++) id[i] = rank * my + i;
	for (int s = 1; s <= steps; s++) {
		work(a, my * 3, 1); for (long i = 0; i < my * 3; i++) pos[i] += a[i];
		double e = a[0], g; MPI_Allreduce(&e, &g, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		if (s % every) continue;
		char p[512]; snprintf(p, sizeof p, "%s/snapshot_%03d.%d", dir, s / every, rank);
		FILE *f = fopen(p, "w"); int hdr[64] = {0}; hdr[0] = my; hdr[1] = np;
		int b = sizeof hdr; fwrite(&b, 4, 1, f); fwrite(hdr, sizeof hdr, 1, f); fwrite(&b, 4, 1, f);
		b = my * 12; fwrite(&b, 4, 1, f); fwrite(pos, 12, my, f); fwrite(&b, 4, 1, f);
		fwrite(&b, 4, 1, f); fwrite(vel, 12, my, f); fwrite(&b, 4, 1, f);
		b = my * 8; fwrite(&b, 4, 1, f); fwrite(id, 8, my, f); fwrite(&b, 4, 1, f);
		fclose(f);
	}
}

int main(int argc, char **argv) {
	if (!strcmp(argv[1], "genmesh")) { genmesh(argv[2], atol(argv[3])); return 0; }
	MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	double t0 = MPI_Wtime();
	if (!strcmp(argv[1], "wrf")) wrf(argv[2], atoi(argv[3]), atoi(argv[4]), atoi(argv[5]), atoi(argv[6]), !strcmp(argv[7], "mpiio"));
	else if (!strcmp(argv[1], "fem")) fem(argv[2], argv[3]);
	else if (!strcmp(argv[1], "nbody")) nbody(argv[2], atol(argv[3]), atoi(argv[4]), atoi(argv[5]));
	double t = MPI_Wtime() - t0;
	if (rank == 0) printf("%s: %.2f s, sink %.3g\n", argv[1], t, sink);
	MPI_Finalize(); return 0;
}
