/*
 * darshan-util's accumulator, reimplemented from the rules in FORMAT.md
 * section 10: the aggregate ("total") record, the per-rank time sums of
 * --perf and the per-file categories of --file.  Counter roles are derived
 * from the counter names, so the same code serves every module that has
 * an accumulator.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/accum.h"
#include "base/grow.h"
#include "base/wrap.h"
#include "base/banned.h"

enum { A_SUM, A_SUMCLAMP, A_SET, A_MAX, A_NONE, A_COMMON, A_COMMON_MPI };
enum {
	F_SUM,
	F_MINPOS,
	F_MAX,
	F_MAXREAD,
	F_MAXWRITE,
	F_FASTEST,
	F_SLOWEST,
	F_ZERO
};

struct spec {
	int ready;
	signed char icls[IOL_REC_MAXINT];
	signed char fcls[IOL_REC_MAXFLT];
	int bytes_r, bytes_w, maxb_r, maxb_w;
	int t_read, t_write, t_meta;
	int f_fast, f_slow;
	int fast_rank, fast_bytes, slow_rank, slow_bytes;
	int maxr_size, maxw_size;
};

struct iol_accum_file {
	uint64_t id;
	int64_t r_bytes, w_bytes, max_offset, nprocs;
};

static struct spec specs[IOL_MOD_KNOWN];

static int ends(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);

	return a >= b && strcmp(s + a - b, suffix) == 0;
}

static int find(const struct iol_modinfo *mi, const char *suffix, int flt)
{
	int i, n = flt ? mi->nflt : mi->nint;
	const char *const *names = flt ? mi->fname : mi->iname;

	for (i = 0; i < n; i++)
		if (ends(names[i], suffix))
			return i;
	return -1;
}

static const struct spec *get_spec(int mod)
{
	const struct iol_modinfo *mi = iol_modinfo(mod);
	struct spec *s = &specs[mod];
	int i, clamp = mod == IOL_MOD_POSIX || mod == IOL_MOD_DFS ||
		       mod == IOL_MOD_DAOS;

	if (s->ready)
		return s;
	for (i = 0; i < mi->nint; i++) {
		const char *n = mi->iname[i];

		if (ends(n, "_TIME_SIZE") || strstr(n, "FASTEST_RANK") ||
		    strstr(n, "SLOWEST_RANK"))
			s->icls[i] = A_NONE;
		else if (strstr(n, "_MAX_BYTE_"))
			s->icls[i] = A_MAX;
		else if (ends(n, "_MODE") || ends(n, "_MEM_ALIGNMENT") ||
			 ends(n, "_FILE_ALIGNMENT") ||
			 ends(n, "_RENAMED_FROM") ||
			 !strcmp(n, "DFS_CHUNK_SIZE") ||
			 !strcmp(n, "DAOS_OBJ_OTYPE") ||
			 !strcmp(n, "DAOS_ARRAY_CELL_SIZE") ||
			 !strcmp(n, "DAOS_ARRAY_CHUNK_SIZE"))
			s->icls[i] = A_SET;
		else if (ends(n, "_STRIDE1_STRIDE") ||
			 ends(n, "_ACCESS1_ACCESS"))
			s->icls[i] =
				mod == IOL_MOD_MPIIO ? A_COMMON_MPI : A_COMMON;
		else if (strstr(n, "_STRIDE") || strstr(n, "_ACCESS"))
			s->icls[i] = A_NONE;
		else
			s->icls[i] = clamp ? A_SUMCLAMP : A_SUM;
	}
	for (i = 0; i < mi->nflt; i++) {
		const char *n = mi->fname[i];

		if (ends(n, "_START_TIMESTAMP"))
			s->fcls[i] = F_MINPOS;
		else if (ends(n, "_END_TIMESTAMP"))
			s->fcls[i] = F_MAX;
		else if (ends(n, "_F_MAX_READ_TIME"))
			s->fcls[i] = F_MAXREAD;
		else if (ends(n, "_F_MAX_WRITE_TIME"))
			s->fcls[i] = F_MAXWRITE;
		else if (ends(n, "_F_FASTEST_RANK_TIME"))
			s->fcls[i] = F_FASTEST;
		else if (ends(n, "_F_SLOWEST_RANK_TIME"))
			s->fcls[i] = F_SLOWEST;
		else if (strstr(n, "_F_VARIANCE_"))
			s->fcls[i] = F_ZERO;
		else
			s->fcls[i] = F_SUM;
	}
	s->bytes_r = find(mi, "_BYTES_READ", 0);
	s->bytes_w = find(mi, "_BYTES_WRITTEN", 0);
	s->maxb_r = find(mi, "_MAX_BYTE_READ", 0);
	s->maxb_w = find(mi, "_MAX_BYTE_WRITTEN", 0);
	s->t_read = find(mi, "_F_READ_TIME", 1);
	s->t_write = find(mi, "_F_WRITE_TIME", 1);
	s->t_meta = find(mi, "_F_META_TIME", 1);
	s->f_fast = find(mi, "_F_FASTEST_RANK_TIME", 1);
	s->f_slow = find(mi, "_F_SLOWEST_RANK_TIME", 1);
	s->fast_rank = find(mi, "_FASTEST_RANK", 0);
	s->fast_bytes = find(mi, "_FASTEST_RANK_BYTES", 0);
	s->slow_rank = find(mi, "_SLOWEST_RANK", 0);
	s->slow_bytes = find(mi, "_SLOWEST_RANK_BYTES", 0);
	s->maxr_size = find(mi, "_MAX_READ_TIME_SIZE", 0);
	s->maxw_size = find(mi, "_MAX_WRITE_TIME_SIZE", 0);
	s->ready = 1;
	return s;
}

int iol_accum_supported(int mod)
{
	return mod == IOL_MOD_POSIX || mod == IOL_MOD_MPIIO ||
	       mod == IOL_MOD_STDIO || mod == IOL_MOD_DFS ||
	       mod == IOL_MOD_DAOS;
}

int iol_accum_init(struct iol_accum *a, int mod, int64_t nprocs)
{
	const struct iol_modinfo *mi = iol_modinfo(mod);
	size_t n = nprocs > 0 ? (size_t)nprocs : 1;

	memset(a, 0, sizeof(*a));
	if (!iol_accum_supported(mod))
		return IOL_EINVAL;
	a->mod = mod;
	a->nprocs = nprocs;
	a->agg.mod = mod;
	a->agg.nint = mi->nint;
	a->agg.nflt = mi->nflt;
	a->rank_t = calloc(n * 3, sizeof(double));
	if (!a->rank_t)
		return IOL_ENOMEM;
	a->rank_md = a->rank_t + n;
	a->rank_rw = a->rank_t + 2 * n;
	get_spec(mod);
	return 0;
}

void iol_accum_release(struct iol_accum *a)
{
	free(a->rank_t);
	free(a->files);
	free(a->fidx);
	memset(a, 0, sizeof(*a));
}

/* The "four most common values" merge of darshan-util, including its
 * int-sized running count and its walk past the value slots. */
