/*
 * The darshan-dxt-parser 3.5.0 text of a Darshan log (iolens parse
 * --dxt), byte for byte: each DXT record's comment lines, then its
 * segment lines, with the OSTs of each segment when the log has the
 * file's Lustre stripes.  Records that fit in memory are inflated once
 * and their lines formatted by the threads of render/dxt-pipe.c; Lustre
 * files and huge records are printed here, in the caller's thread, after
 * the pipeline has written everything before them.
 *
 * Nothing here exits or writes to stdout: the text goes to the caller's
 * obuf (its descriptor), warnings to the caller's FILE, and out of memory
 * is IOL_ENOMEM returned like a read error.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "base/hash.h"
#include "counters/counters.h"
#include "sources/darshan.h"
#include "render/dxt-pipe.h"
#include "render/obuf.h"
#include "render/parse-dxt.h"
#include "render/parse-text.h"
#include "base/banned.h"

struct dctx {
	struct obuf *ob;
	FILE *warn;
	struct dxp *dxp; /* the formatting threads */
	const struct iol_dlog *d;
	struct iol_error *err;
};

static int nomem(struct dctx *c)
{
	return iol_error_set(c->err, IOL_ENOMEM, "out of memory");
}

struct lustre_copy {
	uint64_t id;
	int64_t ncomps;
	struct iol_lustre_comp *comps;
	int64_t *osts;
};

struct lustre_set {
	struct lustre_copy *v;
	size_t n, cap;
};

static const struct lustre_copy *lustre_find(const struct lustre_set *s,
					     uint64_t id)
{
	size_t i;

	/* the last record of an id wins, as with the reference's hash */
	for (i = s->n; i-- > 0;)
		if (s->v[i].id == id)
			return &s->v[i];
	return NULL;
}

static void pad(struct obuf *ob, const char *s, size_t n, size_t width)
{
	char *p;

	if (n < width) {
		p = obuf_reserve(ob, width - n);
		memset(p, ' ', width - n);
		obuf_commit(ob, width - n);
	}
	obuf_write(ob, s, n);
}

static void pad_i64(struct obuf *ob, int64_t v, size_t width)
{
	char tmp[24];
	uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
	char *p = tmp + sizeof(tmp);

	do {
		*--p = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (v < 0)
		*--p = '-';
	pad(ob, p, (size_t)(tmp + sizeof(tmp) - p), width);
}

static void put_osts(struct obuf *ob, const struct lustre_copy *lr,
		     int64_t offset, int64_t length)
{
	int64_t cur = offset, cur_ost = 0, j;
	int print_count = 0;

	for (j = 0; j < lr->ncomps; j++) {
		const int64_t *cc = lr->comps[j].c;
		int64_t ssize = cc[0], scount = cc[1];

		if (scount == 0)
			continue;
		if (cur >= cc[4] && (cur < cc[5] || cc[5] == -1)) {
			int64_t coff = cur - cc[4];
			int64_t oi;

			if (ssize <= 0)
				break;
			oi = (coff / ssize) % scount;
			while (cur < offset + length &&
			       (cur < cc[5] || cc[5] == -1)) {
				obuf_puts(ob, " [");
				obuf_i64(ob, lr->osts[cur_ost + oi]);
				obuf_putc(ob, ']');
				oi = (oi == scount - 1) ? 0 : oi + 1;
				coff = (coff / ssize + 1) * ssize;
				cur = cc[4] + coff;
				print_count++;
				if (print_count >= scount) {
					cur = cc[5];
					if (cur == -1)
						cur = offset + length;
					break;
				}
			}
		}
		cur_ost += scount;
	}
	if (lr->ncomps)
		obuf_puts(ob, "  ");
}

/* distinct thread ids of one record, in first-seen order, through the
 * library's hash index */
struct tidset {
	uint64_t *v;
	size_t n, cap;
	struct iol_index ix;
};

struct tidkey {
	const struct tidset *t;
	uint64_t tid;
};

static int tid_eq(const void *ctx, uint32_t i)
{
	const struct tidkey *k = ctx;

	return k->t->v[i] == k->tid;
}

static uint64_t tid_hash(const void *ctx, uint32_t i)
{
	const struct tidkey *k = ctx;

	return k->t->v[i];
}

/* 0 or IOL_ENOMEM */
static int tidset_add(struct tidset *t, uint64_t tid)
{
	struct tidkey k = {t, tid};
	uint32_t *slot;

	/* nearly every segment repeats a known thread: look before growing */
	if (t->ix.slot &&
	    *iol_index_slot(&t->ix, tid, tid_eq, &k) != IOL_INDEX_EMPTY)
		return 0;
	if (iol_index_reserve(&t->ix, tid_hash, &k) < 0)
		return IOL_ENOMEM;
	if (t->n == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 16;
		uint64_t *v = realloc(t->v, cap * sizeof(*t->v));

		if (!v)
			return IOL_ENOMEM;
		t->v = v;
		t->cap = cap;
	}
	slot = iol_index_slot(&t->ix, tid, tid_eq, &k);
	t->v[t->n] = tid;
	*slot = (uint32_t)t->n++;
	t->ix.n++;
	return 0;
}

static void tidset_free(struct tidset *t)
{
	free(t->v);
	iol_index_release(&t->ix);
}

#define SEGBATCH 1024

/* The thread ids of n segments added to ts: 0 or IOL_ENOMEM. */
static int tids_add(struct tidset *ts, const struct iol_seg *s, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++)
		if (tidset_add(ts, s[k].tid) < 0)
			return IOL_ENOMEM;
	return 0;
}

