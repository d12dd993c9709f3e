/*
 * The MPI executor of iolens ingest (make MPI=1): rank 0 walks, skips and
 * writes as always; ranks 1..N-1 only decode.  Rank 0 sends each item
 * (sequence number, size, mtime, path) to a rank with room, at most two
 * per rank so a rank always has the next log while its row travels back;
 * the rank answers with the sequence number and the encoded row.  Rows
 * reach the one writer, which writes them in walk order: the store is
 * the one a serial ingest makes (population/ingest-mpi.h).
 */
#ifdef IOLENS_MPI
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "population/ingest-mpi.h"
#include "base/banned.h"

enum { TAG_WORK = 1, TAG_ROW = 2, TAG_STOP = 3 };
#define PER_RANK 2
#define HEAD 24 /* three int64: seq, size, mtime */

struct mex {
	struct iol_ingest_exec ex;
	iol_ingest_mpi_die die;
	int size;
	int *load;			  /* items at each rank */
	struct iol_ingest_item **pending; /* by seq % cap: items out at ranks */
};

/* n bytes, or the job ended by die: a rank cannot drop an item */
static void *need(size_t n, iol_ingest_mpi_die die)
{
	char text[64];
	void *p = malloc(n ? n : 1);

	if (!p) {
		snprintf(text, sizeof(text),
			 "out of memory allocating %zu bytes", n);
		die(text);
	}
	return p;
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
	unsigned char *b = need(HEAD + len, m->die);
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
	b = need(n > 0 ? (size_t)n : 1, m->die);
	MPI_Recv(b, n, MPI_BYTE, s.MPI_SOURCE, TAG_ROW, MPI_COMM_WORLD,
		 MPI_STATUS_IGNORE);
	m->load[s.MPI_SOURCE]--;
	it = n >= 8 ? m->pending[get64(b) % ex->cap] : NULL;
	if (!it || it->seq != get64(b)) {
		char text[64];

		snprintf(text, sizeof(text),
			 "rank %d sent a row nobody asked for", s.MPI_SOURCE);
		m->die(text);
	}
	m->pending[it->seq % ex->cap] = NULL;
	it->row.len = 0;
	it->row.buf = need((size_t)n - 8 + 1, m->die);
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

struct iol_ingest_exec *iol_ingest_mpi(int size, iol_ingest_mpi_die die)
{
	struct mex *m = need(sizeof(*m), die);

	memset(m, 0, sizeof(*m));
	m->die = die;
	m->size = size;
	m->ex.cap = PER_RANK * (size - 1);
	m->ex.submit = m_submit;
	m->ex.wait = m_wait;
	m->ex.stop = m_stop;
	m->load = need((size_t)size * sizeof(*m->load), die);
	m->pending = need((size_t)m->ex.cap * sizeof(*m->pending), die);
	memset(m->load, 0, (size_t)size * sizeof(*m->load));
	memset(m->pending, 0, (size_t)m->ex.cap * sizeof(*m->pending));
	return &m->ex;
}

/* one item from rank 0: decode it and send the row back */
static void decode_one(const unsigned char *b, int n,
		       const struct iol_popctx *ctx, iol_ingest_mpi_die die)
{
	struct iol_ingest_item it;
	unsigned char *out;

	memset(&it, 0, sizeof(it));
	it.seq = get64(b);
	it.size = get64(b + 8);
	it.mtime_ns = get64(b + 16);
	it.path = need((size_t)n - HEAD + 1, die);
	memcpy(it.path, b + HEAD, (size_t)n - HEAD);
	it.path[n - HEAD] = '\0';
	iol_ingest_item_decode(&it, ctx);
	if (it.nomem)
		die("out of memory");
	out = need(8 + it.row.len, die);
	put64(out, it.seq);
	memcpy(out + 8, it.row.buf, it.row.len);
	MPI_Send(out, (int)(8 + it.row.len), MPI_BYTE, 0, TAG_ROW,
		 MPI_COMM_WORLD);
	free(out);
	free(it.path);
	iol_poprow_free(&it.row);
}

void iol_ingest_mpi_decoder(const struct iol_popctx *ctx,
			    iol_ingest_mpi_die die)
{
	for (;;) {
		MPI_Status s;
		unsigned char *b;
		int n;

		MPI_Probe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &s);
		MPI_Get_count(&s, MPI_BYTE, &n);
		b = need(n > 0 ? (size_t)n : 1, die);
		MPI_Recv(b, n, MPI_BYTE, 0, s.MPI_TAG, MPI_COMM_WORLD,
			 MPI_STATUS_IGNORE);
		if (s.MPI_TAG == TAG_STOP || n < HEAD) {
			free(b);
			return;
		}
		decode_one(b, n, ctx, die);
		free(b);
	}
}
#else
/* not an MPI build: no ranks to hand logs to */
#include "population/ingest-mpi.h"
#include "base/banned.h"

struct iol_ingest_exec *iol_ingest_mpi(int size, iol_ingest_mpi_die die)
{
	(void)size, (void)die;
	return NULL;
}

void iol_ingest_mpi_decoder(const struct iol_popctx *ctx,
			    iol_ingest_mpi_die die)
{
	(void)ctx, (void)die;
}
#endif
