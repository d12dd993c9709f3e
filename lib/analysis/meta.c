/*
 * Metadata operations per module and kind, metadata time per rank (METRICS.md
 * 6).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/metrics.h"
#include "analysis/recx-int.h"
#include "base/grow.h"
#include "counters/counters.h"
#include "base/wrap.h"
#include "base/banned.h"

/* ---- metadata ---- */

struct opdef {
	int mod;
	int counter; /* an integer counter of mod */
	const char *op;
};

static const struct opdef opdefs[] = {
	{IOL_MOD_POSIX, POSIX_OPENS, "opens"},
	{IOL_MOD_POSIX, POSIX_FILENOS, "filenos"},
	{IOL_MOD_POSIX, POSIX_DUPS, "dups"},
	{IOL_MOD_POSIX, POSIX_STATS, "stats"},
	{IOL_MOD_POSIX, POSIX_SEEKS, "seeks"},
	{IOL_MOD_POSIX, POSIX_MMAPS, "mmaps"},
	{IOL_MOD_POSIX, POSIX_FSYNCS, "fsyncs"},
	{IOL_MOD_POSIX, POSIX_FDSYNCS, "fdatasyncs"},
	{IOL_MOD_POSIX, POSIX_RENAME_SOURCES, "renames"},
	{IOL_MOD_STDIO, STDIO_OPENS, "opens"},
	{IOL_MOD_STDIO, STDIO_FDOPENS, "fdopens"},
	{IOL_MOD_STDIO, STDIO_SEEKS, "seeks"},
	{IOL_MOD_STDIO, STDIO_FLUSHES, "flushes"},
	{IOL_MOD_MPIIO, MPIIO_INDEP_OPENS, "independent opens"},
	{IOL_MOD_MPIIO, MPIIO_COLL_OPENS, "collective opens"},
	{IOL_MOD_MPIIO, MPIIO_SYNCS, "syncs"},
	{IOL_MOD_MPIIO, MPIIO_HINTS, "hints"},
	{IOL_MOD_MPIIO, MPIIO_VIEWS, "views"},
	{IOL_MOD_H5F, H5F_OPENS, "file opens"},
	{IOL_MOD_H5F, H5F_FLUSHES, "file flushes"},
	{IOL_MOD_H5D, H5D_OPENS, "dataset opens"},
	{IOL_MOD_H5D, H5D_FLUSHES, "dataset flushes"},
	{IOL_MOD_PNETCDF_FILE, PNETCDF_FILE_OPENS, "file opens"},
	{IOL_MOD_PNETCDF_FILE, PNETCDF_FILE_CREATES, "file creates"},
	{IOL_MOD_PNETCDF_FILE, PNETCDF_FILE_SYNCS, "syncs"},
	{IOL_MOD_PNETCDF_VAR, PNETCDF_VAR_OPENS, "variable opens"},
	{IOL_MOD_DFS, DFS_OPENS, "opens"},
	{IOL_MOD_DFS, DFS_LOOKUPS, "lookups"},
	{IOL_MOD_DFS, DFS_STATS, "stats"},
	{IOL_MOD_DFS, DFS_GET_SIZES, "get sizes"},
	{IOL_MOD_DFS, DFS_PUNCHES, "punches"},
	{IOL_MOD_DFS, DFS_REMOVES, "removes"},
	{IOL_MOD_DAOS, DAOS_OBJ_OPENS, "object opens"},
	{IOL_MOD_DAOS, DAOS_ARRAY_OPENS, "array opens"},
	{IOL_MOD_DAOS, DAOS_ARRAY_STATS, "array stats"},
	{IOL_MOD_DAOS, DAOS_KV_OPENS, "kv opens"},
};

/* The shares the printers show: of I/O time, of the job's meta time. */
static void meta_shares(struct iol_meta *mt)
{
	size_t i;

	mt->md_cost_pct =
		mt->io_time > 0 ? mt->total_time / mt->io_time * 100 : NAN;
	mt->slowest_pct = mt->slowest_io > 0
				  ? mt->slowest_meta / mt->slowest_io * 100
				  : NAN;
	for (i = 0; i < mt->nrank; i++)
		mt->rank_pct[i] =
			mt->total_time > 0
				? mt->rank_time[i] / mt->total_time * 100
				: NAN;
}

/* Operation counts per module and kind. */
static void meta_ops(const struct iol_job *job, struct iol_meta *mt)
{
	size_t i, k;

	for (k = 0; k < sizeof(opdefs) / sizeof(opdefs[0]); k++) {
		const struct iol_jmod *jm = &job->mod[opdefs[k].mod];
		int ix = opdefs[k].counter;
		int64_t sum = 0;

		if (!jm->loaded)
			continue;
		for (i = 0; i < jm->n; i++)
			sum = wadd(sum, pos(jm->recs[i].ic[ix]));
		mt->ops[mt->nops].mod = opdefs[k].mod;
		mt->ops[mt->nops].op = opdefs[k].op;
		mt->ops[mt->nops].count = sum;
		mt->nops++;
	}
}

