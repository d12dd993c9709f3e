/*
 * The site configuration read once for the command (cli/siteconf.h); the
 * finding and reading are population/siteconf-read.c's.
 */
#include <string.h>

#include "cli/opts.h"
#include "cli/siteconf.h"
#include "render/diag.h"
#include "base/banned.h"

struct iol_sitefile site_files[2];

const struct iol_siteconf *site_config(void)
{
	static struct iol_siteconf c;
	static int state; /* 0 not read, 1 good, -1 bad */
	struct iol_error err = {0};
	int rc, bad;

	if (state)
		return state > 0 ? &c : NULL;
	state = -1;
	iol_siteconf_init(&c);
	/* iolens help --complete runs the commands for their option tables
	 * (cmd_opts_each): the site's files and variables are none of
	 * them, and a bad one kept config, which reads them before its
	 * options, from stating its own */
	if (cmd_opts_each) {
		state = 1;
		return &c;
	}
	rc = iol_siteconf_read(&c, site_files, &bad, &err);
	if (rc == IOL_EIO)
		msg("cannot %s '%s': %s", err.msg, site_files[bad].path,
		    strerror(err.sys));
	else if (rc < 0)
		msg("%s", iol_error_text(&err, rc));
	if (rc < 0)
		return NULL;
	state = 1;
	return &c;
}
