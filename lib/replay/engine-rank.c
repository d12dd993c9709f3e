/*
 * One replaying rank, in a process of its own: reads its events from the
 * compiled file chunk by chunk (the next chunk inflated during a compute
 * gap), waits for each call's scheduled time and issues the call on the
 * run directory with one data buffer allocated at the start.  The
 * schedule is absolute (start + gaps + the original durations), so a call
 * that ran late shortens the wait before the next: drift is corrected.
 * A wait ("after S N") holds the next call until section S has made N
 * calls, as every rank publishes its count in the shared progress table.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdatomic.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <linux/fs.h>
#include <linux/futex.h>
#include <limits.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "replay/engine-int.h"
#include "replay/sandbox.h"
#include "model/event.h"
#include "base/banned.h"

double rnow(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Whether the sandbox's file system has fallen below its margin: of
 * bytes, or of inodes (5 %), as empty files, directories and links take
 * no blocks and a script may make millions of them. */
int disk_low(int sbfd, int64_t margin)
{
	struct statvfs v;

	if (fstatvfs(sbfd, &v))
		return 0;
	return (double)v.f_bavail * (double)v.f_frsize < (double)margin ||
	       (v.f_files > 0 && v.f_favail < v.f_files / 20);
}

/* Sleep until t, spinning over the last 200 microseconds (sleeps
 * overshoot by the timer slack and a wake-up); never past the deadline,
 * and in naps of at most half a second, so that a rank whose deadline
 * moves or whose parent is gone does not sleep on.  now is the clock's
 * time when called; returns its time at the end (a clock read costs 40
 * ns on this VM, a quarter of a small call: no more of them than need
 * be). */
static double wait_until(double t, double deadline, double now)
{
	struct timespec ts;
	double u;

	if (!(t <= deadline)) /* NaN too */
		t = deadline;
	while ((u = t - 0.0002) > now) {
		if (u > now + 0.5)
			u = now + 0.5;
		ts.tv_sec = (time_t)u;
		ts.tv_nsec = (long)((u - (double)ts.tv_sec) * 1e9);
		if (ts.tv_nsec > 999999999)
			ts.tv_nsec = 999999999;
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
		now = rnow();
	}
	while (now < t)
		now = rnow();
	return now;
}

/* The map of script descriptors to the replay's; a process's threads
 * share theirs, under its lock (uncontended but for calls of two
 * threads at one moment, a few tens of ns a call). */
static void fdm_lock(struct rfds *m)
{
	if (m->lock)
		pthread_mutex_lock(m->lock);
}

static void fdm_unlock(struct rfds *m)
{
	if (m->lock)
		pthread_mutex_unlock(m->lock);
}

/* The slot of fd in the map, or the empty one where it would go (the
 * map is never full).  The map is hashed, not indexed by fd: a script's
 * descriptor numbers go up to 2^20, and an array as long as the largest
 * took 8 MiB in each process, 8 GiB over 1024 processes, none of it
 * counted against --max-memory; hashed, it holds the descriptors open
 * (1024 at most), 32 KiB. */
static size_t fdm_home(const struct rfds *m, int32_t fd)
{
	uint32_t h = (uint32_t)fd * 0x9e3779b1u;

	return (size_t)(h ^ (h >> 16)) & (m->n - 1);
}

static size_t fdm_slot(const struct rfds *m, int32_t fd)
{
	size_t i = fdm_home(m, fd);

	while (m->key[i] != -1 && m->key[i] != fd)
		i = (i + 1) & (m->n - 1);
	return i;
}

/* Empty slot i, moving back the entries after it that probed past it. */
static void fdm_del(struct rfds *m, size_t i)
{
	size_t j = i, mask = m->n - 1, h;

	for (;;) {
		j = (j + 1) & mask;
		if (m->key[j] == -1)
			break;
		h = fdm_home(m, m->key[j]);
		if (j > i ? (h <= i || h > j) : (h <= i && h > j)) {
			m->key[i] = m->key[j];
			m->fd[i] = m->fd[j];
			i = j;
		}
	}
	m->key[i] = -1;
	m->used--;
}

/* Twice the slots (64 at first), the entries hashed again. */
static int fdm_grow(struct rfds *m)
{
	struct rfds o = *m;
	size_t i, nn = m->n ? m->n * 2 : 64, s;

	m->key = malloc(nn * sizeof(*m->key));
	m->fd = malloc(nn * sizeof(*m->fd));
	if (!m->key || !m->fd) {
		free(m->key);
		free(m->fd);
		m->key = o.key, m->fd = o.fd;
		return -1;
	}
	m->n = nn;
	for (i = 0; i < nn; i++)
		m->key[i] = -1;
	for (i = 0; i < o.n; i++)
		if (o.key[i] != -1) {
			s = fdm_slot(m, o.key[i]);
			m->key[s] = o.key[i];
			m->fd[s] = o.fd[i];
		}
	free(o.key);
	free(o.fd);
	return 0;
}

/* The descriptor fd maps to, or -1.  A negative fd is no key: the
 * empty slots hold -1, and one of them matched it, its value unset. */
static int fdm_get(struct rfds *m, int32_t fd)
{
	size_t s;
	int r = -1;

	if (fd < 0)
		return -1;
	fdm_lock(m);
	if (m->n && m->key[s = fdm_slot(m, fd)] == fd)
		r = m->fd[s];
	fdm_unlock(m);
	return r;
}

/* The descriptors a process's map holds at most: a forked rank's limit
 * (engine.c: RANK_FDS) holds it first, but an MPI process replaying in
 * place keeps its own limit (20,000 here), which a script opening
 * without closing filled. */
#define MAP_FDS 1024

/* real not kept in the map: closed (not leaked), and the call that
 * made it fails with en */
static int fdm_refuse(int real, int en)
{
	if (real < 0)
		return 0;
	close(real);
	errno = en;
	return -1;
}

/* Map fd to real (-1: unmapped), closing the descriptor it replaces;
 * -1 with errno when real is not kept. */
