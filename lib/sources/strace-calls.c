/*
 * System-call semantics of strace traces: what each call does to a
 * process's descriptors and files, given as struct iol_event values to the
 * pass's sink.  File descriptors are followed exactly: open family, dup
 * family, fcntl F_DUPFD, pipes and sockets, close, close-on-exec at
 * execve, and fd tables copied across fork or shared with CLONE_FILES.
 * Calls are looked up in a table sorted by name; a call not in it only
 * counts in the per-call totals.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/grow.h"
#include "sources/trace-int.h"
#include "base/banned.h"

/* the file was opened or stat'ed successfully in this pass */
static int see(struct tpass *ps, int fi)
{
	unsigned char *ns;

	if ((size_t)fi >= ps->capseen) {
		size_t n = ((size_t)fi + 1) * 2;

		ns = realloc(ps->seen, n);
		if (!ns)
			return tr_oom(ps);
		memset(ns + ps->capseen, 0, n - ps->capseen);
		ps->seen = ns;
		ps->capseen = n;
	}
	ps->seen[fi] = 1;
	return 0;
}

static int seen(const struct tpass *ps, int fi)
{
	return (size_t)fi < ps->capseen && ps->seen[fi];
}

/* a file's index in this pass; < 0 to stop (ps->err says why) */
static int file_of(struct tpass *ps, const char *path)
{
	int fi = tr_file_index(ps->st, path, ps->loading);

	if (fi == IOL_ENOMEM)
		tr_oom(ps);
	return fi;
}

/* ---- events ---- */

static int emit(struct tpass *ps, const struct iol_event *ev)
{
	int r = ps->sink(ps->ctx, ev);

	ps->nemit++;
	if (r < 0 && !ps->err)
		ps->err = r;
	return r;
}

static void ev_init(const struct tpass *ps, const struct proc *p,
		    const struct call *c, int kind, struct iol_event *ev)
{
	memset(ev, 0, sizeof(*ev));
	ev->kind = kind;
	ev->name = c->name;
	ev->rank = p->rank;
	ev->pid = p->pid;
	ev->tgid = p->tgid;
	ev->forked = p->forked;
	ev->start = c->start - ps->st->t0;
	ev->dur = c->dur;
	ev->fd = -1;
	ev->off = -1;
	ev->len = -1;
	ev->ret = c->failed ? -1 : c->ret;
	ev->err = c->failed ? EIO : 0;
	ev->fd2 = -1;
	ev->off2 = -1;
	ev->silent = ps->nemit == ps->nemit0 ? p->silent : 0; /* once */
}

static void ev_file(const struct tpass *ps, int fi, struct iol_event *ev)
{
	ev->file = ps->st->files[fi].id;
	ev->path = ps->st->files[fi].path;
	ev->regular = 1;
}

/* fallocate's mode, as a number or strace's FALLOC_FL_ names joined by
 * '|'; a name not known here sets 0x80, which no script names (the call
 * is then left in its gap, not replayed as another) */
static unsigned falloc_mode(const struct call *c)
{
	static const struct {
		const char *name;
		unsigned bit;
	} m[] = {{"KEEP_SIZE", 0x01},	   {"PUNCH_HOLE", 0x02},
		 {"COLLAPSE_RANGE", 0x08}, {"ZERO_RANGE", 0x10},
		 {"INSERT_RANGE", 0x20},   {"UNSHARE_RANGE", 0x40}};
	unsigned f = 0, b;
	size_t i, n;
	int ok;
	long long v = tr_arg_int(c, 1, &ok);
	const char *t;

	if (ok)
		return v >= 0 && v <= 0xff ? (unsigned)v : 0x80;
	for (t = c->nargs > 1 ? c->args[1] : ""; *t; t += n + (t[n] == '|')) {
		n = strcspn(t, "|");
		for (b = 0x80, i = 0; i < sizeof(m) / sizeof(m[0]); i++)
			if (n == strlen(m[i].name) + 10 &&
			    !strncmp(t, "FALLOC_FL_", 10) &&
			    !strncmp(t + 10, m[i].name, n - 10))
				b = m[i].bit;
		f |= b;
	}
	return f;
}

/* posix_fadvise's advice, 0 normal to 5 noreuse (by name: the numbers
 * of DONTNEED and NOREUSE differ on s390), 0xff another */
static unsigned advice(const struct call *c)
{
	static const char *const n[] = {"NORMAL",   "RANDOM",	"SEQUENTIAL",
					"WILLNEED", "DONTNEED", "NOREUSE"};
	unsigned i;
	int ok;
	long long v = tr_arg_int(c, 3, &ok);

	if (ok)
		return v >= 0 && v < 6 ? (unsigned)v : 0xff;
	for (i = 0; c->nargs > 3 && i < 6; i++)
		if (strstr(c->args[3], n[i]))
			return i;
	return 0xff;
}

/* The offset and length of fallocate(fd, mode, off, len) and
 * fadvise64(fd, off, len, advice), which replay-script replays; flags
 * their mode or advice. */
/* mmap(addr, len, prot, flags, fd, off): len the bytes mapped, flags 1
 * when writes through the mapping reach the file (shared, writable) */
static void map_args(const struct call *c, struct iol_event *ev)
{
	int ok;
	long long len = c->nargs > 3 ? tr_arg_int(c, 1, &ok) : -1;

	if (len < 0 || !ok)
		return;
	ev->len = len;
	ev->flags = strstr(c->args[2], "PROT_WRITE") &&
		    strstr(c->args[3], "MAP_SHARED");
}

static void other_args(const struct call *c, struct iol_event *ev)
{
	int fa = !strcmp(c->name, "fallocate"), ok1, ok2;
	long long off, len;

	if (!strncmp(c->name, "mmap", 4))
		map_args(c, ev);
	if (!fa && strncmp(c->name, "fadvise64", 9))
		return;
	off = tr_arg_int(c, fa ? 2 : 1, &ok1);
	len = tr_arg_int(c, fa ? 3 : 2, &ok2);
	ev->flags = 0xff; /* unread: not replayed */
	if (!ok1 || !ok2 || off < 0 || len < 0)
		return;
	ev->off = off, ev->len = len;
	ev->flags = fa ? falloc_mode(c) : advice(c);
}

/* A stat's st_size= (statx: stx_size=), kept as fi's size: the bytes a
 * clone of the whole file covers, which the clone does not say.  0 or
 * IOL_ENOMEM. */
static int note_size(struct tpass *ps, int fi, const struct call *c)
{
	const char *z = NULL;
	char *end;
	long long v;
	int i;

	/* in the struct, not in a path that names "st_size=" */
	for (i = 1; i < c->nargs && !z; i++)
		if (c->args[i][0] == '{' &&
		    ((z = strstr(c->args[i], " st_size=")) ||
		     (z = strstr(c->args[i], "{st_size=")) ||
		     (z = strstr(c->args[i], " stx_size=")) ||
		     (z = strstr(c->args[i], "{stx_size="))))
			z = strchr(z, '=') + 1;
	if (!z || c->failed || c->unknown_ret)
		return 0;
	v = strtoll(z, &end, 10);
	if (end == z || v < 0 || v > TR_OFF_MAX)
		return 0;
	if ((size_t)fi >= ps->capstsize) {
		size_t n = ((size_t)fi + 1) * 2, k;
		int64_t *ns = realloc(ps->stsize, n * sizeof(*ns));

		if (!ns)
			return tr_oom(ps);
		for (k = ps->capstsize; k < n; k++)
			ns[k] = -1;
		ps->stsize = ns;
		ps->capstsize = n;
	}
	ps->stsize[fi] = v;
	return 0;
}

