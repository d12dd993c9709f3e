/*
 * The reducer shared by every trace reader: struct iol_event values into
 * POSIX-shaped records with Darshan's counters, one per (file, rank): op
 * counts, bytes, offsets, sequential and consecutive counts, size bins,
 * common sizes, timestamps, times.  Transfers on descriptors that are not
 * regular files are summarised by kind, and the loading pass's calls are
 * totalled per system call.  Counter indices are the generated enums of
 * counters/counters.h.
 *
 * The file table (path -> index, record id) and the record table live
 * here too: readers add files as they meet them, the reducer adds records.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "base/grow.h"
#include "counters/counters.h"
#include "sources/registry.h"
#include "sources/trace-int.h"
#include "base/banned.h"

/* ---- files ---- */

struct fkey {
	const struct tstate *st;
	uint64_t id;
	const char *path; /* NULL: any path with the id */
};

static uint64_t file_hash(const void *ctx, uint32_t i)
{
	return ((const struct fkey *)ctx)->st->files[i].id;
}

static int file_eq(const void *ctx, uint32_t i)
{
	const struct fkey *k = ctx;
	const struct tfile *f = &k->st->files[i];

	return f->id == k->id && (!k->path || !strcmp(f->path, k->path));
}

static int file_add(struct tstate *st, uint64_t id, const char *path)
{
	struct fkey k = {st, id, path};
	struct tfile *nf;
	uint32_t *s;

	if (iol_index_reserve(&st->fix, file_hash, &k) < 0)
		return IOL_ENOMEM;
	nf = iol_grow(st->files, &st->capfiles, st->nfiles, sizeof(*nf), 64);
	if (!nf)
		return IOL_ENOMEM;
	st->files = nf;
	nf = &st->files[st->nfiles];
	memset(nf, 0, sizeof(*nf));
	nf->path = iol_arena_strdup(&st->job->priv->arena, path);
	if (!nf->path)
		return IOL_ENOMEM;
	nf->id = id;
	s = iol_index_slot(&st->fix, id, file_eq, &k);
	*s = (uint32_t)st->nfiles;
	st->fix.n++;
	return (int)st->nfiles++;
}

/* index of the file (id, path), added when add; -1 absent */
int tr_file_find(struct tstate *st, uint64_t id, const char *path, int add)
{
	struct fkey k = {st, id, path};

	if (st->fix.slot) {
		uint32_t *s = iol_index_slot(&st->fix, id, file_eq, &k);

		if (*s != IOL_INDEX_EMPTY)
			return (int)*s;
	}
	return add ? file_add(st, id, path) : -1;
}

int tr_file_index(struct tstate *st, const char *path, int add)
{
	return tr_file_find(st, iol_record_id(path), path, add);
}

const char *tr_name_of(const struct tstate *st, uint64_t id)
{
	struct fkey k = {st, id, NULL};
	uint32_t *s;

	if (!st->fix.slot)
		return NULL;
	s = iol_index_slot(&st->fix, id, file_eq, &k);
	return *s == IOL_INDEX_EMPTY ? NULL : st->files[*s].path;
}

/* ---- records ---- */

struct rkey {
	const struct tstate *st;
	int file, rank;
};

static uint64_t rec_hash(const void *ctx, uint32_t i)
{
	const struct prec *r = ((const struct rkey *)ctx)->st->recs[i];

	return iol_hash_pair((uint64_t)r->file, (uint64_t)r->rank);
}

static int rec_eq(const void *ctx, uint32_t i)
{
	const struct rkey *k = ctx;

	return k->st->recs[i]->file == k->file &&
	       k->st->recs[i]->rank == k->rank;
}

static struct prec *rec_new(int file, int rank)
{
	struct prec *r = calloc(1, sizeof(*r));
	int i;

	if (!r)
		return NULL;
	r->file = file;
	r->rank = rank;
	/* what a system call trace cannot know */
	r->ic[POSIX_MODE] = -1;
	r->ic[POSIX_MEM_NOT_ALIGNED] = -1;
	r->ic[POSIX_MEM_ALIGNMENT] = -1;
	r->ic[POSIX_FILE_NOT_ALIGNED] = -1;
	r->ic[POSIX_FILE_ALIGNMENT] = -1;
	for (i = 0; i < 8; i++)
		r->ic[POSIX_STRIDE1_STRIDE + i] = 0;
	r->ic[POSIX_FASTEST_RANK] = rank;
	r->ic[POSIX_SLOWEST_RANK] = rank;
	return r;
}

