/*
 * Shared option handling of the analysis commands.
 */
#define _DEFAULT_SOURCE
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <getopt.h>

#include "cmd/common.h"
#include "render/view.h"
#include "cli/siteconf.h"
#include "cmd/util.h"
#include "base/banned.h"

void copts_init(struct copts *c, char **argv)
{
	memset(c, 0, sizeof(*c));
	c->argv = argv;
	c->fmt = FMT_TEXT;
}

int copts_choose(struct copts *c)
{
	unsigned mask;
	int dflt;
	const char *own;

	out_formats_of(c->argv ? c->argv[0] : NULL, &mask, &dflt, &own);
	c->outf = cmd_outfmt(c->fmtarg, c->outpath, mask, dflt, own);
	if (c->outf < 0)
		return -1;
	c->fmt = c->outf <= OUTF_JSON ? c->outf : FMT_TEXT;
	return 0;
}

/* What a command's arguments are, for "no ... given". */
static const char *arg_noun(const char *cmd)
{
	static const char *const t[][2] = {
		{"iostat", "recording (iostat -x -t text or JSON, diskstats)"},
		{"fsstats", "directory to walk or snapshot"},
		{"fsload", "recording (LMT, h5lmt, TOKIO HDF5, lfs df, "
			   "lctl dl -t, mmperfmon)"},
		{"convert", "trace"},
		{"replay-script", "trace"},
	};

	for (size_t i = 0; cmd && i < sizeof t / sizeof *t; i++)
		if (!strcmp(cmd, t[i][0]))
			return t[i][1];
	return "log";
}

/* After the options: the output chosen, the site's processes per node,
 * a log required and the output opened; as cmd_start() says. */
static int copts_rest(struct copts *c, int argc, char **argv, struct out *o,
		      int *first_log)
{
	const struct iol_siteconf *site;

	if (copts_choose(c) < 0)
		return EXIT_USAGE;
	/* the site's processes per node, unless given here */
	if (!(site = site_config()))
		return EXIT_DATA;
	c->m.site_ppn = iol_siteconf_ppn(site, NULL, NULL);
	if (optind >= argc && !c->args_optional)
		return usage_error("no %s given", arg_noun(argv[0]));
	if (o && cmd_out_open(o, c->outpath, c->fmt) < 0)
		return EXIT_DATA;
	*first_log = optind;
	return -1;
}

static int wide(void *base, const char *arg)
{
	(void)base, (void)arg;
	out_set_width(0);
	return 0;
}

#define AT(m) .off = offsetof(struct copts, m)
/* The shared options, in the order of their COPT_* bits. */
const struct cmd_opt copts_table[] = {
	{"format", CO_STR, AT(fmtarg)}, /* see copts_choose */
	{"output", CO_STR, AT(outpath), .letter = 'o'},
	{"lenient", CO_FLAG, AT(in.lenient)},
	{"merge-traces", CO_FLAG, AT(in.merge_traces)},
	{"rank-from", CO_WORD, AT(in.rank_from), "file|pid"},
	{"wide", CO_DO, .fn = wide},
	{"nodes", CO_COUNT, AT(m.nodes)},
	{"procs-per-node", CO_COUNT, AT(m.ppn)},
	{"help", CO_HELP, .letter = 'h'},
	{"version", CO_VERSION, .letter = 0},
	CO_END,
};

int cmd_start(struct copts *c, int argc, char **argv, const struct cmd_opt *own,
	      void *base, unsigned long common, struct out *o, int *first_log)
{
	const struct cmd_optset sets[] = {
		{copts_table, c, common | COPT_HELP | COPT_VERSION},
		{own, base, 0},
	};
	int r;

	copts_init(c, argv);
	r = cmd_opts_parse(argc, argv, sets, own ? 2 : 1, 0);
	return r >= 0 ? r : copts_rest(c, argc, argv, o, first_log);
}