static int fdm_set(struct rfds *m, int64_t fd, int real)
{
	int old = -1, en = 0;
	size_t s = 0;

	if (fd < 0 || fd > (1 << 20))
		return fdm_refuse(real, EBADF);
	fdm_lock(m);
	if (real >= 0 && !(m->n && m->key[fdm_slot(m, (int32_t)fd)] == fd))
		en = m->used >= MAP_FDS			       ? EMFILE
		     : (m->used + 1) * 2 > m->n && fdm_grow(m) ? ENOMEM
							       : 0;
	if (en) {
		fdm_unlock(m);
		return fdm_refuse(real, en);
	}
	if (m->n && m->key[s = fdm_slot(m, (int32_t)fd)] == fd) {
		if (m->fd[s] != real)
			old = m->fd[s];
		if (real >= 0)
			m->fd[s] = real;
		else
			fdm_del(m, s);
	} else if (real >= 0) {
		m->key[s] = (int32_t)fd;
		m->fd[s] = real;
		m->used++;
	}
	fdm_unlock(m);
	if (old >= 0)
		close(old);
	return 0;
}

/* Unmap fd, which mapped to real: real, to close; -1 when another
 * thread has mapped fd anew since (and closed real then). */
static int fdm_take(struct rfds *m, int32_t fd, int real)
{
	size_t s;
	int r = -1;

	if (fd < 0) /* no key (fdm_get()) */
		return -1;
	fdm_lock(m);
	if (m->n && m->key[s = fdm_slot(m, fd)] == fd && m->fd[s] == real) {
		fdm_del(m, s);
		r = real;
	}
	fdm_unlock(m);
	return r;
}

/* Close every descriptor still mapped, and free the map. */
static void fdm_release(struct rfds *m)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		if (m->key[i] != -1)
			close(m->fd[i]);
	free(m->key);
	free(m->fd);
	m->key = NULL;
	m->fd = NULL;
	m->n = m->used = 0;
}

static int open_flags(unsigned f)
{
	static const int bits[] = {O_CREAT, O_EXCL,   O_TRUNC,	   O_APPEND,
				   O_SYNC,  O_DIRECT, O_DIRECTORY, O_CLOEXEC};
	int fl = (int)(f & IOL_EVF_ACCMODE), i;

	if (fl == 3)
		fl = O_RDWR;
	for (i = 0; i < 8; i++)
		if (f & (IOL_EVF_CREAT << i))
			fl |= bits[i];
	return fl | O_CLOEXEC;
}

/* Parent directories of recent calls, resolved beneath the run
 * directory (O_PATH), so that a stat or an open of a name in one costs
 * one call on the last component instead of a resolution of the whole
 * path and, for a stat, three calls: bench/resolve.c measured a stat so
 * made at 0.7 of a plain fstatat and the three at 1.9 to 2.3 of it, an
 * open at 0.85 against 1.05.  Good while no section renamed or removed
 * anything (rprog.ns), which could have moved what a name leads to; a
 * cached directory stays beneath the run directory whatever is renamed,
 * as every rename is made there.  Off in a group of several processes,
 * whose shared counter may sit on another node. */
#define NPAR 4

struct pslot {
	int fd; /* -1 empty */
	size_t len;
	char dir[1024];
};

struct rk {
	struct rctx *c;
	struct rfds *map; /* c->fds, or own */
	struct rfds own;
	char *buf;
	size_t buflen;
	/* every section in this machine's shared memory (not a group of
	 * several processes, which may be on several nodes): the parent
	 * cache and claim() rely on it */
	int local;
	unsigned pc_next;
	int64_t pc_gen;
	struct pslot pc[NPAR];
	double look; /* look_self(): when next */
	/* bytes and inodes this rank may still take before it looks at
	 * the free space again (past_margin()) */
	int64_t room_b, room_i;
	/* what the call under way takes, in prog[0].out_b and out_i until
	 * it returns (unclaim()) */
	int64_t held_b, held_i;
	/* the replay's own work between a call's return and the next
	 * call, where no gap lies between them: seconds summed over the
	 * calls timed, and their number (start_of()) */
	double own_sum;
	int64_t own_n;
	int64_t own_seen; /* the calls with no gap before them */
	double clock;	  /* what one clock read costs, seconds */
};

static void pc_flush(struct rk *k)
{
	int i;

	for (i = 0; i < NPAR; i++) {
		if (k->pc[i].fd >= 0)
			close(k->pc[i].fd);
		k->pc[i].fd = -1;
	}
}

/* The cached parent of path (a descriptor of the cache, not to close)
 * and its last component in base (n bytes); -1 when the cache cannot
 * serve it (then the whole path is resolved). */
static int pc_parent(struct rk *k, const char *path, char *base, size_t n)
{
	const char *sl = strrchr(path, '/'), *b = sl ? sl + 1 : path;
	size_t dl = sl ? (size_t)(sl - path) : 0, i;
	struct pslot *p;
	int64_t gen;

	if (!k->local || !*b || !strcmp(b, ".") || strlen(b) >= n ||
	    dl >= sizeof(k->pc[0].dir))
		return -1;
	memcpy(base, b, strlen(b) + 1);
	if (!sl)
		return k->c->dirfd;
	gen = atomic_load_explicit(&k->c->prog[0].ns, memory_order_acquire);
	if (gen != k->pc_gen) {
		pc_flush(k);
		k->pc_gen = gen;
	}
	for (i = 0; i < NPAR; i++)
		if (k->pc[i].fd >= 0 && k->pc[i].len == dl &&
		    !memcmp(k->pc[i].dir, path, dl))
			return k->pc[i].fd;
	p = &k->pc[k->pc_next++ % NPAR];
	if (p->fd >= 0)
		close(p->fd);
	memcpy(p->dir, path, dl);
	p->dir[dl] = 0;
	p->len = dl;
	p->fd = iol_sbx_open(k->c->dirfd, p->dir, O_PATH | O_DIRECTORY, 0);
	return p->fd;
}

/* A rename or a removal: every section's cached parents are dropped. */
static void pc_moved(struct rk *k)
{
	atomic_fetch_add_explicit(&k->c->prog[0].ns, 1, memory_order_acq_rel);
}

/* stat or lstat through the cache: 1 with *r set when it served */
static int pc_stat(struct rk *k, const char *path, int nofollow, int64_t *r)
{
	char base[256];
	struct stat st;
	int pfd = pc_parent(k, path, base, sizeof(base));

	if (pfd < 0)
		return 0;
	*r = fstatat(pfd, base, &st, AT_SYMLINK_NOFOLLOW);
	/* a link to follow: resolved from the run directory */
	return !(*r == 0 && !nofollow && S_ISLNK(st.st_mode));
}

