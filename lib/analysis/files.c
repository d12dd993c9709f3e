/*
 * One row per file per module, or per file across modules (merged).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/metrics.h"
#include "analysis/recx-int.h"
#include "base/grow.h"
#include "base/wrap.h"
#include "base/banned.h"

/* ---- files ---- */

struct rowrank {
	size_t row;
	int64_t rank;
};

static int cmp_rowrank(const void *a, const void *b)
{
	const struct rowrank *x = a, *y = b;

	if (x->row != y->row)
		return x->row < y->row ? -1 : 1;
	return x->rank < y->rank ? -1 : x->rank > y->rank;
}

static void merge_access(struct iol_filerow *f, int64_t acc, int64_t cnt)
{
	if (acc <= 0 || cnt <= 0)
		return;
	if (f->access < 0 || cnt > f->access_count ||
	    (cnt == f->access_count && acc > f->access)) {
		f->access = acc;
		f->access_count = cnt;
	}
}

int iol_files_compute(const struct iol_job *job, int merge,
		      struct iol_filerow **rows, size_t *n,
		      struct iol_error *err)
{
	struct iol_filerow *v = NULL;
	size_t nv = 0, cap = 0, i;
	int64_t *seqsum = NULL, *opsum = NULL, *nalsum = NULL;
	struct ftab index = {0};
	struct rowrank *rr = NULL;
	size_t nrr = 0, rrcap = 0;
	int m;

	*rows = NULL;
	*n = 0;
	for (m = 0; m < IOL_MOD_KNOWN; m++) {
		const struct iol_jmod *jm = &job->mod[m];

		if (!jm->loaded || !iol_mod_is_data(m))
			continue;
		if (!merge) {
			iol_ftab_free(&index);
		}
		for (i = 0; i < jm->n; i++) {
			const struct iol_jrec *r = &jm->recs[i];
			struct iol_recx x;
			struct iol_filerow *f;
			struct fent *e;
			size_t k;

			iol_rec_extract(m, r, &x);
			e = iol_ftab_get(&index, r->id);
			if (!e)
				goto oom;
			if (e->rank == -2) {
				/* new row */
				if (nv == cap) {
					void *a, *b, *c, *d;

					cap = cap ? cap * 2 : 64;
					a = realloc(v, cap * sizeof(*v));
					if (a)
						v = a;
					b = realloc(seqsum,
						    cap * sizeof(*seqsum));
					if (b)
						seqsum = b;
					c = realloc(opsum,
						    cap * sizeof(*opsum));
					if (c)
						opsum = c;
					d = realloc(nalsum,
						    cap * sizeof(*nalsum));
					if (d)
						nalsum = d;
					if (!a || !b || !c || !d)
						goto oom;
				}
				e->rank = (int64_t)nv;
				f = &v[nv];
				memset(f, 0, sizeof(*f));
				seqsum[nv] = opsum[nv] = nalsum[nv] = 0;
				f->id = r->id;
				f->path = iol_job_name(job, r->id);
				f->mod = merge ? -1 : m;
				f->rank = -1;
				f->nranks = 0;
				f->first = f->last = -1;
				f->maxoff = -1;
				f->access = -1;
				f->pct_seq = f->pct_aligned = NAN;
				f->tslow = 0;
				k = (size_t)iol_job_mount_of(job, f->path) + 1;
				f->mnt =
					k ? job->mounts[k - 1].path : "UNKNOWN";
				f->fstype =
					k ? job->mounts[k - 1].type : "UNKNOWN";
				nv++;
			}
			f = &v[e->rank];
			k = (size_t)e->rank;
			if (!strstr(f->modules, iol_modinfo(m)->name)) {
				size_t l = strlen(f->modules);

				if (l + strlen(iol_modinfo(m)->name) + 2 <
				    sizeof(f->modules)) {
					if (l)
						f->modules[l++] = '+';
					memcpy(f->modules + l,
					       iol_modinfo(m)->name,
					       strlen(iol_modinfo(m)->name) +
						       1);
				}
			}
			if (r->rank < 0) {
				f->nranks = -1;
			} else {
				struct rowrank *n2 = iol_grow(rr, &rrcap, nrr,
							      sizeof(*rr), 256);

				if (!n2)
					goto oom;
				rr = n2;
				rr[nrr].row = k;
				rr[nrr++].rank = r->rank;
			}
			/* counts and times of the low layers only when merged,
			 * so nothing is counted twice (METRICS.md 1) */
			if (merge && m != IOL_MOD_POSIX && m != IOL_MOD_STDIO &&
			    m != IOL_MOD_DFS && m != IOL_MOD_DAOS)
				continue;
			f->br = wadd(f->br, pos(x.br));
			f->bw = wadd(f->bw, pos(x.bw));
			f->reads = wadd(f->reads, pos(x.reads));
			f->writes = wadd(f->writes, pos(x.writes));
			f->tr += posf(x.tr);
			f->tw += posf(x.tw);
			f->opens = wadd(f->opens, pos(x.opens));
			f->seeks = wadd(f->seeks, pos(x.seeks));
			f->stats = wadd(f->stats, pos(x.stats));
			f->syncs = wadd(f->syncs, pos(x.syncs));
			f->tm += posf(x.tm);
			if (r->rank < 0) {
				if (posf(x.tslow) > f->tslow)
					f->tslow = posf(x.tslow);
			} else if (rec_time(&x) > f->tslow) {
				f->tslow = rec_time(&x);
			}
			f->first = tsmin(f->first, x.first);
			f->last = tsmax(f->last, x.last);
			if (x.maxoff > f->maxoff)
				f->maxoff = x.maxoff;
			merge_access(f, x.access1, x.access1_count);
			if (m == IOL_MOD_POSIX && x.reads >= 0 &&
			    x.writes >= 0) {
				if (x.seq >= 0)
					seqsum[k] = wadd(seqsum[k], x.seq);
				if (x.notaligned >= 0)
					nalsum[k] =
						wadd(nalsum[k], x.notaligned);
				opsum[k] =
					wadd(opsum[k], wadd(x.reads, x.writes));
			}
		}
	}
	/* distinct ranks per row */
	if (nrr)
		qsort(rr, nrr, sizeof(*rr), cmp_rowrank);
	for (i = 0; i < nrr; i++) {
		struct iol_filerow *f = &v[rr[i].row];

		if (i && rr[i].row == rr[i - 1].row &&
		    rr[i].rank == rr[i - 1].rank)
			continue;
		if (f->nranks < 0)
			continue;
		f->nranks++;
		f->rank = f->nranks == 1 ? rr[i].rank : -1;
	}
	free(rr);
	for (i = 0; i < nv; i++) {
		if (opsum[i] > 0) {
			v[i].pct_seq =
				(double)seqsum[i] / (double)opsum[i] * 100;
			v[i].pct_aligned =
				(1 - (double)nalsum[i] / (double)opsum[i]) *
				100;
		}
		if (v[i].nranks < 0)
			v[i].rank = -1;
	}
	iol_ftab_free(&index);
	free(seqsum);
	free(opsum);
	free(nalsum);
	*rows = v;
	*n = nv;
	return 0;
oom:
	free(rr);
	iol_ftab_free(&index);
	free(v);
	free(seqsum);
	free(opsum);
	free(nalsum);
	return iol_error_set(err, IOL_ENOMEM, "out of memory");
}
