/*
 * The MPI group of iolens replay (replay-mpi.c), in the MPI build only:
 * MPI begun with mpi_begin() (ingest.h) first.
 */
#ifndef IOLENS_CMD_REPLAY_MPI_H
#define IOLENS_CMD_REPLAY_MPI_H

#include "replay/engine.h"

#ifdef IOLENS_MPI
/* Fill g for MPI_COMM_WORLD, this process being rank of size. */
void replay_mpi_group(struct iol_rgroup *g, int rank, int size);
#endif

#endif
