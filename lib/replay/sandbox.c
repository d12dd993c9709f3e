/*
 * The replay's sandbox (sandbox.h): openat2() beneath the run directory,
 * *at calls on resolved parents, Landlock, and a removal that follows no
 * link.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/landlock.h>
#include <linux/openat2.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <stddef.h>
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

int iol_sbx_open_made(int dir, const char *name, int flags, dev_t dev,
		      ino_t ino)
{
	struct open_how how;
	struct stat st;
	int fd;

	if (strchr(name, '/') || !strcmp(name, ".") || !strcmp(name, "..")) {
		errno = EINVAL;
		return -1;
	}
	memset(&how, 0, sizeof(how));
	how.flags = (uint64_t)(unsigned)(flags | O_CLOEXEC);
	how.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_XDEV;
	fd = (int)syscall(SYS_openat2, dir, name, &how, sizeof(how));
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) || st.st_ino != ino ||
	    (dev != (dev_t)-1 && st.st_dev != dev)) {
		close(fd);
		errno = ESTALE;
		return -1;
	}
	return fd;
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

ssize_t iol_sbx_readlink(int root, const char *path, char *buf, size_t n)
{
	PARENT(root, path, pfd, base);
	return (ssize_t)done(pfd, (int)readlinkat(pfd, base, buf, n));
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

/* A ruleset handling every right of this ABI: its descriptor, or -1 */
static int ruleset_new(int abi, struct landlock_ruleset_attr *ra)
{
	memset(ra, 0, sizeof(*ra));
	ra->handled_access_fs = landlock_rights(abi);
	return (int)syscall(SYS_landlock_create_ruleset, ra,
			    sizeof(ra->handled_access_fs), 0);
}

/* The rules added (r, 0 or -1): no new privileges, rs applied to this
 * process; the ABI, or -1 with errno.  rs is closed. */
static int ruleset_apply(int rs, int r, int abi)
{
	if (r == 0)
		r = prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
	if (r == 0)
		r = (int)syscall(SYS_landlock_restrict_self, rs, 0);
	return done(rs, r == 0 ? abi : -1);
}

int iol_sbx_landlock(int dirfd)
{
	struct landlock_ruleset_attr ra;
	struct landlock_path_beneath_attr pb;
	int abi = iol_sbx_landlock_abi(), rs, r;

	if (abi < 2)
		return 0;
	if ((rs = ruleset_new(abi, &ra)) < 0)
		return -1;
	memset(&pb, 0, sizeof(pb));
	/* everything beneath the run directory but running programs */
	pb.allowed_access = ra.handled_access_fs & ~LANDLOCK_ACCESS_FS_EXECUTE;
	pb.parent_fd = dirfd;
	r = (int)syscall(SYS_landlock_add_rule, rs, LANDLOCK_RULE_PATH_BENEATH,
			 &pb, 0);
	return ruleset_apply(rs, r, abi);
}

/* The rights a rule on fd may hold: a file takes no directory right */
static uint64_t rule_rights(int fd, uint64_t want)
{
	struct stat st;

	if (fstat(fd, &st) == 0 && !S_ISDIR(st.st_mode))
		want &= LANDLOCK_ACCESS_FS_EXECUTE |
			LANDLOCK_ACCESS_FS_WRITE_FILE |
			LANDLOCK_ACCESS_FS_READ_FILE |
			LANDLOCK_ACCESS_FS_TRUNCATE |
			LANDLOCK_ACCESS_FS_IOCTL_DEV;
	return want;
}

int iol_sbx_landlock_read(const int *fds, const int *writable, int n)
{
	struct landlock_ruleset_attr ra;
	struct landlock_path_beneath_attr pb;
	const uint64_t rd =
		LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR;
	int abi = iol_sbx_landlock_abi(), rs, r = 0;

	if (abi < 2)
		return 0;
	if ((rs = ruleset_new(abi, &ra)) < 0)
		return -1;
	for (int i = 0; i < n && r == 0; i++) {
		memset(&pb, 0, sizeof(pb));
		pb.allowed_access = rule_rights(
			fds[i], !writable || !writable[i] ? rd
				: writable[i] == 2
					? rd | LANDLOCK_ACCESS_FS_REMOVE_FILE
					: rd | LANDLOCK_ACCESS_FS_WRITE_FILE);
		pb.parent_fd = fds[i];
		r = (int)syscall(SYS_landlock_add_rule, rs,
				 LANDLOCK_RULE_PATH_BENEATH, &pb, 0);
	}
	return ruleset_apply(rs, r, abi);
}

