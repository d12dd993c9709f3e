/*
 * Options and helpers shared by the analysis commands (summary, files,
 * hist, meta, timeline): --format, -o, --nodes, --procs-per-node, and the
 * loading of each LOG argument with the house error message.
 */
#ifndef IOLENS_COMMON_H
#define IOLENS_COMMON_H

#include <getopt.h>

#include "cli/opts.h"
#include "cli/output.h"
#include "model/job.h"
#include "analysis/metrics.h"
#include "render/outfmt.h"
#include "render/output.h"
#include "sources/inputs.h"

struct copts {
	char **argv;	    /* for messages */
	int rank_from;	    /* traces: IOL_RANK_FROM_* */
	int lenient;	    /* traces: skip unparsable lines */
	int merge_traces;   /* all trace arguments are one job */
	int fmt;	    /* FMT_*: the table format (text for a drawing) */
	int outf;	    /* OUTF_*: the output chosen by cmd_outfmt() */
	const char *fmtarg; /* --format as given, NULL when not */
	const char *outpath;
	struct iol_opts m;
	int args_optional; /* set by an option: no argument may be given */
};

/* The shared options a command takes (common of cmd_start()): bit i is
 * entry i of the table in cmd/common.c; --help and --version always. */
enum {
	COPT_FORMAT = 1 << 0,
	COPT_OUTPUT = 1 << 1,
	COPT_LENIENT = 1 << 2,
	COPT_MERGE_TRACES = 1 << 3,
	COPT_RANK_FROM = 1 << 4,
	COPT_WIDE = 1 << 5,
	COPT_NODES = 3 << 6, /* --nodes and --procs-per-node */
	COPT_HELP = 1 << 8,
	COPT_VERSION = 1 << 9
};
extern const struct cmd_opt copts_table[];
/* --format and -o */
#define COPTS_OUT (COPT_FORMAT | COPT_OUTPUT)
/* what the reading of traces takes */
#define COPTS_TRACES (COPT_LENIENT | COPT_MERGE_TRACES | COPT_RANK_FROM)
/* the options of the analysis commands */
#define COPTS_COMMON (COPTS_OUT | COPTS_TRACES | COPT_WIDE)

void copts_init(struct copts *c, char **argv);
/* Choose c->outf and c->fmt from --format and -o by cmd_outfmt() and the
 * formats of the command c->argv[0]: 0, or -1 (usage error printed). */
int copts_choose(struct copts *c);
/*
 * The start of every analysis command: parse argv with the command's
 * options in the table own (cmd/opts.h), their offsets in base, and the
 * shared options common (COPT_*); require a log and open the output
 * (unless o is NULL: commands that write files of their own).  Returns
 * -1 to go on (then *first_log is set and o is open), or the exit status
 * to return at once.
 */
int cmd_start(struct copts *c, int argc, char **argv, const struct cmd_opt *own,
	      void *base, unsigned long common, struct out *o, int *first_log);

/*
 * The log arguments argv[first..argc) resolved into jobs by
 * iol_inputs_resolve() (sources/inputs.h: what a directory, a trace file
 * or a run of them stands for) with c's --merge-traces, a line printed
 * for each directory that held no log.  Returns 0, or -1 when one did
 * not (the others kept) or memory ran out.  The caller releases in with
 * iol_inputs_release().
 */
int cmd_inputs(const struct copts *c, int argc, char **argv, int first,
	       struct iol_inputs *in);
/* Load an input's job with c's trace options, printing the one-line
 * message on failure and the job's warnings; 0 or an IOL_E* code.  The
 * job's path is in->name. */
int cmd_load(const struct copts *c, const struct iol_input *in,
	     struct iol_job **job);
/* The one job of argv[first..argc) by cmd_inputs() and cmd_load(): 0,
 * -1 with the message printed, -2 (nothing printed, nothing loaded) when
 * the arguments are several jobs. */
int cmd_load_one(const struct copts *c, int argc, char **argv, int first,
		 struct iol_job **job);
/* fn(ctx, its name, its job) for each job of argv[first..argc) by
 * cmd_inputs() and cmd_load(), each job closed after: EXIT_OK, or
 * EXIT_DATA when one did not load or fn returned -1 for one. */
int cmd_each_job(const struct copts *c, int argc, char **argv, int first,
		 int (*fn)(void *ctx, const char *name, struct iol_job *job),
		 void *ctx);

#endif