static void merge_common(int64_t *agg, const int64_t *in, int i, int nint,
			 int mpi)
{
	int j, k, tmp_ndx, total_count = 0;
	int64_t tmp_val[4], tmp_cnt[4];
	int dup[4] = {0, 0, 0, 0};

	if (mpi && in[i] == 0)
		return;
	for (j = i; j < i + 4; j++)
		for (k = 0; k < 4; k++)
			if (agg[i + k] == in[j]) {
				agg[i + k + 4] =
					wadd(agg[i + k + 4], in[j + 4]);
				dup[j - i] = 1;
			}
	for (j = i; j < i + 4; j++) {
		if (dup[j - i])
			continue;
		tmp_ndx = 0;
		memset(tmp_val, 0, sizeof(tmp_val));
		memset(tmp_cnt, 0, sizeof(tmp_cnt));
		if (in[j] == 0)
			break;
		for (k = 0; k < 4; k++)
			if (agg[i + k] == in[j]) {
				total_count =
					(int)wadd(agg[i + k + 4], in[j + 4]);
				break;
			}
		if (k == 4)
			total_count = (int)in[j + 4];
		for (k = 0; k < 4; k++) {
			if (agg[i + k + 4] > total_count ||
			    (agg[i + k + 4] == total_count &&
			     agg[i + k] > in[j])) {
				tmp_val[tmp_ndx] = agg[i + k];
				tmp_cnt[tmp_ndx] = agg[i + k + 4];
				tmp_ndx++;
			} else {
				break;
			}
		}
		if (tmp_ndx == 4)
			break;
		tmp_val[tmp_ndx] = in[j];
		tmp_cnt[tmp_ndx] = in[j + 4];
		tmp_ndx++;
		while (tmp_ndx != 4 && i + k + 4 < nint) {
			if (agg[i + k] != in[j]) {
				tmp_val[tmp_ndx] = agg[i + k];
				tmp_cnt[tmp_ndx] = agg[i + k + 4];
				tmp_ndx++;
			}
			k++;
		}
		memcpy(&agg[i], tmp_val, sizeof(tmp_val));
		memcpy(&agg[i + 4], tmp_cnt, sizeof(tmp_cnt));
	}
}

