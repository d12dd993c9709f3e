/*
 * The file `iolens trace` writes (render/trace-write.c): the threads'
 * files of its parts directory merged into one trace in strace -f's
 * shape (sources/tracer.h), written through a temporary renamed when
 * complete.
 *
 * Ownership: everything is the caller's and borrowed for the call.
 */
#ifndef IOLENS_TRACE_WRITE_H
#define IOLENS_TRACE_WRITE_H

#include <stddef.h>

#include "sources/tracer.h"

/* What trace_write() could not do */
enum { TRACE_WRITE_DEMUX = 1, TRACE_WRITE_MERGE, TRACE_WRITE_FILE };

/* dir/trace sorted out by thread and merged into path, with the header
 * of cmd (the command traced); ms the counts, *nthreads the threads'
 * files.  0, or -1 with errno and *stage TRACE_WRITE_*. */
int trace_write(const char *dir, const char *path, char *const *cmd,
		struct iol_tstats *ms, size_t *nthreads, int *stage);

#endif
