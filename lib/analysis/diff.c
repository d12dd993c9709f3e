/*
 * Two jobs side by side (diff.h).  Every figure compared here is computed
 * by the analyses that print it elsewhere (the job row, iol_files_compute,
 * iol_hist_compute), so a diff's A and B columns are the numbers summary,
 * files and hist give for each job; this file only pairs them, takes the
 * change and ratio, and orders the rows.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/blocks.h"
#include "analysis/diff.h"
#include "analysis/jobrow.h"
#include "base/grow.h"
#include "base/banned.h"

/* ---- rows ---- */

static struct iol_diffrow *row_new(struct iol_diff *d, const char *section)
{
	struct iol_diffrow *r;

	r = iol_grow(d->rows, &d->cap, d->n, sizeof(*r), 256);
	if (!r)
		return NULL;
	d->rows = r;
	r = &d->rows[d->n];
	memset(r, 0, sizeof(*r));
	r->section = section;
	r->change = r->ratio = NAN;
	return r;
}

/* change, ratio and rel of a numeric row whose values are set; absent
 * sides count as 0 in the change when zero_absent */
static void row_finish(struct iol_diffrow *r, int zero_absent)
{
	double a = r->has_a ? r->a : 0, b = r->has_b ? r->b : 0;
	double big = fabs(a) > fabs(b) ? fabs(a) : fabs(b);

	if ((!r->has_a || !r->has_b) && !zero_absent) {
		/* unknown on a side: no change, never a change from 0,
		 * and after every row that has one */
		r->rel = -1;
		return;
	}
	/* counts and bytes exactly: they may pass 2^53 */
	if (r->type == IOL_FT_INT || r->type == IOL_FT_BYTES)
		r->change = r->ia == r->ib ? 0 : (double)r->ib - (double)r->ia;
	else
		r->change = b - a;
	if (r->change == 0) {
		/* nothing, or as much: unchanged, absent or not */
		r->rel = 0;
		r->ratio = 1;
		return;
	}
	r->rel = fabs(b - a) / big;
	if (r->has_a && r->has_b && a != 0)
		r->ratio = b / a;
}

static void row_int_k(struct iol_diffrow *r, int has_a, int64_t a, int has_b,
		      int64_t b, int zero_absent)
{
	r->has_a = has_a;
	r->has_b = has_b;
	r->ia = has_a ? a : 0;
	r->ib = has_b ? b : 0;
	r->a = (double)r->ia;
	r->b = (double)r->ib;
	row_finish(r, zero_absent);
}

/* a count absent on a side is none of it (a file one side never opened) */
static void row_int(struct iol_diffrow *r, int has_a, int64_t a, int has_b,
		    int64_t b)
{
	row_int_k(r, has_a, a, has_b, b, 1);
}

static void row_num(struct iol_diffrow *r, double a, double b, int zero_absent)
{
	/* no value, or none a difference can be taken of */
	r->has_a = isfinite(a);
	r->has_b = isfinite(b);
	r->a = r->has_a ? a : 0;
	r->b = r->has_b ? b : 0;
	row_finish(r, zero_absent);
}

/* Is the row shown under the threshold? */
static int row_kept(const struct iol_diffrow *r, const struct iol_diff_opts *o)
{
	if (!r->has_a && !r->has_b)
		return 0;
	if (r->rel < 0) /* unknown: shown unless only changes are asked for */
		return o->threshold < 0;
	return o->threshold < 0 || r->rel * 100 > o->threshold;
}

/* Keep or drop the row just made (the last one). */
static void row_commit(struct iol_diff *d, const struct iol_diff_opts *o)
{
	if (row_kept(&d->rows[d->n], o))
		d->n++;
}

/* ---- ordering ---- */

static int by_rel(const void *x, const void *y)
{
	const struct iol_diffrow *a = x, *b = y;

	if (a->rel != b->rel)
		return a->rel > b->rel ? -1 : 1;
	return a->group < b->group ? -1 : a->group > b->group;
}

static double absdiff(const struct iol_diffrow *r)
{
	return isnan(r->change) ? INFINITY : fabs(r->change);
}

static int by_change(const void *x, const void *y)
{
	const struct iol_diffrow *a = x, *b = y;
	double ca = absdiff(a), cb = absdiff(b);

	if (ca != cb)
		return ca > cb ? -1 : 1;
	return a->group < b->group ? -1 : a->group > b->group;
}

/* Rows from..d->n in the order cmp says, ties in the order made. */
static void rows_sort(struct iol_diff *d, size_t from,
		      int (*cmp)(const void *, const void *))
{
	size_t k;

	for (k = from; k < d->n; k++)
		d->rows[k].group = k - from;
	if (d->n > from)
		qsort(d->rows + from, d->n - from, sizeof(*d->rows), cmp);
}

/* ---- the job: who A and B are ---- */

static int is_identity(const struct iol_field *f)
{
	return !strcmp(f->name, "jobid") || !strcmp(f->name, "uid") ||
	       !strcmp(f->name, "slowest_rank");
}