static void agg_record(struct iol_accum *a, const struct iol_rec *r, int init)
{
	const struct spec *s = &specs[a->mod];
	struct iol_rec *g = &a->agg;
	int64_t frank, srank, fbytes, sbytes;
	double ftime, stime;
	int shared_id, i;

	if (r->rank == -1) {
		frank = r->ic[s->fast_rank];
		srank = r->ic[s->slow_rank];
		fbytes = r->ic[s->fast_bytes];
		sbytes = r->ic[s->slow_bytes];
		ftime = r->fc[s->f_fast];
		stime = r->fc[s->f_slow];
	} else {
		frank = srank = r->rank;
		fbytes = sbytes = r->ic[s->bytes_r] + r->ic[s->bytes_w];
		ftime = stime =
			r->fc[s->t_read] + r->fc[s->t_write] + r->fc[s->t_meta];
	}
	if (init) {
		g->rank = r->rank;
		g->id = r->id;
	}
	if (g->id == r->id)
		shared_id = 1;
	else {
		shared_id = 0;
		g->id = 0;
	}
	if (g->rank != r->rank)
		g->rank = -1;
	for (i = 0; i < r->nint; i++) {
		switch (s->icls[i]) {
		case A_SUM: g->ic[i] = wadd(g->ic[i], r->ic[i]); break;
		case A_SUMCLAMP:
			g->ic[i] = wadd(g->ic[i], r->ic[i]);
			if (g->ic[i] < 0)
				g->ic[i] = -1;
			break;
		case A_SET: g->ic[i] = r->ic[i]; break;
		case A_MAX:
			if (r->ic[i] > g->ic[i])
				g->ic[i] = r->ic[i];
			break;
		case A_COMMON:
		case A_COMMON_MPI:
			merge_common(g->ic, r->ic, i, r->nint,
				     s->icls[i] == A_COMMON_MPI);
			break;
		default: break;
		}
	}
	for (i = 0; i < r->nflt; i++) {
		switch (s->fcls[i]) {
		case F_SUM: g->fc[i] += r->fc[i]; break;
		case F_MINPOS:
			if (r->fc[i] > 0 &&
			    (g->fc[i] == 0 || r->fc[i] < g->fc[i]))
				g->fc[i] = r->fc[i];
			break;
		case F_MAX:
			if (r->fc[i] > g->fc[i])
				g->fc[i] = r->fc[i];
			break;
		case F_MAXREAD:
			if (r->fc[i] > g->fc[i]) {
				g->fc[i] = r->fc[i];
				g->ic[s->maxr_size] = r->ic[s->maxr_size];
			}
			break;
		case F_MAXWRITE:
			if (r->fc[i] > g->fc[i]) {
				g->fc[i] = r->fc[i];
				g->ic[s->maxw_size] = r->ic[s->maxw_size];
			}
			break;
		case F_FASTEST:
			if (!shared_id) {
				g->ic[s->fast_rank] = -1;
				g->ic[s->fast_bytes] = -1;
				g->fc[i] = 0.0;
			} else if (init || ftime < g->fc[i]) {
				g->ic[s->fast_rank] = frank;
				g->ic[s->fast_bytes] = fbytes;
				g->fc[i] = ftime;
			}
			break;
		case F_SLOWEST:
			if (!shared_id) {
				g->ic[s->slow_rank] = -1;
				g->ic[s->slow_bytes] = -1;
				g->fc[i] = 0.0;
			} else if (init || stime > g->fc[i]) {
				g->ic[s->slow_rank] = srank;
				g->ic[s->slow_bytes] = sbytes;
				g->fc[i] = stime;
			}
			break;
		case F_ZERO: g->fc[i] = 0; break;
		}
	}
}

static inline size_t fhash(uint64_t id)
{
	id ^= id >> 31;
	id *= 0x9e3779b97f4a7c15ULL;
	return (size_t)(id >> 17);
}

static struct iol_accum_file *file_get(struct iol_accum *a, uint64_t id)
{
	struct iol_accum_file *f;
	size_t h, i;

	if (a->nfiles * 2 >= a->fslots) {
		size_t ns = a->fslots ? a->fslots * 2 : 256;
		uint32_t *nf = malloc(ns * sizeof(*nf));

		if (!nf)
			return NULL;
		memset(nf, 0xff, ns * sizeof(*nf));
		for (i = 0; i < a->nfiles; i++) {
			for (h = fhash(a->files[i].id) & (ns - 1);
			     nf[h] != UINT32_MAX; h = (h + 1) & (ns - 1))
				;
			nf[h] = (uint32_t)i;
		}
		free(a->fidx);
		a->fidx = nf;
		a->fslots = ns;
	}
	for (h = fhash(id) & (a->fslots - 1); a->fidx[h] != UINT32_MAX;
	     h = (h + 1) & (a->fslots - 1))
		if (a->files[a->fidx[h]].id == id)
			return &a->files[a->fidx[h]];
	f = iol_grow(a->files, &a->filecap, a->nfiles, sizeof(*f), 64);
	if (!f)
		return NULL;
	a->files = f;
	a->fidx[h] = (uint32_t)a->nfiles;
	memset(&a->files[a->nfiles], 0, sizeof(a->files[0]));
	a->files[a->nfiles].id = id;
	return &a->files[a->nfiles++];
}

