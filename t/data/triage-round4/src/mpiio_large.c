/* Well-behaved MPI-IO independent I/O: each rank writes 16 blocks of
 * 4 MiB contiguously into its own region of a shared file, then reads
 * its region back once to check it. */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv)
{
	int rank, bad = 0;
	const int bs = 4 << 20, nb = 16;
	MPI_File fh;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	char *b = malloc(bs), *c = malloc(bs);
	memset(b, 'a' + rank, bs);
	MPI_File_open(MPI_COMM_WORLD, argv[1], MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
	for (int i = 0; i < nb; i++)
		MPI_File_write_at(fh, ((MPI_Offset)rank * nb + i) * bs, b, bs, MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_sync(fh);
	for (int i = 0; i < nb; i++) {
		MPI_File_read_at(fh, ((MPI_Offset)rank * nb + i) * bs, c, bs, MPI_BYTE, MPI_STATUS_IGNORE);
		bad += memcmp(b, c, bs) != 0;
	}
	MPI_File_close(&fh);
	free(b);
	free(c);
	MPI_Finalize();
	return bad != 0;
}
