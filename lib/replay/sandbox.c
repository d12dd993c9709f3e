/*
 * The replay's sandbox (sandbox.h): openat2() beneath the run directory,
 * *at calls on resolved parents, Landlock, and a removal that follows no
 * link.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/landlock.h>
#include <linux/openat2.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "replay/sandbox.h"
#include "base/banned.h"

#ifndef LANDLOCK_ACCESS_FS_TRUNCATE
#define LANDLOCK_ACCESS_FS_TRUNCATE (1ULL << 14)
#endif
#ifndef LANDLOCK_ACCESS_FS_IOCTL_DEV
#define LANDLOCK_ACCESS_FS_IOCTL_DEV (1ULL << 15)
#endif

#define BENEATH (RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS)

static int openat2_beneath(int root, const char *path, int flags, mode_t mode)
{
	struct open_how how;
	int tries, fd = -1;

	memset(&how, 0, sizeof(how));
	how.flags = (uint64_t)(unsigned)(flags | O_CLOEXEC);
	how.mode = flags & O_CREAT ? (uint64_t)(mode & 0777) : 0;
	how.resolve = BENEATH;
	/* EAGAIN: a rename raced a ".." walk; the kernel asks to retry */
	for (tries = 0; tries < 64; tries++) {
		fd = (int)syscall(SYS_openat2, root, path, &how, sizeof(how));
		if (fd >= 0 || errno != EAGAIN)
			break;
	}
	return fd;
}

int iol_sbx_probe(void)
{
	int fd = openat2_beneath(AT_FDCWD, ".", O_PATH | O_DIRECTORY, 0);

	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

int iol_sbx_open(int root, const char *path, int flags, mode_t mode)
{
	return openat2_beneath(root, path, flags, mode);
}

int iol_sbx_parent(int root, const char *path, char *base, size_t n)
{
	char dir[4096];
	size_t len = strlen(path);
	const char *slash;

	while (len > 1 && path[len - 1] == '/')
		len--;
	if (len == 0 || len >= sizeof(dir)) {
		errno = len ? ENAMETOOLONG : ENOENT;
		return -1;
	}
	memcpy(dir, path, len);
	dir[len] = 0;
	slash = strrchr(dir, '/');
	if (strlen(slash ? slash + 1 : dir) >= n) {
		errno = ENAMETOOLONG;
		return -1;
	}
	snprintf(base, n, "%s", slash ? slash + 1 : dir);
	if (!*base || !strcmp(base, ".") || !strcmp(base, "..")) {
		errno = EINVAL;
		return -1;
	}
	if (!slash)
		snprintf(dir, sizeof(dir), ".");
	else if (slash == dir)
		dir[1] = 0; /* "/x": refused below as absolute */
	else
		dir[slash - dir] = 0;
	return openat2_beneath(root, dir, O_PATH | O_DIRECTORY, 0);
}

/* The parent of path into *pfd and its last component into base. */
#define PARENT(root, path, pfd, base)                             \
	char base[256];                                           \
	int pfd = iol_sbx_parent(root, path, base, sizeof(base)); \
	if (pfd < 0)                                              \
	return -1

static int done(int pfd, int r)
{
	int e = errno;

	close(pfd);
	errno = e;
	return r;
}

int iol_sbx_stat(int root, const char *path, int nofollow)
{
	struct stat st;
	int fd, r;

	/* O_PATH | O_NOFOLLOW opens a last component that is a link as the
	 * link itself: lstat, "." and "a/." included */
	fd = openat2_beneath(root, path, O_PATH | (nofollow ? O_NOFOLLOW : 0),
			     0);
	if (fd < 0)
		return -1;
	r = fstat(fd, &st);
	return done(fd, r);
}

int iol_sbx_unlink(int root, const char *path, int dir)
{
	PARENT(root, path, pfd, base);
	return done(pfd, unlinkat(pfd, base, dir ? AT_REMOVEDIR : 0));
}

int iol_sbx_mkdir(int root, const char *path, mode_t mode)
{
	PARENT(root, path, pfd, base);
	/* no set-ID or sticky bits, and always removable by the replay */
	return done(pfd, mkdirat(pfd, base, (mode & 0777) | 0700));
}

/* renameat or linkat (no AT_SYMLINK_FOLLOW: a link to a symbolic link
 * links the link) between two names, each on its resolved parent */
static int two_names(int root, const char *from, const char *to, int link)
{
	char b2[256];
	int p2, r;

	PARENT(root, from, p1, b1);
	p2 = iol_sbx_parent(root, to, b2, sizeof(b2));
	if (p2 < 0)
		return done(p1, -1);
	r = link ? linkat(p1, b1, p2, b2, 0) : renameat(p1, b1, p2, b2);
	close(p2);
	return done(p1, r);
}

int iol_sbx_rename(int root, const char *from, const char *to)
{
	return two_names(root, from, to, 0);
}

int iol_sbx_link(int root, const char *from, const char *to)
{
	return two_names(root, from, to, 1);
}

int iol_sbx_symlink(int root, const char *target, const char *path)
{
	PARENT(root, path, pfd, base);
	return done(pfd, symlinkat(target, pfd, base));
}

int iol_sbx_truncate(int root, const char *path, off_t len)
{
	int fd = openat2_beneath(root, path, O_WRONLY, 0), r;

	if (fd < 0)
		return -1;
	r = ftruncate(fd, len);
	return done(fd, r);
}

int iol_sbx_landlock_abi(void)
{
	long abi = syscall(SYS_landlock_create_ruleset, NULL, 0,
			   LANDLOCK_CREATE_RULESET_VERSION);

	return abi >= 2 ? (int)abi : 0;
}

static uint64_t landlock_rights(int abi)
{
	uint64_t r = (LANDLOCK_ACCESS_FS_MAKE_SYM << 1) - 1; /* ABI 1 */

	r |= LANDLOCK_ACCESS_FS_REFER;
	if (abi >= 3)
		r |= LANDLOCK_ACCESS_FS_TRUNCATE;
	if (abi >= 5)
		r |= LANDLOCK_ACCESS_FS_IOCTL_DEV;
	return r;
}

int iol_sbx_landlock(int dirfd)
{
	struct landlock_ruleset_attr ra;
	struct landlock_path_beneath_attr pb;
	int abi = iol_sbx_landlock_abi(), rs, r;

	if (abi < 2)
		return 0;
	memset(&ra, 0, sizeof(ra));
	ra.handled_access_fs = landlock_rights(abi);
	rs = (int)syscall(SYS_landlock_create_ruleset, &ra,
			  sizeof(ra.handled_access_fs), 0);
	if (rs < 0)
		return -1;
	memset(&pb, 0, sizeof(pb));
	/* everything beneath the run directory but running programs */
	pb.allowed_access = ra.handled_access_fs & ~LANDLOCK_ACCESS_FS_EXECUTE;
	pb.parent_fd = dirfd;
	r = (int)syscall(SYS_landlock_add_rule, rs, LANDLOCK_RULE_PATH_BENEATH,
			 &pb, 0);
	if (r == 0)
		r = prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
	if (r == 0)
		r = (int)syscall(SYS_landlock_restrict_self, rs, 0);
	return done(rs, r == 0 ? abi : -1);
}

/* One pass over the directory fd: unlink what is not a directory; the
 * first subdirectory's name into sub (1), 0 when fd is empty, -1 on a
 * failure (its name in bad). */
static int clear_dir(int fd, char *sub, size_t nsub, char *bad, size_t n)
{
	int d2 = dup(fd), rc = 0;
	DIR *d = d2 >= 0 ? fdopendir(d2) : NULL;
	struct dirent *e;
	struct stat st;

	if (!d) {
		if (d2 >= 0)
			close(d2);
		return -1;
	}
	while (rc == 0 && (e = readdir(d)) != NULL) {
		int isdir = e->d_type == DT_DIR;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (e->d_type == DT_UNKNOWN) {
			if (fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW))
				continue; /* gone already */
			isdir = S_ISDIR(st.st_mode);
		}
		if (isdir && strlen(e->d_name) < nsub) {
			snprintf(sub, nsub, "%s", e->d_name);
			rc = 1;
		} else if (unlinkat(fd, e->d_name, 0) && errno != ENOENT) {
			snprintf(bad, n, "%s", e->d_name);
			rc = -1;
		}
	}
	closedir(d);
	return rc;
}

