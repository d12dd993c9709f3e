/*
 * The site configuration of this run (population/siteconf.h): the
 * system file (/etc/iolens/config, or the file IOLENS_CONFIG names), the
 * user's ($XDG_CONFIG_HOME or ~/.config, then iolens/config), then the
 * IOLENS_* variables; options are the commands' own, applied after.
 */
#ifndef IOLENS_CMD_SITECONF_H
#define IOLENS_CMD_SITECONF_H

#include "population/siteconf.h"

/* The configuration, read once; NULL with the message printed ("iolens
 * trend: /etc/iolens/config:3: db: empty") when a source is bad. */
const struct iol_siteconf *site_config(void);

/* The files site_config() looked at, for iolens config: path and
 * whether it was read (0: not present). */
struct site_file {
	char path[4096];
	int read;
};
extern struct site_file site_files[2];

/* The IOLENS_* variables and the keys they set. */
extern const char *const site_vars[][2];

#endif
