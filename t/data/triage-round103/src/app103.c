/* app103: round 103's MPI jobs. cfd: a solver that checkpoints 8 MiB a rank collectively at the end and
 * logs one stdio line an iteration on rank 0; viz: post-processing that reads the checkpoint collectively and
 * rank 0 writes one PPM image. Usage: app103 cfd|viz ITERS DIR */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define MB (1<<20)
static double work(long n, double x) { for (long i = 0; i < n; i++) x = x * 1.0000001 + 1e-9; return x; }
int main(int argc, char **argv)
{
	int r, np; char p[512]; MPI_File fh; double x = 1;
	MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &r); MPI_Comm_size(MPI_COMM_WORLD, &np);
	int it = atoi(argv[2]); char *d = argv[3]; size_t n = 8 * MB;
	char *buf = malloc(n); memset(buf, r + 1, n);
	if (!strcmp(argv[1], "cfd")) {
		FILE *lg = NULL;
		if (r == 0) { snprintf(p, sizeof p, "%s/solver.log", d); lg = fopen(p, "w"); }
		for (int i = 0; i < it; i++) {
			x = work(20000000, x);
			if (lg) fprintf(lg, "iter %5d residual %.6e\n", i, 1.0 / (i + 1));
		}
		if (lg) fclose(lg);
		snprintf(p, sizeof p, "%s/restart.chk", d);
		MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
		MPI_File_write_at_all(fh, (MPI_Offset)r * n, buf, (int)n, MPI_BYTE, MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
	} else {
		snprintf(p, sizeof p, "%s/restart.chk", d);
		MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
		MPI_File_read_at_all(fh, (MPI_Offset)r * n, buf, (int)n, MPI_BYTE, MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
		for (int i = 0; i < it; i++) x = work(20000000, x + buf[i % n]);
		if (r == 0) {
			snprintf(p, sizeof p, "%s/frame.ppm", d); FILE *f = fopen(p, "w");
			fprintf(f, "P6 512 512 255\n"); fwrite(buf, 1, 512 * 512 * 3, f); fclose(f);
		}
	}
	if (r == 0) printf("x=%g\n", x);
	free(buf); MPI_Finalize(); return 0;
}
