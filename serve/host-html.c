/*
 * The binary's side of the server module's HTML writers (serve/host.h):
 * report -o job.html, population-report -o pop.html and blocks -o
 * blocks.html ask the module (serve/export*.c) for the page, written
 * here through a temporary renamed when complete.  Like serve/host.c it
 * goes into the binary, never into the module; the commands say what
 * failed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "render/output.h"
#include "serve/host.h"
#include "base/banned.h"

const struct iol_serve *serve_module_of_self(char *self, const char *what,
					     struct iol_error *err)
{
	const struct iol_serve *mod;
	char why[PATH_MAX + 256];
	ssize_t k = readlink("/proc/self/exe", self, PATH_MAX - 1);

	if (k <= 0) {
		iol_error_set(err, IOL_EIO, "cannot find the iolens binary: %s",
			      strerror(errno));
		return NULL;
	}
	self[k] = '\0';
	if (!(mod = serve_module_load(self, why, sizeof(why))))
		iol_error_set(err, IOL_EIO, "cannot load %s: %s", what, why);
	return mod;
}

/* The page the module made (buf, len: taken over) written to out
 * through a temporary renamed when complete. */
static int write_page(char *buf, size_t len, const char *out,
		      struct iol_error *err)
{
	int rc = out_write_file(out, buf, len);

	if (rc < 0)
		iol_error_set(err, IOL_EIO, "cannot write '%s': %s", out,
			      strerror(errno));
	free(buf);
	return rc < 0 ? -1 : 0;
}

/* The options of the module's HTML writers, o->self this binary; the
 * module, or NULL with the reason in err. */
static const struct iol_serve *html_opts(struct serve_opts *o, char *self,
					 struct iol_error *err)
{
	memset(o, 0, sizeof(*o));
	o->timeout_s = 600;
	o->cache_bytes = (size_t)512 << 20;
	o->port_file_fd = -1;
	o->self = self;
	return serve_module_of_self(self, "the HTML writer", err);
}

int serve_html_report(const char *log, const char *out, struct iol_error *err)
{
	const struct iol_serve *mod;
	struct serve_opts o;
	char self[PATH_MAX], *buf;
	size_t len;

	if (!(mod = html_opts(&o, self, err)) ||
	    mod->report_html(&o, log, &buf, &len, err) < 0)
		return -1;
	return write_page(buf, len, out, err);
}

int serve_html_pop(const char *db, const char *where, const char *out,
		   struct iol_error *err)
{
	const struct iol_serve *mod;
	struct serve_opts o;
	char self[PATH_MAX], *buf;
	size_t len;

	if (!(mod = html_opts(&o, self, err)))
		return -1;
	o.db = db;
	if (mod->pop_html(&o, where, &buf, &len, err) < 0)
		return -1;
	return write_page(buf, len, out, err);
}

int serve_html_blocks(char *const *args, int nargs, const char *name,
		      int by_bytes, const char *out, char **notes,
		      struct iol_error *err)
{
	const struct iol_serve *mod;
	struct serve_opts o;
	char self[PATH_MAX], *buf;
	size_t len;

	*notes = NULL;
	if (!(mod = html_opts(&o, self, err)))
		return -1;
	if (mod->blocks_html(&o, (const char *const *)args, nargs, name,
			     by_bytes, notes, &buf, &len, err) < 0) {
		free(*notes);
		*notes = NULL;
		return -1;
	}
	return write_page(buf, len, out, err);
}