/* store r (made for key k) as a new record */
static long rec_store(struct tstate *st, struct prec *r)
{
	struct rkey k = {st, r->file, r->rank};
	struct prec **nr;

	if (iol_index_reserve(&st->rix, rec_hash, &k) < 0)
		return IOL_ENOMEM;
	nr = iol_grow(st->recs, &st->caprecs, st->nrecs, sizeof(*nr), 64);
	if (!nr)
		return IOL_ENOMEM;
	st->recs = nr;
	st->recs[st->nrecs] = r;
	*iol_index_slot(&st->rix,
			iol_hash_pair((uint64_t)r->file, (uint64_t)r->rank),
			rec_eq, &k) = (uint32_t)st->nrecs;
	st->rix.n++;
	return (long)st->nrecs++;
}

long tr_rec_index(struct tstate *st, int file, int rank, int add)
{
	struct rkey k = {st, file, rank};
	struct prec *r;
	long i;

	if (st->rix.slot) {
		uint32_t *s = iol_index_slot(
			&st->rix, iol_hash_pair((uint64_t)file, (uint64_t)rank),
			rec_eq, &k);

		if (*s != IOL_INDEX_EMPTY)
			return (long)*s;
	}
	if (!add)
		return -1;
	r = rec_new(file, rank);
	if (!r)
		return IOL_ENOMEM;
	i = rec_store(st, r);
	if (i < 0)
		free(r);
	return i;
}

/* the record of the event's file and rank (made when new), or NULL */
static struct prec *rec_of(struct tstate *st, const struct iol_event *ev,
			   const char *path, uint64_t id, int *fi)
{
	long i;

	*fi = tr_file_find(st, id, path, 1);
	if (*fi < 0)
		return NULL;
	i = tr_rec_index(st, *fi, (int)ev->rank, 1);
	return i < 0 ? NULL : st->recs[i];
}

/* ---- counting ---- */

static void ts_min(double *slot, double v)
{
	if (*slot == 0 || v < *slot)
		*slot = v;
}

static void ts_max(double *slot, double v)
{
	if (v > *slot)
		*slot = v;
}

static int size_count(struct prec *r, int64_t size)
{
	int64_t *n2;
	size_t i;

	for (i = 0; i < r->nsizes; i++)
		if (r->sizes[2 * i] == size) {
			r->sizes[2 * i + 1]++;
			return 0;
		}
	/* pairs of (size, count) */
	n2 = iol_grow(r->sizes, &r->capsizes, r->nsizes, 2 * sizeof(*n2), 4);
	if (!n2)
		return IOL_ENOMEM;
	r->sizes = n2;
	r->sizes[2 * r->nsizes] = size;
	r->sizes[2 * r->nsizes + 1] = 1;
	r->nsizes++;
	return 0;
}

static int bin_of(int64_t n)
{
	static const int64_t edge[9] = {
		100,	 1024,	   10240,     102400,	  1048576,
		4194304, 10485760, 104857600, 1073741824,
	};
	int b;

	for (b = 0; b < 9; b++)
		if (n <= edge[b])
			return b;
	return 9;
}

/* the counters of one direction: reads or writes */
struct dir {
	int ops, bytes, max_byte, consec, seq, size0, max_time_size;
	int start, end, time, max_time;
	int me, other; /* last_op values */
};

static const struct dir dirs[2] = {
	{POSIX_WRITES, POSIX_BYTES_WRITTEN, POSIX_MAX_BYTE_WRITTEN,
	 POSIX_CONSEC_WRITES, POSIX_SEQ_WRITES, POSIX_SIZE_WRITE_0_100,
	 POSIX_MAX_WRITE_TIME_SIZE, POSIX_F_WRITE_START_TIMESTAMP,
	 POSIX_F_WRITE_END_TIMESTAMP, POSIX_F_WRITE_TIME,
	 POSIX_F_MAX_WRITE_TIME, 2, 1},
	{POSIX_READS, POSIX_BYTES_READ, POSIX_MAX_BYTE_READ, POSIX_CONSEC_READS,
	 POSIX_SEQ_READS, POSIX_SIZE_READ_0_100, POSIX_MAX_READ_TIME_SIZE,
	 POSIX_F_READ_START_TIMESTAMP, POSIX_F_READ_END_TIMESTAMP,
	 POSIX_F_READ_TIME, POSIX_F_MAX_READ_TIME, 1, 2},
};

