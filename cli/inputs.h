/*
 * The LOG arguments of a command line as jobs: what a directory, a trace
 * file or a run of them stands for is the library's (sources/inputs.h);
 * here each failure and warning is said in the house style
 * (render/diag.h), and each job handed to the command in turn.
 */
#ifndef IOLENS_CLI_INPUTS_H
#define IOLENS_CLI_INPUTS_H

#include "model/job.h"
#include "sources/inputs.h"

/* How traces among the arguments are read: the shared options
 * --rank-from, --lenient and --merge-traces (cmd/common.c). */
struct cmd_inopts {
	int rank_from;	  /* traces: IOL_RANK_FROM_* */
	int lenient;	  /* traces: skip unparsable lines */
	int merge_traces; /* all trace arguments are one job */
};

/*
 * The log arguments argv[first..argc) resolved into jobs by
 * iol_inputs_resolve() (sources/inputs.h: what a directory, a trace file
 * or a run of them stands for) with c's merge_traces, a line printed
 * for each directory that held no log.  Returns 0, or -1 when one did
 * not (the others kept) or memory ran out.  The caller releases in with
 * iol_inputs_release().
 */
int cmd_inputs(const struct cmd_inopts *c, int argc, char **argv, int first,
	       struct iol_inputs *in);
/* Load an input's job with c's trace options, printing the one-line
 * message on failure and the job's warnings; 0 or an IOL_E* code.  The
 * job's path is in->name. */
int cmd_load(const struct cmd_inopts *c, const struct iol_input *in,
	     struct iol_job **job);
/* The one job of argv[first..argc) by cmd_inputs() and cmd_load(): 0,
 * -1 with the message printed, -2 (nothing printed, nothing loaded) when
 * the arguments are several jobs. */
int cmd_load_one(const struct cmd_inopts *c, int argc, char **argv, int first,
		 struct iol_job **job);
/* fn(ctx, its name, its job) for each job of argv[first..argc) by
 * cmd_inputs() and cmd_load(), each job closed after: EXIT_OK, or
 * EXIT_DATA when one did not load or fn returned -1 for one. */
int cmd_each_job(const struct cmd_inopts *c, int argc, char **argv, int first,
		 int (*fn)(void *ctx, const char *name, struct iol_job *job),
		 void *ctx);

#endif
