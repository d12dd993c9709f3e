/*
 * The parts of iolens ingest: the work item that travels from the walker
 * to a decoder and back to the one writer, and the executors that decode
 * them (threads in every build; MPI ranks in an MPI build).
 *
 * Ownership: items are allocated by the writer loop (item_new) and freed
 * by it after writing (item_free); an executor only borrows them between
 * submit and the wait that returns them.
 */
#ifndef IOLENS_CMD_INGEST_H
#define IOLENS_CMD_INGEST_H

#include <stdint.h>

#include "population/row.h"

struct item {
	int64_t seq; /* order of submission: rows are written in it */
	char *path;
	int64_t size, mtime_ns;
	int stored;	       /* the store had a row of this path */
	struct iol_poprow row; /* filled by the decoder */
};

struct item *item_new(int64_t seq, const char *path, int64_t size,
		      int64_t mtime_ns);
void item_free(struct item *it);
/* Build it->row (a decoder's work); never fails: out of memory becomes
 * an error row. */
void item_decode(struct item *it, const struct iol_popctx *ctx);

struct executor {
	int cap; /* items in flight at most */
	void (*submit)(struct executor *ex, struct item *it);
	/* blocks until an item comes back decoded */
	struct item *(*wait)(struct executor *ex);
	/* after the last wait: stop and free the executor */
	void (*stop)(struct executor *ex);
};

struct executor *threads_start(int nthreads, const struct iol_popctx *ctx);

#ifdef IOLENS_MPI
/* MPI_Init; 1 and the rank/size when the job has more than one rank */
int mpi_begin(int *argc, char ***argv, int *rank, int *size);
void mpi_end(void);
/* rank 0: the executor sending items to ranks 1..size-1 */
struct executor *mpi_start(int size);
/* ranks > 0: decode what rank 0 sends until it says stop */
void mpi_decoder(const struct iol_popctx *ctx);
#endif

/* Read the sacct -P file path into the store st (cmd/ingest-sacct.c),
 * with its messages: 0; 1 when lines were bad but the rest is stored;
 * -1 when nothing was (no file, no header, the store failed). */
struct iol_store;
int ingest_sacct(struct iol_store *st, const char *path);

#endif
