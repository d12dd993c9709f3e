/*
 * The binary's side of `iolens serve` (serve/host.h): the module found
 * and loaded with dlopen(), and the listening address read.  Kept out
 * of bin/iolens-serve.so (Makefile: SERVE_HOST), which it loads.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "serve/host.h"
#include "base/banned.h"

#ifndef IOLENS_SERVEDIR
#define IOLENS_SERVEDIR "/usr/local/lib/iolens"
#endif
#define SERVE_NAME "iolens-serve.so"

static int try_path(const char *path, const struct iol_serve **mod, char *why,
		    size_t n)
{
	const struct iol_serve *(*get)(void);
	void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	const char *e;

	if (!h) {
		e = dlerror();
		snprintf(why, n, "%s", e ? e : path);
		return -1;
	}
	*(void **)&get = dlsym(h, "iolens_serve");
	if (!get || get()->version != IOL_SERVE_VERSION) {
		snprintf(why, n, "'%s' is not this iolens's server module",
			 path);
		dlclose(h);
		return -1;
	}
	*mod = get();
	return 0;
}

const struct iol_serve *serve_module_load(const char *self, char *why, size_t n)
{
	const struct iol_serve *mod = NULL;
	const char *env = getenv("IOLENS_SERVE");
	char dir[PATH_MAX], path[PATH_MAX + 64], *slash;

	if (env && *env)
		return try_path(env, &mod, why, n) == 0 ? mod : NULL;
	snprintf(dir, sizeof(dir), "%s", self);
	slash = strrchr(dir, '/');
	if (slash) {
		slash[1] = '\0';
		snprintf(path, sizeof(path), "%s%s", dir, SERVE_NAME);
		if (access(path, F_OK) == 0 &&
		    try_path(path, &mod, why, n) == 0)
			return mod;
		snprintf(path, sizeof(path), "%s../lib/iolens/%s", dir,
			 SERVE_NAME);
		if (access(path, F_OK) == 0 &&
		    try_path(path, &mod, why, n) == 0)
			return mod;
	}
	if (access(IOLENS_SERVEDIR "/" SERVE_NAME, F_OK) != 0) {
		snprintf(why, n,
			 "%s is not installed (iolens was built without "
			 "libmicrohttpd-dev)",
			 SERVE_NAME);
		return NULL;
	}
	return try_path(IOLENS_SERVEDIR "/" SERVE_NAME, &mod, why, n) == 0
		       ? mod
		       : NULL;
}

int serve_parse_listen(char *s, const char **host, unsigned *port)
{
	char *colon = strrchr(s, ':'), *end;
	unsigned long p;

	if (!colon)
		return -1;
	*colon = '\0';
	errno = 0;
	p = strtoul(colon + 1, &end, 10);
	if (colon[1] == '\0' || *end || errno || p > 65535)
		return -1;
	*port = (unsigned)p;
	if (*s == '[') {
		size_t n = strlen(s);
		if (n < 2 || s[n - 1] != ']')
			return -1;
		s[n - 1] = '\0';
		s++;
	}
	*host = *s ? s : "127.0.0.1";
	return 0;
}

int serve_is_loopback(const char *host)
{
	unsigned char a[16];

	if (inet_pton(AF_INET, host, a) == 1)
		return a[0] == 127;
	if (inet_pton(AF_INET6, host, a) == 1)
		return memcmp(a, "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\1", 16) == 0;
	return -1;
}

int serve_token_read(const char *path, char **tok)
{
	char buf[1024];
	size_t n;
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	buf[strcspn(buf, "\r\n")] = '\0';
	if (strlen(buf) < 16)
		return -2;
	return (*tok = strdup(buf)) ? 0 : -1;
}
