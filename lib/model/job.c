/*
 * Loading a Darshan log into the job model.  Counter records are copied
 * into one arena with exactly the counters their module has; DXT records
 * keep only their headers, and segments are streamed again from the
 * compressed region when an analysis asks for them, so memory follows the
 * number of records, not the number of operations.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model/job-int.h"
#include "base/grow.h"
#include "base/lines.h"
#include "sources/trace.h"
#include "base/banned.h"

const char *const iol_other_names[IOL_OTHER_N] = {
	"pipes",
	"sockets",
	"standard streams",
	"devices",
};

/* ---- loading ---- */

static int load_counters(struct iol_job *job, int mod, struct iol_error *err)
{
	struct iol_job_priv *p = job->priv;
	const struct iol_modinfo *mi = iol_modinfo(mod);
	struct iol_jmod *jm = &job->mod[mod];
	struct iol_modrd rd;
	const struct iol_rec *r;
	size_t cap = 0;
	int ret;

	ret = iol_modrd_open(&rd, p->dlog, mod, err);
	if (ret < 0)
		return ret;
	while ((ret = iol_modrd_next(&rd, &r, err)) == 1) {
		struct iol_jrec *jr;

		jr = iol_grow(jm->recs, &cap, jm->n, sizeof(*jr), 64);
		if (!jr) {
			ret = iol_error_set(err, IOL_ENOMEM, "out of memory");
			break;
		}
		jm->recs = jr;
		jr = &jm->recs[jm->n];
		jr->id = r->id;
		jr->rank = r->rank;
		jr->ic = iol_arena_alloc(
			&p->arena, sizeof(int64_t) * (size_t)mi->nint +
					   sizeof(double) * (size_t)mi->nflt);
		if (!jr->ic) {
			ret = iol_error_set(err, IOL_ENOMEM, "out of memory");
			break;
		}
		jr->fc = (double *)(jr->ic + mi->nint);
		memcpy(jr->ic, r->ic, sizeof(int64_t) * (size_t)mi->nint);
		memcpy(jr->fc, r->fc, sizeof(double) * (size_t)mi->nflt);
		jm->n++;
	}
	iol_modrd_close(&rd);
	if (ret < 0)
		return ret;
	jm->loaded = 1;
	return 0;
}

static int load_dxt(struct iol_job *job, int which, struct iol_error *err)
{
	struct iol_job_priv *p = job->priv;
	int mod = which ? IOL_MOD_DXT_MPIIO : IOL_MOD_DXT_POSIX;
	struct iol_modrd rd;
	const struct iol_rec *r;
	size_t cap = 0;
	int ret;

	ret = iol_modrd_open(&rd, p->dlog, mod, err);
	if (ret < 0)
		return ret;
	while ((ret = iol_modrd_next(&rd, &r, err)) == 1) {
		struct iol_jdxt *x;

		x = iol_grow(job->dxt[which], &cap, job->ndxt[which],
			     sizeof(*x), 16);
		if (!x) {
			ret = iol_error_set(err, IOL_ENOMEM, "out of memory");
			break;
		}
		job->dxt[which] = x;
		x = &job->dxt[which][job->ndxt[which]++];
		x->id = r->id;
		x->rank = r->rank;
		x->wcount = r->wcount;
		x->rcount = r->rcount;
		memcpy(x->hostname, r->hostname, sizeof(x->hostname));
		job->nsegs[which] += (uint64_t)(r->wcount + r->rcount);
	}
	iol_modrd_close(&rd);
	if (ret == 0)
		job->mod[mod].loaded = 1;
	return ret;
}

