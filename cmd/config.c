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
#include "analysis/triage.h"
#include "render/views.h"
#include "base/banned.h"

static void row(struct out *o, const char *k, const char *v, const char *src)
{
	out_str(o, k);
	out_str(o, v ? v : "");
	out_str(o, src);
	out_endrow(o);
}

/* The keys set, then the plain keys unset and every triage threshold
 * left at its default. */
static void print(struct out *o, const struct iol_siteconf *c)
{
	static const char *const plain[] = {"db", "procs_per_node",
					    "serve.listen", "serve.logs"};
	struct iol_triage_conf def;
	struct iol_error err = {0};
	char key[96], val[64];
	size_t i;

	iol_triage_conf_parse(&def, NULL, &err);
	out_view(o, &iol_view_config);
	for (i = 0; i < c->n; i++)
		row(o, c->v[i].key, c->v[i].value, c->v[i].origin);
	for (i = 0; i < sizeof plain / sizeof *plain; i++)
		if (!iol_siteconf_get(c, plain[i], NULL))
			row(o, plain[i], NULL, "not set");
	for (int k = 0; iol_triage_conf_key(k); k++) {
		snprintf(key, sizeof key, "triage.%s", iol_triage_conf_key(k));
		if (iol_siteconf_get(c, key, NULL))
			continue;
		snprintf(val, sizeof val, "%g", def.v[k]);
		row(o, key, val, "default");
	}
	out_endtable(o);
}

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

/* A copy of the sources' values, that options here may override. */
static int copy(struct iol_siteconf *to, const struct iol_siteconf *from)
{
	struct iol_error err = {0};

	iol_siteconf_init(to);
	for (size_t i = 0; i < from->n; i++)
		if (iol_siteconf_set(to, from->v[i].key, from->v[i].value,
				     from->v[i].origin, &err) < 0)
			return -1;
	return 0;
}

static void files_read(struct out *o)
{
	for (int i = 0; i < 2; i++)
		if (site_files[i].path[0])
			out_text(o, "%s: %s\n", site_files[i].path,
				 site_files[i].read ? "read" : "not present");
	out_text(o, "\n");
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
	if (copy(&c, site) < 0) {
		msg("out of memory");
		return EXIT_DATA;
	}
	rc = options(argc, argv, &co, &c);
	if (rc < 0)
		rc = cmd_out_open(&o, co.outpath, co.fmt) < 0 ? EXIT_DATA : -1;
	if (rc < 0) {
		if (o.fmt == FMT_TEXT)
			files_read(&o);
		print(&o, &c);
		rc = cmd_out_close(&o, 1) < 0 ? EXIT_DATA : EXIT_OK;
	}
	iol_siteconf_release(&c);
	return rc;
}
