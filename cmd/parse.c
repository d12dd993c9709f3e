/*
 * iolens parse: print a Darshan log exactly as darshan-parser 3.5.0 does
 * (--base, --all, --total, --perf, --file, --show-incomplete) or, with
 * --dxt, as darshan-dxt-parser does, so that scripts written against those
 * tools can swap the binary.  Records are streamed one at a time from the
 * decoder into one large output buffer; numbers are formatted by obuf.c.
 *
 * Differences from the reference, all on purpose (FORMAT.md section 11):
 * big-endian POSIX v1/v3 timing doubles are byte-swapped correctly, the
 * exe of a log without a mount table is printed, and a damaged log ends
 * with a message and exit status 1 instead of partial output and 0.
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "analysis/accum.h"
#include "cmd/commands.h"
#include "counters/counters.h"
#include "base/hash.h"
#include "sources/darshan.h"
#include "render/obuf.h"
#include "render/parse-desc.h"
#include "render/parse-text.h"
#include "cmd/util.h"
#include "cmd/parse-dxt.h"
#include "base/banned.h"

enum {
	OPT_BASE = 1,
	OPT_TOTAL = 2,
	OPT_FILE = 4,
	OPT_PERF = 8,
	OPT_INCOMPLETE = 16,
	OPT_DXT = 32,
	OPT_ALL = OPT_BASE | OPT_TOTAL | OPT_FILE | OPT_PERF | OPT_INCOMPLETE
};

/* darshan-parser exits -1 (255) when a module is incomplete */
#define EXIT_INCOMPLETE 255

static const char usage_str[] =
	"usage: iolens parse [--base] [--all] [--total] [--perf] [--file]\n"
	"                    [--show-incomplete] log\n"
	"       iolens parse --dxt [--show-incomplete] [--threads n] log\n";

static void help(void)
{
	fputs(usage_str, stdout);
	fputs("\nPrint a Darshan log as darshan-parser (or, with --dxt, as\n"
	      "darshan-dxt-parser) prints it, byte for byte.\n\n"
	      "  --base             counters of every record (the default)\n"
	      "  --total            aggregate counters per module\n"
	      "  --perf             derived performance per module\n"
	      "  --file             file counts per module\n"
	      "  --all              all of the above and --show-incomplete\n"
	      "  --show-incomplete  print modules that ran out of memory\n"
	      "  --dxt              print DXT traces (darshan-dxt-parser)\n"
	      "  --threads n        threads formatting DXT lines (default 2, "
	      "or\n"
	      "                     IOLENS_THREADS); the output is the same\n"
	      "                     for every n\n"
	      "  -h, --help         show this help\n",
	      stdout);
}

struct pctx {
	struct obuf ob;
	struct dxp *dxp; /* parse --dxt: the formatting threads */
	int nthreads;
	struct iol_dlog *d;
	const char *path;
	int mask;
	struct iol_error err;
};

static int data_error(struct pctx *c, int ret)
{
	obuf_flush(&c->ob);
	msg_ioerr(c->path, ret, &c->err);
	return EXIT_DATA;
}

/* A module with records that is not printed: unknown or unreadable (a
 * warning on stderr, as darshan-parser), DXT, or not asked for. */
static int module_skipped(struct pctx *c, int i)
{
	struct obuf *ob = &c->ob;

	if (i >= IOL_MOD_KNOWN) {
		obuf_flush(ob);
		fprintf(stderr,
			"# Warning: module id %d is unknown. You may need a "
			"newer version of the Darshan utilities to parse it.\n",
			i);
		return 1;
	}
	if (!iol_modinfo(i)->readable || i == IOL_MOD_NULL) {
		obuf_flush(ob);
		fprintf(stderr,
			"# Warning: no log utility handlers defined for "
			"module %s, SKIPPING.\n",
			iol_modinfo(i)->name);
		return 1;
	}
	if (i == IOL_MOD_DXT_POSIX || i == IOL_MOD_DXT_MPIIO)
		return 1;
	return i != IOL_MOD_POSIX && i != IOL_MOD_MPIIO && i != IOL_MOD_STDIO &&
	       i != IOL_MOD_DFS && i != IOL_MOD_DAOS && !(c->mask & OPT_BASE);
}

/* Module i's records (--base), then its --total, --file and --perf
 * figures from the accumulator.  Returns 0 or a negative IOL_E* code
 * with c->err set. */