/* a metadata call of kind on regular file fi, made on descriptor fd
 * (-1: on its path) */
int tr_meta(struct tpass *ps, struct proc *p, int fi, int kind,
	    const struct call *c, unsigned flags, long fd)
{
	struct iol_event ev;

	ev_init(ps, p, c, kind, &ev);
	ev_file(ps, fi, &ev);
	ev.flags = flags;
	ev.fd = fd;
	/* truncate(path, len), ftruncate(fd, len): off is the length */
	if (kind == IOL_EV_TRUNC) {
		int ok;
		long long len = tr_arg_int(c, 1, &ok);

		if (ok && len >= 0)
			ev.off = len;
	}
	if (kind == IOL_EV_OTHER)
		other_args(c, &ev);
	if (kind == IOL_EV_STAT && note_size(ps, fi, c) < 0)
		return ps->err;
	return emit(ps, &ev);
}

static int is_device_path(const char *p)
{
	return !strncmp(p, "/dev/", 5) && strncmp(p, "/dev/shm/", 9);
}

static int kind_of_ypath(const char *y)
{
	if (!y)
		return -1;
	if (!strncmp(y, "pipe:", 5))
		return FD_PIPE;
	if (!strncmp(y, "socket:", 7) || !strncmp(y, "UNIX", 4) ||
	    !strncmp(y, "TCP", 3) || !strncmp(y, "UDP", 3) ||
	    !strncmp(y, "NETLINK", 7))
		return FD_SOCKET;
	if (!strncmp(y, "anon_inode:", 11))
		return FD_DEVICE;
	if (is_device_path(y))
		return FD_DEVICE;
	if (y[0] == '/')
		return FD_FILE;
	return FD_DEVICE;
}

static int other_of(int kind)
{
	return kind == FD_PIPE	   ? IOL_OTHER_PIPE
	       : kind == FD_SOCKET ? IOL_OTHER_SOCKET
	       : kind == FD_STD	   ? IOL_OTHER_STD
				   : IOL_OTHER_DEVICE;
}

/* a descriptor never seen opened: -y tells what it is */
static int fd_guess(struct tpass *ps, struct fdent *f, const char *ypath)
{
	int k = kind_of_ypath(ypath), fi;

	f->kind = k < 0 ? FD_DEVICE : k;
	f->off = -1;
	if (f->kind != FD_FILE)
		return 0;
	fi = file_of(ps, ypath);
	if (fi < 0)
		return -1;
	f->file = fi;
	return 0;
}

/* transfer on fd: classify, move the offset, give the event */
int tr_xfer(struct tpass *ps, struct proc *p, long fd, char *ypath, int is_read,
	    int64_t at, int64_t bytes, const struct call *c)
{
	struct fdent *f = tr_fd_at(ps, p, fd, 1);
	struct iol_event ev;

	if (!f)
		return ps->err;
	/* before the offset moves: offset + bytes stays far from INT64_MAX */
	if (bytes < 0 || bytes > TR_LEN_MAX ||
	    (at >= 0 ? at : f->off) > TR_OFF_MAX) {
		ps->why = bytes < 0 || bytes > TR_LEN_MAX
				  ? "byte count out of range"
				  : "file offset out of range";
		return TR_BADLINE;
	}
	if (f->kind == FD_NONE && fd_guess(ps, f, ypath) < 0)
		return ps->err;
	ev_init(ps, p, c, is_read ? IOL_EV_READ : IOL_EV_WRITE, &ev);
	ev.fd = fd;
	if (at >= 0) {
		ev.off = at;
	} else {
		ev.off = f->off;
		if (f->off >= 0)
			f->off += bytes;
	}
	ev.len = bytes;
	ev.ret = bytes;
	if (f->kind == FD_FILE)
		ev_file(ps, f->file, &ev);
	else
		ev.other = other_of(f->kind);
	return emit(ps, &ev);
}

/* O_* names as strace prints them into IOL_EVF_* */
static unsigned open_flags(const char *s)
{
	static const struct {
		const char *name;
		unsigned flag;
	} map[] = {
		{"O_WRONLY", IOL_EVF_WRONLY},
		{"O_RDWR", IOL_EVF_RDWR},
		{"O_CREAT", IOL_EVF_CREAT},
		{"O_EXCL", IOL_EVF_EXCL},
		{"O_TRUNC", IOL_EVF_TRUNC},
		{"O_APPEND", IOL_EVF_APPEND},
		{"O_SYNC", IOL_EVF_SYNC},
		{"O_DSYNC", IOL_EVF_SYNC},
		{"O_DIRECT", IOL_EVF_DIRECT},
		{"O_DIRECTORY", IOL_EVF_DIRECTORY},
		{"O_CLOEXEC", IOL_EVF_CLOEXEC},
	};
	unsigned f = 0;
	size_t i, l;
	const char *q;

	for (i = 0; s && i < sizeof(map) / sizeof(map[0]); i++)
		for (l = strlen(map[i].name), q = s;
		     (q = strstr(q, map[i].name)); q += l)
			if (q[l] == '\0' || q[l] == '|' || q[l] == ',' ||
			    q[l] == ' ')
				f |= map[i].flag;
	return f;
}

/*
 * strace -f prints a call's first line as the call begins, and cuts it
 * ("<unfinished ...>") when another thread's line comes first: calls end
 * in the order of their last lines, and begin before every line after
 * their first.  A call's effect on the descriptors falls between the
 * two.  Whole calls in the order they began (strace -ff's files merged,
 * iolens trace) come in that shape too, cut and resumed by their times
 * (trace-read.c); the times alone still decide there for a line it could
 * not take apart.
 */
static int line_ordered(const struct tpass *ps)
{
	return !ps->st->ffpid && strcmp(ps->st->job->source, "iolens-trace");
}

/*
 * Thread p's call c returned descriptor fd, which held old.  A close of
 * fd by another thread still pending (strace -f) had freed it, as the
 * number was in use till then: that close is of what old held, whatever
 * lines come before it resumes (the number may be closed and taken
 * again meanwhile).  And c returned after that close began, whatever the
 * times say (strace's -T and -tt disagree by tens of microseconds under
 * load): c's end is put after it (by -tt's microsecond), so that the
 * events' times keep that order for those who sort by them.
 */
static void took_over(struct tpass *ps, const struct proc *p, long fd,
		      const struct fdent *old, struct call *c)
{
	double begun = old->freed;
	size_t i;

	for (i = 0; old->closing && i < ps->nprocs; i++) {
		struct proc *q = &ps->procs[i];

		if (q == p || !q->alive || q->fds != p->fds || q->early ||
		    tr_pending_close(q->pending) != fd)
			continue;
		q->early = 1 + old->kind;
		q->earlyfile = old->file;
		begun = q->pstart;
		break;
	}
	if (begun > 0 && c->start + c->dur <= begun)
		c->dur = begun - c->start + 1e-6;
}

