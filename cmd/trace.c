/*
 * iolens trace: run a program with iolens-trace.so preloaded (the
 * tracer of tracer/preload.c) and merge what its threads wrote into one
 * trace in strace -f's shape, times to the nanosecond, which every
 * command reading strace traces reads.  The tracer costs a call some
 * 0.2 to 0.5 us where strace costs 50 to 150, so a replay of the trace
 * can keep the program's own time between calls.
 *
 * The run and the merge are the library's (sources/tracer.h); the
 * threads' files go to a directory beside the output, removed when they
 * are merged; the trace is written to a temporary file and renamed.
 * The exit status is the program's (128 + the signal that ended it).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/util.h"
#include "base/version.h"
#include "render/output.h"
#include "sources/tracer.h"
#include "base/banned.h"

#ifndef IOLENS_TRACEDIR
#define IOLENS_TRACEDIR "/usr/local/lib/iolens"
#endif
/* ---- finding the tracer ---- */

/* the tracer into out, or -1 said */
static int find_lib(char *out)
{
	const char *env = getenv("IOLENS_TRACE_LIB");
	int r = iol_trace_find_lib(IOLENS_TRACEDIR, out);

	if (r == -1)
		msg("cannot read the tracer '%s' (IOLENS_TRACE_LIB): %s", env,
		    strerror(errno));
	else if (r < 0)
		msg("cannot find the tracer %s (beside iolens, in %s, or at "
		    "$IOLENS_TRACE_LIB)",
		    IOL_TRACE_LIB, IOLENS_TRACEDIR);
	return r < 0 ? -1 : 0;
}

struct merge {
	const char *dir;
	char **cmd;
	struct iol_tstats *ms;
	size_t *nthreads;
	int *failed; /* the merge's errno when it failed, in failed[1] */
};

static int fill_trace(FILE *out, const void *arg)
{
	const struct merge *m = arg;

	if (iol_trace_merge(m->dir, out, m->cmd, m->ms, m->nthreads) == 0)
		return 0;
	m->failed[0] = 1;
	m->failed[1] = errno;
	return -1;
}

/* The threads' files of dir into path (a temporary file renamed).
 * 0, or -1 with the message printed. */
static int write_trace(const char *dir, const char *path, char **cmd,
		       struct iol_tstats *ms, size_t *nthreads)
{
	int failed[2] = {0, 0};
	struct merge m = {dir, cmd, ms, nthreads, failed};

	if (iol_trace_demux(dir, ms) < 0) {
		msg("cannot sort the trace out by thread in '%s': %s", dir,
		    strerror(errno));
		return -1;
	}
	if (out_write_stream(path, fill_trace, &m) == 0)
		return 0;
	if (failed[0])
		msg("cannot merge the threads' files in '%s/t': %s", dir,
		    strerror(failed[1]));
	else
		msg("cannot write '%s': %s", path, strerror(errno));
	return -1;
}

/* the parts' directory beside the output (tracer.h), or -1 said */
static int make_parts(const char *out, char *dir)
{
	static const char *const what[] = {"", "cannot make a directory beside",
					   "cannot resolve", "cannot write"};
	char path[PATH_MAX];
	int r = iol_trace_parts_make(out, dir, path);

	if (r)
		msg("%s '%s': %s", what[r], path, strerror(errno));
	return r ? -1 : 0;
}

static void raise_fd_limit(void)
{
	struct rlimit r;

	if (getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur < r.rlim_max) {
		r.rlim_cur = r.rlim_max;
		setrlimit(RLIMIT_NOFILE, &r);
	}
}

/* --stacks[=depth]: the tracer told through its environment */
static int set_stacks(const char *arg)
{
	char *e;
	long d = arg ? strtol(arg, &e, 10) : 64;

	if (arg && (e == arg || *e || d < 1 || d > 256))
		return -1;
	return setenv("IOLENS_TRACE_STACKS", arg ? arg : "64", 1) == 0 ? 0 : -1;
}

int cmd_trace(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"help", no_argument, NULL, 'h'},
		{"output", required_argument, NULL, 'o'},
		{"stacks", optional_argument, NULL, 'S'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0},
	};
	const char *out = NULL;
	char lib[PATH_MAX], dir[PATH_MAX], cut[64] = "", thr[64] = "";
	struct iol_tstats ms = {0, 0, 0, 0, 0, 0, NULL, 0, 0, 0, 0, NULL, 0, 0};
	size_t nthreads = 0, i, nv;
	const char *v[3];
	int c, status, noexec = 0, waiting;

	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:ho:", longopts, NULL)) != -1) {
		switch (c) {
		case 'h': return cmd_help(NULL);
		case 'V': printf("iolens %s\n", IOLENS_VERSION); return EXIT_OK;
		case 'o': out = optarg; break;
		case 'S':
			if (set_stacks(optarg) < 0)
				return usage_error(
					"--stacks wants a depth of 1 "
					"to 256, not '%s'",
					optarg);
			break;
		case ':':
			return usage_error("option '%s' needs a value",
					   argv[optind - 1]);
		default:
			return usage_error("unknown option '%s'",
					   argv[optind - 1]);
		}
	}
	if (!out)
		return usage_error("no output: give -o trace");
	/* the rule of every -o: a name saying another format is refused */
	if (cmd_outfmt(NULL, out, 0, OUTF_TEXT, "an iolens trace") < 0)
		return EXIT_USAGE;
	if (optind >= argc)
		return usage_error("no command to trace");
	if (find_lib(lib) < 0 || make_parts(out, dir) < 0)
		return EXIT_DATA;
	status = iol_trace_run(argv + optind, lib, dir, &noexec, &waiting);
	if (status < 0)
		msg(waiting ? "cannot wait for '%s': %s"
			    : "cannot run '%s': %s",
		    argv[optind], strerror(errno));
	raise_fd_limit();
	if (status >= 0 &&
	    write_trace(dir, out, argv + optind, &ms, &nthreads) < 0)
		status = -1;
	iol_trace_parts_remove(dir);
	/* the tracer says it ran in each process at its start: none did,
	 * or the programs named were exec'd without it */
	if (status >= 0 && !ms.hellos)
		msg("'%s' %s", argv[optind], IOL_TRACE_NO_TRACER);
	nv = status >= 0 && ms.hellos ? iol_tstats_untraced(&ms, v, 3) : 0;
	for (i = 0; i < nv && i < 3; i++)
		msg("'%s' %s", v[i], IOL_TRACE_NO_TRACER_SUB);
	if (nv > 3)
		msg("... and more programs (named in the trace's header)");
	iol_tstats_release(&ms);
	if (status < 0) /* a command not run: as a shell says it */
		return noexec ? noexec : EXIT_DATA;
	/* the calls traced (not the chdir and execve written before them,
	 * as the header's count has not), of processes and of the threads
	 * they made; by msg(): the output's name escaped as in every
	 * message */
	if (ms.nthr)
		snprintf(thr, sizeof(thr), " and %zu thread%s", ms.nthr,
			 ms.nthr == 1 ? "" : "s");
	if (ms.bad)
		snprintf(cut, sizeof(cut), " (%llu lines cut short, left out)",
			 (unsigned long long)ms.bad);
	msg("%llu call%s of %zu process%s%s into %s%s",
	    (unsigned long long)(ms.lines - ms.own),
	    ms.lines - ms.own == 1 ? "" : "s", ms.nproc,
	    ms.nproc == 1 ? "" : "es", thr, out, cut);
	return status;
}
