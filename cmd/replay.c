/*
 * iolens replay: run a replay script (made by iolens replay-script or by
 * hand) in a sandbox and compare the replay with the original, as
 * Pianola's table does: run time, cumulative read, write and metadata
 * time, bytes and calls.  Also --calibrate, which measures what strace
 * adds to each call on this machine, for replay-script to take off.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/errname.h"
#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/replay-mpi.h"
#ifdef IOLENS_MPI
#include "cmd/ingest.h" /* mpi_begin(), mpi_end() */
#endif
#include "cmd/util.h"
#include "render/output.h"
#include "render/profile.h"
#include "render/view-replay.h"
#include "base/sha256.h"
#include "base/version.h"
#include "replay/cache.h"
#include "replay/calibrate.h"
#include "replay/engine.h"
#include "replay/runs.h"
#include "base/banned.h"

static const char usage_str[] =
	"usage: iolens replay [--allow-root] [--pace closed|timeline|afap] "
	"[--runs n]\n"
	"                     [--format fmt] [-o file] [--keep] "
	"[--profile file.pdf]\n"
	"                     [--max-stage size] [--max-memory size] "
	"[--max-procs n]\n"
	"                     [--max-inputs n] [--max-gap secs] "
	"[--timeout secs]\n"
	"                     --dir sandbox script\n"
	"       iolens replay --calibrate [--dir dir]\n";

static void help(void)
{
	fputs(usage_str, stdout);
	fputs("\nReplay the I/O calls of a replay script in a new directory "
	      "inside the\n"
	      "sandbox, one process per traced process, and compare the "
	      "replay with the\n"
	      "original.  Every path is resolved beneath the run directory by "
	      "the kernel\n"
	      "(openat2), and Landlock confines each replaying process to it "
	      "where the\n"
	      "kernel has it.  The script is compiled to a binary form cached "
	      "under\n"
	      "~/.cache/iolens/replay, keyed by the SHA-256 of its text.\n\n"
	      "  --allow-root            run even as root (the sandbox still "
	      "holds)\n"
	      "  --as-fast-as-possible   the same as --pace afap\n"
	      "  --calibrate             measure strace's overhead per call "
	      "and store it\n"
	      "  --dir sandbox           where the replay may write "
	      "(required)\n"
	      "  --format fmt            text (default), csv, tsv or json\n"
	      "  -o file, --output file  write the table there (the "
	      "extension chooses\n"
	      "                          its format: .csv .tsv .json)\n"
	      "  --keep                  keep the run directory\n"
	      "  --pace p                closed (default: a call when the "
	      "previous one\n"
	      "                          returned, plus its compute gap), "
	      "timeline (at the\n"
	      "                          original's times), afap (no compute "
	      "gaps)\n"
	      "  --profile file.pdf      cumulative I/O time against elapsed "
	      "time\n"
	      "  --runs n                replay n times: medians and spread "
	      "(default 1)\n"
	      "limits:\n"
	      "  --max-stage size        bytes of inputs staged (default 8G)\n"
	      "  --max-memory size       buffers, tables, open files "
	      "(default 2G)\n"
	      "  --max-procs n           processes and threads (default "
	      "1024)\n"
	      "  --max-inputs n          inputs, and directories staged "
	      "(default 1000000)\n"
	      "  --max-gap secs          the longest compute gap (default "
	      "3600)\n"
	      "  --timeout secs          the whole replay (default 10 times "
	      "the original\n"
	      "                          plus 60, at most a day)\n"
	      "  -h, --help              show this help\n"
	      "  --version               show the version\n",
	      stdout);
}

/* The hidden --calibrate-loop: the timed loop, in the process strace
 * follows, printing its own seconds (no start-up counted). */
static int calibrate_loop(const char *dir)
{
	struct iol_error err = {0};
	double t = iol_replay_syscall_loop(dir, IOL_CAL_ROUNDS, &err);

	if (t < 0) {
		msg("%s", err.msg);
		return EXIT_DATA;
	}
	printf("%.9f\n", t);
	return EXIT_OK;
}

static int calibrate(const char *dir)
{
	char self[4096], p[4096];
	struct iol_rcalib c;
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

	if (n <= 0)
		return msg("cannot find the iolens binary"), EXIT_DATA;
	self[n] = 0;
	if (iol_replay_calibrate(self, dir, &c) < 0) {
		msg("calibration failed: is strace installed "
		    "(apt-get install strace)?");
		return EXIT_DATA;
	}
	printf("strace overhead: %.2f us per call between calls, %.2f us in "
	       "each call's -T duration (%d calls: %.6f s untraced, %.6f s "
	       "under strace -f -tt -T; medians of 5)\n",
	       c.gap * 1e6, c.dur * 1e6, c.calls, c.untraced, c.traced);
	if (iol_replay_overhead_save(c.gap, c.dur, p, sizeof(p)) == 0)
		printf("stored in %s; iolens replay-script takes it off "
		       "compute "
		       "gaps and durations\n",
		       p);
	else
		msg("warning: cannot store the overhead (no writable home)");
	return EXIT_OK;
}

