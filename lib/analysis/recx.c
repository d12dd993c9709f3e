/*
 * Where each module keeps the counters the analyses read (bytes, times,
 * operation counts, timestamps, size bins), and the extraction of those
 * essentials from one record.  Counters a log could not record are -1
 * there and are left out of sums.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/metrics.h"
#include "analysis/recx-int.h"
#include "model/job-int.h"
#include "counters/counters.h"
#include "base/grow.h"
#include "base/sort.h"
#include "base/wrap.h"
#include "base/banned.h"

const char *const iol_bin_names[IOL_NBINS] = {
	"0-100", "100-1K", "1K-10K",   "10K-100K", "100K-1M",
	"1M-4M", "4M-10M", "10M-100M", "100M-1G",  "1G+",
};

const char *const iol_nodes_source_names[5] = {
	"unknown",
	"--nodes",
	"--procs-per-node",
	"DXT hostnames",
	"site procs_per_node",
};

const char *const iol_tl_source_names[4] = {
	"none",
	"DXT",
	"Darshan timestamps",
	"HEATMAP",
};

/* a module none of whose counters the analyses read */
#define NO_COUNTERS                                                           \
	{                                                                     \
		.br = -1, .bw = -1, .maxr = -1, .maxw = -1, .tr = -1,         \
		.tw = -1, .tm = -1, .tslow = -1, .reads = {-1, -1, -1, -1},   \
		.writes = {-1, -1, -1, -1}, .opens = {-1, -1, -1},            \
		.seeks = -1, .stats = -1, .syncs = {-1, -1}, .seqr = -1,      \
		.seqw = -1, .consr = -1, .consw = -1, .notal = -1,            \
		.ostart = -1, .rstart = -1, .wstart = -1, .rend = -1,         \
		.wend = -1, .cend = -1, .acc1 = -1, .acc1c = -1, .bin_r = -1, \
		.bin_w = -1                                                   \
	}

/*
 * Every role of every module, named by the generated counter enums
 * (counters/counters.h).  A module's reads, writes and opens are summed
 * over the counters listed; -1: the module has no such counter.  STDIO's
 * FLUSHES and HDF5's FLUSHES count as syncs.
 */