/* The rest of the current record's segments appended to *segs (*n of
 * them).  0 or a negative IOL_E* code; *segs is the caller's either way. */
static int segs_gather(struct dctx *c, struct iol_modrd *rd,
		       struct iol_seg **segs, size_t *n)
{
	struct iol_seg batch[SEGBATCH];
	size_t cap = 0;
	int is_read;
	long got;

	while ((got = iol_modrd_segs(rd, batch, SEGBATCH, &is_read, c->err)) >
	       0) {
		if (*n + (size_t)got > cap) {
			size_t ncap = (*n + (size_t)got) * 2;
			struct iol_seg *v = realloc(*segs, ncap * sizeof(*v));

			if (!v)
				return nomem(c);
			*segs = v;
			cap = ncap;
		}
		memcpy(*segs + *n, batch, (size_t)got * sizeof(**segs));
		*n += (size_t)got;
	}
	return (int)got;
}

/* The thread count of a DXT record, which comes before its segments:
 * read them twice, or gather them (*segs, *nsegs) where the stream cannot
 * be rewound (bzip2).  Returns the count or a negative IOL_E* code. */
static int dxt_threads(struct dctx *c, struct iol_modrd *rd,
		       struct iol_seg **segs, size_t *nsegs)
{
	struct iol_seg batch[SEGBATCH];
	struct tidset ts = {0};
	int is_read, nthreads;
	long n;

	if (iol_modrd_mark(rd, c->err) == 0) {
		while ((n = iol_modrd_segs(rd, batch, SEGBATCH, &is_read,
					   c->err)) > 0)
			if (tids_add(&ts, batch, (size_t)n) < 0) {
				n = nomem(c);
				break;
			}
		if (n == 0)
			n = iol_modrd_rewind(rd, c->err);
	} else {
		n = segs_gather(c, rd, segs, nsegs);
		if (n == 0 && tids_add(&ts, *segs, *nsegs) < 0)
			n = nomem(c);
	}
	nthreads = (int)ts.n;
	tidset_free(&ts);
	return n < 0 ? (int)n : nthreads;
}

/* The comment lines before a DXT record's segments. */
static void dxt_head(struct obuf *ob, const struct iol_rec *r, const char *name,
		     int nthreads, const char *mnt, const char *fs,
		     const struct lustre_copy *lr)
{
	int64_t i, j, ost = 0;

	obuf_printf(ob, "\n# DXT, file_id: %llu, file_name: %s\n",
		    (unsigned long long)r->id, name ? name : "(null)");
	obuf_printf(ob, "# DXT, rank: %lld, hostname: %s\n", (long long)r->rank,
		    r->hostname);
	obuf_printf(ob, "# DXT, number of threads: %d\n", nthreads);
	obuf_printf(ob, "# DXT, write_count: %lld, read_count: %lld\n",
		    (long long)r->wcount, (long long)r->rcount);
	obuf_printf(ob, "# DXT, mnt_pt: %s, fs_type: %s\n", mnt, fs);
	if (lr) {
		obuf_puts(ob, "# DXT, Lustre stripe components:\n");
		for (i = 0; i < lr->ncomps; i++) {
			const int64_t *cc = lr->comps[i].c;

			obuf_printf(ob,
				    "#\t[Component %lld] stripe_ext: %lld - ",
				    (long long)i + 1, (long long)cc[4]);
			if (cc[5] == -1)
				obuf_puts(ob, "EOF, ");
			else
				obuf_printf(ob, "%lld, ", (long long)cc[5]);
			obuf_printf(
				ob,
				"stripe_size: %lld, stripe_count: %lld, OSTs:",
				(long long)cc[0], (long long)cc[1]);
			for (j = 0; j < cc[1]; j++, ost++) {
				obuf_putc(ob, ' ');
				obuf_i64(ob, lr->osts[ost]);
			}
			obuf_putc(ob, '\n');
		}
	}
	obuf_puts(ob, "# Module    Rank  Wt/Rd  Segment          Offset        "
		      "  Length    Start(s)      End(s)");
	if (lr)
		obuf_puts(ob, "   [OST]");
	obuf_puts(ob, "   Pthread-ID\n");
}

