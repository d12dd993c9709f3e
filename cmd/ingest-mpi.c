/*
 * The MPI executor of iolens ingest (make MPI=1): rank 0 walks, skips and
 * writes as always; ranks 1..N-1 only decode.  Rank 0 sends each item
 * (sequence number, size, mtime, path) to a rank with room, at most two
 * per rank so a rank always has the next log while its row travels back;
 * the rank answers with the sequence number and the encoded row.  Rows
 * reach the one writer, which writes them in walk order: the store is
 * the one a serial ingest makes.
 */
#ifdef IOLENS_MPI
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/ingest.h"
#include "cmd/util.h"
#include "base/banned.h"

enum { TAG_WORK = 1, TAG_ROW = 2, TAG_STOP = 3 };
#define PER_RANK 2
#define HEAD 24 /* three int64: seq, size, mtime */

struct mex {
	struct iol_ingest_exec ex;
	int size;
	int *load;			  /* items at each rank */
	struct iol_ingest_item **pending; /* by seq % cap: items out at ranks */
};

static int started;

int mpi_begin(int *argc, char ***argv, int *rank, int *size)
{
	if (MPI_Init(argc, argv) != MPI_SUCCESS)
		return 0;
	started = 1;
	MPI_Comm_rank(MPI_COMM_WORLD, rank);
	MPI_Comm_size(MPI_COMM_WORLD, size);
	return *size > 1;
}

void mpi_end(void)
{
	if (started)
		MPI_Finalize();
	started = 0;
}

static void put64(unsigned char *p, int64_t v)
{
	memcpy(p, &v, 8);
}

static int64_t get64(const unsigned char *p)
{
	int64_t v;

	memcpy(&v, p, 8);
	return v;
}

static void m_submit(struct iol_ingest_exec *ex, struct iol_ingest_item *it)
{
	struct mex *m = (struct mex *)ex;
	size_t len = strlen(it->path);
	unsigned char *b = xmalloc(HEAD + len);
	int r, best = 1;

	for (r = 2; r < m->size; r++)
		if (m->load[r] < m->load[best])
			best = r;
	put64(b, it->seq);
	put64(b + 8, it->size);
	put64(b + 16, it->mtime_ns);
	memcpy(b + HEAD, it->path, len);
	MPI_Send(b, (int)(HEAD + len), MPI_BYTE, best, TAG_WORK,
		 MPI_COMM_WORLD);
	free(b);
	m->load[best]++;
	m->pending[it->seq % ex->cap] = it;
}

static struct iol_ingest_item *m_wait(struct iol_ingest_exec *ex)
{
	struct mex *m = (struct mex *)ex;
	MPI_Status s;
	unsigned char *b;
	struct iol_ingest_item *it;
	int n;

	MPI_Probe(MPI_ANY_SOURCE, TAG_ROW, MPI_COMM_WORLD, &s);
	MPI_Get_count(&s, MPI_BYTE, &n);
	b = xmalloc(n > 0 ? (size_t)n : 1);
	MPI_Recv(b, n, MPI_BYTE, s.MPI_SOURCE, TAG_ROW, MPI_COMM_WORLD,
		 MPI_STATUS_IGNORE);
	m->load[s.MPI_SOURCE]--;
	it = n >= 8 ? m->pending[get64(b) % ex->cap] : NULL;
	if (!it || it->seq != get64(b)) {
		msg("rank %d sent a row nobody asked for", s.MPI_SOURCE);
		MPI_Abort(MPI_COMM_WORLD, EXIT_DATA);
	}
	m->pending[it->seq % ex->cap] = NULL;
	it->row.len = 0;
	it->row.buf = xmalloc((size_t)n - 8 + 1);
	it->row.cap = (size_t)n - 8 + 1;
	memcpy(it->row.buf, b + 8, (size_t)n - 8);
	it->row.len = (size_t)n - 8;
	free(b);
	return it;
}

static void m_stop(struct iol_ingest_exec *ex)
{
	struct mex *m = (struct mex *)ex;
	int r;

	for (r = 1; r < m->size; r++)
		MPI_Send(NULL, 0, MPI_BYTE, r, TAG_STOP, MPI_COMM_WORLD);
	free(m->load);
	free(m->pending);
	free(m);
}

struct iol_ingest_exec *mpi_start(int size)
{
	struct mex *m = xcalloc(1, sizeof(*m));

	m->size = size;
	m->ex.cap = PER_RANK * (size - 1);
	m->ex.submit = m_submit;
	m->ex.wait = m_wait;
	m->ex.stop = m_stop;
	m->load = xcalloc((size_t)size, sizeof(*m->load));
	m->pending = xcalloc((size_t)m->ex.cap, sizeof(*m->pending));
	return &m->ex;
}

/* one item from rank 0: decode it and send the row back */
static void decode_one(const unsigned char *b, int n,
		       const struct iol_popctx *ctx)
{
	struct iol_ingest_item it;
	unsigned char *out;

	memset(&it, 0, sizeof(it));
	it.seq = get64(b);
	it.size = get64(b + 8);
	it.mtime_ns = get64(b + 16);
	it.path = xmalloc((size_t)n - HEAD + 1);
	memcpy(it.path, b + HEAD, (size_t)n - HEAD);
	it.path[n - HEAD] = '\0';
	iol_ingest_item_decode(&it, ctx);
	if (it.nomem) {
		msg("out of memory");
		MPI_Abort(MPI_COMM_WORLD, EXIT_DATA);
	}
	out = xmalloc(8 + it.row.len);
	put64(out, it.seq);
	memcpy(out + 8, it.row.buf, it.row.len);
	MPI_Send(out, (int)(8 + it.row.len), MPI_BYTE, 0, TAG_ROW,
		 MPI_COMM_WORLD);
	free(out);
	free(it.path);
	iol_poprow_free(&it.row);
}

void mpi_decoder(const struct iol_popctx *ctx)
{
	for (;;) {
		MPI_Status s;
		unsigned char *b;
		int n;

		MPI_Probe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &s);
		MPI_Get_count(&s, MPI_BYTE, &n);
		b = xmalloc(n > 0 ? (size_t)n : 1);
		MPI_Recv(b, n, MPI_BYTE, 0, s.MPI_TAG, MPI_COMM_WORLD,
			 MPI_STATUS_IGNORE);
		if (s.MPI_TAG == TAG_STOP || n < HEAD) {
			free(b);
			return;
		}
		decode_one(b, n, ctx);
		free(b);
	}
}
#else
/* not an MPI build: nothing here (ISO C wants a declaration) */
typedef int iolens_no_mpi;
#endif
