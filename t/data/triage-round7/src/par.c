/* MPI kinds for round 7: par MODE FILE ARGS */
#define _GNU_SOURCE
#include <mpi.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
	MPI_Init(&argc, &argv);
	int r, np; MPI_Comm_rank(MPI_COMM_WORLD, &r); MPI_Comm_size(MPI_COMM_WORLD, &np);
	const char *m = argv[1], *f = argv[2]; char p[512];
	if (!strcmp(m, "n1")) { /* N-1 shared file: each rank writes MIB MiB in K KiB pwrites, interleaved by rank (segment i of rank r at (i*np+r)*K) */
		long mib = atol(argv[3]); size_t k = (size_t)atol(argv[4]) * 1024; char *b = malloc(k); memset(b, 'a' + r, k);
		if (r == 0) { int fd = open(f, O_WRONLY | O_CREAT | O_TRUNC, 0644); close(fd); }
		MPI_Barrier(MPI_COMM_WORLD);
		int fd = open(f, O_WRONLY); long n = mib * 1048576L / (long)k;
		for (long i = 0; i < n; i++) if (pwrite(fd, b, k, (off_t)(i * np + r) * (off_t)k) != (ssize_t)k) abort();
		close(fd); free(b);
	} else if (!strcmp(m, "idle")) { /* rank 0 writes MIB MiB in 1 MiB writes; the other ranks do no I/O */
		if (r == 0) { long mib = atol(argv[3]); char *b = malloc(1 << 20); memset(b, 'x', 1 << 20);
			int fd = open(f, O_WRONLY | O_CREAT | O_TRUNC, 0644); for (long i = 0; i < mib; i++) if (write(fd, b, 1 << 20) != 1 << 20) abort(); fsync(fd); close(fd); free(b); }
		MPI_Barrier(MPI_COMM_WORLD);
	} else if (!strcmp(m, "applog")) { /* each rank appends N lines to its own log with fprintf, fflush every E lines */
		long n = atol(argv[3]), e = atol(argv[4]); snprintf(p, sizeof p, "%s.%d.log", f, r);
		FILE *fp = fopen(p, "a"); for (long i = 0; i < n; i++) { fprintf(fp, "step %ld rank %d residual %.6e ok\n", i, r, 1.0 / (i + 1)); if ((i + 1) % e == 0) fflush(fp); } fclose(fp);
	}
	MPI_Finalize(); return 0;
}
