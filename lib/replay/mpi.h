/*
 * The MPI group of iolens replay (make MPI=1): the processes
 * mpirun started replay one script together, each its share of the
 * ranks (engine.h, struct iol_rgroup), over MPI_COMM_WORLD, begun with
 * iol_mpi_begin() (base/mpi.h) first.  The engine knows no MPI; these
 * are the collective calls it asks for.  Never called in other builds,
 * where iol_mpi_begin() returns 0 (it then leaves g as it is).
 *
 * Ownership: g is caller storage; nothing is allocated.  Owner:
 * lib/replay; caller cmd/replay.c.
 */
#ifndef IOLENS_REPLAY_MPI_H
#define IOLENS_REPLAY_MPI_H

#include "replay/engine.h"

/* Fill g for MPI_COMM_WORLD, this process being rank of size. */
void iol_rgroup_mpi(struct iol_rgroup *g, int rank, int size);

#endif
