/* MPI kinds for round 12: par12 MODE ARGS */
#define _GNU_SOURCE
#include <fcntl.h>
#include <hdf5.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MIB 1048576L
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }

/* fsync PREFIX MIB every|end: each rank writes its own file in 1 MiB writes */
static void dofsync(char **a, int r, char *b) {
	char nm[512]; snprintf(nm, sizeof nm, "%s.r%d", a[0], r); long n = atol(a[1]); int every = !strcmp(a[2], "every");
	int fd = open(nm, O_CREAT | O_WRONLY | O_TRUNC, 0644);
	for (long i = 0; i < n; i++) { if (write(fd, b, MIB) < 0) abort(); if (every) fsync(fd); }
	if (!every) fsync(fd);
	close(fd);
}

/* collread FILE strided|contig MIBPERRANK: collective reads, 8 KiB blocks interleaved by rank or 1 MiB contiguous */
static void collread(char **a, int r, int np, char *b) {
	MPI_File fh; long per = atol(a[2]) * MIB; int strided = !strcmp(a[1], "strided");
	MPI_File_open(MPI_COMM_WORLD, a[0], MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
	if (strided) for (long i = 0; i < per / 8192; i++) MPI_File_read_at_all(fh, (MPI_Offset)(i * np + r) * 8192, b, 8192, MPI_BYTE, MPI_STATUS_IGNORE);
	else for (long i = 0; i < per / MIB; i++) MPI_File_read_at_all(fh, (MPI_Offset)r * per + i * MIB, b, (int)MIB, MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
}

/* h5 FILE NDSET ELEMS NATTR: one process makes NDSET datasets of ELEMS doubles, each with NATTR small attributes */
static void h5(char **a) {
	long nd = atol(a[1]), ne = atol(a[2]), na = atol(a[3]); char nm[64]; hsize_t dim = ne, one = 4;
	double *v = malloc(ne * sizeof *v); for (long i = 0; i < ne; i++) v[i] = i * 0.5;
	hid_t f = H5Fcreate(a[0], H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), sp = H5Screate_simple(1, &dim, NULL), asp = H5Screate_simple(1, &one, NULL);
	for (long d = 0; d < nd; d++) {
		snprintf(nm, sizeof nm, "var%05ld", d);
		hid_t ds = H5Dcreate2(f, nm, H5T_NATIVE_DOUBLE, sp, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
		H5Dwrite(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, v);
		for (long k = 0; k < na; k++) {
			snprintf(nm, sizeof nm, "attr%03ld", k);
			hid_t at = H5Acreate2(ds, nm, H5T_NATIVE_DOUBLE, asp, H5P_DEFAULT, H5P_DEFAULT); H5Awrite(at, H5T_NATIVE_DOUBLE, v); H5Aclose(at);
		}
		H5Dclose(ds);
	}
	H5Sclose(asp); H5Sclose(sp); H5Fclose(f); free(v);
}

/* skew FILE MIB FACTOR: collective writes in 4 MiB calls, rank np-1 writes FACTOR x the others' MIB */
static void skew(char **a, int r, int np, char *b) {
	MPI_File fh; long base = atol(a[1]) * MIB, fac = atol(a[2]), mine = r == np - 1 ? base * fac : base, calls = base * fac / (4 * MIB);
	MPI_File_open(MPI_COMM_WORLD, a[0], MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	for (long i = 0; i < calls; i++) { /* the light ranks join every collective with 0 bytes once done */
		long off = i * 4 * MIB; int cnt = off < mine ? (int)(4 * MIB) : 0;
		MPI_File_write_at_all(fh, (MPI_Offset)r * base + off, b, cnt, MPI_BYTE, MPI_STATUS_IGNORE);
	}
	MPI_File_close(&fh);
}

/* multi DIR NFILE MIBPERFILE: each rank writes NFILE files at once, 64 KiB to each in turn */
static void multi(char **a, int r, char *b) {
	int nf = atoi(a[1]); long per = atol(a[2]) * MIB; int fd[64]; char nm[512];
	for (int k = 0; k < nf; k++) { snprintf(nm, sizeof nm, "%s/r%d.f%d", a[0], r, k); fd[k] = open(nm, O_CREAT | O_WRONLY | O_TRUNC, 0644); }
	for (long o = 0; o < per; o += 65536)
		for (int k = 0; k < nf; k++) if (write(fd[k], b, 65536) < 0) abort();
	for (int k = 0; k < nf; k++) close(fd[k]);
}

int main(int argc, char **argv) {
	int r, np; MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &r); MPI_Comm_size(MPI_COMM_WORLD, &np);
	const char *m = argv[1]; char *b = malloc(4 * MIB); memset(b, 'a' + r, 4 * MIB); double t0 = now();
	if (!strcmp(m, "fsync")) dofsync(argv + 2, r, b);
	else if (!strcmp(m, "collread")) collread(argv + 2, r, np, b);
	else if (!strcmp(m, "h5")) { if (r == 0) h5(argv + 2); }
	else if (!strcmp(m, "skew")) skew(argv + 2, r, np, b);
	else if (!strcmp(m, "multi")) multi(argv + 2, r, b);
	double t = now() - t0; MPI_Barrier(MPI_COMM_WORLD);
	fprintf(stderr, "rank %d %s: %.3f s\n", r, m, t);
	MPI_Finalize(); return 0;
}