static int build_job(struct iol_diff *d, const struct iol_diffside *a,
		     const struct iol_diffside *b,
		     const struct iol_diff_opts *o, struct iol_error *err)
{
	struct iol_jobrow ra = {a->log, a->job, a->s};
	struct iol_jobrow rb = {b->log, b->job, b->s};
	const struct iol_field *f;
	size_t i, n;

	f = iol_jobrow_fields(&n);
	for (i = 0; i < n; i++) {
		struct iol_diffrow *r;
		char ba[4096], bb[4096];
		const char *sa, *sb;

		if (f[i].type == IOL_FT_STR) {
			sa = f[i].str(&ra, ba, sizeof(ba));
			sb = f[i].str(&rb, bb, sizeof(bb));
		} else if (f[i].type == IOL_FT_INT && is_identity(&f[i])) {
			int64_t va = f[i].i64(&ra), vb = f[i].i64(&rb);

			snprintf(ba, sizeof(ba), "%" PRId64, va);
			snprintf(bb, sizeof(bb), "%" PRId64, vb);
			sa = va == INT64_MIN ? NULL : ba;
			sb = vb == INT64_MIN ? NULL : bb;
		} else {
			continue;
		}
		if (!(r = row_new(d, "job")))
			goto nomem;
		r->key = "job";
		r->metric = f[i].name;
		r->label = f[i].label;
		r->type = IOL_FT_STR;
		r->unit = "";
		r->has_a = sa != NULL;
		r->has_b = sb != NULL;
		if ((sa && !(r->sa = iol_arena_strdup(&d->arena, sa))) ||
		    (sb && !(r->sb = iol_arena_strdup(&d->arena, sb))))
			goto nomem;
		r->rel = (sa && sb && !strcmp(sa, sb)) || (!sa && !sb) ? 0 : 1;
		row_commit(d, o);
	}
	return 0;
nomem:
	return iol_error_set(err, IOL_ENOMEM, "out of memory");
}

/* ---- the summary metrics: the job row's numbers ---- */

/* the operation counts a tuning changes, from the job row's extended
 * fields, after summary's columns */
static const char *const extra[] = {
	"posix_reads", "posix_writes",	 "posix_seeks",	    "posix_syncs",
	"posix_opens", "mpiio_coll_ops", "mpiio_indep_ops", "mpiio_nb_ops",
};
#define NEXTRA (sizeof(extra) / sizeof(extra[0]))

/* The per-API figures summary computes (struct iol_modsum) that the job
 * row has no column for: operations, and read, write and metadata time
 * summed over processes, of each data module (the job row's module
 * prefixes). */
static const struct {
	int mod;
	const char *prefix, *label;
} apis[] = {
	{IOL_MOD_POSIX, "posix", "POSIX"},
	{IOL_MOD_STDIO, "stdio", "STDIO"},
	{IOL_MOD_MPIIO, "mpiio", "MPI-IO"},
	{IOL_MOD_H5D, "h5d", "HDF5 dataset"},
	{IOL_MOD_PNETCDF_VAR, "pnetcdf_var", "PnetCDF variable"},
	{IOL_MOD_DFS, "dfs", "DFS"},
	{IOL_MOD_DAOS, "daos", "DAOS"},
};
static const char *const api_what[] = {
	"opens", "reads", "writes", "read_time", "write_time", "meta_time",
};
static const char *const api_label[] = {
	"opens",
	"reads",
	"writes",
	"read time, all processes",
	"write time, all processes",
	"metadata time, all processes",
};
#define NAPI_WHAT (sizeof(api_what) / sizeof(api_what[0]))

/* Is NAME a summary row of its own: one of summary's columns or of the
 * extended fields shown after them (extra[])?  Other extended fields
 * (triage's stdio_opens) are not shown, so the per-API row stays. */
static int shown_field(const char *name)
{
	const struct iol_field *f;
	size_t i, n;

	f = iol_jobrow_fields(&n);
	for (i = 0; i < n; i++)
		if (!strcmp(f[i].name, name))
			return 1;
	for (i = 0; i < NEXTRA; i++)
		if (!strcmp(extra[i], name))
			return 1;
	return 0;
}

static int64_t api_count(const struct iol_modsum *m, size_t k)
{
	return k == 0 ? m->opens : k == 1 ? m->reads : m->writes;
}

static double api_time(const struct iol_modsum *m, size_t k)
{
	return k == 3 ? m->read_time : k == 4 ? m->write_time : m->meta_time;
}

static int api_rows(struct iol_diff *d, const struct iol_summary *sa,
		    const struct iol_summary *sb, const struct iol_diff_opts *o)
{
	size_t i, k;

	for (i = 0; i < sizeof(apis) / sizeof(apis[0]); i++) {
		const struct iol_modsum *ma = &sa->mod[apis[i].mod];
		const struct iol_modsum *mb = &sb->mod[apis[i].mod];

		if (!ma->nrec && !mb->nrec)
			continue;
		for (k = 0; k < NAPI_WHAT; k++) {
			struct iol_diffrow *r;
			char name[64], label[96];

			snprintf(name, sizeof(name), "%s_%s", apis[i].prefix,
				 api_what[k]);
			if (shown_field(name))
				continue; /* a column of its own, shown */
			snprintf(label, sizeof(label), "%s %s", apis[i].label,
				 api_label[k]);
			if (!(r = row_new(d, "summary")) ||
			    !(r->metric = iol_arena_strdup(&d->arena, name)) ||
			    !(r->label = iol_arena_strdup(&d->arena, label)))
				return IOL_ENOMEM;
			r->key = "job";
			if (k < 3) {
				r->type = IOL_FT_INT;
				r->unit = "";
				row_int(r, ma->nrec > 0, api_count(ma, k),
					mb->nrec > 0, api_count(mb, k));
			} else {
				r->type = IOL_FT_NUM;
				r->unit = "s";
				r->prec = 4;
				row_num(r, ma->nrec ? api_time(ma, k) : NAN,
					mb->nrec ? api_time(mb, k) : NAN, 1);
			}
			row_commit(d, o);
		}
	}
	return 0;
}

/* The rows of a section from `from` on, ordered: those unchanged with
 * both sides known are marked quiet (not --all: the text leaves them out
 * and says how many, the machine formats keep them, to join on, unless
 * --top cuts the list); past --top the changed ones are counted, not
 * listed, as files are. */
static void section_trim(struct iol_diff *d, size_t from,
			 const struct iol_diff_opts *o, int64_t *same,
			 int64_t *cut)
{
	size_t i, k = from;
	int64_t shown = 0;

	for (i = from; i < d->n; i++) {
		struct iol_diffrow *r = &d->rows[i];

		if (!o->all && r->change == 0 && r->has_a && r->has_b) {
			r->quiet = 1;
			(*same)++;
			if (o->top > 0) /* a cut list: changes only */
				continue;
		} else if (o->top > 0 && shown >= o->top) {
			(*cut)++;
			continue;
		} else {
			shown++;
		}
		d->rows[k++] = *r;
	}
	d->n = k;
}

