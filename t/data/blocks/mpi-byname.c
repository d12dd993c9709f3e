/* t/6100: MPI-IO calls known by name when mpi.h is not on the include
 * path (issue 33 D7): a shared file of 6 x 2 KiB a rank by
 * MPI_File_write_at_all, in a loop, between MPI_File_open and close.
 * Built with mpicc and run with mpirun -np 2 for the join. */
#include <mpi.h>

static char buf[2048];

static void dump(int rank)
{
	MPI_File fh;
	MPI_Status st;
	int i;

	MPI_File_open(MPI_COMM_WORLD, "byname.out",
		      MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	for (i = 0; i < 6; i++)
		MPI_File_write_at_all(fh, (MPI_Offset)(rank * 6 + i) * 2048,
				      buf, 2048, MPI_BYTE, &st);
	MPI_File_close(&fh);
}

int main(int argc, char **argv)
{
	int rank;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	dump(rank);
	MPI_Finalize();
	return 0;
}