static int module_records(struct pctx *c, int i, struct parse_line *l)
{
	struct iol_dlog *d = c->d;
	struct obuf *ob = &c->ob;
	struct iol_modrd rd;
	const struct iol_rec *r;
	struct iol_accum acc;
	int have_acc = 0, ret;

	ret = iol_modrd_open(&rd, d, i, &c->err);
	if (ret < 0)
		return ret;
	if (iol_accum_supported(i)) {
		if (iol_accum_init(&acc, i, d->nprocs) < 0) {
			iol_modrd_close(&rd);
			return iol_error_set(&c->err, IOL_ENOMEM,
					     "out of memory");
		}
		have_acc = 1;
	}
	while ((ret = iol_modrd_next(&rd, &r, &c->err)) == 1) {
		if ((c->mask & OPT_BASE) &&
		    (ret = parse_text_record(ob, l, d, r)) < 0) {
			iol_error_set(&c->err, ret, "out of memory");
			break;
		}
		if (have_acc && (ret = iol_accum_add(&acc, r)) < 0) {
			iol_error_set(&c->err, ret,
				      "record accumulation failed");
			break;
		}
	}
	iol_modrd_close(&rd);
	if (ret < 0) {
		if (have_acc)
			iol_accum_release(&acc);
		return ret;
	}
	if (have_acc) {
		if (c->mask & OPT_TOTAL)
			parse_text_total(ob, &acc, (int)d->mod_ver[i]);
		if (c->mask & OPT_FILE)
			parse_text_files(ob, &acc);
		if (c->mask & OPT_PERF)
			parse_text_perf(ob, &acc);
		iol_accum_release(&acc);
	}
	return 0;
}

static int parse_modules(struct pctx *c)
{
	struct iol_dlog *d = c->d;
	struct obuf *ob = &c->ob;
	struct parse_line l = {.suf = NULL};
	int i, empty = 0, ret;

	if (c->mask & OPT_BASE)
		obuf_puts(ob,
			  "\n# description of columns:\n"
			  "#   <module>: module responsible for this I/O "
			  "record.\n"
			  "#   <rank>: MPI rank.  -1 indicates that the file "
			  "is shared\n"
			  "#      across all processes and statistics are "
			  "aggregated.\n"
			  "#   <record id>: hash of the record's file path\n"
			  "#   <counter name> and <counter value>: statistical "
			  "counters.\n"
			  "#      A value of -1 indicates that Darshan could "
			  "not monitor\n"
			  "#      that counter, and its value should be "
			  "ignored.\n"
			  "#   <file name>: full file path for the record.\n"
			  "#   <mount pt>: mount point that the file resides "
			  "on.\n"
			  "#   <fs type>: type of file system that the file "
			  "resides on.\n");
	for (i = 0; i < IOL_MOD_MAX; i++) {
		int partial = (d->partial >> i) & 1;

		if (d->mod_map[i].len == 0) {
			empty++;
			if (!partial)
				continue;
		} else if (module_skipped(c, i)) {
			continue;
		}
		obuf_printf(ob,
			    "\n# "
			    "**************************************************"
			    "*****\n"
			    "# %s module data\n"
			    "# "
			    "**************************************************"
			    "*****\n",
			    i < IOL_MOD_KNOWN ? iol_modinfo(i)->name
					      : "<UNKNOWN>");
		if (partial) {
			if (!(c->mask & OPT_INCOMPLETE)) {
				parse_text_incomplete(&c->ob, i, 0, 1);
				free(l.suf);
				return EXIT_INCOMPLETE;
			}
			parse_text_incomplete(&c->ob, i, 0, 0);
			if (d->mod_map[i].len == 0)
				continue;
		}
		if (i >= IOL_MOD_KNOWN || !iol_dlog_mod_readable(d, i)) {
			free(l.suf);
			iol_error_set(&c->err, IOL_EVERSION,
				      "cannot read %s module version %u",
				      i < IOL_MOD_KNOWN ? iol_modinfo(i)->name
							: "unknown",
				      d->mod_ver[i]);
			return data_error(c, IOL_EVERSION);
		}
		if ((c->mask & OPT_BASE) &&
		    parse_print_description(ob, i, (int)d->mod_ver[i]) == 0)
			obuf_puts(ob, "\n#<module>\t<rank>\t<record "
				      "id>\t<counter>\t<value>\t<file "
				      "name>\t<mount pt>\t<fs type>\n");
		ret = module_records(c, i, &l);
		if (ret < 0) {
			free(l.suf);
			return data_error(c, ret);
		}
	}
	free(l.suf);
	if (empty == IOL_MOD_MAX)
		obuf_puts(ob, "\n# no module data available.\n");
	return EXIT_OK;
}

