/* append_log: every rank appends N log lines of about 80 bytes to one
 * shared file opened O_APPEND, one write() a line (no buffering). */
#include <mpi.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	int rank, i, n, len;
	char line[128];
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	n = atoi(argv[2]);
	int fd = open(argv[1], O_CREAT | O_WRONLY | O_APPEND, 0644);
	for (i = 0; i < n; i++) {
		len = snprintf(line, sizeof line, "rank %04d step %08d residual %.12e status ok padding........\n", rank, i, 1.0 / (i + 1));
		if (write(fd, line, len) != len) perror("write");
	}
	close(fd);
	MPI_Finalize();
	return 0;
}
