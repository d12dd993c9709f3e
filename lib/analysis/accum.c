/*
 * darshan-util's accumulator, reimplemented from the rules in FORMAT.md
 * section 10: the aggregate ("total") record, the per-rank time sums of
 * --perf and the per-file categories of --file.  Counter roles come from
 * a table per module written with the counter enums, so the same code
 * serves every module that has an accumulator.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/accum.h"
#include "counters/counters.h"
#include "base/grow.h"
#include "base/wrap.h"
#include "base/banned.h"

/* how the total record combines a counter: A_SUM (the default, 0) adds
 * (and with clamp, an overflow below zero becomes -1), A_SET keeps the
 * last value, A_MAX the largest, A_COMMON merges the four most common
 * values that follow, A_NONE leaves the counter alone */
enum { A_SUM, A_SET, A_MAX, A_NONE, A_COMMON, A_COMMON_MPI };
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
	int clamp;
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

/*
 * The roles of every counter of the modules with an accumulator, named by
 * the generated counter enums (counters/counters.h), as darshan-util's
 * agg functions treat them (FORMAT.md section 10).
 */
static const struct spec specs[IOL_MOD_KNOWN] = {
	[IOL_MOD_POSIX] = {.clamp = 1,
			   .icls = {[POSIX_RENAMED_FROM] = A_SET,
				    [POSIX_MODE] = A_SET,
				    [POSIX_MAX_BYTE_READ] = A_MAX,
				    [POSIX_MAX_BYTE_WRITTEN] = A_MAX,
				    [POSIX_MEM_ALIGNMENT] = A_SET,
				    [POSIX_FILE_ALIGNMENT] = A_SET,
				    [POSIX_MAX_READ_TIME_SIZE] = A_NONE,
				    [POSIX_MAX_WRITE_TIME_SIZE] = A_NONE,
				    [POSIX_STRIDE1_STRIDE] = A_COMMON,
				    [POSIX_STRIDE2_STRIDE] = A_NONE,
				    [POSIX_STRIDE3_STRIDE] = A_NONE,
				    [POSIX_STRIDE4_STRIDE] = A_NONE,
				    [POSIX_STRIDE1_COUNT] = A_NONE,
				    [POSIX_STRIDE2_COUNT] = A_NONE,
				    [POSIX_STRIDE3_COUNT] = A_NONE,
				    [POSIX_STRIDE4_COUNT] = A_NONE,
				    [POSIX_ACCESS1_ACCESS] = A_COMMON,
				    [POSIX_ACCESS2_ACCESS] = A_NONE,
				    [POSIX_ACCESS3_ACCESS] = A_NONE,
				    [POSIX_ACCESS4_ACCESS] = A_NONE,
				    [POSIX_ACCESS1_COUNT] = A_NONE,
				    [POSIX_ACCESS2_COUNT] = A_NONE,
				    [POSIX_ACCESS3_COUNT] = A_NONE,
				    [POSIX_ACCESS4_COUNT] = A_NONE,
				    [POSIX_FASTEST_RANK] = A_NONE,
				    [POSIX_FASTEST_RANK_BYTES] = A_NONE,
				    [POSIX_SLOWEST_RANK] = A_NONE,
				    [POSIX_SLOWEST_RANK_BYTES] = A_NONE},
			   .fcls = {[POSIX_F_OPEN_START_TIMESTAMP] = F_MINPOS,
				    [POSIX_F_READ_START_TIMESTAMP] = F_MINPOS,
				    [POSIX_F_WRITE_START_TIMESTAMP] = F_MINPOS,
				    [POSIX_F_CLOSE_START_TIMESTAMP] = F_MINPOS,
				    [POSIX_F_OPEN_END_TIMESTAMP] = F_MAX,
				    [POSIX_F_READ_END_TIMESTAMP] = F_MAX,
				    [POSIX_F_WRITE_END_TIMESTAMP] = F_MAX,
				    [POSIX_F_CLOSE_END_TIMESTAMP] = F_MAX,
				    [POSIX_F_MAX_READ_TIME] = F_MAXREAD,
				    [POSIX_F_MAX_WRITE_TIME] = F_MAXWRITE,
				    [POSIX_F_FASTEST_RANK_TIME] = F_FASTEST,
				    [POSIX_F_SLOWEST_RANK_TIME] = F_SLOWEST,
				    [POSIX_F_VARIANCE_RANK_TIME] = F_ZERO,
				    [POSIX_F_VARIANCE_RANK_BYTES] = F_ZERO},
			   .bytes_r = POSIX_BYTES_READ,
			   .bytes_w = POSIX_BYTES_WRITTEN,
			   .maxb_r = POSIX_MAX_BYTE_READ,
			   .maxb_w = POSIX_MAX_BYTE_WRITTEN,
			   .t_read = POSIX_F_READ_TIME,
			   .t_write = POSIX_F_WRITE_TIME,
			   .t_meta = POSIX_F_META_TIME,
			   .f_fast = POSIX_F_FASTEST_RANK_TIME,
			   .f_slow = POSIX_F_SLOWEST_RANK_TIME,
			   .fast_rank = POSIX_FASTEST_RANK,
			   .fast_bytes = POSIX_FASTEST_RANK_BYTES,
			   .slow_rank = POSIX_SLOWEST_RANK,
			   .slow_bytes = POSIX_SLOWEST_RANK_BYTES,
			   .maxr_size = POSIX_MAX_READ_TIME_SIZE,
			   .maxw_size = POSIX_MAX_WRITE_TIME_SIZE},
	[IOL_MOD_MPIIO] = {.icls = {[MPIIO_MODE] = A_SET,
				    [MPIIO_MAX_READ_TIME_SIZE] = A_NONE,
				    [MPIIO_MAX_WRITE_TIME_SIZE] = A_NONE,
				    [MPIIO_ACCESS1_ACCESS] = A_COMMON_MPI,
				    [MPIIO_ACCESS2_ACCESS] = A_NONE,
				    [MPIIO_ACCESS3_ACCESS] = A_NONE,
				    [MPIIO_ACCESS4_ACCESS] = A_NONE,
				    [MPIIO_ACCESS1_COUNT] = A_NONE,
				    [MPIIO_ACCESS2_COUNT] = A_NONE,
				    [MPIIO_ACCESS3_COUNT] = A_NONE,
				    [MPIIO_ACCESS4_COUNT] = A_NONE,
				    [MPIIO_FASTEST_RANK] = A_NONE,
				    [MPIIO_FASTEST_RANK_BYTES] = A_NONE,
				    [MPIIO_SLOWEST_RANK] = A_NONE,
				    [MPIIO_SLOWEST_RANK_BYTES] = A_NONE},
			   .fcls = {[MPIIO_F_OPEN_START_TIMESTAMP] = F_MINPOS,
				    [MPIIO_F_READ_START_TIMESTAMP] = F_MINPOS,
				    [MPIIO_F_WRITE_START_TIMESTAMP] = F_MINPOS,
				    [MPIIO_F_CLOSE_START_TIMESTAMP] = F_MINPOS,
				    [MPIIO_F_OPEN_END_TIMESTAMP] = F_MAX,
				    [MPIIO_F_READ_END_TIMESTAMP] = F_MAX,
				    [MPIIO_F_WRITE_END_TIMESTAMP] = F_MAX,
				    [MPIIO_F_CLOSE_END_TIMESTAMP] = F_MAX,
				    [MPIIO_F_MAX_READ_TIME] = F_MAXREAD,
				    [MPIIO_F_MAX_WRITE_TIME] = F_MAXWRITE,
				    [MPIIO_F_FASTEST_RANK_TIME] = F_FASTEST,
				    [MPIIO_F_SLOWEST_RANK_TIME] = F_SLOWEST,
				    [MPIIO_F_VARIANCE_RANK_TIME] = F_ZERO,
				    [MPIIO_F_VARIANCE_RANK_BYTES] = F_ZERO},
			   .bytes_r = MPIIO_BYTES_READ,
			   .bytes_w = MPIIO_BYTES_WRITTEN,
			   .maxb_r = -1,
			   .maxb_w = -1,
			   .t_read = MPIIO_F_READ_TIME,
			   .t_write = MPIIO_F_WRITE_TIME,
			   .t_meta = MPIIO_F_META_TIME,
			   .f_fast = MPIIO_F_FASTEST_RANK_TIME,
			   .f_slow = MPIIO_F_SLOWEST_RANK_TIME,
			   .fast_rank = MPIIO_FASTEST_RANK,
			   .fast_bytes = MPIIO_FASTEST_RANK_BYTES,
			   .slow_rank = MPIIO_SLOWEST_RANK,
			   .slow_bytes = MPIIO_SLOWEST_RANK_BYTES,
			   .maxr_size = MPIIO_MAX_READ_TIME_SIZE,
			   .maxw_size = MPIIO_MAX_WRITE_TIME_SIZE},
	[IOL_MOD_STDIO] = {.icls = {[STDIO_MAX_BYTE_READ] = A_MAX,
				    [STDIO_MAX_BYTE_WRITTEN] = A_MAX,
				    [STDIO_FASTEST_RANK] = A_NONE,
				    [STDIO_FASTEST_RANK_BYTES] = A_NONE,
				    [STDIO_SLOWEST_RANK] = A_NONE,
				    [STDIO_SLOWEST_RANK_BYTES] = A_NONE},
			   .fcls = {[STDIO_F_OPEN_START_TIMESTAMP] = F_MINPOS,
				    [STDIO_F_CLOSE_START_TIMESTAMP] = F_MINPOS,
				    [STDIO_F_WRITE_START_TIMESTAMP] = F_MINPOS,
				    [STDIO_F_READ_START_TIMESTAMP] = F_MINPOS,
				    [STDIO_F_OPEN_END_TIMESTAMP] = F_MAX,
				    [STDIO_F_CLOSE_END_TIMESTAMP] = F_MAX,
				    [STDIO_F_WRITE_END_TIMESTAMP] = F_MAX,
				    [STDIO_F_READ_END_TIMESTAMP] = F_MAX,
				    [STDIO_F_FASTEST_RANK_TIME] = F_FASTEST,
				    [STDIO_F_SLOWEST_RANK_TIME] = F_SLOWEST,
				    [STDIO_F_VARIANCE_RANK_TIME] = F_ZERO,
				    [STDIO_F_VARIANCE_RANK_BYTES] = F_ZERO},
			   .bytes_r = STDIO_BYTES_READ,
			   .bytes_w = STDIO_BYTES_WRITTEN,
			   .maxb_r = STDIO_MAX_BYTE_READ,
			   .maxb_w = STDIO_MAX_BYTE_WRITTEN,
			   .t_read = STDIO_F_READ_TIME,
			   .t_write = STDIO_F_WRITE_TIME,
			   .t_meta = STDIO_F_META_TIME,
			   .f_fast = STDIO_F_FASTEST_RANK_TIME,
			   .f_slow = STDIO_F_SLOWEST_RANK_TIME,
			   .fast_rank = STDIO_FASTEST_RANK,
			   .fast_bytes = STDIO_FASTEST_RANK_BYTES,
			   .slow_rank = STDIO_SLOWEST_RANK,
			   .slow_bytes = STDIO_SLOWEST_RANK_BYTES,
			   .maxr_size = -1,
			   .maxw_size = -1},
	[IOL_MOD_DFS] = {.clamp = 1,
			 .icls = {[DFS_MAX_READ_TIME_SIZE] = A_NONE,
				  [DFS_MAX_WRITE_TIME_SIZE] = A_NONE,
				  [DFS_ACCESS1_ACCESS] = A_COMMON,
				  [DFS_ACCESS2_ACCESS] = A_NONE,
				  [DFS_ACCESS3_ACCESS] = A_NONE,
				  [DFS_ACCESS4_ACCESS] = A_NONE,
				  [DFS_ACCESS1_COUNT] = A_NONE,
				  [DFS_ACCESS2_COUNT] = A_NONE,
				  [DFS_ACCESS3_COUNT] = A_NONE,
				  [DFS_ACCESS4_COUNT] = A_NONE,
				  [DFS_CHUNK_SIZE] = A_SET,
				  [DFS_FASTEST_RANK] = A_NONE,
				  [DFS_FASTEST_RANK_BYTES] = A_NONE,
				  [DFS_SLOWEST_RANK] = A_NONE,
				  [DFS_SLOWEST_RANK_BYTES] = A_NONE},
			 .fcls = {[DFS_F_OPEN_START_TIMESTAMP] = F_MINPOS,
				  [DFS_F_READ_START_TIMESTAMP] = F_MINPOS,
				  [DFS_F_WRITE_START_TIMESTAMP] = F_MINPOS,
				  [DFS_F_CLOSE_START_TIMESTAMP] = F_MINPOS,
				  [DFS_F_OPEN_END_TIMESTAMP] = F_MAX,
				  [DFS_F_READ_END_TIMESTAMP] = F_MAX,
				  [DFS_F_WRITE_END_TIMESTAMP] = F_MAX,
				  [DFS_F_CLOSE_END_TIMESTAMP] = F_MAX,
				  [DFS_F_MAX_READ_TIME] = F_MAXREAD,
				  [DFS_F_MAX_WRITE_TIME] = F_MAXWRITE,
				  [DFS_F_FASTEST_RANK_TIME] = F_FASTEST,
				  [DFS_F_SLOWEST_RANK_TIME] = F_SLOWEST},
			 .bytes_r = DFS_BYTES_READ,
			 .bytes_w = DFS_BYTES_WRITTEN,
			 .maxb_r = -1,
			 .maxb_w = -1,
			 .t_read = DFS_F_READ_TIME,
			 .t_write = DFS_F_WRITE_TIME,
			 .t_meta = DFS_F_META_TIME,
			 .f_fast = DFS_F_FASTEST_RANK_TIME,
			 .f_slow = DFS_F_SLOWEST_RANK_TIME,
			 .fast_rank = DFS_FASTEST_RANK,
			 .fast_bytes = DFS_FASTEST_RANK_BYTES,
			 .slow_rank = DFS_SLOWEST_RANK,
			 .slow_bytes = DFS_SLOWEST_RANK_BYTES,
			 .maxr_size = DFS_MAX_READ_TIME_SIZE,
			 .maxw_size = DFS_MAX_WRITE_TIME_SIZE},
	[IOL_MOD_DAOS] = {.clamp = 1,
			  .icls = {[DAOS_MAX_READ_TIME_SIZE] = A_NONE,
				   [DAOS_MAX_WRITE_TIME_SIZE] = A_NONE,
				   [DAOS_ACCESS1_ACCESS] = A_COMMON,
				   [DAOS_ACCESS2_ACCESS] = A_NONE,
				   [DAOS_ACCESS3_ACCESS] = A_NONE,
				   [DAOS_ACCESS4_ACCESS] = A_NONE,
				   [DAOS_ACCESS1_COUNT] = A_NONE,
				   [DAOS_ACCESS2_COUNT] = A_NONE,
				   [DAOS_ACCESS3_COUNT] = A_NONE,
				   [DAOS_ACCESS4_COUNT] = A_NONE,
				   [DAOS_OBJ_OTYPE] = A_SET,
				   [DAOS_ARRAY_CELL_SIZE] = A_SET,
				   [DAOS_ARRAY_CHUNK_SIZE] = A_SET,
				   [DAOS_FASTEST_RANK] = A_NONE,
				   [DAOS_FASTEST_RANK_BYTES] = A_NONE,
				   [DAOS_SLOWEST_RANK] = A_NONE,
				   [DAOS_SLOWEST_RANK_BYTES] = A_NONE},
			  .fcls = {[DAOS_F_OPEN_START_TIMESTAMP] = F_MINPOS,
				   [DAOS_F_READ_START_TIMESTAMP] = F_MINPOS,
				   [DAOS_F_WRITE_START_TIMESTAMP] = F_MINPOS,
				   [DAOS_F_CLOSE_START_TIMESTAMP] = F_MINPOS,
				   [DAOS_F_OPEN_END_TIMESTAMP] = F_MAX,
				   [DAOS_F_READ_END_TIMESTAMP] = F_MAX,
				   [DAOS_F_WRITE_END_TIMESTAMP] = F_MAX,
				   [DAOS_F_CLOSE_END_TIMESTAMP] = F_MAX,
				   [DAOS_F_MAX_READ_TIME] = F_MAXREAD,
				   [DAOS_F_MAX_WRITE_TIME] = F_MAXWRITE,
				   [DAOS_F_FASTEST_RANK_TIME] = F_FASTEST,
				   [DAOS_F_SLOWEST_RANK_TIME] = F_SLOWEST},
			  .bytes_r = DAOS_BYTES_READ,
			  .bytes_w = DAOS_BYTES_WRITTEN,
			  .maxb_r = -1,
			  .maxb_w = -1,
			  .t_read = DAOS_F_READ_TIME,
			  .t_write = DAOS_F_WRITE_TIME,
			  .t_meta = DAOS_F_META_TIME,
			  .f_fast = DAOS_F_FASTEST_RANK_TIME,
			  .f_slow = DAOS_F_SLOWEST_RANK_TIME,
			  .fast_rank = DAOS_FASTEST_RANK,
			  .fast_bytes = DAOS_FASTEST_RANK_BYTES,
			  .slow_rank = DAOS_SLOWEST_RANK,
			  .slow_bytes = DAOS_SLOWEST_RANK_BYTES,
			  .maxr_size = DAOS_MAX_READ_TIME_SIZE,
			  .maxw_size = DAOS_MAX_WRITE_TIME_SIZE},
};

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
	return 0;
}

