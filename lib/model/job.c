/*
 * The job model's own code: making and closing a job, and the questions
 * every analysis asks of it whatever its source.  Everything that depends
 * on where the job came from goes through job->src (model/source.h); the
 * readers and the registry that picks one live in lib/sources.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/job-int.h"
#include "base/banned.h"

const char *const iol_other_names[IOL_OTHER_N] = {
	"pipes",
	"sockets",
	"standard streams",
	"devices",
};

int iol_job_new(struct iol_job **out, const struct iol_source *src,
		struct iol_error *err)
{
	struct iol_job *job = calloc(1, sizeof(*job));

	*out = NULL;
	if (!job || !(job->priv = calloc(1, sizeof(*job->priv)))) {
		free(job);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	job->priv->fd = -1;
	job->src = src;
	job->path = "";
	job->ncreated = -1;
	job->date_known = 1;
	*out = job;
	return 0;
}

void iol_job_close(struct iol_job *job)
{
	int i;

	if (!job)
		return;
	if (job->priv) {
		if (job->src && job->src->free)
			job->src->free(job);
		if (job->priv->fd >= 0)
			close(job->priv->fd);
		if (job->priv->spool) {
			unlink(job->priv->spool);
			free(job->priv->spool);
		}
		iol_arena_release(&job->priv->arena);
		free(job->priv);
	}
	for (i = 0; i < IOL_MOD_KNOWN; i++)
		free(job->mod[i].recs);
	free(job->dxt[0]);
	free(job->dxt[1]);
	free(job->heat);
	free(job->lustre);
	free(job->sys);
	free(job);
}

const char *iol_job_name(const struct iol_job *job, uint64_t id)
{
	if (!job->src || !job->src->name_of)
		return NULL;
	return job->src->name_of(job, id);
}

const void *iol_job_bytes(const struct iol_job *job, size_t *len)
{
	*len = 0;
	if (!job->src || !job->src->bytes)
		return NULL;
	return job->src->bytes(job, len);
}

int iol_job_mount_of(const struct iol_job *job, const char *path)
{
	int j;

	if (!path)
		return -1;
	for (j = 0; j < job->nmounts; j++)
		if (strncmp(job->mounts[j].path, path,
			    job->mounts[j].pathlen) == 0)
			return j;
	return -1;
}

double iol_job_start(const struct iol_job *job)
{
	return (double)job->start_sec + (double)job->start_nsec / 1e9;
}

/* a binary search: the analyses look a file's records up by id in a
 * job's records sorted once (millions of records, a lookup per file) */