static int build_summary(struct iol_diff *d, const struct iol_diffside *a,
			 const struct iol_diffside *b,
			 const struct iol_diff_opts *o, struct iol_error *err)
{
	struct iol_jobrow ra = {a->log, a->job, a->s};
	struct iol_jobrow rb = {b->log, b->job, b->s};
	const struct iol_field *f;
	size_t i, n, from = d->n;

	f = iol_jobrow_fields(&n);
	for (i = 0; i < n + NEXTRA; i++) {
		const struct iol_field *x =
			i < n ? &f[i] : iol_jobrow_field(extra[i - n]);
		struct iol_diffrow *r;

		/* text, identities, dates and flags are not magnitudes */
		if (!x || x->type == IOL_FT_STR || x->type == IOL_FT_TIME ||
		    x->type == IOL_FT_BOOL || is_identity(x))
			continue;
		if (!(r = row_new(d, "summary")))
			return iol_error_set(err, IOL_ENOMEM, "out of memory");
		r->key = "job";
		r->metric = x->name;
		r->label = x->label;
		r->type = x->type;
		r->unit = x->unit;
		r->prec = x->prec;
		if (x->type == IOL_FT_NUM) {
			/* an absent time is no time; an absent rate or
			 * share has no value to subtract */
			row_num(r, x->num(&ra), x->num(&rb),
				!strcmp(x->unit, "s"));
		} else {
			int64_t va = x->i64(&ra), vb = x->i64(&rb);

			/* a metric a source does not give is unknown, not 0
			 * (compute nodes of a trace) */
			row_int_k(r, va != INT64_MIN, va, vb != INT64_MIN, vb,
				  0);
		}
		row_commit(d, o);
	}
	if (api_rows(d, a->s, b->s, o) < 0)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	rows_sort(d, from, by_rel);
	section_trim(d, from, o, &d->summary_same, &d->summary_cut);
	return 0;
}

/* ---- files, matched by record id ---- */

struct fpair {
	const struct iol_filerow *fa, *fb;
	double dbytes, dtime; /* what orders them */
};

static int by_id(const void *x, const void *y)
{
	const struct iol_filerow *a = x, *b = y;

	return a->id < b->id ? -1 : a->id > b->id;
}

static double file_time(const struct iol_filerow *f)
{
	double t = 0;

	if (f->tr > 0)
		t += f->tr;
	if (f->tw > 0)
		t += f->tw;
	if (f->tm > 0)
		t += f->tm;
	return t;
}

static const char *pair_path(const struct fpair *p)
{
	if (p->fa && p->fa->path)
		return p->fa->path;
	return p->fb && p->fb->path ? p->fb->path : NULL;
}

static int by_pair(const void *x, const void *y)
{
	const struct fpair *a = x, *b = y;
	const char *pa = pair_path(a), *pb = pair_path(b);
	uint64_t ia = a->fa ? a->fa->id : a->fb->id;
	uint64_t ib = b->fa ? b->fa->id : b->fb->id;
	int c;

	if (a->dbytes != b->dbytes)
		return a->dbytes > b->dbytes ? -1 : 1;
	if (a->dtime != b->dtime)
		return a->dtime > b->dtime ? -1 : 1;
	if (pa && pb && (c = strcmp(pa, pb)))
		return c;
	if (!pa != !pb)
		return pa ? -1 : 1;
	return ia < ib ? -1 : ia > ib;
}

static int64_t nonneg(int64_t v)
{
	return v > 0 ? v : 0;
}

static void pair_weigh(struct fpair *p)
{
	double ra = p->fa ? (double)nonneg(p->fa->br) : 0;
	double wa = p->fa ? (double)nonneg(p->fa->bw) : 0;
	double rb = p->fb ? (double)nonneg(p->fb->br) : 0;
	double wb = p->fb ? (double)nonneg(p->fb->bw) : 0;

	p->dbytes = fabs(rb - ra) + fabs(wb - wa);
	p->dtime = fabs((p->fb ? file_time(p->fb) : 0) -
			(p->fa ? file_time(p->fa) : 0));
}

/* a file's name after its last '/', or NULL without a path */
static const char *base_of(const struct iol_filerow *f)
{
	const char *s;

	if (!f || !f->path || !f->path[0])
		return NULL;
	s = strrchr(f->path, '/');
	return s && s[1] ? s + 1 : s ? NULL : f->path;
}

struct bname {
	const char *name;
	size_t pair; /* index in the pairs */
	int side;    /* 0: only in A, 1: only in B */
};

static int by_bname(const void *x, const void *y)
{
	const struct bname *a = x, *b = y;
	int c = strcmp(a->name, b->name);

	if (c)
		return c;
	if (a->side != b->side)
		return a->side - b->side;
	return a->pair < b->pair ? -1 : a->pair > b->pair;
}

/* Files in one side only, paired by a name that only one file of each
 * side has (an output directory per run); *np updated.  0 or IOL_ENOMEM. */
