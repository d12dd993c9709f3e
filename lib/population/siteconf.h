/*
 * The site configuration (man/iolens-config.1): a small key = value file
 * a facility writes once, so that users need not repeat --db,
 * --procs-per-node, the files to leave out or the triage thresholds.
 * Sources, later ones winning key by key: /etc/iolens/config (or the
 * file IOLENS_CONFIG names), the user's $XDG_CONFIG_HOME/iolens/config,
 * IOLENS_* variables, then options.  Finding the files and reading them
 * and the variables is siteconf-read.c's; siteconf.c parses and checks
 * the values and keeps where each came from.
 *
 * The form: one "key = value" a line; blank lines and lines whose first
 * non-blank character is '#' are comments (a '#' later on a line is part
 * of the value: regular expressions hold them).  Keys:
 *   db = STORE                        the default --db
 *   procs_per_node = N                the default --procs-per-node
 *   procs_per_node.partition.NAME = N for jobs of that partition
 *   procs_per_node.host.PATTERN = N   for jobs whose host matches the
 *                                     shell PATTERN (fnmatch)
 *   exclude = REGEX                   one more default exclusion of top
 *                                     files (lines add up; an empty value
 *                                     drops those before it)
 *   triage.KEY = NUMBER               a threshold or floor of triage
 *                                     (iolens triage --print-config)
 *   serve.listen = HOST:PORT          iolens serve's address
 *   serve.logs = DIR[:DIR...]         the log directories serve offers
 *
 * Ownership: struct iol_siteconf is caller storage; everything it holds
 * is allocated here and freed by iol_siteconf_release().  Strings it
 * returns are borrowed until then.
 */
#ifndef IOLENS_SITECONF_H
#define IOLENS_SITECONF_H

#include <stddef.h>
#include <stdint.h>

#include "base/error.h"

struct iol_siteval {
	char *key, *value;
	char *origin; /* "/etc/iolens/config:3", "IOLENS_DB", "--db" */
};

struct iol_siteconf {
	struct iol_siteval *v; /* in the order first set */
	size_t n, cap;
};

void iol_siteconf_init(struct iol_siteconf *c);
/*
 * The lines of text, read from the file name, into c.  A bad line stops
 * the parse with IOL_EINVAL (IOL_ENOMEM) and err->msg "name:line:
 * reason" (an unknown key, no '=', a value of the wrong kind).
 */
int iol_siteconf_parse(struct iol_siteconf *c, const char *text,
		       const char *name, struct iol_error *err);
/* One value from elsewhere (origin: "IOLENS_DB", "--db"), checked as a
 * line is; err->msg "origin: reason". */
int iol_siteconf_set(struct iol_siteconf *c, const char *key, const char *value,
		     const char *origin, struct iol_error *err);
/* The value of key in force, NULL when unset; *origin (may be NULL) where
 * it came from. */
const char *iol_siteconf_get(const struct iol_siteconf *c, const char *key,
			     const char **origin);
/* Processes per node for a job of partition and host (each may be
 * NULL): the partition's value, else the first host pattern matching,
 * else procs_per_node; 0 when none applies. */
int64_t iol_siteconf_ppn(const struct iol_siteconf *c, const char *partition,
			 const char *host);
/* The triage.* values as triage.conf text ("key = value" lines) for
 * iol_triage_conf_parse(); the caller frees it.  NULL: out of memory. */
char *iol_siteconf_triage_text(const struct iol_siteconf *c);
struct iol_triage_conf;
/* The triage thresholds of this site: the defaults, then c's triage.*
 * values, then the file at path (NULL: none), as
 * iol_triage_conf_load_over() says; IOL_ENOMEM with err's text empty
 * when memory ran out first. */
int iol_siteconf_triage_conf(const struct iol_siteconf *c, const char *path,
			     struct iol_triage_conf *tc, struct iol_error *err);
struct iol_excl;
/* The default exclusions of this site into ex (iol_excl_init()'s): the
 * built-in patterns and c's exclude lines when defaults, else none.  0,
 * or < 0 with err, *origin the bad line's origin (NULL: none). */
int iol_siteconf_excl(const struct iol_siteconf *c, int defaults,
		      struct iol_excl *ex, const char **origin,
		      struct iol_error *err);
/* A copy of from's values and origins into to (initialised here), that
 * options may then override; to is released by the caller either way. */
int iol_siteconf_copy(struct iol_siteconf *to, const struct iol_siteconf *from,
		      struct iol_error *err);
void iol_siteconf_release(struct iol_siteconf *c);

/* A file of the configuration: its path ("" when there is none, as
 * without $HOME) and whether it was read (0: not present). */
struct iol_sitefile {
	char path[4096];
	int read;
};
/* The IOLENS_* variables and the keys they set; {NULL, NULL} ends it. */
extern const char *const iol_siteconf_vars[][2];
/*
 * The sources into c (initialised): files[0] the system file, files[1]
 * the user's, then the variables.  A file IOLENS_CONFIG names must be
 * there; the others may be absent.  *bad: the index in files of the one
 * that failed, -1 for a variable.  Fails with IOL_EIO when a file cannot
 * be opened or read (err->sys the errno, err->msg "open" or "read"),
 * IOL_ENOMEM, or IOL_EINVAL with err->msg "file:line: reason" or
 * "IOLENS_DB: reason".
 */
int iol_siteconf_read(struct iol_siteconf *c, struct iol_sitefile files[2],
		      int *bad, struct iol_error *err);

#endif
