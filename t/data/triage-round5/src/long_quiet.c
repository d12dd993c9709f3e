/* long_quiet: a 10+ minute run whose I/O is well under 1 %: each rank
 * sleeps STEP seconds N times (stands for compute) and writes a 256 KiB
 * result block to its own file after each step; rank 0 reads an input
 * file of 1 MiB once at the start. */
#include <mpi.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	int rank, n, step, i;
	char path[512], *buf;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	n = atoi(argv[2]);
	step = atoi(argv[3]);
	buf = malloc(1 << 20);
	memset(buf, 'q', 1 << 20);
	if (rank == 0) {
		snprintf(path, sizeof path, "%s.in", argv[1]);
		int fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0644);
		if (write(fd, buf, 1 << 20) < 0) perror("write");
		close(fd);
		fd = open(path, O_RDONLY);
		if (read(fd, buf, 1 << 20) < 0) perror("read");
		close(fd);
	}
	snprintf(path, sizeof path, "%s.%d", argv[1], rank);
	int fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0644);
	for (i = 0; i < n; i++) {
		sleep(step);
		if (write(fd, buf, 256 << 10) < 0) perror("write");
		MPI_Barrier(MPI_COMM_WORLD);
	}
	close(fd);
	MPI_Finalize();
	return 0;
}
