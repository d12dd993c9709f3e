/* A long run with sparse I/O phases: NPHASE times, every rank "computes"
 * (sleeps) SLEEP seconds, then all ranks write a 16 MiB block each with one
 * collective MPI_File_write_at_all into a new checkpoint file. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	int rank, nphase = atoi(argv[2]), secs = atoi(argv[3]);
	const int bs = 16 << 20;
	char path[512];
	MPI_File fh;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	char *b = malloc(bs);
	memset(b, 'a' + rank, bs);
	for (int p = 0; p < nphase; p++) {
		sleep(secs);
		snprintf(path, sizeof path, "%s.%d", argv[1], p);
		MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
		MPI_File_write_at_all(fh, (MPI_Offset)rank * bs, b, bs, MPI_BYTE, MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
	}
	free(b);
	MPI_Finalize();
	return 0;
}