/* The JSON or the table, to path (NULL: standard output). */
static int write_out(const struct replay_view *x, int fmt, const char *path)
{
	struct out out;

	if (cmd_out_open(&out, path, fmt) < 0)
		return EXIT_DATA;
	if (fmt == FMT_JSON)
		view_replay_json(&out.ob, x);
	else
		view_replay_table(&out, x);
	return cmd_out_close(&out, 1) < 0 ? EXIT_DATA : EXIT_OK;
}

struct ropt {
	struct iol_ropts o;
	int allow_root, calibrate, fmt;
	int64_t runs, max_input;
	const char *profile, *loop;
	const char *fmtarg, *outpath; /* --format, -o: cmd_outfmt() */
};

/* A size with an optional unit: 512, 64K, 10M, 8G, 1T (powers of 2). */
static int parse_size(const char *s, int64_t *v)
{
	char *end;
	double x = strtod(s, &end);
	double m = 1;

	switch (*end) {
	case 'k':
	case 'K':
		m = 1024.0;
		end++;
		break;
	case 'm':
	case 'M':
		m = 1048576.0;
		end++;
		break;
	case 'g':
	case 'G':
		m = 1073741824.0;
		end++;
		break;
	case 't':
	case 'T':
		m = 1099511627776.0;
		end++;
		break;
	default: break;
	}
	if (*end == 'i' && end[1] == 'B')
		end += 2;
	else if (*end == 'B')
		end++;
	if (end == s || *end || !isfinite(x) || x <= 0 || x * m > 9e18)
		return -1;
	*v = (int64_t)(x * m);
	return 0;
}

static int parse_secs(const char *s, double *v)
{
	char *end;

	*v = strtod(s, &end);
	return end == s || *end || !isfinite(*v) || *v <= 0 || *v > 1e9 ? -1
									: 0;
}

static int parse_pace(const char *s, int *pace)
{
	static const char *const names[] = {"closed", "timeline", "afap"};
	int i;

	for (i = 0; i < 3; i++)
		if (!strcmp(s, names[i]))
			return *pace = i, 0;
	return -1;
}

/* The options that take a limit; -1 when o is not one of them. */
static int limit_option(int c, const char *arg, struct ropt *r)
{
	int64_t v;
	int bad = 0;

	switch (c) {
	case 'S': bad = parse_size(arg, &r->o.lim.max_stage); break;
	case 'M': bad = parse_size(arg, &r->o.lim.max_memory); break;
	case 'P':
		bad = parse_count(arg, &v) || v < 1;
		r->o.lim.max_procs = v;
		break;
	case 'I':
		bad = parse_count(arg, &v) || v < 1;
		r->max_input = v;
		r->o.lim.max_inputs = v; /* the directories staged too */
		break;
	case 'G': bad = parse_secs(arg, &r->o.lim.max_gap); break;
	case 'T': bad = parse_secs(arg, &r->o.lim.timeout); break;
	case 'N':
		bad = parse_count(arg, &r->runs) || r->runs < 1 ||
		      r->runs > 1000;
		break;
	case 'c': bad = parse_pace(arg, &r->o.pace); break;
	default: return -1;
	}
	if (bad)
		return usage_error("bad value '%s' for %s", arg,
				   c == 'c' ? "--pace (closed, timeline, afap)"
					    : "this option");
	return 0;
}

