/*
 * iolens replay, the run: the compiled form and the runs
 * (replay/session.h) under the signals that stop them, the progress bar,
 * and what is said and written after: the table or JSON
 * (render/view-replay.h), failed calls, the profile.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "cli/signals.h"
#include "cmd/replay.h"
#include "cmd/util.h"
#include "render/profile.h"
#include "render/progress.h"
#include "render/view-replay.h"
#include "replay/session.h"
#include "base/banned.h"

/* A line the library or the view says, in the house style (msg()). */
static void runs_say(void *arg, const char *text)
{
	(void)arg;
	msg("%s", text);
}

/* The table or JSON, the failed calls, the profile; exit 1 when the
 * bytes or calls differ from the original's. */
static int report(struct replay_view *x, const struct ropt *ro,
		  const char *script)
{
	const struct iol_rresult *res = x->r;
	struct iol_error err = {0};
	int rc;

	x->pace = ro->o.pace;
	rc = EXIT_OK;
	if (view_replay_write(ro->outpath, ro->fmt, x, &err) < 0) {
		if (err.msg[0])
			msg("%s", err.msg);
		rc = EXIT_DATA;
	}
	view_replay_failures(res, script, runs_say, NULL);
	if (rc == EXIT_OK && ro->profile &&
	    profile_pdf(ro->profile, &res->porig, &res->prep, script,
			iol_source_date(0)) < 0) {
		msg("cannot write '%s': %s", ro->profile, strerror(errno));
		rc = EXIT_DATA;
	}
	if (rc == EXIT_OK && iol_rresult_differs(res))
		rc = EXIT_DATA;
	if (ro->o.keep)
		msg("run directory kept: %s", res->rundir);
	return rc;
}

/* Run the replay ro->runs times; res holds the first run with the
 * medians of the times. */
static int run_all(const char *script, struct iol_rsession *s, struct ropt *ro,
		   struct iol_rresult *res, double spread[4][2],
		   struct iol_error *err)
{
	struct view_replay_runs v = {{progress_now(), 1, (int)ro->runs},
				     script,
				     &cmd_stop_sig,
				     isatty(2) && !ro->o.group,
				     ro->o.keep,
				     ro->runs,
				     runs_say};
	struct iol_rruns_hooks h;

	view_replay_runs_hooks(&v, &h, &ro->o);
	return iol_rsession_runs(s, script, &ro->o, ro->runs, res, spread, &h,
				 err);
}

int replay_run(const char *script, struct ropt *ro)
{
	struct iol_rresult res;
	struct iol_rsession s;
	struct iol_error err = {0};
	struct replay_view x = {script,	       &s.b,  &res,	 0,
				(int)ro->runs, {{0}}, ro->o.pace};
	const struct iol_rgroup *g = ro->o.group;
	int rc;

	memset(&s, 0, sizeof(s));
	memset(&res, 0, sizeof(res));
	s.cache.max_memory = ro->max_memory;
	s.cache.max_input = (size_t)ro->max_input;
	rc = iol_rsession_compile(&s, script, g, &err);
	if (rc == 0) {
		cmd_signals_catch();
		ro->o.stop = &cmd_stop_sig;
		rc = run_all(script, &s, ro, &res, x.spread, &err);
	}
	x.reused = s.reused;
	if (rc && s.uncompiled)
		view_replay_uncompiled(rc, script, &s.cache, &err,
				       ro->max_memory, runs_say, NULL);
	if (rc == 0 && g && g->me != 0) { /* member 0 reports */
		iol_rresult_release(&res);
		iol_rsession_release(&s);
		return EXIT_OK;
	}
	rc = rc == 0 ? report(&x, ro, script) : EXIT_DATA;
	iol_rresult_release(&res);
	iol_rsession_release(&s);
	cmd_signals_end(); /* as the signal would have ended it */
	return rc;
}
