/*
 * The output pipeline of `iolens parse --dxt`: segment lines of DXT
 * records are formatted by worker threads in chunks and written in order
 * by one writer thread, so inflating (the caller), formatting and writing
 * overlap on every core.  The text is byte for byte darshan-dxt-parser's
 * and does not depend on the number of threads.
 *
 * Ownership: dxp_start() allocates the pipeline, dxp_finish() frees it.
 * dxp_record() takes ownership of segs (from dxp_segs), kept for reuse
 * or freed once written.
 * Text handed over with dxp_text() is copied out of the obuf.
 */
#ifndef IOLENS_CMD_PARSE_DXT_H
#define IOLENS_CMD_PARSE_DXT_H

#include <stddef.h>
#include <stdint.h>

#include "model/job.h"
#include "render/obuf.h"

struct dxp;

/* A pipeline writing to fd with nthreads formatters; nthreads <= 1 formats
 * and writes in the caller's thread.  NULL when out of memory. */
struct dxp *dxp_start(int fd, int nthreads);
/* Queue what ob holds (then empties ob), in order with the records. */
void dxp_text(struct dxp *p, struct obuf *ob);
/* An array for at least n segments (*cap of them), from the arrays of
 * records already written when one is big enough; give it to dxp_record. */
struct iol_seg *dxp_segs(struct dxp *p, size_t n, size_t *cap);
/* Queue the segment lines of one record: n segments, writes first (the
 * first wcount) then reads.  modtag is "X_POSIX" or "X_MPIIO". */
void dxp_record(struct dxp *p, const char *modtag, int64_t rank, int has_tid,
		struct iol_seg *segs, size_t cap, size_t n, int64_t wcount);
/* Wait until everything queued is written; returns the errno of the
 * first failed write or 0. */
int dxp_drain(struct dxp *p);
/* Drain, stop the threads and free; returns as dxp_drain. */
int dxp_finish(struct dxp *p);

/* The threads parse --dxt uses: IOLENS_THREADS, else 2. */
int dxp_default_threads(void);

#endif
