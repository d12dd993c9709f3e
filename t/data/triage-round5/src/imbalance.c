/* imbalance: each rank writes its own file in 4 MiB writes and fsyncs it;
 * imbalance PREFIX MiB HEAVY: rank 0 writes HEAVY times MiB, the others
 * MiB (HEAVY 1: balanced).  A barrier after, as a time step would. */
#include <mpi.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#define CH (4 << 20)
int main(int argc, char **argv)
{
	int rank, i, mib, heavy;
	char path[512], *buf;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	mib = atoi(argv[2]);
	heavy = atoi(argv[3]);
	if (rank == 0) mib *= heavy;
	buf = malloc(CH);
	memset(buf, 'i', CH);
	snprintf(path, sizeof path, "%s.%d", argv[1], rank);
	int fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0644);
	for (i = 0; i < mib / 4; i++)
		if (write(fd, buf, CH) != CH) perror("write");
	fsync(fd);
	close(fd);
	MPI_Barrier(MPI_COMM_WORLD);
	MPI_Finalize();
	return 0;
}
