/*
 * The MPI executor of the ingest run (make MPI=1): rank 0 walks,
 * looks up and writes as always (population/ingest.h) and hands each log
 * to decode to one of ranks 1..size-1, which answer with its row.  MPI
 * is begun with iol_mpi_begin() (base/mpi.h) first.
 *
 * What cannot go on (out of memory, a row nobody asked for) is given as
 * one line of text to the caller's die(), which says it and ends the job
 * (iol_mpi_abort): one rank cannot leave the others waiting.  In other
 * builds, where iol_mpi_begin() returns 0, these are never called (and
 * do nothing).
 *
 * Ownership: the executor is freed by its stop (population/ingest.h).
 * Owner: lib/population; caller cmd/ingest.c.
 */
#ifndef IOLENS_INGEST_MPI_H
#define IOLENS_INGEST_MPI_H

#include "population/ingest.h"

/* one line for people, then the job ended: die does not return */
typedef void (*iol_ingest_mpi_die)(const char *text);
/* rank 0: the executor sending items to ranks 1..size-1 */
struct iol_ingest_exec *iol_ingest_mpi(int size, iol_ingest_mpi_die die);
/* ranks > 0: decode what rank 0 sends until it says stop */
void iol_ingest_mpi_decoder(const struct iol_popctx *ctx,
			    iol_ingest_mpi_die die);

#endif