/* ---- darshan-dxt-parser ---- */

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

static void tidset_add(struct tidset *t, uint64_t tid)
{
	struct tidkey k = {t, tid};
	uint32_t *slot;

	/* nearly every segment repeats a known thread: look before growing */
	if (t->ix.slot &&
	    *iol_index_slot(&t->ix, tid, tid_eq, &k) != IOL_INDEX_EMPTY)
		return;
	if (iol_index_reserve(&t->ix, tid_hash, &k) < 0) {
		fprintf(stderr, "%s: out of memory\n", iol_progname);
		exit(EXIT_DATA);
	}
	if (t->n == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 16;
		t->v = xrealloc(t->v, t->cap * sizeof(*t->v));
	}
	slot = iol_index_slot(&t->ix, tid, tid_eq, &k);
	t->v[t->n] = tid;
	*slot = (uint32_t)t->n++;
	t->ix.n++;
}

static void tidset_free(struct tidset *t)
{
	free(t->v);
	iol_index_release(&t->ix);
}

#define SEGBATCH 1024

/* The thread count of a DXT record, which comes before its segments:
 * read them twice, or gather them (*segs, *nsegs) where the stream cannot
 * be rewound (bzip2).  Returns the count or a negative IOL_E* code. */
static int dxt_threads(struct pctx *c, struct iol_modrd *rd,
		       struct iol_seg **segs, size_t *nsegs)
{
	struct iol_seg batch[SEGBATCH];
	struct tidset ts = {0};
	size_t segcap = 0, k;
	int is_read, nthreads;
	long n;