/* f, descriptor fd of p, made anew by c, from old, what it held till
 * then: a close begun before c returned may be of that (took_over(),
 * h_close()). */
static void made_anew(struct tpass *ps, const struct proc *p, long fd,
		      struct fdent *f, const struct fdent *old, struct call *c)
{
	took_over(ps, p, fd, old, c);
	f->made = c->start + c->dur;
	f->madeby = c->pid;
	f->prevkind = old->kind, f->prevfile = old->file;
	f->closing = 0;
}

int tr_do_open(struct tpass *ps, struct proc *p, struct call *c,
	       const char *path, const char *flags)
{
	struct fdent *f, old;
	struct iol_event ev;
	int fi, kind = FD_FILE;

	if (!path)
		return 0;
	/* O_TMPFILE makes a file of no name (tmpfile(3)): no file of the
	 * job, no more than a device is */
	if (is_device_path(path) || (flags && strstr(flags, "O_TMPFILE")))
		kind = FD_DEVICE;
	else if (flags && strstr(flags, "O_DIRECTORY"))
		kind = FD_DIR;
	if (c->failed || c->unknown_ret)
		return 0;
	f = tr_fd_at(ps, p, (long)c->ret, 1);
	if (!f)
		return ps->err;
	old = *f;
	memset(f, 0, sizeof(*f));
	made_anew(ps, p, (long)c->ret, f, &old, c);
	f->kind = kind;
	f->cloexec = flags && strstr(flags, "O_CLOEXEC") != NULL;
	f->off = flags && strstr(flags, "O_APPEND") ? -1 : 0;
	if (kind == FD_DIR)
		return tr_fd_set_dir(
			ps, f,
			c->retpath && c->retpath[0] == '/' ? c->retpath : path);
	if (kind != FD_FILE)
		return 0;
	fi = file_of(ps,
		     c->retpath && c->retpath[0] == '/' ? c->retpath : path);
	if (fi < 0)
		return ps->err;
	f->file = fi;
	ev_init(ps, p, c, IOL_EV_OPEN, &ev);
	ev_file(ps, fi, &ev);
	ev.fd = (int64_t)c->ret;
	ev.flags = open_flags(flags);
	ev.mode = ev.flags & IOL_EVF_CREAT ? c->mode : 0;
	/* O_CREAT creates a file nobody had opened or stat'ed before */
	ev.created = (ev.flags & IOL_EVF_CREAT) &&
		     ((ev.flags & IOL_EVF_EXCL) || !seen(ps, fi));
	if (see(ps, fi) < 0)
		return ps->err;
	return emit(ps, &ev);
}

/* chdir: the working directory moves (fchdir: to the directory its
 * descriptor names, strace-dirs.c). */
static int h_chdir(struct tpass *ps, struct proc *p, struct call *c)
{
	char path[4096], tmp[4096], *y = NULL, *nc;

	if (c->failed || c->unknown_ret)
		return 0;
	if (c->name[0] == 'f') {
		long fd = tr_arg_fd(c, 0, &y);
		const char *d = fd < 0 ? NULL : tr_fd_dir(ps, p, fd, y);

		if (fd < 0 || ps->why)
			return 0; /* out of range: tr_fd_at() said so */
		/* a directory the trace never showed: as for the *at
		 * calls, its own name, apart from the last */
		if (d)
			snprintf(path, sizeof(path), "%s", d);
		else
			snprintf(path, sizeof(path), "<fd %ld>", fd);
	} else if (!tr_arg_str(c, 0, path, sizeof(path)) || !path[0]) {
		return 0;
	}
	/* fchdir's directory is already one of the trace's names */
	if (tr_path_norm(c->name[0] == 'f' || !p->cwd ? "" : p->cwd, path, tmp,
			 sizeof(tmp)) < 0)
		return 0;
	if (!strcmp(tmp, "."))
		tmp[0] = 0; /* back where the trace began */
	nc = tmp[0] ? strdup(tmp) : NULL;
	if (tmp[0] && !nc)
		return tr_oom(ps);
	free(p->cwd);
	p->cwd = nc;
	return 0;
}

/* lstat, or an *at call with AT_SYMLINK_NOFOLLOW: a link itself */
static unsigned nofollow(const struct call *c)
{
	int i;

	if (c->name[0] == 'l')
		return 1;
	for (i = 2; i < c->nargs; i++)
		if (strstr(c->args[i], "AT_SYMLINK_NOFOLLOW"))
			return 1;
	return 0;
}

/* The file a call names in argument argi (relative to the descriptor in
 * argi - 1 if any): 1 and its index in *fi, marked seen when mark; else
 * what the handler returns, 0 to skip the call (failed, no path, a
 * device, a file this pass does not know) or ps->err. */
static int path_arg(struct tpass *ps, struct proc *p, struct call *c, int argi,
		    int *fi, int mark)
{
	char path[4096];

	if (c->failed || !tr_arg_str(c, argi, path, sizeof(path)) ||
	    is_device_path(path) || path[0] == '\0')
		return 0;
	if (tr_at_path(ps, p, c, argi - 1, path, sizeof(path)) != 0)
		return ps->err;
	*fi = file_of(ps, path);
	if (*fi < 0 || (mark && see(ps, *fi) < 0))
		return ps->err;
	return 1;
}

/* A stat that found a directory (st_mode=S_IFDIR, statx's stx_mode=):
 * IOL_EVF_DIRECTORY, so that the replay stages a directory the job only
 * stat'ed (a shell's look at $OLDPWD) as one, not as an empty file. */
static unsigned found_dir(const struct call *c)
{
	static const char *const key[] = {"st_mode=S_IFDIR|",
					  "stx_mode=S_IFDIR|"};
	const char *z;
	int i, k;

	/* a member of the struct (first, or after others with strace
	 * -v), not in a path that names "st_mode=" */
	for (i = 1; i < c->nargs; i++)
		for (k = 0; k < 2 && c->args[i][0] == '{'; k++)
			for (z = c->args[i]; (z = strstr(z + 1, key[k]));)
				if (z[-1] == '{' || z[-1] == ' ')
					return IOL_EVF_DIRECTORY;
	return 0;
}

/*
 * An unlink that failed (ENOENT: the file was not there): a call the
 * program made on the path all the same, which blocks counts as the
 * source predicts it (issue 33 D11).  An event in the events pass only,
 * err set: the job's records, of files, do not get one, nor a name.
 */
static int failed_unlink(struct tpass *ps, struct proc *p, struct call *c,
			 int argi)
{
	char path[4096];
	struct iol_event ev;
	int fi;

	if (!tr_arg_str(c, argi, path, sizeof(path)) || path[0] == '\0' ||
	    is_device_path(path))
		return 0;
	if (tr_at_path(ps, p, c, argi - 1, path, sizeof(path)) != 0)
		return ps->err;
	if ((fi = file_of(ps, path)) < 0)
		return ps->err;
	if (ps->loading)
		return 0;
	ev_init(ps, p, c, IOL_EV_UNLINK, &ev);
	ev_file(ps, fi, &ev);
	ev.err = c->err ? c->err : EIO;
	return emit(ps, &ev);
}