static int options(int argc, char **argv, struct ropt *r)
{
	static const struct option longopts[] = {
		{"allow-root", no_argument, NULL, 'R'},
		{"as-fast-as-possible", no_argument, NULL, 'A'},
		{"calibrate", no_argument, NULL, 'C'},
		{"calibrate-loop", required_argument, NULL, 'L'},
		{"dir", required_argument, NULL, 'd'},
		{"format", required_argument, NULL, 'f'},
		{"help", no_argument, NULL, 'h'},
		{"keep", no_argument, NULL, 'k'},
		{"max-gap", required_argument, NULL, 'G'},
		{"max-inputs", required_argument, NULL, 'I'},
		{"max-memory", required_argument, NULL, 'M'},
		{"max-procs", required_argument, NULL, 'P'},
		{"max-stage", required_argument, NULL, 'S'},
		{"output", required_argument, NULL, 'o'},
		{"pace", required_argument, NULL, 'c'},
		{"profile", required_argument, NULL, 'p'},
		{"runs", required_argument, NULL, 'N'},
		{"timeout", required_argument, NULL, 'T'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0},
	};
	int c, rc;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":ho:", longopts, NULL)) != -1) {
		if ((rc = limit_option(c, optarg, r)) >= 0) {
			if (rc)
				return rc;
			continue;
		}
		switch (c) {
		case 'R': r->allow_root = 1; break;
		case 'A': r->o.pace = IOL_PACE_AFAP; break;
		case 'C': r->calibrate = 1; break;
		case 'L': r->loop = optarg; break;
		case 'd': r->o.dir = optarg; break;
		case 'f': r->fmtarg = optarg; break;
		case 'o': r->outpath = optarg; break;
		case 'h': help(); return EXIT_OK;
		case 'k': r->o.keep = 1; break;
		case 'p':
			r->profile = optarg;
			r->o.profile = 1;
			break;
		case 'V': puts("iolens " IOLENS_VERSION); return EXIT_OK;
		case ':':
			return usage_error("option '%s' needs a value",
					   argv[optind - 1]);
		default:
			return usage_error("unknown option '%s'",
					   argv[optind - 1]);
		}
	}
	/* the one rule of every command with -o: --format wins, else the
	 * extension chooses */
	r->fmt =
		cmd_outfmt(r->fmtarg, r->outpath, OUTF_TABLES, OUTF_TEXT, NULL);
	return r->fmt < 0 ? EXIT_USAGE : -1;
}

/* --max-memory, which parsing the script counts against too */
static size_t parse_max_memory;

/* The compiled form (replay/cache.h), with its messages. */
static int compiled(const char *path, struct iol_rbin *b, struct iol_rcache *c,
		    int *reused, int force, size_t max_input)
{
	struct iol_error err = {0};
	int rc;

	c->max_memory = parse_max_memory;
	c->max_input = max_input;
	rc = iol_rcache_compiled(c, path, b, reused, force, &err);
	if (rc == 0)
		return EXIT_OK;
	if (c->stage == IOL_RCACHE_READ && c->sys == EFBIG)
		msg("'%s': the script is larger than %zu bytes (--max-memory)",
		    path, parse_max_memory);
	else if (c->stage == IOL_RCACHE_READ)
		msg("cannot open '%s': %s", path, strerror(c->sys));
	else if (c->stage == IOL_RCACHE_DIR)
		msg("cannot make a directory for the compiled form: %s",
		    strerror(c->sys));
	else
		msg("'%s': %s", path, err.msg[0] ? err.msg : iol_strerror(rc));
	return EXIT_DATA;
}

/* The compiled form; in a group member 0 compiles it and the others
 * then load what it wrote. */