/* readlink of the last component, on the cached parent when it serves
 * (the text goes to a buffer of the most a link holds; the original's
 * own buffer size is not in the script) */
static int64_t rd_link(struct rk *k, const char *path)
{
	char base[256], text[4096];
	int pfd = pc_parent(k, path, base, sizeof(base));

	if (pfd >= 0)
		return readlinkat(pfd, base, text, sizeof(text));
	return iol_sbx_readlink(k->c->dirfd, path, text, sizeof(text));
}

/* open through the cache, beneath the parent: 1 with *r set when it
 * served; a link leading above the parent (EXDEV) is resolved again
 * from the run directory */
static int pc_open(struct rk *k, const char *path, int fl, mode_t m, int64_t *r)
{
	char base[256];
	int pfd = pc_parent(k, path, base, sizeof(base));

	if (pfd < 0)
		return 0;
	*r = iol_sbx_open(pfd, base, fl, m);
	return !(*r < 0 && (errno == EXDEV || errno == ELOOP));
}

static const char *P(const struct rk *k, uint32_t id)
{
	const char *p =
		id < k->c->b->s.nstr ? iol_rscript_s(&k->c->b->s, id) : "";

	/* the parser refused such paths; a compiled file is checked again,
	 * as it could have been written by something else */
	return iol_rpath_ok(p) ? p : "";
}

/* A symbolic link's target, checked again as P() checks paths; "" if
 * it would lead out. */
static const char *T(const struct rk *k, const struct iol_rev *e)
{
	uint32_t n = k->c->b->s.nstr;
	const char *t =
		e->path2 < n ? iol_rscript_s(&k->c->b->s, e->path2) : "";

	return iol_rlink_ok(P(k, e->path), t) ? t : "";
}

/* A call on a path: resolved beneath the run directory by the kernel
 * (replay/sandbox.h), whatever links the script made before. */
static int64_t op_path(struct rk *k, const struct iol_rev *e)
{
	int d = k->c->dirfd;
	int64_t r;

	switch (e->op) {
	case IOL_ROP_OPEN: {
		/* a trace that did not show the mode: the usual one */
		mode_t m =
			e->mode || !(e->flags & IOL_EVF_CREAT) ? e->mode : 0644;
		int fl = open_flags(e->flags);

		if (!pc_open(k, P(k, e->path), fl, m, &r))
			r = iol_sbx_open(d, P(k, e->path), fl, m);
		if (e->ret >= 0 && fdm_set(k->map, e->ret, (int)r) < 0)
			r = -1;
		else if (e->ret < 0 && r >= 0)
			close((int)r);
		return r;
	}
	case IOL_ROP_STAT:
	case IOL_ROP_LSTAT:
		if (!pc_stat(k, P(k, e->path), e->op == IOL_ROP_LSTAT, &r))
			r = iol_sbx_stat(d, P(k, e->path),
					 e->op == IOL_ROP_LSTAT);
		return r;
	/* moved or removed: every section's cache is dropped once it has
	 * (a cache filled while the call ran is dropped too) */
	case IOL_ROP_UNLINK:
		r = iol_sbx_unlink(d, P(k, e->path), 0);
		pc_moved(k);
		return r;
	case IOL_ROP_RENAME:
		r = iol_sbx_rename(d, P(k, e->path), P(k, e->path2));
		pc_moved(k);
		return r;
	case IOL_ROP_MKDIR: return iol_sbx_mkdir(d, P(k, e->path), e->mode);
	case IOL_ROP_RMDIR:
		r = iol_sbx_unlink(d, P(k, e->path), 1);
		pc_moved(k);
		return r;
	case IOL_ROP_SYMLINK:
		if (!*T(k, e)) {
			errno = EPERM;
			return -1;
		}
		return iol_sbx_symlink(d, T(k, e), P(k, e->path));
	case IOL_ROP_LINK:
		return iol_sbx_link(d, P(k, e->path), P(k, e->path2));
	case IOL_ROP_READLINK: return rd_link(k, P(k, e->path));
	default: /* TRUNCATE */
		return iol_sbx_truncate(d, P(k, e->path), e->len);
	}
}

/* A copy in the kernel, as the original: copy_file_range, or sendfile
 * where the file systems do not support it (across file systems before
 * Linux 5.3); repeated when the kernel moves less than asked, as one
 * call of the original may have moved more than one call moves here. */
static int64_t op_copy(struct rk *k, const struct iol_rev *e, int in)
{
	int out = fdm_get(k->map, e->fd2);
	int64_t want = e->ret >= 0 ? e->ret : e->len, done = 0;
	loff_t oin = e->off, oout = e->off2;
	ssize_t r;

	if (out < 0)
		return -1;
	/* the program's probe of the end, which moved nothing: one call
	 * of a byte, which moves nothing at the end here too (and one
	 * byte, counted, where the file is longer) */
	if (want == 0 && e->ret == 0) {
		r = copy_file_range(in, e->off >= 0 ? &oin : NULL, out,
				    e->off2 >= 0 ? &oout : NULL, 1, 0);
		if (r < 0 && e->off2 < 0 &&
		    (errno == EXDEV || errno == ENOSYS || errno == EOPNOTSUPP ||
		     errno == EINVAL))
			r = sendfile(out, in, NULL, 1);
		return r;
	}
	while (done < want) {
		size_t n = (size_t)(want - done);

		r = copy_file_range(in, e->off >= 0 ? &oin : NULL, out,
				    e->off2 >= 0 ? &oout : NULL, n, 0);
		if (r < 0 &&
		    (errno == EXDEV || errno == ENOSYS || errno == EOPNOTSUPP ||
		     errno == EINVAL) &&
		    e->off2 < 0) {
			off_t o = oin;

			r = sendfile(out, in, e->off >= 0 ? &o : NULL, n);
			oin = o;
		}
		if (r < 0)
			return done > 0 ? done : -1;
		if (r == 0)
			break;
		done += r;
	}
	return done;
}

/* Bytes and inodes left above the margin on fd's file system (5 % of
 * its inodes held back, as disk_low() does); -1 when it cannot be
 * read (then nothing is refused, as before a look). */
