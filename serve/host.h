/*
 * The side of `iolens serve` that lives in the binary, not in
 * bin/iolens-serve.so: finding and loading the module, and reading the
 * address to listen on and the token.  Linked into bin/iolens (cmd/serve.c, and
 * cmd/report.c's HTML through it); never into the module.
 */
#ifndef IOLENS_SERVE_HOST_H
#define IOLENS_SERVE_HOST_H

#include <stddef.h>

#include "serve/serve.h"

/*
 * The server module, looked for at $IOLENS_SERVE, beside the binary at
 * self, in ../lib/iolens/ from it, and in the library directory given at
 * build time.  NULL when none loads, with the reason in why (n bytes).
 * The module stays loaded for the life of the process.
 */
const struct iol_serve *serve_module_load(const char *self, char *why,
					  size_t n);

/*
 * "127.0.0.1:8080", "[::1]:8080", ":8080" (loopback) into host (pointing
 * into s, which is changed) and port.  0, or -1 when it is none of them.
 */
int serve_parse_listen(char *s, const char **host, unsigned *port);

/* 1 a loopback address, 0 another address, -1 not a numeric address */
int serve_is_loopback(const char *host);

/* The token in the file path (its first line, at most 1023 bytes) into
 * *tok (malloc'd): 0; -1 with errno when it cannot be read; -2 when it
 * is shorter than 16 bytes. */
int serve_token_read(const char *path, char **tok);

#endif
