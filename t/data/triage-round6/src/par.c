/* MPI kinds for round 6: par MODE FILE ARGS */
#define _GNU_SOURCE
#include <mpi.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <time.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
/* busy computation for s seconds (not sleep: it holds a core) */
static volatile double sink;
static void compute(double s) { double t0 = now(), x = 1; while (now() - t0 < s) for (int i = 0; i < 100000; i++) x = x * 1.0000001 + 1e-9; sink = x; }
static void wfile(const char *path, long mib, size_t req, int syncevery) {
	char *b = malloc(req); memset(b, 'x', req);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	long n = mib * 1048576L / (long)req;
	for (long i = 0; i < n; i++) { if (write(fd, b, req) != (ssize_t)req) abort(); if (syncevery && (i + 1) % syncevery == 0) fsync(fd); }
	fsync(fd); close(fd); free(b);
}
int main(int argc, char **argv) {
	MPI_Init(&argc, &argv);
	int r, np; MPI_Comm_rank(MPI_COMM_WORLD, &r); MPI_Comm_size(MPI_COMM_WORLD, &np);
	const char *m = argv[1], *f = argv[2]; char p[512];
	if (!strcmp(m, "openstorm")) { /* all ranks open, read 64 B, close one shared file N times */
		int n = atoi(argv[3]); char b[64];
		if (r == 0) { int fd = open(f, O_WRONLY | O_CREAT | O_TRUNC, 0644); char z[4096] = {0}; write(fd, z, sizeof z); close(fd); }
		MPI_Barrier(MPI_COMM_WORLD);
		for (int i = 0; i < n; i++) { int fd = open(f, O_RDONLY); pread(fd, b, 64, r * 64); close(fd); }
	} else if (!strcmp(m, "fsyncall")) { /* every rank, own file, fsync after every write of K KiB */
		int n = atoi(argv[3]), k = atoi(argv[4]); char *b = malloc(k * 1024); memset(b, 'y', k * 1024);
		snprintf(p, sizeof p, "%s.%d", f, r); int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		for (int i = 0; i < n; i++) { write(fd, b, k * 1024); fsync(fd); }
		close(fd);
	} else if (!strcmp(m, "slowcomp")) { /* rank 0 computes S s longer; then all write MiB each */
		double s = atof(argv[3]); long mib = atol(argv[4]);
		compute(r == 0 ? s + 1 : 1);
		snprintf(p, sizeof p, "%s.%d", f, r); wfile(p, mib, 4 << 20, 0);
		MPI_Barrier(MPI_COMM_WORLD);
	} else if (!strcmp(m, "slowio")) { /* equal bytes; rank 0 writes in 4 KiB with fsync each 64 writes */
		long mib = atol(argv[3]);
		compute(1);
		snprintf(p, sizeof p, "%s.%d", f, r);
		if (r == 0) wfile(p, mib, 4096, 64); else wfile(p, mib, 4 << 20, 0);
		MPI_Barrier(MPI_COMM_WORLD);
	}
	MPI_Finalize();
	return 0;
}
