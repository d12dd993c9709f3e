/* A long run with an fsync per step: every rank runs steps of STEP_MS
 * milliseconds of "compute" (sleep), appends a 200-byte record to its own
 * journal and fsyncs it after each step; every CKPT steps each rank also
 * writes a 16 MiB checkpoint of its own (4 MiB writes, no fsync). */
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	int rank, steps = atoi(argv[2]), ms = atoi(argv[3]), ckpt = atoi(argv[4]);
	char path[512], rec[200];
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	char *b = malloc(4 << 20);
	memset(b, 'a' + rank, 4 << 20);
	snprintf(path, sizeof path, "%s.journal.%d", argv[1], rank);
	int jfd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0644);
	for (int s = 1; s <= steps; s++) {
		nanosleep(&ts, NULL);
		snprintf(rec, sizeof rec, "%-199d", s);
		rec[199] = '\n';
		if (write(jfd, rec, sizeof rec) != (ssize_t)sizeof rec || fsync(jfd) != 0)
			MPI_Abort(MPI_COMM_WORLD, 1);
		if (s % ckpt == 0) {
			snprintf(path, sizeof path, "%s.ckpt.%d.%d", argv[1], s / ckpt, rank);
			int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
			for (int i = 0; i < 4; i++)
				if (write(fd, b, 4 << 20) != 4 << 20)
					MPI_Abort(MPI_COMM_WORLD, 1);
			close(fd);
		}
	}
	close(jfd);
	free(b);
	MPI_Finalize();
	return 0;
}