static int data_op(struct tstate *st, const struct iol_event *ev)
{
	int is_read = ev->kind == IOL_EV_READ, fi;
	const struct dir *d = &dirs[is_read];
	struct prec *r = rec_of(st, ev, ev->path, ev->file, &fi);
	int64_t off = ev->off, bytes = ev->ret, *last;
	double s = ev->start, e = s + ev->dur;

	if (!r)
		return IOL_ENOMEM;
	last = is_read ? &r->last_rend : &r->last_wend;
	*(is_read ? &r->rcount : &r->wcount) += 1;
	r->ic[d->ops]++;
	r->ic[d->bytes] += bytes;
	if (off >= 0) {
		if (off + bytes - 1 > r->ic[d->max_byte])
			r->ic[d->max_byte] = off + bytes - 1;
		if (off == *last)
			r->ic[d->consec]++;
		if (off >= *last)
			r->ic[d->seq]++;
		*last = off + bytes;
	}
	r->ic[d->size0 + bin_of(bytes)]++;
	if (r->last_op == d->other)
		r->ic[POSIX_RW_SWITCHES]++;
	r->last_op = d->me;
	ts_min(&r->fc[d->start], s > 0 ? s : 1e-9);
	ts_max(&r->fc[d->end], e);
	r->fc[d->time] += ev->dur;
	if (ev->dur > r->fc[d->max_time]) {
		r->fc[d->max_time] = ev->dur;
		r->ic[d->max_time_size] = bytes;
	}
	return size_count(r, bytes);
}

/* the Darshan counter a metadata event counts in, or -1 */
static int counter_of(const struct iol_event *ev)
{
	switch (ev->kind) {
	case IOL_EV_OPEN: return POSIX_OPENS;
	case IOL_EV_DUP: return POSIX_DUPS;
	case IOL_EV_SEEK: return POSIX_SEEKS;
	case IOL_EV_STAT: return POSIX_STATS;
	case IOL_EV_SYNC: return ev->flags & 1 ? POSIX_FDSYNCS : POSIX_FSYNCS;
	case IOL_EV_RENAME: return POSIX_RENAME_SOURCES;
	case IOL_EV_OTHER:
		return !strncmp(ev->name, "mmap", 4) ? POSIX_MMAPS : -1;
	default: return -1;
	}
}

static int meta_op(struct tstate *st, const struct iol_event *ev)
{
	int counter = counter_of(ev), fi;
	struct prec *r;
	double s = ev->start, e = s + ev->dur;

	r = rec_of(st, ev, ev->path, ev->file, &fi);
	if (!r)
		return IOL_ENOMEM;
	if (ev->created && !st->files[fi].created) {
		st->files[fi].created = 1;
		st->job->ncreated++;
	}
	if (counter >= 0)
		r->ic[counter]++;
	/* Darshan's runtime adds fsync and fdatasync time to the write time
	 * (darshan-posix.c), not to metadata: a log made from a trace means
	 * the same, and the sync time of write phases is found there */
	if (ev->kind == IOL_EV_SYNC)
		r->fc[POSIX_F_WRITE_TIME] += ev->dur;
	else
		r->fc[POSIX_F_META_TIME] += ev->dur;
	if (ev->kind == IOL_EV_OPEN) {
		/* as Darshan's runtime: the mode argument of the last open,
		 * 0 without O_CREAT (summary counts such files as created) */
		r->ic[POSIX_MODE] = (int64_t)ev->mode;
		ts_min(&r->fc[POSIX_F_OPEN_START_TIMESTAMP], s > 0 ? s : 1e-9);
		ts_max(&r->fc[POSIX_F_OPEN_END_TIMESTAMP], e);
	}
	if (ev->kind == IOL_EV_CLOSE) {
		ts_max(&r->fc[POSIX_F_CLOSE_START_TIMESTAMP], s);
		ts_max(&r->fc[POSIX_F_CLOSE_END_TIMESTAMP], e);
	}
	return 0;
}