int tr_do_path_meta(struct tpass *ps, struct proc *p, struct call *c, int argi,
		    int kind)
{
	int fi, r;

	if (c->failed && kind == IOL_EV_UNLINK && !c->unknown_ret)
		return failed_unlink(ps, p, c, argi);
	if ((r = path_arg(ps, p, c, argi, &fi, 1)) <= 0)
		return r;
	return tr_meta(ps, p, fi, kind, c,
		       kind == IOL_EV_STAT ? nofollow(c) | found_dir(c) : 0,
		       -1);
}

int tr_do_fd_meta(struct tpass *ps, struct proc *p, struct call *c, int argi,
		  int kind, unsigned flags)
{
	long fd = tr_arg_fd(c, argi, NULL);
	struct fdent *f = tr_fd_at(ps, p, fd, 0);

	if (!f || f->kind != FD_FILE)
		return ps->err;
	return tr_meta(ps, p, f->file, kind, c, flags, fd);
}

/* ---- the calls ---- */

typedef int (*handler)(struct tpass *ps, struct proc *p, struct call *c);

static int h_rw(struct tpass *ps, struct proc *p, struct call *c)
{
	char *y;
	long fd = tr_arg_fd(c, 0, &y);
	int r = 0;

	if (!c->failed && !c->unknown_ret)
		r = tr_xfer(ps, p, fd, y, c->name[0] == 'r', -1, c->ret, c);
	return r != 0 ? r : tr_sys_add(ps, c, c->failed ? 0 : c->ret);
}

static int h_prw(struct tpass *ps, struct proc *p, struct call *c)
{
	char *y;
	int ok, r = 0;
	long long at = tr_arg_int(c, 3, &ok);
	long fd = tr_arg_fd(c, 0, &y);

	if (!c->failed && !c->unknown_ret)
		r = tr_xfer(ps, p, fd, y, c->name[1] == 'r', ok ? at : -1,
			    c->ret, c);
	return r != 0 ? r : tr_sys_add(ps, c, c->failed ? 0 : c->ret);
}

/* an offset given as "[n]" (strace may add " => [m]"), or -1 */
static long long bracket(const struct call *c, int i)
{
	return i < c->nargs && c->args[i][0] == '['
		       ? strtoll(c->args[i] + 1, NULL, 0)
		       : -1;
}

static int clone_file(struct tpass *ps, struct proc *p, long fd, char *y);

/* A copy that moved nothing (cp's last copy_file_range of each file, at
 * its end): no transfer, which would count a write of 0 bytes in the
 * job, but a call of the program the replay makes again, an event of
 * another call with both descriptors (like a clone's, the replay's
 * alone: tr_reduce()).  Between two files only. */
static int copy_at_end(struct tpass *ps, struct proc *p, struct call *c,
		       long in, char *yin, long out, char *yout)
{
	struct iol_event ev;
	int ifi = clone_file(ps, p, in, yin), ofi;

	if (ifi < 0 || (ofi = clone_file(ps, p, out, yout)) < 0)
		return ps->err;
	ev_init(ps, p, c, IOL_EV_OTHER, &ev);
	ev_file(ps, ifi, &ev);
	ev.fd = in, ev.fd2 = out;
	ev.path2 = ps->st->files[ofi].path;
	ev.ret = 0;
	return emit(ps, &ev);
}

/* sendfile(out, in, [off], n), copy_file_range(in, [off], out, [off], n),
 * splice(in, [off], out, [off], n) */
static int h_copy(struct tpass *ps, struct proc *p, struct call *c)
{
	const char *n = c->name;
	int cfr = n[0] != 's' || n[2] == 'l', r = 0;
	char *yin, *yout;
	long in = tr_arg_fd(c, cfr ? 0 : 1, &yin);
	long out = tr_arg_fd(c, cfr ? 2 : 0, &yout);
	long long at_in = bracket(c, cfr ? 1 : 2);
	long long at_out = cfr ? bracket(c, 3) : -1;

	if (!c->failed && !c->unknown_ret && c->ret > 0) {
		r = tr_xfer(ps, p, in, yin, 1, at_in, c->ret, c);
		if (r >= 0)
			r = tr_xfer(ps, p, out, yout, 0, at_out, c->ret, c);
	}
	if (!c->failed && !c->unknown_ret && c->ret == 0)
		r = copy_at_end(ps, p, c, in, yin, out, yout);
	return r != 0 ? r : tr_sys_add(ps, c, c->failed ? 0 : c->ret);
}

/* "NAME=number" in a struct as strace prints it ("{src_fd=3</a>,
 * src_offset=0, ...}"); 1 with the value in *v */
static int field(const char *s, const char *name, long long *v)
{
	const char *f = strstr(s, name);
	char *end;
	size_t l = strlen(name);

	while (f && f > s && f[-1] != '{' && f[-1] != ' ')
		f = strstr(f + 1, name);
	if (!f || f[l] != '=')
		return 0;
	*v = strtoll(f + l + 1, &end, 0);
	return end != f + l + 1;
}

/* An ioctl's request: 1 FICLONE (strace 4 names it "BTRFS_IOC_CLONE or
 * FICLONE"), 2 FICLONERANGE, 0 another.  -X verbose adds the number,
 * -X raw gives it alone. */
static int clone_req(const char *r)
{
	if (strstr(r, "FICLONERANGE") || strstr(r, "BTRFS_IOC_CLONE_RANGE") ||
	    !strncmp(r, "0x4020940d", 10))
		return 2;
	if (strstr(r, "FICLONE") || strstr(r, "BTRFS_IOC_CLONE") ||
	    !strncmp(r, "0x40049409", 10))
		return 1;
	return 0;
}

/* The file of descriptor fd for a clone, or -1 (not a regular file the
 * trace knows, or not held); -y's path names one never seen opened. */
static int clone_file(struct tpass *ps, struct proc *p, long fd, char *y)
{
	struct fdent *f = tr_fd_at(ps, p, fd, y != NULL);

	if (!f)
		return -1;
	if (f->kind == FD_NONE && y && fd_guess(ps, f, y) < 0)
		return -1;
	return f->kind == FD_FILE ? f->file : -1;
}

/* ioctl(dst, FICLONE, src), ioctl(dst, FICLONERANGE, {src_fd=src,
 * src_offset=, src_length=, dest_offset=}): a reflink clone, its
 * event kept when it failed too (with its errno: a program copies
 * after a clone refused).  strace prints FICLONE's source as a plain
 * number (no -y path), FICLONERANGE's with it.  Other ioctls only
 * count. */