struct lvl {
	dev_t dev;
	ino_t ino;
	char name[256];
};

/* Into the subdirectory sub of *fd: the same file system, a directory
 * (not a link put there since), pushed onto stk. */
static int descend(int *fd, const char *sub, struct lvl *top, dev_t dev)
{
	int nfd = openat(*fd, sub,
			 O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	struct stat st;

	if (nfd < 0)
		return -1;
	if (fstat(nfd, &st) || st.st_dev != dev) {
		close(nfd);
		errno = EXDEV; /* a mount point: never cleared */
		return -1;
	}
	top->dev = st.st_dev;
	top->ino = st.st_ino;
	snprintf(top->name, sizeof(top->name), "%s", sub);
	close(*fd);
	*fd = nfd;
	return 0;
}

/* Back to the parent of *fd, which must be want, removing the child. */
static int ascend(int *fd, const struct lvl *want, const struct lvl *child)
{
	int up = openat(*fd, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	struct stat st;

	if (up < 0)
		return -1;
	if (fstat(up, &st) || st.st_dev != want->dev ||
	    st.st_ino != want->ino) {
		close(up);
		errno = EXDEV; /* moved away under us */
		return -1;
	}
	close(*fd);
	*fd = up;
	return unlinkat(up, child->name, AT_REMOVEDIR);
}

int iol_sbx_remove(int parent, const char *name, char *bad, size_t n)
{
	struct lvl *stk = NULL;
	size_t depth = 0, cap = 0;
	char sub[256];
	struct stat st;
	int fd, rc = 0;

	snprintf(bad, n, "%s", name);
	if (fstatat(parent, name, &st, AT_SYMLINK_NOFOLLOW))
		return errno == ENOENT ? 0 : -1;
	if (!S_ISDIR(st.st_mode))
		return unlinkat(parent, name, 0);
	fd = openat(parent, name,
		    O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -1;
	for (;;) {
		if (depth == cap) {
			struct lvl *ns = realloc(stk, (cap = cap * 2 + 16) *
							      sizeof(*stk));
			if (!ns) {
				rc = -1;
				break;
			}
			stk = ns;
		}
		if (depth == 0) {
			stk[0].dev = st.st_dev, stk[0].ino = st.st_ino;
			snprintf(stk[0].name, sizeof(stk[0].name), "%s", name);
			depth = 1;
		}
		rc = clear_dir(fd, sub, sizeof(sub), bad, n);
		if (rc < 0)
			break;
		if (rc == 1) {
			rc = descend(&fd, sub, &stk[depth], st.st_dev);
			if (rc < 0) {
				snprintf(bad, n, "%s", sub);
				break;
			}
			depth++;
			continue;
		}
		if (depth == 1)
			break;
		rc = ascend(&fd, &stk[depth - 2], &stk[depth - 1]);
		if (rc < 0) {
			snprintf(bad, n, "%s", stk[depth - 1].name);
			break;
		}
		depth--;
	}
	close(fd);
	free(stk);
	if (rc == 0 && unlinkat(parent, name, AT_REMOVEDIR))
		rc = -1;
	return rc;
}
