/* raw: read after write of one file.
 * raw PATH MiB: with 1 rank, it writes MiB MiB in 4 MiB writes, then reads
 * the file back once in 4 MiB reads; with 2 ranks, rank 0 writes and
 * rank 1 reads the file back after a barrier. */
#include <mpi.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#define CH (4 << 20)
int main(int argc, char **argv)
{
	int rank, np, i, mib;
	char *buf;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	mib = atoi(argv[2]);
	buf = malloc(CH);
	memset(buf, 'r', CH);
	if (rank == 0) {
		int fd = open(argv[1], O_CREAT | O_WRONLY | O_TRUNC, 0644);
		for (i = 0; i < mib / 4; i++)
			if (write(fd, buf, CH) != CH) perror("write");
		close(fd);
	}
	MPI_Barrier(MPI_COMM_WORLD);
	if (rank == np - 1) {
		int fd = open(argv[1], O_RDONLY);
		for (i = 0; i < mib / 4; i++)
			if (read(fd, buf, CH) != CH) perror("read");
		close(fd);
	}
	MPI_Finalize();
	return 0;
}