static int h_ioctl(struct tpass *ps, struct proc *p, struct call *c)
{
	int req = c->nargs > 2 ? clone_req(c->args[1]) : 0, dfi, sfi;
	char *yd = NULL, *ys = NULL;
	long dst = tr_arg_fd(c, 0, &yd), src;
	long long soff = 0, len = 0, doff = 0, v;
	struct iol_event ev;

	if (!req || dst < 0)
		return 0;
	if (req == 1) {
		src = tr_arg_fd(c, 2, &ys);
	} else {
		char *a = c->args[2], *lt;

		if (a[0] != '{' || !field(a, "src_fd", &v) ||
		    !field(a, "src_offset", &soff) ||
		    !field(a, "src_length", &len) ||
		    !field(a, "dest_offset", &doff))
			return 0; /* an address: not read */
		src = v < 0 || v > INT_MAX ? -1 : (long)v;
		/* "src_fd=3</path>" */
		lt = strstr(a, "src_fd=");
		lt = lt ? strchr(lt, '<') : NULL;
		if (lt && lt[-1] >= '0' && lt[-1] <= '9') {
			char *gt = strchr(lt, '>');

			if (gt) {
				*gt = '\0';
				tr_yunescape(lt + 1);
				ys = lt + 1;
			}
		}
	}
	/* offsets as the kernel takes them (u64), held to 2^62: past that
	 * the kernel refused the call, which is then no clone to replay */
	if (src < 0 || soff < 0 || len < 0 || doff < 0 || soff > TR_OFF_MAX ||
	    len > TR_OFF_MAX || doff > TR_OFF_MAX)
		return 0;
	if ((dfi = clone_file(ps, p, dst, yd)) < 0 ||
	    (sfi = clone_file(ps, p, src, ys)) < 0)
		return ps->err;
	ev_init(ps, p, c, IOL_EV_OTHER, &ev);
	ev_file(ps, dfi, &ev);
	ev.fd = dst, ev.off = doff;
	ev.fd2 = src, ev.off2 = soff;
	ev.path2 = ps->st->files[sfi].path;
	ev.err = c->failed ? (c->err ? c->err : EIO) : 0;
	ev.flags = len == 0;
	/* to the source's end: as far as its last stat said, if any */
	ev.len = len ? len
		 : (size_t)sfi < ps->capstsize && ps->stsize[sfi] >= soff
			 ? ps->stsize[sfi] - soff
			 : -1;
	return emit(ps, &ev);
}

static int h_open(struct tpass *ps, struct proc *p, struct call *c)
{
	const char *n = c->name;
	int pi = n[4] == 'a' ? 1 : 0; /* openat, openat2 */
	const char *flags = c->nargs > pi + 1 ? c->args[pi + 1] : NULL;
	char path[4096];

	if (!tr_arg_str(c, pi, path, sizeof(path)))
		return 0;
	if (tr_at_path(ps, p, c, pi - 1, path, sizeof(path)) != 0)
		return ps->err;
	if (!strcmp(n, "creat"))
		flags = "O_WRONLY|O_CREAT|O_TRUNC";
	if (c->nargs > pi + 2 - (n[0] == 'c'))
		c->mode = (unsigned)strtoul(c->args[pi + 2 - (n[0] == 'c')],
					    NULL, 8);
	/* -y names what was actually opened */
	if (c->retpath && kind_of_ypath(c->retpath) == FD_DEVICE &&
	    !c->failed) {
		struct fdent *f = tr_fd_at(ps, p, (long)c->ret, 1);

		if (f) {
			struct fdent was = *f;

			memset(f, 0, sizeof(*f));
			f->kind = FD_DEVICE;
			f->off = -1;
			made_anew(ps, p, (long)c->ret, f, &was, c);
		}
		return ps->err;
	}
	return tr_do_open(ps, p, c, path, flags);
}

/* The close of fd, on file fi: the event names both. */
static int close_ev(struct tpass *ps, struct proc *p, int fi, long fd,
		    const struct call *c)
{
	struct iol_event ev;

	ev_init(ps, p, c, IOL_EV_CLOSE, &ev);
	ev_file(ps, fi, &ev);
	ev.fd = fd;
	return emit(ps, &ev);
}

static int h_close(struct tpass *ps, struct proc *p, struct call *c)
{
	long fd = tr_arg_fd(c, 0, NULL);
	struct fdent *f;
	int r = 0;

	if (c->failed)
		return 0;
	/* strace -f: another thread's call returned the number while this
	 * close was pending (took_over()): the number is that call's, and
	 * this close was of what it held before */
	if (p->early) {
		if (p->early == 1 + FD_FILE)
			r = close_ev(ps, p, p->earlyfile, fd, c);
		return r < 0 ? r : ps->err;
	}
	f = tr_fd_at(ps, p, fd, 0);
	/* whole calls in the order they began, a line not taken apart: a
	 * thread's open that returned after this close began (another
	 * thread's) took the number it freed, and the close is of the one
	 * it held before */
	if (f && !line_ordered(ps) && f->made > c->start &&
	    f->madeby != c->pid) {
		if (f->prevkind == FD_FILE)
			r = close_ev(ps, p, f->prevfile, fd, c);
		f->prevkind = 0;
		return r < 0 ? r : ps->err;
	}
	if (f && f->kind == FD_FILE)
		r = close_ev(ps, p, f->file, fd, c);
	if (f) {
		memset(f, 0, sizeof(*f));
		f->freed = c->start;
	}
	return r < 0 ? r : ps->err;
}

static int dup_fd(struct tpass *ps, struct proc *p, struct call *c, long from,
		  int cloexec)
{
	struct fdent *a = tr_fd_at(ps, p, from, 0), *b, copy, was;
	long to = (long)c->ret;
	struct iol_event ev;

	if (!a || to < 0)
		return ps->err;
	copy = *a;
	b = tr_fd_at(ps, p, to, 1);
	if (!b)
		return ps->err;
	was = *b;
	*b = copy;
	b->cloexec = cloexec;
	made_anew(ps, p, to, b, &was, c);
	if (copy.kind != FD_FILE)
		return 0;
	ev_init(ps, p, c, IOL_EV_DUP, &ev);
	ev_file(ps, copy.file, &ev);
	ev.fd = from;
	return emit(ps, &ev);
}

static int h_dup(struct tpass *ps, struct proc *p, struct call *c)
{
	long fd = tr_arg_fd(c, 0, NULL);
	int cloexec = c->name[3] == '3' && c->nargs > 2 &&
		      strstr(c->args[2], "O_CLOEXEC");

	return c->failed ? 0 : dup_fd(ps, p, c, fd, cloexec);
}

static int h_fcntl(struct tpass *ps, struct proc *p, struct call *c)
{
	long fd = tr_arg_fd(c, 0, NULL);
	struct fdent *f;

	if (c->failed || c->nargs < 2)
		return 0;
	if (!strncmp(c->args[1], "F_DUPFD", 7))
		return dup_fd(ps, p, c, fd,
			      strstr(c->args[1], "CLOEXEC") != NULL);
	if (!strcmp(c->args[1], "F_SETFD") && c->nargs > 2) {
		f = tr_fd_at(ps, p, fd, 0);
		if (f)
			f->cloexec = strstr(c->args[2], "FD_CLOEXEC") != NULL;
	}
	return ps->err;
}

/* pipe([r, w]), pipe2([r, w], flags), socketpair(d, t, p, [a, b]) */
static int h_pipe(struct tpass *ps, struct proc *p, struct call *c)
{
	int sock = c->name[0] == 's', i;
	char *a = sock ? (c->nargs > 3 ? c->args[3] : NULL)
		       : (c->nargs > 0 ? c->args[0] : NULL);

	if (!a || c->failed || a[0] != '[')
		return 0;
	for (i = 0, a++; i < 2; i++) {
		char *e;
		long v = strtol(a, &e, 10);
		struct fdent *f;

		if (e == a)
			break;
		f = tr_fd_at(ps, p, v, 1);
		if (f) {
			struct fdent was = *f;

			memset(f, 0, sizeof(*f));
			f->kind = sock ? FD_SOCKET : FD_PIPE;
			f->off = -1;
			f->cloexec = c->nargs > 1 &&
				     strstr(c->args[c->nargs - 1], "CLOEXEC");
			made_anew(ps, p, v, f, &was, c);
		}
		for (a = e; *a == ',' || *a == ' ' || *a == '<'; a++)
			;
	}
	return ps->err;
}

