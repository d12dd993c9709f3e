/*
 * The phases' entry points (phases.h): the packed path first
 * (phases-pack.c), the in-memory one (phases.c) for segments it cannot
 * merge in time order as they come.  Apart from both, so that neither
 * path's object depends on the other (t/9004: no cycle).
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/phases-int.h"
#include "base/banned.h"

static void build_free(struct build *b)
{
	iol_phx_whole_free(b);
	iol_phx_packed_free(b);
}

/* the packed path; once more on one thread when the second thread's
 * memory ran out (under a limit, a thread's own malloc arena is the
 * first thing refused).  IOLENS_TEST_PHASES_WHOLE: the in-memory path
 * alone, for the tests that hold the two paths to the same output */
static int packed(struct build *b, size_t nbins, struct iol_phases *p,
		  struct iol_matrix *m, int *mret, struct iol_error *merr,
		  struct iol_error *err)
{
	struct build b0 = *b;
	struct iol_phases p0 = *p;
	int ret;

	if (getenv("IOLENS_TEST_PHASES_WHOLE"))
		return 1;
	ret = iol_phx_packed(b, nbins, p, m, mret, merr, err);
	if (ret != IOL_ENOMEM || !b->threaded)
		return ret;
	build_free(b);
	iol_phases_free(p);
	*b = b0;
	*p = p0;
	b->alone = 1;
	if (m) {
		iol_matrix_free(m);
		memset(m, 0, sizeof(*m));
		*mret = 0;
	}
	return iol_phx_packed(b, nbins, p, m, mret, merr, err);
}

static int compute(const struct iol_job *job, int layer, size_t nbins,
		   struct iol_phases *p, struct iol_matrix *m, int *mret,
		   struct iol_error *merr, struct iol_error *err)
{
	struct build b;
	int ret;

	memset(p, 0, sizeof(*p));
	memset(&b, 0, sizeof(b));
	p->source = iol_timeline_source(job);
	p->gap[0] = p->gap[1] = IOL_PHASE_MIN_GAP;
	if (p->source != IOL_TL_DXT) {
		if (m)
			*mret = iol_matrix_compute(job, layer, nbins, m, merr);
		return 0;
	}
	b.job = job;
	b.which = iol_timeline_layer(job, layer);
	b.nprocs = job->nprocs > 0 ? (size_t)job->nprocs : 1;
	/* packed first; segments it cannot merge in time order as they
	 * come (a record's starts going back, a NaN, a record in two
	 * places) are gathered whole, as before */
	ret = packed(&b, nbins, p, m, mret, merr, err);
	if (ret != 1) {
		if (ret == IOL_ENOMEM)
			iol_error_set(err, IOL_ENOMEM, "out of memory");
		build_free(&b);
		if (ret < 0)
			iol_phases_free(p);
		return ret < 0 ? ret : 0;
	}
	build_free(&b);
	memset(&b, 0, sizeof(b));
	b.job = job;
	b.which = iol_timeline_layer(job, layer);
	b.nprocs = job->nprocs > 0 ? (size_t)job->nprocs : 1;
	ret = iol_phx_whole(&b, layer, nbins, p, m, mret, merr, err);
	build_free(&b);
	if (ret < 0)
		iol_phases_free(p);
	return ret < 0 ? ret : 0;
}

int iol_phases_compute(const struct iol_job *job, int layer,
		       struct iol_phases *p, struct iol_error *err)
{
	return compute(job, layer, 0, p, NULL, NULL, NULL, err);
}

int iol_phases_compute_mx(const struct iol_job *job, int layer, size_t nbins,
			  struct iol_phases *p, struct iol_matrix *m, int *mret,
			  struct iol_error *merr, struct iol_error *err)
{
	memset(m, 0, sizeof(*m));
	*mret = 0;
	return compute(job, layer, nbins, p, m, mret, merr, err);
}
