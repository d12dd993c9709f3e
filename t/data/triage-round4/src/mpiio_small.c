/* Many-process MPI-IO, independent small writes: each rank writes NREC
 * records of 100 bytes with MPI_File_write_at, interleaved with the other
 * ranks' records in one shared file (offset (i * nprocs + rank) * 100), no
 * collective call, no hints. */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv)
{
	int rank, np, n;
	char rec[100];
	MPI_File fh;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	n = argc > 2 ? atoi(argv[2]) : 10000;
	memset(rec, 'a' + rank % 26, sizeof rec);
	MPI_File_open(MPI_COMM_WORLD, argv[1], MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	for (int i = 0; i < n; i++)
		MPI_File_write_at(fh, ((MPI_Offset)i * np + rank) * 100, rec, 100, MPI_CHAR, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	MPI_Finalize();
	return 0;
}
