/*
 * The one loop over the POSIX and STDIO records (metrics.h
 * iol_lowrecs_*): the job's volumes, times, per-rank figures and
 * timestamp timelines all sum these two modules, each byte once.
 */
#include "analysis/metrics.h"
#include "base/banned.h"

static const int low_mods[2] = {IOL_MOD_POSIX, IOL_MOD_STDIO};

void iol_lowrecs_init(struct iol_lowrecs *it, const struct iol_job *job)
{
	it->job = job;
	it->k = 0;
	it->i = 0;
}

int iol_lowrecs_step(struct iol_lowrecs *it, int *mod,
		     const struct iol_jrec **rec, const struct iol_recx **x,
		     struct iol_recx *buf)
{
	while (it->k < 2) {
		int m = low_mods[it->k];
		const struct iol_jmod *jm = &it->job->mod[m];

		if (jm->loaded && it->i < jm->n) {
			*mod = m;
			*rec = &jm->recs[it->i];
			*x = iol_jmod_rx(jm, m, it->i++, buf);
			return 1;
		}
		it->k++;
		it->i = 0;
	}
	return 0;
}

int iol_lowrecs_next(struct iol_lowrecs *it, int *mod,
		     const struct iol_jrec **rec, struct iol_recx *x)
{
	const struct iol_recx *p;

	if (!iol_lowrecs_step(it, mod, rec, &p, x))
		return 0;
	if (p != x)
		*x = *p;
	return 1;
}
