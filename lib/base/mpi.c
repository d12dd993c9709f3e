/*
 * MPI begun and ended (base/mpi.h); in other builds, one process.
 */
#ifdef IOLENS_MPI
#include <mpi.h>

#include "base/mpi.h"
#include "base/banned.h"

static int started;

int iol_mpi_begin(int *argc, char ***argv, int *rank, int *size)
{
	if (MPI_Init(argc, argv) != MPI_SUCCESS)
		return 0;
	started = 1;
	MPI_Comm_rank(MPI_COMM_WORLD, rank);
	MPI_Comm_size(MPI_COMM_WORLD, size);
	return *size > 1;
}

void iol_mpi_end(void)
{
	if (started)
		MPI_Finalize();
	started = 0;
}

void iol_mpi_abort(int code)
{
	MPI_Abort(MPI_COMM_WORLD, code);
}
#else
/* not an MPI build: one process, no MPI to begin or end */
#include "base/mpi.h"
#include "base/banned.h"

int iol_mpi_begin(int *argc, char ***argv, int *rank, int *size)
{
	(void)argc, (void)argv, (void)rank, (void)size;
	return 0;
}

void iol_mpi_end(void)
{
}

void iol_mpi_abort(int code)
{
	(void)code;
}
#endif
