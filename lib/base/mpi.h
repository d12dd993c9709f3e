/*
 * MPI begun and ended for the commands that share their work among the
 * processes mpirun started (make MPI=1): `iolens ingest`, whose ranks
 * decode logs (population/ingest-mpi.h), and `iolens replay`, whose
 * processes replay one script together (replay/mpi.h).  In other builds
 * iol_mpi_begin() returns 0 and the others do nothing, so that a caller
 * needs no #ifdef.
 *
 * Ownership: nothing is allocated.  Owner: lib/base; callers
 * cmd/ingest.c and cmd/replay.c.
 */
#ifndef IOLENS_BASE_MPI_H
#define IOLENS_BASE_MPI_H

/* MPI_Init; 1 and the rank/size when the job has more than one rank */
int iol_mpi_begin(int *argc, char ***argv, int *rank, int *size);
/* MPI_Finalize, when iol_mpi_begin began it */
void iol_mpi_end(void);
/* Every process of the job ended with code (MPI_Abort): what a caller
 * does after saying why, where one process cannot go on alone. */
void iol_mpi_abort(int code);

#endif
