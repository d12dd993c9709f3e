/* par16: MPI programs for triage round 16 (issue 34). Each prints the slowest rank's time from a barrier. */
#define _GNU_SOURCE
#include <mpi.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MIB (1024L * 1024L)

static double t0;
static int rank, nprocs;

static void die(const char *what) { perror(what); MPI_Abort(MPI_COMM_WORLD, 1); }

static void start(void) { MPI_Barrier(MPI_COMM_WORLD); t0 = MPI_Wtime(); }

static void stop(const char *name)
{
	double t = MPI_Wtime() - t0, mx;
	MPI_Reduce(&t, &mx, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (rank == 0) printf("%s: %.3f s (slowest rank, %d ranks)\n", name, mx, nprocs);
}

static void fill(char *b, long n, int seed) { for (long i = 0; i < n; i++) b[i] = (char)(i * 31 + seed); }

/* subagg: each rank writes its own subfile of mib MiB, then rank 0 reads every subfile and writes one merged file.
 * direct: each rank writes its part at its offset of the one shared file (no merge step). */
static void subagg(const char *dir, int mib, int direct)
{
	char *b = malloc(MIB), path[512];
	fill(b, MIB, rank);
	start();
	if (direct) {
		snprintf(path, sizeof path, "%s/merged-direct.dat", dir);
		int fd = open(path, O_WRONLY | O_CREAT, 0644);
		if (fd < 0) die(path);
		for (int i = 0; i < mib; i++)
			if (pwrite(fd, b, MIB, ((long)rank * mib + i) * MIB) != MIB) die("pwrite");
		close(fd);
	} else {
		snprintf(path, sizeof path, "%s/sub.%d", dir, rank);
		int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0) die(path);
		for (int i = 0; i < mib; i++)
			if (write(fd, b, MIB) != MIB) die("write");
		close(fd);
		MPI_Barrier(MPI_COMM_WORLD);
		if (rank == 0) {
			snprintf(path, sizeof path, "%s/merged.dat", dir);
			int out = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
			if (out < 0) die(path);
			for (int r = 0; r < nprocs; r++) {
				snprintf(path, sizeof path, "%s/sub.%d", dir, r);
				int in = open(path, O_RDONLY);
				if (in < 0) die(path);
				ssize_t n;
				while ((n = read(in, b, MIB)) > 0)
					if (write(out, b, n) != n) die("write");
				close(in);
			}
			fsync(out);
			close(out);
		}
	}
	stop(direct ? "direct" : "subagg");
	free(b);
}

/* readall: every rank reads the whole shared input in 1 MiB preads; bcast: rank 0 reads it and broadcasts each MiB. */
static void readall(const char *path, int bcast)
{
	char *b = malloc(MIB);
	start();
	long total = 0;
	if (!bcast || rank == 0) {
		int fd = open(path, O_RDONLY);
		if (fd < 0) die(path);
		ssize_t n;
		int more = 1;
		while (more) {
			n = pread(fd, b, MIB, total);
			if (n < 0) die("pread");
			more = n > 0;
			if (bcast) MPI_Bcast(&more, 1, MPI_INT, 0, MPI_COMM_WORLD);
			if (bcast && more) MPI_Bcast(b, (int)n, MPI_CHAR, 0, MPI_COMM_WORLD);
			total += n;
		}
		close(fd);
	} else {
		int more = 1;
		while (more) {
			MPI_Bcast(&more, 1, MPI_INT, 0, MPI_COMM_WORLD);
			if (more) MPI_Bcast(b, (int)MIB, MPI_CHAR, 0, MPI_COMM_WORLD);
		}
	}
	stop(bcast ? "read-bcast" : "read-all");
	free(b);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
	if (argc < 3) { if (!rank) fprintf(stderr, "usage: par16 mode args\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	if (!strcmp(argv[1], "subagg")) subagg(argv[2], atoi(argv[3]), 0);
	else if (!strcmp(argv[1], "direct")) subagg(argv[2], atoi(argv[3]), 1);
	else if (!strcmp(argv[1], "readall")) readall(argv[2], 0);
	else if (!strcmp(argv[1], "readbcast")) readall(argv[2], 1);
	MPI_Finalize();
	return 0;
}