static int load_heatmap(struct iol_job *job, struct iol_error *err)
{
	struct iol_job_priv *p = job->priv;
	struct iol_modrd rd;
	const struct iol_rec *r;
	size_t cap = 0;
	int ret;

	ret = iol_modrd_open(&rd, p->dlog, IOL_MOD_HEATMAP, err);
	if (ret < 0)
		return ret;
	while ((ret = iol_modrd_next(&rd, &r, err)) == 1) {
		struct iol_jheat *h;

		h = iol_grow(job->heat, &cap, job->nheat, sizeof(*h), 16);
		if (!h) {
			ret = iol_error_set(err, IOL_ENOMEM, "out of memory");
			break;
		}
		job->heat = h;
		h = &job->heat[job->nheat];
		h->id = r->id;
		h->rank = r->rank;
		h->bin_width = r->bin_width;
		h->nbins = r->nbins;
		h->wbins = iol_arena_alloc(&p->arena,
					   sizeof(int64_t) * 2 *
						   (size_t)(r->nbins + 1));
		if (!h->wbins) {
			ret = iol_error_set(err, IOL_ENOMEM, "out of memory");
			break;
		}
		h->rbins = h->wbins + r->nbins;
		memcpy(h->wbins, r->wbins, sizeof(int64_t) * (size_t)r->nbins);
		memcpy(h->rbins, r->rbins, sizeof(int64_t) * (size_t)r->nbins);
		job->nheat++;
	}
	iol_modrd_close(&rd);
	if (ret == 0)
		job->mod[IOL_MOD_HEATMAP].loaded = 1;
	return ret;
}

static int load_darshan(struct iol_job *job, struct iol_error *err)
{
	struct iol_dlog *d = job->priv->dlog;
	int i, ret;

	job->kind = IOL_SRC_DARSHAN;
	memcpy(job->source, "darshan ", 8);
	memcpy(job->source + 8, d->version, strlen(d->version) + 1);
	job->uid = d->uid;
	job->jobid = d->jobid;
	job->nprocs = d->nprocs;
	job->start_sec = d->start_sec;
	job->start_nsec = d->start_nsec;
	job->end_sec = d->end_sec;
	job->end_nsec = d->end_nsec;
	job->run_time = iol_dlog_runtime(d);
	job->time_exact = d->vminor >= 41;
	/* a log finalised from an mmap file has no end time */
	if (!(job->run_time >= 0))
		job->run_time = NAN;
	job->exe = d->exe;
	job->metadata = d->metadata;
	job->mounts = d->mounts;
	job->nmounts = d->nmounts;
	job->partial = d->partial;
	for (i = 0; i < IOL_MOD_KNOWN; i++) {
		struct iol_jmod *jm = &job->mod[i];

		jm->present = d->mod_map[i].len > 0 || ((d->partial >> i) & 1);
		jm->ver = (int)d->mod_ver[i];
		jm->partial = (int)((d->partial >> i) & 1);
		if (!d->mod_map[i].len || !iol_dlog_mod_readable(d, i))
			continue;
		if (i == IOL_MOD_DXT_POSIX || i == IOL_MOD_DXT_MPIIO)
			ret = load_dxt(job, i == IOL_MOD_DXT_MPIIO, err);
		else if (i == IOL_MOD_HEATMAP)
			ret = load_heatmap(job, err);
		else if (iol_modinfo(i)->nint && i != IOL_MOD_MDHIM)
			ret = load_counters(job, i, err);
		else
			ret = 0; /* LUSTRE, MDHIM: read by parse only */
		if (ret < 0)
			return ret;
	}
	return 0;
}

/* Not a Darshan log but the first line of an strace output?  (Reads the
 * start of the file; compressed traces are looked into.)  Standard input
 * is taken to be a Darshan log. */
static int looks_like_trace(const char *path)
{
	struct stat sb;
	FILE *f;
	char head[16];
	size_t n;

	if (!strcmp(path, "-"))
		return 0;
	if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode))
		return 1;
	f = fopen(path, "rb");
	if (!f)
		return 0;
	n = fread(head, 1, sizeof(head), f);
	fclose(f);
	if (iol_dlog_sniff(head, n))
		return 0;
	return iol_strace_sniff_file(path);
}

/* standard input into a temporary file; returns its path (caller frees) */
static char *spool_stdin(struct iol_error *err)
{
	const char *dir = getenv("TMPDIR");
	char *path;
	char buf[65536];
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
	if (fd < 0) {
		iol_error_set(err, IOL_EIO, "cannot spool standard input: %s",
			      strerror(errno));
		free(path);
		return NULL;
	}
	for (;;) {
		ssize_t r = read(STDIN_FILENO, buf, sizeof(buf));

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		if (write(fd, buf, (size_t)r) != r) {
			iol_error_set(err, IOL_EIO,
				      "cannot spool standard input: %s",
				      strerror(errno));
			close(fd);
			unlink(path);
			free(path);
			return NULL;
		}
	}
	close(fd);
	return path;
}