static int group_compiled(const char *script, struct iol_rbin *b,
			  struct iol_rcache *c, int *reused,
			  const struct ropt *ro)
{
	const struct iol_rgroup *g = ro->o.group;
	size_t mi = (size_t)ro->max_input;
	int32_t rc = EXIT_OK;

	if (!g || g->me == 0)
		rc = compiled(script, b, c, reused, 0, mi);
	if (!g)
		return rc;
	if (g->bcast(g->ctx, &rc, sizeof(rc)) || rc)
		return rc ? rc : EXIT_DATA;
	return g->me == 0 ? rc : compiled(script, b, c, reused, 0, mi);
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

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

struct bar {
	double t0;
	int run, runs;
};

static void draw_bar(void *ctx, int64_t done, int64_t total)
{
	const struct bar *b = ctx;
	int w = 24,
	    fill = total > 0 ? (int)(w * (double)done / (double)total) : 0;

	if (fill > w)
		fill = w;
	fprintf(stderr, "\r[%.*s%*s] %lld/%lld calls  %.1f s", fill,
		"########################", w - fill, "", (long long)done,
		(long long)total, now_s() - b->t0);
	if (b->runs > 1)
		fprintf(stderr, "  run %d of %d", b->run, b->runs);
	fputs("\033[K", stderr);
}

static void say_failures(const struct iol_rresult *r, const char *script);

/* The table or JSON, the failed calls, the profile; exit 1 when the
 * bytes or calls differ from the original's. */
static int report(struct replay_view *x, const struct ropt *ro,
		  const char *script)
{
	const struct iol_rresult *res = x->r;
	int rc;

	x->pace = ro->o.pace;
	rc = write_out(x, ro->fmt, ro->outpath);
	say_failures(res, script);
	if (rc == EXIT_OK && ro->profile &&
	    profile_pdf(ro->profile, &res->porig, &res->prep, script,
			source_date(0)) < 0) {
		msg("cannot write '%s': %s", ro->profile, strerror(errno));
		rc = EXIT_DATA;
	}
	if (rc == EXIT_OK &&
	    (res->orig.bytes_read != res->rep.bytes_read ||
	     res->orig.bytes_written != res->rep.bytes_written ||
	     res->orig.ops != res->rep.ops))
		rc = EXIT_DATA;
	if (ro->o.keep)
		msg("run directory kept: %s", res->rundir);
	return rc;
}

/* ---- one or more runs ---- */

static void say_failures(const struct iol_rresult *r, const char *script)
{
	char e1[32], e2[32];
	size_t i;

	for (i = 0; i < r->nfail; i++) {
		const struct iol_rfail *f = &r->fail[i];

		msg("%s:%lld: section %lld: %s %s here%s%s; it %s in the "
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
		msg("... and %lld more calls failed in one run only",
		    (long long)(r->mismatched - (int64_t)r->nfail));
}

static void say_stop(const char *script, const struct iol_rresult *res,
		     const struct iol_error *err, const struct ropt *ro)
{
	if (res->stopped)
		msg("replay of '%s' stopped by %s%s", script,
		    stop_sig == SIGTERM	  ? "SIGTERM"
		    : stop_sig == SIGHUP  ? "SIGHUP"
		    : stop_sig == SIGQUIT ? "SIGQUIT"
					  : "SIGINT",
		    ro->o.keep	   ? ""
		    : ro->runs > 1 ? "; its run directories are removed"
				   : "; its run directory is removed");
	else
		msg("replay of '%s' failed: %s", script, err->msg);
	if (res->cleanup[0])
		msg("warning: could not remove all of the run directory: %s",
		    res->cleanup);
	else if (ro->o.keep && res->rundir[0])
		msg("run directory kept: %s", res->rundir);
}

struct runs_ctx {
	struct bar bar;
	const struct ropt *ro;
	const char *script;
	int tty;
};

static void runs_say(void *arg, const char *text)
{
	(void)arg;
	msg("%s", text);
}

static void runs_run(void *arg, int run, int ended)
{
	struct runs_ctx *c = arg;

	c->bar.run = run;
	if (ended && c->tty)
		fputs("\r\033[K", stderr);
}

static void runs_failed(void *arg, const struct iol_rresult *r,
			const struct iol_error *err)
{
	struct runs_ctx *c = arg;

	say_stop(c->script, r, err, c->ro);
}

/* Run the replay ro->runs times; res holds the first run with the
 * medians of the times. */
static int run_all(const char *script, struct iol_rbin *b, struct ropt *ro,
		   struct iol_rresult *res, double spread[4][2])
{
	struct runs_ctx c = {{now_s(), 1, (int)ro->runs}, ro, script, 0};
	struct iol_rruns_hooks h = {runs_say, runs_run, runs_failed, &c};

	c.tty = isatty(2) && !ro->o.group;
	ro->o.progress = c.tty ? draw_bar : NULL;
	ro->o.pctx = &c.bar;
	return iol_replay_runs(b, &ro->o, ro->runs, res, spread, &h);
}

static int replay(const char *script, struct ropt *ro)
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
	rc = group_compiled(script, &b, &cache, &x.reused, ro);
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
		rc = compiled(script, &b, &cache, &x.reused, 1,
			      (size_t)ro->max_input);
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

/* Under mpirun (make MPI=1, more than one process) the processes replay
 * the script together, one rank each where there are as many. */
static int replay_mpi(int argc, char **argv, struct ropt *ro)
{
	int rc;
#ifdef IOLENS_MPI
	struct iol_rgroup g;
	int rank = 0, size = 1;

	if (mpi_begin(&argc, &argv, &rank, &size)) {
		replay_mpi_group(&g, rank, size);
		ro->o.group = &g;
	}
#endif
	rc = replay(argv[argc - 1], ro);
#ifdef IOLENS_MPI
	ro->o.group = NULL;
	mpi_end();
#endif
	return rc;
}

int cmd_replay(int argc, char **argv)
{
	struct ropt ro;
	int rc;

	memset(&ro, 0, sizeof(ro));
	ro.runs = 1;
	ro.max_input = 1000000;
	rc = options(argc, argv, &ro);
	if (rc >= 0)
		return rc;
	if (ro.loop)
		return calibrate_loop(ro.loop);
	if (ro.calibrate) {
		if (optind < argc)
			return usage_error("--calibrate takes no script");
		return calibrate(ro.o.dir ? ro.o.dir : "/tmp");
	}
	if (optind != argc - 1)
		return usage_error(optind < argc ? "one script at a time"
						 : "no script given");
	parse_max_memory = ro.o.lim.max_memory > 0 ? (size_t)ro.o.lim.max_memory
						   : (size_t)2 << 30;
	if (!ro.o.dir)
		return usage_error("--dir names the sandbox the replay may "
				   "write in");
	if (geteuid() == 0 && !ro.allow_root) {
		msg("refusing to run as root without --allow-root");
		return EXIT_DATA;
	}
	return replay_mpi(argc, argv, &ro);
}
