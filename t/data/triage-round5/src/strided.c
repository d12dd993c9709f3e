/* strided: N-1 strided shared file through an MPI file view.
 * strided i|c PATH BLOCKS BLOCK_BYTES: each rank's view is a vector of
 * BLOCKS blocks of BLOCK_BYTES, stride nprocs blocks, displaced rank
 * blocks (round-robin interleaving); the rank writes all its blocks in
 * one MPI_File_write (i: independent, non-contiguous in the file) or
 * MPI_File_write_all (c: collective), 8 calls of BLOCKS/8 blocks. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv)
{
	int rank, np, blocks, bs, i, per;
	MPI_File fh;
	MPI_Datatype ft, et;
	char *buf;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	blocks = atoi(argv[3]);
	bs = atoi(argv[4]);
	per = blocks / 8;
	buf = malloc((size_t)per * bs);
	memset(buf, 'a' + rank, (size_t)per * bs);
	MPI_Type_contiguous(bs, MPI_BYTE, &et);
	MPI_Type_commit(&et);
	MPI_Type_vector(blocks, 1, np, et, &ft);
	MPI_Type_commit(&ft);
	MPI_File_open(MPI_COMM_WORLD, argv[2], MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	MPI_File_set_view(fh, (MPI_Offset)rank * bs, et, ft, "native", MPI_INFO_NULL);
	for (i = 0; i < 8; i++) {
		if (argv[1][0] == 'c')
			MPI_File_write_all(fh, buf, per, et, MPI_STATUS_IGNORE);
		else
			MPI_File_write(fh, buf, per, et, MPI_STATUS_IGNORE);
	}
	MPI_File_close(&fh);
	MPI_Finalize();
	return 0;
}