int iol_job_load(struct iol_job **out, const char *path, struct iol_error *err)
{
	return iol_job_load_opts(out, path, NULL, err);
}

int iol_job_load_opts(struct iol_job **out, const char *path,
		      const struct iol_trace_opts *to, struct iol_error *err)
{
	struct iol_job *job;
	int ret;

	if (!strcmp(path, "-")) {
		char *tmp = spool_stdin(err);

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

	*out = NULL;
	job = calloc(1, sizeof(*job));
	if (!job || !(job->priv = calloc(1, sizeof(*job->priv)))) {
		free(job);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	job->path = path;
	job->ncreated = -1;
	job->date_known = 1;
	if (looks_like_trace(path)) {
		struct iol_trace_opts o = {IOL_RANK_FROM_FILE, 0};

		free(job->priv);
		free(job);
		return iol_job_load_strace(out, &path, 1, to ? to : &o, err);
	}
	ret = iol_dlog_open(&job->priv->dlog, path, err);
	if (ret == 0)
		ret = load_darshan(job, err);
	if (ret < 0) {
		iol_job_close(job);
		return ret;
	}
	*out = job;
	return 0;
}

void iol_job_close(struct iol_job *job)
{
	int i;

	if (!job)
		return;
	if (job->priv) {
		if (job->priv->st)
			iol_strace_free(job);
		if (job->priv->spool) {
			unlink(job->priv->spool);
			free(job->priv->spool);
		}
		iol_arena_release(&job->priv->arena);
		iol_dlog_close(job->priv->dlog);
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
	if (job->priv->st)
		return iol_strace_name(job, id);
	return job->priv->dlog ? iol_dlog_name(job->priv->dlog, id) : NULL;
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

/* ---- segment streaming ---- */

struct iol_segs {
	struct iol_segs *trace; /* a trace's own iterator */
	const struct iol_job *job;
	int which;
	struct iol_modrd rd;
	int open;
	size_t rec; /* index of the current record */
	int started;
};

int iol_segs_open(struct iol_segs **out, const struct iol_job *job, int which,
		  struct iol_error *err)
{
	struct iol_segs *it;
	int mod = which ? IOL_MOD_DXT_MPIIO : IOL_MOD_DXT_POSIX;
	int ret;

	*out = NULL;
	it = calloc(1, sizeof(*it));
	if (!it)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	it->job = job;
	it->which = which;
	if (job->priv->st) {
		if (which == 0 && job->ndxt[0]) {
			it->trace = iol_strace_segs_open(job, err);
			if (!it->trace) {
				free(it);
				return err ? err->code : IOL_ENOMEM;
			}
		}
		*out = it;
		return 0;
	}
	if (job->ndxt[which]) {
		ret = iol_modrd_open(&it->rd, job->priv->dlog, mod, err);
		if (ret < 0) {
			free(it);
			return ret;
		}
		it->open = 1;
	}
	*out = it;
	return 0;
}

long iol_segs_next(struct iol_segs *it, struct iol_seg *segs, size_t max,
		   size_t *rec, int *is_read, struct iol_error *err)
{
	const struct iol_rec *r;
	long n;
	int ret;

	if (it->trace)
		return iol_strace_segs_next(it->trace, segs, max, rec, is_read,
					    err);
	if (!it->open)
		return 0;
	for (;;) {
		if (it->started) {
			n = iol_modrd_segs(&it->rd, segs, max, is_read, err);
			if (n != 0) {
				*rec = it->rec - 1;
				return n;
			}
		}
		ret = iol_modrd_next(&it->rd, &r, err);
		if (ret <= 0)
			return ret;
		it->started = 1;
		it->rec++;
		if (it->rec > it->job->ndxt[it->which])
			return iol_error_set(
				err, IOL_ECORRUPT,
				"DXT records changed between reads");
	}
}

void iol_segs_close(struct iol_segs *it)
{
	if (!it)
		return;
	if (it->trace)
		iol_strace_segs_close(it->trace);
	if (it->open)
		iol_modrd_close(&it->rd);
	free(it);
}
