/*
 * iolens serve: the options, the address check, and the module.  The
 * server itself is bin/iolens-serve.so (serve/serve.h), loaded through
 * serve/host.h only here, so that no other command loads libmicrohttpd
 * (the HTML pages of report, population-report and blocks are written by
 * serve/host-html.c, their messages said here).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "cli/siteconf.h"
#include "cmd/util.h"
#include "serve/host.h"
#include "base/banned.h"

/* The token file's first line, at least 16 bytes; NULL with a message. */
static char *read_token(const char *path)
{
	char *tok = NULL;
	int r = serve_token_read(path, &tok);

	if (r == -1)
		msg("cannot read the token '%s': %s", path, strerror(errno));
	else if (r < 0)
		msg("the token in '%s' is shorter than 16 bytes", path);
	return tok;
}

/* What the options left unset comes from the site configuration (db,
 * serve.listen, serve.logs; iolens config shows them); -1 to go on, or
 * the exit status. */
static int site_defaults(struct serve_opts *o, const char **listen)
{
	const struct iol_siteconf *site = site_config();
	const char *v;

	if (!site)
		return EXIT_DATA;
	if (!o->db)
		o->db = iol_siteconf_get(site, "db", NULL);
	if (!*listen && !(*listen = iol_siteconf_get(site, "serve.listen", 0)))
		*listen = "127.0.0.1:8080";
	/* "dir:dir": a copy cut at each colon, kept for the run */
	if (!o->nlogs && (v = iol_siteconf_get(site, "serve.logs", NULL)))
		for (char *d = xstrdup(v), *t;
		     d && o->nlogs < SERVE_MAX_LOGDIRS; d = t) {
			if ((t = strchr(d, ':')))
				*t++ = '\0';
			if (*d)
				o->logs[o->nlogs++] = d;
		}
	if (!o->db)
		return usage_error("--db is required");
	return -1;
}

/* the options: the server's, and those said here */
struct sargs {
	struct serve_opts o;
	const char *listen, *tokfile, *pf;
};

static int logs(void *base, const char *arg)
{
	struct serve_opts *o = &((struct sargs *)base)->o;

	if (o->nlogs == SERVE_MAX_LOGDIRS) {
		usage_error("at most %d --logs", SERVE_MAX_LOGDIRS);
		return -1;
	}
	o->logs[o->nlogs++] = arg;
	return 0;
}

static int iostat(void *base, const char *arg)
{
	struct serve_opts *o = &((struct sargs *)base)->o;

	if (o->niostat == SERVE_MAX_IOSTAT) {
		usage_error("at most %d --iostat", SERVE_MAX_IOSTAT);
		return -1;
	}
	/* said now, not on each job page as context's error */
	if (access(arg, R_OK) < 0) {
		msg("cannot read '%s': %s", arg, strerror(errno));
		return EXIT_DATA;
	}
	o->iostat[o->niostat++] = arg;
	return 0;
}

#define AT(m) .off = offsetof(struct sargs, m)
static const struct cmd_opt options[] = {
	{"db", CO_STR, AT(o.db)},
	{"logs", CO_CALL, .fn = logs},
	{"listen", CO_STR, AT(listen)},
	{"token", CO_STR, AT(tokfile)},
	{"port-file", CO_STR, AT(pf)},
	{"max-conn", CO_INT, AT(o.max_conn), "a count from 1 to 1024", 1, 1024},
	{"timeout", CO_INT, AT(o.timeout_s), "a count from 1 to 3600", 1, 3600},
	{"iostat", CO_CALL, .fn = iostat},
	{"cache", CO_STR, AT(o.cache_dir)},
	CO_END,
};

static int parse_opts(int argc, char **argv, struct sargs *a)
{
	const struct cmd_optset sets[] = {
		{options, a, 0},
		{copts_table, NULL, COPT_HELP | COPT_VERSION},
	};
	/* a missing value told apart from an unknown option, both said in
	 * our words, not getopt's */
	int rc = cmd_opts_parse(argc, argv, sets, 2, 0);

	if (rc >= 0)
		return rc;
	if (optind < argc)
		return usage_error("unexpected argument '%s'", argv[optind]);
	return site_defaults(&a->o, &a->listen);
}

/* Check the address and the token; 0, or the exit status. */
static int check_listen(struct serve_opts *o, const char *listen,
			const char *tokfile, char *lbuf, size_t n)
{
	int lo;

	snprintf(lbuf, n, "%s", listen);
	if (serve_parse_listen(lbuf, &o->host, &o->port) < 0)
		return usage_error("--listen wants addr:port, not '%s'",
				   listen);
	lo = serve_is_loopback(o->host);
	if (lo < 0)
		return usage_error("--listen wants a numeric address, not "
				   "'%s'",
				   o->host);
	if (!lo && !tokfile) {
		msg("refusing to listen on %s, not a loopback address, "
		    "without --token file",
		    o->host);
		return EXIT_USAGE;
	}
	if (tokfile && !(o->token = read_token(tokfile)))
		return EXIT_USAGE;
	return 0;
}

int cmd_serve(int argc, char **argv)
{
	const struct iol_serve *mod;
	struct sargs a = {.o = {.max_conn = 64,
				.timeout_s = 30,
				.cache_bytes = (size_t)512 << 20,
				.port_file_fd = -1}};
	char lbuf[256], self[PATH_MAX];
	struct iol_error err = {0};
	int rc;

	rc = parse_opts(argc, argv, &a);
	if (rc >= 0)
		return rc;
	rc = check_listen(&a.o, a.listen, a.tokfile, lbuf, sizeof(lbuf));
	if (rc)
		return rc;
	if (!(mod = serve_module_of_self(self, "the server", &err))) {
		msg("%s", err.msg);
		return EXIT_DATA;
	}
	a.o.self = self;
	if (a.pf && (a.o.port_file_fd = open(
			     a.pf, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
			     0644)) < 0) {
		msg("cannot write '%s': %s", a.pf, strerror(errno));
		return EXIT_DATA;
	}
	rc = mod->run(&a.o, &err);
	if (a.o.port_file_fd >= 0)
		close(a.o.port_file_fd);
	free((char *)a.o.token);
	if (rc < 0) {
		msg("%s", err.msg[0] ? err.msg : iol_strerror(rc));
		return EXIT_DATA;
	}
	return EXIT_OK;
}

/* rc of a serve_html_*(): the exit status, the message said */
static int html_done(int rc, const struct iol_error *err)
{
	if (rc < 0)
		msg("%s", err->msg);
	return rc < 0 ? EXIT_DATA : EXIT_OK;
}

/* iolens report LOG -o job.html (cmd/report.c) */
int serve_report_html(const char *log, const char *out)
{
	struct iol_error err = {0};

	return html_done(serve_html_report(log, out, &err), &err);
}

/* iolens population-report --db S -o pop.html */
int serve_pop_html(const char *db, const char *where, const char *out)
{
	struct iol_error err = {0};

	return html_done(serve_html_pop(db, where, out, &err), &err);
}

/* iolens blocks TRACE... -o blocks.html: args the command's */
int serve_blocks_html(char *const *args, int nargs, const char *name,
		      int by_bytes, const char *out)
{
	struct iol_error err = {0};
	char *notes;
	int rc = serve_html_blocks(args, nargs, name, by_bytes, out, &notes,
				   &err);

	if (notes)
		fputs(notes, stderr);
	free(notes);
	return html_done(rc, &err);
}
