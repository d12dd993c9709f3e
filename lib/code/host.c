/*
 * The source extractor's names in the binary (lib/code/module.h): each
 * stub loads bin/iolens-code.so on first use and calls through its table,
 * so that only `iolens blocks --source` loads libclang.  The module is
 * looked for, in order, at $IOLENS_CODE, beside the binary (the build
 * tree: bin/iolens-code.so), in ../lib/iolens/ from the binary (an
 * installed tree), and in the library directory given at build time.
 *
 * Built into the binary, not the module (the Makefile keeps it out of
 * CODE_SRCS), as serve/host.c is for the server module.
 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "code/module.h"
#include "base/banned.h"

#ifndef IOLENS_CODEDIR
#define IOLENS_CODEDIR "/usr/local/lib/iolens"
#endif
#define CODE_NAME "iolens-code.so"

static const struct iol_code *code;
static char code_why[PATH_MAX + 256];

/* 0 with code set, or -1 with the reason in code_why. */
static int try_path(const char *path)
{
	const struct iol_code *(*get)(void);
	void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	const char *e;

	if (!h) {
		e = dlerror();
		snprintf(code_why, sizeof(code_why), "%s", e ? e : path);
		return -1;
	}
	*(void **)&get = dlsym(h, "iolens_code");
	if (!get || get()->version != IOL_CODE_VERSION) {
		snprintf(code_why, sizeof(code_why),
			 "'%s' is not this iolens's source extractor", path);
		dlclose(h);
		return -1;
	}
	code = get();
	return 0;
}

/* The module's table, loaded on first use; NULL with code_why set. */
static const struct iol_code *code_get(void)
{
	const char *env = getenv("IOLENS_CODE");
	char dir[PATH_MAX], path[PATH_MAX + 64], *slash;
	ssize_t k;

	if (code)
		return code;
	if (env && *env)
		return try_path(env) == 0 ? code : NULL;
	k = readlink("/proc/self/exe", dir, sizeof(dir) - 1);
	if (k > 0) {
		dir[k] = '\0';
		slash = strrchr(dir, '/');
		if (slash) {
			slash[1] = '\0';
			snprintf(path, sizeof(path), "%s%s", dir, CODE_NAME);
			if (access(path, F_OK) == 0 && try_path(path) == 0)
				return code;
			snprintf(path, sizeof(path), "%s../lib/iolens/%s", dir,
				 CODE_NAME);
			if (access(path, F_OK) == 0 && try_path(path) == 0)
				return code;
		}
	}
	if (access(IOLENS_CODEDIR "/" CODE_NAME, F_OK) != 0) {
		snprintf(code_why, sizeof(code_why),
			 "%s is not installed (iolens was built without "
			 "libclang-dev)",
			 CODE_NAME);
		return NULL;
	}
	return try_path(IOLENS_CODEDIR "/" CODE_NAME) == 0 ? code : NULL;
}

int iol_ctree_extract(const char *const *files, int nfiles,
		      const struct iol_cextract_opts *opts,
		      struct iol_ctree **out, struct iol_error *err)
{
	*out = NULL;
	if (!code_get())
		return iol_error_set(err, IOL_EUNSUPP,
				     "cannot load the source extractor: %s",
				     code_why);
	return code->extract(files, nfiles, opts, out, err);
}

void iol_ctree_free(struct iol_ctree *t)
{
	if (t && code)
		code->free(t);
}

int iol_cjoin_make(const struct iol_ctree *t, const struct iol_blocks *bl,
		   const struct iol_iocost *cost, const char *const *files,
		   int nfiles, struct iol_cjoin **out, struct iol_error *err)
{
	*out = NULL;
	if (!code_get())
		return iol_error_set(err, IOL_EUNSUPP,
				     "cannot load the source extractor: %s",
				     code_why);
	return code->join_make(t, bl, cost, files, nfiles, out, err);
}

void iol_cjoin_free(struct iol_cjoin *j)
{
	if (j && code)
		code->join_free(j);
}
