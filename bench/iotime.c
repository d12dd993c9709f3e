/*
 * bench/iotime.c: the ground truth for bench/replay.sh.  An LD_PRELOAD
 * library that times a program's file calls without tracing it: each
 * call on a file under $IOTIME_DIR costs two clock reads (some 40 ns)
 * instead of strace's tens of microseconds, so the cumulative read,
 * write and metadata times it sums are what the untraced program spent,
 * to compare the replay with.  Classes as in iolens replay: read and
 * pread in read time; write, pwrite, fsync and fdatasync in write time;
 * a copy in the kernel half in each; open, close, lseek, fstat, stat,
 * unlink, rename, mkdir, rmdir, ftruncate in metadata time.
 *
 * At exit each process appends "read_s write_s meta_s calls" to
 * $IOTIME_OUT.  Calls glibc makes internally (stdio's own opens) are not
 * seen; the programs of the bench call these functions themselves.
 * Built by bench/replay.sh; not part of iolens.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#define MAXFD 65536

static char dir[4096];
static size_t dirlen;
static unsigned char tracked[MAXFD];
static double sum[3]; /* read, write, meta */
static long calls;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void *real(const char *name)
{
	return dlsym(RTLD_NEXT, name);
}

__attribute__((constructor)) static void init(void)
{
	const char *d = getenv("IOTIME_DIR");

	if (d && strlen(d) < sizeof(dir)) {
		strcpy(dir, d);
		dirlen = strlen(dir);
	}
}

__attribute__((destructor)) static void fini(void)
{
	const char *out = getenv("IOTIME_OUT");
	FILE *f;

	if (!out || !calls)
		return;
	f = fopen(out, "a");
	if (!f)
		return;
	fprintf(f, "%.9f %.9f %.9f %ld\n", sum[0], sum[1], sum[2], calls);
	fclose(f);
}

/* A path under the directory: absolute, or relative to a working
 * directory under it. */
static int under(const char *p)
{
	char cwd[4096];

	if (!dirlen || !p)
		return 0;
	if (p[0] == '/')
		return strncmp(p, dir, dirlen) == 0;
	return getcwd(cwd, sizeof(cwd)) && strncmp(cwd, dir, dirlen) == 0;
}

/* A path relative to a directory descriptor (tar opens its files with
 * openat on the directory it walks): where that directory is. */
static int under_at(int d, const char *p)
{
	char link[64], where[4096];
	ssize_t n;

	if (!dirlen || !p)
		return 0;
	if (p[0] == '/' || d == AT_FDCWD)
		return under(p);
	snprintf(link, sizeof(link), "/proc/self/fd/%d", d);
	n = readlink(link, where, sizeof(where) - 1);
	if (n <= 0)
		return 0;
	where[n] = 0;
	return strncmp(where, dir, dirlen) == 0;
}

static int on(int fd)
{
	return fd >= 0 && fd < MAXFD && tracked[fd];
}

static void count(int cls, double t0)
{
	sum[cls] += now() - t0;
	calls++;
}

/* the open family: the mode argument only with O_CREAT or O_TMPFILE */
#define OPEN_MODE(flags, mode)                         \
	do {                                           \
		if ((flags) & (O_CREAT | O_TMPFILE)) { \
			va_list ap;                    \
			va_start(ap, flags);           \
			mode = va_arg(ap, int);        \
			va_end(ap);                    \
		}                                      \
	} while (0)

/* (name, parameters before the flags, the same as arguments, the
 * directory descriptor the path is relative to) */