/* The audit architecture of the system calls this binary makes: a
 * filter must check it, or a call of another ABI (x86_64's 32-bit one)
 * would pass under a number meaning something else. */
#if defined(__x86_64__) && !defined(__ILP32__)
#define SBX_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define SBX_ARCH AUDIT_ARCH_AARCH64
#elif defined(__i386__)
#define SBX_ARCH AUDIT_ARCH_I386
#endif

/* LeakSanitizer checks at exit from a tracer it starts with clone
 * (CLONE_VM | CLONE_UNTRACED, no CLONE_THREAD): refused, every confined
 * child of a SANITIZE=1 build died "LeakSanitizer has encountered a
 * fatal error", its leaks unchecked.  Those builds let that clone pass
 * (it shares the memory, runs no program); others refuse it. */
#if defined(__SANITIZE_ADDRESS__)
#define SBX_LSAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SBX_LSAN 1
#endif
#endif
#ifndef SBX_LSAN
#define SBX_LSAN 0
#endif
#define SBX_TRACER (CLONE_VM | CLONE_UNTRACED)

#define SBX_LD(off) BPF_STMT(BPF_LD | BPF_W | BPF_ABS, (off))
/* on nr the next instruction, else skip instructions on */
#define SBX_IS(nr, skip) BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (nr), 0, (skip))
#define SBX_RET(v) BPF_STMT(BPF_RET | BPF_K, (v))
#define SBX_ERR(e) SBX_RET(SECCOMP_RET_ERRNO | ((e)&SECCOMP_RET_DATA))

int iol_sbx_noproc_known(void)
{
#ifdef SBX_ARCH
	return 1;
#else
	return 0;
#endif
}

int iol_sbx_noproc(void)
{
#ifdef SBX_ARCH
	struct sock_filter f[] = {
		SBX_LD(offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SBX_ARCH, 1, 0),
		SBX_RET(SECCOMP_RET_KILL_PROCESS),
		SBX_LD(offsetof(struct seccomp_data, nr)),
#if defined(__x86_64__)
		/* x32's numbers, under the same architecture: none wanted */
		BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1),
		SBX_ERR(EPERM),
#endif
#ifdef __NR_fork
		SBX_IS(__NR_fork, 1),
		SBX_ERR(EPERM),
#endif
#ifdef __NR_vfork
		SBX_IS(__NR_vfork, 1),
		SBX_ERR(EPERM),
#endif
		SBX_IS(__NR_execve, 1),
		SBX_ERR(EPERM),
		SBX_IS(__NR_execveat, 1),
		SBX_ERR(EPERM),
		/* clone3's flags lie in memory a filter cannot read: said
		 * absent, the C library makes its threads with clone */
		SBX_IS(__NR_clone3, 1),
		SBX_ERR(ENOSYS),
		/* clone: a thread (CLONE_THREAD in the flags, its first
		 * argument) passes, a process does not */
		SBX_IS(__NR_clone, SBX_LSAN ? 6 : 4),
		SBX_LD(offsetof(struct seccomp_data, args[0])),
		BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, CLONE_THREAD, 0, 1),
		SBX_RET(SECCOMP_RET_ALLOW),
#if SBX_LSAN
		BPF_STMT(BPF_ALU | BPF_AND | BPF_K, SBX_TRACER),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SBX_TRACER, 1, 0),
#endif
		SBX_ERR(EPERM),
		SBX_RET(SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = {(unsigned short)(sizeof(f) / sizeof(f[0])),
				  f};

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		return -1;
	return (int)syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog);
#else
	errno = ENOSYS;
	return -1;
#endif
}

/*
 * The names of subdirectories still to remove, level by level, on one
 * stack of bytes: a level's batch lies above its parent's, as a deeper
 * level is done before its parent reads on.  A pass over a directory
 * unlinks what is not a directory and collects up to BATCH bytes of
 * subdirectories' names, and the next pass goes on from there: one
 * pass a subdirectory, from the start each time, took 0.4 ms of the
 * kernel's time for each directory on ext4, ten times rm -rf, and a
 * script may make millions of them.  Past BATCH_ALL bytes on the stack
 * (a deep tree), a pass collects one name.
 */
#define BATCH 16384
#define BATCH_ALL ((size_t)8 << 20)

struct names {
	char *b;
	size_t top, cap;
};

/* A directory on the way down: what it is, its name in its parent,
 * where its next pass starts, and its batch (names[b0, b1), the next
 * at at). */
struct lvl {
	dev_t dev;
	ino_t ino;
	long pos;
	size_t b0, at, b1;
	char name[256];
};

