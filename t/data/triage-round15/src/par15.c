/* par15: MPI programs for the fifteenth labelled round (issue 34); each prints the slowest rank's time */
#define _GNU_SOURCE
#include <mpi.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

static int rank, np;
#define MiB (1L << 20)

/* trunc FILE MIB MODE: ranks in turn (a barrier each) open one shared file O_CREAT|O_WRONLY, every rank with
 * O_TRUNC (MODE each) or only rank 0 (MODE first), and pwrite MIB MiB in 1 MiB pieces to their own region */
static void trunc_chain(char **a, char *b) {
	long n = atol(a[1]); int each = !strcmp(a[2], "each");
	for (int r = 0; r < np; r++) {
		if (r == rank) {
			int fl = O_CREAT | O_WRONLY | ((each || rank == 0) ? O_TRUNC : 0);
			int fd = open(a[0], fl, 0644); if (fd < 0) abort();
			for (long i = 0; i < n; i++) if (pwrite(fd, b, MiB, (rank * n + i) * MiB) != MiB) abort();
			close(fd);
		}
		MPI_Barrier(MPI_COMM_WORLD);
	}
}

/* ckpt DIR MIB TIMES: each rank writes its own DIR/ckpt.RANK of MIB MiB in 1 MiB writes, TIMES times in a row
 * (each time open O_TRUNC, write, close: the same checkpoint rewritten), then fsync */
static void ckpt(char **a, char *b) {
	long n = atol(a[1]), t = atol(a[2]); char p[4096];
	snprintf(p, sizeof p, "%s/ckpt.%d", a[0], rank);
	for (long k = 0; k < t; k++) {
		int fd = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (fd < 0) abort();
		for (long i = 0; i < n; i++) { b[0] = (char)k; if (write(fd, b, MiB) != MiB) abort(); }
		if (k == t - 1) fsync(fd);
		close(fd);
	}
}

/* gather FILE MIB SPIN MODE: SPIN s of computation a rank, then MODE rank0: MPI_Gather of MIB MiB a rank to rank 0,
 * which writes them in 4 MiB writes; MODE all: every rank pwrites its MIB MiB at its offset of the shared file */
static void gather(char **a, char *b) {
	long n = atol(a[1]); double spin = atof(a[2]), t = MPI_Wtime(); volatile double x = 0;
	while (MPI_Wtime() - t < spin) for (int i = 0; i < 100000; i++) x += i * 1e-9;
	memset(b, 'a' + rank, n * MiB);
	if (!strcmp(a[3], "rank0")) {
		char *all = rank == 0 ? malloc(n * MiB * np) : NULL;
		MPI_Gather(b, (int)(n * MiB), MPI_BYTE, all, (int)(n * MiB), MPI_BYTE, 0, MPI_COMM_WORLD);
		if (rank == 0) {
			int fd = open(a[0], O_CREAT | O_WRONLY | O_TRUNC, 0644); if (fd < 0) abort();
			for (long o = 0; o < n * np; o += 4) if (write(fd, all + o * MiB, 4 * MiB) != 4 * MiB) abort();
			close(fd); free(all);
		}
	} else {
		int fd = open(a[0], O_CREAT | O_WRONLY, 0644); if (fd < 0) abort();
		for (long o = 0; o < n; o += 4) if (pwrite(fd, b + o * MiB, 4 * MiB, (rank * n + o) * MiB) != 4 * MiB) abort();
		close(fd);
	}
}

/* stall DIR MIB: each rank writes its own DIR/part.RANK (MIB MiB, 1 MiB writes); the slow open is the shim's */
static void stall(char **a, char *b) {
	long n = atol(a[1]); char p[4096];
	snprintf(p, sizeof p, "%s/part.%d", a[0], rank);
	int fd = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (fd < 0) abort();
	for (long i = 0; i < n; i++) if (write(fd, b, MiB) != MiB) abort();
	close(fd);
}

/* coll FILE MIB [indep]: one shared file, each rank its own contiguous MIB MiB through MPI_File_write_at_all of 2 MiB
 * (collective, contiguous blocks: a healthy N-1 checkpoint); indep: MPI_File_write_at (the twin) */
static void coll(char **a, char *b) {
	long n = atol(a[1]); MPI_File fh;
	MPI_File_open(MPI_COMM_WORLD, a[0], MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	int ind = a[2] && !strcmp(a[2], "indep");
	for (long i = 0; i < n; i += 2)
		if (ind) MPI_File_write_at(fh, (rank * n + i) * MiB, b, (int)(2 * MiB), MPI_BYTE, MPI_STATUS_IGNORE);
		else MPI_File_write_at_all(fh, (rank * n + i) * MiB, b, (int)(2 * MiB), MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
}

/* mixedfs DISK SHM MIB: ranks 0..np-2 write DISK/part.RANK, the last rank SHM/part.RANK (tmpfs), MIB MiB in 1 MiB
 * writes and an fsync each: the same bytes a rank, one rank on memory */
static void mixedfs(char **a, char *b) {
	long n = atol(a[2]); char p[4096];
	snprintf(p, sizeof p, "%s/part.%d", rank == np - 1 ? a[1] : a[0], rank);
	int fd = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (fd < 0) abort();
	for (long i = 0; i < n; i++) if (write(fd, b, MiB) != MiB) abort();
	fsync(fd); close(fd);
}

int main(int argc, char **argv) {
	MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 3) { if (!rank) fprintf(stderr, "usage: par15 MODE ARGS\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	char *m = argv[1], **a = argv + 2, *b = malloc(64 * MiB); memset(b, 'x', 64 * MiB);
	MPI_Barrier(MPI_COMM_WORLD); double t0 = MPI_Wtime();
	if (!strcmp(m, "trunc")) trunc_chain(a, b);
	else if (!strcmp(m, "ckpt")) ckpt(a, b);
	else if (!strcmp(m, "gather")) gather(a, b);
	else if (!strcmp(m, "stall")) stall(a, b);
	else if (!strcmp(m, "coll")) coll(a, b);
	else if (!strcmp(m, "mixedfs")) mixedfs(a, b);
	else { if (!rank) fprintf(stderr, "par15: unknown mode %s\n", m); MPI_Abort(MPI_COMM_WORLD, 2); }
	double t = MPI_Wtime() - t0, mx; MPI_Reduce(&t, &mx, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (!rank) printf("par15 %s: %.3f s\n", m, mx);
	free(b); MPI_Finalize(); return 0;
}
