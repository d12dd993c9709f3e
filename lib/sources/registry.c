/*
 * The table of sources and loading through it: each source is asked in
 * turn whether an input is its own (by the first bytes, or by the path
 * for directories and compressed traces); the first that says yes loads
 * it.  Standard input is spooled to a temporary file first, so that
 * sources may read their input twice.  A new reader is one file and one
 * line in the table below.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/job-int.h"
#include "sources/registry.h"
#include "sources/trace.h"
#include "base/banned.h"

/* asked in this order; the first is also the one that loads inputs no
 * source recognises (and says why it cannot) */
static const struct iol_source *const sources[] = {
	&iol_source_darshan,
	&iol_source_strace,
	&iol_source_iota,
};
enum { NSOURCES = sizeof(sources) / sizeof(sources[0]) };

const struct iol_source *const *iol_sources(size_t *n)
{
	*n = NSOURCES;
	return sources;
}

const struct iol_source *iol_source_find(const char *name)
{
	size_t i;

	for (i = 0; i < NSOURCES; i++)
		if (!strcmp(sources[i]->name, name))
			return sources[i];
	return NULL;
}

/* the first bytes only: no stream's buffer to allocate and fill with
 * the 4 KiB that a small log is whole (an ingest reads thousands).  Read
 * with pread, the offset left at 0: *keep is the descriptor for the
 * source to read the input from (a log opened once, not twice), or -1
 * when there is none or it cannot be read again (a pipe). */
static const struct iol_source *sniff(const char *path, int *keep)
{
	unsigned char head[16];
	size_t n = 0, i;
	int fd = open(path, O_RDONLY | O_CLOEXEC), seek = 1;

	while (fd >= 0 && n < sizeof(head)) {
		ssize_t r =
			seek ? pread(fd, head + n, sizeof(head) - n, (off_t)n)
			     : read(fd, head + n, sizeof(head) - n);

		if (r < 0 && errno == ESPIPE && seek) {
			seek = 0;
			continue;
		}
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		n += (size_t)r;
	}
	if (fd >= 0 && !seek) {
		close(fd);
		fd = -1;
	}
	*keep = fd;
	for (i = 0; i < NSOURCES; i++)
		if (sources[i]->sniff(path, head, n))
			return sources[i];
	return sources[0];
}

/* standard input into a temporary file; returns its path (caller frees) */
static char *spool_stdin(struct iol_error *err)
{
	const char *dir = getenv("TMPDIR");
	char *path, buf[65536];
	size_t n;
	int fd;

	if (!dir || !*dir)
		dir = "/tmp";
	n = strlen(dir) + 32;
	path = malloc(n);
	if (!path) {
		iol_error_set(err, IOL_ENOMEM, "out of memory");
		return NULL;
	}
	snprintf(path, n, "%s/iolens-stdin.XXXXXX", dir);
	fd = mkstemp(path);
	if (fd < 0)
		goto fail;
	for (;;) {
		ssize_t r = read(STDIN_FILENO, buf, sizeof(buf));

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		if (write(fd, buf, (size_t)r) != r) {
			close(fd);
			unlink(path);
			goto fail;
		}
	}
	close(fd);
	return path;
fail:
	iol_error_set(err, IOL_EIO, "cannot spool standard input: %s",
		      strerror(errno));
	free(path);
	return NULL;
}

static int load_stdin(struct iol_job **out, const struct iol_trace_opts *to,
		      struct iol_error *err)
{
	char *tmp = spool_stdin(err);
	int ret;

	if (!tmp)
		return err ? err->code : IOL_EIO;
	ret = iol_job_load_opts(out, tmp, to, err);
	if (ret == 0) {
		(*out)->priv->spool = tmp;
		(*out)->path = "-";
	} else {
		unlink(tmp);
		free(tmp);
	}
	return ret;
}

int iol_job_load(struct iol_job **out, const char *path, struct iol_error *err)
{
	return iol_job_load_opts(out, path, NULL, err);
}

int iol_job_load_opts(struct iol_job **out, const char *path,
		      const struct iol_trace_opts *to, struct iol_error *err)
{
	const struct iol_source *src;
	struct iol_job *job;
	int ret, fd;

	*out = NULL;
	if (!strcmp(path, "-"))
		return load_stdin(out, to, err);
	src = sniff(path, &fd);
	ret = iol_job_new(&job, src, err);
	if (ret < 0) {
		if (fd >= 0)
			close(fd);
		return ret;
	}
	job->priv->fd = fd;
	job->path = iol_arena_strdup(&job->priv->arena, path);
	if (!job->path) {
		iol_job_close(job);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	ret = src->load(job, &path, 1, to, err);
	if (fd >= 0)
		close(fd);
	job->priv->fd = -1;
	if (ret < 0) {
		iol_job_close(job);
		return ret;
	}
	*out = job;
	return 0;
}