static int left_of(const struct rk *k, int fd, double *lb, double *li)
{
	struct statvfs v;

	if (fstatvfs(fd, &v))
		return -1;
	*lb = (double)v.f_bavail * (double)v.f_frsize -
	      (double)k->c->o->lim.margin;
	*li = v.f_files > 0 ? (double)v.f_favail - (double)(v.f_files / 20)
			    : 1e18;
	return 0;
}

/*
 * Take b bytes and i inodes of fd's file system into the sum of what
 * every section holds (prog[0].out_b, out_i) when the sum still fits in
 * what is left above the margin: 1, else 0 (nothing taken).  A room
 * granted once and spent later, after the other sections had filled
 * the disk, took 16 sections on a 256 MiB tmpfs to its last block.  The
 * sum is added to first and the free space read after: what a section
 * wrote and gave back before this read is in the free space read, what
 * it gives back after is still in the sum (counted twice, never
 * missed), and of two sections taking at once the later one sees the
 * other's part in the sum.
 */
static int take(struct rk *k, int fd, int64_t b, int64_t i)
{
	struct rprog *p = &k->c->prog[0];
	int64_t sb = atomic_fetch_add(&p->out_b, b) + b;
	int64_t si = atomic_fetch_add(&p->out_i, i) + i;
	double lb, li;

	if (left_of(k, fd, &lb, &li) || ((double)sb <= lb && (double)si <= li))
		return 1;
	atomic_fetch_sub(&p->out_b, b);
	atomic_fetch_sub(&p->out_i, i);
	return 0;
}

static void give_back(struct rk *k, int64_t b, int64_t i)
{
	if (b)
		atomic_fetch_sub(&k->c->prog[0].out_b, b);
	if (i)
		atomic_fetch_sub(&k->c->prog[0].out_i, i);
}

/*
 * Whether one call that takes b bytes of fd's file system (a fallocate,
 * a clone made as a copy) may be made.  Where the sections share this
 * machine's memory, when it fits beside what every section holds
 * (take()), which it joins until it returns (unclaim()): so a section
 * alone may take all that is left above the margin, and a call of 12 MB
 * on 19 MB free over a margin of 1 MB is made with one other section as
 * without.  Across nodes, within its share (of nrank) alone.
 */
static int claim(struct rk *k, int fd, int64_t b)
{
	double nr = k->c->b->s.nrank ? (double)k->c->b->s.nrank : 1, lb, li;

	if (!k->local)
		return left_of(k, fd, &lb, &li) || (double)b <= lb / nr;
	if (!take(k, fd, b, 0))
		return 0;
	k->held_b += b;
	return 1;
}

/* After the call: what it held given back (its bytes are in the free
 * space the next look sees) */
static void unclaim(struct rk *k)
{
	give_back(k, k->held_b, k->held_i);
	k->held_b = 0;
	k->held_i = 0;
}

/* A reflink clone as the original: FICLONE (all offsets 0 and no
 * length) or FICLONERANGE.  A clone that failed in the original is not
 * issued: it fails again with the original's errno (a clone this file
 * system made would be work the original did not do, as the program
 * then fell back to copying, which the script holds).  Where this file
 * system refuses clones the original made, the range is copied with
 * copy_file_range instead, so that the destination holds what it held
 * there (counted in clone_copies): within what claim() allows of the
 * free space above the margin, as a fallocate. */
static int64_t op_clone(struct rk *k, const struct iol_rev *e, int f)
{
	struct file_clone_range fr;
	int src = fdm_get(k->map, e->fd2), en;
	int64_t want = e->len, r;
	loff_t oin = e->off2, oout = e->off;
	struct stat st;
	ssize_t n;

	if (e->ret < 0) {
		errno = e->err > 0 ? e->err : EOPNOTSUPP;
		return -1;
	}
	if (src < 0) {
		errno = EBADF;
		return -1;
	}
	if (!e->off && !e->off2 && !e->len) {
		r = ioctl(f, FICLONE, src);
	} else {
		fr.src_fd = src;
		fr.src_offset = (uint64_t)e->off2;
		fr.src_length = (uint64_t)e->len;
		fr.dest_offset = (uint64_t)e->off;
		r = ioctl(f, FICLONERANGE, &fr);
	}
	if (r == 0)
		k->c->st->clones++;
	en = errno;
	if (r == 0 || (en != EOPNOTSUPP && en != EXDEV && en != EINVAL &&
		       en != ENOTTY && en != ENOSYS))
		return r;
	if (!want) { /* to the source's end */
		if (fstat(src, &st))
			return -1;
		want = st.st_size > e->off2 ? st.st_size - e->off2 : 0;
	}
	if (!claim(k, f, want)) {
		errno = ENOSPC;
		return -1;
	}
	for (r = 0; r < want; r += n) {
		n = copy_file_range(src, &oin, f, &oout, (size_t)(want - r), 0);
		if (n < 0)
			return -1;
		if (n == 0)
			break;
	}
	k->c->st->clone_copies++;
	k->c->st->clone_bytes += r;
	return 0;
}

/* fallocate as the original: space taken at once, so not past the
 * free space less the margin and what the other sections may take
 * meanwhile (claim(); the watcher polls it every 0.1 s; one call would
 * fill the disk before that, and the sections together if each could
 * take all), refused ENOSPC then, unissued.  Only the modes scripts
 * name. */
static int64_t op_falloc(struct rk *k, const struct iol_rev *e, int f)
{
	unsigned mode = e->flags & IOL_FALLOC_ALL;

	if (!(mode & IOL_FALLOC_PUNCH_HOLE) && !claim(k, f, e->len)) {
		errno = ENOSPC;
		return -1;
	}
	return fallocate(f, (int)mode, e->off, e->len);
}

/* The bytes a copy of n can move: what its source holds past the
 * offset read (a copy of 2^62 bytes out of a small file moves that);
 * none when a descriptor is not held (the call is not issued). */
static int64_t copy_bytes(struct rk *k, const struct iol_rev *e, int64_t n)
{
	int f = fdm_get(k->map, e->fd);
	struct stat st;
	off_t at;

	if (f < 0 || fdm_get(k->map, e->fd2) < 0)
		return 0;
	at = e->off >= 0 ? e->off : lseek(f, 0, SEEK_CUR);
	if (at < 0 || fstat(f, &st) || !S_ISREG(st.st_mode))
		return n;
	return st.st_size <= at ? 0 : st.st_size - at < n ? st.st_size - at : n;
}