	if (iol_modrd_mark(rd, &c->err) == 0) {
		while ((n = iol_modrd_segs(rd, batch, SEGBATCH, &is_read,
					   &c->err)) > 0)
			for (k = 0; k < (size_t)n; k++)
				tidset_add(&ts, batch[k].tid);
		if (n == 0)
			n = iol_modrd_rewind(rd, &c->err);
	} else {
		while ((n = iol_modrd_segs(rd, batch, SEGBATCH, &is_read,
					   &c->err)) > 0) {
			if (*nsegs + (size_t)n > segcap) {
				segcap = (*nsegs + (size_t)n) * 2;
				*segs = xrealloc(*segs,
						 segcap * sizeof(**segs));
			}
			memcpy(*segs + *nsegs, batch,
			       (size_t)n * sizeof(**segs));
			*nsegs += (size_t)n;
		}
		for (k = 0; k < *nsegs; k++)
			tidset_add(&ts, (*segs)[k].tid);
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

/* Records of up to this many segments (40 bytes each in memory) are held
 * whole, so that they are inflated once; bigger ones are read twice. */
#define DXT_HOLD ((int64_t)1 << 22)

/* Everything queued written, and ob flushed: the output is in order. */
static void dxt_sync(struct pctx *c)
{
	if (c->dxp) {
		dxp_text(c->dxp, &c->ob);
		dxp_drain(c->dxp);
	}
	obuf_flush(&c->ob);
}

static int count_tids(const struct iol_seg *s, size_t n)
{
	struct tidset ts = {0};
	size_t k;
	int nthreads;

	for (k = 0; k < n; k++)
		if (k == 0 || s[k].tid != s[k - 1].tid)
			tidset_add(&ts, s[k].tid);
	nthreads = (int)ts.n;
	tidset_free(&ts);
	return nthreads;
}

/* The fast path: the record inflated once into memory, its thread count
 * taken from there and its lines formatted by the pipeline's threads. */
static int put_dxt_held(struct pctx *c, struct iol_modrd *rd,
			const struct iol_rec *r, const char *name,
			const char *mnt, const char *fs, const char *modtag)
{
	size_t total = (size_t)(r->wcount + r->rcount), n = 0, need, cap;
	struct iol_seg *segs = dxp_segs(c->dxp, total, &cap);
	int nthreads = 1, is_read;

	while (n < total) {
		size_t want = total - n < 65536 ? total - n : 65536;
		long got =
			iol_modrd_segs(rd, segs + n, want, &is_read, &c->err);

		if (got < 0) {
			dxp_record(c->dxp, modtag, r->rank, 0, segs, cap, 0, 0);
			return (int)got;
		}
		if (got == 0)
			break;
		n += (size_t)got;
	}
	if (r->has_tid && n > 0)
		nthreads = count_tids(segs, n);
	/* the header must not reach the file past the queued lines */
	need = 1024 + strlen(name ? name : "") + strlen(mnt) + strlen(fs);
	if (c->ob.cap - c->ob.len < need)
		dxp_text(c->dxp, &c->ob);
	if (c->ob.cap < need)
		dxp_drain(c->dxp);
	dxt_head(&c->ob, r, name, nthreads, mnt, fs, NULL);
	dxp_text(c->dxp, &c->ob);
	dxp_record(c->dxp, modtag, r->rank, r->has_tid, segs, cap, n,
		   r->wcount);
	return 0;
}

static int put_dxt_record(struct pctx *c, struct iol_modrd *rd,
			  const struct iol_rec *r, const struct lustre_set *ls)
{
	struct iol_dlog *d = c->d;
	const char *name = iol_dlog_name(d, r->id);
	const char *mnt = "UNKNOWN", *fs = "UNKNOWN";
	const struct lustre_copy *lr = NULL;
	const char *modtag =
		rd->mod == IOL_MOD_DXT_POSIX ? "X_POSIX" : "X_MPIIO";
	struct iol_seg *segs = NULL;
	struct iol_seg batch[SEGBATCH];
	size_t nsegs = 0;
	int nthreads = 1, is_read;
	int64_t idx[2] = {0, 0};
	long n;

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
	/* Lustre stripes or a huge record: in this thread, in order */
	dxt_sync(c);
	if (r->has_tid && r->wcount + r->rcount > 0) {
		nthreads = dxt_threads(c, rd, &segs, &nsegs);
		if (nthreads < 0) {
			free(segs);
			return nthreads;
		}
	}
	dxt_head(&c->ob, r, name, nthreads, mnt, fs, lr);
	if (segs) {
		/* already gathered: writes then reads */
		dxt_lines(&c->ob, r, modtag, lr, segs, nsegs, -1, idx);
		free(segs);
		return 0;
	}
	while ((n = iol_modrd_segs(rd, batch, SEGBATCH, &is_read, &c->err)) > 0)
		dxt_lines(&c->ob, r, modtag, lr, batch, (size_t)n, is_read,
			  idx);
	return n < 0 ? (int)n : 0;
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

static int parse_dxt(struct pctx *c)
{
	struct iol_dlog *d = c->d;
	struct obuf *ob = &c->ob;
	struct lustre_set ls = {NULL, 0, 0};
	struct iol_modrd rd;
	int i, ret = 0, ret2;

	if (!d->mod_map[IOL_MOD_DXT_POSIX].len &&
	    !d->mod_map[IOL_MOD_DXT_MPIIO].len) {
		obuf_puts(ob, "\n# no DXT module data available for this "
			      "Darshan log.\n");
		return EXIT_OK;
	}
	c->dxp = dxp_start(ob->fd, c->nthreads);
	if (!c->dxp) {
		msg("out of memory");
		return EXIT_DATA;
	}
	for (i = 0; i < IOL_MOD_MAX; i++) {
		const struct iol_rec *r;

		if (!d->mod_map[i].len)
			continue;
		if (i >= IOL_MOD_KNOWN) {
			dxt_sync(c);
			fprintf(stderr,
				"# Warning: module id %d is unknown. You may "
				"need a newer version of the Darshan utilities "
				"to parse it.\n",
				i);
			continue;
		}
		if (!iol_modinfo(i)->readable || i == IOL_MOD_NULL) {
			dxt_sync(c);
			fprintf(stderr,
				"Warning: no log utility handlers defined for "
				"module %s, SKIPPING.\n",
				iol_modinfo(i)->name);
			continue;
		}
		if (i == IOL_MOD_DXT_POSIX || i == IOL_MOD_DXT_MPIIO)
			obuf_printf(ob,
				    "\n# "
				    "******************************************"
				    "*********\n"
				    "# %s module data\n"
				    "# "
				    "******************************************"
				    "*********\n",
				    iol_modinfo(i)->name);
		else if (i != IOL_MOD_LUSTRE)
			continue;
		if ((d->partial >> i) & 1) {
			if (!(c->mask & OPT_INCOMPLETE)) {
				dxt_sync(c);
				parse_text_incomplete(&c->ob, i, 1, 1);
				dxp_finish(c->dxp);
				c->dxp = NULL;
				lustre_set_free(&ls);
				return EXIT_INCOMPLETE;
			}
			parse_text_incomplete(&c->ob, i, 1, 0);
		}
		ret = iol_modrd_open(&rd, d, i, &c->err);
		if (ret < 0)
			break;
		while ((ret = iol_modrd_next(&rd, &r, &c->err)) == 1) {
			if (i == IOL_MOD_LUSTRE) {
				struct lustre_copy *lc;

				if (ls.n == ls.cap) {
					ls.cap = ls.cap ? ls.cap * 2 : 16;
					ls.v = xrealloc(ls.v,
							ls.cap * sizeof(*ls.v));
				}
				lc = &ls.v[ls.n++];
				lc->id = r->id;
				lc->ncomps = r->ncomps;
				lc->comps = xmalloc(((size_t)r->ncomps + 1) *
						    sizeof(*lc->comps));
				memcpy(lc->comps, r->comps,
				       (size_t)r->ncomps * sizeof(*lc->comps));
				lc->osts = xmalloc(((size_t)r->nstripes + 1) *
						   sizeof(*lc->osts));
				memcpy(lc->osts, r->osts,
				       (size_t)r->nstripes * sizeof(*lc->osts));
				continue;
			}
			ret = put_dxt_record(c, &rd, r, &ls);
			if (ret < 0)
				break;
		}
		iol_modrd_close(&rd);
		if (ret < 0)
			break;
	}
	lustre_set_free(&ls);
	dxt_sync(c);
	ret2 = dxp_finish(c->dxp);
	c->dxp = NULL;
	if (ret2 && !c->ob.err)
		c->ob.err = ret2;
	if (ret < 0)
		return data_error(c, ret);
	return EXIT_OK;
}

static int parse_threads(const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);

	return *s && !*end && v >= 1 && v <= 64 ? (int)v : -1;
}

int cmd_parse(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"all", no_argument, NULL, 'a'},
		{"base", no_argument, NULL, 'b'},
		{"dxt", no_argument, NULL, 'x'},
		{"file", no_argument, NULL, 'f'},
		{"help", no_argument, NULL, 'h'},
		{"perf", no_argument, NULL, 'p'},
		{"show-incomplete", no_argument, NULL, 'i'},
		{"threads", required_argument, NULL, 'T'},
		{"total", no_argument, NULL, 't'},
		{NULL, 0, NULL, 0},
	};
	struct pctx c;
	int opt, ret, rc;

