/*
 * The MPI executor of iolens ingest (cmd/ingest-mpi.c, MPI build only):
 * rank 0 hands the logs to ranks 1..size-1 through the library's
 * executor interface (population/ingest.h), which knows no MPI.
 */
#ifndef IOLENS_CMD_INGEST_H
#define IOLENS_CMD_INGEST_H

#include "population/ingest.h"

#ifdef IOLENS_MPI
/* MPI_Init; 1 and the rank/size when the job has more than one rank */
int mpi_begin(int *argc, char ***argv, int *rank, int *size);
void mpi_end(void);
/* rank 0: the executor sending items to ranks 1..size-1 */
struct iol_ingest_exec *mpi_start(int size);
/* ranks > 0: decode what rank 0 sends until it says stop */
void mpi_decoder(const struct iol_popctx *ctx);
#endif

#endif