static int pairs_by_name(struct iol_diff *d, struct fpair *p, size_t *np)
{
	struct bname *v;
	size_t i, j, n = 0, k = 0;

	v = calloc(*np + 1, sizeof(*v));
	if (!v)
		return IOL_ENOMEM;
	for (i = 0; i < *np; i++) {
		int side = p[i].fa ? 0 : 1;

		if (p[i].fa && p[i].fb)
			continue;
		if (!(v[n].name = base_of(side ? p[i].fb : p[i].fa)))
			continue;
		v[n].pair = i;
		v[n++].side = side;
	}
	if (n)
		qsort(v, n, sizeof(*v), by_bname);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && !strcmp(v[j].name, v[i].name); j++)
			;
		if (j - i != 2 || v[i].side != 0 || v[i + 1].side != 1)
			continue;
		p[v[i].pair].fb = p[v[i + 1].pair].fb;
		p[v[i + 1].pair].fb = NULL; /* taken: dropped below */
		pair_weigh(&p[v[i].pair]);
		d->files_only_a--;
		d->files_only_b--;
		d->files_both++;
		d->files_by_name++;
	}
	free(v);
	for (i = 0; i < *np; i++)
		if (p[i].fa || p[i].fb)
			p[k++] = p[i];
	*np = k;
	return 0;
}

/* The pairs of files: A's rows with B's of the same id, then B's alone;
 * *np set.  NULL when memory runs out. */
static struct fpair *pairs_make(struct iol_diff *d,
				const struct iol_filerow *fa, size_t na,
				struct iol_filerow *fb, size_t nb, size_t *np)
{
	struct fpair *p;
	unsigned char *used;
	size_t i, k = 0;

	p = calloc(na + nb + 1, sizeof(*p));
	used = calloc(nb + 1, 1);
	if (!p || !used) {
		free(p);
		free(used);
		return NULL;
	}
	if (nb)
		qsort(fb, nb, sizeof(*fb), by_id);
	for (i = 0; i < na; i++) {
		const struct iol_filerow *m = NULL;

		if (nb)
			m = bsearch(&fa[i], fb, nb, sizeof(*fb), by_id);
		p[k].fa = &fa[i];
		if (m && !used[m - fb]) {
			p[k].fb = m;
			used[m - fb] = 1;
			d->files_both++;
		} else {
			d->files_only_a++;
		}
		pair_weigh(&p[k++]);
	}
	for (i = 0; i < nb; i++)
		if (!used[i]) {
			p[k].fb = &fb[i];
			d->files_only_b++;
			pair_weigh(&p[k++]);
		}
	free(used);
	*np = k;
	return p;
}

/* One file's rows; 1 when any is kept, 0 none, or IOL_ENOMEM. */
static int file_rows(struct iol_diff *d, const struct fpair *p, size_t group,
		     const struct iol_diff_opts *o)
{
	static const char *const metric[] = {"bytes_read", "bytes_written",
					     "io_time"};
	static const char *const label[] = {"bytes read", "bytes written",
					    "I/O time"};
	const char *path = pair_path(p);
	char idbuf[32];
	char *key;
	size_t before = d->n;
	int k;

	if (!path) {
		snprintf(idbuf, sizeof(idbuf), "0x%016" PRIx64,
			 p->fa ? p->fa->id : p->fb->id);
		path = idbuf;
	}
	if (p->fa && p->fb && p->fa->id != p->fb->id && p->fb->path) {
		/* matched by name: both paths */
		size_t la = strlen(path), lb = strlen(p->fb->path);

		if (!(key = iol_arena_alloc(&d->arena, la + lb + 5)))
			return IOL_ENOMEM;
		memcpy(key, path, la);
		memcpy(key + la, " -> ", 4);
		memcpy(key + la + 4, p->fb->path, lb + 1);
	} else if (!(key = iol_arena_strdup(&d->arena, path))) {
		return IOL_ENOMEM;
	}
	for (k = 0; k < 3; k++) {
		struct iol_diffrow *r = row_new(d, "files");

		if (!r)
			return IOL_ENOMEM;
		r->key = key;
		r->metric = metric[k];
		r->label = label[k];
		r->group = group;
		if (k < 2) {
			r->type = IOL_FT_BYTES;
			r->unit = "B";
			row_int(r, p->fa != NULL,
				p->fa ? nonneg(k ? p->fa->bw : p->fa->br) : 0,
				p->fb != NULL,
				p->fb ? nonneg(k ? p->fb->bw : p->fb->br) : 0);
		} else {
			r->type = IOL_FT_NUM;
			r->unit = "s";
			r->prec = 6;
			row_num(r, p->fa ? file_time(p->fa) : NAN,
				p->fb ? file_time(p->fb) : NAN, 1);
		}
		row_commit(d, o);
	}
	return d->n > before;
}

static int build_files(struct iol_diff *d, const struct iol_diffside *a,
		       const struct iol_diffside *b,
		       const struct iol_diff_opts *o, struct iol_error *err)
{
	struct iol_filerow *fa = NULL, *fb = NULL;
	struct fpair *p = NULL;
	size_t na = 0, nb = 0, np = 0, i, shown = 0;
	int rc;

	if ((rc = iol_files_compute(a->job, 1, &fa, &na, err)) < 0 ||
	    (rc = iol_files_compute(b->job, 1, &fb, &nb, err)) < 0)
		goto out;
	rc = IOL_ENOMEM;
	if (!(p = pairs_make(d, fa, na, fb, nb, &np)))
		goto out;
	if (o->match_names && pairs_by_name(d, p, &np) < 0)
		goto out;
	if (np)
		qsort(p, np, sizeof(*p), by_pair);
	for (i = 0; i < np; i++) {
		size_t before = d->n;
		int k = file_rows(d, &p[i], shown, o);

		if (k < 0)
			goto out;
		if (k && o->top > 0 && shown >= (size_t)o->top) {
			d->n = before; /* past --top: counted, not listed */
			d->files_cut++;
			continue;
		}
		shown += (size_t)k;
	}
	rc = 0;
out:
	free(p);
	iol_files_free(fa);
	iol_files_free(fb);
	if (rc == IOL_ENOMEM)
		iol_error_set(err, IOL_ENOMEM, "out of memory");
	return rc;
}

/* ---- access-size histograms per module ---- */

static const struct iol_hist *hist_of(const struct iol_hist *h, size_t n,
				      int mod)
{
	size_t k;

	for (k = 0; k < n; k++)
		if (h[k].mod == mod)
			return &h[k];
	return NULL;
}

