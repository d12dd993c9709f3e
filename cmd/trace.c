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
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/util.h"
#include "render/trace-write.h"
#include "render/view-trace.h"
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

/* The threads' files of dir into path (a temporary file renamed).
 * 0, or -1 with the message printed. */
static int write_trace(const char *dir, const char *path, char **cmd,
		       struct iol_tstats *ms, size_t *nthreads)
{
	int stage;

	if (trace_write(dir, path, cmd, ms, nthreads, &stage) == 0)
		return 0;
	if (stage == TRACE_WRITE_DEMUX)
		msg("cannot sort the trace out by thread in '%s': %s", dir,
		    strerror(errno));
	else if (stage == TRACE_WRITE_MERGE)
		msg("cannot merge the threads' files in '%s/t': %s", dir,
		    strerror(errno));
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

/* A line of the run's account (render/view-trace.h), as msg() says it */
static void say(void *ctx, const char *line)
{
	(void)ctx;
	msg("%s", line);
}

/* --stacks[=depth]: the tracer told through its environment */
static int set_stacks(void *base, const char *arg)
{
	char *e;
	long d = arg ? strtol(arg, &e, 10) : 64;

	if (arg && (e == arg || *e || d < 1 || d > 256))
		return -1;
	(void)base;
	return setenv("IOLENS_TRACE_STACKS", arg ? arg : "64", 1) == 0 ? 0 : -1;
}

/* -o: the trace; options end at the command traced */
static const struct cmd_opt options[] = {
	{"output", CO_STR, .off = 0, .letter = 'o'},
	{"stacks", CO_CALL | CO_OPTIONAL, .fn = set_stacks,
	 .want = "a depth of 1 to 256"},
	CO_END,
};

int cmd_trace(int argc, char **argv)
{
	const char *out = NULL;
	const struct cmd_optset sets[] = {
		{options, &out, 0},
		{copts_table, NULL, COPT_HELP | COPT_VERSION},
	};
	char lib[PATH_MAX], dir[PATH_MAX];
	struct iol_tstats ms = {0, 0, 0, 0, 0, 0, NULL, 0, 0, 0, 0, NULL, 0, 0};
	size_t nthreads = 0;
	int c, status, noexec = 0, waiting;

	c = cmd_opts_parse(argc, argv, sets, 2, CMD_OPTS_FIRST);
	if (c >= 0)
		return c;
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
	if (status >= 0 &&
	    write_trace(dir, out, argv + optind, &ms, &nthreads) < 0)
		status = -1;
	iol_trace_parts_remove(dir);
	/* by msg(): the output's name escaped as in every message */
	if (status >= 0)
		view_trace_said(&ms, argv[optind], out, say, NULL);
	iol_tstats_release(&ms);
	if (status < 0) /* a command not run: as a shell says it */
		return noexec ? noexec : EXIT_DATA;
	return status;
}