static const struct cix cixs[IOL_MOD_KNOWN] = {
	[IOL_MOD_NULL] = NO_COUNTERS,
	[IOL_MOD_POSIX] = {.br = POSIX_BYTES_READ,
			   .bw = POSIX_BYTES_WRITTEN,
			   .maxr = POSIX_MAX_BYTE_READ,
			   .maxw = POSIX_MAX_BYTE_WRITTEN,
			   .tr = POSIX_F_READ_TIME,
			   .tw = POSIX_F_WRITE_TIME,
			   .tm = POSIX_F_META_TIME,
			   .tslow = POSIX_F_SLOWEST_RANK_TIME,
			   .reads = {POSIX_READS, -1, -1, -1},
			   .writes = {POSIX_WRITES, -1, -1, -1},
			   .opens = {POSIX_OPENS, -1, -1},
			   .seeks = POSIX_SEEKS,
			   .stats = POSIX_STATS,
			   .syncs = {POSIX_FSYNCS, POSIX_FDSYNCS},
			   .seqr = POSIX_SEQ_READS,
			   .seqw = POSIX_SEQ_WRITES,
			   .consr = POSIX_CONSEC_READS,
			   .consw = POSIX_CONSEC_WRITES,
			   .notal = POSIX_FILE_NOT_ALIGNED,
			   .ostart = POSIX_F_OPEN_START_TIMESTAMP,
			   .rstart = POSIX_F_READ_START_TIMESTAMP,
			   .wstart = POSIX_F_WRITE_START_TIMESTAMP,
			   .rend = POSIX_F_READ_END_TIMESTAMP,
			   .wend = POSIX_F_WRITE_END_TIMESTAMP,
			   .cend = POSIX_F_CLOSE_END_TIMESTAMP,
			   .acc1 = POSIX_ACCESS1_ACCESS,
			   .acc1c = POSIX_ACCESS1_COUNT,
			   .bin_r = POSIX_SIZE_READ_0_100,
			   .bin_w = POSIX_SIZE_WRITE_0_100},
	[IOL_MOD_MPIIO] = {.br = MPIIO_BYTES_READ,
			   .bw = MPIIO_BYTES_WRITTEN,
			   .maxr = -1,
			   .maxw = -1,
			   .tr = MPIIO_F_READ_TIME,
			   .tw = MPIIO_F_WRITE_TIME,
			   .tm = MPIIO_F_META_TIME,
			   .tslow = MPIIO_F_SLOWEST_RANK_TIME,
			   .reads = {MPIIO_INDEP_READS, MPIIO_COLL_READS,
				     MPIIO_SPLIT_READS, MPIIO_NB_READS},
			   .writes = {MPIIO_INDEP_WRITES, MPIIO_COLL_WRITES,
				      MPIIO_SPLIT_WRITES, MPIIO_NB_WRITES},
			   .opens = {MPIIO_INDEP_OPENS, MPIIO_COLL_OPENS, -1},
			   .seeks = -1,
			   .stats = -1,
			   .syncs = {MPIIO_SYNCS, -1},
			   .seqr = -1,
			   .seqw = -1,
			   .consr = -1,
			   .consw = -1,
			   .notal = -1,
			   .ostart = MPIIO_F_OPEN_START_TIMESTAMP,
			   .rstart = MPIIO_F_READ_START_TIMESTAMP,
			   .wstart = MPIIO_F_WRITE_START_TIMESTAMP,
			   .rend = MPIIO_F_READ_END_TIMESTAMP,
			   .wend = MPIIO_F_WRITE_END_TIMESTAMP,
			   .cend = MPIIO_F_CLOSE_END_TIMESTAMP,
			   .acc1 = MPIIO_ACCESS1_ACCESS,
			   .acc1c = MPIIO_ACCESS1_COUNT,
			   .bin_r = MPIIO_SIZE_READ_AGG_0_100,
			   .bin_w = MPIIO_SIZE_WRITE_AGG_0_100},
	[IOL_MOD_H5F] = {.br = -1,
			 .bw = -1,
			 .maxr = -1,
			 .maxw = -1,
			 .tr = -1,
			 .tw = -1,
			 .tm = H5F_F_META_TIME,
			 .tslow = -1,
			 .reads = {-1, -1, -1, -1},
			 .writes = {-1, -1, -1, -1},
			 .opens = {H5F_OPENS, -1, -1},
			 .seeks = -1,
			 .stats = -1,
			 .syncs = {H5F_FLUSHES, -1},
			 .seqr = -1,
			 .seqw = -1,
			 .consr = -1,
			 .consw = -1,
			 .notal = -1,
			 .ostart = H5F_F_OPEN_START_TIMESTAMP,
			 .rstart = -1,
			 .wstart = -1,
			 .rend = -1,
			 .wend = -1,
			 .cend = H5F_F_CLOSE_END_TIMESTAMP,
			 .acc1 = -1,
			 .acc1c = -1,
			 .bin_r = -1,
			 .bin_w = -1},
	[IOL_MOD_H5D] = {.br = H5D_BYTES_READ,
			 .bw = H5D_BYTES_WRITTEN,
			 .maxr = -1,
			 .maxw = -1,
			 .tr = H5D_F_READ_TIME,
			 .tw = H5D_F_WRITE_TIME,
			 .tm = H5D_F_META_TIME,
			 .tslow = H5D_F_SLOWEST_RANK_TIME,
			 .reads = {H5D_READS, -1, -1, -1},
			 .writes = {H5D_WRITES, -1, -1, -1},
			 .opens = {H5D_OPENS, -1, -1},
			 .seeks = -1,
			 .stats = -1,
			 .syncs = {H5D_FLUSHES, -1},
			 .seqr = -1,
			 .seqw = -1,
			 .consr = -1,
			 .consw = -1,
			 .notal = -1,
			 .ostart = H5D_F_OPEN_START_TIMESTAMP,
			 .rstart = H5D_F_READ_START_TIMESTAMP,
			 .wstart = H5D_F_WRITE_START_TIMESTAMP,
			 .rend = H5D_F_READ_END_TIMESTAMP,
			 .wend = H5D_F_WRITE_END_TIMESTAMP,
			 .cend = H5D_F_CLOSE_END_TIMESTAMP,
			 .acc1 = H5D_ACCESS1_ACCESS,
			 .acc1c = H5D_ACCESS1_COUNT,
			 .bin_r = H5D_SIZE_READ_AGG_0_100,
			 .bin_w = H5D_SIZE_WRITE_AGG_0_100},
	[IOL_MOD_PNETCDF_FILE] = {.br = PNETCDF_FILE_BYTES_READ,
				  .bw = PNETCDF_FILE_BYTES_WRITTEN,
				  .maxr = -1,
				  .maxw = -1,
				  .tr = -1,
				  .tw = -1,
				  .tm = PNETCDF_FILE_F_META_TIME,
				  .tslow = -1,
				  .reads = {-1, -1, -1, -1},
				  .writes = {-1, -1, -1, -1},
				  .opens = {PNETCDF_FILE_OPENS, -1, -1},
				  .seeks = -1,
				  .stats = -1,
				  .syncs = {-1, -1},
				  .seqr = -1,
				  .seqw = -1,
				  .consr = -1,
				  .consw = -1,
				  .notal = -1,
				  .ostart = PNETCDF_FILE_F_OPEN_START_TIMESTAMP,
				  .rstart = -1,
				  .wstart = -1,
				  .rend = -1,
				  .wend = -1,
				  .cend = PNETCDF_FILE_F_CLOSE_END_TIMESTAMP,
				  .acc1 = -1,
				  .acc1c = -1,
				  .bin_r = -1,
				  .bin_w = -1},
	[IOL_MOD_PNETCDF_VAR] = {.br = PNETCDF_VAR_BYTES_READ,
				 .bw = PNETCDF_VAR_BYTES_WRITTEN,
				 .maxr = -1,
				 .maxw = -1,
				 .tr = PNETCDF_VAR_F_READ_TIME,
				 .tw = PNETCDF_VAR_F_WRITE_TIME,
				 .tm = PNETCDF_VAR_F_META_TIME,
				 .tslow = PNETCDF_VAR_F_SLOWEST_RANK_TIME,
				 .reads = {PNETCDF_VAR_INDEP_READS,
					   PNETCDF_VAR_COLL_READS,
					   PNETCDF_VAR_NB_READS, -1},
				 .writes = {PNETCDF_VAR_INDEP_WRITES,
					    PNETCDF_VAR_COLL_WRITES,
					    PNETCDF_VAR_NB_WRITES, -1},
				 .opens = {PNETCDF_VAR_OPENS, -1, -1},
				 .seeks = -1,
				 .stats = -1,
				 .syncs = {-1, -1},
				 .seqr = -1,
				 .seqw = -1,
				 .consr = -1,
				 .consw = -1,
				 .notal = -1,
				 .ostart = PNETCDF_VAR_F_OPEN_START_TIMESTAMP,
				 .rstart = PNETCDF_VAR_F_READ_START_TIMESTAMP,
				 .wstart = PNETCDF_VAR_F_WRITE_START_TIMESTAMP,
				 .rend = PNETCDF_VAR_F_READ_END_TIMESTAMP,
				 .wend = PNETCDF_VAR_F_WRITE_END_TIMESTAMP,
				 .cend = PNETCDF_VAR_F_CLOSE_END_TIMESTAMP,
				 .acc1 = PNETCDF_VAR_ACCESS1_ACCESS,
				 .acc1c = PNETCDF_VAR_ACCESS1_COUNT,
				 .bin_r = PNETCDF_VAR_SIZE_READ_AGG_0_100,
				 .bin_w = PNETCDF_VAR_SIZE_WRITE_AGG_0_100},
	[IOL_MOD_BGQ] = NO_COUNTERS,
	[IOL_MOD_LUSTRE] = NO_COUNTERS,
	[IOL_MOD_STDIO] = {.br = STDIO_BYTES_READ,
			   .bw = STDIO_BYTES_WRITTEN,
			   .maxr = STDIO_MAX_BYTE_READ,
			   .maxw = STDIO_MAX_BYTE_WRITTEN,
			   .tr = STDIO_F_READ_TIME,
			   .tw = STDIO_F_WRITE_TIME,
			   .tm = STDIO_F_META_TIME,
			   .tslow = STDIO_F_SLOWEST_RANK_TIME,
			   .reads = {STDIO_READS, -1, -1, -1},
			   .writes = {STDIO_WRITES, -1, -1, -1},
			   .opens = {STDIO_OPENS, -1, -1},
			   .seeks = STDIO_SEEKS,
			   .stats = -1,
			   .syncs = {STDIO_FLUSHES, -1},
			   .seqr = -1,
			   .seqw = -1,
			   .consr = -1,
			   .consw = -1,
			   .notal = -1,
			   .ostart = STDIO_F_OPEN_START_TIMESTAMP,
			   .rstart = STDIO_F_READ_START_TIMESTAMP,
			   .wstart = STDIO_F_WRITE_START_TIMESTAMP,
			   .rend = STDIO_F_READ_END_TIMESTAMP,
			   .wend = STDIO_F_WRITE_END_TIMESTAMP,
			   .cend = STDIO_F_CLOSE_END_TIMESTAMP,
			   .acc1 = -1,
			   .acc1c = -1,
			   .bin_r = -1,
			   .bin_w = -1},
	[IOL_MOD_DXT_POSIX] = NO_COUNTERS,
	[IOL_MOD_DXT_MPIIO] = NO_COUNTERS,
	[IOL_MOD_MDHIM] = NO_COUNTERS,
	[IOL_MOD_APXC] = NO_COUNTERS,
	[IOL_MOD_APMPI] = NO_COUNTERS,
	[IOL_MOD_HEATMAP] = NO_COUNTERS,
	[IOL_MOD_DFS] = {.br = DFS_BYTES_READ,
			 .bw = DFS_BYTES_WRITTEN,
			 .maxr = -1,
			 .maxw = -1,
			 .tr = DFS_F_READ_TIME,
			 .tw = DFS_F_WRITE_TIME,
			 .tm = DFS_F_META_TIME,
			 .tslow = DFS_F_SLOWEST_RANK_TIME,
			 .reads = {DFS_READS, DFS_READXS, -1, -1},
			 .writes = {DFS_WRITES, DFS_WRITEXS, -1, -1},
			 .opens = {DFS_OPENS, -1, -1},
			 .seeks = -1,
			 .stats = DFS_STATS,
			 .syncs = {-1, -1},
			 .seqr = -1,
			 .seqw = -1,
			 .consr = -1,
			 .consw = -1,
			 .notal = -1,
			 .ostart = DFS_F_OPEN_START_TIMESTAMP,
			 .rstart = DFS_F_READ_START_TIMESTAMP,
			 .wstart = DFS_F_WRITE_START_TIMESTAMP,
			 .rend = DFS_F_READ_END_TIMESTAMP,
			 .wend = DFS_F_WRITE_END_TIMESTAMP,
			 .cend = DFS_F_CLOSE_END_TIMESTAMP,
			 .acc1 = DFS_ACCESS1_ACCESS,
			 .acc1c = DFS_ACCESS1_COUNT,
			 .bin_r = DFS_SIZE_READ_0_100,
			 .bin_w = DFS_SIZE_WRITE_0_100},
	[IOL_MOD_DAOS] = {.br = DAOS_BYTES_READ,
			  .bw = DAOS_BYTES_WRITTEN,
			  .maxr = -1,
			  .maxw = -1,
			  .tr = DAOS_F_READ_TIME,
			  .tw = DAOS_F_WRITE_TIME,
			  .tm = DAOS_F_META_TIME,
			  .tslow = DAOS_F_SLOWEST_RANK_TIME,
			  .reads = {DAOS_ARRAY_READS, -1, -1, -1},
			  .writes = {DAOS_ARRAY_WRITES, -1, -1, -1},
			  .opens = {DAOS_OBJ_OPENS, DAOS_ARRAY_OPENS,
				    DAOS_KV_OPENS},
			  .seeks = -1,
			  .stats = DAOS_ARRAY_STATS,
			  .syncs = {-1, -1},
			  .seqr = -1,
			  .seqw = -1,
			  .consr = -1,
			  .consw = -1,
			  .notal = -1,
			  .ostart = DAOS_F_OPEN_START_TIMESTAMP,
			  .rstart = DAOS_F_READ_START_TIMESTAMP,
			  .wstart = DAOS_F_WRITE_START_TIMESTAMP,
			  .rend = DAOS_F_READ_END_TIMESTAMP,
			  .wend = DAOS_F_WRITE_END_TIMESTAMP,
			  .cend = DAOS_F_CLOSE_END_TIMESTAMP,
			  .acc1 = DAOS_ACCESS1_ACCESS,
			  .acc1c = DAOS_ACCESS1_COUNT,
			  .bin_r = DAOS_SIZE_READ_0_100,
			  .bin_w = DAOS_SIZE_WRITE_0_100},
};