/* Segment lines; is_read -1: writes then reads, by r->wcount. */
static void dxt_lines(struct obuf *ob, const struct iol_rec *r,
		      const char *modtag, const struct lustre_copy *lr,
		      const struct iol_seg *s, size_t cnt, int is_read,
		      int64_t idx[2])
{
	size_t k;

	for (k = 0; k < cnt; k++) {
		int rdflag = is_read >= 0 ? is_read : (int64_t)k >= r->wcount;
		char tmp[64];
		size_t tl;

		pad(ob, modtag, 7, 8);
		pad_i64(ob, r->rank, 8);
		pad(ob, rdflag ? "read" : "write", rdflag ? 4 : 5, 7);
		pad_i64(ob, (int)idx[rdflag]++, 9);
		pad_i64(ob, s[k].off, 16);
		pad_i64(ob, s[k].len, 16);
		tl = fmt_fixed(tmp, sizeof(tmp), s[k].start, 4);
		pad(ob, tmp, tl, 12);
		tl = fmt_fixed(tmp, sizeof(tmp), s[k].end, 4);
		pad(ob, tmp, tl, 12);
		obuf_write(ob, "  ", 2);
		if (lr)
			put_osts(ob, lr, s[k].off, s[k].len);
		if (!r->has_tid) {
			obuf_write(ob, " N/A\n", 5);
		} else {
			int w = snprintf(tmp, sizeof(tmp), " %4llu\n",
					 (unsigned long long)s[k].tid);
			obuf_write(ob, tmp, (size_t)w);
		}
	}
}

/* dxt_module() stopped at a failed write (parse_dxt_text returns 0 for
 * it: the write error is ob->err) */
enum { DXT_WFAIL = 3 };

/* Records of up to this many segments (40 bytes each in memory) are held
 * whole, so that they are inflated once; bigger ones are read twice. */
#define DXT_HOLD ((int64_t)1 << 22)

/* Everything queued written, then ob flushed: the output is in order.
 * 0, or IOL_ENOMEM when the pipeline dropped text (ob's is dropped too:
 * it would follow a hole). */
static int dxt_sync(struct dctx *c)
{
	/* when the copy fails, ob is written below, still in order */
	(void)dxp_text(c->dxp, c->ob);
	if (dxp_drain(c->dxp, NULL) == IOL_ENOMEM) {
		c->ob->len = 0;
		return nomem(c);
	}
	obuf_flush(c->ob);
	return 0;
}

/* Distinct thread ids of n segments, or IOL_ENOMEM. */
static int count_tids(const struct iol_seg *s, size_t n)
{
	struct tidset ts = {0};
	size_t k;
	int nthreads = 0;

	for (k = 0; k < n && nthreads == 0; k++)
		if (k == 0 || s[k].tid != s[k - 1].tid)
			nthreads = tidset_add(&ts, s[k].tid);
	if (nthreads == 0)
		nthreads = (int)ts.n;
	tidset_free(&ts);
	return nthreads;
}

/* The current record's segments into segs (room for total): how many,
 * or a negative IOL_E* code. */
static long held_read(struct dctx *c, struct iol_modrd *rd,
		      struct iol_seg *segs, size_t total)
{
	size_t n = 0;
	int is_read;

	while (n < total) {
		size_t want = total - n < 65536 ? total - n : 65536;
		long got = iol_modrd_segs(rd, segs + n, want, &is_read, c->err);

		if (got < 0)
			return got;
		if (got == 0)
			break;
		n += (size_t)got;
	}
	return (long)n;
}

