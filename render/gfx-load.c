/*
 * The renderers' names in the binary (render/gfx.h): each stub loads the
 * drawing module on first use and calls through its table.  The module
 * is looked for, in order, at $IOLENS_GFX, beside the binary (the build
 * tree: bin/iolens-gfx.so), in ../lib/iolens/ from the binary (an
 * installed tree, wherever it was moved), and in the library directory
 * given at build time.  The two stubs that cannot return why
 * (report_default_template, profile_pdf: the --help of report names the
 * default template, and replay --profile's writer reports by errno) say
 * it through iol_gfx_say, the command layer's.
 *
 * Not part of the module itself (the Makefile keeps it out of
 * GFX_SRCS): it is what loads the module.
 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "render/gfx.h"
#include "base/banned.h"

#ifndef IOLENS_GFXDIR
#define IOLENS_GFXDIR "/usr/local/lib/iolens"
#endif
#define GFX_NAME "iolens-gfx.so"

static const struct iol_gfx *gfx;
void (*iol_gfx_say)(const char *why);
static char gfx_why[PATH_MAX + 256];

const char *iol_gfx_why(void)
{
	return gfx_why;
}

/* 0 with gfx set, or -1 with the reason in gfx_why. */
static int try_path(const char *path)
{
	const struct iol_gfx *(*get)(void);
	void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	const char *e;

	if (!h) {
		e = dlerror();
		snprintf(gfx_why, sizeof(gfx_why), "%s", e ? e : path);
		return -1;
	}
	*(void **)&get = dlsym(h, "iolens_gfx");
	if (!get || get()->version != IOL_GFX_VERSION) {
		snprintf(gfx_why, sizeof(gfx_why),
			 "'%s' is not this iolens's drawing module", path);
		dlclose(h);
		return -1;
	}
	gfx = get();
	return 0;
}

/* The directory of the running binary, with a '/' */
static int exe_dir(char *buf, size_t n)
{
	ssize_t k = readlink("/proc/self/exe", buf, n - 1);
	char *slash;

	if (k <= 0)
		return -1;
	buf[k] = '\0';
	slash = strrchr(buf, '/');
	if (!slash)
		return -1;
	slash[1] = '\0';
	return 0;
}

const struct iol_gfx *iol_gfx_get(void)
{
	const char *env = getenv("IOLENS_GFX");
	char dir[PATH_MAX], path[PATH_MAX + 64];

	if (gfx)
		return gfx;
	if (env && *env) {
		if (try_path(env) < 0)
			goto fail;
		return gfx;
	}
	if (exe_dir(dir, sizeof(dir)) == 0) {
		snprintf(path, sizeof(path), "%s%s", dir, GFX_NAME);
		if (access(path, F_OK) == 0 && try_path(path) == 0)
			return gfx;
		snprintf(path, sizeof(path), "%s../lib/iolens/%s", dir,
			 GFX_NAME);
		if (access(path, F_OK) == 0 && try_path(path) == 0)
			return gfx;
	}
	if (try_path(IOLENS_GFXDIR "/" GFX_NAME) == 0)
		return gfx;
fail:
	return NULL;
}

const char *report_default_template(void)
{
	if (iol_gfx_get())
		return gfx->report_default_template();
	if (iol_gfx_say)
		iol_gfx_say(gfx_why);
	return "(none: the drawing module is missing)";
}

int profile_pdf(const char *path, const struct iol_rprofile *orig,
		const struct iol_rprofile *rep, const char *title, int64_t date)
{
	if (!iol_gfx_get()) {
		if (iol_gfx_say)
			iol_gfx_say(gfx_why);
		errno = ELIBACC;
		return -1;
	}
	return gfx->profile_pdf(path, orig, rep, title, date);
}

int report_write(const struct iol_job *job, const char *path,
		 const struct report_opts *o, struct iol_error *err)
{
	if (!iol_gfx_get())
		return iol_error_set(err, IOL_EIO,
				     "cannot load the drawing module: %s",
				     gfx_why);
	return gfx->report_write(job, path, o, err);
}

void report_cleanup(void)
{
	if (gfx) /* never load the module just to unload fonts */
		gfx->report_cleanup();
}

int xlsx_write(struct iol_job *const *jobs, int njobs, const char *path,
	       const struct iol_opts *o, time_t created, struct iol_error *err)
{
	if (!iol_gfx_get())
		return iol_error_set(err, IOL_EIO,
				     "cannot load the drawing module: %s",
				     gfx_why);
	return gfx->xlsx_write(jobs, njobs, path, o, created, err);
}

int popreport_write(const struct iol_popset *set, const char *dbpath,
		    const struct iol_poptri *tri,
		    const struct iol_popouttab *out, const char *path,
		    const char *date, struct iol_error *err)
{
	if (!iol_gfx_get())
		return iol_error_set(err, IOL_EIO,
				     "cannot load the drawing module: %s",
				     gfx_why);
	return gfx->popreport_write(set, dbpath, tri, out, path, date, err);
}

void popreport_context_page(void *cr, double pw, double ph, int pageno,
			    void *arg)
{
	/* called by the module itself, so it is loaded */
	if (iol_gfx_get())
		gfx->popreport_context_page(cr, pw, ph, pageno, arg);
}

int iostat_report_write(const char *path, const struct iol_binned *b,
			const struct iol_devstats *st,
			const struct iostat_report_opts *o,
			struct iol_error *err)
{
	if (!iol_gfx_get())
		return iol_error_set(err, IOL_EIO,
				     "cannot load the drawing module: %s",
				     gfx_why);
	return gfx->iostat_report_write(path, b, st, o, err);
}

int flame_write(const char *path, const struct iol_blocks *b, int by_bytes,
		const char *title, int64_t date, struct iol_error *err)
{
	if (!iol_gfx_get())
		return iol_error_set(err, IOL_EIO,
				     "cannot load the drawing module: %s",
				     gfx_why);
	return gfx->flame_write(path, b, by_bytes, title, date, err);
}

/* the module loaded on a thread of its own (iol_gfx_prefetch()) */
static pthread_t prefetch_th;
static int prefetch_started;

static void *prefetch_load(void *arg)
{
	(void)arg;
	iol_gfx_get();
	return NULL;
}

void iol_gfx_prefetch(void)
{
	prefetch_started =
		pthread_create(&prefetch_th, NULL, prefetch_load, NULL) == 0;
}

void iol_gfx_prefetch_wait(void)
{
	if (prefetch_started)
		pthread_join(prefetch_th, NULL);
	prefetch_started = 0;
}