/* What a call may take of the file system: bytes (data written or
 * copied, the block of a directory or a link's target) and inodes (a
 * name made). */
static void takes(struct rk *k, const struct iol_rev *e, int64_t *b, int64_t *i)
{
	int64_t n = e->ret >= 0 ? e->ret : e->len;

	*b = 0, *i = 0;
	switch (e->op) {
	/* within the room, the bytes asked (no call to learn more); past
	 * it, what the call can take: none past the buffer or on a
	 * descriptor not held (not issued), a copy's source's bytes */
	case IOL_ROP_WRITE:
	case IOL_ROP_PWRITE:
		*b = n <= 0 || (uint64_t)n > k->buflen ? 0
		     : n <= k->room_b		       ? n
		     : fdm_get(k->map, e->fd) >= 0     ? n
						       : 0;
		break;
	case IOL_ROP_COPY:
		*b = n <= 0 ? 0 : n <= k->room_b ? n : copy_bytes(k, e, n);
		break;
	case IOL_ROP_OPEN: *i = (e->flags & IOL_EVF_CREAT) != 0; break;
	case IOL_ROP_MKDIR:
	case IOL_ROP_SYMLINK: *b = 4096, *i = 1; break; /* a block each */
	default: break;
	}
}

/* Across nodes (a group of several processes, whose shared page may sit
 * on another node): a room of half the rank's share (of nrank) of what
 * is left above the margin, the call within the share. */
static int past_share(struct rk *k, int64_t b, int64_t i)
{
	double nr = k->c->b->s.nrank ? (double)k->c->b->s.nrank : 1, lb, li;

	if (left_of(k, k->c->dirfd, &lb, &li))
		return 0;
	lb /= nr;
	li /= nr;
	if ((double)i > li || (double)b > lb)
		return 1;
	k->room_b = (int64_t)((lb - (double)b) / 2);
	k->room_i = (int64_t)((li - (double)i) / 2);
	return 0;
}

/*
 * Whether a call that may take b bytes and i inodes would take the
 * sandbox's file system below its margin.  The watcher looks every
 * 0.1 s, and one call did not wait for it: a copy of 1 GiB out of a
 * sparse file, or 2000 empty directories made as fast as possible,
 * filled a file system to its last block or inode between two looks.
 * So each rank looks itself before a call that takes more than its room,
 * and its room is half of its share (of nrank) of what is left above
 * the margin less what every section holds (take()): no look at all for
 * most calls, and the sections together never take more than is left.
 * A call past the share is made when it fits beside what they hold.
 */
static int past_margin(struct rk *k, int64_t b, int64_t i)
{
	double nr = k->c->b->s.nrank ? (double)k->c->b->s.nrank : 1, lb, li;
	int64_t rb, ri;
	int fd = k->c->dirfd;

	if (b <= k->room_b && i <= k->room_i) {
		k->room_b -= b;
		k->room_i -= i;
		if (k->local)
			k->held_b += b, k->held_i += i;
		return 0;
	}
	if (!k->local)
		return past_share(k, b, i);
	give_back(k, k->room_b, k->room_i); /* for a room of the new size */
	k->room_b = 0;
	k->room_i = 0;
	if (left_of(k, fd, &lb, &li))
		return 0;
	lb -= (double)atomic_load(&k->c->prog[0].out_b) + (double)b;
	li -= (double)atomic_load(&k->c->prog[0].out_i) + (double)i;
	rb = lb > 0 ? (int64_t)(lb / nr / 2) : 0;
	ri = li > 0 ? (int64_t)(li / nr / 2) : 0;
	if (!take(k, fd, b + rb, i + ri)) {
		rb = 0, ri = 0;
		if (!take(k, fd, b, i))
			return 1;
	}
	k->room_b = rb;
	k->room_i = ri;
	k->held_b += b;
	k->held_i += i;
	return 0;
}

/* posix_fadvise, by the advice's name (its numbers differ between
 * architectures); it returns the error rather than setting errno */
static int64_t op_fadvise(const struct iol_rev *e, int f)
{
	static const int adv[] = {POSIX_FADV_NORMAL,	 POSIX_FADV_RANDOM,
				  POSIX_FADV_SEQUENTIAL, POSIX_FADV_WILLNEED,
				  POSIX_FADV_DONTNEED,	 POSIX_FADV_NOREUSE};
	int r = posix_fadvise(f, e->off, e->len,
			      adv[e->flags < 6 ? e->flags : 0]);

	if (r) {
		errno = r;
		return -1;
	}
	return 0;
}

static int64_t op_fd(struct rk *k, const struct iol_rev *e, int f)
{
	size_t wl = (size_t)(e->ret >= 0 ? e->ret : e->len);
	struct stat st;
	int64_t r;

	switch (e->op) {
	case IOL_ROP_CLOSE: return close(fdm_take(k->map, e->fd, f));
	case IOL_ROP_READ: return read(f, k->buf, (size_t)e->len);
	case IOL_ROP_WRITE: return write(f, k->buf, wl);
	case IOL_ROP_PREAD: return pread(f, k->buf, (size_t)e->len, e->off);
	case IOL_ROP_PWRITE: return pwrite(f, k->buf, wl, e->off);
	case IOL_ROP_LSEEK: return lseek(f, e->off, e->whence);
	case IOL_ROP_FSYNC: return fsync(f);
	case IOL_ROP_FDATASYNC: return fdatasync(f);
	case IOL_ROP_FSTAT: return fstat(f, &st);
	case IOL_ROP_FTRUNCATE: return ftruncate(f, e->len);
	case IOL_ROP_COPY: return op_copy(k, e, f);
	case IOL_ROP_FALLOCATE: return op_falloc(k, e, f);
	case IOL_ROP_FADVISE: return op_fadvise(e, f);
	case IOL_ROP_CLONE: return op_clone(k, e, f);
	default: /* DUP */
		r = fcntl(f, F_DUPFD_CLOEXEC, 0);
		if (e->ret >= 0 && fdm_set(k->map, e->ret, (int)r) < 0)
			r = -1;
		else if (e->ret < 0 && r >= 0)
			close((int)r);
		return r;
	}
}

