/*
 * Finding and reading the site configuration's sources (siteconf.h);
 * the parsing and checks are population/siteconf.c's.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/siteconf.h"
#include "cmd/util.h"
#include "base/banned.h"

struct site_file site_files[2];

const char *const site_vars[][2] = {
	{"IOLENS_DB", "db"},
	{"IOLENS_PROCS_PER_NODE", "procs_per_node"},
	{"IOLENS_EXCLUDE", "exclude"},
	{"IOLENS_SERVE_LISTEN", "serve.listen"},
	{"IOLENS_SERVE_LOGS", "serve.logs"},
	{NULL, NULL},
};

/* The whole file at path into *text (caller frees): 1 read, 0 not
 * present (when it may be absent), -1 with the message printed. */
static int slurp(const char *path, int may_lack, char **text)
{
	size_t n = 0, cap = 0;
	char *t = NULL;
	FILE *f = fopen(path, "r");

	if (!f) {
		if (may_lack && errno == ENOENT)
			return 0;
		msg("cannot open '%s': %s", path, strerror(errno));
		return -1;
	}
	for (;;) {
		size_t r;

		if (n + 4097 > cap) {
			char *g = realloc(t, cap = 2 * cap + 8192);

			if (!g) {
				free(t), fclose(f);
				msg("out of memory");
				return -1;
			}
			t = g;
		}
		r = fread(t + n, 1, 4096, f);
		n += r;
		if (r < 4096)
			break;
	}
	if (ferror(f)) {
		msg("cannot read '%s': %s", path, strerror(errno));
		free(t), fclose(f);
		return -1;
	}
	fclose(f);
	t[n] = '\0';
	*text = t;
	return 1;
}

static int read_file(struct iol_siteconf *c, struct site_file *sf, int may_lack)
{
	struct iol_error err = {0};
	char *text = NULL;
	int rc = slurp(sf->path, may_lack, &text);

	if (rc <= 0)
		return rc;
	sf->read = 1;
	rc = iol_siteconf_parse(c, text, sf->path, &err);
	free(text);
	if (rc < 0)
		msg("%s", err.msg);
	return rc < 0 ? -1 : 0;
}

static void user_path(char *buf, size_t n)
{
	const char *x = getenv("XDG_CONFIG_HOME"), *h = getenv("HOME");

	if (x && *x == '/')
		snprintf(buf, n, "%s/iolens/config", x);
	else if (h && *h)
		snprintf(buf, n, "%s/.config/iolens/config", h);
	else
		buf[0] = '\0';
}

static int read_vars(struct iol_siteconf *c)
{
	struct iol_error err = {0};

	for (int i = 0; site_vars[i][0]; i++) {
		const char *v = getenv(site_vars[i][0]);

		if (v && iol_siteconf_set(c, site_vars[i][1], v,
					  site_vars[i][0], &err) < 0) {
			msg("%s", err.msg);
			return -1;
		}
	}
	return 0;
}

const struct iol_siteconf *site_config(void)
{
	static struct iol_siteconf c;
	static int state; /* 0 not read, 1 good, -1 bad */
	const char *sys = getenv("IOLENS_CONFIG");

	if (state)
		return state > 0 ? &c : NULL;
	state = -1;
	iol_siteconf_init(&c);
	snprintf(site_files[0].path, sizeof site_files[0].path, "%s",
		 sys && *sys ? sys : "/etc/iolens/config");
	user_path(site_files[1].path, sizeof site_files[1].path);
	/* a file named by IOLENS_CONFIG must be there: a typo would
	 * otherwise pass for "no configuration" */
	if (read_file(&c, &site_files[0], !(sys && *sys)) < 0 ||
	    (site_files[1].path[0] && read_file(&c, &site_files[1], 1) < 0) ||
	    read_vars(&c) < 0)
		return NULL;
	state = 1;
	return &c;
}
