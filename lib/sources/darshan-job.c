/*
 * Darshan logs as a source of jobs.  Counter records are copied into the
 * job's arena with exactly the counters their module has; DXT records keep
 * only their headers, and segments are streamed again from the compressed
 * region when an analysis asks for them (segments or events), so memory
 * follows the number of records, not the number of operations.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/grow.h"
#include "base/hash.h"
#include "model/job-int.h"
#include "sources/darshan.h"
#include "counters/counters.h"
#include "sources/registry.h"
#include "base/banned.h"

static struct iol_dlog *dlog_of(const struct iol_job *job)
{
	return iol_job_data(job);
}

/* ---- loading ---- */

/* A float counter that is not a number or infinite, or a time beyond a
 * billion seconds (32 years) either way: no Darshan writer makes one (a
 * time, a timestamp from the job's start or a variance; -1 marks "none"),
 * and every sum, ratio and detail of an analysis would carry it, so the
 * log is refused as corrupt (parse prints it as it is, as darshan-parser
 * does).  Integer counters are not checked: real logs hold -4 in 3.1's
 * POSIX_MMAPS. */
#define TIME_LIMIT 1e9
static const char *absurd_float(const char *name, double v)
{
	if (isnan(v))
		return "not a number";
	if (isinf(v))
		return "infinite";
	if (fabs(v) > TIME_LIMIT && strstr(name, "TIME") &&
	    !strstr(name, "VARIANCE"))
		return "beyond a billion seconds";
	return NULL;
}

/* TIME_LIMIT's bits, as check_floats() compares them */
static uint64_t limit_bits(void)
{
	double l = TIME_LIMIT;
	uint64_t b;

	memcpy(&b, &l, sizeof(b));
	return b;
}

static int check_floats(const struct iol_modinfo *mi, const struct iol_rec *r,
			const double *fc, struct iol_error *err)
{
	const char *what;
	int k, odd = 0;

	/* one pass without branches first: nearly every record's floats
	 * are all within the limit.  As integers: the bits of a double
	 * without its sign order as its magnitude, and an infinity's or a
	 * NaN's lie above every finite one's, so the largest of them says
	 * whether any is beyond the limit (a NaN too) */
	uint64_t most = 0;

	for (k = 0; k < mi->nflt; k++) {
		uint64_t b;

		memcpy(&b, &fc[k], sizeof(b));
		b &= ~((uint64_t)1 << 63);
		most = b > most ? b : most;
	}
	odd = most > limit_bits();
	for (k = 0; odd && k < mi->nflt; k++)
		if ((what = absurd_float(mi->fname[k], fc[k])))
			return iol_error_set(
				err, IOL_ECORRUPT,
				"%s record %llu of rank %lld: %s is %s",
				mi->name, (unsigned long long)r->id,
				(long long)r->rank, mi->fname[k], what);
	return 0;
}

/* The next record of the module into the job: its counters read into
 * the arena where the reader can put them (rd->into_*), else copied
 * there.  1, 0 at the end, or < 0. */
static int next_counters(struct iol_job *job, const struct iol_modinfo *mi,
			 struct iol_modrd *rd, struct iol_jrec *jr,
			 struct iol_error *err)
{
	const struct iol_rec *r;
	int ret;

	if (!rd->into_ic) {
		rd->into_ic = iol_arena_alloc(
			&job->priv->arena,
			sizeof(int64_t) * (size_t)mi->nint +
				sizeof(double) * (size_t)mi->nflt);
		if (!rd->into_ic)
			return iol_error_set(err, IOL_ENOMEM, "out of memory");
		rd->into_fc = (double *)(rd->into_ic + mi->nint);
		rd->into_nint = mi->nint;
		rd->into_nflt = mi->nflt;
	}
	ret = iol_modrd_next(rd, &r, err);
	if (ret != 1)
		return ret;
	ret = check_floats(mi, r, rd->into_used ? rd->into_fc : r->fc, err);
	if (ret < 0)
		return ret;
	jr->id = r->id;
	jr->rank = r->rank;
	jr->ic = rd->into_ic;
	jr->fc = rd->into_fc;
	if (!rd->into_used) {
		memcpy(jr->ic, r->ic, sizeof(int64_t) * (size_t)mi->nint);
		memcpy(jr->fc, r->fc, sizeof(double) * (size_t)mi->nflt);
	}
	rd->into_ic = NULL; /* the record's now: the next one gets its own */
	return 1;
}

