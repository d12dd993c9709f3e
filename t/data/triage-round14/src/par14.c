/* MPI kinds for round 14: par14 MODE ARGS (each prints the slowest rank's time from a barrier before its I/O) */
#define _GNU_SOURCE
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MIB 1048576L
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
static volatile double sink;
static void compute(double s) { double t = now(), x = 1; while (now() - t < s) for (int i = 0; i < 100000; i++) x = x * 1.0000001 + 1e-9; sink = x; }

/* cfg FILE SECS: every rank reads the same small config file once (fopen, fgets, fclose), then computes SECS s */
static void cfg(char **a) {
	char line[256]; long n = 0; FILE *f = fopen(a[0], "r"); if (!f) abort();
	while (fgets(line, sizeof line, f)) n += strlen(line);
	fclose(f); sink = n; compute(atof(a[1]));
}

/* sparse FILE GIB KIB: each rank writes KIB KiB at 4 offsets rank*4*GIB + k*GIB GiB of one shared file (MPI_File_write_at) */
static void sparse(char **a, int r, char *b) {
	MPI_File fh; long g = atol(a[1]), kb = atol(a[2]);
	MPI_File_open(MPI_COMM_WORLD, a[0], MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	for (int k = 0; k < 4; k++) MPI_File_write_at(fh, ((MPI_Offset)r * 4 + k) * g * 1024 * MIB, b, (int)(kb * 1024), MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
}

/* subarr FILE N coll|indep: an NxN double array in a 2x2 block decomposition (4 ranks), a subarray file view, one write */
static void subarr(char **a, int r, int np) {
	MPI_File fh; MPI_Datatype t; int n = atoi(a[1]), coll = !strcmp(a[2], "coll");
	int gs[2] = {n, n}, ls[2] = {n / 2, n / 2}, st[2] = {(r / 2) * n / 2, (r % 2) * n / 2};
	double *v = malloc((size_t)ls[0] * ls[1] * sizeof *v); for (long i = 0; i < (long)ls[0] * ls[1]; i++) v[i] = i + r;
	MPI_Type_create_subarray(2, gs, ls, st, MPI_ORDER_C, MPI_DOUBLE, &t); MPI_Type_commit(&t);
	MPI_File_open(MPI_COMM_WORLD, a[0], MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	MPI_File_set_view(fh, 0, MPI_DOUBLE, t, "native", MPI_INFO_NULL);
	if (coll) MPI_File_write_all(fh, v, ls[0] * ls[1], MPI_DOUBLE, MPI_STATUS_IGNORE);
	else MPI_File_write(fh, v, ls[0] * ls[1], MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh); MPI_Type_free(&t); free(v); (void)np;
}

/* prealloc FILE MIB pre|size: MPI_File_preallocate (pre) or MPI_File_set_size (size) of the whole file, then each rank
 * writes its own contiguous MIB MiB in 4 MiB MPI_File_write_at calls */
static void prealloc(char **a, int r, int np, char *b) {
	MPI_File fh; long m = atol(a[1]);
	MPI_File_open(MPI_COMM_WORLD, a[0], MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	if (!strcmp(a[2], "pre")) MPI_File_preallocate(fh, (MPI_Offset)np * m * MIB);
	else MPI_File_set_size(fh, (MPI_Offset)np * m * MIB);
	for (long i = 0; i < m; i += 4) MPI_File_write_at(fh, ((MPI_Offset)r * m + i) * MIB, b, (int)(4 * MIB), MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
}

/* statrank DIR MIB: ranks 0..np-2 each write DIR/part.R (MIB MiB in 1 MiB writes); the last rank only polls them
 * with stat() every 1 ms until all have their size (a monitor rank) */
static void statrank(char **a, int r, int np, char *b) {
	long m = atol(a[1]); char nm[512];
	if (r < np - 1) {
		snprintf(nm, sizeof nm, "%s/part.%d", a[0], r);
		int fd = open(nm, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (fd < 0) abort();
		for (long i = 0; i < m; i++) if (write(fd, b, MIB) != MIB) abort();
		close(fd); return;
	}
	for (int done = 0; done < np - 1; usleep(1000)) {
		done = 0;
		for (int k = 0; k < np - 1; k++) { struct stat s; snprintf(nm, sizeof nm, "%s/part.%d", a[0], k); if (!stat(nm, &s) && s.st_size == m * MIB) done++; }
	}
}

/* cread FILE N SZ coll|view: N MPI_File_read_at_all of SZ bytes a rank, pieces interleaved by rank (piece i*np+r);
 * view (the twin): the same pieces through a vector file view in one MPI_File_read_all */
static void cread(char **a, int r, int np, char *b) {
	MPI_File fh; long n = atol(a[1]); int sz = atoi(a[2]);
	MPI_File_open(MPI_COMM_WORLD, a[0], MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
	if (!strcmp(a[3], "view")) {
		MPI_Datatype v, t; MPI_Type_vector((int)n, sz, sz * np, MPI_BYTE, &v);
		MPI_Type_create_resized(v, 0, (MPI_Aint)n * sz * np, &t); MPI_Type_commit(&t);
		MPI_File_set_view(fh, (MPI_Offset)r * sz, MPI_BYTE, t, "native", MPI_INFO_NULL);
		MPI_File_read_all(fh, b, (int)(n * sz), MPI_BYTE, MPI_STATUS_IGNORE);
		MPI_Type_free(&t); MPI_Type_free(&v);
	} else
		for (long i = 0; i < n; i++) MPI_File_read_at_all(fh, (MPI_Offset)(i * np + r) * sz, b + i * sz, sz, MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
}

/* msync FILE N KIB each|end: N MPI_File_write_at of KIB KiB a rank (own contiguous region of one shared file),
 * MPI_File_sync after each write (each) or once at the end (end) */
static void msync(char **a, int r, char *b) {
	MPI_File fh; long n = atol(a[1]), sz = atol(a[2]) * 1024; int each = !strcmp(a[3], "each");
	MPI_File_open(MPI_COMM_WORLD, a[0], MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	for (long i = 0; i < n; i++) {
		MPI_File_write_at(fh, ((MPI_Offset)r * n + i) * sz, b, (int)sz, MPI_BYTE, MPI_STATUS_IGNORE);
		if (each) MPI_File_sync(fh);
	}
	if (!each) MPI_File_sync(fh);
	MPI_File_close(&fh);
}

int main(int argc, char **argv) {
	int r, np; MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &r); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 3) { fprintf(stderr, "usage: par14 MODE ARGS\n"); return 2; }
	char *b = malloc(8 * MIB); memset(b, 'x', 8 * MIB);
	MPI_Barrier(MPI_COMM_WORLD); double t0 = now();
	char *m = argv[1], **a = argv + 2;
	if (!strcmp(m, "cfg")) cfg(a);
	else if (!strcmp(m, "sparse")) sparse(a, r, b);
	else if (!strcmp(m, "subarr")) subarr(a, r, np);
	else if (!strcmp(m, "prealloc")) prealloc(a, r, np, b);
	else if (!strcmp(m, "statrank")) statrank(a, r, np, b);
	else if (!strcmp(m, "cread")) cread(a, r, np, b);
	else if (!strcmp(m, "msync")) msync(a, r, b);
	else { fprintf(stderr, "par14: unknown mode %s\n", m); return 2; }
	double t = now() - t0, mx; MPI_Reduce(&t, &mx, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (r == 0) printf("par14 %s: %.3f s (slowest rank)\n", m, mx);
	MPI_Barrier(MPI_COMM_WORLD); free(b); MPI_Finalize(); return 0;
}
