/*
 * Options shared by the analysis commands (summary, files, hist, meta,
 * timeline): --format, -o, --nodes, --procs-per-node, how traces are read;
 * their LOG arguments are loaded by cli/inputs.h.
 */
#ifndef IOLENS_COMMON_H
#define IOLENS_COMMON_H

#include <getopt.h>

#include "cli/inputs.h"
#include "cli/opts.h"
#include "cli/output.h"
#include "model/job.h"
#include "analysis/metrics.h"
#include "render/outfmt.h"
#include "render/output.h"
#include "sources/inputs.h"

struct copts {
	char **argv;	      /* for messages */
	struct cmd_inopts in; /* --rank-from, --lenient, --merge-traces */
	int fmt;	      /* FMT_*: the table format (text for a drawing) */
	int outf;	      /* OUTF_*: the output chosen by cmd_outfmt() */
	const char *fmtarg;   /* --format as given, NULL when not */
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

#endif
