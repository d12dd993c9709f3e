/* Round 151 (labels151): combustion DNS and reacting-flow solver I/O kernels.
 * modes:
 *   ckpt NCK NPER DIR          S3D-like checkpoint: NVAR=8 variables of NPER doubles a rank, one shared file a
 *                              checkpoint, rank 0 writes a 128-B header, all ranks MPI_File_write_at_all their block
 *                              after it; rank 0 appends one line to DIR/ckpt.log
 *   flame MECH NSTEP DIR       1-D flame: every rank fopen's the chemistry mechanism MECH and fgets it whole,
 *                              then NSTEP steps of compute; rank 0 gathers 4 probe values and fprintf's one line a
 *                              step to DIR/probes.dat
 *   mktable FILE MB            write the tabulated-chemistry (FPV) table, MB MiB of 48-B records (not under Darshan)
 *   lookup FILE NLOOK MODE     NLOOK table look-ups a rank: MODE pread = one 48-B pread per look-up at a random record,
 *                              MODE whole = one pread of the whole table, look-ups in memory
 *   species NSTEP NSPEC NPER DIR MODE  every step each rank writes NSPEC species fields of NPER doubles:
 *                              MODE split = one file per species per rank per step (open/write/close),
 *                              MODE packed = one file per rank per step holding all species
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

static int rank, nprocs;
static double work(double *a, long n, int it) {
	double s = 0;
	for (int k = 0; k < it; k++)
		for (long i = 0; i < n; i++) { a[i] = 0.999 * a[i] + 1e-3 * sin(a[i] + k); s += a[i]; }
	return s;
}
static int compute_it(void) { char *c = getenv("COMPUTE"); return c ? atoi(c) : 10; }

static void ckpt(int nck, long nper, const char *dir) {
	const int nvar = 8; long n = nvar * nper;
	double *f = malloc(n * sizeof *f);
	for (long i = 0; i < n; i++) f[i] = 300.0 + rank + 1e-6 * i;
	for (int c = 0; c < nck; c++) {
		work(f, n, compute_it());
		char path[512]; snprintf(path, sizeof path, "%s/field-%03d.s3d", dir, c);
		MPI_File fh;
		MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
		if (rank == 0) {
			char hdr[128]; memset(hdr, 0, sizeof hdr);
			snprintf(hdr, sizeof hdr, "S3DCKPT step=%d nprocs=%d nvar=%d nper=%ld", c, nprocs, nvar, nper);
			MPI_File_write_at(fh, 0, hdr, 128, MPI_BYTE, MPI_STATUS_IGNORE);
		}
		MPI_Offset off = 128 + (MPI_Offset)rank * n * sizeof(double);
		MPI_File_write_at_all(fh, off, f, (int)n, MPI_DOUBLE, MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
		if (rank == 0) {
			char lp[512]; snprintf(lp, sizeof lp, "%s/ckpt.log", dir);
			FILE *l = fopen(lp, "a"); fprintf(l, "checkpoint %d written: %s\n", c, path); fclose(l);
		}
	}
	free(f);
}

static void flame(const char *mech, int nstep, const char *dir) {
	FILE *m = fopen(mech, "r"); char line[256]; long nl = 0, nsp = 0;
	while (fgets(line, sizeof line, m)) { nl++; if (!strncmp(line, "SPECIES", 7)) nsp++; }
	fclose(m);
	long n = 200000; double *a = malloc(n * sizeof *a);
	for (long i = 0; i < n; i++) a[i] = 1.0 + rank + 1e-5 * i;
	FILE *p = NULL;
	if (rank == 0) { char pp[512]; snprintf(pp, sizeof pp, "%s/probes.dat", dir); p = fopen(pp, "w");
		fprintf(p, "# step time T_max Y_OH_max flame_pos heat_release (mech %ld lines)\n", nl); }
	for (int s = 0; s < nstep; s++) {
		double v = work(a, n, 1), g[4], loc[4] = { v, a[0], a[n / 2], a[n - 1] };
		MPI_Reduce(loc, g, 4, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
		if (rank == 0) fprintf(p, "%6d %.6e %.6e %.6e %.6e %.6e\n", s, s * 1e-8, g[0], g[1], g[2], g[3]);
	}
	if (p) fclose(p);
	free(a);
}

static void mktable(const char *file, int mb) {
	long nrec = (long)mb * 1048576 / 48; FILE *t = fopen(file, "w"); double r[6];
	for (long i = 0; i < nrec; i++) { for (int k = 0; k < 6; k++) r[k] = i * 1e-6 + k; fwrite(r, sizeof r, 1, t); }
	fclose(t);
}

static void lookup(const char *file, long nlook, const char *mode) {
	int fd = open(file, O_RDONLY); struct stat st; fstat(fd, &st);
	long nrec = st.st_size / 48; double s = 0, r[6], *tab = NULL;
	unsigned long x = 88172645463325252UL + rank;
	if (!strcmp(mode, "whole")) { tab = malloc(st.st_size); long got = 0;
		while (got < st.st_size) { ssize_t k = pread(fd, (char *)tab + got, st.st_size - got, got); if (k <= 0) break; got += k; } }
	for (long i = 0; i < nlook; i++) {
		x ^= x << 13; x ^= x >> 7; x ^= x << 17; long rec = x % nrec;
		if (tab) memcpy(r, tab + rec * 6, sizeof r);
		else if (pread(fd, r, sizeof r, rec * 48) != sizeof r) { perror("pread"); MPI_Abort(MPI_COMM_WORLD, 1); }
		s += r[0] * r[3] + sqrt(fabs(r[5]));
	}
	close(fd); free(tab);
	double g; MPI_Reduce(&s, &g, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) printf("lookup %s: %ld look-ups a rank, sum %.6e\n", mode, nlook, g);
}

static void species(int nstep, int nspec, long nper, const char *dir, const char *mode) {
	double *y = malloc((size_t)nspec * nper * sizeof *y);
	for (long i = 0; i < (long)nspec * nper; i++) y[i] = 1e-3 * (rank + 1) + 1e-9 * i;
	for (int s = 0; s < nstep; s++) {
		work(y, (long)nspec * nper, 1);
		char path[512];
		if (!strcmp(mode, "split")) {
			for (int k = 0; k < nspec; k++) {
				snprintf(path, sizeof path, "%s/Y%02d-s%03d-r%02d.dat", dir, k, s, rank);
				int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0644);
				if (write(fd, y + (long)k * nper, nper * sizeof(double)) < 0) perror("write");
				close(fd);
			}
		} else {
			snprintf(path, sizeof path, "%s/Y-s%03d-r%02d.dat", dir, s, rank);
			int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0644);
			if (write(fd, y, (size_t)nspec * nper * sizeof(double)) < 0) perror("write");
			close(fd);
		}
	}
	free(y);
}

int main(int argc, char **argv) {
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
	const char *m = argv[1];
	if (!strcmp(m, "ckpt")) ckpt(atoi(argv[2]), atol(argv[3]), argv[4]);
	else if (!strcmp(m, "flame")) flame(argv[2], atoi(argv[3]), argv[4]);
	else if (!strcmp(m, "mktable")) { if (rank == 0) mktable(argv[2], atoi(argv[3])); }
	else if (!strcmp(m, "lookup")) lookup(argv[2], atol(argv[3]), argv[4]);
	else if (!strcmp(m, "species")) species(atoi(argv[2]), atoi(argv[3]), atol(argv[4]), argv[5], argv[6]);
	MPI_Finalize();
	return 0;
}
