/* MPI kinds for round 8: par8 MODE FILE ARGS */
#define _GNU_SOURCE
#include <mpi.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MIB 1048576L
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
static volatile double sink;
static void compute(double s) { double t0 = now(), x = 0; while (now() - t0 < s) for (int i = 0; i < 100000; i++) x += i * 1e-9; sink = x; }

int main(int argc, char **argv) {
	MPI_Init(&argc, &argv);
	int r, np; MPI_Comm_rank(MPI_COMM_WORLD, &r); MPI_Comm_size(MPI_COMM_WORLD, &np);
	const char *m = argv[1], *f = argv[2]; char p[512]; char *b = malloc(32 * MIB); memset(b, 'a' + r, 32 * MIB);
	if (!strcmp(m, "coll")) { /* N calls of MPI_File_write_at_all, 1 MiB a rank each, interleaved by rank; argv[4] = cb_nodes hint or "default"; argv[5] "indep": MPI_File_write_at instead */
		long n = atol(argv[3]); MPI_Info info = MPI_INFO_NULL; MPI_File fh;
		if (strcmp(argv[4], "default")) { MPI_Info_create(&info); MPI_Info_set(info, "cb_nodes", argv[4]); }
		MPI_File_open(MPI_COMM_WORLD, f, MPI_MODE_CREATE | MPI_MODE_WRONLY, info, &fh);
		int ind = argc > 5 && !strcmp(argv[5], "indep"); /* after the score: the same writes independent */
		for (long i = 0; i < n; i++) (ind ? MPI_File_write_at : MPI_File_write_at_all)(fh, (MPI_Offset)(i * np + r) * MIB, b, (int)MIB, MPI_BYTE, MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
	} else if (!strcmp(m, "skew")) { /* shared file: rank 0 writes 4*MIB MiB, the others MIB MiB, 1 MiB pwrites in own region; barrier */
		long mib = atol(argv[3]), mine = r == 0 ? 4 * mib : mib, start = r == 0 ? 0 : 4 * mib + (r - 1) * mib;
		if (r == 0) { int fd = open(f, O_WRONLY | O_CREAT | O_TRUNC, 0644); close(fd); }
		MPI_Barrier(MPI_COMM_WORLD);
		int fd = open(f, O_WRONLY); for (long i = 0; i < mine; i++) if (pwrite(fd, b, MIB, (start + i) * MIB) != MIB) abort(); close(fd);
		MPI_Barrier(MPI_COMM_WORLD);
	} else if (!strcmp(m, "unal")) { /* shared file: each rank N writes of 1 MiB + 17 B, contiguous in its own region */
		long n = atol(argv[3]), k = MIB + 17;
		if (r == 0) { int fd = open(f, O_WRONLY | O_CREAT | O_TRUNC, 0644); close(fd); }
		MPI_Barrier(MPI_COMM_WORLD);
		int fd = open(f, O_WRONLY); for (long i = 0; i < n; i++) if (pwrite(fd, b, k, (r * n + i) * k) != k) abort(); close(fd);
	} else if (!strcmp(m, "fwrite")) { /* each rank fwrite MIB MiB in 1 MiB calls to its own file */
		long mib = atol(argv[3]); snprintf(p, sizeof p, "%s.%d", f, r); FILE *fp = fopen(p, "w");
		for (long i = 0; i < mib; i++) if (fwrite(b, 1, MIB, fp) != (size_t)MIB) abort(); fclose(fp);
	} else if (!strcmp(m, "ckpt")) { /* S x (compute C s, each rank writes MIB MiB in 4 MiB writes to FILE.step.rank) */
		long s = atol(argv[3]), mib = atol(argv[4]); double c = atof(argv[5]);
		for (long j = 0; j < s; j++) { compute(c); snprintf(p, sizeof p, "%s.%ld.%d", f, j, r); int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
			for (long i = 0; i < mib / 4; i++) if (write(fd, b, 4 * MIB) != 4 * MIB) abort(); close(fd); MPI_Barrier(MPI_COMM_WORLD); }
	} else if (!strcmp(m, "restart")) { /* each rank reads FILE.STEP.rank in 4 MiB reads */
		snprintf(p, sizeof p, "%s.%s.%d", f, argv[3], r); int fd = open(p, O_RDONLY); while (read(fd, b, 4 * MIB) > 0) ; close(fd);
		MPI_Barrier(MPI_COMM_WORLD);
	} else if (!strcmp(m, "compute")) { /* S x (compute C s, collective write of MIB MiB a rank in one call, contiguous per rank per step) */
		long s = atol(argv[3]), mib = atol(argv[4]); double c = atof(argv[5]); MPI_File fh;
		MPI_File_open(MPI_COMM_WORLD, f, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
		for (long j = 0; j < s; j++) { compute(c);
			MPI_File_write_at_all(fh, (MPI_Offset)((j * np + r) * mib) * MIB, b, (int)(mib * MIB), MPI_BYTE, MPI_STATUS_IGNORE); }
		MPI_File_close(&fh);
	}
	free(b); MPI_Finalize(); return 0;
}
