/* app140: finite-element-like MPI job doing real I/O patterns of structural analysis codes (round 140).
 * fem   NSTEPS MESHMB DIR       each rank reads its slice of DIR/mesh.bin collectively, then per load step
 *                               writes its element results collectively to DIR/results.dat; rank 0 appends
 *                               one line a step to the results database DIR/results.db (stdio).
 * solve FACTMB REQKB DIR        direct solver out of core: each rank writes its factor DIR/factor.RANK once
 *                               (FACTMB MiB in REQKB requests), drops it from the page cache, reads it back
 *                               in the solve in the same requests.
 * storm NSTEPS NBLK DIR         per load step each rank writes its 400 KiB of results split over NBLK files
 *                               DIR/sNNN/blk.R.B (open, write, close each). */
#include <mpi.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int rank, np;

static double work(long n)	/* stands for element assembly / factorisation flops */
{
	volatile double s = 0;
	for (long i = 1; i <= n; i++)
		s += 1.0 / (double)i;
	return s;
}

static void fem(int nsteps, int meshmb, const char *dir)
{
	char p[512];
	MPI_File fh;
	MPI_Offset slice = (MPI_Offset)meshmb * 1048576 / np, res = 1048576;
	char *buf = malloc(slice), *out = malloc(res);
	snprintf(p, sizeof p, "%s/mesh.bin", dir);
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
	MPI_File_read_at_all(fh, rank * slice, buf, (int)slice, MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	snprintf(p, sizeof p, "%s/results.dat", dir);
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	for (int s = 0; s < nsteps; s++) {
		double e = work(30000000);
		for (MPI_Offset i = 0; i < res; i++)
			out[i] = buf[(i * 7 + s) % slice] ^ (char)e;
		MPI_File_write_at_all(fh, ((MPI_Offset)s * np + rank) * res, out, (int)res, MPI_BYTE, MPI_STATUS_IGNORE);
		if (rank == 0) {
			snprintf(p, sizeof p, "%s/results.db", dir);
			FILE *f = fopen(p, "a");
			fprintf(f, "step %d load %.3f max_disp %.6e energy %.6e\n", s, 0.1 * (s + 1), e * 1e-3, e);
			fclose(f);
		}
	}
	MPI_File_close(&fh);
	free(buf);
	free(out);
}

static void solve(int factmb, int reqkb, const char *dir)
{
	char p[512];
	size_t req = (size_t)reqkb * 1024, tot = (size_t)factmb * 1048576;
	char *b = malloc(req);
	snprintf(p, sizeof p, "%s/factor.%d", dir, rank);
	int fd = open(p, O_CREAT | O_TRUNC | O_RDWR, 0644);
	work(80000000);
	for (size_t o = 0; o < tot; o += req) {
		memset(b, (int)(o / req), req);
		if (pwrite(fd, b, req, (off_t)o) != (ssize_t)req)
			MPI_Abort(MPI_COMM_WORLD, 2);
	}
	fsync(fd);
	posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	work(40000000);
	long sum = 0;
	for (size_t o = 0; o < tot; o += req) {	/* forward and back substitution read the factor once */
		if (pread(fd, b, req, (off_t)o) != (ssize_t)req)
			MPI_Abort(MPI_COMM_WORLD, 3);
		sum += b[0];
	}
	close(fd);
	if (rank == 0)
		printf("solve sum %ld\n", sum);
	free(b);
}

static void storm(int nsteps, int nblk, const char *dir)
{
	char p[512];
	size_t per = 400 * 1024 / nblk;
	char *b = calloc(1, per);
	for (int s = 0; s < nsteps; s++) {
		snprintf(p, sizeof p, "%s/s%03d", dir, s);
		if (rank == 0)
			mkdir(p, 0755);
		MPI_Barrier(MPI_COMM_WORLD);
		work(10000000);
		for (int k = 0; k < nblk; k++) {
			snprintf(p, sizeof p, "%s/s%03d/blk.%d.%d", dir, s, rank, k);
			int fd = open(p, O_CREAT | O_TRUNC | O_WRONLY, 0644);
			memset(b, s + k, per);
			if (write(fd, b, per) != (ssize_t)per)
				MPI_Abort(MPI_COMM_WORLD, 4);
			close(fd);
		}
	}
	free(b);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 5)
		MPI_Abort(MPI_COMM_WORLD, 1);
	int a = atoi(argv[2]), b = atoi(argv[3]);
	if (!strcmp(argv[1], "fem"))
		fem(a, b, argv[4]);
	else if (!strcmp(argv[1], "solve"))
		solve(a, b, argv[4]);
	else if (!strcmp(argv[1], "storm"))
		storm(a, b, argv[4]);
	MPI_Finalize();
	return 0;
}
