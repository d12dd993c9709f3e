/* MPI-IO calls, declared here (no mpi.h needed) and run through
 * mpistub.c's POSIX stand-ins: the cost model times POSIX calls, so
 * the blocks of MPI-IO calls get no predicted time (t/6089; issue 33
 * D10) */
#include <fcntl.h>
#include <unistd.h>

#define MPI_BYTE 1
int MPI_File_open(int comm, const char *name, int amode, int info, int *fh);
int MPI_File_write_at(int fh, long long off, const void *buf, int count,
		      int type, void *status);
int MPI_File_close(int *fh);

static void per_rank(void)
{
	char b[4096] = {0};
	int fd = open("rank.out", O_WRONLY | O_CREAT | O_TRUNC, 0644), i;

	if (fd < 0)
		return;
	for (i = 0; i < 10; i++)
		if (write(fd, b, sizeof(b)) != (ssize_t)sizeof(b))
			break;
	close(fd);
}

static void shared(void)
{
	char b[4096] = {0};
	int fh, i;

	MPI_File_open(0, "shared.out", 0, 0, &fh);
	for (i = 0; i < 4; i++)
		MPI_File_write_at(fh, i * 4096LL, b, 4096, MPI_BYTE, 0);
	MPI_File_close(&fh);
}

int main(void)
{
	per_rank();
	shared();
	return 0;
}
