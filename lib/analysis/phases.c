/*
 * Phases (METRICS.md 8): the write and read phases of the job, of each
 * rank and of each file, from DXT segments, and their bandwidths.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/phases.h"
#include "analysis/recx-int.h"
#include "base/grow.h"
#include "base/wrap.h"
#include "base/banned.h"

static void phase_add(struct iol_phase *p, double s, double e, int64_t bytes)
{
	if (p->start < 0 || s < p->start)
		p->start = s;
	if (e > p->end)
		p->end = e;
	p->bytes = wadd(p->bytes, bytes > 0 ? bytes : 0);
	p->nops++;
}

static void phase_init(struct iol_phase *p, int64_t rank, uint64_t file, int op)
{
	p->rank = rank;
	p->file = file;
	p->op = op;
	p->start = -1;
	p->end = -1;
	p->bytes = 0;
	p->nops = 0;
}

double iol_phase_mibs(const struct iol_phase *ph)
{
	if (ph->start < 0 || !(ph->end > ph->start))
		return NAN;
	return (double)ph->bytes / 1048576.0 / (ph->end - ph->start);
}

int iol_phases_compute(const struct iol_job *job, int layer,
		       struct iol_phases *p, struct iol_error *err)
{
	size_t nprocs = job->nprocs > 0 ? (size_t)job->nprocs : 1;
	struct ftab fidx = {0};
	size_t i, fcap = 0;
	int which, op, ret = 0;

	memset(p, 0, sizeof(*p));
	p->source = iol_timeline_source(job);
	phase_init(&p->job[0], -1, 0, 0);
	phase_init(&p->job[1], -1, 0, 1);
	p->rank = calloc(nprocs * 2, sizeof(*p->rank));
	if (!p->rank)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	p->nrank = nprocs;
	for (i = 0; i < nprocs; i++)
		for (op = 0; op < 2; op++)
			phase_init(&p->rank[i * 2 + op], (int64_t)i, 0, op);
	if (p->source != IOL_TL_DXT)
		return 0;
	which = iol_timeline_layer(job, layer);
	{
		struct iol_segs *it;
		struct iol_seg seg[1024];
		size_t rec;
		int is_read;
		long n, k;

		ret = iol_segs_open(&it, job, which, err);
		if (ret < 0)
			goto fail;
		while ((n = iol_segs_next(it, seg, 1024, &rec, &is_read, err)) >
		       0) {
			const struct iol_jdxt *x = &job->dxt[which][rec];
			struct fent *f = iol_ftab_get(&fidx, x->id);
			struct iol_phase *fp;

			if (!f) {
				n = iol_error_set(err, IOL_ENOMEM,
						  "out of memory");
				break;
			}
			if (f->rank == -2) {
				/* a read and a write phase per file */
				struct iol_phase *nf =
					iol_grow(p->file, &fcap, p->nfile,
						 2 * sizeof(*nf), 16);

				if (!nf) {
					n = iol_error_set(err, IOL_ENOMEM,
							  "out of memory");
					break;
				}
				p->file = nf;
				f->rank = (int64_t)p->nfile;
				phase_init(&p->file[p->nfile * 2], -1, x->id,
					   0);
				phase_init(&p->file[p->nfile * 2 + 1], -1,
					   x->id, 1);
				p->nfile++;
			}
			fp = &p->file[f->rank * 2 + is_read];
			for (k = 0; k < n; k++) {
				phase_add(&p->job[is_read], seg[k].start,
					  seg[k].end, seg[k].len);
				phase_add(fp, seg[k].start, seg[k].end,
					  seg[k].len);
				if (x->rank >= 0 && (size_t)x->rank < nprocs)
					phase_add(
						&p->rank[x->rank * 2 + is_read],
						seg[k].start, seg[k].end,
						seg[k].len);
			}
		}
		iol_segs_close(it);
		if (n < 0) {
			ret = (int)n;
			goto fail;
		}
	}
	iol_ftab_free(&fidx);
	return 0;
fail:
	iol_ftab_free(&fidx);
	iol_phases_free(p);
	return ret;
}

void iol_phases_free(struct iol_phases *p)
{
	free(p->rank);
	free(p->file);
	memset(p, 0, sizeof(*p));
}
