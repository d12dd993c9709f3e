/*
 * iolens-trace.so: the tracer `iolens trace` preloads into a program.
 * It wraps the C library's I/O calls (open, read, write, pread, lseek,
 * fsync, close, stat, unlink, rename, dup, pipe, copy_file_range,
 * reflink clones (ioctl FICLONE, FICLONERANGE),
 * directory streams, fopen/fread/fwrite/fclose, fork, exec,
 * pthread_create...) and writes each as strace -f would print it, so
 * the strace reader reads the result.  Unlike strace it stops nothing:
 * a call costs two clock reads and a line formatted into a buffer of
 * its thread (some 0.2 to 0.5 us), not two ptrace stops (50 to 150 us),
 * so the gaps between calls are the program's own and a replay can
 * keep them.
 *
 * Each thread appends "EPOCH_NS TID call(args) = ret <duration>" lines
 * to its buffer, appended whole to $IOLENS_TRACE_DIR/trace when full,
 * when the thread ends, at exit, _exit and exec; `iolens trace` sorts
 * the lines out by thread and merges them in time order.  Calls the C library
 * makes inside itself (stdio's reads and writes, system()'s fork) are not seen,
 * nor is a program linked statically.
 *
 * Nothing here may call a wrapped function: files are written with
 * syscall(), and the real functions are found with dlsym(RTLD_NEXT).
 */
#define _GNU_SOURCE
/* <stdio.h> would define getc_unlocked and the like inline when
 * optimizing; they are wrapped here */
#define __NO_INLINE__ 1
#undef _FORTIFY_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#define EXPORT __attribute__((visibility("default")))
#define TLS __thread __attribute__((tls_model("initial-exec")))

#define BUFCAP (1u << 20)
#define LINEMAX (24u * 1024) /* a line: two escaped paths of 4096 */

/* A thread made by pthread_create: its line waits until the new thread
 * has said its id. */
struct tstart {
	void *(*fn)(void *);
	void *arg;
	_Atomic int tid;
	int64_t t0, t1;
	struct tstart *next;
};

/* One thread's lines not yet written to its file. */
struct tbuf {
	char *b;
	size_t n;
	int tid;
	struct tstart *pend;  /* threads it made, lines not written yet */
	struct tbuf *next;    /* every buffer of the process */
	uint64_t ncost, cost; /* lines made, and ns spent making them,
			       * since the last "#cost" line */
	uint64_t ncut;	      /* stacks cut at the depth, since then */
	int64_t sec;	      /* the seconds of the last time put, */
	char sect[24];	      /* "SEC." as text, */
	size_t nsec;	      /* its length (0: none yet) */
};

static char dir[4096];
static int on;	    /* $IOLENS_TRACE_DIR was set */
static int exiting; /* past our destructor: write every line at once */
static atomic_flag list_lock = ATOMIC_FLAG_INIT;
static struct tbuf *all;
static pthread_key_t key;

static TLS struct tbuf *me;
static TLS int inside; /* formatting a line: a signal handler's call
			* is not traced */

/* ---- the real functions ---- */

#define REAL(name) real_##name
#define GET(name) resolve((void **)&REAL(name), #name)

static int resolve(void **p, const char *name)
{
	if (!*p)
		*p = dlsym(RTLD_NEXT, name);
	return *p != NULL;
}

static void lock(void)
{
	while (atomic_flag_test_and_set_explicit(&list_lock,
						 memory_order_acquire))
		sched_yield();
}

static void unlock(void)
{
	atomic_flag_clear_explicit(&list_lock, memory_order_release);
}

/* The cost of one clock read, ns (the least of 8 rounds of 64): a line's
 * cost is measured from the read that ends its call to the read after
 * its line, so one read of the two that bracket the gap to the next
 * call falls outside it (a lseek loop: the lines' measured cost was 0.21
 * to 0.33 us a call, what the tracer added 0.27 to 0.49). */
static int64_t clock_ns;

static inline int64_t now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* ---- writing a thread's buffer to its file ---- */

static void put_raw(struct tbuf *t, const char *s, size_t n)
{
	if (t->n + n < BUFCAP) {
		memcpy(t->b + t->n, s, n);
		t->n += n;
	}
}

/* "00" to "99": numbers are made two digits a step (a call's line has
 * four of them, its times some 30 digits) */
static const char pairs[] =
	"0001020304050607080910111213141516171819202122232425262728293031323334"
	"353637383940414243444546474849"
	"5051525354555657585960616263646566676869707172737475767778798081828384"
	"858687888990919293949596979899";

static size_t utoa(char *o, unsigned long long v)
{
	unsigned long long x = v;
	size_t n = 1, k;

	while (x >= 10)
		x /= 10, n++;
	for (k = n; v >= 100;) {
		unsigned d = (unsigned)(v % 100) * 2;

		v /= 100;
		o[--k] = pairs[d + 1];
		o[--k] = pairs[d];
	}
	if (v >= 10) {
		o[1] = pairs[v * 2 + 1];
		o[0] = pairs[v * 2];
	} else {
		o[0] = (char)('0' + v);
	}
	return n;
}

/* f (under 10^9) as 9 digits at o */
static void nine(char *o, uint32_t f)
{
	int i;

	for (i = 7; i >= 1; i -= 2) {
		unsigned d = f % 100 * 2;

		f /= 100;
		o[i] = pairs[d];
		o[i + 1] = pairs[d + 1];
	}
	o[0] = (char)('0' + f);
}

/*
 * The buffers are appended to $IOLENS_TRACE_DIR/trace through one
 * descriptor kept for the whole run at a high number (F_DUPFD_CLOEXEC):
 * a descriptor opened for each write took the lowest free number, which
 * a thread doing close(1) then open(), expecting 1, got instead now and
 * then.  The file exists already (iolens trace made it), as making a
 * file costs ext4 some 250 us, which a process would pay at its exit.
 * The program may close the descriptor (closefrom) or put another file
 * at its number (dup2): each write first checks that it is still the
 * trace's file, and opens it again when not.
 */
static _Atomic int out_fd = -1;
static dev_t out_dev;
static ino_t out_ino;
static atomic_flag out_lock = ATOMIC_FLAG_INIT;

/* the number to keep it at: high, yet well under the soft limit and
 * FD_SETSIZE (a table of a million descriptors would cost the kernel
 * megabytes in every process) */
static int high_fd(void)
{
	struct rlimit r;
	rlim_t soft = 1024, v;

	if (syscall(SYS_prlimit64, 0, RLIMIT_NOFILE, NULL, &r) == 0)
		soft = r.rlim_cur;
	v = soft - soft / 16;
	return v > 1000 ? 1000 : v < 16 ? 3 : (int)v;
}

static void trace_path(char *path)
{
	size_t l = strlen(dir);

	memcpy(path, dir, l);
	memcpy(path + l, "/trace", 7);
}

/* Is fd the trace's file? */
static int is_out(int fd)
{
	struct stat st;

	return fd >= 0 && syscall(SYS_fstat, fd, &st) == 0 &&
	       st.st_dev == out_dev && st.st_ino == out_ino;
}

/* The trace's descriptor, opened (again) when the program took it. */
static int out_get(void)
{
	char path[sizeof(dir) + 8];
	struct stat st;
	long fd, hi;
	int cur = atomic_load(&out_fd);

	if (cur >= 0 && is_out(cur))
		return cur;
	while (atomic_flag_test_and_set_explicit(&out_lock,
						 memory_order_acquire))
		sched_yield();
	cur = atomic_load(&out_fd);
	if (cur < 0 || !is_out(cur)) {
		trace_path(path);
		fd = syscall(SYS_openat, AT_FDCWD, path,
			     O_WRONLY | O_APPEND | O_CLOEXEC);
		if (fd < 0)
			fd = syscall(SYS_openat, AT_FDCWD, path,
				     O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC,
				     0600);
		hi = fd < 0 ? -1
			    : syscall(SYS_fcntl, (int)fd, F_DUPFD_CLOEXEC,
				      high_fd());
		if (fd >= 0)
			syscall(SYS_close, (int)fd);
		cur = -1;
		if (hi >= 0 && syscall(SYS_fstat, (int)hi, &st) == 0) {
			out_dev = st.st_dev;
			out_ino = st.st_ino;
			cur = (int)hi;
		} else if (hi >= 0) {
			syscall(SYS_close, (int)hi);
		}
		atomic_store(&out_fd, cur);
	}
	atomic_flag_clear_explicit(&out_lock, memory_order_release);
	return cur;
}

/* text appended to the trace in one write (what the buffer holds) */
static void out_write(const char *b, size_t n)
{
	int e = errno, fd = out_get();
	size_t o = 0;

	while (fd >= 0 && o < n) {
		long k = syscall(SYS_write, fd, b + o, n - o);

		if (k <= 0 && errno != EINTR)
			break;
		if (k > 0)
			o += (size_t)k;
	}
	errno = e;
}

static void cost_line(struct tbuf *t);

static void write_out(struct tbuf *t)
{
	if (!t->n)
		return;
	cost_line(t);
	out_write(t->b, t->n);
	t->n = 0;
}

static void put_pending(struct tbuf *t, int wait);

static void flush(struct tbuf *t)
{
	put_pending(t, 1);
	write_out(t);
}

static void flush_all(void)
{
	struct tbuf *t;

	lock();
	for (t = all; t; t = t->next)
		flush(t);
	unlock();
}

static void thread_gone(void *p)
{
	struct tbuf *t = p, **pp;

	inside = 1;
	flush(t);
	lock();
	for (pp = &all; *pp && *pp != t; pp = &(*pp)->next)
		;
	if (*pp)
		*pp = t->next;
	unlock();
	munmap(t->b, BUFCAP);
	free(t);
	me = NULL;
	inside = 0;
}

/* The calling thread's buffer, made at its first call. */
static struct tbuf *mine(void)
{
	struct tbuf *t = me;

