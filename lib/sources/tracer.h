/*
 * The library side of `iolens trace`: running a command with the tracer
 * (tracer/preload.c, bin/iolens-trace.so) preloaded, every thread
 * appending its lines to one file in a parts directory, then those lines
 * sorted out by thread and merged in time order into one trace in
 * strace -f's form (times in ns), with the header replay-script reads
 * (the tracer's own cost, the programs that ran without it).
 *
 * Ownership: struct iol_tstats is caller storage, zeroed;
 * iol_tstats_release() frees the programs it names.  Owner: lib/sources
 * (tracer-run.c: finding the tracer, the parts directory, the run;
 * tracer-merge.c); used by cmd/trace.c.
 */
#ifndef IOLENS_TRACER_H
#define IOLENS_TRACER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* the tracer's file name, looked for beside iolens and in its libdir */
#define IOL_TRACE_LIB "iolens-trace.so"
/* what a trace says when no process of the command had the tracer */
#define IOL_TRACE_NO_TRACER                                             \
	"ran without the tracer (static or set-user-ID program?): the " \
	"trace has no calls"
#define IOL_TRACE_NO_TRACER_SUB                                         \
	"ran without the tracer (static or set-user-ID program?): its " \
	"calls are not in the trace"
/* an exec the tracer saw a process make: its pid and program */
struct iol_texec {
	long pid;
	char *path;
};

struct iol_tstats {
	uint64_t lines, bad;  /* lines merged; lines cut short, left out */
	int64_t first;	      /* the first line's time (ns), 0 none */
	uint64_t ncost, cost; /* the tracer's lines, and ns making them */
	uint64_t hellos;      /* processes the tracer said it ran in */
	struct iol_texec *xp; /* execs the tracer did not say it ran after */
	size_t nxp;
	/* the lines iolens trace wrote itself (the chdir and execve before
	 * the tracer's first line); the processes and the threads (made by
	 * clone with CLONE_THREAD) that have a line */
	uint64_t own;
	size_t nproc, nthr;
	/* --stacks: the modules the frames name (owned), and the stacks
	 * the tracer cut at the depth asked for */
	char **mods;
	size_t nmods;
	uint64_t cut;
};

/* The tracer into out (PATH_MAX bytes, resolved): $IOLENS_TRACE_LIB when
 * set, else beside this binary, in ../lib/iolens from it, or in libdir.
 * 0; -1 with errno when $IOLENS_TRACE_LIB names a file not readable;
 * -2 when none of the others holds it. */
int iol_trace_find_lib(const char *libdir, char *out);
/* The parts' directory beside the output, "OUT.parts.XXXXXX", made with
 * its empty file trace, its absolute name into dir (PATH_MAX bytes).  0;
 * or with errno and the path that failed into what (PATH_MAX bytes): 1
 * the directory not made (what: out), 2 not resolved, 3 trace not made. */
int iol_trace_parts_make(const char *out, char *dir, char *what);
/*
 * Run cmd with the tracer lib preloaded (after any LD_PRELOAD), its
 * lines going to dir/trace (which exists), its chdir and execve written
 * first; ^C and ^\ are the command's meanwhile.  Returns the command's
 * exit status (128 + signal), or -1 with errno when it could not be run:
 * *noexec then the shell's status for it (127 not found, 126 found but
 * not run, 0 another failure) and *waiting 1 when the wait failed.
 */
int iol_trace_run(char *const *cmd, const char *lib, const char *dir,
		  int *noexec, int *waiting);
/* Whether dir/trace, the file the tracer's threads appended their lines
 * to, can be read (mapped): 0, or -1 with errno.  ms is filled by
 * iol_trace_merge(). */
int iol_trace_demux(const char *dir, struct iol_tstats *ms);
/* The lines of dir/trace merged by time into out, each thread's in the
 * order it wrote them, after the header (cmd the command traced) with
 * the figures ms gets: the tracer's markers and costs, the first time,
 * the lines, processes and threads; *nthreads the threads (and
 * processes) with lines.  0, or -1 with errno. */
int iol_trace_merge(const char *dir, FILE *out, char *const *cmd,
		    struct iol_tstats *ms, size_t *nthreads);
/* Remove the parts directory dir and what is in it. */
void iol_trace_parts_remove(const char *dir);
/* The first max distinct programs that ran without the tracer into v;
 * how many (max + 1 when there are more). */
size_t iol_tstats_untraced(const struct iol_tstats *ms, const char **v,
			   size_t max);
void iol_tstats_release(struct iol_tstats *ms);

#endif