const struct cix *iol_cix(int mod)
{
	return &cixs[mod];
}

/* a + b of counts not below 0, at most INT64_MAX: a hostile log's
 * counters are any 64-bit values (two of INT64_MAX overflowed) */
static int64_t add_sat(int64_t a, int64_t b)
{
	return a > INT64_MAX - b ? INT64_MAX : a + b;
}

static int64_t sumi(const struct iol_jrec *r, const int *ix, int n)
{
	int64_t s = -1;
	int k;

	for (k = 0; k < n; k++)
		if (ix[k] >= 0 && r->ic[ix[k]] >= 0)
			s = add_sat(s < 0 ? 0 : s, r->ic[ix[k]]);
	return s;
}

int iol_mod_is_data(int mod)
{
	const struct cix *c;

	if (mod < 0 || mod >= IOL_MOD_KNOWN)
		return 0;
	c = iol_cix(mod);
	return c->br >= 0 && c->bw >= 0;
}

/* always inlined: extract_posix() needs its body with a constant c */
__attribute__((always_inline)) static inline void
extract(const struct cix *c, const struct iol_jrec *r, struct iol_recx *x)
{
	int64_t a, b;

	x->br = geti(r, c->br);
	x->bw = geti(r, c->bw);
	x->reads = sumi(r, c->reads, 4);
	x->writes = sumi(r, c->writes, 4);
	x->opens = sumi(r, c->opens, 3);
	x->seeks = geti(r, c->seeks);
	x->stats = geti(r, c->stats);
	x->syncs = sumi(r, c->syncs, 2);
	a = geti(r, c->seqr);
	b = geti(r, c->seqw);
	x->seq = (a >= 0 && b >= 0) ? add_sat(a, b) : -1;
	a = geti(r, c->consr);
	b = geti(r, c->consw);
	x->consec = (a >= 0 && b >= 0) ? add_sat(a, b) : -1;
	x->notaligned = geti(r, c->notal);
	a = geti(r, c->maxr);
	b = geti(r, c->maxw);
	x->maxoff = a > b ? a : b;
	x->tr = getf(r, c->tr);
	x->tw = getf(r, c->tw);
	x->tm = getf(r, c->tm);
	x->tslow = getf(r, c->tslow);
	x->ostart = getf(r, c->ostart);
	x->rstart = getf(r, c->rstart);
	x->wstart = getf(r, c->wstart);
	x->rend = getf(r, c->rend);
	x->wend = getf(r, c->wend);
	x->cend = getf(r, c->cend);
	x->first = -1;
	x->first = tsmin(x->first, x->ostart);
	x->first = tsmin(x->first, x->rstart);
	x->first = tsmin(x->first, x->wstart);
	x->last = -1;
	x->last = tsmax(x->last, x->rend);
	x->last = tsmax(x->last, x->wend);
	x->last = tsmax(x->last, x->cend);
	x->access1 = geti(r, c->acc1);
	x->access1_count = geti(r, c->acc1c);
}

