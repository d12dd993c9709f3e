/*
 * The output pipeline of darshan-dxt-parser's text (render/parse-dxt.c):
 * segment lines of DXT records are formatted by worker threads in chunks
 * and written in order (each by the worker that finds it next), so
 * inflating (the caller), formatting and writing overlap on every core.
 * The text is byte for byte darshan-dxt-parser's and does not depend on
 * the number of threads.
 *
 * Ownership: dxp_start() allocates the pipeline, dxp_finish() frees it.
 * dxp_segs() returns an array the caller owns until it hands it to
 * dxp_record(), which takes it (even when it fails) and keeps it for
 * reuse or frees it once written.  Text handed over with dxp_text() is
 * copied out of the obuf.  Nothing here exits: functions return 0 or a
 * negative IOL_E* code.
 */
#ifndef IOLENS_DXT_PIPE_H
#define IOLENS_DXT_PIPE_H

#include <stddef.h>
#include <stdint.h>

#include "model/job.h"
#include "render/obuf.h"

struct dxp;

enum { DXP_MAXTHREADS = 64 };

/* A pipeline writing to fd with nthreads formatters (at most
 * DXP_MAXTHREADS) that also write, started when the first chunk of 8192
 * segment lines is queued; until then, and with nthreads <= 1, it
 * formats and writes in the caller's thread.  NULL when out of memory. */
struct dxp *dxp_start(int fd, int nthreads);
/* Queue what ob holds (then empties ob), in order with the records.
 * 0 or IOL_ENOMEM (ob left as it was). */
int dxp_text(struct dxp *p, struct obuf *ob);
/* An array for at least n segments (*cap of them), from the arrays of
 * records already written when one is big enough; give it to dxp_record,
 * or free() it.  NULL when out of memory. */
struct iol_seg *dxp_segs(struct dxp *p, size_t n, size_t *cap);
/* Queue the segment lines of one record: n segments, writes first (the
 * first wcount) then reads.  modtag is "X_POSIX" or "X_MPIIO".  0 or
 * IOL_ENOMEM. */
int dxp_record(struct dxp *p, const char *modtag, int64_t rank, int has_tid,
	       struct iol_seg *segs, size_t cap, size_t n, int64_t wcount);
/* The same for n segments at segs inside block (blockcap bytes,
 * malloc()ed: iol_modrd_segs_take's), which the pipeline takes (even when
 * it fails) and keeps for reuse or frees once written.  0 or IOL_ENOMEM. */
int dxp_record_block(struct dxp *p, const char *modtag, int64_t rank,
		     int has_tid, void *block, size_t blockcap,
		     const struct iol_seg *segs, size_t n, int64_t wcount);
/* The largest kept block of a written record (*cap bytes), for a reader
 * to inflate the next record into (iol_modrd_segs_take's spare), or NULL
 * (*cap 0).  The caller owns it: to dxp_unspare() or free(). */
void *dxp_spare(struct dxp *p, size_t *cap);
/* A block dxp_spare() gave back to be kept (or freed). */
void dxp_unspare(struct dxp *p, void *v, size_t cap);
/* Wait until everything queued is written (or dropped after a failure).
 * Returns 0, IOL_ENOMEM when a chunk could not be formatted (nothing
 * after it was written), or IOL_EIO when a write failed, with its errno
 * in *sys when sys is not NULL. */
int dxp_drain(struct dxp *p, int *sys);
/* Nonzero once a write failed or a chunk ran out of memory: nothing
 * queued from then on reaches the file (nor is formatted), so the caller
 * may stop reading; dxp_drain() and dxp_finish() say which. */
int dxp_failed(struct dxp *p);
/* Drain, stop the threads and free; returns as dxp_drain.  p may be
 * NULL. */
int dxp_finish(struct dxp *p, int *sys);

#endif
