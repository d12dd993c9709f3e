/*
 * The site configuration of this run (population/siteconf.h), read once
 * by iol_siteconf_read() with its failure said here; options are the
 * commands' own, applied after.
 */
#ifndef IOLENS_CLI_SITECONF_H
#define IOLENS_CLI_SITECONF_H

#include "population/siteconf.h"

/* The configuration, read once; NULL with the message printed ("iolens
 * trend: /etc/iolens/config:3: db: empty") when a source is bad. */
const struct iol_siteconf *site_config(void);

/* The files site_config() looked at, for iolens config. */
extern struct iol_sitefile site_files[2];

#endif