#define WRAP_OPEN(name, params, args, d)                   \
	int name(params, int flags, ...)                   \
	{                                                  \
		static int (*f)(params, int, ...);         \
		int mode = 0, fd, mine;                    \
		double t0;                                 \
		if (!f)                                    \
			f = real(#name);                   \
		OPEN_MODE(flags, mode);                    \
		t0 = now();                                \
		fd = f(args, flags, mode);                 \
		mine = under_at(d, p);                     \
		if (mine)                                  \
			count(2, t0);                      \
		if (fd >= 0 && fd < MAXFD)                 \
			tracked[fd] = (unsigned char)mine; \
		return fd;                                 \
	}
#define COMMA ,
WRAP_OPEN(open, const char *p, p, AT_FDCWD)
WRAP_OPEN(open64, const char *p, p, AT_FDCWD)
WRAP_OPEN(openat, int d COMMA const char *p, d COMMA p, d)
WRAP_OPEN(openat64, int d COMMA const char *p, d COMMA p, d)

int creat(const char *p, mode_t m)
{
	return open(p, O_WRONLY | O_CREAT | O_TRUNC, m);
}

int close(int fd)
{
	static int (*f)(int);
	int t = on(fd), r;
	double t0;

	if (!f)
		f = real("close");
	t0 = now();
	r = f(fd);
	if (t) {
		count(2, t0);
		tracked[fd] = 0;
	}
	return r;
}

/* a timed call: (name, return type, class, whether this call is on a
 * file under the directory, parameters, arguments) */
#define WRAP(name, type, cls, mine, params, args) \
	type name params                          \
	{                                         \
		static type(*f) params;           \
		double t0;                        \
		type r;                           \
		if (!f)                           \
			f = real(#name);          \
		if (!(mine))                      \
			return f args;            \
		t0 = now();                       \
		r = f args;                       \
		count(cls, t0);                   \
		return r;                         \
	}
/* calls on a descriptor, calls on a path (metadata) */
#define WRAP_FD(name, type, cls, params, args) \
	WRAP(name, type, cls, on(fd), params, args)
#define WRAP_PATH(name, params, args) WRAP(name, int, 2, under(p), params, args)

WRAP_FD(read, ssize_t, 0, (int fd, void *b, size_t n), (fd, b, n))
WRAP_FD(pread, ssize_t, 0, (int fd, void *b, size_t n, off_t o), (fd, b, n, o))
WRAP_FD(pread64, ssize_t, 0, (int fd, void *b, size_t n, off64_t o),
	(fd, b, n, o))
WRAP_FD(write, ssize_t, 1, (int fd, const void *b, size_t n), (fd, b, n))
WRAP_FD(pwrite, ssize_t, 1, (int fd, const void *b, size_t n, off_t o),
	(fd, b, n, o))
WRAP_FD(pwrite64, ssize_t, 1, (int fd, const void *b, size_t n, off64_t o),
	(fd, b, n, o))
WRAP_FD(fsync, int, 1, (int fd), (fd))
WRAP_FD(fdatasync, int, 1, (int fd), (fd))
WRAP_FD(lseek, off_t, 2, (int fd, off_t o, int w), (fd, o, w))
WRAP_FD(lseek64, off64_t, 2, (int fd, off64_t o, int w), (fd, o, w))
WRAP_FD(fstat, int, 2, (int fd, struct stat *s), (fd, s))
WRAP_FD(ftruncate, int, 2, (int fd, off_t l), (fd, l))
WRAP_FD(fstat64, int, 2, (int fd, struct stat64 *s), (fd, s))
WRAP_FD(ftruncate64, int, 2, (int fd, off64_t l), (fd, l))

ssize_t copy_file_range(int fd, off64_t *oi, int out, off64_t *oo, size_t n,
			unsigned fl)
{
	static ssize_t (*f)(int, off64_t *, int, off64_t *, size_t, unsigned);
	double t0, d;
	ssize_t r;

	if (!f)
		f = real("copy_file_range");
	if (!on(fd) && !on(out))
		return f(fd, oi, out, oo, n, fl);
	t0 = now();
	r = f(fd, oi, out, oo, n, fl);
	d = now() - t0;
	sum[0] += d / 2, sum[1] += d / 2, calls++;
	return r;
}

WRAP_PATH(stat, (const char *p, struct stat *s), (p, s))
WRAP_PATH(lstat, (const char *p, struct stat *s), (p, s))
WRAP_PATH(lstat64, (const char *p, struct stat64 *s), (p, s))
WRAP_PATH(unlink, (const char *p), (p))
WRAP_PATH(mkdir, (const char *p, mode_t m), (p, m))
WRAP_PATH(rmdir, (const char *p), (p))
WRAP_PATH(rename, (const char *p, const char *q), (p, q))

/* "" (AT_EMPTY_PATH): the descriptor itself */
WRAP(fstatat, int, 2, !*p ? on(d) : under_at(d, p),
     (int d, const char *p, struct stat *s, int fl), (d, p, s, fl))

/* a copy of a tracked descriptor is tracked (dd reads its input through
 * descriptor 0, opened and moved there with dup2) */
static int duped(int old, int fd)
{
	if (fd >= 0 && fd < MAXFD)
		tracked[fd] = (unsigned char)on(old);
	return fd;
}

int dup(int old)
{
	static int (*f)(int);

	if (!f)
		f = real("dup");
	return duped(old, f(old));
}

int dup2(int old, int fd)
{
	static int (*f)(int, int);

	if (!f)
		f = real("dup2");
	return duped(old, f(old, fd));
}

int dup3(int old, int fd, int fl)
{
	static int (*f)(int, int, int);

	if (!f)
		f = real("dup3");
	return duped(old, f(old, fd, fl));
}

int fcntl(int fd, int cmd, ...)
{
	static int (*f)(int, int, ...);
	va_list ap;
	long arg;
	int r;

	if (!f)
		f = real("fcntl");
	va_start(ap, cmd);
	arg = va_arg(ap, long);
	va_end(ap);
	r = f(fd, cmd, arg);
	if (cmd == F_DUPFD || cmd == F_DUPFD_CLOEXEC)
		duped(fd, r);
	return r;
}

WRAP(unlinkat, int, 2, under_at(d, p), (int d, const char *p, int fl),
     (d, p, fl))

/* the fortified forms (_FORTIFY_SOURCE): tar calls these */
int __open_2(const char *p, int flags)
{
	return open(p, flags);
}

int __open64_2(const char *p, int flags)
{
	return open64(p, flags);
}

int __openat_2(int d, const char *p, int flags)
{
	return openat(d, p, flags);
}

int __openat64_2(int d, const char *p, int flags)
{
	return openat64(d, p, flags);
}

WRAP_PATH(stat64, (const char *p, struct stat64 *s), (p, s))
