/*
 * iolens config: the site configuration in force (population/siteconf.h)
 * and where each value came from — the system file, the user's file, an
 * IOLENS_* variable, an option here, or the built-in default — so a user
 * can see why a command took the store or the thresholds it did.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/siteconf.h"
#include "cmd/util.h"
#include "render/views.h"
#include "base/banned.h"

static int options(int argc, char **argv, struct copts *co,
		   struct iol_siteconf *c)
{
	static const struct option longopts[] = {
		{"db", required_argument, NULL, 'd'},
		{"procs-per-node", required_argument, NULL, 'p'},
		COMMON_LONGOPTS,
		{NULL, 0, NULL, 0}};
	struct iol_error err = {0};
	int opt, done = 0, r;

	optind = 1;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, COMMON_SHORTOPTS, longopts,
				  NULL)) != -1) {
		if (opt == 'h')
			return cmd_help(NULL);
		if (opt == 'd' || opt == 'p') {
			if (iol_siteconf_set(
				    c, opt == 'd' ? "db" : "procs_per_node",
				    optarg,
				    opt == 'd' ? "--db" : "--procs-per-node",
				    &err) < 0)
				return usage_error("%s", err.msg);
			continue;
		}
		if ((r = copts_handle(co, opt, optarg, &done)) < 0)
			return EXIT_USAGE;
		if (done)
			return EXIT_OK;
		if (!r)
			return usage_error("unknown option '%s'",
					   argv[optind - 1]);
	}
	if (optind < argc)
		return usage_error("unexpected argument '%s'", argv[optind]);
	return copts_choose(co) < 0 ? EXIT_USAGE : -1;
}

int cmd_config(int argc, char **argv)
{
	const struct iol_siteconf *site = site_config();
	struct iol_siteconf c;
	struct copts co;
	struct out o;
	int rc;

	if (!site)
		return EXIT_DATA;
	copts_init(&co, argv);
	if (iol_siteconf_copy(&c, site, NULL) < 0) {
		iol_siteconf_release(&c);
		msg("out of memory");
		return EXIT_DATA;
	}
	rc = options(argc, argv, &co, &c);
	if (rc < 0)
		rc = cmd_out_open(&o, co.outpath, co.fmt) < 0 ? EXIT_DATA : -1;
	if (rc < 0) {
		iol_view_config_print(&o, &c, site_files, 2);
		rc = cmd_out_close(&o, 1) < 0 ? EXIT_DATA : EXIT_OK;
	}
	iol_siteconf_release(&c);
	return rc;
}
