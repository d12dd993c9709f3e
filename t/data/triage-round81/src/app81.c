/* Round 81 MPI program: a 1-D Jacobi stencil with I/O between steps.
 * app81 fpp STEPS SWEEPS DIR   : every 10 steps each rank writes its own 8 MiB file in 1 MiB writes;
 *                                each step also reads /proc/self/status (excluded by Darshan)
 * app81 storm NFILES SWEEPS DIR: after the compute, each rank creates NFILES files of 4 KiB
 * app81 one NFILES SWEEPS DIR  : the same data appended to one file a rank (the storm's twin) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#define N (1 << 20)
static double a[N], b[N];
static void sweep(int n) {
	for (int s = 0; s < n; s++) {
		for (int i = 1; i < N - 1; i++) b[i] = 0.5 * a[i] + 0.25 * (a[i - 1] + a[i + 1]);
		memcpy(a, b, sizeof a);
	}
}
int main(int argc, char **argv) {
	int r, np; char p[512], buf[4096];
	MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &r); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 5) MPI_Abort(MPI_COMM_WORLD, 2);
	int steps = atoi(argv[2]), sw = atoi(argv[3]);
	for (int i = 0; i < N; i++) a[i] = b[i] = (i * 7 + r) % 13;
	MPI_Barrier(MPI_COMM_WORLD); double t0 = MPI_Wtime();
	if (!strcmp(argv[1], "fpp")) {
		for (int s = 1; s <= steps; s++) {
			sweep(sw);
			FILE *f = fopen("/proc/self/status", "r"); while (fgets(buf, sizeof buf, f)); fclose(f);
			if (s % 10) continue;
			snprintf(p, sizeof p, "%s/ck.%d.%d", argv[4], s, r);
			int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
			for (int k = 0; k < 8; k++) if (write(fd, (char *)a + k * (1 << 20), 1 << 20) < 0) MPI_Abort(MPI_COMM_WORLD, 3);
			close(fd);
		}
	} else {
		sweep(sw);
		memset(buf, 'a' + r, sizeof buf);
		int one = !strcmp(argv[1], "one"), fd = -1;
		if (one) { snprintf(p, sizeof p, "%s/all.%d", argv[4], r); fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644); }
		for (int s = 0; s < steps; s++) {
			if (!one) { snprintf(p, sizeof p, "%s/f.%d.%d", argv[4], r, s); fd = open(p, O_WRONLY | O_CREAT | O_TRUNC | O_SYNC, 0644); }
			if (write(fd, buf, sizeof buf) < 0) MPI_Abort(MPI_COMM_WORLD, 3);
			if (!one) close(fd);
		}
		if (one) { fsync(fd); close(fd); }
	}
	MPI_Barrier(MPI_COMM_WORLD);
	if (!r) printf("%s np %d: %.3f s\n", argv[1], np, MPI_Wtime() - t0);
	MPI_Finalize(); return 0;
}