/* calls returning a descriptor that is not a file */
static int h_newfd(struct tpass *ps, struct proc *p, struct call *c)
{
	const char *n = c->name;
	struct fdent *f;

	if (c->failed)
		return 0;
	f = tr_fd_at(ps, p, (long)c->ret, 1);
	if (f) {
		struct fdent was = *f;

		memset(f, 0, sizeof(*f));
		f->kind = (n[0] == 's' && n[1] == 'o') || n[0] == 'a'
				  ? FD_SOCKET
				  : FD_DEVICE;
		f->off = -1;
		made_anew(ps, p, (long)c->ret, f, &was, c);
	}
	return ps->err;
}

/* clone and fork: the child shares the table or gets a copy */
static int do_clone(struct tpass *ps, struct proc *p, struct call *c, int share)
{
	struct proc *child;
	struct fdtab *t;
	size_t pi = (size_t)(p - ps->procs);

	if (c->failed || c->unknown_ret || c->ret <= 0)
		return 0;
	t = tr_proc_fds(ps, p);
	child = tr_proc_child(ps, (int)c->ret);
	if (!child)
		return tr_oom(ps);
	p = &ps->procs[pi]; /* tr_proc_get may move the array */
	tr_fork_of(p, child,
		   !strcmp(c->name, "vfork") ? "vfork("
		   : c->nargs		     ? c->args[0]
					     : "");
	if (child->fds)
		return 0; /* the child already spoke */
	if (share && t) {
		t->refs++;
		child->fds = t;
	} else if (t && !(child->fds = tr_fdtab_copy(t))) {
		return tr_oom(ps);
	}
	if (p->cwd && !child->cwd && !(child->cwd = strdup(p->cwd)))
		return tr_oom(ps);
	if (ps->st->opts.rank_from == IOL_RANK_FROM_FILE)
		child->rank = p->rank;
	return ps->err;
}

static int h_clone(struct tpass *ps, struct proc *p, struct call *c)
{
	size_t pi = (size_t)(p - ps->procs);
	int r = do_clone(ps, p, c,
			 c->nargs && strstr(c->args[0], "CLONE_FILES") != NULL);
	struct proc *child;

	/* a thread: known by its process from its first line on in the
	 * events pass; in this one, from now */
	if (r == 0 && ps->loading && c->nargs &&
	    strstr(c->args[0], "CLONE_THREAD") && !c->failed &&
	    !c->unknown_ret && c->ret > 0 && c->ret <= INT_MAX) {
		p = &ps->procs[pi];
		r = tr_thread_add(ps, (int)c->ret, p->tgid);
		if (r == 0 && (child = tr_proc_get(ps, (int)c->ret)))
			child->tgid = ps->procs[pi].tgid;
	}
	return r < 0 ? tr_oom(ps) : r;
}

static int h_fork(struct tpass *ps, struct proc *p, struct call *c)
{
	return do_clone(ps, p, c, 0);
}

/* the command line of execve's argv array ["a", "b"] */
static void exe_of(char *a, char *exe, size_t cap)
{
	size_t o = 0;

	while (*a == '"' && o + 2 < cap) {
		struct call one = {.nargs = 1};
		char word[2048];
		char *end = tr_skip_string(a);
		char save = *end;

		*end = '\0';
		one.args[0] = a;
		if (tr_arg_str(&one, 0, word, sizeof(word))) {
			size_t l = strlen(word);

			if (o + l + 2 >= cap)
				l = cap - o - 2;
			if (o)
				exe[o++] = ' ';
			memcpy(exe + o, word, l);
			o += l;
		}
		*end = save;
		for (a = end; *a == ',' || *a == ' '; a++)
			;
	}
	exe[o] = '\0';
}

static int h_exec(struct tpass *ps, struct proc *p, struct call *c)
{
	struct iol_job *job = ps->st->job;
	struct fdtab *t;
	int i;

	if (c->failed)
		return 0;
	p->forked = 0; /* a program of its own from now */
	p->execd = 1;
	t = tr_proc_fds(ps, p);
	/* the first program run names the job */
	if (ps->loading && !job->exe && c->nargs > 1 && c->args[1][0] == '[') {
		char exe[4096];

		exe_of(c->args[1] + 1, exe, sizeof(exe));
		job->exe = iol_arena_strdup(&job->priv->arena, exe);
		if (!job->exe)
			return tr_oom(ps);
	}
	for (i = 0; t && i < t->n; i++)
		if (t->v[i].cloexec)
			memset(&t->v[i], 0, sizeof(t->v[i]));
	return ps->err;
}

/* The offset argument of lseek(fd, off, whence) or _llseek(fd, hi, lo,
 * [result], whence); the new offset when it cannot be read and the
 * seek was from the start. */
static int64_t seek_arg(const struct call *c, int64_t result, unsigned whence)
{
	int ok = 0, ok2 = 0;
	long long a, b;

	if (c->name[0] == '_') {
		a = tr_arg_int(c, 1, &ok);
		b = tr_arg_int(c, 2, &ok2);
		if (ok && ok2 && a >= INT32_MIN && a <= INT32_MAX)
			return (int64_t)(((uint64_t)a << 32) |
					 ((uint64_t)b & 0xffffffffu));
	} else {
		a = tr_arg_int(c, 1, &ok);
		if (ok)
			return (int64_t)a;
	}
	return whence == 0 ? result : -1;
}

static int h_seek(struct tpass *ps, struct proc *p, struct call *c)
{
	long fd = tr_arg_fd(c, 0, NULL);
	struct fdent *f;
	struct iol_event ev;
	const char *w;

	if (c->failed || !(f = tr_fd_at(ps, p, fd, 0)))
		return ps->err;
	if (c->name[0] == '_' && c->nargs > 3 && c->args[3][0] == '[')
		f->off = strtoll(c->args[3] + 1, NULL, 0);
	else
		f->off = c->ret;
	if (f->kind != FD_FILE)
		return 0;
	ev_init(ps, p, c, IOL_EV_SEEK, &ev);
	ev_file(ps, f->file, &ev);
	ev.fd = fd;
	ev.ret = f->off; /* _llseek returns 0, the offset in [] */
	w = c->nargs ? c->args[c->nargs - 1] : "";
	ev.flags = strstr(w, "SEEK_CUR") ? 1 : strstr(w, "SEEK_END") ? 2 : 0;
	/* the offset asked, which a seek from the position or the end
	 * needs to be replayed (lseek(255, -2179, SEEK_CUR) = 1162) */
	ev.off = seek_arg(c, f->off, ev.flags);
	return emit(ps, &ev);
}

static int kind_of_path_call(const char *n)
{
	if (!strncmp(n, "truncate", 8))
		return IOL_EV_TRUNC;
	if (!strncmp(n, "unlink", 6))
		return IOL_EV_UNLINK;
	return IOL_EV_STAT;
}