size_t iol_jrecs_from(const struct iol_jrec *const *v, size_t n, uint64_t id)
{
	size_t lo = 0, hi = v ? n : 0;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (v[mid]->id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* ---- iterators: the source's state behind one handle ---- */

struct iol_segs {
	const struct iol_source *src;
	void *state; /* NULL: nothing to stream */
};

int iol_segs_open(struct iol_segs **out, const struct iol_job *job, int which,
		  struct iol_error *err)
{
	struct iol_segs *it;
	int ret;

	*out = NULL;
	it = calloc(1, sizeof(*it));
	if (!it)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	it->src = job->src;
	if (which >= 0 && which <= 1 && job->ndxt[which] && job->src &&
	    job->src->segs_open) {
		ret = job->src->segs_open(&it->state, job, which, err);
		if (ret < 0) {
			free(it);
			return ret;
		}
	}
	*out = it;
	return 0;
}

long iol_segs_next(struct iol_segs *it, struct iol_seg *segs, size_t max,
		   size_t *rec, int *is_read, struct iol_error *err)
{
	if (!max)
		return iol_error_set(err, IOL_EINVAL, "no room for segments");
	if (!it->state)
		return 0;
	return it->src->segs_next(it->state, segs, max, rec, is_read, err);
}

void iol_segs_close(struct iol_segs *it)
{
	if (!it)
		return;
	if (it->state)
		it->src->segs_close(it->state);
	free(it);
}

struct iol_events {
	const struct iol_source *src;
	void *state;
};

int iol_events_open(struct iol_events **out, const struct iol_job *job,
		    struct iol_error *err)
{
	struct iol_events *it;
	int ret;

	*out = NULL;
	if (!job->src || !job->src->events_open)
		return iol_error_set(err, IOL_EUNSUPP,
				     "this source has no events");
	it = calloc(1, sizeof(*it));
	if (!it)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	it->src = job->src;
	ret = job->src->events_open(&it->state, job, err);
	if (ret < 0) {
		free(it);
		return ret;
	}
	*out = it;
	return 0;
}

int iol_events_next(struct iol_events *it, struct iol_event *ev,
		    struct iol_error *err)
{
	return it->src->events_next(it->state, ev, err);
}

void iol_events_close(struct iol_events *it)
{
	if (!it)
		return;
	it->src->events_close(it->state);
	free(it);
}

/* ---- what a log cut short lost ---- */

static const char *mod_name(int m)
{
	return m < IOL_MOD_KNOWN ? iol_modinfo(m)->name : "unknown";
}

/* v with a comma every three digits, as the messages write byte counts */
static const char *grouped(char *b, size_t n, uint64_t v)
{
	char d[24];
	int len = snprintf(d, sizeof(d), "%llu", (unsigned long long)v), i;
	size_t o = 0;

	for (i = 0; i < len && o + 2 < n; i++) {
		if (i && (len - i) % 3 == 0)
			b[o++] = ',';
		b[o++] = d[i];
	}
	b[o] = '\0';
	return b;
}

/* append to buf[*l..n) like snprintf, never past the end */
static void add(char *buf, size_t n, size_t *l, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void add(char *buf, size_t n, size_t *l, const char *fmt, ...)
{
	va_list ap;
	int w;

	if (*l >= n)
		return;
	va_start(ap, fmt);
	w = vsnprintf(buf + *l, n - *l, fmt, ap);
	va_end(ap);
	if (w > 0)
		*l = *l + (size_t)w < n ? *l + (size_t)w : n - 1;
}

char *iol_lost_text(char *buf, size_t n, uint64_t lost, const uint64_t *have,
		    const uint64_t *len)
{
	char h[32], t[32];
	size_t l = 0;
	int m, first = -1, rest = 0, seen = 0;

	buf[0] = '\0';
	for (m = 0; m < IOL_MOD_MAX; m++)
		if ((lost >> m) & 1)
			first < 0 ? (void)(first = m) : (void)rest++;
	if (first < 0)
		return buf;
	/* the regions lie in id order: the first is the one the file ends
	 * in, the others are wholly past its end */
	add(buf, n, &l, "log cut: the %s region is incomplete (%s of %s bytes)",
	    mod_name(first), grouped(h, sizeof(h), have[first]),
	    grouped(t, sizeof(t), len[first]));
	for (m = first + 1; m < IOL_MOD_MAX && rest; m++) {
		if (!((lost >> m) & 1))
			continue;
		seen++;
		add(buf, n, &l, "%s%s",
		    seen == 1	   ? " and the "
		    : seen == rest ? " and "
				   : ", ",
		    mod_name(m));
	}
	if (rest)
		add(buf, n, &l, " region%s %s missing", rest > 1 ? "s" : "",
		    rest > 1 ? "are" : "is");
	add(buf, n, &l, "; %s records are left out", rest ? "their" : "its");
	return buf;
}

char *iol_lost_names(char *buf, size_t n, uint64_t lost)
{
	size_t l = 0;
	int m;

	buf[0] = '\0';
	for (m = 0; m < IOL_MOD_MAX; m++)
		if ((lost >> m) & 1)
			add(buf, n, &l, "%s%s", l ? " " : "", mod_name(m));
	return buf;
}
