/*
 * One replay of a script: compile, run, and compile again once when the
 * cached form fails its check (replay/session.h).
 */
#include <string.h>

#include "replay/session.h"
#include "base/banned.h"

int iol_rsession_compile(struct iol_rsession *s, const char *path,
			 const struct iol_rgroup *g, struct iol_error *err)
{
	int rc = iol_rcache_group(&s->cache, path, &s->b, &s->reused, g, err);

	s->loaded = rc == 0;
	s->uncompiled = rc != 0;
	return rc;
}

int iol_rsession_runs(struct iol_rsession *s, const char *path,
		      struct iol_ropts *o, int64_t runs,
		      struct iol_rresult *res, double spread[4][2],
		      const struct iol_rruns_hooks *h, struct iol_error *err)
{
	int rc = iol_replay_runs(&s->b, o, runs, res, spread, h);

	if (rc != IOL_ECORRUPT || !s->reused || o->group || res->stopped)
		return rc;
	/* a cache that does not check out: compile again, once */
	iol_rresult_release(res);
	iol_rbin_release(&s->b);
	rc = iol_rcache_compiled(&s->cache, path, &s->b, &s->reused, 1, err);
	/* released above, b is one to release whatever the compile left */
	s->loaded = 1;
	s->uncompiled = rc != 0;
	return rc ? rc : iol_replay_runs(&s->b, o, runs, res, spread, h);
}

void iol_rsession_release(struct iol_rsession *s)
{
	if (s->loaded)
		iol_rbin_release(&s->b);
	iol_rcache_done(&s->cache);
	memset(s, 0, sizeof(*s));
}