/* The current record's segments without a copy when the reader holds
 * them whole in their layout (*block, *cap bytes, from iol_modrd_segs_take,
 * which goes on in a spare block of the pipeline's), else copied into an
 * array of the pipeline's: how many, or a negative IOL_E* code.  The
 * copy and the page faults of fresh arrays were a sixth of parse --dxt's
 * time, on the thread that also inflates. */
static long held_segs(struct dctx *c, struct iol_modrd *rd, size_t total,
		      void **block, size_t *cap, struct iol_seg **segs)
{
	size_t sparecap, n;
	void *spare = dxp_spare(c->dxp, &sparecap);
	long got = iol_modrd_segs_take(rd, &spare, &sparecap, block, cap, segs,
				       c->err);

	if (spare)
		dxp_unspare(c->dxp, spare, sparecap);
	if (got != 0)
		return got;
	*segs = dxp_segs(c->dxp, total, &n);
	if (!*segs)
		return nomem(c);
	*block = *segs;
	*cap = n * sizeof(**segs);
	got = held_read(c, rd, *segs, total);
	if (got < 0)
		free(*block);
	return got;
}

/* A block this large the reader gets back before inflating the next
 * record; below it, the pipeline's pool already recycles blocks. */
#define REUSE_MIN ((size_t)4 << 20)

/*
 * After a large record is queued: wait until its lines are written and
 * have the reader inflate the next stream into its block.  Inflating it
 * meanwhile (into a second block of the stream's size) overlapped the
 * two, but its page faults, one per page of a block never touched, cost
 * more CPU than the overlap saved: on dxt-1m two fresh 10 MB blocks were
 * a third of the page faults.  The caller sleeps while the formatters
 * finish; then it inflates while they sleep.
 */
static void reader_reuse(struct dctx *c, struct iol_modrd *rd)
{
	size_t cap;
	void *spare;

	dxp_drain(c->dxp, NULL);
	spare = dxp_spare(c->dxp, &cap);
	if (!spare)
		return;
	iol_modrd_segs_spare(rd, &spare, &cap);
	dxp_unspare(c->dxp, spare, cap);
}

/* The fast path: the record inflated once into memory, its thread count
 * taken from there and its lines formatted by the pipeline's threads. */
static int put_dxt_held(struct dctx *c, struct iol_modrd *rd,
			const struct iol_rec *r, const char *name,
			const char *mnt, const char *fs, const char *modtag)
{
	size_t total = (size_t)(r->wcount + r->rcount), need, cap;
	struct iol_seg *segs;
	void *block;
	int nthreads = 1;
	long n = held_segs(c, rd, total, &block, &cap, &segs);

	if (n < 0)
		return (int)n;
	if (r->has_tid && n > 0)
		nthreads = count_tids(segs, (size_t)n);
	if (nthreads < 0) {
		free(block);
		return nomem(c);
	}
	/* the header must not reach the file past the queued lines */
	need = 1024 + strlen(name ? name : "") + strlen(mnt) + strlen(fs);
	if (c->ob->cap - c->ob->len < need && dxp_text(c->dxp, c->ob) < 0) {
		free(block);
		return nomem(c);
	}
	if (c->ob->cap < need)
		dxp_drain(c->dxp, NULL);
	dxt_head(c->ob, r, name, nthreads, mnt, fs, NULL);
	if (dxp_text(c->dxp, c->ob) < 0) {
		free(block);
		return nomem(c);
	}
	if (dxp_record_block(c->dxp, modtag, r->rank, r->has_tid, block, cap,
			     segs, (size_t)n, r->wcount) < 0)
		return nomem(c);
	if (cap >= REUSE_MIN)
		reader_reuse(c, rd);
	return 0;
}