static int has_path(int op)
{
	return op == IOL_ROP_OPEN || op == IOL_ROP_STAT ||
	       op == IOL_ROP_UNLINK || op == IOL_ROP_RENAME ||
	       op == IOL_ROP_MKDIR || op == IOL_ROP_RMDIR ||
	       op == IOL_ROP_SYMLINK || op == IOL_ROP_LINK ||
	       op == IOL_ROP_LSTAT || op == IOL_ROP_TRUNCATE ||
	       op == IOL_ROP_READLINK;
}

/* Issue e; returns its result (-1 on failure; a call on a descriptor
 * the replay does not hold is not issued and fails). */
static int64_t issue(struct rk *k, const struct iol_rev *e)
{
	int f;

	if (has_path(e->op))
		return op_path(k, e);
	f = fdm_get(k->map, e->fd);
	if (f < 0) {
		errno = EBADF; /* its open failed here: not issued */
		return -1;
	}
	/* a damaged compiled file must not make a call overrun the buffer */
	if (iol_rop_class(e->op) <= IOL_RCLASS_WRITE &&
	    (e->len < 0 || (uint64_t)e->len > k->buflen ||
	     (e->ret > 0 && (uint64_t)e->ret > k->buflen))) {
		errno = EINVAL;
		return -1;
	}
	return op_fd(k, e, f);
}

/* Keep the first failures of this section: a call that failed in one
 * run only, with the replay's errno en. */
static void keep_fail(struct rstat *st, const struct iol_rev *e, int64_t r,
		      int en)
{
	struct iol_rfail *f;

	if (st->mismatched > IOL_RFAIL_KEEP)
		return;
	f = &st->fail[st->mismatched - 1];
	f->line = e->line;
	f->op = e->op;
	f->err = r < 0 ? en : 0;
	f->orig_err = e->ret < 0 ? (e->err ? e->err : -1) : 0;
}

static void account(struct rk *k, const struct iol_rev *e, int64_t r, int en,
		    double t1, double t2, size_t i)
{
	struct rstat *st = k->c->st;
	struct iol_rev v = *e;
	uint32_t n = k->c->b->s.nstr;

	/* ids from a damaged compiled file count on the empty path */
	v.path = e->path < n ? e->path : 0;
	v.path2 = e->path2 < n ? e->path2 : 0;
	if ((r < 0) != (e->ret < 0)) {
		st->mismatched++;
		keep_fail(st, e, r, en);
	}
	iol_rtotals_count(&st->t, k->c->file, &v, r, t2 - t1);
	if (k->c->prof) {
		k->c->prof[2 * i] = t2 - k->c->t0;
		k->c->prof[2 * i + 1] = t2 - t1;
	}
}

/* A group's member replaying in place has no parent watching it (it
 * keeps the deadline itself): a signal (o->stop) did not stop it, nor
 * the free space, and a script filled the file system to its last
 * block.  It looks itself, every 10 ms, as watch() does for forked
 * ranks; 1 (st->timed_out set to 3 or 2) when it must stop. */
static int look_self(struct rk *k, double now)
{
	struct rstat *st = k->c->st;

	if (!k->c->unwatched || st->timed_out)
		return st->timed_out != 0;
	if (now < k->look)
		return 0;
	k->look = now + 0.01;
	if (k->c->o->stop && *k->c->o->stop)
		st->timed_out = 3;
	else if (disk_low(k->c->dirfd, k->c->o->lim.margin))
		st->timed_out = 2;
	return st->timed_out != 0;
}

/* The compute gap before a call: inflate the next chunk in it when the
 * current one is half read, then wait for the schedule (in steps of
 * 0.1 s when it looks itself).  now is the clock's time; *now gets it
 * after the wait.  1 when it must stop (look_self()). */
static int gap(struct rk *k, struct iol_rcursor *cur, double sched, double *now)
{
	int afap = k->c->o->pace == IOL_PACE_AFAP, rc = 0;

	if (!cur->mem && (sched > *now + 0.0005 || afap)) {
		rc = iol_rcursor_ahead(cur);
		if (rc > 0)
			*now = rnow();
	}
	if (rc < 0)
		return rc;
	while (!afap && k->c->unwatched && sched > *now + 0.1 &&
	       *now < k->c->deadline)
		if (look_self(k, *now = wait_until(*now + 0.1, k->c->deadline,
						   *now)))
			return 1;
	if (!afap)
		*now = wait_until(sched, k->c->deadline, *now);
	return 0;
}

/* Whether section me waiting on section s closes a cycle of waits none
 * of which is met: then none will be (only a damaged compiled file has
 * one; parsed scripts are checked). */
static int cycle(const struct rprog *pg, size_t nr, size_t me, size_t s)
{
	size_t steps;

	for (steps = 0; steps <= nr; steps++) {
		int64_t on = atomic_load(&pg[s].on);

		if (s == me)
			return 1;
		if (on <= 0 || (size_t)on > nr ||
		    atomic_load(&pg[on - 1].calls) >= atomic_load(&pg[s].want))
			return 0;
		s = (size_t)on - 1;
	}
	return 0;
}

/* Sleep until section s may have made want calls, or 50 ms: a futex
 * on its gen (shared memory of forked processes or one node's file
 * mapping), so a waiting section costs nothing while it waits; it polled
 * every 20 us before.  Only the call that reaches the least count wanted
 * wakes the sleepers: 500 sections waiting on one were woken by each of
 * its calls.  gen is read before the count wanted is put in wake_at and
 * the count after, so a wake that cleared wake_at in between has moved
 * gen and the futex returns at once (the section then registers again).
 * In a group of several processes, which may be on several nodes, it
 * naps 20 us as before. */
static void sleep_on(struct rk *k, struct rprog *p, int64_t want)
{
	const struct iol_rgroup *g = k->c->o->group;
	struct timespec nap = {0, 20000}, most = {0, 50000000};
	int64_t gen, cur;

	if ((g && g->n > 1) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__) {
		nanosleep(&nap, NULL);
		return;
	}
	gen = atomic_load(&p->gen);
	cur = atomic_load(&p->wake_at);
	while ((cur == 0 || want < cur) &&
	       !atomic_compare_exchange_weak(&p->wake_at, &cur, want))
		;
	if (atomic_load(&p->calls) < want && !atomic_load(&p->done))
		syscall(SYS_futex, iol_low32(&p->gen), FUTEX_WAIT,
			(uint32_t)gen, &most, NULL, 0);
}

