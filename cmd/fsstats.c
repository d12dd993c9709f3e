/*
 * iolens fsstats: what the study's fsstats reported about a file system
 * (Carns et al. section 2.2, Fig. 9, Table V): counts, the size
 * distribution by count and by bytes, files per directory, ages by mtime
 * and atime, name lengths and hard links, from a parallel walk that reads
 * no file contents.  --save keeps a snapshot, --compare sets two side by
 * side.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/util.h"
#include "storage/devio.h"
#include "storage/fshist.h"
#include "render/progress.h"
#include "render/view-fsstats.h"
#include "base/banned.h"

static struct fsopts {
	int compare, cross, hist, threads, have_now;
	int64_t now;
	const char *save;
} fo;

static int now_opt(void *base, const char *arg)
{
	struct fsopts *f = base;

	f->have_now = 1;
	return iol_parse_day_when(arg, &f->now) < 0 ? -1 : 0;
}

static int hist_opt(void *base, const char *arg)
{
	struct fsopts *f = base;

	return (f->hist = iol_fshist_parse(arg)) ? 0 : -1;
}

#define AT(m) .off = offsetof(struct fsopts, m)
static const struct cmd_opt options[] = {
	{"compare", CO_FLAG, AT(compare)},
	{"cross-mounts", CO_FLAG, AT(cross)},
	{"hist", CO_CALL, .fn = hist_opt,
	 .want = "size, dirfiles, mtime, atime or names"},
	{"now", CO_CALL, .fn = now_opt,
	 .want = "YYYY-MM-DD[THH:MM:SSZ] or epoch seconds"},
	{"save", CO_STR, AT(save)},
	{"threads", CO_INT, AT(threads), .lo = 1, .hi = 256},
	CO_END,
};

static int walk(int argc, char **argv, int i, struct iol_fsstats *st)
{
	struct iol_error err = {0};
	struct iol_fsopts wo;
	struct progress_tick bar = {progress_now(), 0};
	int r;

	memset(&wo, 0, sizeof(wo));
	wo.threads = fo.threads ? fo.threads : 2;
	wo.now = fo.have_now ? fo.now : (int64_t)time(NULL);
	wo.cross_mounts = fo.cross;
	if (isatty(2)) {
		wo.progress = progress_walk_tick; /* as ingest draws it */
		wo.progress_arg = &bar;
	}
	r = iol_fs_walk((const char *const *)argv + i, argc - i, &wo, st, &err);
	if (wo.progress)
		progress_clear(stderr);
	if (r < 0) {
		msg("%s", iol_error_text(&err, err.code));
		return -1;
	}
	if (st->denied || st->vanished || st->errors)
		msg("warning: %llu entries denied, %llu vanished during the "
		    "walk, %llu other errors",
		    (unsigned long long)st->denied,
		    (unsigned long long)st->vanished,
		    (unsigned long long)st->errors);
	return 0;
}

static int save(const struct iol_fsstats *st)
{
	if (view_fsstats_save(fo.save, st) < 0) {
		msg("cannot write '%s': %s", fo.save, strerror(errno));
		return -1;
	}
	return 0;
}

static int load_snap(const char *path, struct iol_fsstats *st)
{
	struct iol_error err = {0};
	int opened;

	if (iol_fs_load_path(path, st, &opened, &err) < 0) {
		msg("cannot %s '%s': %s", opened ? "read" : "open", path,
		    err.msg);
		return -1;
	}
	return 0;
}

static int run_compare(struct copts *co, int argc, char **argv, int i)
{
	struct iol_fsstats *a, *b;
	struct out o;
	int r = EXIT_DATA;

	if (argc - i != 2)
		return usage_error("--compare wants two snapshots, not %d",
				   argc - i);
	a = xmalloc(sizeof(*a));
	b = xmalloc(sizeof(*b));
	if (load_snap(argv[i], a) == 0 && load_snap(argv[i + 1], b) == 0 &&
	    cmd_out_open(&o, co->outpath, co->fmt) == 0) {
		view_fsstats_compare(&o, a, b);
		r = cmd_out_close(&o, 1) < 0 ? EXIT_DATA : EXIT_OK;
	}
	free(a);
	free(b);
	return r;
}

int cmd_fsstats(int argc, char **argv)
{
	struct iol_fsstats *st;
	struct copts co;
	struct out o;
	int i, r;

	memset(&fo, 0, sizeof(fo));
	r = cmd_start(&co, argc, argv, options, &fo, COPTS_OUT | COPT_WIDE,
		      NULL, &i);
	if (r >= 0)
		return r;
	if (fo.compare)
		return run_compare(&co, argc, argv, i);
	st = xmalloc(sizeof(*st));
	if (walk(argc, argv, i, st) < 0 || (fo.save && save(st) < 0)) {
		free(st);
		return EXIT_DATA;
	}
	if (cmd_out_open(&o, co.outpath, co.fmt) < 0) {
		free(st);
		return EXIT_DATA;
	}
	view_fsstats(&o, st, (const char *const *)argv + i, argc - i, fo.hist,
		     fo.threads ? fo.threads : 2);
	r = cmd_out_close(&o, 1) < 0 ? EXIT_DATA : EXIT_OK;
	free(st);
	return r;
}
