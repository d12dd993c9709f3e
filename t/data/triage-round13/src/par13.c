/* MPI kinds for round 13: par13 MODE ARGS */
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

/* il4k FILE PIECES indep|coll|contig: 4 KiB pieces interleaved by rank (piece i*np+r) into one shared file;
 * contig (the twin): the same bytes a rank as one contiguous region in 1 MiB independent writes */
static void il4k(char **a, int r, int np, char *b) {
	MPI_File fh; long n = atol(a[1]); int coll = !strcmp(a[2], "coll");
	MPI_File_open(MPI_COMM_WORLD, a[0], MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	if (!strcmp(a[2], "contig")) {
		for (long i = 0; i < n * 4096 / MIB; i++) MPI_File_write_at(fh, (MPI_Offset)r * n * 4096 + i * MIB, b, (int)MIB, MPI_BYTE, MPI_STATUS_IGNORE);
		n = 0;
	}
	for (long i = 0; i < n; i++) {
		MPI_Offset off = (MPI_Offset)(i * np + r) * 4096;
		if (coll) MPI_File_write_at_all(fh, off, b, 4096, MPI_BYTE, MPI_STATUS_IGNORE);
		else MPI_File_write_at(fh, off, b, 4096, MPI_BYTE, MPI_STATUS_IGNORE);
	}
	MPI_File_close(&fh);
}

/* tmpfiles DIR N: each rank creates N files of 4 KiB (open, write, close), then unlinks them all */
static void tmpfiles(char **a, int r, char *b) {
	long n = atol(a[1]); char nm[512];
	for (long i = 0; i < n; i++) {
		snprintf(nm, sizeof nm, "%s/r%d_%05ld.tmp", a[0], r, i);
		int fd = open(nm, O_CREAT | O_WRONLY | O_TRUNC, 0644);
		if (fd < 0 || write(fd, b, 4096) != 4096) abort();
		close(fd);
	}
	for (long i = 0; i < n; i++) { snprintf(nm, sizeof nm, "%s/r%d_%05ld.tmp", a[0], r, i); unlink(nm); }
}

/* h53d FILE N C0 C1 C2: parallel HDF5, an N^3 double array in slabs along dim 0, chunks C0xC1xC2, one collective write */
static void h53d(char **a, int r, int np) {
	hsize_t n = atol(a[1]), dims[3] = {n, n, n}, ch[3] = {atol(a[2]), atol(a[3]), atol(a[4])};
	hsize_t cnt[3] = {n / np, n, n}, st[3] = {(n / np) * r, 0, 0};
	double *v = malloc(cnt[0] * n * n * sizeof *v); for (hsize_t i = 0; i < cnt[0] * n * n; i++) v[i] = i * 0.25 + r;
	hid_t fa = H5Pcreate(H5P_FILE_ACCESS); H5Pset_fapl_mpio(fa, MPI_COMM_WORLD, MPI_INFO_NULL);
	hid_t f = H5Fcreate(a[0], H5F_ACC_TRUNC, H5P_DEFAULT, fa), sp = H5Screate_simple(3, dims, NULL);
	hid_t dc = H5Pcreate(H5P_DATASET_CREATE); H5Pset_chunk(dc, 3, ch); H5Pset_fill_time(dc, H5D_FILL_TIME_NEVER);
	hid_t ds = H5Dcreate2(f, "field", H5T_NATIVE_DOUBLE, sp, H5P_DEFAULT, dc, H5P_DEFAULT);
	hid_t ms = H5Screate_simple(3, cnt, NULL); H5Sselect_hyperslab(sp, H5S_SELECT_SET, st, NULL, cnt, NULL);
	hid_t x = H5Pcreate(H5P_DATASET_XFER); H5Pset_dxpl_mpio(x, H5FD_MPIO_COLLECTIVE);
	H5Dwrite(ds, H5T_NATIVE_DOUBLE, ms, sp, x, v);
	H5Pclose(x); H5Sclose(ms); H5Dclose(ds); H5Pclose(dc); H5Sclose(sp); H5Fclose(f); H5Pclose(fa); free(v);
}

/* readskew FILE MIB FACTOR: POSIX preads of 1 MiB, rank np-1 reads FACTOR x MIB, the others MIB, disjoint regions */
static void readskew(char **a, int r, int np, char *b) {
	long base = atol(a[1]), fac = atol(a[2]), mine = r == np - 1 ? base * fac : base, start = (long)r * base;
	int fd = open(a[0], O_RDONLY); if (fd < 0) abort();
	for (long i = 0; i < mine; i++) if (pread(fd, b, MIB, (start + i) * MIB) != MIB) abort();
	close(fd); (void)np;
}

/* ordered FILE N SZ [at]: N MPI_File_write_ordered calls of SZ bytes a rank (shared file pointer, rank order);
 * at (the twin): the same records at the same offsets by independent MPI_File_write_at */
static void ordered(char **a, int r, char *b) {
	MPI_File fh; long n = atol(a[1]); int sz = atoi(a[2]);
	memset(b, 'a' + r, sz);
	MPI_File_open(MPI_COMM_WORLD, a[0], MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	int at = a[3] && !strcmp(a[3], "at"); int np; MPI_Comm_size(MPI_COMM_WORLD, &np);
	for (long i = 0; i < n; i++)
		if (at) MPI_File_write_at(fh, (MPI_Offset)(i * np + r) * sz, b, sz, MPI_BYTE, MPI_STATUS_IGNORE);
		else MPI_File_write_ordered(fh, b, sz, MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
}

/* iwrite FILE MIB: nonblocking MPI_File_iwrite_at of 1 MiB, own contiguous region, 8 in flight then MPI_Waitall */
static void iwrite(char **a, int r, char *b) {
	MPI_File fh; long n = atol(a[1]); MPI_Request q[8];
	MPI_File_open(MPI_COMM_WORLD, a[0], MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	for (long i = 0; i < n; i += 8) {
		for (int k = 0; k < 8; k++) MPI_File_iwrite_at(fh, (MPI_Offset)(r * n + i + k) * MIB, b + k * MIB, (int)MIB, MPI_BYTE, &q[k]);
		MPI_Waitall(8, q, MPI_STATUSES_IGNORE);
	}
	MPI_File_close(&fh);
}

/* randread FILE N: N POSIX preads of 1 MiB at random MiB-aligned offsets of the file (seed = rank) */
static void randread(char **a, int r, char *b) {
	long n = atol(a[1]); int fd = open(a[0], O_RDONLY); off_t sz = lseek(fd, 0, SEEK_END); srand(13 + r);
	for (long i = 0; i < n; i++) if (pread(fd, b, MIB, (off_t)(rand() % (sz / MIB)) * MIB) != MIB) abort();
	close(fd);
}

int main(int argc, char **argv) {
	int r, np; MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &r); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 3) { fprintf(stderr, "usage: par13 MODE ARGS\n"); return 2; }
	char *b = malloc(8 * MIB); memset(b, 'x', 8 * MIB);
	MPI_Barrier(MPI_COMM_WORLD); double t0 = now();
	char *m = argv[1], **a = argv + 2;
	if (!strcmp(m, "il4k")) il4k(a, r, np, b);
	else if (!strcmp(m, "tmpfiles")) tmpfiles(a, r, b);
	else if (!strcmp(m, "h53d")) h53d(a, r, np);
	else if (!strcmp(m, "readskew")) readskew(a, r, np, b);
	else if (!strcmp(m, "ordered")) ordered(a, r, b);
	else if (!strcmp(m, "iwrite")) iwrite(a, r, b);
	else if (!strcmp(m, "randread")) randread(a, r, b);
	else { fprintf(stderr, "par13: unknown mode %s\n", m); return 2; }
	double t = now() - t0, mx; MPI_Reduce(&t, &mx, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (r == 0) printf("par13 %s: %.3f s (slowest rank)\n", m, mx);
	MPI_Barrier(MPI_COMM_WORLD); free(b); MPI_Finalize(); return 0;
}