static int rename_op(struct tstate *st, const struct iol_event *ev)
{
	struct prec *r;
	int fi;

	if (ev->path && meta_op(st, ev) < 0)
		return IOL_ENOMEM;
	if (!ev->path2)
		return 0;
	r = rec_of(st, ev, ev->path2, iol_record_id(ev->path2), &fi);
	if (!r)
		return IOL_ENOMEM;
	r->ic[POSIX_RENAME_TARGETS]++;
	return 0;
}

static void other_op(struct tstate *st, const struct iol_event *ev)
{
	struct iol_jother *o = &st->job->other[ev->other];

	if (ev->kind == IOL_EV_READ) {
		o->reads++;
		o->bytes_read += ev->ret;
	} else {
		o->writes++;
		o->bytes_written += ev->ret;
	}
	o->time += ev->dur;
}

/* the loading pass's sink: ctx is the struct tstate */
int tr_reduce(void *ctx, const struct iol_event *ev)
{
	struct tstate *st = ctx;

	if (ev->kind == IOL_EV_READ || ev->kind == IOL_EV_WRITE) {
		if (ev->regular)
			return data_op(st, ev);
		other_op(st, ev);
		return 0;
	}
	if (!ev->regular)
		return 0;
	/* Darshan's POSIX_DUPS counts the dup family, not fcntl; its
	 * POSIX module sees no ioctl (a clone's event is the replay's, as
	 * is a copy that moved nothing: strace-calls.c copy_at_end()) */
	if ((ev->kind == IOL_EV_DUP && strncmp(ev->name, "dup", 3)) ||
	    (ev->kind == IOL_EV_OTHER &&
	     (!strcmp(ev->name, "ioctl") || ev->fd2 >= 0)))
		return 0;
	if (ev->kind == IOL_EV_RENAME)
		return rename_op(st, ev);
	return meta_op(st, ev);
}

/* totals per system call, loading pass only */
int tr_sys_add(struct tpass *ps, const struct call *c, int64_t bytes)
{
	struct iol_job *job = ps->st->job;
	size_t i;

	if (!ps->loading)
		return 0;
	for (i = 0; i < job->nsys; i++)
		if (!strcmp(job->sys[i].name, c->name))
			break;
	if (i == job->nsys) {
		struct iol_jsys *ns =
			realloc(job->sys, (job->nsys + 1) * sizeof(*ns));

		if (!ns)
			return IOL_ENOMEM;
		job->sys = ns;
		memset(&job->sys[i], 0, sizeof(job->sys[i]));
		memcpy(job->sys[i].name, c->name, sizeof(job->sys[i].name));
		job->nsys++;
	}
	job->sys[i].calls++;
	if (c->failed)
		job->sys[i].errors++;
	job->sys[i].time += c->dur;
	job->sys[i].bytes += bytes > 0 ? bytes : 0;
	return 0;
}

/* ---- the records into the job ---- */

static int cmp_rec(const void *a, const void *b, void *arg)
{
	const struct tstate *st = arg;
	const struct prec *x = *(struct prec *const *)a,
			  *y = *(struct prec *const *)b;
	int c = strcmp(st->files[x->file].path, st->files[y->file].path);

	if (c)
		return c;
	return x->rank - y->rank;
}

/* timestamps relative to the job's start (0 stays "never"), records in
 * the order they are listed (path, then rank), indexed again */
static int reorder(struct tstate *st)
{
	size_t i;
	int f;

	for (i = 0; i < st->nrecs; i++)
		for (f = 0; f <= POSIX_F_CLOSE_END_TIMESTAMP; f++)
			if (st->recs[i]->fc[f] != 0) {
				st->recs[i]->fc[f] -= st->t0;
				if (st->recs[i]->fc[f] <= 0)
					st->recs[i]->fc[f] = 1e-9;
			}
	if (st->nrecs)
		qsort_r(st->recs, st->nrecs, sizeof(*st->recs), cmp_rec, st);
	iol_index_release(&st->rix);
	memset(&st->rix, 0, sizeof(st->rix));
	for (i = 0; i < st->nrecs; i++) {
		struct rkey k = {st, st->recs[i]->file, st->recs[i]->rank};

		if (iol_index_reserve(&st->rix, rec_hash, &k) < 0)
			return IOL_ENOMEM;
		*iol_index_slot(
			&st->rix,
			iol_hash_pair((uint64_t)k.file, (uint64_t)k.rank),
			rec_eq, &k) = (uint32_t)i;
		st->rix.n++;
	}
	return 0;
}

