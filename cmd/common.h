/*
 * Options and helpers shared by the analysis commands (summary, files,
 * hist, meta, timeline): --format, -o, --nodes, --procs-per-node, and the
 * loading of each LOG argument with the house error message.
 */
#ifndef IOLENS_COMMON_H
#define IOLENS_COMMON_H

#include <getopt.h>

#include "job.h"
#include "metrics.h"
#include "output.h"

struct copts {
	char **argv;		/* for messages */
	int fmt;
	const char *outpath;
	struct iol_opts m;
};

enum {
	OPT_FORMAT = 1000, OPT_NODES, OPT_PPN, OPT_VERSION, OPT_LAST_COMMON
};

#define COMMON_LONGOPTS                                                       \
	{ "format", required_argument, NULL, OPT_FORMAT },                    \
	{ "help", no_argument, NULL, 'h' },                                    \
	{ "output", required_argument, NULL, 'o' },                            \
	{ "version", no_argument, NULL, OPT_VERSION }
#define NODE_LONGOPTS                                                         \
	{ "nodes", required_argument, NULL, OPT_NODES },                      \
	{ "procs-per-node", required_argument, NULL, OPT_PPN }
/* getopt_long option string of every analysis command: ':' first so a
 * missing value is told apart from an unknown option */
#define COMMON_SHORTOPTS ":ho:"

void copts_init(struct copts *c, char **argv);
/* Handle a common option: 1 handled, 0 not common, -1 usage error
 * (message printed).  OPT_VERSION prints the version and sets *done. */
int copts_handle(struct copts *c, int opt, const char *arg, int *done);
/* Load a job; prints the one-line message on failure. */
int load_job(struct iol_job **job, const char *path);
/* "2026-11-21 06:36:29 UTC" for an epoch second, in UTC. */
const char *fmt_time(char *buf, size_t n, int64_t secs);
int parse_count(const char *s, int64_t *v);

#endif