/* After a call (all: at the end): wake the sections sleeping on this
 * one when it has made the calls one of them waits for.  The count was
 * stored (seq_cst) before wake_at is read. */
static void wake_sleepers(struct rprog *p, int all)
{
	int64_t w = atomic_load(&p->wake_at);

	if (w == 0 || (!all && atomic_load(&p->calls) < w))
		return;
	atomic_store(&p->wake_at, 0);
	atomic_fetch_add(&p->gen, 1);
	syscall(SYS_futex, iol_low32(&p->gen), FUTEX_WAKE, INT_MAX, NULL, NULL,
		0);
}

void section_end(struct rprog *p)
{
	atomic_store(&p->done, 1);
	wake_sleepers(p, 1);
}

/* "after S N": until section S has made N calls.  Given up, and counted,
 * when S has ended short of them, when the waits close a cycle, or after
 * a minute in which S made no call (a rank that died). */
static void wait_rank(struct rk *k, const struct iol_rev *e, size_t me)
{
	struct rprog *pg = k->c->prog;
	size_t nr = k->c->b->s.nrank, s = (size_t)e->fd;
	int64_t seen;
	double last = rnow(), t;

	if (e->fd < 0 || s >= nr || s == me) {
		k->c->st->broken++;
		return;
	}
	atomic_store(&pg[me].want, e->len);
	atomic_store(&pg[me].on, (int64_t)s + 1);
	while ((seen = atomic_load(&pg[s].calls)) < e->len) {
		if (atomic_load(&pg[s].done) &&
		    atomic_load(&pg[s].calls) < e->len)
			break;
		sleep_on(k, &pg[s], e->len);
		t = rnow();
		if (atomic_load(&pg[s].calls) != seen)
			last = t;
		else if ((t - last > 0.1 && cycle(pg, nr, me, s)) ||
			 t - last > 60 || t > k->c->deadline)
			break;
		if (look_self(k, t)) /* a member in place: a signal */
			break;
	}
	if (atomic_load(&pg[s].calls) < e->len)
		k->c->st->broken++;
	atomic_store(&pg[me].on, 0);
}

/* Closed loop: the replay's own time between two calls (its accounts,
 * the next event, a chunk inflated, the process descheduled) is no part
 * of what it measures, yet where the script has no compute gap to hide
 * it in, it adds up: 0.08 us a call over 200,000 fstats back to back
 * (t/6001), 4 to 8 ms of a tree copy's 0.1 s.  So that time is owed,
 * and the next compute gaps are shortened by it, each by no more than
 * its length.  The calls' own durations are never repaid: a slower call
 * here still makes a longer run.  Returns what gap g repays of *owe. */
static double repay(struct rstat *st, double *owe, double g)
{
	double x = *owe < g ? *owe : g;

	*owe -= x;
	st->repaid_s += x;
	return x;
}

/*
 * When call e starts.  After a gap, or at the timeline's time, the clock
 * was just read.  In the closed loop with no gap before it, a call starts
 * when the previous one returned (now) plus the replay's own work
 * between them, which is timed on one such call in OWN_EVERY and taken
 * as their mean on the others: a clock read costs some 43 ns on this VM,
 * and a run of 200,000 stats took 0.962 of its time without it (paired
 * median of 20 runs), with 0.994 of its metadata time: the calls'
 * durations and the replay's own time stay as measured on average.  A time
 * timed holds the clock read that timed it, which the others do not (without
 * taking it off, the metadata time of those stats came out 8 % short).  A time
 * over OWN_MAX (the thread was preempted, or looked at the free space) is not
 * the usual work and is left out of the mean.
 */
#define OWN_EVERY 64
#define OWN_MAX 10e-6
static double start_of(struct rk *k, const struct iol_rev *e, int pace,
		       double now)
{
	double t;

	if (e->gap > 0 && pace != IOL_PACE_AFAP)
		return now;
	if (e->gap > 0 || pace != IOL_PACE_CLOSED)
		return rnow();
	/* one in OWN_EVERY of these calls, not of all calls: a call after
	 * each gap (lseek with a gap, read without) made every 64th call
	 * one with a gap, and the first, cold, time stood for all */
	if (k->own_n > 0 && ++k->own_seen % OWN_EVERY != 0)
		return now + k->own_sum / (double)k->own_n;
	t = rnow();
	if (t - now < OWN_MAX)
		k->own_sum += t - now > k->clock ? t - now - k->clock : 0,
			k->own_n++;
	return t;
}

/* The least time between two clock reads of 64 in a row. */
static double clock_cost(void)
{
	double a = rnow(), b, least = 1;
	int j;

	for (j = 0; j < 64; j++, a = b)
		if ((b = rnow()) - a < least)
			least = b - a;
	return least;
}

/*
 * The events of one section.  base is when the schedule counts from:
 * the common start, then, closed-loop, the return of the previous call
 * (or the end of a wait); on the timeline it moves by the original's
 * gaps and durations alone.  now is the latest clock read: a call costs
 * one (its end), its start being the wait's last read after a gap or, in
 * the closed loop, estimated (start_of()); a call with no gap before it
 * costs two otherwise.
 */
