/* fpp_ckpt: file-per-process checkpoint and its restart.
 * fpp_ckpt w PREFIX MiB: each rank writes its own file PREFIX.RANK of MiB
 * MiB in 8 MiB write() calls and fsyncs it once; fpp_ckpt r PREFIX MiB:
 * each rank reads its file back in 8 MiB read() calls. */
#include <mpi.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#define CH (8 << 20)
int main(int argc, char **argv)
{
	int rank, i, mib;
	char path[512], *buf;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	mib = atoi(argv[3]);
	buf = malloc(CH);
	memset(buf, 'a' + rank, CH);
	snprintf(path, sizeof path, "%s.%d", argv[2], rank);
	if (argv[1][0] == 'w') {
		int fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0644);
		for (i = 0; i < mib / 8; i++)
			if (write(fd, buf, CH) != CH) perror("write");
		fsync(fd);
		close(fd);
	} else {
		int fd = open(path, O_RDONLY);
		for (i = 0; i < mib / 8; i++)
			if (read(fd, buf, CH) != CH) perror("read");
		close(fd);
	}
	MPI_Barrier(MPI_COMM_WORLD);
	MPI_Finalize();
	return 0;
}