static int build_hist(struct iol_diff *d, const struct iol_diffside *a,
		      const struct iol_diffside *b,
		      const struct iol_diff_opts *o, struct iol_error *err)
{
	struct iol_hist ha[IOL_MOD_KNOWN + 1], hb[IOL_MOD_KNOWN + 1];
	size_t na, nb, from = d->n;
	int m, op, bin;

	na = iol_hist_compute(a->job, ha, IOL_MOD_KNOWN + 1);
	nb = iol_hist_compute(b->job, hb, IOL_MOD_KNOWN + 1);
	/* the job's entry (mod -1) is POSIX's bins again: modules only */
	for (m = 0; m < IOL_MOD_KNOWN; m++) {
		const struct iol_hist *xa = hist_of(ha, na, m);
		const struct iol_hist *xb = hist_of(hb, nb, m);
		char key[64];
		const char *k2;

		if (!xa && !xb)
			continue;
		for (op = 0; op < 2; op++) {
			snprintf(key, sizeof(key), "%s %s",
				 iol_modinfo(m)->name, op ? "write" : "read");
			if (!(k2 = iol_arena_strdup(&d->arena, key)))
				goto nomem;
			for (bin = 0; bin < IOL_NBINS; bin++) {
				struct iol_diffrow *r = row_new(d, "hist");

				if (!r)
					goto nomem;
				r->key = k2;
				r->metric = iol_bin_names[bin];
				r->label = iol_bin_names[bin];
				r->type = IOL_FT_INT;
				r->unit = "";
				row_int(r, xa != NULL,
					xa ? (op ? xa->wr : xa->rd)[bin] : 0,
					xb != NULL,
					xb ? (op ? xb->wr : xb->rd)[bin] : 0);
				row_commit(d, o);
			}
		}
	}
	rows_sort(d, from, by_change);
	section_trim(d, from, o, &d->hist_same, &d->hist_cut);
	return 0;
nomem:
	return iol_error_set(err, IOL_ENOMEM, "out of memory");
}

/* ---- code blocks (both jobs with call stacks) ---- */

/* a block of one side, by its call path */
struct bside {
	const char *path; /* "main() > loop w.c:9 > w.c:10" */
	const char *key;  /* the path and the kinds of call the block makes
			     ("... > w.c:10 {write}"): what pairs it */
	const struct iol_block *b;
};

struct bpair {
	const struct iol_block *ba, *bb;
	const char *path, *key;
	double dbytes, dcalls, dtime;
};

static int by_path(const void *x, const void *y)
{
	return strcmp(((const struct bside *)x)->key,
		      ((const struct bside *)y)->key);
}

