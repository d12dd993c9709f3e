/* t/6126: a file per rank through POSIX and a shared file through
 * MPI-IO, 4 x 4 KiB each.  Without MPI-IO's measured costs the MPI-IO
 * calls were costed as the POSIX calls alone, MPI_File_open as the open
 * of a file that is there: shared() ranked below per_rank(), where
 * traces of it under mpirun measure it above (issue 33, mpiio-real.c:
 * Spearman 0.458). */
#include <fcntl.h>
#include <mpi.h>
#include <unistd.h>

static char b[4096];

static void per_rank(const char *name)
{
	int fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	int i;

	for (i = 0; i < 4; i++)
		write(fd, b, sizeof(b));
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
	per_rank(argv[0]);
	shared(rank);
	MPI_Finalize();
	return 0;
}
