/*
 * iolens config: the site configuration in force (population/siteconf.h)
 * and where each value came from — the system file, the user's file, an
 * IOLENS_* variable, an option here, or the built-in default — so a user
 * can see why a command took the store or the thresholds it did.
 */
#include "cmd/commands.h"
#include "cmd/common.h"
#include "cli/siteconf.h"
#include "cmd/util.h"
#include "render/views.h"
#include "base/banned.h"

/* --db and --procs-per-node: values of the configuration shown */
static int set(void *c, const char *key, const char *arg, const char *opt)
{
	struct iol_error err = {0};

	if (iol_siteconf_set(c, key, arg, opt, &err) < 0) {
		usage_error("%s", err.msg);
		return -1;
	}
	return 0;
}

static int db(void *c, const char *arg)
{
	return set(c, "db", arg, "--db");
}

static int ppn(void *c, const char *arg)
{
	return set(c, "procs_per_node", arg, "--procs-per-node");
}

static const struct cmd_opt options[] = {
	{"db", CO_CALL, .fn = db},
	{"procs-per-node", CO_CALL, .fn = ppn},
	CO_END,
};

static int options_of(int argc, char **argv, struct copts *co,
		      struct iol_siteconf *c)
{
	const struct cmd_optset sets[] = {
		{options, c, 0},
		{copts_table, co,
		 COPTS_OUT | COPT_WIDE | COPT_HELP | COPT_VERSION},
	};
	int rc = cmd_opts_parse(argc, argv, sets, 2, 0);

	if (rc >= 0)
		return rc;
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
	rc = options_of(argc, argv, &co, &c);
	if (rc < 0)
		rc = cmd_out_open(&o, co.outpath, co.fmt) < 0 ? EXIT_DATA : -1;
	if (rc < 0) {
		iol_view_config_print(&o, &c, site_files, 2);
		rc = cmd_out_close(&o, 1) < 0 ? EXIT_DATA : EXIT_OK;
	}
	iol_siteconf_release(&c);
	return rc;
}
