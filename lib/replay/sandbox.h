/*
 * The replay's sandbox, held by the kernel, not by checking strings.
 *
 * Every path a script names is resolved beneath one descriptor of the
 * run directory with openat2() and RESOLVE_BENEATH |
 * RESOLVE_NO_MAGICLINKS: a symbolic link, a "..", a directory swapped
 * for a link by another process between two calls, all fail with EXDEV
 * where they would lead out, whatever was made before.  A call on a name
 * (unlink, rename, link, mkdir, symlink, lstat) resolves the parent that
 * way and makes its *at form on the parent's descriptor with the last
 * component, which the kernel does not follow; no path string is walked
 * twice.
 *
 * Landlock, where the kernel has it (ABI 2 or later: ABI 1 refuses
 * renames across directories, which jobs make), confines a replaying
 * process to the run directory as a second wall.
 *
 * Functions return what the system call returns (-1 with errno), except
 * where said.  They allocate nothing.
 */
#ifndef IOLENS_REPLAY_SANDBOX_H
#define IOLENS_REPLAY_SANDBOX_H

#include <sys/types.h>

/* 0 when this kernel resolves beneath a descriptor (openat2, Linux 5.6),
 * else -1 with errno (ENOSYS). */
int iol_sbx_probe(void);
/* open(path) resolved beneath root; mode is used with O_CREAT only and
 * loses its set-ID and sticky bits. */
int iol_sbx_open(int root, const char *path, int flags, mode_t mode);
/* name, one entry of the directory dir, opened with flags following no
 * link at all (RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_XDEV)
 * and kept only when it is the file another process made there: inode
 * ino, on device dev unless dev is (dev_t)-1 (another node, whose
 * client numbers a network file system its own way).  -1 with errno
 * (ELOOP: a link; ESTALE: another file) when not. */
int iol_sbx_open_made(int dir, const char *name, int flags, dev_t dev,
		      ino_t ino);
/* The parent directory of path resolved beneath root (an O_PATH
 * descriptor, to close) and, in base (n bytes), its last component: never
 * empty, ".", ".." or with a '/'. */
int iol_sbx_parent(int root, const char *path, char *base, size_t n);

/* Calls on a path resolved beneath root, as their *at forms. */
int iol_sbx_stat(int root, const char *path, int nofollow);
int iol_sbx_unlink(int root, const char *path, int dir);
int iol_sbx_mkdir(int root, const char *path, mode_t mode);
int iol_sbx_rename(int root, const char *from, const char *to);
int iol_sbx_link(int root, const char *from, const char *to);
int iol_sbx_symlink(int root, const char *target, const char *path);
int iol_sbx_truncate(int root, const char *path, off_t len);
/* readlinkat on the resolved parent: the last component is the link read,
 * not followed. */
ssize_t iol_sbx_readlink(int root, const char *path, char *buf, size_t n);

/* The Landlock ABI this kernel offers that the sandbox uses (2 or more),
 * or 0 (none, disabled, or only ABI 1). */
int iol_sbx_landlock_abi(void);
/* Confine this process (and the threads it starts after) to what is
 * beneath dirfd, with no new privileges: the ABI applied, 0 when
 * Landlock is not there, -1 with errno when it is there and failed. */
int iol_sbx_landlock(int dirfd);
/* Confine this process to reading what is beneath fds[0..n) (each a
 * directory or a file, O_PATH will do) and, where writable[i] is set
 * (writable may be NULL) writing files there (1) or removing them
 * (2): no other file opened,
 * made, removed or run, no new privileges.  The same returns. */
int iol_sbx_landlock_read(const int *fds, const int *writable, int n);

/* No new process for this one and the threads it starts after: fork,
 * vfork, clone without CLONE_THREAD and execve fail with EPERM (threads
 * still start), by a seccomp filter the kernel holds; no new privileges.
 * 0, or -1 with errno (ENOSYS: a machine this filter was not written
 * for). */
int iol_sbx_noproc(void);
/* 1 when iol_sbx_noproc knows this machine's system calls, else 0. */
int iol_sbx_noproc_known(void);

/*
 * Remove name in the directory parent and everything beneath it, never
 * following a symbolic link and never leaving its file system: it walks
 * with descriptors and checks each directory's device and inode on the
 * way back up.  0, or -1 with errno and the entry that could not be
 * removed in bad (n bytes).
 */
int iol_sbx_remove(int parent, const char *name, char *bad, size_t n);

#endif
