/*
 * The counter lines of parse --base/--all on every core: the caller
 * decodes records and hands copies of them over; worker threads format
 * them in batches into buffers of their own, and the caller writes the
 * buffers in the order the records came, so the text is byte for byte
 * parse_text_record()'s whatever the number of threads.
 *
 * Ownership: ppipe_start() allocates, ppipe_finish() frees.  Records are
 * copied by ppipe_add(); records with borrowed arrays (LUSTRE, HEATMAP,
 * MDHIM) cannot be queued: the caller prints them itself after a drain.
 * The text goes to ob's descriptor after what ob holds; a failed write
 * is ob->err, as obuf's own.  Nothing here exits or prints.
 */
#ifndef IOLENS_PARSE_PIPE_H
#define IOLENS_PARSE_PIPE_H

#include "sources/darshan.h"
#include "render/obuf.h"

struct ppipe;

/* nthreads formatting threads (2 to 64), the caller's one of them,
 * over log d, writing to ob's descriptor; NULL when out of memory or a
 * thread cannot start. */
struct ppipe *ppipe_start(const struct iol_dlog *d, struct obuf *ob,
			  int nthreads);
/* Can records of module mod be queued? */
int ppipe_takes(int mod);
/* Queue a copy of r.  0 or IOL_ENOMEM (a batch could not be formatted:
 * nothing from it on is written). */
int ppipe_add(struct ppipe *p, const struct iol_rec *r);
/* Format and write everything queued.  0 or IOL_ENOMEM. */
int ppipe_drain(struct ppipe *p);
/* Drain, stop the threads and free; p may be NULL. */
int ppipe_finish(struct ppipe *p);

#endif