	memset(&c, 0, sizeof(c));
	c.nthreads = dxp_default_threads();
	optind = 1;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'a': c.mask |= OPT_ALL; break;
		case 'b': c.mask |= OPT_BASE; break;
		case 'x': c.mask |= OPT_DXT; break;
		case 'f': c.mask |= OPT_FILE; break;
		case 'p': c.mask |= OPT_PERF; break;
		case 'i': c.mask |= OPT_INCOMPLETE; break;
		case 't': c.mask |= OPT_TOTAL; break;
		case 'T':
			c.nthreads = parse_threads(optarg);
			if (c.nthreads < 0)
				return usage_error("--threads wants 1 to 64, "
						   "not '%s'",
						   optarg);
			break;
		case 'h': help(); return EXIT_OK;
		default:
			return usage_error("unknown option '%s'",
					   argv[optind - 1]);
		}
	}
	if (argc - optind != 1)
		return usage_error(argc - optind ? "expected one log, got %d"
						 : "no log given%.0d",
				   argc - optind);
	if ((c.mask & OPT_DXT) && (c.mask & (OPT_ALL & ~OPT_INCOMPLETE)))
		return usage_error("--dxt cannot be combined with --base, "
				   "--total, --perf or --file");
	if (!(c.mask & (OPT_ALL & ~OPT_INCOMPLETE)) && !(c.mask & OPT_DXT))
		c.mask |= OPT_BASE;
	c.path = argv[optind];
	ret = iol_dlog_open(&c.d, c.path, &c.err);
	if (ret < 0) {
		msg_ioerr(c.path, ret, &c.err);
		return EXIT_DATA;
	}
	if (obuf_init(&c.ob, STDOUT_FILENO, 1 << 18) < 0) {
		iol_dlog_close(c.d);
		msg("out of memory");
		return EXIT_DATA;
	}
	parse_text_job(&c.ob, c.d);
	rc = (c.mask & OPT_DXT) ? parse_dxt(&c) : parse_modules(&c);
	if (obuf_release(&c.ob) && rc == EXIT_OK) {
		msg("write error: %s", strerror(c.ob.err));
		rc = EXIT_DATA;
	}
	iol_dlog_close(c.d);
	return rc;
}