	if (t)
		return t;
	t = calloc(1, sizeof(*t));
	if (!t)
		return NULL;
	t->b = mmap(NULL, BUFCAP, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (t->b == MAP_FAILED) {
		free(t);
		return NULL;
	}
	t->tid = (int)syscall(SYS_gettid);
	lock();
	t->next = all;
	all = t;
	unlock();
	pthread_setspecific(key, t);
	return me = t;
}

/* In a forked child only the calling thread lives on: its buffer held
 * the parent's lines, already the parent's to write. */
static void after_fork_child(void)
{
	struct tbuf *t = me;

	atomic_flag_clear(&list_lock);
	atomic_flag_clear(&out_lock);
	all = NULL;
	if (t) {
		t->n = 0;
		t->ncost = t->cost = t->ncut = 0;
		t->pend = NULL;
		t->tid = (int)syscall(SYS_gettid);
		t->next = NULL;
		all = t;
	}
}

/* ---- formatting ---- */

static void put_s(struct tbuf *t, const char *s)
{
	put_raw(t, s, strlen(s));
}

static void put_u(struct tbuf *t, unsigned long long v)
{
	if (t->n + 24 < BUFCAP)
		t->n += utoa(t->b + t->n, v);
}

static void put_i(struct tbuf *t, long long v)
{
	if (v < 0) {
		put_raw(t, "-", 1);
		put_u(t, 0ULL - (unsigned long long)v);
	} else {
		put_u(t, (unsigned long long)v);
	}
}

/* seconds and 9 digits of nanoseconds: a duration's "0." as is, a
 * time's seconds as they were the call before (as a rule) */
static void put_ns(struct tbuf *t, int64_t ns)
{
	int64_t s;
	char *o;

	if (ns < 0)
		ns = 0;
	if (t->n + 40 >= BUFCAP)
		return;
	s = ns / 1000000000;
	o = t->b + t->n;
	if (s == 0) {
		memcpy(o, "0.", 2);
		o += 2;
	} else {
		if (s != t->sec || !t->nsec) {
			t->nsec = utoa(t->sect, (unsigned long long)s);
			t->sect[t->nsec++] = '.';
			t->sec = s;
		}
		memcpy(o, t->sect, t->nsec);
		o += t->nsec;
	}
	nine(o, (uint32_t)(ns % 1000000000));
	t->n = (size_t)(o + 9 - t->b);
}

/* n bytes of s (4096 at most; a NUL ends them), quoted as strace
 * quotes a string */
static void put_qn(struct tbuf *t, const char *s, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	size_t k = 0;

	put_raw(t, "\"", 1);
	for (; k < n && *s && k < 4096; s++, k++) {
		unsigned char c = (unsigned char)*s;
		char e[4] = {'\\', 'x', hex[c >> 4], hex[c & 15]};

		if (c == '"' || c == '\\') {
			e[1] = (char)c;
			put_raw(t, e, 2);
		} else if (c < 0x20 || c > 0x7e) {
			put_raw(t, e, 4);
		} else {
			put_raw(t, (const char *)&c, 1);
		}
	}
	put_raw(t, "\"", 1);
}

/* a path as strace quotes it; NULL as NULL */
static void put_q(struct tbuf *t, const char *s)
{
	if (!s)
		put_s(t, "NULL");
	else
		put_qn(t, s, 4096);
}

/* what a call put in a buffer of the program's, r bytes (none when it
 * failed): a link's text, which readlink does not end with a NUL */
static void put_got(struct tbuf *t, const char *b, long long r)
{
	put_qn(t, b, r > 0 ? (size_t)r : 0);
}

/*
 * A directory descriptor as strace -y shows it, "3</usr/share/doc>":
 * the reader takes a name relative to it from there.  The kernel's own
 * name of it (/proc/self/fd) is right whoever opened it (the C library
 * inside fts or nftw, a parent before the trace) and costs a readlink
 * (about a microsecond) on the calls that name one.
 */
static void put_ypath(struct tbuf *t, int fd)
{
	static const char hex[] = "0123456789abcdef";
	char lnk[40] = "/proc/self/fd/", p[4096];
	long k;
	long i;

	lnk[14 + utoa(lnk + 14, (unsigned long long)fd)] = '\0';
	k = syscall(SYS_readlinkat, AT_FDCWD, lnk, p, sizeof(p));
	if (k <= 0 || k >= (long)sizeof(p) || p[0] != '/')
		return;
	put_raw(t, "<", 1);
	for (i = 0; i < k; i++) {
		unsigned char c = (unsigned char)p[i];
		char e[4] = {'\\', 'x', hex[c >> 4], hex[c & 15]};

		/* escaped as strace does: the reader ends it at '>' */
		if (c < 0x20 || c > 0x7e || c == '\\' || c == '<' || c == '>')
			put_raw(t, e, 4);
		else
			put_raw(t, (const char *)&c, 1);
	}
	put_raw(t, ">", 1);
}

static void put_dirfd(struct tbuf *t, int fd)
{
	if (fd == AT_FDCWD) {
		put_s(t, "AT_FDCWD");
	} else {
		put_i(t, fd);
		if (fd >= 0)
			put_ypath(t, fd);
	}
}

static void put_oflags(struct tbuf *t, int f)
{
	static const struct {
		int bit;
		const char *name;
	} m[] = {
		{O_CREAT, "|O_CREAT"},	     {O_EXCL, "|O_EXCL"},
		{O_NOCTTY, "|O_NOCTTY"},     {O_TRUNC, "|O_TRUNC"},
		{O_APPEND, "|O_APPEND"},     {O_NONBLOCK, "|O_NONBLOCK"},
		{O_DIRECT, "|O_DIRECT"},     {O_DIRECTORY, "|O_DIRECTORY"},
		{O_NOFOLLOW, "|O_NOFOLLOW"}, {O_NOATIME, "|O_NOATIME"},
		{O_CLOEXEC, "|O_CLOEXEC"},   {O_PATH, "|O_PATH"},
	};
	size_t i;
	int acc = f & O_ACCMODE;

	put_s(t, acc == O_WRONLY ? "O_WRONLY"
		 : acc == O_RDWR ? "O_RDWR"
				 : "O_RDONLY");
	if ((f & O_SYNC) == O_SYNC)
		put_s(t, "|O_SYNC");
	else if (f & O_DSYNC)
		put_s(t, "|O_DSYNC");
	for (i = 0; i < sizeof(m) / sizeof(m[0]); i++)
		if ((f & m[i].bit) == m[i].bit &&
		    !(m[i].bit == O_DIRECTORY && (f & O_TMPFILE) == O_TMPFILE))
			put_s(t, m[i].name);
	if ((f & O_TMPFILE) == O_TMPFILE)
		put_s(t, "|O_TMPFILE");
}

/* the *at calls' flags as strace names them */
static void put_atflags(struct tbuf *t, int f)
{
	static const struct {
		int bit;
		const char *name;
	} m[] = {
		{AT_SYMLINK_NOFOLLOW, "AT_SYMLINK_NOFOLLOW"},
		{AT_EMPTY_PATH, "AT_EMPTY_PATH"},
		{AT_NO_AUTOMOUNT, "AT_NO_AUTOMOUNT"},
		{AT_SYMLINK_FOLLOW, "AT_SYMLINK_FOLLOW"},
	};
	size_t i;
	int any = 0;

	for (i = 0; i < sizeof(m) / sizeof(m[0]); i++)
		if (f & m[i].bit) {
			if (any++)
				put_raw(t, "|", 1);
			put_s(t, m[i].name);
			f &= ~m[i].bit;
		}
	if (f || !any) {
		if (any)
			put_raw(t, "|", 1);
		put_i(t, f);
	}
}

static void put_mode(struct tbuf *t, unsigned m)
{
	char tmp[8];
	size_t n = 0;
	int sh;

	tmp[n++] = '0';
	for (sh = 9; sh >= 0; sh -= 3)
		if ((m >> sh) & 7 || n > 1 || sh <= 6)
			tmp[n++] = (char)('0' + ((m >> sh) & 7));
	put_raw(t, tmp, n);
}

/*
 * put(t, fmt, ...): %d int, %l long long, %u size_t, %q a path, %D a
 * directory descriptor, %F open flags, %A *at flags, %o a mode, %s a
 * string as is.
 */
static void put(struct tbuf *t, const char *fmt, ...)
{
	va_list ap;
	const char *p;

	va_start(ap, fmt);
	for (p = fmt; *p; p++) {
		if (*p != '%') {
			const char *q = p;

			while (q[1] && q[1] != '%')
				q++;
			put_raw(t, p, (size_t)(q - p + 1));
			p = q;
			continue;
		}
		switch (*++p) {
		case 'd': put_i(t, va_arg(ap, int)); break;
		case 'l': put_i(t, va_arg(ap, long long)); break;
		case 'u': put_u(t, va_arg(ap, size_t)); break;
		case 'q': put_q(t, va_arg(ap, const char *)); break;
		case 'Q': {
			const char *b = va_arg(ap, const char *);

			put_got(t, b, va_arg(ap, long long));
			break;
		}
		case 'D': put_dirfd(t, va_arg(ap, int)); break;
		case 'F': put_oflags(t, va_arg(ap, int)); break;
		case 'A': put_atflags(t, va_arg(ap, int)); break;
		case 'o': put_mode(t, va_arg(ap, unsigned)); break;
		case 's': put_s(t, va_arg(ap, const char *)); break;
		default: p--; goto out;
		}
	}
out:
	va_end(ap);
}

/* ---- call stacks (iolens trace --stacks) ----
 *
 * With $IOLENS_TRACE_STACKS=DEPTH each call's line ends with its return
 * addresses, up to DEPTH of them, the tracer's own left out, each as
 * strace -k prints a frame of a module without symbols, after a \x1f
 * that iolens trace turns into a line break when it merges the
 * threads' lines: " > /path/module() [0xOFFSET]", the offset in the
 * module's file, which the reader's symbolizer turns into function,
 * file and line.  Addresses are walked by glibc's backtrace() (the
 * unwinder reads the modules' unwind tables: no frame pointers
 * needed); modules come from /proc/self/maps, read once a process and
 * again when an address falls outside every module known (dlopen).
 */

#define STACK_MAX 256
#define MAPS_MAX 1024
#define MAPS_POOL (128u * 1024)
#define MAPS_RELOADS 64

struct xmap {
	uintptr_t lo, hi, off;
	const char *path;
};

struct maps {
	int n;
	struct xmap m[MAPS_MAX];
	char pool[MAPS_POOL];
};

static int stack_depth; /* 0: no stacks */
static struct maps *_Atomic cur_maps;
static _Atomic int maps_reloads;
static uintptr_t self_lo, self_hi; /* this library's code */

static uintptr_t hexnum(const char **p)
{
	uintptr_t v = 0;
	const char *s = *p;

	for (;; s++) {
		int c = *s;

		if (c >= '0' && c <= '9')
			v = v * 16 + (uintptr_t)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v = v * 16 + (uintptr_t)(c - 'a' + 10);
		else
			break;
	}
	*p = s;
	return v;
}

/* one line of /proc/self/maps: an executable mapping of a file */
static void maps_line(struct maps *m, const char *l, size_t *used)
{
	struct xmap x;
	const char *p = l, *path;
	size_t n;

	x.lo = hexnum(&p);
	if (*p++ != '-')
		return;
	x.hi = hexnum(&p);
	if (*p++ != ' ' || p[2] != 'x')
		return;
	p += 5;
	x.off = hexnum(&p);
	path = strchr(p, '/');
	if (!path || m->n >= MAPS_MAX)
		return;
	n = strlen(path);
	if (*used + n + 1 > MAPS_POOL)
		return;
	memcpy(m->pool + *used, path, n + 1);
	x.path = m->pool + *used;
	*used += n + 1;
	m->m[m->n++] = x;
}

/* /proc/self/maps read with raw system calls (read is wrapped here) */
static struct maps *maps_read(void)
{
	struct maps *m = mmap(NULL, sizeof(*m), PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char buf[8192], line[4200];
	size_t ll = 0, used = 0;
	long fd, k, i;

	if (m == MAP_FAILED)
		return NULL;
	m->n = 0;
	fd = syscall(SYS_openat, AT_FDCWD, "/proc/self/maps",
		     O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return m;
	while ((k = syscall(SYS_read, (int)fd, buf, sizeof(buf))) > 0)
		for (i = 0; i < k; i++) {
			if (buf[i] != '\n') {
				if (ll < sizeof(line) - 1)
					line[ll++] = buf[i];
				continue;
			}
			line[ll] = '\0';
			maps_line(m, line, &used);
			ll = 0;
		}
	syscall(SYS_close, (int)fd);
	return m;
}

static const struct xmap *maps_find(const struct maps *m, uintptr_t a)
{
	int lo = 0, hi = m ? m->n - 1 : -1;

	while (lo <= hi) { /* the kernel lists mappings in address order */
		int mid = (lo + hi) / 2;

		if (a < m->m[mid].lo)
			hi = mid - 1;
		else if (a >= m->m[mid].hi)
			lo = mid + 1;
		else
			return &m->m[mid];
	}
	return NULL;
}

/* the module of a; the maps read again (a few times at most) on a miss:
 * the old table stays, as another thread may be reading it */
static const struct xmap *module_of(uintptr_t a)
{
	struct maps *m = atomic_load(&cur_maps), *nm;
	const struct xmap *x = maps_find(m, a);

	if (x || atomic_fetch_add(&maps_reloads, 1) >= MAPS_RELOADS)
		return x;
	if ((nm = maps_read()) == NULL)
		return NULL;
	atomic_store(&cur_maps, nm);
	return maps_find(nm, a);
}

static void stacks_init(void)
{
	const char *d = getenv("IOLENS_TRACE_STACKS");
	const struct xmap *x;
	void *one[2];
	int k = 0;

	if (!d)
		return;
	while (*d >= '0' && *d <= '9' && k <= STACK_MAX)
		k = k * 10 + (*d++ - '0');
	if (k <= 0)
		return;
	stack_depth = k > STACK_MAX ? STACK_MAX : k;
	backtrace(one, 2); /* loads the unwinder now, not in a call */
	atomic_store(&cur_maps, maps_read());
	if ((x = module_of((uintptr_t)&stacks_init)) != NULL) {
		self_lo = x->lo;
		self_hi = x->hi;
	}
}

/* after fork: the parent's table holds, and its reloads count anew */
static void stacks_after_fork(void)
{
	atomic_store(&maps_reloads, 0);
}

static void put_hex(struct tbuf *t, uintptr_t v)
{
	static const char hex[] = "0123456789abcdef";
	char o[20];
	int n = 0, i;

	do
		o[n++] = hex[v & 15];
	while ((v >>= 4) != 0);
	put_raw(t, "0x", 2);
	for (i = n - 1; i >= 0; i--)
		put_raw(t, &o[i], 1);
}

/* the calling thread's return addresses, after \x1f each; a stack
 * deeper than the depth ends in "[stack cut]" and is counted */
static void put_stack(struct tbuf *t)
{
	void *pc[STACK_MAX + 9];
	int n = backtrace(pc, stack_depth + 9), i, k = 0;

	for (i = 0; i < n; i++) {
		if (k == stack_depth) {
			uintptr_t a = (uintptr_t)pc[i];

			if (a >= self_lo && a < self_hi)
				continue;
			put_raw(t, "\x1f > [stack cut]", 15);
			t->ncut++;
			break;
		}
		uintptr_t a = (uintptr_t)pc[i];
		const struct xmap *x;

		if (a >= self_lo && a < self_hi)
			continue;
		if (t->n + 4200 > BUFCAP)
			break;
		x = module_of(a);
		put_raw(t, "\x1f > ", 4);
		if (x) {
			put_s(t, x->path);
			put_raw(t, "() [", 4);
			put_hex(t, a - x->lo + x->off);
			put_raw(t, "]", 1);
		} else {
			put_s(t, "unexpected_backtracing_error [");
			put_hex(t, a);
			put_raw(t, "]", 1);
		}
		k++;
	}
}

/* ---- one call ---- */

struct call {
	int64_t t0, t1;
	int64_t fl; /* ns writing the buffer out before its line */
	int err;
	struct tbuf *t;
};

static inline int enter(struct call *c)
{
	if (!on || inside)
		return 0;
	c->t0 = now();
	return 1;
}

static void line_head(struct tbuf *t, int64_t t0)
{
	put_ns(t, t0);
	put_raw(t, " ", 1);
	put_u(t, (unsigned long long)t->tid);
	put_raw(t, " ", 1);
}

/* After the real call: the head of its line, or 0 when it cannot be
 * traced.  errno is kept for the caller. */
static int leave_head(struct call *c);

static int leave(struct call *c)
{
	c->t1 = now();
	c->err = errno;
	return leave_head(c);
}

/* leave() with the call's end and errno already taken */
static int leave_head(struct call *c)
{
	inside = 1;
	c->t = mine();
	if (!c->t) {
		inside = 0;
		return 0;
	}
	if (c->t->pend)
		put_pending(c->t, 0);
	c->fl = 0;
	if (c->t->n + LINEMAX > BUFCAP) {
		/* the tracer's too, in the gap before the next call: in the
		 * sum, not the lines' count (a 1 MiB write is no line's
		 * cost); 5 of them, 1 to 3 ms, in a tree copy of 0.2 s */
		c->fl = now();
		write_out(c->t);
		c->fl = now() - c->fl;
		c->t->cost += (uint64_t)c->fl;
	}
	line_head(c->t, c->t0);
	return 1;
}

static void end_line(struct tbuf *t, int64_t dur)
{
	put_raw(t, " <", 2);
	put_ns(t, dur);
	put_raw(t, ">\n", 2);
	if (exiting)
		write_out(t);
}

/* a call's line end, with its stack when asked for */
static void end_call_line(struct tbuf *t, int64_t dur)
{
	if (!stack_depth) {
		end_line(t, dur);
		return;
	}
	put_raw(t, " <", 2);
	put_ns(t, dur);
	put_raw(t, ">", 1);
	put_stack(t);
	put_raw(t, "\n", 1);
	if (exiting)
		write_out(t);
}

/* "TIME TID #cost N NS": the lines made since the last, and the time
 * making them took, which iolens trace sums for replay-script to take
 * off the gaps between calls (when the buffer has room; else later) */
static void cost_line(struct tbuf *t)
{
	if ((!t->ncost && !t->ncut) || t->n + 128 > BUFCAP)
		return;
	line_head(t, now());
	put(t, "#cost %l %l %l\n", (long long)t->ncost, (long long)t->cost,
	    (long long)t->ncut);
	t->ncost = t->cost = t->ncut = 0;
}

#define COST_MAX 20000 /* ns */

/* " = ret <duration>" ("= -1 ENOENT" on failure), and errno back */
static void finish(struct call *c, long long ret)
{
	int64_t k;

	put_raw(c->t, " = ", 3);
	if (ret < 0) {
		const char *n = strerrorname_np(c->err);

		put_s(c->t, "-1 ");
		put_s(c->t, n ? n : "EUNKNOWN");
	} else {
		put_i(c->t, ret);
	}
	end_call_line(c->t, c->t1 - c->t0);
	/* the line's cost, in the gap before the next call; one that took
	 * longer than COST_MAX was not the line's doing (the thread was
	 * preempted, or it made its buffer) and is left out of the mean */
	k = now() - c->t1 + clock_ns - c->fl;
	if (k >= 0 && k < COST_MAX) {
		c->t->cost += (uint64_t)k;
		c->t->ncost++;
	}
	inside = 0;
	errno = c->err;
}

/* The lines of the threads t made that have said their ids (all of
 * them with wait: a thread says it before anything else). */
static void put_pending(struct tbuf *t, int wait)
{
	struct tstart **pp = &t->pend, *s;

	while ((s = *pp) != NULL) {
		int tid = atomic_load_explicit(&s->tid, memory_order_acquire);

		while (wait && !tid) {
			sched_yield();
			tid = atomic_load_explicit(&s->tid,
						   memory_order_acquire);
		}
		if (!tid) {
			pp = &s->next;
			continue;
		}
		if (t->n + LINEMAX > BUFCAP)
			write_out(t);
		line_head(t, s->t0);
		put(t,
		    "clone3({flags=CLONE_VM|CLONE_FS|CLONE_FILES|CLONE_SIGHAND|"
		    "CLONE_THREAD|CLONE_SYSVSEM}, 88) = %d",
		    tid);
		end_line(t, s->t1 - s->t0);
		*pp = s->next;
		free(s);
	}
}

/* ---- start and end ---- */

/* "TIME TID #what PID [text]", written at once: "#hello" the tracer runs in
 * this process (a program it cannot enter, linked statically or
 * set-user-ID, says nothing); "#exec PID PATH" before an exec,
 * "#execfail" when it failed.  iolens trace tells by them an empty trace from a
 * program without I/O, and names an exec'd program that ran without it. */
static void marker(const char *what, const char *text)
{
	char b[384];
	size_t n = 0, l = strlen(what), k;
	int64_t t = now();

	n += utoa(b + n, (unsigned long long)(t / 1000000000));
	n += utoa(b + n, (unsigned long long)(t % 1000000000 + 1000000000));
	b[n - 10] = '.';
	b[n++] = ' ';
	n += utoa(b + n, (unsigned long long)syscall(SYS_gettid));
	memcpy(b + n, " #", 2);
	memcpy(b + n + 2, what, l);
	n += l + 2;
	b[n++] = ' ';
	n += utoa(b + n, (unsigned long long)getpid());
	/* the program exec'd, for a message: control bytes as '?' */
	for (k = 0; text && text[k] && n < sizeof(b) - 2; k++) {
		unsigned char c = (unsigned char)text[k];

		if (k == 0)
			b[n++] = ' ';
		b[n++] = c < 0x20 || c == 0x7f ? '?' : (char)c;
	}
	b[n++] = '\n';
	out_write(b, n);
}

static void measure_clock(void)
{
	int64_t best = -1, t;
	int r, i;

	for (r = 0; r < 8; r++) {
		t = now();
		for (i = 0; i < 64; i++)
			(void)now();
		t = (now() - t) / 65;
		if (best < 0 || t < best)
			best = t;
	}
	clock_ns = best > 0 && best < 1000 ? best : 0;
}

__attribute__((constructor)) static void init(void)
{
	const char *d = getenv("IOLENS_TRACE_DIR");

	if (!d || !*d || strlen(d) >= sizeof(dir))
		return;
	measure_clock();
	memcpy(dir, d, strlen(d) + 1);
	if (pthread_key_create(&key, thread_gone) != 0)
		return;
	pthread_atfork(NULL, NULL, after_fork_child);
	pthread_atfork(NULL, NULL, stacks_after_fork);
	stacks_init();
	on = 1;
	marker("hello", NULL);
}

/*
 * What exit() writes after us: glibc flushes its streams after the last
 * destructor (_IO_cleanup) by system calls no wrapper sees, so a stream
 * with bytes waiting is flushed here, through fflush's wrapper and its
 * line.  The list and its lock are glibc's exported _IO_list_*.
 */
static void flush_streams(void)
{
	FILE **head = dlsym(RTLD_DEFAULT, "_IO_list_all");
	void (*lk)(void) = (void (*)(void))dlsym(RTLD_DEFAULT, "_IO_list_lock");
	void (*ul)(void) =
		(void (*)(void))dlsym(RTLD_DEFAULT, "_IO_list_unlock");
	FILE *f;

	if (!head || !lk || !ul)
		return;
	lk();
	for (f = *head; f; f = f->_chain)
		if (f->_fileno >= 0 && f->_IO_write_ptr > f->_IO_write_base)
			fflush(f);
	ul();
}

__attribute__((destructor)) static void fini(void)
{
	if (!on)
		return;
	flush_streams();
	inside = 1;
	flush_all();
	exiting = 1;
	inside = 0;
}

/* ---- the wrapped calls ---- */

/* TRACE(name, ret, fmt, args...): the line of a call made, with its
 * result r; the macro keeps each wrapper to its own arguments */
#define TRACE(c, r, ...)                           \
	do {                                       \
		if (leave(c)) {                    \
			put((c)->t, __VA_ARGS__);  \
			finish(c, (long long)(r)); \
		}                                  \
	} while (0)

static int (*real_open)(const char *, int, ...);
static int (*real_open64)(const char *, int, ...);
static int (*real___open_2)(const char *, int);
static int (*real___open64_2)(const char *, int);
static int (*real_openat)(int, const char *, int, ...);
static int (*real_openat64)(int, const char *, int, ...);
static int (*real___openat_2)(int, const char *, int);
static int (*real___openat64_2)(int, const char *, int);

static int has_mode(int flags)
{
	return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE;
}

static void open_line(struct call *c, int r, int d, const char *p, int f,
		      mode_t m)
{
	if (has_mode(f))
		TRACE(c, r, "openat(%D, %q, %F, %o)", d, p, f, (unsigned)m);
	else
		TRACE(c, r, "openat(%D, %q, %F)", d, p, f);
}

#define OPEN_WRAP(name, fn)                               \
	EXPORT int name(const char *p, int f, ...)        \
	{                                                 \
		struct call c;                            \
		mode_t m = 0;                             \
		int r;                                    \
		if (has_mode(f)) {                        \
			va_list ap;                       \
			va_start(ap, f);                  \
			m = (mode_t)va_arg(ap, unsigned); \
			va_end(ap);                       \
		}                                         \
		if (!GET(fn)) {                           \
			errno = ENOSYS;                   \
			return -1;                        \
		}                                         \
		if (!enter(&c))                           \
			return REAL(fn)(p, f, m);         \
		r = REAL(fn)(p, f, m);                    \
		open_line(&c, r, AT_FDCWD, p, f, m);      \
		return r;                                 \
	}
OPEN_WRAP(open, open)
OPEN_WRAP(open64, open64)

#define OPENAT_WRAP(name, fn)                             \
	EXPORT int name(int d, const char *p, int f, ...) \
	{                                                 \
		struct call c;                            \
		mode_t m = 0;                             \
		int r;                                    \
		if (has_mode(f)) {                        \
			va_list ap;                       \
			va_start(ap, f);                  \
			m = (mode_t)va_arg(ap, unsigned); \
			va_end(ap);                       \
		}                                         \
		if (!GET(fn)) {                           \
			errno = ENOSYS;                   \
			return -1;                        \
		}                                         \
		if (!enter(&c))                           \
			return REAL(fn)(d, p, f, m);      \
		r = REAL(fn)(d, p, f, m);                 \
		open_line(&c, r, d, p, f, m);             \
		return r;                                 \
	}
OPENAT_WRAP(openat, openat)
OPENAT_WRAP(openat64, openat64)

/* _FORTIFY_SOURCE's checked forms: no mode (they refuse O_CREAT) */
#define OPEN2_WRAP(name)                             \
	EXPORT int name(const char *p, int f)        \
	{                                            \
		struct call c;                       \
		int r;                               \
		if (!GET(name)) {                    \
			errno = ENOSYS;              \
			return -1;                   \
		}                                    \
		if (!enter(&c))                      \
			return REAL(name)(p, f);     \
		r = REAL(name)(p, f);                \
		open_line(&c, r, AT_FDCWD, p, f, 0); \
		return r;                            \
	}
OPEN2_WRAP(__open_2)
OPEN2_WRAP(__open64_2)

#define OPENAT2_WRAP(name)                           \
	EXPORT int name(int d, const char *p, int f) \
	{                                            \
		struct call c;                       \
		int r;                               \
		if (!GET(name)) {                    \
			errno = ENOSYS;              \
			return -1;                   \
		}                                    \
		if (!enter(&c))                      \
			return REAL(name)(d, p, f);  \
		r = REAL(name)(d, p, f);             \
		open_line(&c, r, d, p, f, 0);        \
		return r;                            \
	}
OPENAT2_WRAP(__openat_2)
OPENAT2_WRAP(__openat64_2)

/*
 * WRAP(ret, name, (params), (args), fmt, fmt args...): a wrapper that
 * calls the real function and writes one line.
 */
#define WRAP(rt, name, params, args, ...)       \
	static rt(*real_##name) params;         \
	EXPORT rt name params                   \
	{                                       \
		struct call c;                  \
		rt r;                           \
		if (!GET(name)) {               \
			errno = ENOSYS;         \
			return (rt)-1;          \
		}                               \
		if (!enter(&c))                 \
			return REAL(name) args; \
		r = REAL(name) args;            \
		TRACE(&c, r, __VA_ARGS__);      \
		return r;                       \
	}

WRAP(int, creat, (const char *p, mode_t m), (p, m), "creat(%q, %o)", p,
     (unsigned)m)
WRAP(int, creat64, (const char *p, mode_t m), (p, m), "creat(%q, %o)", p,
     (unsigned)m)

/* close: the trace's own descriptor is not the program's to close (it
 * would not be open untraced), unless the program put a file of its own
 * at that number */
static int (*real_close)(int);
EXPORT int close(int fd)
{
	struct call c;
	int r;

	if (!GET(close)) {
		errno = ENOSYS;
		return -1;
	}
	if (on && fd >= 0 && fd == atomic_load(&out_fd)) {
		if (is_out(fd)) {
			errno = EBADF;
			return -1;
		}
		atomic_store(&out_fd, -1);
	}
	if (!enter(&c))
		return REAL(close)(fd);
	r = REAL(close)(fd);
	TRACE(&c, r, "close(%d)", fd);
	return r;
}
WRAP(ssize_t, read, (int fd, void *b, size_t n), (fd, b, n),
     "read(%d, \"\", %u)", fd, n)
WRAP(ssize_t, __read_chk, (int fd, void *b, size_t n, size_t bl),
     (fd, b, n, bl), "read(%d, \"\", %u)", fd, n)
WRAP(ssize_t, write, (int fd, const void *b, size_t n), (fd, b, n),
     "write(%d, \"\", %u)", fd, n)
WRAP(ssize_t, pread, (int fd, void *b, size_t n, off_t o), (fd, b, n, o),
     "pread64(%d, \"\", %u, %l)", fd, n, (long long)o)
WRAP(ssize_t, pread64, (int fd, void *b, size_t n, off64_t o), (fd, b, n, o),
     "pread64(%d, \"\", %u, %l)", fd, n, (long long)o)
WRAP(ssize_t, __pread_chk, (int fd, void *b, size_t n, off_t o, size_t bl),
     (fd, b, n, o, bl), "pread64(%d, \"\", %u, %l)", fd, n, (long long)o)
WRAP(ssize_t, __pread64_chk, (int fd, void *b, size_t n, off64_t o, size_t bl),
     (fd, b, n, o, bl), "pread64(%d, \"\", %u, %l)", fd, n, (long long)o)
WRAP(ssize_t, pwrite, (int fd, const void *b, size_t n, off_t o), (fd, b, n, o),
     "pwrite64(%d, \"\", %u, %l)", fd, n, (long long)o)
WRAP(ssize_t, pwrite64, (int fd, const void *b, size_t n, off64_t o),
     (fd, b, n, o), "pwrite64(%d, \"\", %u, %l)", fd, n, (long long)o)
WRAP(ssize_t, readv, (int fd, const struct iovec *v, int k), (fd, v, k),
     "readv(%d, [], %d)", fd, k)
WRAP(ssize_t, writev, (int fd, const struct iovec *v, int k), (fd, v, k),
     "writev(%d, [], %d)", fd, k)
WRAP(ssize_t, preadv, (int fd, const struct iovec *v, int k, off_t o),
     (fd, v, k, o), "preadv(%d, [], %d, %l)", fd, k, (long long)o)
WRAP(ssize_t, preadv64, (int fd, const struct iovec *v, int k, off64_t o),
     (fd, v, k, o), "preadv(%d, [], %d, %l)", fd, k, (long long)o)
WRAP(ssize_t, pwritev, (int fd, const struct iovec *v, int k, off_t o),
     (fd, v, k, o), "pwritev(%d, [], %d, %l)", fd, k, (long long)o)
WRAP(ssize_t, pwritev64, (int fd, const struct iovec *v, int k, off64_t o),
     (fd, v, k, o), "pwritev(%d, [], %d, %l)", fd, k, (long long)o)
WRAP(int, fsync, (int fd), (fd), "fsync(%d)", fd)
WRAP(int, fdatasync, (int fd), (fd), "fdatasync(%d)", fd)
WRAP(int, ftruncate, (int fd, off_t l), (fd, l), "ftruncate(%d, %l)", fd,
     (long long)l)
WRAP(int, ftruncate64, (int fd, off64_t l), (fd, l), "ftruncate(%d, %l)", fd,
     (long long)l)
WRAP(int, fallocate, (int fd, int m, off_t o, off_t l), (fd, m, o, l),
     "fallocate(%d, %d, %l, %l)", fd, m, (long long)o, (long long)l)
WRAP(int, fallocate64, (int fd, int m, off64_t o, off64_t l), (fd, m, o, l),
     "fallocate(%d, %d, %l, %l)", fd, m, (long long)o, (long long)l)

/* posix_fallocate and posix_fadvise return the error, not -1 and errno;
 * their lines are the system calls' (glibc makes them inside, unseen),
 * as strace shows them: "fallocate(3, 0, 0, 1048576) = 0",
 * "fadvise64(3, 0, 0, POSIX_FADV_DONTNEED) = 0" */
static const char *advice_name(int a)
{
	switch (a) {
	case POSIX_FADV_NORMAL: return "POSIX_FADV_NORMAL";
	case POSIX_FADV_RANDOM: return "POSIX_FADV_RANDOM";
	case POSIX_FADV_SEQUENTIAL: return "POSIX_FADV_SEQUENTIAL";
	case POSIX_FADV_WILLNEED: return "POSIX_FADV_WILLNEED";
	case POSIX_FADV_DONTNEED: return "POSIX_FADV_DONTNEED";
	case POSIX_FADV_NOREUSE: return "POSIX_FADV_NOREUSE";
	default: return "POSIX_FADV_UNKNOWN";
	}
}

#define POSIX_WRAP(name, params, args, ...)         \
	static int(*real_##name) params;            \
	EXPORT int name params                      \
	{                                           \
		struct call c;                      \
		int r;                              \
		if (!GET(name))                     \
			return ENOSYS;              \
		if (!enter(&c))                     \
			return REAL(name) args;     \
		r = REAL(name) args;                \
		errno = r ? r : errno;              \
		TRACE(&c, r ? -1 : 0, __VA_ARGS__); \
		return r;                           \
	}
POSIX_WRAP(posix_fallocate, (int fd, off_t o, off_t l), (fd, o, l),
	   "fallocate(%d, 0, %l, %l)", fd, (long long)o, (long long)l)
POSIX_WRAP(posix_fallocate64, (int fd, off64_t o, off64_t l), (fd, o, l),
	   "fallocate(%d, 0, %l, %l)", fd, (long long)o, (long long)l)
POSIX_WRAP(posix_fadvise, (int fd, off_t o, off_t l, int a), (fd, o, l, a),
	   "fadvise64(%d, %l, %l, %s)", fd, (long long)o, (long long)l,
	   advice_name(a))
POSIX_WRAP(posix_fadvise64, (int fd, off64_t o, off64_t l, int a),
	   (fd, o, l, a), "fadvise64(%d, %l, %l, %s)", fd, (long long)o,
	   (long long)l, advice_name(a))

WRAP(int, truncate, (const char *p, off_t l), (p, l), "truncate(%q, %l)", p,
     (long long)l)
WRAP(int, truncate64, (const char *p, off64_t l), (p, l), "truncate(%q, %l)", p,
     (long long)l)
/* The type of a stat's result as strace names it: a directory the job
 * only stat'ed (a shell's look at $OLDPWD) is staged as one, not as an
 * empty file. */
static const char *type_name(unsigned mode)
{
	switch (mode & S_IFMT) {
	case S_IFREG: return "S_IFREG";
	case S_IFDIR: return "S_IFDIR";
	case S_IFLNK: return "S_IFLNK";
	case S_IFCHR: return "S_IFCHR";
	case S_IFBLK: return "S_IFBLK";
	case S_IFIFO: return "S_IFIFO";
	default: return "S_IFSOCK";
	}
}

/* Permission bits as strace prints them ("%#03o": 0755, 01777, 000). */
static size_t mode_text(char *o, unsigned m)
{
	char d[8];
	size_t n = 0, k = 0;

	do
		d[n++] = (char)('0' + (m & 7));
	while ((m >>= 3) != 0);
	if (d[n - 1] != '0')
		d[n++] = '0';
	while (n < 3)
		d[n++] = '0';
	while (n)
		o[k++] = d[--n];
	return k;
}

/* A stat's result as strace shows its type and size,
 * "{st_mode=S_IFDIR|0755, st_size=N, ...}" ("{}" when it failed; no
 * mode when statx did not give the type): the size of a file a clone
 * then covers whole, which the clone's line cannot say.  b holds 96
 * bytes. */
static const char *st_text(char *b, int ok, long long size, int x, int typed,
			   unsigned mode)
{
	const char *t = type_name(mode);
	size_t n = 1, k;

	if (!ok)
		return "{}";
	b[0] = '{';
	if (typed) {
		k = x ? 9 : 8;
		memcpy(b + n, x ? "stx_mode=" : "st_mode=", k);
		n += k;
		memcpy(b + n, t, strlen(t));
		n += strlen(t);
		b[n++] = '|';
		n += mode_text(b + n, mode & 07777);
		memcpy(b + n, ", ", 2);
		n += 2;
	}
	k = x ? 9 : 8;
	memcpy(b + n, x ? "stx_size=" : "st_size=", k);
	n += k;
	n += utoa(b + n, (unsigned long long)(size < 0 ? 0 : size));
	memcpy(b + n, ", ...}", 7);
	return b;
}
#define ST(r, s)                                                            \
	st_text((char[96]){0}, (r) == 0, (r) == 0 ? (s)->st_size : 0, 0, 1, \
		(r) == 0 ? (unsigned)(s)->st_mode : 0)

WRAP(int, stat, (const char *p, struct stat *s), (p, s),
     "newfstatat(AT_FDCWD, %q, %s, 0)", p, ST(r, s))
WRAP(int, stat64, (const char *p, struct stat64 *s), (p, s),
     "newfstatat(AT_FDCWD, %q, %s, 0)", p, ST(r, s))
WRAP(int, lstat, (const char *p, struct stat *s), (p, s),
     "newfstatat(AT_FDCWD, %q, %s, AT_SYMLINK_NOFOLLOW)", p, ST(r, s))
WRAP(int, lstat64, (const char *p, struct stat64 *s), (p, s),
     "newfstatat(AT_FDCWD, %q, %s, AT_SYMLINK_NOFOLLOW)", p, ST(r, s))
WRAP(int, fstat, (int fd, struct stat *s), (fd, s), "fstat(%d, %s)", fd,
     ST(r, s))
WRAP(int, fstat64, (int fd, struct stat64 *s), (fd, s), "fstat(%d, %s)", fd,
     ST(r, s))
WRAP(int, fstatat, (int d, const char *p, struct stat *s, int f), (d, p, s, f),
     "newfstatat(%D, %q, %s, %A)", d, p, ST(r, s), f)
WRAP(int, fstatat64, (int d, const char *p, struct stat64 *s, int f),
     (d, p, s, f), "newfstatat(%D, %q, %s, %A)", d, p, ST(r, s), f)
WRAP(int, statx, (int d, const char *p, int f, unsigned m, struct statx *s),
     (d, p, f, m, s), "statx(%D, %q, %A, %d, %s)", d, p, f, (int)m,
     st_text((char[96]){0}, r == 0 && (s->stx_mask & STATX_SIZE),
	     r == 0 ? (long long)s->stx_size : 0, 1,
	     r == 0 && (s->stx_mask & STATX_TYPE),
	     r == 0 ? (unsigned)s->stx_mode : 0))
WRAP(int, access, (const char *p, int m), (p, m), "access(%q, %d)", p, m)
WRAP(int, faccessat, (int d, const char *p, int m, int f), (d, p, m, f),
     "faccessat(%D, %q, %d)", d, p, m)
WRAP(ssize_t, readlink, (const char *p, char *b, size_t n), (p, b, n),
     "readlink(%q, %Q, %u)", p, b, (long long)r, n)
WRAP(ssize_t, readlinkat, (int d, const char *p, char *b, size_t n),
     (d, p, b, n), "readlinkat(%D, %q, %Q, %u)", d, p, b, (long long)r, n)
WRAP(int, unlink, (const char *p), (p), "unlink(%q)", p)
WRAP(int, unlinkat, (int d, const char *p, int f), (d, p, f),
     "unlinkat(%D, %q, %s)", d, p, f &AT_REMOVEDIR ? "AT_REMOVEDIR" : "0")
WRAP(int, rmdir, (const char *p), (p), "rmdir(%q)", p)
WRAP(int, symlink, (const char *t, const char *p), (t, p), "symlink(%q, %q)", t,
     p)
WRAP(int, symlinkat, (const char *t, int d, const char *p), (t, d, p),
     "symlinkat(%q, %D, %q)", t, d, p)
WRAP(int, link, (const char *a, const char *b), (a, b), "link(%q, %q)", a, b)
WRAP(int, linkat, (int da, const char *a, int db, const char *b, int f),
     (da, a, db, b, f), "linkat(%D, %q, %D, %q, %A)", da, a, db, b, f)
WRAP(int, mkdir, (const char *p, mode_t m), (p, m), "mkdir(%q, %o)", p,
     (unsigned)m)
WRAP(int, mkdirat, (int d, const char *p, mode_t m), (d, p, m),
     "mkdirat(%D, %q, %o)", d, p, (unsigned)m)
WRAP(int, rename, (const char *a, const char *b), (a, b), "rename(%q, %q)", a,
     b)
WRAP(int, renameat, (int da, const char *a, int db, const char *b),
     (da, a, db, b), "renameat(%D, %q, %D, %q)", da, a, db, b)
WRAP(int, renameat2, (int da, const char *a, int db, const char *b, unsigned f),
     (da, a, db, b, f), "renameat2(%D, %q, %D, %q, %d)", da, a, db, b, (int)f)
WRAP(int, chdir, (const char *p), (p), "chdir(%q)", p)
WRAP(int, fchdir, (int fd), (fd), "fchdir(%D)", fd)
WRAP(int, dup, (int fd), (fd), "dup(%d)", fd)
WRAP(int, dup2, (int a, int b), (a, b), "dup2(%d, %d)", a, b)
WRAP(int, dup3, (int a, int b, int f), (a, b, f), "dup3(%d, %d, %s)", a, b,
     f &O_CLOEXEC ? "O_CLOEXEC" : "0")
WRAP(int, socket, (int d, int ty, int p), (d, ty, p), "socket(%d, %d, %d)", d,
     ty, p)
WRAP(ssize_t, getdents64, (int fd, void *b, size_t n), (fd, b, n),
     "getdents64(%d, [], %u)", fd, n)

static const char *whence(int w)
{
	switch (w) {
	case SEEK_SET: return "SEEK_SET";
	case SEEK_CUR: return "SEEK_CUR";
	case SEEK_END: return "SEEK_END";
	case SEEK_DATA: return "SEEK_DATA";
	case SEEK_HOLE: return "SEEK_HOLE";
	default: return "0";
	}
}

WRAP(off_t, lseek, (int fd, off_t o, int w), (fd, o, w), "lseek(%d, %l, %s)",
     fd, (long long)o, whence(w))
WRAP(off64_t, lseek64, (int fd, off64_t o, int w), (fd, o, w),
     "lseek(%d, %l, %s)", fd, (long long)o, whence(w))
WRAP(int, pipe, (int p[2]), (p), "pipe([%d, %d])", p[0], p[1])
WRAP(int, pipe2, (int p[2], int f), (p, f), "pipe2([%d, %d], %s)", p[0], p[1],
     f &O_CLOEXEC ? "O_CLOEXEC" : "0")
WRAP(int, socketpair, (int d, int ty, int pr, int v[2]), (d, ty, pr, v),
     "socketpair(%d, %d, %d, [%d, %d])", d, ty, pr, v[0], v[1])
WRAP(int, accept, (int fd, struct sockaddr *a, socklen_t *l), (fd, a, l),
     "accept(%d, NULL, NULL)", fd)
WRAP(int, accept4, (int fd, struct sockaddr *a, socklen_t *l, int f),
     (fd, a, l, f), "accept4(%d, NULL, NULL, %d)", fd, f)

/* An offset argument as strace shows it, "[n]" as it was before the
 * call, or NULL. */
static const char *offp(char *b, const long long *o)
{
	if (!o)
		return "NULL";
	b[0] = '[';
	b[1 + utoa(b + 1, (unsigned long long)(*o < 0 ? 0 : *o))] = '\0';
	strcat(b, "]");
	return b;
}

static ssize_t (*real_copy_file_range)(int, off64_t *, int, off64_t *, size_t,
				       unsigned);
EXPORT ssize_t copy_file_range(int a, off64_t *oa, int b, off64_t *ob, size_t n,
			       unsigned f)
{
	struct call c;
	char sa[32], sb[32];
	const char *pa, *pb;
	ssize_t r;

	if (!GET(copy_file_range)) {
		errno = ENOSYS;
		return -1;
	}
	if (!enter(&c))
		return REAL(copy_file_range)(a, oa, b, ob, n, f);
	pa = offp(sa, (const long long *)oa);
	pb = offp(sb, (const long long *)ob);
	r = REAL(copy_file_range)(a, oa, b, ob, n, f);
	TRACE(&c, r, "copy_file_range(%d, %s, %d, %s, %u, 0)", a, pa, b, pb, n);
	return r;
}

#define SENDFILE_WRAP(name, ot)                                        \
	static ssize_t (*real_##name)(int, int, ot *, size_t);         \
	EXPORT ssize_t name(int o, int i, ot *off, size_t n)           \
	{                                                              \
		struct call c;                                         \
		char so[32];                                           \
		const char *po;                                        \
		long long v = off ? (long long)*off : 0;               \
		ssize_t r;                                             \
		if (!GET(name)) {                                      \
			errno = ENOSYS;                                \
			return -1;                                     \
		}                                                      \
		if (!enter(&c))                                        \
			return REAL(name)(o, i, off, n);               \
		po = offp(so, off ? &v : NULL);                        \
		r = REAL(name)(o, i, off, n);                          \
		TRACE(&c, r, "sendfile(%d, %d, %s, %u)", o, i, po, n); \
		return r;                                              \
	}
SENDFILE_WRAP(sendfile, off_t)
SENDFILE_WRAP(sendfile64, off64_t)

/* ioctl: only reflink clones are traced, as strace prints them
 * (FICLONE's source a plain number, FICLONERANGE's struct by its
 * fields); any other request goes straight through, for the cost of a
 * comparison.  The argument is read as a pointer, as the C library's
 * own ioctl reads it: an int (FICLONE's source) is its low bits. */
static int (*real_ioctl)(int, unsigned long, ...);

/* Whether an FICLONERANGE on fd that failed with errno read its range:
 * not when it failed EFAULT, nor before (EBADF: fd not open; EACCES,
 * EPERM: a security module).  errno is kept. */
static int read_range(int fd)
{
	int en = errno,
	    ok = en != EFAULT && en != EACCES && en != EPERM &&
		 (en != EBADF || syscall(SYS_fcntl, fd, F_GETFD) >= 0);

	errno = en;
	return ok;
}

EXPORT int ioctl(int fd, unsigned long req, ...)
{
	struct file_clone_range fr;
	struct call c;
	va_list ap;
	void *arg;
	int r, range = req == FICLONERANGE;

	va_start(ap, req);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (!GET(ioctl)) {
		errno = ENOSYS;
		return -1;
	}
	if ((req != FICLONE && !range) || !enter(&c))
		return REAL(ioctl)(fd, req, arg);
	r = REAL(ioctl)(fd, req, arg);
	/* the range the kernel read (it is not written back); an address
	 * it could not read is not read here either, nor one it did not
	 * read: it reads the range only past the destination's descriptor
	 * and the security module (ioctl(-1, FICLONERANGE, bad address)
	 * fails EBADF untraced, and killed the program SIGSEGV here) */
	if (range && arg && (r == 0 || read_range(fd)))
		memcpy(&fr, arg, sizeof(fr));
	else if (range)
		arg = NULL;
	if (!range)
		TRACE(&c, r, "ioctl(%d, FICLONE, %d)", fd, (int)(intptr_t)arg);
	else if (!arg)
		TRACE(&c, r, "ioctl(%d, FICLONERANGE, {})", fd);
	else
		TRACE(&c, r,
		      "ioctl(%d, FICLONERANGE, {src_fd=%d, src_offset=%u, "
		      "src_length=%u, dest_offset=%u})",
		      fd, (int)fr.src_fd, (size_t)fr.src_offset,
		      (size_t)fr.src_length, (size_t)fr.dest_offset);
	return r;
}

static const char *fcntl_cmd(int cmd)
{
	switch (cmd) {
	case F_DUPFD: return "F_DUPFD";
	case F_DUPFD_CLOEXEC: return "F_DUPFD_CLOEXEC";
	case F_GETFD: return "F_GETFD";
	case F_SETFD: return "F_SETFD";
	case F_GETFL: return "F_GETFL";
	case F_SETFL: return "F_SETFL";
	case F_GETLK: return "F_GETLK";
	case F_SETLK: return "F_SETLK";
	case F_SETLKW: return "F_SETLKW";
	default: return NULL;
	}
}

static void fcntl_line(struct call *c, int r, int fd, int cmd, void *arg)
{
	const char *n = fcntl_cmd(cmd);
	int v = (int)(intptr_t)arg;

	if (!n)
		TRACE(c, r, "fcntl(%d, %d)", fd, cmd);
	else if (cmd == F_DUPFD || cmd == F_DUPFD_CLOEXEC)
		TRACE(c, r, "fcntl(%d, %s, %d)", fd, n, v);
	else if (cmd == F_SETFD)
		TRACE(c, r, "fcntl(%d, F_SETFD, %s)", fd,
		      v & FD_CLOEXEC ? "FD_CLOEXEC" : "0");
	else if (cmd == F_SETFL)
		TRACE(c, r, "fcntl(%d, F_SETFL, %F)", fd, v);
	else if (cmd == F_GETLK || cmd == F_SETLK || cmd == F_SETLKW)
		TRACE(c, r, "fcntl(%d, %s, {})", fd, n);
	else
		TRACE(c, r, "fcntl(%d, %s)", fd, n);
}

#define FCNTL_WRAP(name)                                 \
	static int (*real_##name)(int, int, ...);        \
	EXPORT int name(int fd, int cmd, ...)            \
	{                                                \
		struct call c;                           \
		va_list ap;                              \
		void *arg;                               \
		int r;                                   \
		va_start(ap, cmd);                       \
		arg = va_arg(ap, void *);                \
		va_end(ap);                              \
		if (!GET(name)) {                        \
			errno = ENOSYS;                  \
			return -1;                       \
		}                                        \
		if (!enter(&c))                          \
			return REAL(name)(fd, cmd, arg); \
		r = REAL(name)(fd, cmd, arg);            \
		fcntl_line(&c, r, fd, cmd, arg);         \
		return r;                                \
	}
FCNTL_WRAP(fcntl)
FCNTL_WRAP(fcntl64)

/* ---- directory streams: opendir's open, readdir's getdents ---- */

#define NDIRFD 65536
static unsigned char fresh[NDIRFD / 8]; /* not read since opened */
static unsigned char ended[NDIRFD / 8]; /* its end was seen */

static void mark(unsigned char *m, int fd, int v)
{
	if (fd < 0 || fd >= NDIRFD)
		return;
	if (v)
		m[fd / 8] |= (unsigned char)(1u << (fd % 8));
	else
		m[fd / 8] &= (unsigned char)~(1u << (fd % 8));
}

static int marked(const unsigned char *m, int fd)
{
	return fd >= 0 && fd < NDIRFD && (m[fd / 8] >> (fd % 8)) & 1;
}

static DIR *(*real_opendir)(const char *);
EXPORT DIR *opendir(const char *p)
{
	struct call c;
	DIR *d;
	int fd;

	if (!GET(opendir)) {
		errno = ENOSYS;
		return NULL;
	}
	if (!enter(&c))
		return REAL(opendir)(p);
	d = REAL(opendir)(p);
	fd = d ? dirfd(d) : -1;
	mark(fresh, fd, 1);
	mark(ended, fd, 0);
	TRACE(&c, fd,
	      "openat(AT_FDCWD, %q, "
	      "O_RDONLY|O_NONBLOCK|O_CLOEXEC|O_DIRECTORY)",
	      p);
	return d;
}

static DIR *(*real_fdopendir)(int);
EXPORT DIR *fdopendir(int fd)
{
	DIR *d;

	if (!GET(fdopendir)) {
		errno = ENOSYS;
		return NULL;
	}
	d = REAL(fdopendir)(fd);
	if (d) {
		mark(fresh, fd, 1);
		mark(ended, fd, 0);
	}
	return d;
}

static void (*real_rewinddir)(DIR *);
EXPORT void rewinddir(DIR *d)
{
	if (!GET(rewinddir))
		return;
	REAL(rewinddir)(d);
	mark(fresh, dirfd(d), 1);
	mark(ended, dirfd(d), 0);
}

/* The first entry read makes a getdents call and so does the end; the
 * entries between come from the stream's buffer, mostly. */
#define READDIR_WRAP(name, et)                                              \
	static et *(*real_##name)(DIR *);                                   \
	EXPORT et *name(DIR *d)                                             \
	{                                                                   \
		struct call c;                                              \
		et *e;                                                      \
		int fd;                                                     \
		if (!GET(name)) {                                           \
			errno = ENOSYS;                                     \
			return NULL;                                        \
		}                                                           \
		if (!enter(&c))                                             \
			return REAL(name)(d);                               \
		e = REAL(name)(d);                                          \
		fd = dirfd(d);                                              \
		if (e && marked(fresh, fd)) {                               \
			mark(fresh, fd, 0);                                 \
			TRACE(&c, e->d_reclen, "getdents64(%d, [], 32768)", \
			      fd);                                          \
		} else if (!e && !marked(ended, fd)) {                      \
			mark(ended, fd, 1);                                 \
			TRACE(&c, 0, "getdents64(%d, [], 32768)", fd);      \
		}                                                           \
		return e;                                                   \
	}
READDIR_WRAP(readdir, struct dirent)
READDIR_WRAP(readdir64, struct dirent64)

static int (*real_closedir)(DIR *);
EXPORT int closedir(DIR *d)
{
	struct call c;
	int fd = dirfd(d), r;

	if (!GET(closedir)) {
		errno = ENOSYS;
		return -1;
	}
	if (!enter(&c) || fd < 0)
		return REAL(closedir)(d);
	r = REAL(closedir)(d);
	TRACE(&c, r, "close(%d)", fd);
	return r;
}

/*
 * ---- stdio ----
 * A stream's open and close are calls on its descriptor; its reads and
 * writes are those the C library makes on the descriptor inside, found
 * from the stream's buffer (glibc's struct _IO_FILE, public in
 * <stdio.h>): bytes a call took from the kernel are those it consumed
 * less what the buffer held before plus what it holds after, bytes it
 * gave are those it produced plus what was waiting less what waits
 * after.  So a trace has the calls strace would show (one read of a
 * buffer, not one per fgets), with the bytes exact.
 */

static int fmode(const char *m)
{
	int f = 0, acc = O_RDONLY;

	switch (m ? m[0] : 'r') {
	case 'w': acc = O_WRONLY, f = O_CREAT | O_TRUNC; break;
	case 'a': acc = O_WRONLY, f = O_CREAT | O_APPEND; break;
	default: break;
	}
	for (; m && *m; m++) {
		if (*m == '+')
			acc = O_RDWR;
		else if (*m == 'x')
			f |= O_EXCL;
		else if (*m == 'e')
			f |= O_CLOEXEC;
	}
	return acc | f;
}

#define FOPEN_WRAP(name)                                                 \
	static FILE *(*real_##name)(const char *, const char *);         \
	EXPORT FILE *name(const char *p, const char *m)                  \
	{                                                                \
		struct call c;                                           \
		FILE *f;                                                 \
		if (!GET(name)) {                                        \
			errno = ENOSYS;                                  \
			return NULL;                                     \
		}                                                        \
		if (!enter(&c))                                          \
			return REAL(name)(p, m);                         \
		f = REAL(name)(p, m);                                    \
		open_line(&c, f ? fileno(f) : -1, AT_FDCWD, p, fmode(m), \
			  0666);                                         \
		return f;                                                \
	}
FOPEN_WRAP(fopen)
FOPEN_WRAP(fopen64)

/* ---- temporary files: mkstemp's open is inside the C library ---- */

static void temp_line(struct call *c, int r, const char *p, int fl)
{
	open_line(c, r, AT_FDCWD, p, O_RDWR | O_CREAT | O_EXCL | fl, 0600);
}

#define MKSTEMP_WRAP(name, params, args, fl)    \
	static int(*real_##name) params;        \
	EXPORT int name params                  \
	{                                       \
		struct call c;                  \
		int r;                          \
		if (!GET(name)) {               \
			errno = ENOSYS;         \
			return -1;              \
		}                               \
		if (!enter(&c))                 \
			return REAL(name) args; \
		r = REAL(name) args;            \
		temp_line(&c, r, t, fl);        \
		return r;                       \
	}
MKSTEMP_WRAP(mkstemp, (char *t), (t), 0)
MKSTEMP_WRAP(mkstemp64, (char *t), (t), 0)
MKSTEMP_WRAP(mkostemp, (char *t, int f), (t, f), f)
MKSTEMP_WRAP(mkostemp64, (char *t, int f), (t, f), f)
MKSTEMP_WRAP(mkstemps, (char *t, int s), (t, s), 0)
MKSTEMP_WRAP(mkstemps64, (char *t, int s), (t, s), 0)
MKSTEMP_WRAP(mkostemps, (char *t, int s, int f), (t, s, f), f)
MKSTEMP_WRAP(mkostemps64, (char *t, int s, int f), (t, s, f), f)

/* tmpfile: an unnamed file in /tmp, as strace shows glibc's open */
#define TMPFILE_WRAP(name)                                          \
	static FILE *(*real_##name)(void);                          \
	EXPORT FILE *name(void)                                     \
	{                                                           \
		struct call c;                                      \
		FILE *f;                                            \
		if (!GET(name)) {                                   \
			errno = ENOSYS;                             \
			return NULL;                                \
		}                                                   \
		if (!enter(&c))                                     \
			return REAL(name)();                        \
		f = REAL(name)();                                   \
		open_line(&c, f ? fileno(f) : -1, AT_FDCWD, "/tmp", \
			  O_RDWR | O_EXCL | O_TMPFILE, 0600);       \
		return f;                                           \
	}
TMPFILE_WRAP(tmpfile)
TMPFILE_WRAP(tmpfile64)

/* a stream's buffer before a call */
struct sbuf {
	long long pend;	 /* written, not yet given to the kernel */
	long long avail; /* read from the kernel, not yet consumed */
	long long room;	 /* write space left in the buffer */
	int eof;	 /* the end of file seen (glibc's _IO_EOF_SEEN) */
	int nobuf;	 /* no buffer yet (_IO_buf_base NULL) */
};

#define SB_EOF_SEEN 0x10 /* glibc's _IO_EOF_SEEN, libio.h */

static long long span(const char *a, const char *b)
{
	return a && b && b > a ? (long long)(b - a) : 0;
}

static void sb_get(FILE *f, struct sbuf *b)
{
	b->pend = span(f->_IO_write_base, f->_IO_write_ptr);
	b->avail = span(f->_IO_read_ptr, f->_IO_read_end);
	b->room = span(f->_IO_write_ptr, f->_IO_write_end);
	b->eof = (f->_flags & SB_EOF_SEEN) != 0;
	b->nobuf = f->_IO_buf_base == NULL;
}

/*
 * Whether a write of n bytes surely stays in f's buffer, or a read of n
 * is surely served from it: then the C library makes no system call and
 * the wrapper calls it at once, without reading the clock.  sort writes
 * each line with fwrite_unlocked, so two clock reads on each of millions
 * of calls were most of what the tracer added to it, time that no line
 * measured and that stayed in the gaps of its script.  A line-buffered
 * or unbuffered stream fails the test, as glibc keeps its write end at
 * the start of the pending bytes; so does a stream between reading and
 * writing, whose write pointers glibc sets equal.  A wrong answer could
 * only lose a line, never change what the program does.
 */
static int sb_wfits(FILE *f, size_t n)
{
	return f && f->_IO_write_ptr && f->_IO_write_end > f->_IO_write_ptr &&
	       (size_t)(f->_IO_write_end - f->_IO_write_ptr) >= n;
}

static int sb_rhas(FILE *f, size_t n)
{
	return f && n > 0 && f->_IO_read_ptr &&
	       f->_IO_read_end > f->_IO_read_ptr &&
	       (size_t)(f->_IO_read_end - f->_IO_read_ptr) >= n;
}

/* s * n bytes, or SIZE_MAX when that overflows (never fits) */
static size_t sb_bytes(size_t s, size_t n)
{
	size_t b;

	return __builtin_mul_overflow(s, n, &b) ? SIZE_MAX : b;
}

/* A read of at most n - 1 bytes up to the delimiter d (fgets, getline)
 * ends in the buffer: it holds n - 1 bytes, or a d */
static int sb_rline(FILE *f, int n, int d)
{
	size_t k;

	if (!f || n < 2 || !f->_IO_read_ptr ||
	    f->_IO_read_end <= f->_IO_read_ptr)
		return 0;
	k = (size_t)(f->_IO_read_end - f->_IO_read_ptr);
	if (k >= (size_t)n - 1)
		return 1;
	return memchr(f->_IO_read_ptr, d, k) != NULL;
}

/*
 * Where glibc gave one stdio call's n bytes to the kernel in two system
 * calls, the bytes of the first (0: one call).  Its fully buffered
 * streams fill the buffer's room and write the whole buffer, then write
 * the rest that makes whole buffers straight from the caller's memory
 * (fileops.c, _IO_new_file_xsputn); a read takes what the buffer holds,
 * reads whole buffers straight into the caller's memory, then refills
 * the buffer for the rest (_IO_file_xsgetn).  A wrong guess splits the
 * bytes of one line in two, never changes their sum.
 */
static long long sb_first(FILE *f, const struct sbuf *b, long long n,
			  long long moved, int wr)
{
	long long bs = span(f->_IO_buf_base, f->_IO_buf_end), d;

	/* line-buffered, unbuffered, or a buffer too small to be used */
	if ((f->_flags & 0x202) || bs < 128)
		return 0;
	if (wr && b->room <= 0)
		return 0; /* no buffer yet: one write, the rest kept */
	if (wr)
		d = b->pend + b->room;
	else
		d = (n - b->avail) - (n - b->avail) % bs;
	return d > 0 && d < moved ? d : 0;
}

/* two lines of one call: its time split by their bytes */
static void sb_two(struct call *c, const char *call, int fd, long long d,
		   long long all)
{
	int64_t t1;

	if (!leave(c))
		return;
	t1 = c->t1;
	c->t1 = c->t0 + (int64_t)((double)(t1 - c->t0) * d / all);
	put(c->t, "%s(%d, \"\", %l)", call, fd, d);
	finish(c, d);
	c->t0 = c->t1;
	c->t1 = t1;
	if (!leave_head(c))
		return;
	put(c->t, "%s(%d, \"\", %l)", call, fd, all - d);
	finish(c, all - d);
}

/* A read that found the end of the file (its stream's end seen in the
 * call): glibc's read(2) that returned 0, after the one that brought
 * the call's r bytes, if any (fgets of a file's last line, then of
 * nothing: strace shows read() = 0 each time). */
static void sb_eof(struct call *c, int fd, long long r, long long bs)
{
	if (r > 0) {
		sb_two(c, "read", fd, r, r);
		return;
	}
	TRACE(c, 0, "read(%d, \"\", %l)", fd, bs > 0 ? bs : 4096);
}

#define SB_UNBUFFERED 0x2 /* glibc's _IO_UNBUFFERED, libio.h */

/*
 * A stream that had no buffer before the call and has one after: glibc
 * made it in the call (_IO_file_doallocate), sizing it by an fstat(2) of
 * the descriptor, which strace shows (newfstatat(fd, "", ...,
 * AT_EMPTY_PATH)) before the call's read or write.  An unbuffered
 * stream gets its one-byte buffer without one; a setvbuf or setbuf
 * buffer is there before.  Its time is not measured apart: 0, the call's
 * read or write keeping the whole.
 */
static void sb_stat(struct call *c, FILE *f, const struct sbuf *b, int fd)
{
	int64_t t1;

	if (!b->nobuf || !f->_IO_buf_base || (f->_flags & SB_UNBUFFERED) ||
	    !leave(c))
		return;
	t1 = c->t1;
	c->t1 = c->t0;
	put(c->t, "newfstatat(%d, \"\", {st_blksize=%l, ...}, AT_EMPTY_PATH)",
	    fd, span(f->_IO_buf_base, f->_IO_buf_end));
	finish(c, 0);
	c->t1 = t1;
}

/* The line of what a call that produced `out` bytes (-1: a read) and
 * consumed `in` (-1: a write) made the library write or read, if
 * anything: two when glibc made two system calls of it. */
static void sb_line(struct call *c, FILE *f, const struct sbuf *b,
		    long long out, long long in)
{
	struct sbuf a;
	long long w, r, d;
	int fd = f->_fileno;

	sb_get(f, &a);
	w = out >= 0 ? b->pend + out - a.pend : 0;
	r = in >= 0 ? in + a.avail - b->avail : 0;
	if (fd < 0)
		return;
	sb_stat(c, f, b, fd);
	if (w > 0 && (d = sb_first(f, b, out, w, 1)) > 0)
		sb_two(c, "write", fd, d, w);
	else if (w > 0)
		TRACE(c, w, "write(%d, \"\", %l)", fd, w);
	else if (r > 0 && (d = sb_first(f, b, in, r, 0)) > 0)
		sb_two(c, "read", fd, d, r);
	else if (in >= 0 && !b->eof && a.eof)
		sb_eof(c, fd, r, span(f->_IO_buf_base, f->_IO_buf_end));
	else if (r > 0)
		TRACE(c, r, "read(%d, \"\", %l)", fd, r);
}

/* SIOL(ret, name, (params), (args), FILE, bytes produced by r (-1: a
 * read), bytes consumed by r (-1: a write), whether the call surely
 * stays in the buffer, the stream to hold (NULL none)).  The stream is
 * held (flockfile, which the call takes again) from the state before
 * to the state after: another thread's call on it in between would
 * count as this one's (two threads fread one FILE* at its end: one
 * read(2) = 0, not two).  fflush(NULL) holds none: it takes every
 * stream after the list's lock, one held before it could deadlock. */
#define SIOL(rt, name, params, args, fp, out, in, fast, lk) \
	static rt(*real_##name) params;                     \
	EXPORT rt name params                               \
	{                                                   \
		struct call c;                              \
		struct sbuf b;                              \
		FILE *l;                                    \
		rt r;                                       \
		if (!GET(name)) {                           \
			errno = ENOSYS;                     \
			return (rt)EOF;                     \
		}                                           \
		if ((fast) || !enter(&c))                   \
			return REAL(name) args;             \
		if ((l = (lk)))                             \
			flockfile(l);                       \
		sb_get(fp, &b);                             \
		r = REAL(name) args;                        \
		sb_line(&c, fp, &b, out, in);               \
		if (l)                                      \
			funlockfile(l);                     \
		return r;                                   \
	}
#define SIO(rt, name, params, args, fp, out, in, fast) \
	SIOL(rt, name, params, args, fp, out, in, fast, fp)
/* a write of stdio, and a read */
#define WSIO(rt, name, params, args, fp, out, fast) \
	SIO(rt, name, params, args, fp, out, -1, fast)
#define RSIO(rt, name, params, args, fp, in, fast) \
	SIO(rt, name, params, args, fp, -1, in, fast)

#undef fread_unlocked
#undef fwrite_unlocked
#undef fputc_unlocked
#undef putc_unlocked
#undef putchar_unlocked
#undef fgetc_unlocked
#undef getc_unlocked
#undef getchar_unlocked
#undef putc
#undef getc
WSIO(size_t, fwrite, (const void *p, size_t s, size_t n, FILE *f), (p, s, n, f),
     f, (long long)(r *s), sb_wfits(f, sb_bytes(s, n)))
WSIO(size_t, fwrite_unlocked, (const void *p, size_t s, size_t n, FILE *f),
     (p, s, n, f), f, (long long)(r *s), sb_wfits(f, sb_bytes(s, n)))
WSIO(int, fputs, (const char *p, FILE *f), (p, f), f,
     r >= 0 ? (long long)strlen(p) : 0, sb_wfits(f, strlen(p)))
WSIO(int, fputs_unlocked, (const char *p, FILE *f), (p, f), f,
     r >= 0 ? (long long)strlen(p) : 0, sb_wfits(f, strlen(p)))
WSIO(int, puts, (const char *p), (p), stdout,
     r >= 0 ? (long long)strlen(p) + 1 : 0, 0)
WSIO(int, fputc, (int ch, FILE *f), (ch, f), f, r != EOF, sb_wfits(f, 1))
WSIO(int, fputc_unlocked, (int ch, FILE *f), (ch, f), f, r != EOF,
     sb_wfits(f, 1))
WSIO(int, putc, (int ch, FILE *f), (ch, f), f, r != EOF, sb_wfits(f, 1))
WSIO(int, putc_unlocked, (int ch, FILE *f), (ch, f), f, r != EOF,
     sb_wfits(f, 1))
WSIO(int, putchar, (int ch), (ch), stdout, r != EOF, sb_wfits(stdout, 1))
WSIO(int, putchar_unlocked, (int ch), (ch), stdout, r != EOF,
     sb_wfits(stdout, 1))
WSIO(int, __overflow, (FILE * f, int ch), (f, ch), f, ch != EOF, 0)
WSIO(int, vfprintf, (FILE * f, const char *fm, va_list ap), (f, fm, ap), f,
     r > 0 ? r : 0, 0)
WSIO(int, vprintf, (const char *fm, va_list ap), (fm, ap), stdout,
     r > 0 ? r : 0, 0)
WSIO(int, __vfprintf_chk, (FILE * f, int fl, const char *fm, va_list ap),
     (f, fl, fm, ap), f, r > 0 ? r : 0, 0)
WSIO(int, __vprintf_chk, (int fl, const char *fm, va_list ap), (fl, fm, ap),
     stdout, r > 0 ? r : 0, 0)
/* fflush(f): what was waiting (NULL, every stream: not followed) */
SIOL(int, fflush, (FILE * f), (f), f ? f : stdin, f ? 0 : -1, -1, 0, f)
SIOL(int, fflush_unlocked, (FILE * f), (f), f ? f : stdin, f ? 0 : -1, -1, 0, f)

RSIO(size_t, fread, (void *p, size_t s, size_t n, FILE *f), (p, s, n, f), f,
     (long long)(r *s), sb_rhas(f, sb_bytes(s, n)))
RSIO(size_t, fread_unlocked, (void *p, size_t s, size_t n, FILE *f),
     (p, s, n, f), f, (long long)(r *s), sb_rhas(f, sb_bytes(s, n)))
RSIO(size_t, __fread_chk, (void *p, size_t bl, size_t s, size_t n, FILE *f),
     (p, bl, s, n, f), f, (long long)(r *s), sb_rhas(f, sb_bytes(s, n)))
RSIO(char *, fgets, (char *p, int n, FILE *f), (p, n, f), f,
     r ? (long long)strlen(r) : 0, sb_rline(f, n, '\n'))
RSIO(char *, fgets_unlocked, (char *p, int n, FILE *f), (p, n, f), f,
     r ? (long long)strlen(r) : 0, sb_rline(f, n, '\n'))
RSIO(char *, __fgets_chk, (char *p, size_t bl, int n, FILE *f), (p, bl, n, f),
     f, r ? (long long)strlen(r) : 0, sb_rline(f, n, '\n'))
RSIO(int, fgetc, (FILE * f), (f), f, r != EOF, sb_rhas(f, 1))
RSIO(int, fgetc_unlocked, (FILE * f), (f), f, r != EOF, sb_rhas(f, 1))
RSIO(int, getc, (FILE * f), (f), f, r != EOF, sb_rhas(f, 1))
RSIO(int, getc_unlocked, (FILE * f), (f), f, r != EOF, sb_rhas(f, 1))
RSIO(int, getchar, (void), (), stdin, r != EOF, sb_rhas(stdin, 1))
RSIO(int, getchar_unlocked, (void), (), stdin, r != EOF, sb_rhas(stdin, 1))
RSIO(int, __uflow, (FILE * f), (f), f, r != EOF, 0)
RSIO(ssize_t, getline, (char **p, size_t *n, FILE *f), (p, n, f), f,
     r > 0 ? r : 0, sb_rline(f, INT_MAX, '\n'))
RSIO(ssize_t, getdelim, (char **p, size_t *n, int d, FILE *f), (p, n, d, f), f,
     r > 0 ? r : 0, sb_rline(f, INT_MAX, d))
RSIO(ssize_t, __getdelim, (char **p, size_t *n, int d, FILE *f), (p, n, d, f),
     f, r > 0 ? r : 0, sb_rline(f, INT_MAX, d))

/* the printf family's variadic forms, through the va_list ones */
EXPORT int fprintf(FILE *f, const char *fm, ...)
{
	va_list ap;
	int r;

	va_start(ap, fm);
	r = vfprintf(f, fm, ap);
	va_end(ap);
	return r;
}

EXPORT int printf(const char *fm, ...)
{
	va_list ap;
	int r;

	va_start(ap, fm);
	r = vprintf(fm, ap);
	va_end(ap);
	return r;
}

EXPORT int __fprintf_chk(FILE *f, int fl, const char *fm, ...)
{
	va_list ap;
	int r;

	va_start(ap, fm);
	r = __vfprintf_chk(f, fl, fm, ap);
	va_end(ap);
	return r;
}

EXPORT int __printf_chk(int fl, const char *fm, ...)
{
	va_list ap;
	int r;

	va_start(ap, fm);
	r = __vprintf_chk(fl, fm, ap);
	va_end(ap);
	return r;
}

/* fclose: what was waiting is written, then the descriptor closed */
static int (*real_fclose)(FILE *);
EXPORT int fclose(FILE *f)
{
	struct call c;
	struct sbuf b;
	int fd, r;

	if (!GET(fclose)) {
		errno = ENOSYS;
		return EOF;
	}
	if (!enter(&c) || (fd = f->_fileno) < 0)
		return REAL(fclose)(f);
	sb_get(f, &b);
	r = REAL(fclose)(f);
	if (b.pend > 0) {
		TRACE(&c, b.pend, "write(%d, \"\", %l)", fd, b.pend);
		c.t0 = now();
	}
	TRACE(&c, r, "close(%d)", fd);
	return r;
}

/* ---- mappings of files ---- */

static const char *prot_name(int p)
{
	static const char *const n[] = {"PROT_NONE",
					"PROT_READ",
					"PROT_WRITE",
					"PROT_READ|PROT_WRITE",
					"PROT_EXEC",
					"PROT_READ|PROT_EXEC",
					"PROT_WRITE|PROT_EXEC",
					"PROT_READ|PROT_WRITE|PROT_EXEC"};

	return n[p & 7];
}

/*
 * mmap of a file: what the program reads and writes through the mapping
 * no call shows, so the mapping itself is the line (summary and blocks
 * count it); anonymous memory is no I/O and costs no clock read.
 */
#define MMAP_WRAP(name)                                                      \
	static void *(*real_##name)(void *, size_t, int, int, int, off_t);   \
	EXPORT void *name(void *a, size_t n, int p, int fl, int fd, off_t o) \
	{                                                                    \
		struct call c;                                               \
		void *r;                                                     \
		if (!GET(name)) {                                            \
			errno = ENOSYS;                                      \
			return MAP_FAILED;                                   \
		}                                                            \
		if ((fl & MAP_ANONYMOUS) || fd < 0 || !enter(&c))            \
			return REAL(name)(a, n, p, fl, fd, o);               \
		r = REAL(name)(a, n, p, fl, fd, o);                          \
		TRACE(&c, r == MAP_FAILED ? -1 : (long long)(uintptr_t)r,    \
		      "mmap(NULL, %u, %s, %s, %d, %l)", n, prot_name(p),     \
		      (fl & MAP_TYPE) == MAP_PRIVATE ? "MAP_PRIVATE"         \
						     : "MAP_SHARED",         \
		      fd, (long long)o);                                     \
		return r;                                                    \
	}
MMAP_WRAP(mmap)
MMAP_WRAP(mmap64)

/* ---- processes and threads ---- */

static pid_t (*real_fork)(void);
EXPORT pid_t fork(void)
{
	struct call c;
	pid_t r;

	if (!GET(fork)) {
		errno = ENOSYS;
		return -1;
	}
	if (!enter(&c))
		return REAL(fork)();
	r = REAL(fork)();
	if (r == 0)
		return 0; /* the child: after_fork_child() ran */
	TRACE(&c, r,
	      "clone(child_stack=NULL, "
	      "flags=CLONE_CHILD_CLEARTID|CLONE_CHILD_SETTID|SIGCHLD)");
	return r;
}

/* vfork's child shares the caller's stack, which a wrapper returning in
 * the child would spoil: it is a fork here, as POSIX allows. */
EXPORT pid_t vfork(void)
{
	return fork();
}

#define SPAWN_WRAP(name)                                                      \
	static int (*real_##name)(                                            \
		pid_t *, const char *, const posix_spawn_file_actions_t *,    \
		const posix_spawnattr_t *, char *const[], char *const[]);     \
	EXPORT int name(pid_t *pid, const char *p,                            \
			const posix_spawn_file_actions_t *fa,                 \
			const posix_spawnattr_t *at, char *const av[],        \
			char *const ev[])                                     \
	{                                                                     \
		struct call c;                                                \
		pid_t k = 0;                                                  \
		int r;                                                        \
		if (!GET(name))                                               \
			return ENOSYS;                                        \
		if (!enter(&c))                                               \
			return REAL(name)(pid ? pid : &k, p, fa, at, av, ev); \
		r = REAL(name)(pid ? pid : &k, p, fa, at, av, ev);            \
		if (r == 0)                                                   \
			TRACE(&c, pid ? *pid : k,                             \
			      "clone(child_stack=NULL, "                      \
			      "flags=CLONE_VM|CLONE_VFORK|SIGCHLD)");         \
		return r;                                                     \
	}
SPAWN_WRAP(posix_spawn)
SPAWN_WRAP(posix_spawnp)

/* The exec's line, and every buffer of the process written: the
 * program's memory is gone once it succeeds.  A failed exec keeps the
 * line (the trace cannot take it back). */
static void exec_line(const char *p, char *const av[])
{
	struct call c;
	size_t i;

	if (!enter(&c))
		return;
	if (leave(&c)) {
		put(c.t, "execve(%q, [", p);
		for (i = 0; av && av[i] && i < 64; i++)
			put(c.t, i ? ", %q" : "%q", av[i]);
		put(c.t, "], [])");
		finish(&c, 0);
	}
	inside = 1;
	flush_all();
	marker("exec", p);
	inside = 0;
}

/* the exec returned: it failed, and this process goes on */
static int exec_failed(int r)
{
	int e = errno;

	if (on)
		marker("execfail", NULL);
	errno = e;
	return r;
}

static int (*real_execve)(const char *, char *const[], char *const[]);
EXPORT int execve(const char *p, char *const a[], char *const e[])
{
	if (!GET(execve)) {
		errno = ENOSYS;
		return -1;
	}
	exec_line(p, a);
	return exec_failed(REAL(execve)(p, a, e));
}

static int (*real_execv)(const char *, char *const[]);
EXPORT int execv(const char *p, char *const a[])
{
	if (!GET(execv)) {
		errno = ENOSYS;
		return -1;
	}
	exec_line(p, a);
	return exec_failed(REAL(execv)(p, a));
}

static int (*real_execvp)(const char *, char *const[]);
EXPORT int execvp(const char *p, char *const a[])
{
	if (!GET(execvp)) {
		errno = ENOSYS;
		return -1;
	}
	exec_line(p, a);
	return exec_failed(REAL(execvp)(p, a));
}

static int (*real_execvpe)(const char *, char *const[], char *const[]);
EXPORT int execvpe(const char *p, char *const a[], char *const e[])
{
	if (!GET(execvpe)) {
		errno = ENOSYS;
		return -1;
	}
	exec_line(p, a);
	return exec_failed(REAL(execvpe)(p, a, e));
}

/* execl, execlp, execle: the arguments into an array for the v forms */
static char **gather(const char *a0, va_list ap, char ***envp)
{
	va_list cp;
	size_t n = 1, i;
	char **v;

	va_copy(cp, ap);
	while (va_arg(cp, char *))
		n++;
	va_end(cp);
	v = malloc((n + 1) * sizeof(*v));
	if (!v)
		return NULL;
	v[0] = (char *)a0;
	for (i = 1; i <= n; i++)
		v[i] = va_arg(ap, char *);
	if (envp)
		*envp = va_arg(ap, char **);
	return v;
}

/* the v form of an l call: 'v' execv, 'p' execvp, 'e' execve */
static int exec_v(int kind, const char *p, char **v, char **e)
{
	if (!v) {
		errno = ENOMEM;
		return -1;
	}
	return kind == 'v'   ? execv(p, v)
	       : kind == 'p' ? execvp(p, v)
			     : execve(p, v, e);
}

EXPORT int execl(const char *p, const char *a0, ...)
{
	va_list ap;
	char **v;

	va_start(ap, a0);
	v = gather(a0, ap, NULL);
	va_end(ap);
	return exec_v('v', p, v, NULL);
}

EXPORT int execlp(const char *p, const char *a0, ...)
{
	va_list ap;
	char **v;

	va_start(ap, a0);
	v = gather(a0, ap, NULL);
	va_end(ap);
	return exec_v('p', p, v, NULL);
}

EXPORT int execle(const char *p, const char *a0, ...)
{
	va_list ap;
	char **v, **e = NULL;

	va_start(ap, a0);
	v = gather(a0, ap, &e);
	va_end(ap);
	return exec_v('e', p, v, e);
}

static void (*real__exit)(int);
EXPORT void _exit(int s)
{
	if (on) {
		inside = 1;
		flush_all();
	}
	if (GET(_exit))
		REAL(_exit)(s);
	for (;;)
		syscall(SYS_exit_group, s);
}

EXPORT void _Exit(int s)
{
	_exit(s);
}

/* A new thread says its id before it runs its function; the creator
 * writes its clone line then (put_pending()). */
static void *trampoline(void *p)
{
	struct tstart *s = p;
	void *(*fn)(void *) = s->fn;
	void *arg = s->arg;

	atomic_store_explicit(&s->tid, (int)syscall(SYS_gettid),
			      memory_order_release);
	return fn(arg);
}

static int (*real_pthread_create)(pthread_t *, const pthread_attr_t *,
				  void *(*)(void *), void *);
EXPORT int pthread_create(pthread_t *th, const pthread_attr_t *at,
			  void *(*fn)(void *), void *arg)
{
	struct tstart *s, **pp;
	struct tbuf *t;
	int r;

	if (!GET(pthread_create))
		return ENOSYS;
	if (!on || inside || !(s = calloc(1, sizeof(*s))))
		return REAL(pthread_create)(th, at, fn, arg);
	s->fn = fn, s->arg = arg;
	s->t0 = now();
	r = REAL(pthread_create)(th, at, trampoline, s);
	s->t1 = now();
	if (r != 0) {
		free(s);
		return r;
	}
	inside = 1;
	t = mine();
	if (t) {
		for (pp = &t->pend; *pp; pp = &(*pp)->next)
			;
		*pp = s;
	}
	inside = 0;
	return r;
}