/* stat family, access, truncate, unlink on a path */
static int h_path(struct tpass *ps, struct proc *p, struct call *c)
{
	return tr_do_path_meta(ps, p, c, 0, kind_of_path_call(c->name));
}

/* readlink(path, buf, n), readlinkat(dirfd, path, buf, n): the link's
 * text as the trace shows it (strace -s may have cut it short; ret
 * says how long it was), a name of this pass's table as a symbolic
 * link's target is (h_link) */
static int h_readlink(struct tpass *ps, struct proc *p, struct call *c)
{
	int at = c->name[8] == 'a', fi, ti, r = path_arg(ps, p, c, at, &fi, 1);
	char text[4096];
	struct iol_event ev;
	const char *a = at + 1 < c->nargs ? c->args[at + 1] : "";
	size_t al = strlen(a);

	if (r <= 0)
		return r;
	ev_init(ps, p, c, IOL_EV_OTHER, &ev);
	ev_file(ps, fi, &ev);
	/* a text strace cut at -s (32 bytes by default: "..." after its
	 * quote) is not the link's: none then, and the replay stages one
	 * of the length readlink returned */
	if (!(al > 3 && !strcmp(a + al - 3, "...")) &&
	    tr_arg_str(c, at + 1, text, sizeof(text)) && text[0]) {
		if ((ti = file_of(ps, text)) < 0)
			return ps->err;
		ev.target = ps->st->files[ti].path;
	}
	return emit(ps, &ev);
}

/* mkdir(path, mode), mkdirat(dirfd, path, mode), rmdir(path) and
 * unlinkat(dirfd, path, AT_REMOVEDIR): an event for the replay (a tree
 * copy makes its directories, the script must too, not find them
 * staged), not regular, so that the job's records, which are of files,
 * do not get one */
static int h_dir(struct tpass *ps, struct proc *p, struct call *c)
{
	int at = c->name[strlen(c->name) - 2] == 'a'; /* ...at */
	int kind = c->name[0] == 'm' ? IOL_EV_MKDIR : IOL_EV_RMDIR, fi, ok;
	/* not seen: a directory is no file opened or stat'ed, and a file
	 * created where it was removed is created (summary's creates) */
	int r = path_arg(ps, p, c, at, &fi, 0);
	struct iol_event ev;
	long long mode;

	if (r <= 0)
		return r;
	ev_init(ps, p, c, kind, &ev);
	ev_file(ps, fi, &ev);
	ev.regular = 0;
	mode = kind == IOL_EV_MKDIR ? tr_arg_int(c, at + 1, &ok) : 0;
	ev.mode = kind == IOL_EV_MKDIR && ok ? (unsigned)mode & 07777 : 0755;
	return emit(ps, &ev);
}

/* the *at family: a path relative to a directory descriptor */
static int h_at(struct tpass *ps, struct proc *p, struct call *c)
{
	char p1[8];

	/* an empty path with AT_EMPTY_PATH is fstat of the fd */
	if (tr_arg_str(c, 1, p1, sizeof(p1)) && p1[0] == '\0')
		return tr_do_fd_meta(ps, p, c, 0, IOL_EV_STAT, 0);
	if (!strcmp(c->name, "unlinkat") && c->nargs > 2 &&
	    strstr(c->args[2], "AT_REMOVEDIR"))
		return h_dir(ps, p, c);
	return tr_do_path_meta(ps, p, c, 1, kind_of_path_call(c->name));
}

static int h_fstat(struct tpass *ps, struct proc *p, struct call *c)
{
	return tr_do_fd_meta(ps, p, c, 0, IOL_EV_STAT, 0);
}

static int h_fsync(struct tpass *ps, struct proc *p, struct call *c)
{
	return tr_do_fd_meta(ps, p, c, 0, IOL_EV_SYNC,
			     !strcmp(c->name, "fdatasync"));
}

static int h_ftrunc(struct tpass *ps, struct proc *p, struct call *c)
{
	return tr_do_fd_meta(ps, p, c, 0, IOL_EV_TRUNC, 0);
}

static int h_fdother(struct tpass *ps, struct proc *p, struct call *c)
{
	return tr_do_fd_meta(ps, p, c, 0, IOL_EV_OTHER, 0);
}

/* the path descriptor fd of p was opened with, NULL not known */
static char *map_path(struct tpass *ps, struct proc *p, long fd)
{
	struct fdent *f = tr_fd_at(ps, p, fd, 0);

	return f && f->kind == FD_FILE ? (char *)ps->st->files[f->file].path
				       : NULL;
}

/*
 * A map of code, not of data: executable (PROT_EXEC), or of the loader's
 * cache or a shared object (ld.so's and dlopen's maps of a library's
 * headers and data).  The program's file I/O has none of these (issue 33
 * D9: 5 "file mappings" of ld.so.cache and libc.so.6 on every trace).
 */
static int code_map(struct tpass *ps, struct proc *p, const struct call *c)
{
	char *y = NULL;
	const char *b;
	long fd;

	/* MAP_DENYWRITE: only ld.so asks for it (a library's segments) */
	if (strstr(c->args[2], "PROT_EXEC") ||
	    (c->nargs > 3 && strstr(c->args[3], "MAP_DENYWRITE")))
		return 1;
	if ((fd = tr_arg_fd(c, 4, &y)) < 0)
		return 0;
	if (!y) /* no -y: the path the descriptor was opened with */
		y = map_path(ps, p, fd);
	if (!y)
		return 0;
	b = strrchr(y, '/');
	b = b ? b + 1 : y;
	return !strcmp(b, "ld.so.cache") || strstr(b, ".so.") ||
	       (strlen(b) > 3 && !strcmp(b + strlen(b) - 3, ".so"));
}

static int h_mmap(struct tpass *ps, struct proc *p, struct call *c)
{
	if (c->nargs <= 4 || c->failed || tr_arg_fd(c, 4, NULL) < 0 ||
	    code_map(ps, p, c))
		return 0;
	return tr_do_fd_meta(ps, p, c, 4, IOL_EV_OTHER, 0);
}

static int h_rename(struct tpass *ps, struct proc *p, struct call *c)
{
	int a0 = c->name[6] == 'a' ? 1 : 0, fi = -1, ti = -1;
	char from[4096], to[4096];
	struct iol_event ev;

	if (c->failed)
		return 0;
	if (tr_arg_str(c, a0, from, sizeof(from)) && from[0] &&
	    !is_device_path(from)) {
		if (tr_at_path(ps, p, c, a0 - 1, from, sizeof(from)) != 0)
			return ps->err;
		fi = file_of(ps, from);
		if (fi < 0 || see(ps, fi) < 0)
			return ps->err;
	}
	if (tr_arg_str(c, a0 == 1 ? 3 : 1, to, sizeof(to))) {
		if (tr_at_path(ps, p, c, a0 == 1 ? 2 : -1, to, sizeof(to)) != 0)
			return ps->err;
		if ((ti = file_of(ps, to)) < 0 && ps->err)
			return ps->err;
	}
	if (fi < 0 && ti < 0)
		return 0;
	ev_init(ps, p, c, IOL_EV_RENAME, &ev);
	if (fi >= 0)
		ev_file(ps, fi, &ev);
	ev.regular = 1;
	ev.path2 = ti >= 0 ? ps->st->files[ti].path : NULL;
	return emit(ps, &ev);
}