static const char *file_base(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

/* " {open,write}": the kinds of call a block makes, so that a line that
 * opens is never paired with one that closes (lines moved between the
 * runs); "" for a function, which pairs by its name, and for a loop or
 * a line calling a function (via), which pair by their place as the
 * function does (a fix changes what they call: a loop that opened per
 * record and one that writes only) */
static void call_kinds(const struct iol_block *b, int via, char *buf, size_t n)
{
	int64_t other = b->calls - b->opens - b->reads - b->writes - b->syncs;

	if (b->kind == IOL_BLOCK_FUNCTION || b->kind == IOL_BLOCK_LOOP || via) {
		buf[0] = '\0';
		return;
	}
	snprintf(buf, n, " {%s%s%s%s%s", b->opens ? "open," : "",
		 b->reads ? "read," : "", b->writes ? "write," : "",
		 b->syncs ? "sync," : "", other > 0 ? "other," : "");
	n = strlen(buf);
	buf[n - 1] = buf[n - 1] == ',' ? '}' : '\0';
	if (buf[n - 1] == '\0')
		buf[0] = '\0';
}

/* "()" after a function's name, none after a C++ name that has them or
 * a box of its own ("[loader]", "[stack cut]") */
static const char *func_parens(const char *func)
{
	return strchr(func, '(') || func[0] == '[' ? "" : "()";
}

/* a root of a shared library told apart from a root of the same label
 * on its side (a library's function of the program's name) by its
 * file; the program's keeps its label, which pairs with the other
 * run's */
static int root_twin(const struct iol_blocks *bl, size_t i)
{
	size_t k;

	if (!strstr(file_base(bl->v[i].file), ".so"))
		return 0;
	for (k = 0; k < bl->n; k++)
		if (k != i && bl->v[k].parent < 0 &&
		    !strcmp(bl->v[k].func, bl->v[i].func) &&
		    bl->v[k].kind == bl->v[i].kind &&
		    strcmp(bl->v[k].file, bl->v[i].file))
			return 1;
	return 0;
}

/* every block's call path from the root, in d's arena; NULL out of
 * memory */
static struct bside *block_paths(struct iol_diff *d,
				 const struct iol_blocks *bl)
{
	struct bside *v = calloc(bl->n ? bl->n : 1, sizeof(*v));
	unsigned char *via = calloc(bl->n ? bl->n : 1, 1);
	char lab[600], kinds[48];
	size_t i;

	/* the lines whose calls are a function's: a call site */
	for (i = 0; via && i < bl->n; i++)
		if (bl->v[i].kind == IOL_BLOCK_FUNCTION && bl->v[i].parent >= 0)
			via[bl->v[i].parent] = 1;
	if (!via) {
		free(v);
		return NULL;
	}

	for (i = 0; v && i < bl->n; i++) {
		const struct iol_block *b = &bl->v[i];
		const char *pp = b->parent >= 0 ? v[b->parent].path : NULL;
		size_t lp, ll;
		char *s;

		if (b->kind == IOL_BLOCK_FUNCTION && b->parent < 0 &&
		    root_twin(bl, i))
			snprintf(lab, sizeof(lab), "%s%s [%s]", b->func,
				 func_parens(b->func), file_base(b->file));
		else if (b->kind == IOL_BLOCK_FUNCTION)
			snprintf(lab, sizeof(lab), "%s%s", b->func,
				 func_parens(b->func));
		else
			snprintf(lab, sizeof(lab), "%s%s:%d",
				 b->kind == IOL_BLOCK_LOOP ? "loop " : "",
				 file_base(b->file), b->line);
		lp = pp ? strlen(pp) + 3 : 0;
		ll = strlen(lab);
		if (!(s = iol_arena_alloc(&d->arena, lp + ll + 1))) {
			free(v);
			free(via);
			return NULL;
		}
		if (pp) {
			memcpy(s, pp, lp - 3);
			memcpy(s + lp - 3, " > ", 3);
		}
		memcpy(s + lp, lab, ll + 1);
		v[i].path = s;
		v[i].b = b;
		call_kinds(b, via[i], kinds, sizeof(kinds));
		if (!(v[i].key = iol_arena_alloc(
			      &d->arena, lp + ll + strlen(kinds) + 1))) {
			free(v);
			free(via);
			return NULL;
		}
		snprintf((char *)v[i].key, lp + ll + strlen(kinds) + 1, "%s%s",
			 s, kinds);
	}
	free(via);
	if (v && bl->n)
		qsort(v, bl->n, sizeof(*v), by_path);
	return v;
}

static double bytes_of(const struct iol_block *b)
{
	return b ? (double)b->bytes_read + (double)b->bytes_written : 0;
}

static void bpair_weigh(struct bpair *p)
{
	p->dbytes = fabs(bytes_of(p->bb) - bytes_of(p->ba));
	p->dcalls = fabs((p->bb ? (double)p->bb->calls : 0) -
			 (p->ba ? (double)p->ba->calls : 0));
	p->dtime = fabs((p->bb ? p->bb->io_time : 0) -
			(p->ba ? p->ba->io_time : 0));
}

/* B's block b paired with A's a: one row keyed "A's path -> B's path",
 * b dropped below; IOL_ENOMEM when the key has no room */
static int bpair_join(struct iol_diff *d, struct bpair *a, struct bpair *b)
{
	size_t l1 = strlen(a->path), l2 = strlen(b->path);
	char *key = iol_arena_alloc(&d->arena, l1 + l2 + 5);

	if (!key)
		return IOL_ENOMEM;
	memcpy(key, a->path, l1);
	memcpy(key + l1, " -> ", 4);
	memcpy(key + l1 + 4, b->path, l2 + 1);
	a->bb = b->bb;
	a->path = key;
	bpair_weigh(a);
	b->bb = NULL; /* dropped below */
	return 0;
}

static int by_bpair(const void *x, const void *y)
{
	const struct bpair *a = x, *b = y;

	if (a->dbytes != b->dbytes)
		return a->dbytes > b->dbytes ? -1 : 1;
	if (a->dcalls != b->dcalls)
		return a->dcalls > b->dcalls ? -1 : 1;
	if (a->dtime != b->dtime)
		return a->dtime > b->dtime ? -1 : 1;
	return strcmp(a->path, b->path);
}

/* the pairs of blocks of a and b with the same call path, and those of
 * one side only; *np set */
static struct bpair *bpairs_make(const struct bside *va, size_t na,
				 const struct bside *vb, size_t nb, size_t *np)
{
	struct bpair *p = calloc(na + nb + 1, sizeof(*p));
	size_t i = 0, j = 0, k = 0;

	if (!p)
		return NULL;
	while (i < na || j < nb) {
		int c = i == na	  ? 1
			: j == nb ? -1
				  : strcmp(va[i].key, vb[j].key);

		p[k].ba = c <= 0 ? va[i].b : NULL;
		p[k].bb = c >= 0 ? vb[j].b : NULL;
		p[k].path = c <= 0 ? va[i].path : vb[j].path;
		p[k].key = c <= 0 ? va[i].key : vb[j].key;
		bpair_weigh(&p[k]);
		i += c <= 0;
		j += c >= 0;
		k++;
	}
	*np = k;
	return p;
}

/* a path with its line numbers left out ("main() > w.c:* > save()"),
 * in the arena; NULL out of memory */
static char *loose_path(struct iol_diff *d, const char *path)
{
	char *s = iol_arena_alloc(&d->arena, strlen(path) + 1), *o = s;
	const char *q;

	if (!s)
		return NULL;
	for (q = path; *q;) {
		*o++ = *q;
		if (*q++ == ':' && *q >= '0' && *q <= '9') {
			*o++ = '*';
			while (*q >= '0' && *q <= '9')
				q++;
		}
	}
	*o = '\0';
	return s;
}

struct loose {
	const char *key, *path;
	size_t pair;
};

/* paths in the order of their line numbers ("w.c:9" before "w.c:10") */
static int by_lines(const char *a, const char *b)
{
	while (*a && *a == *b && !(*a >= '0' && *a <= '9')) {
		a++;
		b++;
	}
	if (*a >= '0' && *a <= '9' && *b >= '0' && *b <= '9') {
		unsigned long x = strtoul(a, (char **)&a, 10);
		unsigned long y = strtoul(b, (char **)&b, 10);

		if (x != y)
			return x < y ? -1 : 1;
		return by_lines(a, b);
	}
	return (unsigned char)*a < (unsigned char)*b   ? -1
	       : (unsigned char)*a > (unsigned char)*b ? 1
						       : 0;
}

static int by_loose(const void *x, const void *y)
{
	const struct loose *a = x, *b = y;
	int c = strcmp(a->key, b->key);

	if (c)
		return c;
	if ((c = by_lines(a->path, b->path)) != 0)
		return c;
	return a->pair < b->pair ? -1 : a->pair > b->pair;
}

/* how many of v (sorted) from i have v[i]'s key */
static size_t loose_run(const struct loose *v, size_t n, size_t i)
{
	size_t k = i;

	while (k < n && !strcmp(v[k].key, v[i].key))
		k++;
	return k - i;
}

/* a path's last line number ("main() > w.c:21": 21), -1 none, and the
 * length of its parent's part ("main()") */
static long last_line(const char *path, size_t *plen)
{
	const char *gt = NULL, *q, *c;

	for (q = path; (q = strstr(q, " > ")); q += 3)
		gt = q;
	*plen = gt ? (size_t)(gt - path) : 0;
	c = strrchr(gt ? gt : path, ':');
	return c && c[1] >= '0' && c[1] <= '9' ? strtol(c + 1, NULL, 10) : -1;
}

/* a shift of lines between the runs at a line: the A path of a pair and
 * B's line less A's */
struct shift {
	const char *apath;
	long line, by;
};

/* the shift of the pair nearest a's line under the same parent, or 0
 * when none is under it: 1 with *by set */
static int near_shift(const struct shift *sh, size_t ns, const char *a,
		      long *by)
{
	size_t pl, ql, i;
	long l = last_line(a, &pl), best = -1, dl;

	for (i = 0; l >= 0 && i < ns; i++) {
		long x = last_line(sh[i].apath, &ql);

		if (x < 0 || ql != pl || strncmp(sh[i].apath, a, pl))
			continue;
		dl = x > l ? x - l : l - x;
		if (best < 0 || dl < best) {
			best = dl;
			*by = sh[i].by;
		}
	}
	return best >= 0;
}

/*
 * Of the moved blocks whose counts in A and B differ (a fix that added
 * an open and a close above them: A's open at 21 and close at 23, B's at
 * 17, 22 and 21, 24; issue 33 D9), those at the line the nearest pair
 * under the same function says they moved to: paired as bpairs_moved()
 * pairs, la and lb the run's of one loose key.
 */
static int pair_by_shift(struct iol_diff *d, struct bpair *p,
			 const struct loose *la, size_t ra,
			 const struct loose *lb, size_t rb,
			 const struct shift *sh, size_t ns)
{
	size_t i, j, pl;
	long by, want;

	for (i = 0; i < ra; i++) {
		struct bpair *a = &p[la[i].pair];

		if (!a->ba || a->bb || !near_shift(sh, ns, a->path, &by))
			continue;
		want = last_line(a->path, &pl) + by;
		for (j = 0; j < rb; j++) {
			struct bpair *b = &p[lb[j].pair];

			if (!b->bb || b->ba || last_line(b->path, &pl) != want)
				continue;
			if (bpair_join(d, a, b) < 0)
				return IOL_ENOMEM;
			break;
		}
	}
	return 0;
}

/*
 * Blocks of one side only whose paths differ in line numbers alone, as
 * many in A as in B with that path without lines, are blocks that moved
 * (lines added above them): paired in the order of their lines, their
 * key "A -> B" (two lines that write and close, 17 and 18, with 14 and
 * 15).  Returns 0, or IOL_ENOMEM.
 */
static int bpairs_moved(struct iol_diff *d, struct bpair *p, size_t *np)
{
	struct loose *la = calloc(*np + 1, sizeof(*la));
	struct loose *lb = calloc(*np + 1, sizeof(*lb));
	struct shift *sh = calloc(*np + 1, sizeof(*sh));
	size_t na = 0, nb = 0, ns = 0, i, j, k;

	if (!la || !lb || !sh)
		goto nomem;
	for (i = 0; i < *np; i++) {
		struct loose *l = p[i].ba && !p[i].bb	? &la[na++]
				  : !p[i].ba && p[i].bb ? &lb[nb++]
							: NULL;

		if (l && !(l->key = loose_path(d, p[i].key)))
			goto nomem;
		if (l) {
			l->pair = i;
			l->path = p[i].path;
		}
	}
	qsort(la, na, sizeof(*la), by_loose);
	qsort(lb, nb, sizeof(*lb), by_loose);
	/* pairs of one path in both: no shift there */
	for (i = 0; sh && i < *np; i++)
		if (p[i].ba && p[i].bb && last_line(p[i].path, &k) >= 0) {
			sh[ns].apath = p[i].path;
			sh[ns++].by = 0;
		}
	for (i = j = 0; i < na && j < nb;) {
		int c = strcmp(la[i].key, lb[j].key);
		size_t ra = c <= 0 ? loose_run(la, na, i) : 0;
		size_t rb = c >= 0 ? loose_run(lb, nb, j) : 0;

		for (k = 0; c == 0 && ra == rb && k < ra; k++) {
			struct bpair *a = &p[la[i + k].pair];
			struct bpair *b = &p[lb[j + k].pair];
			size_t x;

			/* the shift this pair shows, for the runs below */
			sh[ns].apath = a->path;
			sh[ns++].by =
				last_line(b->path, &x) - last_line(a->path, &x);
			if (bpair_join(d, a, b) < 0)
				goto nomem;
		}
		i += ra;
		j += rb;
	}
	for (i = j = 0; i < na && j < nb;) {
		int c = strcmp(la[i].key, lb[j].key);
		size_t ra = c <= 0 ? loose_run(la, na, i) : 0;
		size_t rb = c >= 0 ? loose_run(lb, nb, j) : 0;

		if (c == 0 && ra != rb &&
		    pair_by_shift(d, p, la + i, ra, lb + j, rb, sh, ns) < 0)
			goto nomem;
		i += ra;
		j += rb;
	}
	for (i = k = 0; i < *np; i++)
		if (p[i].ba || p[i].bb)
			p[k++] = p[i];
	*np = k;
	free(la);
	free(lb);
	free(sh);
	return 0;
nomem:
	free(la);
	free(lb);
	free(sh);
	return IOL_ENOMEM;
}

static int block_rows(struct iol_diff *d, const struct bpair *p, size_t group,
		      const struct iol_diff_opts *o)
{
	static const char *const metric[] = {"calls", "bytes_read",
					     "bytes_written", "io_time"};
	static const char *const label[] = {"calls", "bytes read",
					    "bytes written", "I/O time"};
	int k;

	for (k = 0; k < 4; k++) {
		struct iol_diffrow *r = row_new(d, "blocks");
		const struct iol_block *a = p->ba, *b = p->bb;

		if (!r)
			return IOL_ENOMEM;
		r->key = p->path;
		r->metric = metric[k];
		r->label = label[k];
		r->group = group;
		if (k == 0) {
			r->type = IOL_FT_INT;
			r->unit = "";
			row_int(r, a != NULL, a ? a->calls : 0, b != NULL,
				b ? b->calls : 0);
		} else if (k < 3) {
			r->type = IOL_FT_BYTES;
			r->unit = "B";
			row_int(r, a != NULL,
				a ? (k == 1 ? a->bytes_read : a->bytes_written)
				  : 0,
				b != NULL,
				b ? (k == 1 ? b->bytes_read : b->bytes_written)
				  : 0);
		} else {
			r->type = IOL_FT_NUM;
			r->unit = "s";
			r->prec = 6;
			row_num(r, a ? a->io_time : NAN, b ? b->io_time : NAN,
				1);
		}
		/* a changed block's metrics that did not change say nothing
		 * to people (its calls when only its bytes moved, no bytes
		 * read on either side, an absent side's 0): the text leaves
		 * them out, --all shows them; the machine formats keep each
		 * block's metrics whole, to join on */
		if (!o->all && r->change == 0 && row_kept(r, o)) {
			r->quiet = 1;
			d->blocks_same_metrics++;
		}
		row_commit(d, o);
	}
	return 0;
}

/* whether a binary of side s changed since it was traced (issue 33
 * D1: the blocks of a rebuilt binary were compared, their functions and
 * lines the new build's); then d says which */
static int stale(struct iol_diff *d, const struct iol_blocks *bl,
		 const struct iol_diffside *s)
{
	size_t i;

	for (i = 0; i < bl->nmods; i++)
		if (bl->mods[i].state == IOL_BMOD_CHANGED) {
			d->stale_log = s->log;
			d->stale_module =
				iol_arena_strdup(&d->arena, bl->mods[i].path);
			return 1;
		}
	return 0;
}

/* the blocks of both jobs by call path, the largest change in bytes
 * first (then calls, then I/O time); nothing unless both have stacks */
static int build_blocks(struct iol_diff *d, const struct iol_diffside *a,
			const struct iol_diffside *b,
			const struct iol_diff_opts *o, struct iol_error *err)
{
	struct iol_blocks *ba = NULL, *bb = NULL;
	struct bside *va = NULL, *vb = NULL;
	struct bpair *p = NULL;
	size_t np = 0, i, k;
	int rc;

	if (!a->job->stacks || !b->job->stacks)
		return 0;
	if ((rc = iol_blocks_build(a->job, NULL, &ba, err)) < 0 ||
	    (rc = iol_blocks_build(b->job, NULL, &bb, err)) < 0)
		goto out;
	rc = IOL_ENOMEM;
	if (stale(d, ba, a) || stale(d, bb, b)) {
		/* iolens blocks refuses such a trace: no rows from it */
		rc = d->stale_module ? 0 : IOL_ENOMEM;
		goto out;
	}
	if (!(va = block_paths(d, ba)) || !(vb = block_paths(d, bb)) ||
	    !(p = bpairs_make(va, ba->n, vb, bb->n, &np)) ||
	    bpairs_moved(d, p, &np) < 0)
		goto out;
	if (np)
		qsort(p, np, sizeof(*p), by_bpair);
	for (i = k = 0; i < np; i++) {
		/* the same calls and bytes: what a change is about is not
		 * there, whatever the time did */
		if (!o->all && p[i].ba && p[i].bb && p[i].dbytes == 0 &&
		    p[i].dcalls == 0) {
			d->blocks_same++;
			continue;
		}
		if (o->top > 0 && (int64_t)k >= o->top) {
			d->blocks_cut++;
			continue;
		}
		if (block_rows(d, &p[i], k++, o) < 0)
			goto out;
	}
	rc = 0;
out:
	free(p);
	free(va);
	free(vb);
	iol_blocks_free(ba);
	iol_blocks_free(bb);
	if (rc == IOL_ENOMEM)
		iol_error_set(err, IOL_ENOMEM, "out of memory");
	return rc;
}

/* ---- the table of sections ---- */

/* Each section appends its rows, already ordered. */
static const struct iol_diff_section sections[] = {
	{"job", "The jobs", NULL, "", 0, 1, build_job},
	{"summary", "Summary metrics (largest relative change first)", NULL,
	 "metric", 0, 0, build_summary},
	{"files", "Files (largest change in bytes first)", "file", "metric", 1,
	 0, build_files},
	{"hist", "Access sizes (largest change in count first)", "access",
	 "size", 0, 0, build_hist},
	{"blocks",
	 "Code blocks, by call path (both traces with stacks; largest change "
	 "in bytes first)",
	 "code block", "metric", 1, 0, build_blocks},
};

const struct iol_diff_section *iol_diff_sections(size_t *n)
{
	*n = sizeof(sections) / sizeof(sections[0]);
	return sections;
}

int iol_diff_compute(const struct iol_diffside *a, const struct iol_diffside *b,
		     const struct iol_diff_opts *o, struct iol_diff *d,
		     struct iol_error *err)
{
	size_t k, n;
	int rc;

	memset(d, 0, sizeof(*d));
	iol_diff_sections(&n);
	for (k = 0; k < n; k++)
		if ((rc = sections[k].build(d, a, b, o, err)) < 0) {
			iol_diff_release(d);
			return rc;
		}
	return 0;
}

void iol_diff_release(struct iol_diff *d)
{
	free(d->rows);
	iol_arena_release(&d->arena);
	memset(d, 0, sizeof(*d));
}
