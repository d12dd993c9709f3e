/*
 * Shared by the libFuzzer harnesses (make fuzz): the input as a file for
 * readers that take a path (an anonymous memfd named through
 * /proc/self/fd, so nothing touches the disk), and one pass of every
 * analysis a command runs over a loaded job, so that the numbers made
 * from a hostile input are computed under the sanitizers too.
 */
#ifndef IOLENS_FUZZ_H
#define IOLENS_FUZZ_H

#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "analysis/metrics.h"
#include "analysis/phases.h"
#include "model/event.h"
#include "model/job.h"

/* A file holding data; its name in path.  Returns the fd (close it) or
 * -1. */
static inline int fz_file(const uint8_t *data, size_t size, char *path,
			  size_t n)
{
	int fd = memfd_create("iolens-fuzz", MFD_CLOEXEC);
	size_t done = 0;

	if (fd < 0)
		abort();
	while (done < size) {
		ssize_t w = write(fd, data + done, size - done);

		if (w <= 0)
			abort();
		done += (size_t)w;
	}
	snprintf(path, n, "/proc/self/fd/%d", fd);
	return fd;
}

static inline void fz_segs(const struct iol_job *job, int which)
{
	struct iol_segs *it;
	struct iol_seg segs[64];
	size_t rec;
	int is_read;

	if (iol_segs_open(&it, job, which, NULL) < 0)
		return;
	while (iol_segs_next(it, segs, 64, &rec, &is_read, NULL) > 0)
		;
	iol_segs_close(it);
}

static inline void fz_events(const struct iol_job *job)
{
	struct iol_events *it;
	struct iol_event ev;

	if (iol_events_open(&it, job, NULL) < 0)
		return;
	while (iol_events_next(it, &ev, NULL) > 0)
		;
	iol_events_close(it);
}

/* What summary, meta, ranks, timeline and hist compute. */
static inline void fz_analyse(const struct iol_job *job)
{
	static struct iol_summary s;
	struct iol_opts o = {0, 0, 0};
	struct iol_meta m;
	struct iol_rankrow *rows;
	struct iol_phases p;
	struct iol_matrix mx;
	size_t n;
	int layer;

	iol_summary_compute(job, &o, &s, NULL);
	if (iol_meta_compute(job, &m, NULL) == 0)
		iol_meta_free(&m);
	if (iol_ranks_compute(job, &rows, &n, NULL) == 0)
		free(rows);
	for (layer = -1; layer <= 1; layer++) {
		if (iol_phases_compute(job, layer, &p, NULL) == 0)
			iol_phases_free(&p);
		if (iol_matrix_compute(job, layer, 32, &mx, NULL) == 0)
			iol_matrix_free(&mx);
	}
	fz_segs(job, 0);
	fz_segs(job, 1);
	fz_events(job);
}

#endif