/* link(old, new), linkat(od, old, nd, new, flags): new is a name of
 * old's file; symlink(target, new), symlinkat(target, nd, new): new is
 * a link to target, the text kept as written (a name of this pass's
 * table, so that it outlives the line) */
static int h_link(struct tpass *ps, struct proc *p, struct call *c)
{
	int sym = c->name[0] == 's', at = c->name[sym ? 7 : 4] == 'a';
	int ni = sym ? 1 + at : 1 + 2 * at, oi = sym ? 0 : at, fi, ti;
	char from[4096], to[4096];
	struct iol_event ev;

	if (c->failed || !tr_arg_str(c, ni, to, sizeof(to)) || !to[0] ||
	    !tr_arg_str(c, oi, from, sizeof(from)) || !from[0])
		return 0;
	if (tr_at_path(ps, p, c, at ? ni - 1 : -1, to, sizeof(to)) != 0 ||
	    (!sym &&
	     tr_at_path(ps, p, c, at ? oi - 1 : -1, from, sizeof(from)) != 0))
		return ps->err;
	if ((ti = file_of(ps, to)) < 0 || (fi = file_of(ps, from)) < 0)
		return ps->err;
	if (see(ps, sym ? ti : fi) < 0)
		return ps->err;
	ev_init(ps, p, c, IOL_EV_LINK, &ev);
	ev_file(ps, sym ? ti : fi, &ev);
	ev.regular = 1;
	ev.flags = (unsigned)sym;
	if (sym)
		ev.target = ps->st->files[fi].path;
	else
		ev.path2 = ps->st->files[ti].path;
	return emit(ps, &ev);
}

struct callent {
	const char *name;
	handler fn;
};

/* sorted by name for bsearch (strcmp order) */
static const struct callent calls[] = {
	{"_llseek", h_seek},
	{"accept", h_newfd},
	{"accept4", h_newfd},
	{"access", h_path},
	{"chdir", h_chdir},
	{"clone", h_clone},
	{"clone3", h_clone},
	{"close", h_close},
	{"copy_file_range", h_copy},
	{"creat", h_open},
	{"dup", h_dup},
	{"dup2", h_dup},
	{"dup3", h_dup},
	{"epoll_create", h_newfd},
	{"epoll_create1", h_newfd},
	{"eventfd", h_newfd},
	{"eventfd2", h_newfd},
	{"execve", h_exec},
	{"execveat", h_exec},
	{"faccessat", h_at},
	{"faccessat2", h_at},
	{"fadvise64", h_fdother},
	{"fallocate", h_fdother},
	{"fchdir", h_chdir},
	{"fcntl", h_fcntl},
	{"fcntl64", h_fcntl},
	{"fdatasync", h_fsync},
	{"flock", h_fdother},
	{"fork", h_fork},
	{"fstat", h_fstat},
	{"fstat64", h_fstat},
	{"fstatat64", h_at},
	{"fstatfs", h_fstat},
	{"fsync", h_fsync},
	{"ftruncate", h_ftrunc},
	{"ftruncate64", h_ftrunc},
	{"getdents", h_fdother},
	{"getdents64", h_fdother},
	{"inotify_init", h_newfd},
	{"inotify_init1", h_newfd},
	{"ioctl", h_ioctl},
	{"link", h_link},
	{"linkat", h_link},
	{"llseek", h_seek},
	{"lseek", h_seek},
	{"lstat", h_path},
	{"lstat64", h_path},
	{"memfd_create", h_newfd},
	{"mkdir", h_dir},
	{"mkdirat", h_dir},
	{"mmap", h_mmap},
	{"mmap2", h_mmap},
	{"newfstatat", h_at},
	{"open", h_open},
	{"open64", h_open},
	{"openat", h_open},
	{"openat2", h_open},
	{"perf_event_open", h_newfd},
	{"pidfd_open", h_newfd},
	{"pipe", h_pipe},
	{"pipe2", h_pipe},
	{"pread", h_prw},
	{"pread64", h_prw},
	{"preadv", h_prw},
	{"preadv2", h_prw},
	{"pwrite", h_prw},
	{"pwrite64", h_prw},
	{"pwritev", h_prw},
	{"pwritev2", h_prw},
	{"read", h_rw},
	{"readlink", h_readlink},
	{"readlinkat", h_readlink},
	{"readv", h_rw},
	{"rename", h_rename},
	{"renameat", h_rename},
	{"renameat2", h_rename},
	{"rmdir", h_dir},
	{"sendfile", h_copy},
	{"sendfile64", h_copy},
	{"signalfd", h_newfd},
	{"signalfd4", h_newfd},
	{"socket", h_newfd},
	{"socketpair", h_pipe},
	{"splice", h_copy},
	{"stat", h_path},
	{"stat64", h_path},
	{"statfs", h_path},
	{"statx", h_at},
	{"symlink", h_link},
	{"symlinkat", h_link},
	{"sync_file_range", h_fsync},
	{"syncfs", h_fsync},
	{"timerfd_create", h_newfd},
	{"truncate", h_path},
	{"truncate64", h_path},
	{"unlink", h_path},
	{"unlinkat", h_at},
	{"userfaultfd", h_newfd},
	{"vfork", h_fork},
	{"write", h_rw},
	{"writev", h_rw},
};

static int cmp_call(const void *key, const void *ent)
{
	return strcmp(key, *(const char *const *)ent);
}

/* data calls count their bytes in the totals themselves */
static int is_data(handler fn)
{
	return fn == h_rw || fn == h_prw || fn == h_copy;
}

static int handle(struct tpass *ps, struct proc *p, struct call *c);

/* one call: its effects as events; 0 or < 0 (IOL_ENOMEM).  A call that
 * gives none is counted in the process's next event (ev->silent). */
int tr_handle(struct tpass *ps, struct proc *p, struct call *c)
{
	size_t pi = (size_t)(p - ps->procs);
	int r;

	ps->nemit0 = ps->nemit;
	r = handle(ps, p, c);
	p = &ps->procs[pi]; /* a clone may have moved the array */
	p->early = 0;	    /* its pending close, if any, has returned */
	if (ps->nemit != ps->nemit0)
		p->silent = 0;
	else if (p->silent < UINT_MAX)
		p->silent++;
	return r;
}

static int handle(struct tpass *ps, struct proc *p, struct call *c)
{
	const struct callent *e =
		bsearch(c->name, calls, sizeof(calls) / sizeof(calls[0]),
			sizeof(calls[0]), cmp_call);
	handler fn = e ? e->fn : NULL;
	int r;

	if (fn && is_data(fn))
		return fn(ps, p, c);
	r = tr_sys_add(ps, c, 0);
	if (r < 0 || !fn)
		return r;
	if (c->unknown_ret && strcmp(c->name, "execve"))
		return 0;
	r = fn(ps, p, c);
	return r < 0 ? r : ps->err;
}

/* the table must stay sorted: checked once by the loader */
int tr_calls_sorted(void)
{
	size_t i;

	for (i = 1; i < sizeof(calls) / sizeof(calls[0]); i++)
		if (strcmp(calls[i - 1].name, calls[i].name) >= 0)
			return 0;
	return 1;
}
