/*
 * Writing a job as a Darshan 3.41 log, so that the Darshan tools in the
 * field can read what a trace saw: the job record, the name table, one
 * POSIX record (version 4) per file and rank, DXT_POSIX (version 1)
 * traces of every data call, and a job's LUSTRE records (version 1: the
 * stripe size, width and OSTs of a file) where it has them.  Record ids are
 * Darshan's own: Bob Jenkins' 64-bit lookup8 hash of the path (FORMAT.md
 * section 5), and regions are single zlib streams as darshan-convert writes
 * them.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <zlib.h>

#include "render/darshan-write.h"
#include "base/grow.h"
#include "base/version.h"
#include "counters/counters.h"
#include "sources/registry.h"
#include "render/output.h"
#include "base/banned.h"

/* the one implementation is in the library (lib/sources/record-id.c) */
uint64_t iol_darshan_record_id(const char *name)
{
	return iol_record_id(name);
}

/* ---- growable byte buffers ---- */

struct bytes {
	unsigned char *p;
	size_t n, cap;
};

static int put(struct bytes *b, const void *src, size_t n)
{
	if (b->cap - b->n < n) {
		size_t nc = b->cap ? b->cap * 2 : 4096;
		unsigned char *np;

		while (nc - b->n < n)
			nc *= 2;
		np = realloc(b->p, nc);
		if (!np)
			return IOL_ENOMEM;
		b->p = np;
		b->cap = nc;
	}
	memcpy(b->p + b->n, src, n);
	b->n += n;
	return 0;
}

static int put64(struct bytes *b, uint64_t v)
{
	return put(b, &v, 8);
}

static int putd(struct bytes *b, double v)
{
	return put(b, &v, 8);
}

/* one zlib stream, as the runtime writes a region */
static int deflate_bytes(const struct bytes *in, struct bytes *out)
{
	uLongf n = compressBound((uLong)in->n);

	out->p = malloc(n ? n : 1);
	if (!out->p)
		return IOL_ENOMEM;
	if (compress2(out->p, &n, in->p, (uLong)in->n, Z_DEFAULT_COMPRESSION) !=
	    Z_OK)
		return IOL_ENOMEM;
	out->n = out->cap = n;
	return 0;
}

struct segvec {
	struct iol_seg *v;
	size_t n, cap;
};

static int segpush(struct segvec *s, const struct iol_seg *g)
{
	struct iol_seg *v = iol_grow(s->v, &s->cap, s->n, sizeof(*v), 16);

	if (!v)
		return IOL_ENOMEM;
	s->v = v;
	s->v[s->n++] = *g;
	return 0;
}

/* a module's entry in the header: its region (offset, length) and its
 * record version (FORMAT.md 2) */
static void header_region(unsigned char *hdr, int mod, uint64_t off,
			  uint64_t len, uint32_t ver)
{
	memcpy(hdr + 48 + 16 * mod, &off, 8);
	memcpy(hdr + 56 + 16 * mod, &len, 8);
	memcpy(hdr + 1072 + 4 * mod, &ver, 4);
}

static int write_all(int fd, const void *p, size_t n)
{
	const char *c = p;

	while (n) {
		ssize_t w = write(fd, c, n);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		c += w;
		n -= (size_t)w;
	}
	return 0;
}

/* The job record: ids, times, metadata, then exe and mounts. */
static int job_region(struct bytes *jobr, const struct iol_job *job)
{
	char meta[1024], text[3016];
	size_t k;

	put64(jobr, (uint64_t)job->uid);
	put64(jobr, (uint64_t)job->start_sec);
	put64(jobr, (uint64_t)job->start_nsec);
	put64(jobr, (uint64_t)job->end_sec);
	put64(jobr, (uint64_t)job->end_nsec);
	put64(jobr, (uint64_t)job->nprocs);
	put64(jobr, (uint64_t)job->jobid);
	memset(meta, 0, sizeof(meta));
	snprintf(meta, sizeof(meta), "lib_ver=iolens-%s\nsource=%s\n",
		 IOLENS_VERSION, job->source);
	if (put(jobr, meta, sizeof(meta)) < 0)
		return IOL_ENOMEM;
	/* without a mount table darshan-util drops the exe: name one */
	memset(text, 0, sizeof(text));
	snprintf(text, sizeof(text) - 20, "%s", job->exe ? job->exe : "");
	k = strlen(text);
	snprintf(text + k, sizeof(text) - k, "\nunknown\t/");
	if (put(jobr, text, sizeof(text)) < 0)
		return IOL_ENOMEM;
	return 0;
}