int iol_accum_add(struct iol_accum *a, const struct iol_rec *r)
{
	const struct spec *s = &specs[a->mod];
	int64_t rb, wb, maxoff, np;
	double io, md, rw;
	struct iol_accum_file *f;

	if (r->rank < -1 || r->rank >= a->nprocs)
		return IOL_ECORRUPT;
	agg_record(a, r, a->nrec == 0);
	a->nrec++;
	rb = r->ic[s->bytes_r];
	wb = r->ic[s->bytes_w];
	if (s->maxb_r >= 0)
		maxoff = r->ic[s->maxb_r] > r->ic[s->maxb_w] ? r->ic[s->maxb_r]
							     : r->ic[s->maxb_w];
	else
		maxoff = -1;
	if (r->rank < 0) {
		np = -1;
		io = r->fc[s->f_slow];
		md = rw = 0;
	} else {
		np = 1;
		io = r->fc[s->t_meta] + r->fc[s->t_read] + r->fc[s->t_write];
		md = r->fc[s->t_meta];
		rw = r->fc[s->t_read] + r->fc[s->t_write];
	}
	a->total_bytes = wadd(a->total_bytes, wadd(rb, wb));
	if (r->rank < 0) {
		a->shared_time += io;
	} else {
		a->rank_t[r->rank] += io;
		a->rank_rw[r->rank] += rw;
		a->rank_md[r->rank] += md;
	}
	f = file_get(a, r->id);
	if (!f)
		return IOL_ENOMEM;
	f->r_bytes = wadd(f->r_bytes, rb);
	f->w_bytes = wadd(f->w_bytes, wb);
	if (maxoff == -1)
		f->max_offset = -1;
	else if (maxoff > f->max_offset)
		f->max_offset = maxoff;
	if (np == -1)
		f->nprocs = -1;
	else
		f->nprocs = wadd(f->nprocs, np);
	return 0;
}

void iol_accum_perf(const struct iol_accum *a, struct iol_perf *p)
{
	int64_t i;

	memset(p, 0, sizeof(*p));
	p->total_bytes = a->total_bytes;
	p->shared_time_by_slowest = a->shared_time;
	for (i = 0; i < a->nprocs; i++)
		if (a->rank_t[i] > p->slowest_rank_io_time) {
			p->slowest_rank_io_time = a->rank_t[i];
			p->slowest_rank_rw_time = a->rank_rw[i];
			p->slowest_rank_meta_time = a->rank_md[i];
			p->slowest_rank = (int)i;
		}
	p->agg_time_by_slowest =
		p->slowest_rank_io_time + p->shared_time_by_slowest;
	if (p->agg_time_by_slowest != 0)
		p->agg_perf_by_slowest = ((double)p->total_bytes / 1048576.0) /
					 p->agg_time_by_slowest;
}

static void cat_inc(struct iol_category *c, const struct iol_accum_file *f)
{
	c->count++;
	c->read_bytes = wadd(c->read_bytes, f->r_bytes);
	c->write_bytes = wadd(c->write_bytes, f->w_bytes);
	if (f->max_offset == -1)
		c->max_offset = -1;
	else if (f->max_offset > c->max_offset)
		c->max_offset = f->max_offset;
}

void iol_accum_categories(const struct iol_accum *a,
			  struct iol_category cat[IOL_CAT_N])
{
	size_t i;

	memset(cat, 0, sizeof(*cat) * IOL_CAT_N);
	for (i = 0; i < a->nfiles; i++) {
		const struct iol_accum_file *f = &a->files[i];

		cat_inc(&cat[IOL_CAT_ALL], f);
		if (f->r_bytes > 0 && f->w_bytes == 0)
			cat_inc(&cat[IOL_CAT_RO], f);
		else if (f->w_bytes > 0 && f->r_bytes == 0)
			cat_inc(&cat[IOL_CAT_WO], f);
		else if (f->w_bytes > 0 && f->r_bytes > 0)
			cat_inc(&cat[IOL_CAT_RW], f);
		if (f->nprocs == 1)
			cat_inc(&cat[IOL_CAT_UNIQUE], f);
		else if (f->nprocs == -1)
			cat_inc(&cat[IOL_CAT_SHARED], f);
		else
			cat_inc(&cat[IOL_CAT_PARTSHARED], f);
	}
}