/* the four most common access sizes, most frequent first */
static void common_sizes(struct prec *r)
{
	int64_t *sz = r->sizes;
	size_t a, b;

	for (a = 0; a < r->nsizes && a < 4; a++) {
		size_t best = a;

		for (b = a + 1; b < r->nsizes; b++)
			if (sz[2 * b + 1] > sz[2 * best + 1] ||
			    (sz[2 * b + 1] == sz[2 * best + 1] &&
			     sz[2 * b] > sz[2 * best]))
				best = b;
		if (best != a) {
			int64_t t0 = sz[2 * a], t1 = sz[2 * a + 1];

			sz[2 * a] = sz[2 * best];
			sz[2 * a + 1] = sz[2 * best + 1];
			sz[2 * best] = t0;
			sz[2 * best + 1] = t1;
		}
		r->ic[POSIX_ACCESS1_ACCESS + a] = sz[2 * a];
		r->ic[POSIX_ACCESS1_COUNT + a] = sz[2 * a + 1];
	}
}

static void finish_rec(struct prec *r)
{
	common_sizes(r);
	r->ic[POSIX_FASTEST_RANK_BYTES] =
		r->ic[POSIX_BYTES_READ] + r->ic[POSIX_BYTES_WRITTEN];
	r->ic[POSIX_SLOWEST_RANK_BYTES] = r->ic[POSIX_FASTEST_RANK_BYTES];
	r->fc[POSIX_F_FASTEST_RANK_TIME] = r->fc[POSIX_F_READ_TIME] +
					   r->fc[POSIX_F_WRITE_TIME] +
					   r->fc[POSIX_F_META_TIME];
	r->fc[POSIX_F_SLOWEST_RANK_TIME] = r->fc[POSIX_F_FASTEST_RANK_TIME];
	if (!r->ic[POSIX_READS])
		r->ic[POSIX_MAX_BYTE_READ] = 0;
}

/* the records into the job: POSIX, one per file per rank, and their
 * DXT-style trace headers */
int tr_reduce_finish(struct tstate *st)
{
	struct iol_job *job = st->job;
	struct iol_jmod *jm = &job->mod[IOL_MOD_POSIX];
	size_t i;

	if (reorder(st) < 0)
		return IOL_ENOMEM;
	jm->present = jm->loaded = 1;
	jm->ver = 4;
	jm->recs = calloc(st->nrecs ? st->nrecs : 1, sizeof(*jm->recs));
	job->dxt[0] = calloc(st->nrecs ? st->nrecs : 1, sizeof(*job->dxt[0]));
	if (!jm->recs || !job->dxt[0])
		return IOL_ENOMEM;
	for (i = 0; i < st->nrecs; i++) {
		struct prec *r = st->recs[i];
		struct iol_jrec *jr = &jm->recs[i];

		finish_rec(r);
		jr->id = st->files[r->file].id;
		jr->rank = r->rank;
		jr->ic = r->ic;
		jr->fc = r->fc;
		job->dxt[0][i].id = jr->id;
		job->dxt[0][i].rank = r->rank;
		job->dxt[0][i].wcount = r->wcount;
		job->dxt[0][i].rcount = r->rcount;
		job->nsegs[0] += (uint64_t)(r->wcount + r->rcount);
	}
	jm->n = st->nrecs;
	job->ndxt[0] = st->nrecs;
	job->mod[IOL_MOD_DXT_POSIX].present =
		job->mod[IOL_MOD_DXT_POSIX].loaded = 1;
	return 0;
}

void tr_reduce_free(struct tstate *st)
{
	size_t i;

	for (i = 0; i < st->nrecs; i++) {
		free(st->recs[i]->sizes);
		free(st->recs[i]);
	}
	free(st->recs);
	free(st->files);
	free(st->threads);
	iol_index_release(&st->rix);
	iol_index_release(&st->fix);
	iol_index_release(&st->tix);
}
