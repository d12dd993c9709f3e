/*
 * iolens replay, the run: the compiled form (replay/cache.h) shared by a
 * group's members, the runs (replay/runs.h) under the signals that stop
 * them, the progress bar, and what is said and written after: the table
 * or JSON (render/view-replay.h), failed calls, the profile.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "cmd/common.h"
#include "cmd/replay.h"
#include "cmd/util.h"
#include "render/profile.h"
#include "render/progress.h"
#include "render/view-replay.h"
#include "replay/cache.h"
#include "replay/runs.h"
#include "base/banned.h"

/* What failed in making the compiled form (replay/cache.h), said:
 * EXIT_DATA; EXIT_OK for rc 0. */
static int say_compiled(int rc, const char *path, const struct iol_rcache *c,
			const struct iol_error *err, const struct ropt *ro)
{
	if (rc == 0)
		return EXIT_OK;
	if (rc > 0) /* another member's failure, said there */
		return EXIT_DATA;
	if (c->stage == IOL_RCACHE_READ && c->sys == EFBIG)
		msg("'%s': the script is larger than %zu bytes (--max-memory)",
		    path, ro->max_memory);
	else if (c->stage == IOL_RCACHE_READ)
		msg("cannot open '%s': %s", path, strerror(c->sys));
	else if (c->stage == IOL_RCACHE_DIR)
		msg("cannot make a directory for the compiled form: %s",
		    strerror(c->sys));
	else
		msg("'%s': %s", path,
		    err->msg[0] ? err->msg : iol_strerror(rc));
	return EXIT_DATA;
}

/* The compiled form; in a group member 0 compiles it and the others
 * then load what it wrote.  force: compile anyway, alone. */
static int compiled(const char *script, struct iol_rbin *b,
		    struct iol_rcache *c, int *reused, int force,
		    const struct ropt *ro)
{
	struct iol_error err = {0};
	int rc;

	c->max_memory = ro->max_memory;
	c->max_input = (size_t)ro->max_input;
	rc = force ? iol_rcache_compiled(c, script, b, reused, 1, &err)
		   : iol_rcache_group(c, script, b, reused, ro->o.group, &err);
	return say_compiled(rc, script, c, &err, ro);
}

/* ---- progress, signals ---- */

static volatile int stop_sig;

static void on_signal(int sig)
{
	stop_sig = sig;
}

static void catch_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGQUIT, &sa, NULL);
}

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

/* ---- one or more runs ---- */

struct runs_ctx {
	struct progress_runs bar;
	const struct ropt *ro;
	const char *script;
	int tty;
};

static void runs_run(void *arg, int run, int ended)
{
	struct runs_ctx *c = arg;

	c->bar.run = run;
	if (ended && c->tty)
		progress_clear(stderr);
}

static void runs_failed(void *arg, const struct iol_rresult *r,
			const struct iol_error *err)
{
	struct runs_ctx *c = arg;

	view_replay_stopped(r, err, c->script, stop_sig, c->ro->o.keep,
			    c->ro->runs, runs_say, NULL);
}

/* Run the replay ro->runs times; res holds the first run with the
 * medians of the times. */
static int run_all(const char *script, struct iol_rbin *b, struct ropt *ro,
		   struct iol_rresult *res, double spread[4][2])
{
	struct runs_ctx c = {{progress_now(), 1, (int)ro->runs}, ro, script, 0};
	struct iol_rruns_hooks h = {runs_say, runs_run, runs_failed, &c};

	c.tty = isatty(2) && !ro->o.group;
	ro->o.progress = c.tty ? progress_calls : NULL;
	ro->o.pctx = &c.bar;
	return iol_replay_runs(b, &ro->o, ro->runs, res, spread, &h);
}

int replay_run(const char *script, struct ropt *ro)
{
	struct iol_rresult res;
	struct iol_rbin b;
	struct iol_rcache cache;
	struct replay_view x = {script,	       &b,    &res,	 0,
				(int)ro->runs, {{0}}, ro->o.pace};
	const struct iol_rgroup *g = ro->o.group;
	int rc;

	memset(&cache, 0, sizeof(cache));
	memset(&res, 0, sizeof(res));
	rc = compiled(script, &b, &cache, &x.reused, 0, ro);
	if (rc) {
		iol_rcache_done(&cache);
		return rc;
	}
	catch_signals();
	ro->o.stop = &stop_sig;
	rc = run_all(script, &b, ro, &res, x.spread);
	if (rc == IOL_ECORRUPT && x.reused && !g && !res.stopped) {
		/* a cache that does not check out: compile again, once */
		iol_rresult_release(&res);
		iol_rbin_release(&b);
		rc = compiled(script, &b, &cache, &x.reused, 1, ro);
		if (rc == 0)
			rc = run_all(script, &b, ro, &res, x.spread);
	}
	if (rc == 0 && g && g->me != 0) { /* member 0 reports */
		iol_rresult_release(&res);
		iol_rbin_release(&b);
		iol_rcache_done(&cache);
		return EXIT_OK;
	}
	if (rc == 0)
		rc = report(&x, ro, script);
	else
		rc = EXIT_DATA;
	iol_rresult_release(&res);
	iol_rbin_release(&b);
	iol_rcache_done(&cache);
	if (stop_sig) { /* as the signal would have ended it */
		struct rlimit nocore = {0, 0};

		/* SIGQUIT's status, without its core dump: the run was
		 * stopped and cleaned up, not broken */
		setrlimit(RLIMIT_CORE, &nocore);
		signal(stop_sig, SIG_DFL);
		raise(stop_sig);
	}
	return rc;
}
