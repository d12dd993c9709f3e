/*
 * The job model's own code: making and closing a job, and the questions
 * every analysis asks of it whatever its source.  Everything that depends
 * on where the job came from goes through job->src (model/source.h); the
 * readers and the registry that picks one live in lib/sources.
 */
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
	free(job->sys);
	free(job);
}

const char *iol_job_name(const struct iol_job *job, uint64_t id)
{
	if (!job->src || !job->src->name_of)
		return NULL;
	return job->src->name_of(job, id);
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