static int load_counters(struct iol_job *job, int mod, struct iol_error *err)
{
	const struct iol_modinfo *mi = iol_modinfo(mod);
	struct iol_jmod *jm = &job->mod[mod];
	struct iol_modrd rd;
	size_t cap = 0;
	int ret;

	ret = iol_modrd_open(&rd, dlog_of(job), mod, err);
	if (ret < 0)
		return ret;
	for (;;) {
		struct iol_jrec *jr =
			iol_grow(jm->recs, &cap, jm->n, sizeof(*jr), 64);

		if (!jr) {
			ret = iol_error_set(err, IOL_ENOMEM, "out of memory");
			break;
		}
		jm->recs = jr;
		ret = next_counters(job, mi, &rd, &jr[jm->n], err);
		if (ret != 1)
			break;
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
	int mod = which ? IOL_MOD_DXT_MPIIO : IOL_MOD_DXT_POSIX;
	struct iol_modrd rd;
	const struct iol_rec *r;
	size_t cap = 0;
	int ret;

	ret = iol_modrd_open(&rd, dlog_of(job), mod, err);
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

static int copy_heat(struct iol_job *job, struct iol_jheat *h,
		     const struct iol_rec *r)
{
	h->id = r->id;
	h->rank = r->rank;
	h->bin_width = r->bin_width;
	h->nbins = r->nbins;
	h->wbins =
		iol_arena_alloc(&job->priv->arena,
				sizeof(int64_t) * 2 * (size_t)(r->nbins + 1));
	if (!h->wbins)
		return IOL_ENOMEM;
	h->rbins = h->wbins + r->nbins;
	memcpy(h->wbins, r->wbins, sizeof(int64_t) * (size_t)r->nbins);
	memcpy(h->rbins, r->rbins, sizeof(int64_t) * (size_t)r->nbins);
	return 0;
}

static int load_heatmap(struct iol_job *job, struct iol_error *err)
{
	struct iol_modrd rd;
	const struct iol_rec *r;
	size_t cap = 0;
	int ret;

	ret = iol_modrd_open(&rd, dlog_of(job), IOL_MOD_HEATMAP, err);
	if (ret < 0)
		return ret;
	while ((ret = iol_modrd_next(&rd, &r, err)) == 1) {
		struct iol_jheat *h;

		h = iol_grow(job->heat, &cap, job->nheat, sizeof(*h), 16);
		if (!h ||
		    (job->heat = h, copy_heat(job, &h[job->nheat], r) < 0)) {
			ret = iol_error_set(err, IOL_ENOMEM, "out of memory");
			break;
		}
		job->nheat++;
	}
	iol_modrd_close(&rd);
	if (ret == 0)
		job->mod[IOL_MOD_HEATMAP].loaded = 1;
	return ret;
}

/* the OSTs of all components, each once, in their order */
static int copy_lustre(struct iol_job *job, struct iol_jlustre *l,
		       const struct iol_rec *r)
{
	int64_t i, j;

	memset(l, 0, sizeof(*l));
	l->id = r->id;
	if (r->ncomps > 0) {
		l->stripe_size = r->comps[0].c[0];
		l->stripe_count = r->comps[0].c[1];
	}
	l->osts = iol_arena_alloc(&job->priv->arena,
				  sizeof(int64_t) * (size_t)(r->nstripes + 1));
	if (!l->osts)
		return IOL_ENOMEM;
	for (i = 0; i < r->nstripes; i++) {
		for (j = 0; j < l->nosts && l->osts[j] != r->osts[i]; j++)
			;
		if (j == l->nosts && r->osts[i] >= 0)
			l->osts[l->nosts++] = r->osts[i];
	}
	return 0;
}

static int load_lustre(struct iol_job *job, struct iol_error *err)
{
	struct iol_modrd rd;
	const struct iol_rec *r;
	size_t cap = 0;
	int ret;

	ret = iol_modrd_open(&rd, dlog_of(job), IOL_MOD_LUSTRE, err);
	if (ret < 0)
		return ret;
	while ((ret = iol_modrd_next(&rd, &r, err)) == 1) {
		struct iol_jlustre *l;

		l = iol_grow(job->lustre, &cap, job->nlustre, sizeof(*l), 16);
		if (!l || (job->lustre = l,
			   copy_lustre(job, &l[job->nlustre], r) < 0)) {
			ret = iol_error_set(err, IOL_ENOMEM, "out of memory");
			break;
		}
		job->nlustre++;
	}
	iol_modrd_close(&rd);
	if (ret == 0)
		job->mod[IOL_MOD_LUSTRE].loaded = 1;
	return ret;
}

static void copy_header(struct iol_job *job, const struct iol_dlog *d)
{
	int i;

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
	/* The NULL module holds no records: its bit is the one darshan-merge
	 * sets on every log it writes (FORMAT.md section 8), not a module
	 * that ran out of memory.  A merged log is not an incomplete one. */
	job->partial = d->partial & ~(1ULL << IOL_MOD_NULL);
	job->lost = d->cut;
	for (i = 0; i < IOL_MOD_MAX; i++) {
		if (!((d->cut >> i) & 1))
			continue;
		job->lost_have[i] = iol_dlog_region_have(d, &d->mod_map[i]);
		job->lost_len[i] = d->mod_map[i].len;
	}
}

static int load_module(struct iol_job *job, int i, struct iol_error *err)
{
	if (i == IOL_MOD_DXT_POSIX || i == IOL_MOD_DXT_MPIIO)
		return load_dxt(job, i == IOL_MOD_DXT_MPIIO, err);
	if (i == IOL_MOD_HEATMAP)
		return load_heatmap(job, err);
	if (i == IOL_MOD_LUSTRE) {
		int r = load_lustre(job, err);

		/* the layout only feeds files --by ost and the OST rules: a
		 * damaged LUSTRE region loses those, not the job (parse
		 * still says what is wrong with it) */
		if (r < 0 && r != IOL_ENOMEM) {
			job->nlustre = 0;
			r = 0;
		}
		return r;
	}
	if (iol_modinfo(i)->nint && i != IOL_MOD_MDHIM)
		return load_counters(job, i, err);
	return 0; /* MDHIM: read by parse only */
}

static int darshan_load(struct iol_job *job, const char *const *paths,
			int npaths, const struct iol_trace_opts *o,
			struct iol_error *err)
{
	struct iol_dlog *d;
	int i, ret;

	(void)npaths;
	(void)o;
	/* the descriptor the sniff opened: a log opened once */
	ret = job->priv->fd >= 0 ? iol_dlog_open_fd(&d, job->priv->fd, err)
				 : iol_dlog_open(&d, paths[0], err);
	if (ret < 0)
		return ret;
	job->priv->data = d;
	copy_header(job, d);
	for (i = 0; i < IOL_MOD_KNOWN; i++) {
		struct iol_jmod *jm = &job->mod[i];

		jm->present = d->mod_map[i].len > 0 || ((d->partial >> i) & 1);
		jm->ver = (int)d->mod_ver[i];
		jm->partial = (int)((d->partial >> i) & 1);
		/* a module a cut lost is present but has no records */
		if (!d->mod_map[i].len || ((d->cut >> i) & 1) ||
		    !iol_dlog_mod_readable(d, i))
			continue;
		ret = load_module(job, i, err);
		if (ret < 0)
			return ret;
	}
	return 0;
}

static int darshan_sniff(const char *path, const void *head, size_t len)
{
	(void)path;
	return iol_dlog_sniff(head, len);
}

static const char *darshan_name(const struct iol_job *job, uint64_t id)
{
	return dlog_of(job) ? iol_dlog_name(dlog_of(job), id) : NULL;
}

static const void *darshan_bytes(const struct iol_job *job, size_t *len)
{
	*len = 0;
	return dlog_of(job) ? iol_dlog_bytes(dlog_of(job), len) : NULL;
}

static void darshan_free(struct iol_job *job)
{
	iol_dlog_close(dlog_of(job));
	job->priv->data = NULL;
}

/* ---- segments ---- */

struct dsegs {
	const struct iol_job *job;
	int which;
	struct iol_modrd rd;
	size_t rec; /* records started */
	int started;
};

static int darshan_segs_open(void **out, const struct iol_job *job, int which,
			     struct iol_error *err)
{
	struct dsegs *it = calloc(1, sizeof(*it));
	int ret;

	if (!it)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	it->job = job;
	it->which = which;
	ret = iol_modrd_open(&it->rd, dlog_of(job),
			     which ? IOL_MOD_DXT_MPIIO : IOL_MOD_DXT_POSIX,
			     err);
	if (ret < 0) {
		free(it);
		return ret;
	}
	*out = it;
	return 0;
}

static long darshan_segs_next(void *state, struct iol_seg *segs, size_t max,
			      size_t *rec, int *is_read, struct iol_error *err)
{
	struct dsegs *it = state;
	const struct iol_rec *r;
	long n;
	int ret;

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

static void darshan_segs_close(void *state)
{
	struct dsegs *it = state;

	iol_modrd_close(&it->rd);
	free(it);
}

/* ---- events: DXT_POSIX segments, opens and closes inferred ---- */

enum { DEV_BATCH = 256 };

struct devents {
	const struct iol_job *job;
	void *segs;		/* a segment iterator of our own */
	struct iol_index posix; /* (id, rank) -> POSIX record */
	struct iol_seg b[DEV_BATCH];
	long nb, next; /* batch size, next to hand out */
	int is_read;
	size_t rec; /* record of the batch */
	size_t cur; /* record being given, SIZE_MAX none */
	int closed; /* its inferred close was given */
	int eof;    /* no more segments */
};

struct pkey {
	const struct iol_jmod *jm;
	uint64_t id;
	int64_t rank;
};

static uint64_t posix_hash(const void *ctx, uint32_t i)
{
	const struct iol_jrec *r = &((const struct pkey *)ctx)->jm->recs[i];

	return iol_hash_pair(r->id, (uint64_t)r->rank);
}

static int posix_eq(const void *ctx, uint32_t i)
{
	const struct pkey *k = ctx;

	return k->jm->recs[i].id == k->id && k->jm->recs[i].rank == k->rank;
}

static int index_posix(struct devents *it)
{
	const struct iol_jmod *jm = &it->job->mod[IOL_MOD_POSIX];
	struct pkey k = {jm, 0, 0};
	size_t i;

	for (i = 0; i < jm->n; i++) {
		uint32_t *s;

		if (iol_index_reserve(&it->posix, posix_hash, &k) < 0)
			return IOL_ENOMEM;
		k.id = jm->recs[i].id;
		k.rank = jm->recs[i].rank;
		s = iol_index_slot(&it->posix,
				   iol_hash_pair(k.id, (uint64_t)k.rank),
				   posix_eq, &k);
		if (*s == IOL_INDEX_EMPTY) {
			*s = (uint32_t)i;
			it->posix.n++;
		}
	}
	return 0;
}

/* the POSIX record of (id, rank), or of the file shared by all (-1) */
static const struct iol_jrec *posix_of(const struct devents *it, uint64_t id,
				       int64_t rank)
{
	const struct iol_jmod *jm = &it->job->mod[IOL_MOD_POSIX];
	struct pkey k = {jm, id, rank};
	uint32_t *s;

	if (!it->posix.slot)
		return NULL;
	s = iol_index_slot(&it->posix, iol_hash_pair(id, (uint64_t)rank),
			   posix_eq, &k);
	if (*s == IOL_INDEX_EMPTY && rank != -1)
		return posix_of(it, id, -1);
	return *s == IOL_INDEX_EMPTY ? NULL : &jm->recs[*s];
}

static void devents_close(void *state)
{
	struct devents *it = state;

	if (it->segs)
		darshan_segs_close(it->segs);
	iol_index_release(&it->posix);
	free(it);
}

static int devents_open(void **out, const struct iol_job *job,
			struct iol_error *err)
{
	struct devents *it;
	int ret;

	if (!job->ndxt[0])
		return iol_error_set(err, IOL_EUNSUPP,
				     "the log has no DXT_POSIX traces");
	it = calloc(1, sizeof(*it));
	if (!it)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	it->job = job;
	it->cur = SIZE_MAX;
	if (index_posix(it) < 0) {
		devents_close(it);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	ret = darshan_segs_open(&it->segs, job, 0, err);
	if (ret < 0) {
		it->segs = NULL;
		devents_close(it);
		return ret;
	}
	*out = it;
	return 0;
}

static void dev_base(const struct devents *it, size_t rec, int kind,
		     struct iol_event *ev)
{
	const struct iol_jdxt *x = &it->job->dxt[0][rec];

	memset(ev, 0, sizeof(*ev));
	ev->kind = kind;
	ev->rank = x->rank;
	ev->pid = -1;
	ev->fd = -1;
	ev->file = x->id;
	ev->path = darshan_name(it->job, x->id);
	ev->off = -1;
	ev->len = -1;
	ev->regular = 1;
}

/* the inferred open or close of record rec; 0 when the log lacks it */
static int dev_infer(const struct devents *it, size_t rec, int closing,
		     struct iol_event *ev)
{
	const struct iol_jdxt *x = &it->job->dxt[0][rec];
	const struct iol_jrec *p = posix_of(it, x->id, x->rank);
	double t;

	if (!p)
		return 0;
	t = p->fc[closing ? POSIX_F_CLOSE_END_TIMESTAMP
			  : POSIX_F_OPEN_START_TIMESTAMP];
	if (!(t > 0))
		return 0;
	dev_base(it, rec, closing ? IOL_EV_CLOSE : IOL_EV_OPEN, ev);
	ev->name = closing ? "close" : "open";
	ev->start = t;
	ev->ret = closing ? 0 : -1;
	ev->inferred = 1;
	return 1;
}

static void dev_seg(const struct devents *it, struct iol_event *ev)
{
	const struct iol_seg *g = &it->b[it->next];

	dev_base(it, it->rec, it->is_read ? IOL_EV_READ : IOL_EV_WRITE, ev);
	ev->name = it->is_read ? "read" : "write";
	ev->pid = g->tid ? (int64_t)g->tid : -1;
	ev->start = g->start;
	ev->dur = g->end > g->start ? g->end - g->start : 0;
	ev->off = g->off;
	ev->len = g->len;
	ev->ret = g->len;
}

/* the close of the record being given, once; 1 when ev is filled */
static int dev_close_cur(struct devents *it, struct iol_event *ev)
{
	if (it->cur == SIZE_MAX || it->closed)
		return 0;
	it->closed = 1;
	return dev_infer(it, it->cur, 1, ev);
}

static int devents_next(void *state, struct iol_event *ev,
			struct iol_error *err)
{
	struct devents *it = state;

	for (;;) {
		if (it->next < it->nb) {
			if (it->rec != it->cur) { /* a new record starts */
				if (dev_close_cur(it, ev))
					return 1;
				it->cur = it->rec;
				it->closed = 0;
				if (dev_infer(it, it->cur, 0, ev))
					return 1;
			}
			dev_seg(it, ev);
			it->next++;
			return 1;
		}
		if (it->eof)
			return dev_close_cur(it, ev);
		it->next = 0;
		it->nb = darshan_segs_next(it->segs, it->b, DEV_BATCH, &it->rec,
					   &it->is_read, err);
		if (it->nb < 0)
			return (int)it->nb;
		it->eof = it->nb == 0;
	}
}

const struct iol_source iol_source_darshan = {
	.name = "darshan",
	.sniff = darshan_sniff,
	.load = darshan_load,
	.segs_open = darshan_segs_open,
	.segs_next = darshan_segs_next,
	.segs_close = darshan_segs_close,
	.events_open = devents_open,
	.events_next = devents_next,
	.events_close = devents_close,
	.name_of = darshan_name,
	.bytes = darshan_bytes,
	.free = darshan_free,
};