/* Per rank and by slowest: the job's one computation (iol_ranktime). */
static void meta_ranks(struct iol_meta *mt, const struct iol_ranktime *t)
{
	size_t i;

	mt->total_time = t->shared_meta_sum;
	mt->io_time = t->shared_io_sum;
	for (i = 0; i < t->nrank; i++) {
		mt->rank_time[i] = t->meta[i];
		mt->rank_io[i] = t->io[i];
		mt->total_time += t->meta[i];
		mt->io_time += t->io[i];
	}
	mt->shared_time = t->shared_meta_sum;
	mt->shared_io = t->shared_io_sum;
	mt->shared_io_slowest = t->shared_io;
	mt->shared_meta_slowest = t->shared_meta;
	mt->slowest_rank = t->slowest;
	mt->slowest_io = t->time_by_slowest;
	mt->slowest_meta = t->meta_by_slowest;
}

int iol_meta_compute(const struct iol_job *job, struct iol_meta *mt,
		     struct iol_error *err)
{
	struct iol_ranktime t;
	int m;

	memset(mt, 0, sizeof(*mt));
	if (iol_ranktime_compute(job, &t, err) < 0)
		return IOL_ENOMEM;
	mt->ops = calloc(sizeof(opdefs) / sizeof(opdefs[0]), sizeof(*mt->ops));
	mt->nrank = t.nrank;
	mt->rank_time = calloc(t.nrank, sizeof(double));
	mt->rank_io = calloc(t.nrank, sizeof(double));
	mt->rank_pct = calloc(t.nrank, sizeof(double));
	if (!mt->ops || !mt->rank_time || !mt->rank_io || !mt->rank_pct) {
		iol_ranktime_free(&t);
		iol_meta_free(mt);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	meta_ops(job, mt);
	for (m = 0; m < IOL_MOD_KNOWN; m++)
		mt->has_time[m] = iol_mod_meta_time(job, m, &mt->time[m]);
	meta_ranks(mt, &t);
	iol_ranktime_free(&t);
	meta_shares(mt);
	return 0;
}

void iol_meta_free(struct iol_meta *m)
{
	free(m->ops);
	free(m->rank_time);
	free(m->rank_io);
	free(m->rank_pct);
	memset(m, 0, sizeof(*m));
}

/* ---- operation counts by kind (the report's bar chart) ---- */

static int64_t opsum(const struct iol_job *job, int mod, const char *counter)
{
	const struct iol_jmod *jm = &job->mod[mod];
	int is_flt, ix = iol_counter_index(mod, counter, &is_flt);
	int64_t s = 0;
	size_t i;

	if (ix < 0 || is_flt || !jm->loaded)
		return 0;
	for (i = 0; i < jm->n; i++)
		s = wadd(s, pos(jm->recs[i].ic[ix]));
	return s;
}

void iol_opcounts(const struct iol_job *job, int64_t v[IOL_OPL_N][IOL_OPK_N])
{
	/* per layer and kind: up to four counters added */
	static const char *const names[IOL_OPL_N][IOL_OPK_N][4] = {
		[IOL_OPL_POSIX] = {{"POSIX_READS"},
				   {"POSIX_WRITES"},
				   {"POSIX_OPENS"},
				   {"POSIX_STATS"},
				   {"POSIX_SEEKS"},
				   {"POSIX_MMAPS"},
				   {"POSIX_FSYNCS"},
				   {"POSIX_SEQ_READS"},
				   {"POSIX_SEQ_WRITES"},
				   {"POSIX_CONSEC_READS"},
				   {"POSIX_CONSEC_WRITES"}},
		[IOL_OPL_MPIIO] = {{"MPIIO_INDEP_READS", "MPIIO_COLL_READS",
				    "MPIIO_NB_READS", "MPIIO_SPLIT_READS"},
				   {"MPIIO_INDEP_WRITES", "MPIIO_COLL_WRITES",
				    "MPIIO_NB_WRITES", "MPIIO_SPLIT_WRITES"},
				   {"MPIIO_INDEP_OPENS", "MPIIO_COLL_OPENS"},
				   {NULL},
				   {NULL},
				   {NULL},
				   {"MPIIO_SYNCS"}},
		[IOL_OPL_STDIO] = {{"STDIO_READS"},
				   {"STDIO_WRITES"},
				   {"STDIO_OPENS"},
				   {NULL},
				   {"STDIO_SEEKS"},
				   {NULL},
				   {"STDIO_FLUSHES"}},
	};
	static const int mods[IOL_OPL_N] = {IOL_MOD_POSIX, IOL_MOD_MPIIO,
					    IOL_MOD_STDIO};
	int l, k, j;

	for (l = 0; l < IOL_OPL_N; l++)
		for (k = 0; k < IOL_OPK_N; k++) {
			v[l][k] = 0;
			for (j = 0; j < 4 && names[l][k][j]; j++)
				v[l][k] = wadd(v[l][k], opsum(job, mods[l],
							      names[l][k][j]));
		}
}