void iol_accum_release(struct iol_accum *a)
{
	free(a->rank_t);
	free(a->files);
	iol_index_release(&a->fidx);
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
		fbytes = sbytes = wadd(r->ic[s->bytes_r], r->ic[s->bytes_w]);
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
		case A_SUM:
			g->ic[i] = wadd(g->ic[i], r->ic[i]);
			if (s->clamp && g->ic[i] < 0)
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

/* the key of a lookup: the accumulator and the id sought */
struct file_key {
	const struct iol_accum *a;
	uint64_t id;
};

static int file_eq(const void *ctx, uint32_t i)
{
	const struct file_key *k = ctx;

	return k->a->files[i].id == k->id;
}

static uint64_t file_hash(const void *ctx, uint32_t i)
{
	const struct file_key *k = ctx;

	return k->a->files[i].id;
}

static struct iol_accum_file *file_get(struct iol_accum *a, uint64_t id)
{
	struct file_key k = {a, id};
	struct iol_accum_file *f;
	uint32_t *slot;

	if (iol_index_reserve(&a->fidx, file_hash, &k) < 0)
		return NULL;
	slot = iol_index_slot(&a->fidx, id, file_eq, &k);
	if (*slot != IOL_INDEX_EMPTY)
		return &a->files[*slot];
	f = iol_grow(a->files, &a->filecap, a->nfiles, sizeof(*f), 64);
	if (!f)
		return NULL;
	a->files = f;
	*slot = (uint32_t)a->nfiles;
	a->fidx.n++;
	memset(&a->files[a->nfiles], 0, sizeof(a->files[0]));
	a->files[a->nfiles].id = id;
	return &a->files[a->nfiles++];
}

void iol_accum_prefetch(const struct iol_accum *a, uint64_t id)
{
	if (a->fidx.slot)
		__builtin_prefetch(
			&a->fidx.slot[(size_t)iol_mix64(id) & a->fidx.mask]);
}

/* The sums iol_accum_perf() reads, from one record's counters. */
static void perf_sums(struct iol_accum *a, int64_t rank, const int64_t *ic,
		      const double *fc)
{
	const struct spec *s = &specs[a->mod];
	double io, md, rw;

	a->nrec++;
	if (rank < 0) {
		io = fc[s->f_slow];
		md = rw = 0;
	} else {
		io = fc[s->t_meta] + fc[s->t_read] + fc[s->t_write];
		md = fc[s->t_meta];
		rw = fc[s->t_read] + fc[s->t_write];
	}
	a->total_bytes =
		wadd(a->total_bytes, wadd(ic[s->bytes_r], ic[s->bytes_w]));
	if (rank < 0) {
		a->shared_time += io;
	} else {
		a->rank_t[rank] += io;
		a->rank_rw[rank] += rw;
		a->rank_md[rank] += md;
	}
}

int iol_accum_add_perf(struct iol_accum *a, int64_t rank, const int64_t *ic,
		       const double *fc)
{
	if (!a->perf_only)
		return IOL_EINVAL;
	if (rank < -1 || rank >= a->nprocs)
		return IOL_ECORRUPT;
	perf_sums(a, rank, ic, fc);
	return 0;
}

int iol_accum_add(struct iol_accum *a, const struct iol_rec *r)
{
	const struct spec *s = &specs[a->mod];
	int64_t rb, wb, maxoff, np;
	struct iol_accum_file *f;

	if (r->rank < -1 || r->rank >= a->nprocs)
		return IOL_ECORRUPT;
	if (!a->perf_only)
		agg_record(a, r, a->nrec == 0);
	perf_sums(a, r->rank, r->ic, r->fc);
	if (a->perf_only)
		return 0;
	rb = r->ic[s->bytes_r];
	wb = r->ic[s->bytes_w];
	if (s->maxb_r >= 0)
		maxoff = r->ic[s->maxb_r] > r->ic[s->maxb_w] ? r->ic[s->maxb_r]
							     : r->ic[s->maxb_w];
	else
		maxoff = -1;
	np = r->rank < 0 ? -1 : 1;
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