static int run_events(struct rk *k, struct iol_rcursor *cur, size_t me)
{
	struct rstat *st = k->c->st;
	int pace = k->c->o->pace;
	double base = k->c->t0, sched, t1, t2, now = rnow(), owe = 0;
	const struct iol_rev *e;
	size_t i = 0;
	int rc, en;
	int64_t r, nb, ni;

	for (;;) {
		t1 = now;
		rc = iol_rcursor_next(cur, &e);
		if (!cur->mem) { /* a chunk may have been inflated */
			now = rnow();
			if (now - t1 > 0.0001)
				st->inflate_s += now - t1;
		}
		if (rc <= 0)
			return rc;
		if (now > k->c->deadline) {
			st->timed_out = 1;
			return IOL_EIO;
		}
		sched = base + e->gap;
		if (pace == IOL_PACE_CLOSED && owe > 0 && e->gap > 0)
			sched -= repay(st, &owe, e->gap);
		/* on the timeline a call with no gap before it waits too:
		 * for the original's durations before it (it followed the
		 * previous call at once, and 10 reads of 50 ms with no gap
		 * between them replayed in no time) */
		if ((e->gap > 0 || pace == IOL_PACE_TIMELINE) &&
		    (rc = gap(k, cur, sched, &now)) != 0)
			return rc < 0 ? IOL_ECORRUPT : IOL_EIO;
		if (look_self(k, now))
			return IOL_EIO;
		/* the gap was cut there: a schedule past the deadline times
		 * out whatever the clock read on waking (it may read the
		 * deadline itself, to the nanosecond: a 30 s gap under
		 * --timeout 1 then ran its call and exited 0, once in four
		 * runs on a loaded machine) */
		if ((pace != IOL_PACE_AFAP && sched > k->c->deadline) ||
		    now >= k->c->deadline) {
			st->timed_out = 1;
			return IOL_EIO;
		}
		if (pace == IOL_PACE_TIMELINE)
			base = sched;
		if (e->op == IOL_ROP_END)
			continue;
		if (e->op == IOL_ROP_WAIT) {
			wait_rank(k, e, me);
			now = rnow();
			if (pace != IOL_PACE_TIMELINE)
				base = now;
			continue;
		}
		takes(k, e, &nb, &ni);
		st->inodes += ni;
		if ((nb || ni) && past_margin(k, nb, ni)) {
			st->timed_out = 2; /* as the watcher would */
			return IOL_EIO;
		}
		t1 = start_of(k, e, pace, now);
		if (pace != IOL_PACE_AFAP && t1 - sched > st->late)
			st->late = t1 - sched;
		if (pace == IOL_PACE_CLOSED && t1 > sched) {
			owe += t1 - sched;
			st->engine_s += t1 - sched;
		}
		errno = 0;
		r = issue(k, e);
		en = errno;
		unclaim(k);
		t2 = now = rnow();
		if (t1 > t2) /* start_of()'s mean, on a call faster than it */
			t1 = t2;
		account(k, e, r, en, t1, t2, i++);
		/* seq_cst: the store before the load of wake_at, so that a
		 * section going to sleep on the old count is woken */
		atomic_store(&k->c->prog[me].calls, (int64_t)i);
		wake_sleepers(&k->c->prog[me], 0);
		base = pace == IOL_PACE_TIMELINE ? base + e->dur : t2;
	}
}

/* This section is ready: its start and deadline once every section is
 * (engine.c: start_all).  A start fixed ahead, 20 ms and 1 ms a rank,
 * came before a section with a large buffer to fill was ready, and it
 * began late by the difference. */
static void start_wait(struct rctx *c)
{
	struct rstart *s = c->start;
	struct timespec most = {0, 50000000};

	atomic_fetch_add(&s->ready, 1);
	while (!atomic_load_explicit(&s->go, memory_order_acquire))
		syscall(SYS_futex, iol_low32(&s->go), FUTEX_WAIT, 0, &most,
			NULL, 0);
	c->t0 = s->t0;
	c->deadline = s->deadline;
}

int replay_rank(struct rctx *c, size_t r)
{
	struct rk k = {c,    NULL, {NULL, NULL, 0, 0, NULL},
		       NULL, 0,	   0,
		       0,    0,	   {{-1, 0, ""}},
		       0,    0,	   0,
		       0,    0,	   0,
		       0,    0,	   0};
	const struct iol_rgroup *g = c->o->group;
	size_t len = (size_t)c->b->s.rank[r].maxlen;
	struct iol_rcursor cur;
	void *buf;
	int rc, i;

	for (i = 0; i < NPAR; i++)
		k.pc[i].fd = -1;
	k.local = !(g && g->n > 1);
	k.pc_gen = atomic_load(&c->prog[0].ns);
	k.map = c->fds ? c->fds : &k.own;
	prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
	k.clock = clock_cost();
	if (len < 4096)
		len = 4096;
	/* the one data buffer of this rank, aligned for O_DIRECT */
	if (posix_memalign(&buf, 4096, len)) {
		section_end(&c->prog[r]);
		return IOL_ENOMEM;
	}
	memset(buf, 0x5a, len);
	k.buf = buf;
	k.buflen = len;
	if (c->ev)
		iol_rcursor_mem(&cur, c->ev, c->nev);
	rc = c->ev ? 0 : iol_rcursor_open(&cur, c->b, r);
	if (rc == 0) {
		if (c->start)
			start_wait(c);
		wait_until(c->t0, c->deadline, rnow());
		rc = run_events(&k, &cur, r);
		c->st->t.run_s = rnow() - c->t0;
		iol_rcursor_release(&cur);
	}
	if (k.local) /* what it holds, for the sections still running */
		give_back(&k, k.room_b + k.held_b, k.room_i + k.held_i);
	fdm_release(&k.own); /* a process's: replay_process() */
	pc_flush(&k);
	free(buf);
	c->st->done = rc == 0;
	section_end(&c->prog[r]); /* its waiters stop waiting */
	return rc;
}

struct thread_arg {
	struct rctx *c;
	size_t sec;
	int rc;
};

static void *thread_main(void *p)
{
	struct thread_arg *a = p;

	a->rc = replay_rank(a->c, a->sec);
	return NULL;
}

int replay_process(struct rctx *c, const size_t *sec, size_t n)
{
	pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	struct rfds fds = {NULL, NULL, 0, 0, &lock};
	struct thread_arg *a = calloc(n + 1, sizeof(*a));
	pthread_t *t = calloc(n + 1, sizeof(*t));
	size_t i, made = 0;
	int rc = 0;

	for (i = 0; a && t && i < n; i++) {
		c[i].fds = &fds;
		a[i].c = &c[i], a[i].sec = sec[i];
	}
	/* the first section in this thread, the others in threads; a
	 * section left without a thread is ended at once, so the threads
	 * waiting for it go on */
	for (i = 1; a && t && i < n; i++, made++)
		if (pthread_create(&t[i], NULL, thread_main, &a[i]))
			break;
	if (a && t && made == n - 1) {
		rc = replay_rank(&c[0], sec[0]);
	} else {
		rc = IOL_ENOMEM;
		for (i = made + 1; i < n; i++)
			section_end(&c[0].prog[sec[i]]);
		section_end(&c[0].prog[sec[0]]);
	}
	for (i = 1; i <= made; i++) {
		pthread_join(t[i], NULL);
		rc = rc ? rc : a[i].rc;
	}
	fdm_release(&fds);
	pthread_mutex_destroy(&lock);
	free(a);
	free(t);
	return rc;
}
