/*
 * iolens trace's output file (render/trace-write.h): the library sorts
 * the tracer's lines out by thread and merges them (sources/tracer.h);
 * the merge is written here as every output file is, through a
 * temporary renamed when complete (render/output.h).
 */
#include <errno.h>
#include <stdio.h>

#include "render/output.h"
#include "render/trace-write.h"
#include "base/banned.h"

struct merge {
	const char *dir;
	char *const *cmd;
	struct iol_tstats *ms;
	size_t *nthreads;
	int failed, err; /* the merge failed, with this errno */
};

static int fill_trace(FILE *out, const void *arg)
{
	struct merge *m = (struct merge *)arg;

	if (iol_trace_merge(m->dir, out, m->cmd, m->ms, m->nthreads) == 0)
		return 0;
	m->failed = 1;
	m->err = errno;
	return -1;
}

int trace_write(const char *dir, const char *path, char *const *cmd,
		struct iol_tstats *ms, size_t *nthreads, int *stage)
{
	struct merge m = {dir, cmd, ms, nthreads, 0, 0};

	*stage = TRACE_WRITE_DEMUX;
	if (iol_trace_demux(dir, ms) < 0)
		return -1;
	if (out_write_stream(path, fill_trace, &m) == 0)
		return 0;
	*stage = m.failed ? TRACE_WRITE_MERGE : TRACE_WRITE_FILE;
	if (m.failed)
		errno = m.err;
	return -1;
}