/* POSIX's indexes known to the compiler: its records are nearly all a
 * log's, and each index's test and load folded away */
static void extract_posix(const struct iol_jrec *r, struct iol_recx *x)
{
	extract(&cixs[IOL_MOD_POSIX], r, x);
}

void iol_rec_extract(int mod, const struct iol_jrec *r, struct iol_recx *x)
{
	if (mod == IOL_MOD_POSIX)
		extract_posix(r, x);
	else
		extract(iol_cix(mod), r, x);
}

/* a record's place in the sort by id */
struct idkey {
	uint64_t id;
	uint32_t at;
};

static int idkey_before(const struct idkey *x, const struct idkey *y)
{
	return x->id < y->id;
}

IOL_SORT_DEFINE(sort_idkeys, struct idkey, idkey_before)

/* jm->byid, in the job's arena (n <= IOL_RECX_CACHE_MAX: 32 bits) */
static int byid_cache(struct iol_job *job, struct iol_jmod *jm)
{
	struct idkey *k = malloc(jm->n * sizeof(*k));
	uint32_t *v = iol_arena_alloc(&job->priv->arena, jm->n * sizeof(*v));
	size_t i;

	if (!k || !v) {
		free(k);
		return IOL_ENOMEM;
	}
	for (i = 0; i < jm->n; i++)
		k[i] = (struct idkey){jm->recs[i].id, (uint32_t)i};
	sort_idkeys(k, jm->n);
	for (i = 0; i < jm->n; i++)
		v[i] = k[i].at;
	free(k);
	jm->byid = v;
	return 0;
}

int iol_recx_cache(struct iol_job *job)
{
	int m;

	for (m = 0; m < IOL_MOD_KNOWN; m++) {
		struct iol_jmod *jm = &job->mod[m];
		struct iol_recx *rx;
		size_t i;

		if (!jm->loaded || !jm->n || jm->rx ||
		    jm->n > IOL_RECX_CACHE_MAX || !iol_mod_is_data(m))
			continue;
		rx = iol_arena_alloc(&job->priv->arena, jm->n * sizeof(*rx));
		if (!rx)
			return IOL_ENOMEM;
		for (i = 0; i < jm->n; i++)
			iol_rec_extract(m, &jm->recs[i], &rx[i]);
		jm->rx = rx;
		if (byid_cache(job, jm) < 0)
			return IOL_ENOMEM;
	}
	return 0;
}