/* The name records (one per id) and the POSIX records. */
static int posix_regions(struct bytes *names, struct bytes *posix,
			 const struct iol_job *job, const uint64_t *ids,
			 size_t nrec)
{
	const struct iol_jmod *pm = &job->mod[IOL_MOD_POSIX];
	size_t i, k;

	for (i = 0; i < nrec; i++) {
		const char *name = iol_job_name(job, pm->recs[i].id);
		int c;

		if (!name)
			name = "";
		/* one name per id */
		for (k = 0; k < i; k++)
			if (ids[k] == ids[i])
				break;
		if (k == i && (put64(names, ids[i]) < 0 ||
			       put(names, name, strlen(name) + 1) < 0))
			return IOL_ENOMEM;
		put64(posix, ids[i]);
		put64(posix, (uint64_t)pm->recs[i].rank);
		for (c = 0; c < IOL_POSIX_NINT; c++)
			put64(posix, (uint64_t)pm->recs[i].ic[c]);
		for (c = 0; c < IOL_POSIX_NFLT; c++)
			if (putd(posix, pm->recs[i].fc[c]) < 0)
				return IOL_ENOMEM;
	}
	return 0;
}

/* Each POSIX record's DXT segments, writes then reads, into segs. */
static int dxt_collect(const struct iol_job *job, struct segvec *segs,
		       size_t nrec, struct iol_error *err)
{
	struct iol_segs *it;
	struct iol_seg g[256];
	size_t rec;
	int is_read, ret;
	long n, j;

	ret = iol_segs_open(&it, job, 0, err);
	if (ret < 0)
		return ret;
	while ((n = iol_segs_next(it, g, 256, &rec, &is_read, err)) > 0)
		for (j = 0; j < n && rec < nrec; j++)
			if (segpush(&segs[rec * 2 + is_read], &g[j]) < 0) {
				n = IOL_ENOMEM;
				break;
			}
	iol_segs_close(it);
	return n < 0 ? (int)n : 0;
}

/* DXT_POSIX: each record's writes, then its reads. */
static int dxt_region(struct bytes *dxt, const struct iol_job *job,
		      const uint64_t *ids, struct segvec *segs, size_t nrec)
{
	size_t i, k;

	for (i = 0; i < nrec; i++) {
		char host[64];
		int w;

		memset(host, 0, sizeof(host));
		memcpy(host, job->dxt[0][i].hostname, sizeof(host) - 1);
		put64(dxt, ids[i]);
		put64(dxt, (uint64_t)job->dxt[0][i].rank);
		put64(dxt, 0);
		put(dxt, host, sizeof(host));
		put64(dxt, segs[i * 2].n);
		put64(dxt, segs[i * 2 + 1].n);
		for (w = 0; w < 2; w++)
			for (k = 0; k < segs[i * 2 + w].n; k++) {
				const struct iol_seg *s = &segs[i * 2 + w].v[k];

				put64(dxt, (uint64_t)s->off);
				put64(dxt, (uint64_t)s->len);
				putd(dxt, s->start);
				if (putd(dxt, s->end) < 0)
					return IOL_ENOMEM;
			}
	}
	return 0;
}

/* The LUSTRE records in module version 1 (id, rank, LUSTRE_OSTS, _MDTS,
 * _STRIPE_OFFSET, _STRIPE_SIZE, _STRIPE_WIDTH, then the OST ids), under
 * the ids of their files' names as the POSIX records are. */
static int lustre_region(struct bytes *lu, const struct iol_job *job)
{
	size_t i;
	int64_t j;

	for (i = 0; i < job->nlustre; i++) {
		const struct iol_jlustre *s = &job->lustre[i];
		const char *name = iol_job_name(job, s->id);

		int r = put64(lu, iol_darshan_record_id(name ? name : ""));

		r |= put64(lu, (uint64_t)-1);
		r |= put64(lu, (uint64_t)s->nosts);
		r |= put64(lu, 1);
		r |= put64(lu, (uint64_t)(s->nosts ? s->osts[0] : 0));
		r |= put64(lu, (uint64_t)s->stripe_size);
		r |= put64(lu, (uint64_t)s->nosts);
		for (j = 0; j < s->nosts; j++)
			r |= put64(lu, (uint64_t)s->osts[j]);
		if (r)
			return IOL_ENOMEM;
	}
	return 0;
}