/* Lustre stripes or a huge record: in this thread, in order. */
static int put_dxt_here(struct dctx *c, struct iol_modrd *rd,
			const struct iol_rec *r, const char *name,
			const char *mnt, const char *fs, const char *modtag,
			const struct lustre_copy *lr)
{
	struct iol_seg *segs = NULL;
	struct iol_seg batch[SEGBATCH];
	size_t nsegs = 0;
	int nthreads = 1, is_read, ret;
	int64_t idx[2] = {0, 0};
	long n;

	ret = dxt_sync(c);
	if (ret < 0)
		return ret;
	if (r->has_tid && r->wcount + r->rcount > 0) {
		nthreads = dxt_threads(c, rd, &segs, &nsegs);
		if (nthreads < 0) {
			free(segs);
			return nthreads;
		}
	}
	dxt_head(c->ob, r, name, nthreads, mnt, fs, lr);
	if (segs) {
		/* already gathered: writes then reads */
		dxt_lines(c->ob, r, modtag, lr, segs, nsegs, -1, idx);
		free(segs);
		return 0;
	}
	while ((n = iol_modrd_segs(rd, batch, SEGBATCH, &is_read, c->err)) > 0)
		dxt_lines(c->ob, r, modtag, lr, batch, (size_t)n, is_read, idx);
	return n < 0 ? (int)n : 0;
}

static int put_dxt_record(struct dctx *c, struct iol_modrd *rd,
			  const struct iol_rec *r, const struct lustre_set *ls)
{
	const struct iol_dlog *d = c->d;
	const char *name = iol_dlog_name(d, r->id);
	const char *mnt = "UNKNOWN", *fs = "UNKNOWN";
	const struct lustre_copy *lr = NULL;
	const char *modtag =
		rd->mod == IOL_MOD_DXT_POSIX ? "X_POSIX" : "X_MPIIO";

	if (name) {
		int m = iol_dlog_mount_of(d, name);

		if (m >= 0) {
			mnt = d->mounts[m].path;
			fs = d->mounts[m].type;
		}
	}
	if (rd->mod == IOL_MOD_DXT_POSIX)
		lr = lustre_find(ls, r->id);
	if (!lr && r->wcount + r->rcount <= DXT_HOLD)
		return put_dxt_held(c, rd, r, name, mnt, fs, modtag);
	return put_dxt_here(c, rd, r, name, mnt, fs, modtag, lr);
}

/* A copy of LUSTRE record r's stripes, for the DXT records after it. */
static int lustre_keep(struct dctx *c, struct lustre_set *ls,
		       const struct iol_rec *r)
{
	struct lustre_copy *lc;

	if (ls->n == ls->cap) {
		size_t cap = ls->cap ? ls->cap * 2 : 16;
		struct lustre_copy *v = realloc(ls->v, cap * sizeof(*v));

		if (!v)
			return nomem(c);
		ls->v = v;
		ls->cap = cap;
	}
	lc = &ls->v[ls->n];
	lc->id = r->id;
	lc->ncomps = r->ncomps;
	lc->comps = malloc(((size_t)r->ncomps + 1) * sizeof(*lc->comps));
	lc->osts = malloc(((size_t)r->nstripes + 1) * sizeof(*lc->osts));
	if (!lc->comps || !lc->osts) {
		free(lc->comps);
		free(lc->osts);
		return nomem(c);
	}
	memcpy(lc->comps, r->comps, (size_t)r->ncomps * sizeof(*lc->comps));
	memcpy(lc->osts, r->osts, (size_t)r->nstripes * sizeof(*lc->osts));
	ls->n++;
	return 0;
}

static void lustre_set_free(struct lustre_set *s)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		free(s->v[i].comps);
		free(s->v[i].osts);
	}
	free(s->v);
}

/* A module darshan-dxt-parser skips with a warning: 1 when skipped, 0
 * when not, or IOL_ENOMEM. */
static int module_warned(struct dctx *c, int i)
{
	int unknown = i >= IOL_MOD_KNOWN;

	if (!unknown && iol_modinfo(i)->readable && i != IOL_MOD_NULL)
		return 0;
	if (dxt_sync(c) < 0)
		return IOL_ENOMEM;
	if (unknown)
		fprintf(c->warn,
			"# Warning: module id %d is unknown. You may need a "
			"newer version of the Darshan utilities to parse it.\n",
			i);
	else
		fprintf(c->warn,
			"Warning: no log utility handlers defined for module "
			"%s, SKIPPING.\n",
			iol_modinfo(i)->name);
	return 1;
}

/* Module i, whose region a log cut short lost: what darshan-dxt-parser
 * prints of it, the records of the whole 1 MiB chunks the file holds, up
 * to the first that fails; it stops there, and so does the output (the
 * modules after it in the file are lost too).  PARSE_DXT_CUT or < 0. */
