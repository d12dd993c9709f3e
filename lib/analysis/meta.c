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

int iol_meta_compute(const struct iol_job *job, struct iol_meta *mt,
		     struct iol_error *err)
{
	int64_t nprocs = job->nprocs > 0 ? job->nprocs : 1;
	double *io_t;
	size_t i, k;
	int m;

	memset(mt, 0, sizeof(*mt));
	mt->ops = calloc(sizeof(opdefs) / sizeof(opdefs[0]), sizeof(*mt->ops));
	mt->rank_time = calloc((size_t)nprocs, sizeof(double));
	io_t = calloc((size_t)nprocs, sizeof(double));
	if (!mt->ops || !mt->rank_time || !io_t) {
		free(io_t);
		iol_meta_free(mt);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
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
	for (m = 0; m < IOL_MOD_KNOWN; m++) {
		const struct iol_jmod *jm = &job->mod[m];
		const struct cix *c;

		if (!jm->loaded || !iol_modinfo(m)->nint || m == IOL_MOD_BGQ)
			continue;
		c = iol_cix(m);
		for (i = 0; i < jm->n; i++) {
			const struct iol_jrec *r = &jm->recs[i];
			double tm = posf(getf(r, c->tm));
			struct iol_recx x;

			mt->time[m] += tm;
			if (m != IOL_MOD_POSIX && m != IOL_MOD_STDIO)
				continue;
			iol_rec_extract(m, r, &x);
			mt->total_time += tm;
			mt->io_time += rec_time(&x);
			if (r->rank < 0)
				mt->shared_time += tm;
			else if (r->rank < nprocs) {
				mt->rank_time[r->rank] += tm;
				io_t[r->rank] += rec_time(&x);
			}
		}
	}
	mt->slowest_rank = -1;
	for (i = 0; i < (size_t)nprocs; i++)
		if (io_t[i] > 0 &&
		    (mt->slowest_rank < 0 || io_t[i] > mt->slowest_io)) {
			mt->slowest_rank = (int64_t)i;
			mt->slowest_io = io_t[i];
			mt->slowest_meta = mt->rank_time[i];
		}
	free(io_t);
	return 0;
}

void iol_meta_free(struct iol_meta *m)
{
	free(m->ops);
	free(m->rank_time);
	memset(m, 0, sizeof(*m));
}
