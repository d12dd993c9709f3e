/*
 * Finding and reading the site configuration's sources (siteconf.h): the
 * system file, the user's, then the IOLENS_* variables; the parsing and
 * checks are siteconf.c's.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "population/siteconf.h"
#include "base/banned.h"

const char *const iol_siteconf_vars[][2] = {
	{"IOLENS_DB", "db"},
	{"IOLENS_PROCS_PER_NODE", "procs_per_node"},
	{"IOLENS_EXCLUDE", "exclude"},
	{"IOLENS_SERVE_LISTEN", "serve.listen"},
	{"IOLENS_SERVE_LOGS", "serve.logs"},
	{NULL, NULL},
};

/* An open or read failure of a file: its errno and which it was. */
static int io_fail(struct iol_error *err, const char *what)
{
	int sys = errno;

	iol_error_set(err, IOL_EIO, "%s", what);
	if (err)
		err->sys = sys;
	return IOL_EIO;
}

/* The whole file at path into *text (caller frees): 1 read, 0 not
 * present (when it may be absent), else a negative IOL_E* code. */
static int slurp(const char *path, int may_lack, char **text,
		 struct iol_error *err)
{
	size_t n = 0, cap = 0;
	char *t = NULL;
	FILE *f = fopen(path, "r");

	if (!f) {
		if (may_lack && errno == ENOENT)
			return 0;
		return io_fail(err, "open");
	}
	for (;;) {
		size_t r;

		if (n + 4097 > cap) {
			char *g = realloc(t, cap = 2 * cap + 8192);

			if (!g) {
				free(t), fclose(f);
				return iol_error_set(err, IOL_ENOMEM, "%s",
						     iol_strerror(IOL_ENOMEM));
			}
			t = g;
		}
		r = fread(t + n, 1, 4096, f);
		n += r;
		if (r < 4096)
			break;
	}
	if (ferror(f)) {
		int rc = io_fail(err, "read");

		free(t), fclose(f);
		return rc;
	}
	fclose(f);
	t[n] = '\0';
	*text = t;
	return 1;
}

static int read_file(struct iol_siteconf *c, struct iol_sitefile *sf,
		     int may_lack, struct iol_error *err)
{
	char *text = NULL;
	int rc = slurp(sf->path, may_lack, &text, err);

	if (rc <= 0)
		return rc;
	sf->read = 1;
	rc = iol_siteconf_parse(c, text, sf->path, err);
	free(text);
	return rc < 0 ? rc : 0;
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

static int read_vars(struct iol_siteconf *c, struct iol_error *err)
{
	for (int i = 0; iol_siteconf_vars[i][0]; i++) {
		const char *v = getenv(iol_siteconf_vars[i][0]);
		int rc;

		if (v &&
		    (rc = iol_siteconf_set(c, iol_siteconf_vars[i][1], v,
					   iol_siteconf_vars[i][0], err)) < 0)
			return rc;
	}
	return 0;
}

int iol_siteconf_read(struct iol_siteconf *c, struct iol_sitefile files[2],
		      int *bad, struct iol_error *err)
{
	const char *sys = getenv("IOLENS_CONFIG");
	int rc;

	memset(files, 0, 2 * sizeof(*files));
	*bad = -1;
	snprintf(files[0].path, sizeof files[0].path, "%s",
		 sys && *sys ? sys : "/etc/iolens/config");
	user_path(files[1].path, sizeof files[1].path);
	/* a file named by IOLENS_CONFIG must be there: a typo would
	 * otherwise pass for "no configuration" */
	if ((rc = read_file(c, &files[0], !(sys && *sys), err)) < 0) {
		*bad = 0;
		return rc;
	}
	if (files[1].path[0] && (rc = read_file(c, &files[1], 1, err)) < 0) {
		*bad = 1;
		return rc;
	}
	return read_vars(c, err);
}
