/*
 * What `iolens replay` says on stderr besides its output (view-replay.h):
 * the calls whose outcome differs from the original's, and why the runs
 * ended without a result, and the progress of the runs.  Each line goes to the
 * caller's say(), which prints it in the house style.
 */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/errname.h"
#include "render/view-replay.h"
#include "replay/cache.h"
#include "base/banned.h"

/* The line of fmt given to say, however long. */
static void sayf(view_replay_say_fn say, void *ctx, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void sayf(view_replay_say_fn say, void *ctx, const char *fmt, ...)
{
	char b[1024], *t = b;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(b, sizeof(b), fmt, ap);
	va_end(ap);
	if (n >= (int)sizeof(b) && (t = malloc((size_t)n + 1)) != NULL) {
		va_start(ap, fmt);
		vsnprintf(t, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	say(ctx, t ? t : b);
	if (t != b)
		free(t);
}

void view_replay_failures(const struct iol_rresult *r, const char *script,
			  view_replay_say_fn say, void *ctx)
{
	char e1[32], e2[32];
	size_t i;

	for (i = 0; i < r->nfail; i++) {
		const struct iol_rfail *f = &r->fail[i];

		sayf(say, ctx,
		     "%s:%lld: section %lld: %s %s here%s%s; it %s in the "
		     "original",
		     script, (long long)f->line, (long long)f->rank,
		     iol_rop_name(f->op), f->err ? "failed" : "succeeded",
		     f->err ? " with " : "",
		     f->err ? iol_errno_name(f->err, e1, sizeof(e1)) : "",
		     f->orig_err > 0
			     ? iol_errno_name(f->orig_err, e2, sizeof(e2))
		     : f->orig_err ? "failed"
				   : "succeeded");
	}
	if (r->mismatched > (int64_t)r->nfail)
		sayf(say, ctx, "... and %lld more calls failed in one run only",
		     (long long)(r->mismatched - (int64_t)r->nfail));
}

void view_replay_stopped(const struct iol_rresult *res,
			 const struct iol_error *err, const char *script,
			 int sig, int keep, int64_t runs,
			 view_replay_say_fn say, void *ctx)
{
	if (res->stopped)
		sayf(say, ctx, "replay of '%s' stopped by %s%s", script,
		     sig == SIGTERM   ? "SIGTERM"
		     : sig == SIGHUP  ? "SIGHUP"
		     : sig == SIGQUIT ? "SIGQUIT"
				      : "SIGINT",
		     keep	? ""
		     : runs > 1 ? "; its run directories are removed"
				: "; its run directory is removed");
	else
		sayf(say, ctx, "replay of '%s' failed: %s", script, err->msg);
	if (res->cleanup[0])
		sayf(say, ctx,
		     "warning: could not remove all of the run directory: %s",
		     res->cleanup);
	else if (keep && res->rundir[0])
		sayf(say, ctx, "run directory kept: %s", res->rundir);
}

void view_replay_uncompiled(int rc, const char *script,
			    const struct iol_rcache *c,
			    const struct iol_error *err, size_t max_memory,
			    view_replay_say_fn say, void *ctx)
{
	if (rc > 0) /* another member's failure, said there */
		return;
	if (c->stage == IOL_RCACHE_READ && c->sys == EFBIG)
		sayf(say, ctx,
		     "'%s': the script is larger than %zu bytes (--max-memory)",
		     script, max_memory);
	else if (c->stage == IOL_RCACHE_READ)
		sayf(say, ctx, "cannot open '%s': %s", script,
		     strerror(c->sys));
	else if (c->stage == IOL_RCACHE_DIR)
		sayf(say, ctx,
		     "cannot make a directory for the compiled form: %s",
		     strerror(c->sys));
	else
		sayf(say, ctx, "'%s': %s", script,
		     err->msg[0] ? err->msg : iol_strerror(rc));
}

static void runs_say(void *arg, const char *text)
{
	struct view_replay_runs *v = arg;

	v->say(NULL, text);
}

static void runs_run(void *arg, int run, int ended)
{
	struct view_replay_runs *v = arg;

	v->bar.run = run;
	if (ended && v->tty)
		progress_clear(stderr);
}

static void runs_failed(void *arg, const struct iol_rresult *r,
			const struct iol_error *err)
{
	struct view_replay_runs *v = arg;

	view_replay_stopped(r, err, v->script, *v->sig, v->keep, v->runs,
			    v->say, NULL);
}

void view_replay_runs_hooks(struct view_replay_runs *v,
			    struct iol_rruns_hooks *h, struct iol_ropts *o)
{
	*h = (struct iol_rruns_hooks){runs_say, runs_run, runs_failed, v};
	o->progress = v->tty ? progress_calls : NULL;
	o->pctx = &v->bar;
}