static int add_name(struct names *nm, const char *name, size_t len)
{
	if (nm->top + len > nm->cap) {
		size_t nc = (nm->top + len) * 2 + 4096;
		char *nb = realloc(nm->b, nc);

		if (!nb)
			return -1;
		nm->b = nb;
		nm->cap = nc;
	}
	memcpy(nm->b + nm->top, name, len);
	nm->top += len;
	return 0;
}

/* Whether a batch holding some names already takes no more */
static int batch_full(const struct names *nm, const struct lvl *l, size_t len)
{
	return nm->top > l->b0 &&
	       (nm->top - l->b0 + len > BATCH || nm->top + len > BATCH_ALL);
}

/* One pass over the directory fd, the level l, from l->pos: unlink what
 * is not a directory, collect subdirectories' names into l's batch
 * (1), or 0 when the pass reached the end with none; -1 on a failure
 * (its name in bad).  At the end l->pos is 0 again. */
static int clear_dir(int fd, struct lvl *l, struct names *nm, char *bad,
		     size_t n)
{
	int d2 = dup(fd), rc = 0;
	DIR *d = d2 >= 0 ? fdopendir(d2) : NULL;
	struct dirent *e;
	struct stat st;
	long here;

	if (!d) {
		if (d2 >= 0)
			close(d2);
		return -1;
	}
	nm->top = l->at = l->b1 = l->b0;
	seekdir(d, l->pos);
	for (;;) {
		int isdir;
		size_t len;

		here = telldir(d);
		if ((e = readdir(d)) == NULL) {
			l->pos = 0;
			break;
		}
		isdir = e->d_type == DT_DIR;
		len = strlen(e->d_name) + 1;
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (e->d_type == DT_UNKNOWN) {
			if (fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW))
				continue; /* gone already */
			isdir = S_ISDIR(st.st_mode);
		}
		if (!isdir) {
			if (unlinkat(fd, e->d_name, 0) && errno != ENOENT) {
				snprintf(bad, n, "%s", e->d_name);
				rc = -1;
				break;
			}
			continue;
		}
		if (batch_full(nm, l, len)) {
			l->pos = here; /* this one in the next pass */
			break;
		}
		if (add_name(nm, e->d_name, len)) {
			snprintf(bad, n, "%s", e->d_name);
			rc = -1;
			break;
		}
	}
	closedir(d);
	l->b1 = nm->top;
	return rc < 0 ? -1 : l->b1 > l->b0;
}

/* Into the subdirectory sub of *fd: the same file system, a directory
 * (not a link put there since), pushed as top with an empty batch. */
static int descend(int *fd, const char *sub, struct lvl *top, dev_t dev,
		   size_t b)
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
	top->pos = 0;
	top->b0 = top->at = top->b1 = b;
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

/* The directory fd (level depth - 1 of stk) emptied, one step: 1 gone
 * down into a subdirectory, 0 when it is empty, -1 on a failure. */
static int step(int *fd, struct lvl *stk, size_t depth, struct names *nm,
		char *bad, size_t n)
{
	struct lvl *l = &stk[depth - 1];
	const char *sub;
	long start;
	int rc;

	for (;;) {
		if (l->at < l->b1) {
			sub = nm->b + l->at;
			l->at += strlen(sub) + 1;
			if (descend(fd, sub, &stk[depth], l->dev, l->b1) == 0)
				return 1;
			snprintf(bad, n, "%s", sub);
			return -1;
		}
		/* on from where the last pass stopped, then once more from
		 * the start for what a position may not find again */
		start = l->pos;
		rc = clear_dir(*fd, l, nm, bad, n);
		if (rc < 0 || (rc == 0 && start == 0))
			return rc;
	}
}

int iol_sbx_remove(int parent, const char *name, char *bad, size_t n)
{
	struct lvl *stk = NULL;
	struct names nm = {NULL, 0, 0};
	size_t depth = 0, cap = 0;
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
		if (depth + 1 >= cap) {
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
			stk[0].pos = 0;
			stk[0].b0 = stk[0].at = stk[0].b1 = 0;
			snprintf(stk[0].name, sizeof(stk[0].name), "%s", name);
			depth = 1;
		}
		rc = step(&fd, stk, depth, &nm, bad, n);
		if (rc < 0)
			break;
		if (rc == 1) {
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
		nm.top = stk[depth - 1].b0; /* the child's batch freed */
		depth--;
	}
	close(fd);
	free(stk);
	free(nm.b);
	if (rc == 0 && unlinkat(parent, name, AT_REMOVEDIR))
		rc = -1;
	return rc;
}
