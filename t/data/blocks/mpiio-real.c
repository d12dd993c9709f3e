/* A real MPI-IO program (mpicc, mpirun -np 2): a file per rank of 10 x
 * 4 KiB through POSIX, then a shared file written by MPI_File_write_at,
 * 4 x 4 KiB a rank.  Its MPI-IO blocks get a predicted time from the
 * cost model's MPI-IO costs (blocks --calibrate with mpicc and mpirun),
 * none without them (t/6099; issue 33 D10). */
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

static char b[4096];

static void per_rank(int rank)
{
	char name[64];
	int fd, i;

	snprintf(name, sizeof(name), "rank%d.out", rank);
	fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		return;
	for (i = 0; i < 10; i++)
		if (write(fd, b, sizeof(b)) != (ssize_t)sizeof(b))
			break;
	close(fd);
}

static void shared(int rank)
{
	MPI_File fh;
	int i;

	MPI_File_open(MPI_COMM_WORLD, "shared.out",
		      MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	for (i = 0; i < 4; i++)
		MPI_File_write_at(fh, (MPI_Offset)(rank * 4 + i) * 4096, b,
				  4096, MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
}

int main(int argc, char **argv)
{
	int rank;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	per_rank(rank);
	shared(rank);
	MPI_Finalize();
	return 0;
}