static int cut_module(struct dctx *c, int i, struct lustre_set *ls)
{
	struct iol_modrd rd;
	const struct iol_rec *r;
	struct iol_error quiet = {0};
	int ret;

	ret = iol_modrd_open_cut(&rd, c->d, i, 1 << 20, &quiet);
	if (ret == IOL_ENOMEM)
		return nomem(c);
	if (ret < 0)
		return PARSE_DXT_CUT;
	while (iol_modrd_next(&rd, &r, &quiet) == 1) {
		ret = i == IOL_MOD_LUSTRE ? lustre_keep(c, ls, r)
					  : put_dxt_record(c, &rd, r, ls);
		if (ret < 0)
			break;
	}
	iol_modrd_close(&rd);
	return ret < 0 ? ret : PARSE_DXT_CUT;
}

/* Module i, which has records: DXT printed, LUSTRE kept for the DXT
 * records, others skipped.  Returns as parse_dxt_text. */
static int dxt_module(struct dctx *c, int i, struct lustre_set *ls,
		      int show_incomplete)
{
	struct iol_modrd rd;
	const struct iol_rec *r;
	int ret = module_warned(c, i);

	if (ret)
		return ret < 0 ? ret : 0;
	if (i == IOL_MOD_DXT_POSIX || i == IOL_MOD_DXT_MPIIO)
		obuf_printf(
			c->ob,
			"\n# "
			"***************************************************"
			"\n# %s module data\n# "
			"***************************************************"
			"\n",
			iol_modinfo(i)->name);
	else if (i != IOL_MOD_LUSTRE)
		return 0;
	if ((c->d->partial >> i) & 1) {
		if (!show_incomplete) {
			if ((ret = dxt_sync(c)) < 0)
				return ret;
			parse_text_incomplete(c->ob, i, 1, 1);
			return PARSE_DXT_INCOMPLETE;
		}
		parse_text_incomplete(c->ob, i, 1, 0);
	}
	if ((c->d->cut >> i) & 1)
		return cut_module(c, i, ls);
	ret = iol_modrd_open(&rd, c->d, i, c->err);
	if (ret < 0)
		return ret;
	while ((ret = iol_modrd_next(&rd, &r, c->err)) == 1) {
		ret = i == IOL_MOD_LUSTRE ? lustre_keep(c, ls, r)
					  : put_dxt_record(c, &rd, r, ls);
		if (ret < 0)
			break;
		/* a full disk or a reader gone: the rest would be read and
		 * formatted for nothing, and a damaged record further on
		 * reported instead of the write error */
		if (dxp_failed(c->dxp)) {
			ret = DXT_WFAIL;
			break;
		}
	}
	iol_modrd_close(&rd);
	return ret < 0 || ret == DXT_WFAIL ? ret : 0;
}

int parse_dxt_text(struct obuf *ob, FILE *warn, const struct iol_dlog *d,
		   int show_incomplete, int nthreads, struct iol_error *err)
{
	struct dctx c = {ob, warn, NULL, d, err};
	struct lustre_set ls = {NULL, 0, 0};
	int i, ret = 0, ret2, sys = 0;

	if (!d->mod_map[IOL_MOD_DXT_POSIX].len &&
	    !d->mod_map[IOL_MOD_DXT_MPIIO].len) {
		obuf_puts(ob, "\n# no DXT module data available for this "
			      "Darshan log.\n");
		return 0;
	}
	c.dxp = dxp_start(ob->fd, nthreads);
	if (!c.dxp)
		return nomem(&c);
	for (i = 0; i < IOL_MOD_MAX && ret == 0; i++)
		if (d->mod_map[i].len)
			ret = dxt_module(&c, i, &ls, show_incomplete);
	lustre_set_free(&ls);
	if (ret == DXT_WFAIL) /* ob->err says it, from dxp_finish */
		ret = 0;
	ret2 = dxt_sync(&c);
	if (ret2 < 0 && ret >= 0)
		ret = ret2;
	ret2 = dxp_finish(c.dxp, &sys);
	if (ret2 == IOL_EIO && !ob->err)
		ob->err = sys;
	else if (ret2 == IOL_ENOMEM && ret >= 0)
		ret = nomem(&c);
	return ret;
}

int parse_dxt_default_threads(void)
{
	const char *s = getenv("IOLENS_THREADS");
	char *end;
	long v;

	if (!s || !*s)
		return 2;
	v = strtol(s, &end, 10);
	if (*end || v < 1 || v > DXP_MAXTHREADS)
		return 2;
	return (int)v;
}