/* The header, regions in order: job, names, POSIX, DXT_POSIX, LUSTRE. */
static void log_header(unsigned char hdr[1328], const struct bytes z[5])
{
	uint64_t magic = 6567223, v, off;

	memset(hdr, 0, 1328);
	memcpy(hdr, "3.41", 4);
	memcpy(hdr + 8, &magic, 8);
	hdr[16] = 0; /* zlib */
	off = 1328 + z[0].n;
	v = off;
	memcpy(hdr + 32, &v, 8);
	v = z[1].n;
	memcpy(hdr + 40, &v, 8);
	off += z[1].n;
	if (z[2].n) {
		header_region(hdr, IOL_MOD_POSIX, off, z[2].n, 4);
		off += z[2].n;
	}
	if (z[3].n) {
		header_region(hdr, IOL_MOD_DXT_POSIX, off, z[3].n, 1);
		off += z[3].n;
	}
	if (z[4].n)
		header_region(hdr, IOL_MOD_LUSTRE, off, z[4].n, 1);
}

/* Header and regions into a temporary beside path, renamed when
 * complete. */
static int log_write(const char *path, const unsigned char hdr[1328],
		     const struct bytes z[5], struct iol_error *err)
{
	char *tmp = malloc(OUT_TMP_MAX);
	int fd, ret = 0;

	if (!tmp)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	fd = out_tmp(path, tmp, OUT_TMP_MAX);
	if (fd < 0) {
		if (err)
			err->sys = errno;
		ret = iol_error_set(err, IOL_EIO, "cannot write '%s': %s", path,
				    strerror(errno));
		free(tmp);
		return ret;
	}
	if (write_all(fd, hdr, 1328) < 0 || write_all(fd, z[0].p, z[0].n) < 0 ||
	    write_all(fd, z[1].p, z[1].n) < 0 ||
	    (z[2].n && write_all(fd, z[2].p, z[2].n) < 0) ||
	    (z[3].n && write_all(fd, z[3].p, z[3].n) < 0) ||
	    (z[4].n && write_all(fd, z[4].p, z[4].n) < 0) ||
	    (strcmp(tmp, path) != 0 && fsync(fd) < 0) || close(fd) < 0) {
		if (err)
			err->sys = errno;
		ret = iol_error_set(err, IOL_EIO, "cannot write '%s': %s", path,
				    strerror(errno));
		out_discard(tmp, path);
	} else if (out_commit(tmp, path) < 0) {
		ret = iol_error_set(err, IOL_EIO, "cannot write '%s': %s", path,
				    strerror(errno));
		out_discard(tmp, path);
	}
	free(tmp);
	return ret;
}

int iol_darshan_write(const struct iol_job *job, const char *path,
		      struct iol_error *err)
{
	const struct iol_jmod *pm = &job->mod[IOL_MOD_POSIX];
	struct bytes jobr = {0}, names = {0}, posix = {0}, dxt = {0}, lu = {0};
	struct bytes z[5] = {{0}};
	struct segvec *segs = NULL;
	unsigned char hdr[1328];
	uint64_t *ids = NULL;
	size_t i, nrec = pm->loaded ? pm->n : 0;
	int ret = IOL_ENOMEM;

	/* Darshan's record ids, from the paths */
	ids = calloc(nrec ? nrec : 1, sizeof(*ids));
	segs = calloc(nrec ? nrec : 1, 2 * sizeof(*segs));
	if (!ids || !segs)
		goto out;
	for (i = 0; i < nrec; i++) {
		const char *name = iol_job_name(job, pm->recs[i].id);

		ids[i] = iol_darshan_record_id(name ? name : "");
	}
	if (job_region(&jobr, job) < 0 ||
	    posix_regions(&names, &posix, job, ids, nrec) < 0)
		goto out;
	if (job->ndxt[0] && job->ndxt[0] == nrec) {
		ret = dxt_collect(job, segs, nrec, err);
		if (ret < 0)
			goto out;
		ret = IOL_ENOMEM;
		if (dxt_region(&dxt, job, ids, segs, nrec) < 0)
			goto out;
	}
	if (lustre_region(&lu, job) < 0)
		goto out;
	if (deflate_bytes(&jobr, &z[0]) < 0 ||
	    deflate_bytes(&names, &z[1]) < 0 ||
	    (nrec && deflate_bytes(&posix, &z[2]) < 0) ||
	    (dxt.n && deflate_bytes(&dxt, &z[3]) < 0) ||
	    (lu.n && deflate_bytes(&lu, &z[4]) < 0))
		goto out;
	log_header(hdr, z);
	ret = log_write(path, hdr, z, err);
	if (ret < 0)
		goto done;
out:
	if (ret == IOL_ENOMEM)
		iol_error_set(err, IOL_ENOMEM, "out of memory");
done:
	free(ids);
	for (i = 0; segs && i < nrec * 2; i++)
		free(segs[i].v);
	free(segs);
	free(jobr.p);
	free(names.p);
	free(posix.p);
	free(dxt.p);
	free(lu.p);
	for (i = 0; i < 5; i++)
		free(z[i].p);
	return ret;
}
