/* Collective MPI-IO of small pieces: each rank writes NREC records of
 * 4 KiB with MPI_File_write_at_all, record i of rank r at offset
 * (i * nprocs + r) * 4096, one collective call a record. */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv)
{
	int rank, np, n;
	char rec[4096];
	MPI_File fh;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	n = atoi(argv[2]);
	memset(rec, 'a' + rank % 26, sizeof rec);
	MPI_File_open(MPI_COMM_WORLD, argv[1], MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	for (int i = 0; i < n; i++)
		MPI_File_write_at_all(fh, ((MPI_Offset)i * np + rank) * 4096, rec, 4096, MPI_CHAR, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	MPI_Finalize();
	return 0;
}
