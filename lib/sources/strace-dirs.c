/*
 * The directories descriptors name, for the calls relative to them
 * (openat(dirfd, "copyright"), fstatat, unlinkat, renameat, linkat,
 * readlinkat, fchdir): tar, find, rm -r, cp -r and Python's dir_fd name
 * every file of a tree this way, and the name alone would merge all
 * files called "copyright" into one.
 *
 * A descriptor's directory is where the call that made it opened (an
 * open of a directory, or of anything later used as one), copied by
 * dup, dup2, dup3 and fcntl F_DUPFD with the rest of its entry, and
 * inherited across fork and shared by threads with the table; strace
 * -y's "3</usr/share/doc>" says it outright and is taken first.  The
 * paths are kept once each in the pass (ps->dirs, strace-procs.c), the
 * entry holding an index, so that tables stay plain memory to copy.  A
 * descriptor whose directory the trace never shows (opened before the trace
 * began) names "<fd N>": its files stay apart from the working directory's.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/grow.h"
#include "sources/trace-int.h"
#include "base/banned.h"

int tr_path_norm(const char *dir, const char *rel, char *out, size_t n)
{
	char tmp[4096], *s, *save = NULL;
	size_t o = 0, keep;
	int abs;

	if (rel[0] == '/')
		dir = ""; /* an absolute path leaves the directory */
	if ((size_t)snprintf(tmp, sizeof(tmp), "%s%s%s", dir, dir[0] ? "/" : "",
			     rel) >= sizeof(tmp))
		return -1;
	abs = tmp[0] == '/';
	if (abs)
		out[o++] = '/';
	keep = o; /* ".." may not go above this */
	for (s = strtok_r(tmp, "/", &save); s; s = strtok_r(NULL, "/", &save)) {
		size_t l = strlen(s);

		if (!strcmp(s, "."))
			continue;
		if (!strcmp(s, "..") && o > keep &&
		    !(o - keep >= 2 && !strncmp(out + o - 2, "..", 2) &&
		      (o - keep == 2 || out[o - 3] == '/'))) {
			while (o > keep && out[o - 1] != '/')
				o--;
			if (o > keep)
				o--; /* the slash before it */
			continue;
		}
		if (!strcmp(s, "..") && abs)
			continue; /* "/.." is "/" */
		if (o + l + 2 > n)
			return -1;
		if (o > keep)
			out[o++] = '/';
		memcpy(out + o, s, l);
		o += l;
	}
	if (o == 0)
		out[o++] = '.';
	out[o] = 0;
	return 0;
}

void tr_cwd_join(const struct proc *p, char *path, size_t n)
{
	char tmp[4096];

	if (!path[0] || path[0] == '/' ||
	    tr_path_norm(p->cwd ? p->cwd : "", path, tmp, sizeof(tmp)) < 0 ||
	    strlen(tmp) >= n)
		return;
	memcpy(path, tmp, strlen(tmp) + 1);
}

const char *tr_fd_dir(struct tpass *ps, struct proc *p, long fd,
		      const char *ypath)
{
	struct fdent *f;

	if (ypath && ypath[0] == '/')
		return ypath;
	f = tr_fd_at(ps, p, fd, 0);
	if (!f)
		return NULL;
	if (f->kind == FD_FILE && (size_t)f->file < ps->st->nfiles)
		return ps->st->files[f->file].path;
	if (f->dir && f->dir <= ps->ndirs)
		return ps->dirs[f->dir - 1];
	return NULL;
}

/* The working directory's path in p's space: "" the trace's first */
static const char *cwd_of(const struct proc *p)
{
	return p->cwd ? p->cwd : "";
}

int tr_at_path(struct tpass *ps, struct proc *p, struct call *c, int di,
	       char *path, size_t n)
{
	char tmp[4096], unk[32], *y = NULL;
	const char *dir;
	long fd;

	if (!path[0] || path[0] == '/') {
		tr_cwd_join(p, path, n);
		return 0;
	}
	if (di < 0 || di >= c->nargs) {
		tr_cwd_join(p, path, n);
		return 0;
	}
	fd = tr_arg_fd(c, di, &y);
	if (!strncmp(c->args[di], "AT_FDCWD", 8) || fd == -100) {
		/* relative to the working directory as the calls without
		 * a descriptor are (-y's AT_FDCWD</w> is not taken) */
		dir = cwd_of(p);
	} else if (fd < 0) {
		tr_cwd_join(p, path, n); /* no descriptor read */
		return 0;
	} else if (fd > (1 << 20)) {
		ps->why = "descriptor out of range"; /* as tr_fd_at() says */
		return TR_BADLINE;
	} else if (!(dir = tr_fd_dir(ps, p, fd, y))) {
		snprintf(unk, sizeof(unk), "<fd %ld>", fd);
		dir = unk;
	}
	/* a directory too long to join with stays apart as unknown ones do */
	if (tr_path_norm(dir, path, tmp, sizeof(tmp)) < 0 || strlen(tmp) >= n) {
		if (dir == cwd_of(p))
			return ps->err; /* as traced, as tr_cwd_join() */
		snprintf(unk, sizeof(unk), "<fd %ld>", fd);
		if (tr_path_norm(unk, path, tmp, sizeof(tmp)) < 0 ||
		    strlen(tmp) >= n)
			return ps->err;
	}
	memcpy(path, tmp, strlen(tmp) + 1);
	return ps->err;
}
