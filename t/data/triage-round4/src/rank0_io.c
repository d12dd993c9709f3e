/* Rank 0 does all the I/O: every rank computes 32 MiB, MPI_Gather sends it
 * to rank 0, which writes the whole checkpoint with POSIX write() in 1 MiB
 * pieces and fsyncs once; the other ranks open no file. */
#include <fcntl.h>
#include <mpi.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	int rank, np;
	const size_t per = 32 << 20;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	char *mine = malloc(per), *all = NULL;
	memset(mine, 'a' + rank, per);
	if (rank == 0)
		all = malloc(per * np);
	MPI_Gather(mine, (int)per, MPI_BYTE, all, (int)per, MPI_BYTE, 0, MPI_COMM_WORLD);
	if (rank == 0) {
		int fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
		for (size_t o = 0; o < per * np; o += 1 << 20)
			if (write(fd, all + o, 1 << 20) != 1 << 20)
				MPI_Abort(MPI_COMM_WORLD, 1);
		fsync(fd);
		close(fd);
	}
	MPI_Barrier(MPI_COMM_WORLD);
	free(mine);
	free(all);
	MPI_Finalize();
	return 0;
}
