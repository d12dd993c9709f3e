/*
 * A job's row for the population analyses made from its log, as ingest
 * would store it, for a log not in the store (context): its user from an
 * "alice_app_id..." name, else the uid; its app the executable's base
 * name; the figures of its summary.
 */
#define _XOPEN_SOURCE 700
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "population/popjob.h"
#include "base/banned.h"

static char *user_of(const char *path, int64_t uid)
{
	const char *b = strrchr(path, '/');
	char buf[64];
	size_t l;

	b = b ? b + 1 : path;
	l = strcspn(b, "_");
	if (b[l] == '_' && strstr(b + l, "_id") && l < sizeof buf) {
		memcpy(buf, b, l);
		buf[l] = '\0';
	} else {
		snprintf(buf, sizeof buf, "%lld", (long long)uid);
	}
	return strdup(buf);
}

static char *app_of(const char *exe)
{
	const char *e = exe ? exe : "";
	size_t l = strcspn(e, " ");
	const char *s = e;
	char *r;

	for (size_t i = 0; i < l; i++)
		if (e[i] == '/')
			s = e + i + 1;
	l -= (size_t)(s - e);
	r = malloc(l + 1);
	if (!r)
		return NULL;
	memcpy(r, s, l);
	r[l] = '\0';
	return r;
}

int iol_popjob_fill(struct iol_popjob *j, const struct iol_job *job,
		    const struct iol_summary *s)
{
	memset(j, 0, sizeof *j);
	j->path = strdup(job->path ? job->path : "");
	j->user = j->path ? user_of(j->path, job->uid) : NULL;
	j->app = app_of(job->exe);
	if (!j->path || !j->user || !j->app) {
		iol_popjob_release(j);
		return IOL_ENOMEM;
	}
	j->uid = job->uid;
	j->nprocs = job->nprocs;
	j->start_time = iol_job_start(job);
	/* as ingest stores it: a job's weather is that of its run */
	j->end_time = (double)job->end_sec + job->end_nsec * 1e-9;
	j->run_time = job->run_time;
	j->bytes_read = s->bytes_read;
	j->bytes_written = s->bytes_written;
	j->files = s->nfiles;
	j->mib_s = s->mibs;
	j->mib_s_per_node = s->mibs_cn;
	j->pct_io_time_slowest = s->pct_io_slowest;
	j->md_cost_pct = s->md_cost_pct;
	j->io_time_by_slowest = s->io.agg_time_by_slowest;
	return 0;
}

void iol_popjob_release(struct iol_popjob *j)
{
	free(j->path);
	free(j->user);
	free(j->app);
	memset(j, 0, sizeof *j);
}
