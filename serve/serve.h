/*
 * iolens serve: the browser over a population store and its logs.  The
 * HTTP server is a module of its own, bin/iolens-serve.so, linking
 * libmicrohttpd (and Cairo for the timeline), loaded by `iolens serve`
 * alone (cmd/serve.c), so that no other command loads libmicrohttpd and
 * GnuTLS, or needs them installed.  A module rather than dlsym() of
 * libmicrohttpd's own functions: its API is a dozen calls with variadic
 * option lists, which the compiler checks against <microhttpd.h> only
 * when they are called by name.
 *
 * Ownership: the options are the caller's and outlive run().
 */
#ifndef IOLENS_SERVE_H
#define IOLENS_SERVE_H

#include <stddef.h>

#include "base/error.h"

#define SERVE_MAX_LOGDIRS 16
#define SERVE_MAX_IOSTAT 16

struct serve_opts {
	const char *db; /* the population store */
	const char
		*logs[SERVE_MAX_LOGDIRS]; /* directories logs are read under */
	int nlogs;
	/* the devices' recordings (iolens iostat reads them) a job page's
	 * context is given, for the job's I/O weather */
	const char *iostat[SERVE_MAX_IOSTAT];
	int niostat;
	const char *host; /* numeric address to listen on */
	unsigned port;
	const char *token;  /* the secret every request carries, or NULL */
	const char *self;   /* the iolens binary the pages run */
	unsigned max_conn;  /* concurrent connections */
	unsigned timeout_s; /* per request (and idle connection) */
	size_t cache_bytes; /* the timeline index cache */
	int port_file_fd;   /* the bound port is written here, or -1 */
	/* the store's tables kept across starts here (NULL: the user's
	 * cache directory; "": none) */
	const char *cache_dir;
};

/* bumped when a member changes, so a stale module is refused */
#define IOL_SERVE_VERSION 5

struct iol_serve {
	int version;
	/* Serve until SIGINT or SIGTERM: 0, or an IOL_E* code with err. */
	int (*run)(const struct serve_opts *o, struct iol_error *err);
	/* The report of log as one self-contained HTML file in *buf (*len
	 * bytes, the caller frees it): 0, or an IOL_E* code with err. */
	int (*report_html)(const struct serve_opts *o, const char *log,
			   char **buf, size_t *len, struct iol_error *err);
	/* The population report of the store o->db (jobs matching where,
	 * or all when NULL) as one such file: the same. */
	int (*pop_html)(const struct serve_opts *o, const char *where,
			char **buf, size_t *len, struct iol_error *err);
	/* The code blocks of a trace, their table and I/O flame graph
	 * (by bytes moved when by_bytes), as one such file: args[0..n)
	 * the blocks command's arguments (its -o and --format left out),
	 * name the trace's (the page's title); *notes its warnings (or
	 * NULL), the caller says and frees them; the same otherwise. */
	int (*blocks_html)(const struct serve_opts *o, const char *const *args,
			   int n, const char *name, int by_bytes, char **notes,
			   char **buf, size_t *len, struct iol_error *err);
};

/* The module's table (the one symbol the binary looks up). */
const struct iol_serve *iolens_serve(void);

#endif
