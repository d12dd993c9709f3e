/*
 * Events to a replay script (fromevents.h).  Three passes over the
 * events held in memory: in global time order, which paths existed
 * before the job (inputs) and which it made; per process, the calls kept
 * with their gaps, descriptors followed to know which calls are on files
 * kept and how far each input is read; then the path rewriting, made
 * once every path is known.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/job.h"
#include "replay/calibrate.h"
#include "replay/fromevents.h"
#include "replay/links.h"
#include "replay/waits.h"
#include "base/grow.h"
#include "base/banned.h"

struct fev {
	double start, dur;
	double key; /* when it took effect on the descriptor table: a
		       descriptor is made on return, closed on entry */
	int64_t rank, pid, fd, off, len, ret;
	int64_t fd2, off2;    /* a clone's source and its offset */
	int64_t tid;	      /* the thread (pid is its process's) */
	uint32_t path, path2; /* ids in the pool */
	uint32_t target;      /* a symbolic link's target, as written */
	uint32_t seq;
	uint32_t silent; /* calls before it that gave no event */
	int kind, err;
	unsigned flags, mode;
	uint8_t created, regular, inferred, pos, listdir;
	uint8_t copy; /* a half of copy_file_range, sendfile or splice */
	uint8_t byfd; /* a stat or truncate the trace made on a descriptor */
	uint8_t xop;  /* another call replayed: IOL_ROP_FALLOCATE, FADVISE,
			 CLONE, READLINK */
};

/* The operation another call on a file (IOL_EV_OTHER) is replayed as,
 * or 0: space allocated changes how the writes after it go, and advice
 * what the page cache keeps (a read after POSIX_FADV_DONTNEED goes to
 * the disk). */
static uint8_t other_op(const char *name)
{
	if (!name)
		return 0;
	if (!strcmp(name, "fallocate"))
		return IOL_ROP_FALLOCATE;
	if (!strcmp(name, "fadvise64") || !strcmp(name, "fadvise64_64"))
		return IOL_ROP_FADVISE;
	return 0;
}

/* a copy in the kernel, between two descriptors */
static int is_copy(const char *name)
{
	return !strcmp(name, "copy_file_range") ||
	       !strncmp(name, "sendfile", 8) || !strcmp(name, "splice");
}

/* creat(2), or Iota's create, which does not say how it opens */
static int is_creat(const char *name)
{
	return name && (!strcmp(name, "creat") || !strcmp(name, "create"));
}

/* P_LINK: a symbolic link the job found and read (readlink), and did
 * not follow; staged as a link */
enum { P_UNSEEN, P_INPUT, P_DIR, P_MADE, P_LINK };

struct pinfo {
	uint8_t state, used, system;
	uint8_t named;	  /* a call's path, not only a link's text */
	uint8_t append;	  /* its last open (in pass 2's order) appended */
	uint8_t followed; /* a call went through it (open, stat) */
	uint8_t walked;	  /* under_link() looked above it */
	uint8_t probe;	  /* PR_* (find_probes()) */
	/* classify()'s event (+ 1) that first said what it is, and the
	 * rename that last moved a directory here (moved_from()) */
	uint32_t first, moved_at;
	uint32_t was; /* the name before the job of the file it holds,
			 moved or linked here: its input, sized by its
			 reads here too (name_paths()); 0 none */
	/* the path whose file it holds, moved or linked here (rename, a
	 * hard link): a link renamed and then followed by its new name
	 * was followed (note_link()); 0 none */
	uint32_t from;
	uint16_t tlen;	 /* a link read: the length of its text */
	uint32_t target; /* and its text (pool id), 0 not shown */
	int64_t size;	 /* bytes an input must hold */
	uint32_t newid;	 /* in the script */
};

/* A call's gap and duration before any overhead is taken off, and how
 * many traced calls (itself and those dropped before it) the gap holds. */
struct rawgap {
	double gap, dur;
	uint32_t k;
	uint32_t sec; /* the script's section */
};

struct fst {
	struct iol_rscript pool; /* the original paths */
	struct fev *ev;
	size_t n, cap;
	struct pinfo *p; /* per pool id */
	size_t np;	 /* of them (a path beneath a moved directory adds) */
	const struct iol_rfrom_opts *o;
	int any_inferred;
	int threads;	    /* some process has several threads */
	struct rawgap *raw; /* per call kept, for --run-time */
	size_t nraw, capraw;
	double *cheap; /* durations of calls that cost the kernel little */
	size_t ncheap, capcheap;
	char dir[4096]; /* the job's directory (common_dir()) */
	size_t dl;
};

static const char *const system_dirs[] = {
	"/usr",	 "/lib",     "/lib32",	   "/lib64",   "/libx32", "/etc",
	"/proc", "/sys",     "/dev",	   "/run",     "/bin",	  "/sbin",
	"/boot", "/var/lib", "/var/cache", "/var/run", "/snap",	  "/nix",
};

/*
 * The MPI runtime's own files, made by mpirun and the library at start
 * (not by the job, which a replay runs without them): Open MPI's and
 * PRRTE's session directories (ompi.HOST.UID, prte.HOST.UID, in TMPDIR)
 * and PMIx's (pmix-PID, pmix.HOST...) and the shared-memory segments
 * named by their transports (vader_segment.*, sm_segment.*).  By the
 * name of a component, wherever TMPDIR was.
 */
static int mpi_runtime_name(const char *c, size_t l)
{
	static const char *const pre[] = {
		"ompi.",
		"prte.",
		"pmix-",
		"pmix.",
		"pmix_dstor_",
		"vader_segment.",
		"sm_segment.",
		"open_mpi.",
		"mpich_shar_tmp",
		"shm-col-space-",
		"openmpi-sessions-",
	};
	size_t i, k;

	for (i = 0; i < sizeof(pre) / sizeof(pre[0]); i++) {
		k = strlen(pre[i]);
		if (l > k && !strncmp(c, pre[i], k))
			return 1;
	}
	return 0;
}

int iol_rpath_mpi_runtime(const char *path)
{
	const char *c = path, *e;

	while (*c == '/')
		c++;
	for (; *c; c = *e ? e + 1 : e) {
		e = strchr(c, '/');
		if (!e)
			e = c + strlen(c);
		if (mpi_runtime_name(c, (size_t)(e - c)))
			return 1;
	}
	return 0;
}

int iol_rpath_system(const char *path)
{
	size_t i, l;

	for (i = 0; i < sizeof(system_dirs) / sizeof(system_dirs[0]); i++) {
		l = strlen(system_dirs[i]);
		if (!strncmp(path, system_dirs[i], l) &&
		    (path[l] == '/' || path[l] == 0))
			return 1;
	}
	return path[0] == '/' && iol_rpath_mpi_runtime(path);
}

/* Calls on a descriptor whose own work in the kernel is a microsecond
 * or so: their traced durations are nearly all the tracer's cost inside
 * a call, as it was while this trace was made.  (Not stat on a path: on
 * a network file system a lookup can take milliseconds.) */
static int cheap_call(const struct iol_event *e)
{
	static const char *const names[] = {"fstat", "fstat64", "fcntl",
					    "fcntl64"};
	size_t i;

	if (e->kind == IOL_EV_CLOSE || e->kind == IOL_EV_SEEK ||
	    e->kind == IOL_EV_DUP)
		return 1;
	for (i = 0; e->name && i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(e->name, names[i]))
			return 1;
	return 0;
}

static int add_cheap(struct fst *f, double d)
{
	double *c =
		iol_grow(f->cheap, &f->capcheap, f->ncheap, sizeof(*c), 256);

	if (!c)
		return IOL_ENOMEM;
	f->cheap = c;
	f->cheap[f->ncheap++] = d;
	return 0;
}

static int collect(struct fst *f, iol_rfrom_next next, void *ctx,
		   struct iol_error *err)
{
	struct iol_event e;
	int rc;

	while ((rc = next(ctx, &e, err)) > 0) {
		struct fev *v;
		int src = 0;

		/* an unlink of a name that was not there changes nothing:
		 * no step of the script (the events have it for blocks) */
		if (e.kind == IOL_EV_UNLINK && e.ret < 0)
			continue;
		v = iol_grow(f->ev, &f->cap, f->n, sizeof(*v), 1024);
		if (!v)
			return iol_error_set(err, IOL_ENOMEM, "out of memory");
		f->ev = v;
		v = &f->ev[f->n];
		memset(v, 0, sizeof(*v));
		v->start = e.start, v->dur = e.dur > 0 ? e.dur : 0;
		/* a process's threads share its descriptors, so they are
		 * followed together; each has a section of its own */
		v->rank = e.rank, v->pid = e.tgid > 0 ? e.tgid : e.pid;
		v->tid = e.pid;
		f->threads |= v->tid != v->pid;
		v->fd = e.fd;
		v->byfd = (uint8_t)(e.fd >= 0 && (e.kind == IOL_EV_STAT ||
						  e.kind == IOL_EV_TRUNC));
		v->off = e.off, v->len = e.len, v->ret = e.ret;
		v->kind = e.kind, v->err = e.err, v->flags = e.flags;
		v->mode = e.mode, v->created = (uint8_t) !!e.created;
		v->regular = (uint8_t) !!e.regular;
		v->inferred = (uint8_t) !!e.inferred;
		v->pos = (uint8_t)(f->o->positional ||
				   (e.name && e.name[0] == 'p'));
		v->seq = (uint32_t)f->n;
		v->key = v->start; /* set_keys() sets it for pass 2 */
		v->silent = e.silent;
		if (cheap_call(&e) && e.dur > 0 && add_cheap(f, e.dur) != 0)
			return iol_error_set(err, IOL_ENOMEM, "out of memory");
		if (f->o->positional)
			v->pid = v->tid = -1; /* DXT: one process a rank */
		v->listdir =
			(uint8_t)(e.name && !strncmp(e.name, "getdents", 8));
		v->xop = e.kind == IOL_EV_OTHER ? other_op(e.name) : 0;
		if (e.kind == IOL_EV_OTHER && e.name && e.path &&
		    !strncmp(e.name, "readlink", 8))
			v->xop = IOL_ROP_READLINK;
		/* a copy that moved nothing (model/event.h): one copy
		 * call at the end of the file */
		if (e.kind == IOL_EV_OTHER && e.name && e.fd >= 0 &&
		    e.fd2 >= 0 && is_copy(e.name)) {
			v->xop = IOL_ROP_COPY;
			v->fd2 = e.fd2;
		}
		/* a reflink clone (model/event.h): its source's descriptor
		 * and offset; len the bytes it covers, -1 not known */
		if (e.kind == IOL_EV_OTHER && e.name &&
		    !strcmp(e.name, "ioctl") && e.fd2 >= 0 && e.off2 >= 0 &&
		    e.off >= 0) {
			v->xop = IOL_ROP_CLONE;
			v->fd2 = e.fd2, v->off2 = e.off2;
		}
		/* a mode or advice scripts cannot name is not replayed as
		 * another */
		if ((v->xop == IOL_ROP_FALLOCATE &&
		     (e.flags & ~IOL_FALLOC_ALL)) ||
		    (v->xop == IOL_ROP_FADVISE && e.flags > 5))
			v->xop = 0;
		v->copy = (uint8_t)(e.name && e.kind != IOL_EV_OTHER &&
				    is_copy(e.name));
		if (v->kind == IOL_EV_OPEN && is_creat(e.name) &&
		    !(v->flags & IOL_EVF_ACCMODE)) /* Iota: mode unknown */
			v->flags |= IOL_EVF_RDWR | IOL_EVF_CREAT;
		f->any_inferred |= e.inferred;
		v->path = e.path ? iol_rscript_str(&f->pool, e.path, &src) : 0;
		v->path2 =
			e.path2 ? iol_rscript_str(&f->pool, e.path2, &src) : 0;
		v->target = e.target && (e.kind == IOL_EV_LINK ||
					 v->xop == IOL_ROP_READLINK)
				    ? iol_rscript_str(&f->pool, e.target, &src)
				    : 0;
		if (src < 0)
			return iol_error_set(err, IOL_ENOMEM, "out of memory");
		f->n++;
	}
	return rc;
}

static int by_time(const void *a, const void *b)
{
	const struct fev *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static int by_thread(const void *a, const void *b)
{
	const struct fev *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	if (x->pid != y->pid)
		return x->pid < y->pid ? -1 : 1;
	if (x->tid != y->tid)
		return x->tid < y->tid ? -1 : 1;
	return by_time(a, b);
}

/* Each call's key: its return for a call that made a descriptor, else
 * its entry; never past the entry of its thread's next call, so a
 * thread's calls keep their order whatever the rounding of the trace's
 * times and durations. */
static void set_keys(struct fst *f)
{
	size_t i;

	if (f->n > 1)
		qsort(f->ev, f->n, sizeof(*f->ev), by_thread);
	for (i = 0; i < f->n; i++) {
		struct fev *v = &f->ev[i];
		const struct fev *w = i + 1 < f->n ? v + 1 : NULL;

		v->key = v->start;
		if ((v->kind != IOL_EV_OPEN && v->kind != IOL_EV_DUP) ||
		    v->ret < 0)
			continue;
		v->key = v->start + v->dur;
		if (w && w->rank == v->rank && w->pid == v->pid &&
		    w->tid == v->tid && w->start < v->key)
			v->key = w->start > v->start ? w->start : v->start;
	}
}

/* A process's calls in the order they changed its descriptor table:
 * an open in one thread that began before a close in another may return
 * the number that close freed.  A thread's own order is kept, as each of
 * its calls ends before the next begins. */
static int by_proc(const void *a, const void *b)
{
	const struct fev *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	if (x->pid != y->pid)
		return x->pid < y->pid ? -1 : 1;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Darshan DXT: a process per rank, and descriptors made up for the
 * inferred opens (read and write, creating), which the transfers and
 * closes on the same path then use. */
static int synth_fds(struct fst *f)
{
	uint32_t *open = NULL; /* path of each made-up descriptor - 3 */
	size_t n = 0, i, k;

	if (f->n > 1)
		qsort(f->ev, f->n, sizeof(*f->ev), by_proc);
	for (i = 0; i < f->n; i++) {
		struct fev *v = &f->ev[i];

		if (i == 0 || v->rank != v[-1].rank)
			n = 0;
		if (v->kind == IOL_EV_OPEN && v->inferred && v->ret < 0 &&
		    !v->err) {
			uint32_t *no = realloc(open, (n + 1) * sizeof(*no));

			if (!no) {
				free(open);
				return IOL_ENOMEM;
			}
			open = no;
			open[n] = v->path;
			v->ret = (int64_t)(3 + n++);
			v->flags = IOL_EVF_RDWR | IOL_EVF_CREAT;
			v->mode = 0644;
			continue;
		}
		if (v->fd >= 0 || !v->path || v->kind == IOL_EV_OPEN)
			continue;
		for (k = n; k-- > 0;)
			if (open[k] == v->path)
				break;
		if (k < n)
			v->fd = (int64_t)(3 + k);
		if (k < n && v->kind == IOL_EV_CLOSE)
			open[k] = 0;
	}
	free(open);
	return 0;
}

/* A call that resolves its path's last component, a link included. */
static int follows(const struct fev *v)
{
	return v->kind == IOL_EV_OPEN || v->kind == IOL_EV_TRUNC ||
	       (v->kind == IOL_EV_STAT && !(v->flags & 1));
}

/* What a successful call tells of a link: that the job read one there,
 * and its text, or that it went through the path (then it is staged as
 * what it led to: the link's target is not known to the script). */
static void note_link(struct fst *f, const struct fev *v)
{
	struct pinfo *p = &f->p[v->path];

	if (v->kind == IOL_EV_OTHER && v->xop == IOL_ROP_READLINK && !p->tlen) {
		p->tlen = (uint16_t)(v->ret > 0 && v->ret < 4096 ? v->ret : 1);
		p->target = v->target;
	} else if (follows(v)) {
		p->followed = 1;
		if (p->from)
			f->p[p->from].followed = 1;
	}
	/* the file moves on, or gains a name; a name removed holds none */
	if ((v->kind == IOL_EV_RENAME ||
	     (v->kind == IOL_EV_LINK && !(v->flags & 1))) &&
	    v->path2 && v->path2 != v->path)
		f->p[v->path2].from = p->from ? p->from : v->path;
	else if (v->kind == IOL_EV_UNLINK || v->kind == IOL_EV_RMDIR)
		p->from = 0;
}

/* A path the job went through as a directory ("l/x") is one.  Each
 * name once: a script of 10^7 calls names far fewer paths. */
static void under_link(struct fst *f, uint32_t id)
{
	char buf[4096], *slash;
	uint32_t pid;

	if (f->p[id].walked)
		return;
	f->p[id].walked = 1;
	snprintf(buf, sizeof(buf), "%s", iol_rscript_s(&f->pool, id));
	while ((slash = strrchr(buf, '/')) && slash > buf) {
		*slash = 0;
		pid = iol_rscript_find(&f->pool, buf);
		if (pid && f->p[pid].state == P_LINK)
			f->p[pid].state = P_INPUT;
	}
}

/* Links read and not followed are P_LINK, whatever found them first
 * (an lstat); unless another path of the job lies beneath them. */
static void find_links(struct fst *f)
{
	size_t i;
	int any = 0;

	for (i = 1; i < f->pool.nstr; i++) {
		struct pinfo *p = &f->p[i];

		if (p->tlen && !p->followed &&
		    (p->state == P_UNSEEN || p->state == P_INPUT)) {
			p->state = P_LINK;
			any = 1;
		}
	}
	for (i = 0; any && i < f->n; i++) {
		if (f->ev[i].path)
			under_link(f, f->ev[i].path);
		if (f->ev[i].path2)
			under_link(f, f->ev[i].path2);
	}
}

/* What the job did with a path, for find_probes(): a stat found a
 * directory there, another call named it, it named a path beneath it;
 * PR_WALKED: its directories were marked PR_ABOVE; PR_GONE: it removed
 * or moved it, or moved another over it (common_dir()). */
enum {
	PR_STAT_DIR = 1,
	PR_OTHER = 2,
	PR_ABOVE = 4,
	PR_WALKED = 8,
	PR_GONE = 16
};

static void mark_above(struct fst *f, uint32_t id)
{
	char buf[4096], *slash;
	uint32_t pid;

	if (f->p[id].probe & PR_WALKED)
		return;
	f->p[id].probe |= PR_WALKED;
	snprintf(buf, sizeof(buf), "%s", iol_rscript_s(&f->pool, id));
	if (buf[0] == '/' && buf[1] && (pid = iol_rscript_find(&f->pool, "/")))
		f->p[pid].probe |= PR_ABOVE;
	while ((slash = strrchr(buf, '/')) && slash > buf) {
		*slash = 0;
		if ((pid = iol_rscript_find(&f->pool, buf)))
			f->p[pid].probe |= PR_ABOVE;
	}
}

/* A directory the job only stat'ed, following links, and named nothing
 * beneath: a shell's look at $OLDPWD.  Its stats are left out (counted
 * dropped, as calls on no file), and it is no input: staged, it was an
 * empty file the job never used, in a directory of its own that moved
 * the job's common one up. */
static int probe_only(const struct pinfo *p)
{
	return (p->probe & (PR_STAT_DIR | PR_OTHER | PR_ABOVE)) == PR_STAT_DIR;
}

static void find_probes(struct fst *f)
{
	size_t i;

	for (i = 0; i < f->n; i++) {
		const struct fev *v = &f->ev[i];

		if (!v->path)
			continue;
		/* a tree walk (ls -l, find, du) lstats what it lists: its
		 * look at a directory, not a shell's, which follows links */
		if (v->kind != IOL_EV_STAT || v->byfd || (v->flags & 1))
			f->p[v->path].probe |= PR_OTHER;
		else if (v->ret >= 0 && (v->flags & IOL_EVF_DIRECTORY))
			f->p[v->path].probe |= PR_STAT_DIR;
		mark_above(f, v->path);
		if (v->path2) {
			f->p[v->path2].probe |= PR_OTHER;
			mark_above(f, v->path2);
		}
		if (v->ret >= 0 &&
		    (v->kind == IOL_EV_RMDIR || v->kind == IOL_EV_UNLINK ||
		     v->kind == IOL_EV_RENAME)) {
			f->p[v->path].probe |= PR_GONE;
			if (v->path2) /* a rename over it */
				f->p[v->path2].probe |= PR_GONE;
		}
	}
}

/* The pool id of path, added (with its pinfo) when new; 0 without
 * memory. */
static uint32_t pool_add(struct fst *f, const char *path)
{
	size_t before = f->pool.nstr;
	int rc = 0;
	uint32_t id = iol_rscript_str(&f->pool, path, &rc);

	if (rc || !id)
		return 0;
	if (id >= f->np) {
		size_t nn = (size_t)id * 2 + 16;
		struct pinfo *np = realloc(f->p, nn * sizeof(*np));

		if (!np)
			return 0;
		memset(np + f->np, 0, (nn - f->np) * sizeof(*np));
		f->p = np, f->np = nn;
	}
	if (id >= before)
		f->p[id].system = (uint8_t)iol_rpath_system(path);
	return id;
}

/* The nearest directory above path that a rename moved there, or 0. */
static uint32_t moved_above(const struct fst *f, const char *path)
{
	char buf[4096], *slash;
	uint32_t a;

	snprintf(buf, sizeof(buf), "%s", path);
	while ((slash = strrchr(buf, '/')) && slash > buf) {
		*slash = 0;
		a = iol_rscript_find(&f->pool, buf);
		if (a && f->p[a].from && f->p[a].moved_at)
			return a;
	}
	return 0;
}

/* A path found beneath a directory the job had moved there (mv d2
 * d2.old, then rm -rf d2.old): the name it had before the job
 * ("d2/a/f"), or 0.  *at: the rename that moved it from there. */
static uint32_t moved_from(struct fst *f, uint32_t id, uint32_t *at)
{
	char buf[4096], name[4096];
	uint32_t a, orig = 0;
	int depth;

	snprintf(buf, sizeof(buf), "%s", iol_rscript_s(&f->pool, id));
	/* a directory moved into one moved before: each in turn */
	for (depth = 0; depth < 16 && (a = moved_above(f, buf)); depth++) {
		*at = f->p[a].moved_at;
		snprintf(name, sizeof(name), "%s%s",
			 iol_rscript_s(&f->pool, f->p[a].from),
			 buf + strlen(iol_rscript_s(&f->pool, a)));
		memcpy(buf, name, sizeof(buf));
		if (!(orig = pool_add(f, buf)))
			return 0;
	}
	return orig;
}

/* What the first call that succeeds on a path, event i, says it is.  A
 * path found beneath a directory the job moved there is made by that
 * rename; its name before the job is the input (found first there, or
 * there only made after the rename: a new file in its place). */
static void found(struct fst *f, uint32_t id, size_t i, uint8_t st)
{
	uint32_t at = 0, orig = st != P_MADE ? moved_from(f, id, &at) : 0;
	struct pinfo *o;

	f->p[id].first = (uint32_t)i + 1;
	f->p[id].state = orig ? P_MADE : st;
	if (!orig)
		return;
	f->p[id].from = f->p[id].from ? f->p[id].from : orig;
	f->p[id].was = orig;
	o = &f->p[orig];
	if (o->state == P_UNSEEN || (o->state == P_MADE && o->first > at)) {
		o->state = st;
		o->first = (uint32_t)i + 1;
	}
	o->used = o->named = 1; /* staged though no call names it */
}

/* Pass 1, in time order: the first call that succeeds on a path says
 * whether the job found it or made it. */
static void classify(struct fst *f)
{
	size_t i;

	if (f->n > 1)
		qsort(f->ev, f->n, sizeof(*f->ev), by_time);
	f->np = f->pool.nstr + 1;
	for (i = 0; i < f->n; i++) {
		const struct fev *v = &f->ev[i];
		struct pinfo *p = &f->p[v->path];

		p->named = 1;
		f->p[v->path2].named = 1;
		if (v->path && v->ret >= 0)
			note_link(f, v);
		/* a hard link's new name is made (its file found), a
		 * rename's target too: what it holds is the source's */
		if ((v->kind == IOL_EV_LINK || v->kind == IOL_EV_RENAME) &&
		    v->path2 && v->ret >= 0) {
			if (f->p[v->path2].state == P_UNSEEN)
				found(f, v->path2, i, P_MADE);
			f->p[v->path2].was =
				f->p[v->path].was ? f->p[v->path].was : v->path;
			if (v->kind == IOL_EV_RENAME)
				f->p[v->path2].moved_at = (uint32_t)i + 1;
		}
		p = &f->p[v->path]; /* found() may have moved the table */
		if (!v->path || v->ret < 0 || p->state != P_UNSEEN)
			continue;
		if (v->kind == IOL_EV_OPEN && v->inferred)
			continue; /* DXT: the first transfer tells */
		if (v->kind == IOL_EV_MKDIR || v->kind == IOL_EV_WRITE ||
		    (v->kind == IOL_EV_OPEN && v->created) ||
		    (v->kind == IOL_EV_LINK && (v->flags & 1)))
			found(f, v->path, i, P_MADE);
		else if (v->kind == IOL_EV_RMDIR ||
			 ((v->kind == IOL_EV_OPEN || v->kind == IOL_EV_STAT) &&
			  (v->flags & IOL_EVF_DIRECTORY)))
			found(f, v->path, i, P_DIR); /* a stat found one too */
		else if (v->kind != IOL_EV_OTHER)
			found(f, v->path, i, P_INPUT);
	}
	find_links(f);
	find_probes(f);
}

struct fdent {
	uint32_t path;
	uint8_t keep;
	uint8_t known; /* the process made or closed it itself */
	int64_t off;
};

/* Where a thread's section stands. */
struct thr {
	int64_t tid;
	long r;		  /* the script's section */
	double last;	  /* end of the last call kept */
	uint64_t skipped; /* calls dropped since */
};

/* A process: its descriptors, and its threads (the one whose event is
 * at hand in cur). */
struct proc {
	struct fdent *fd;
	size_t nfd;
	struct thr cur;
	struct thr *t; /* the others */
	size_t nt;
};

static struct fdent *fd_at(struct proc *pr, int64_t fd, int make)
{
	if (fd < 0 || fd > (1 << 20))
		return NULL;
	if ((size_t)fd >= pr->nfd) {
		size_t nn = (size_t)fd * 2 + 16;
		struct fdent *nf;

		if (!make)
			return NULL;
		nf = realloc(pr->fd, nn * sizeof(*nf));
		if (!nf)
			return NULL;
		memset(nf + pr->nfd, 0, (nn - pr->nfd) * sizeof(*nf));
		pr->fd = nf;
		pr->nfd = nn;
	}
	return &pr->fd[fd];
}

/* Iota names the file of a close, not its descriptor: the highest open
 * descriptor on that path, or -1. */
static int64_t fd_by_path(const struct proc *pr, uint32_t path)
{
	size_t i;

	for (i = pr->nfd; i-- > 0;)
		if (pr->fd[i].keep && pr->fd[i].path == path)
			return (int64_t)i;
	return -1;
}

/* The kind of a call on a path, or 0 to look at its descriptor.  A
 * stat or truncate the trace made on a descriptor stays one: fstat costs
 * a lookup less than stat of its path, and the replay resolves that path
 * beneath the sandbox besides (a tree copy's 13,000 fstats replayed as
 * stats took it 19 % past its schedule). */
static int path_op(const struct fev *v)
{
	switch (v->kind) {
	case IOL_EV_OPEN: return IOL_ROP_OPEN;
	case IOL_EV_STAT:
		return !v->path || v->byfd ? 0
		       : v->flags & 1	   ? IOL_ROP_LSTAT
					   : IOL_ROP_STAT;
	case IOL_EV_TRUNC: return v->path && !v->byfd ? IOL_ROP_TRUNCATE : 0;
	case IOL_EV_UNLINK: return IOL_ROP_UNLINK;
	case IOL_EV_RENAME: return IOL_ROP_RENAME;
	case IOL_EV_MKDIR: return IOL_ROP_MKDIR;
	case IOL_EV_RMDIR: return IOL_ROP_RMDIR;
	case IOL_EV_LINK: return v->flags & 1 ? IOL_ROP_SYMLINK : IOL_ROP_LINK;
	case IOL_EV_OTHER: return v->xop == IOL_ROP_READLINK ? v->xop : 0;
	default: return 0;
	}
}

static int fd_op(const struct fev *v)
{
	switch (v->kind) {
	case IOL_EV_CLOSE: return IOL_ROP_CLOSE;
	case IOL_EV_READ:
		return v->pos && v->off >= 0 ? IOL_ROP_PREAD : IOL_ROP_READ;
	case IOL_EV_WRITE:
		return v->pos && v->off >= 0 ? IOL_ROP_PWRITE : IOL_ROP_WRITE;
	case IOL_EV_SEEK: return IOL_ROP_LSEEK;
	case IOL_EV_SYNC:
		return v->flags & 1 ? IOL_ROP_FDATASYNC : IOL_ROP_FSYNC;
	case IOL_EV_STAT: return IOL_ROP_FSTAT;
	case IOL_EV_TRUNC: return IOL_ROP_FTRUNCATE;
	case IOL_EV_DUP: return IOL_ROP_DUP;
	case IOL_EV_OTHER: return v->xop == IOL_ROP_READLINK ? 0 : v->xop;
	default: return 0;
	}
}

/* Is v kept, and with which operation (0: dropped)? */
static int keep_op(struct fst *f, struct proc *pr, const struct fev *v)
{
	int op = path_op(v);
	struct fdent *d;

	if (op) {
		if (f->p[v->path].system || (v->path2 && f->p[v->path2].system))
			return 0;
		if (op == IOL_ROP_OPEN && !v->regular &&
		    !(v->flags & IOL_EVF_DIRECTORY))
			return 0;
		if ((op == IOL_ROP_STAT || op == IOL_ROP_LSTAT) &&
		    probe_only(&f->p[v->path]))
			return 0;
		/* a link read, which the replay stages as what it led to
		 * (note_link()): it would fail there */
		if (op == IOL_ROP_READLINK && v->ret >= 0 &&
		    f->p[v->path].state != P_LINK &&
		    f->p[v->path].state != P_MADE)
			return 0;
		return v->path ? op : 0;
	}
	op = fd_op(v);
	d = fd_at(pr, v->fd, 0);
	/* both ends files kept, as a copy's (copy_pair()) */
	if (op == IOL_ROP_CLONE || op == IOL_ROP_COPY) {
		struct fdent *sd = fd_at(pr, v->fd2, 0);

		if (!sd || !sd->keep)
			return 0;
	}
	return op && d && d->keep ? op : 0;
}

/* Follow descriptors and offsets; note how much of an input is read. */
static void track(struct fst *f, struct proc *pr, const struct fev *v, int op)
{
	struct fdent *d = fd_at(pr, v->fd, 0), *n;
	int64_t where;

	if (v->kind == IOL_EV_OPEN && v->ret >= 0 &&
	    (n = fd_at(pr, v->ret, 1))) {
		/* a parent's usually comes first: its children's
		 * inherited descriptors append too (inherit()) */
		f->p[v->path].append = !!(v->flags & IOL_EVF_APPEND);
		n->path = v->path, n->keep = op != 0;
		n->known = 1;
		n->off = 0;
		return;
	}
	if (v->kind == IOL_EV_CLOSE && (n = fd_at(pr, v->fd, 1)))
		n->known = 1;
	if (!d || !d->keep)
		return;
	if (v->listdir && f->p[d->path].state == P_INPUT)
		f->p[d->path].state = P_DIR;
	/* a clone's source holds what the clone covered (a cp that
	 * cloned reads nothing of it) */
	if (op == IOL_ROP_CLONE && v->ret >= 0 && v->len > 0 &&
	    (n = fd_at(pr, v->fd2, 0)) && n->keep &&
	    v->off2 + v->len > f->p[n->path].size)
		f->p[n->path].size = v->off2 + v->len;
	if (v->kind == IOL_EV_DUP && v->ret >= 0) {
		struct fdent c = *d; /* fd_at() may move the table */

		if ((n = fd_at(pr, v->ret, 1)))
			*n = c, n->known = 1;
	} else if (v->kind == IOL_EV_CLOSE)
		d->keep = 0;
	else if (v->kind == IOL_EV_SEEK && v->ret >= 0) {
		d->off = v->ret;
		if (v->flags == 2 && v->ret - v->off > f->p[d->path].size)
			f->p[d->path].size = v->ret - v->off;
	} else if ((v->kind == IOL_EV_READ || v->kind == IOL_EV_WRITE) &&
		   v->ret > 0) {
		where = v->off >= 0 ? v->off : d->off;
		if (op == IOL_ROP_READ || op == IOL_ROP_WRITE)
			d->off = where + v->ret;
		if (v->kind == IOL_EV_READ &&
		    where + v->ret > f->p[d->path].size)
			f->p[d->path].size = where + v->ret;
	}
}

static int emit(struct fst *f, struct iol_rscript *s, struct proc *pr,
		const struct fev *v, int op)
{
	struct iol_rev *e = iol_rscript_push(s, (size_t)pr->cur.r);
	double gap = v->start - pr->cur.last -
		     f->o->overhead * (double)(1 + pr->cur.skipped);
	struct rawgap *rg =
		iol_grow(f->raw, &f->capraw, f->nraw, sizeof(*rg), 1024);

	if (!e || !rg || pr->cur.r > (long)UINT32_MAX)
		return IOL_ENOMEM;
	f->raw = rg;
	f->raw[f->nraw].gap = v->start - pr->cur.last;
	f->raw[f->nraw].dur = v->dur;
	f->raw[f->nraw].sec = (uint32_t)pr->cur.r;
	f->raw[f->nraw++].k = pr->cur.skipped < UINT32_MAX - 1
				      ? (uint32_t)(1 + pr->cur.skipped)
				      : UINT32_MAX;
	e->op = (uint8_t)op;
	e->gap = gap > 0 ? gap : 0;
	e->dur = v->dur > f->o->duroverhead ? v->dur - f->o->duroverhead : 0;
	pr->cur.last = v->start + v->dur;
	pr->cur.skipped = 0;
	e->ret = v->ret < 0 ? -1 : v->ret;
	e->err = v->ret < 0 ? (v->err ? v->err : 5) : 0;
	if (op == IOL_ROP_SYMLINK) {
		/* the target is text, not a file of the job: remap() */
		e->path = v->path, e->path2 = v->target;
		f->p[v->path].used = 1;
	} else if (path_op(v)) {
		e->path = v->path, e->path2 = v->path2;
		f->p[v->path].used = 1;
		f->p[v->path2].used = 1;
	} else {
		e->fd = (int32_t)v->fd;
	}
	e->flags = (uint16_t)(v->flags & 0x3ff);
	e->mode = v->mode & 07777;
	if (op == IOL_ROP_LSEEK) {
		e->flags = 0;
		e->whence = (uint8_t)(v->flags < 3 ? v->flags : 0);
	}
	e->len = v->len >= 0 ? v->len : (v->ret > 0 ? v->ret : 0);
	/* a length past what scripts take (script-parse.c) is no file's */
	if (op == IOL_ROP_TRUNCATE || op == IOL_ROP_FTRUNCATE)
		e->len = v->off >= 0 && v->off <= (int64_t)1 << 62 ? v->off : 0;
	if (op == IOL_ROP_PREAD || op == IOL_ROP_PWRITE || op == IOL_ROP_LSEEK)
		e->off = v->off;
	/* what the reader took of their arguments, checked as the parser
	 * checks a script's */
	if (op == IOL_ROP_FALLOCATE || op == IOL_ROP_FADVISE) {
		e->off = v->off >= 0 && v->off <= (int64_t)1 << 62 ? v->off : 0;
		e->len = v->len >= 0 && v->len <= (int64_t)1 << 62 ? v->len : 0;
		e->flags = (uint16_t)(op == IOL_ROP_FALLOCATE
					      ? v->flags & IOL_FALLOC_ALL
					      : (v->flags < 6 ? v->flags : 0));
	}
	/* a copy that moved nothing, at the descriptors' positions
	 * (copy_pair() makes the others) */
	if (op == IOL_ROP_COPY && v->kind == IOL_EV_OTHER) {
		e->fd2 = (int32_t)v->fd2;
		e->off = e->off2 = -1;
		e->len = 0;
	}
	/* clone DST SRC SRCOFF LEN DSTOFF: LEN 0 to the source's end
	 * (FICLONE, or FICLONERANGE asked so) */
	if (op == IOL_ROP_CLONE) {
		int64_t big = (int64_t)1 << 62;

		e->fd2 = (int32_t)v->fd2;
		e->off = v->off <= big ? v->off : 0;
		e->off2 = v->off2 <= big ? v->off2 : 0;
		e->len = (v->flags & 1) || v->len < 0 || v->len > big ? 0
								      : v->len;
		e->flags = 0;
	}
	return 0;
}

/* A descriptor the process got from its parent (a shell's redirection
 * of a child's output): the trace's source names its file, but the
 * replayed process, forked by the engine, does not hold it.  It is
 * opened where the process first uses it, read-write when the job made
 * the file, else for what that first call does, appending when the
 * file's last open did; s->ninherit counts them.  0 or IOL_ENOMEM. */
static int inherit(struct fst *f, struct iol_rscript *s, struct proc *pr,
		   const struct fev *v)
{
	struct fdent *d = fd_at(pr, v->fd, 0);
	const struct pinfo *pi = &f->p[v->path];
	struct fev o;
	int rc;

	if (!fd_op(v) || v->kind == IOL_EV_CLOSE || v->fd < 0 || !v->path ||
	    v->path >= f->pool.nstr || pi->system || pi->state == P_DIR ||
	    (d && (d->known || d->keep)))
		return 0;
	o = *v;
	o.kind = IOL_EV_OPEN, o.ret = v->fd, o.fd = -1, o.err = 0;
	o.dur = 0, o.off = o.len = -1;
	o.flags = pi->state == P_MADE	    ? IOL_EVF_RDWR
		  : v->kind == IOL_EV_WRITE ? IOL_EVF_WRONLY
					    : IOL_EVF_RDONLY;
	if (pi->append) /* a shell's >> */
		o.flags |= IOL_EVF_APPEND;
	o.mode = 0, o.created = 0, o.regular = 1, o.copy = 0;
	rc = emit(f, s, pr, &o, IOL_ROP_OPEN);
	if (rc == 0) {
		track(f, pr, &o, IOL_ROP_OPEN);
		s->ninherit++;
	}
	return rc;
}

/* A copy in the kernel comes as two events of one call, its read and
 * its write (same process, start and call): when both ends are files
 * kept, one copy is replayed, with the call's duration once.  The
 * offsets are the descriptors' positions (-1) unless the call gave its
 * own.  Returns 1 when v and v[1] became a copy. */
static int copy_pair(struct fst *f, struct iol_rscript *s, struct proc *pr,
		     struct fev *v, const struct fev *end, int *rc)
{
	struct fev *w = v + 1;
	struct fdent *di, *dout;
	int64_t pin, pout;
	struct iol_rev *e;

	if (!v->copy || w >= end || !w->copy || v->kind != IOL_EV_READ ||
	    w->kind != IOL_EV_WRITE || w->pid != v->pid || w->tid != v->tid ||
	    w->start != v->start || w->seq != v->seq + 1 ||
	    !keep_op(f, pr, v) || !keep_op(f, pr, w))
		return 0;
	di = fd_at(pr, v->fd, 0), dout = fd_at(pr, w->fd, 0);
	pin = di->off, pout = dout->off;
	track(f, pr, v, IOL_ROP_READ);
	track(f, pr, w, IOL_ROP_WRITE);
	*rc = emit(f, s, pr, v, IOL_ROP_COPY);
	if (*rc)
		return 1;
	e = &s->rank[pr->cur.r].ev[s->rank[pr->cur.r].n - 1];
	e->off = v->off == pin ? -1 : v->off;
	e->fd2 = (int32_t)w->fd;
	e->off2 = w->off == pout ? -1 : w->off;
	if (e->off >= 0) /* a copy at its own offset leaves the position */
		di->off = pin;
	if (e->off2 >= 0)
		dout->off = pout;
	return 1;
}

/* f->raw in the order of the script's sections (the threads of a
 * process were emitted interleaved, in time order), as the later
 * passes walk them. */
static int in_sections(struct fst *f, const struct iol_rscript *s)
{
	size_t *at = calloc(s->nrank + 1, sizeof(*at)), r, j;
	struct rawgap *nr = malloc((f->nraw + 1) * sizeof(*nr));
	int rc = at && nr ? 0 : IOL_ENOMEM;

	for (r = 0; rc == 0 && r < s->nrank; r++)
		at[r + 1] = at[r] + s->rank[r].n;
	for (j = 0; rc == 0 && j < f->nraw; j++) {
		if (f->raw[j].sec >= s->nrank) {
			rc = IOL_EINVAL;
			break;
		}
		nr[at[f->raw[j].sec]++] = f->raw[j];
	}
	if (rc == 0) {
		free(f->raw);
		f->raw = nr;
		f->capraw = f->nraw + 1;
		nr = NULL;
	}
	free(nr);
	free(at);
	return rc;
}

/* Make thread v->tid of pr the current one (a section of its own, made
 * at its first event; a second thread makes the first one a thread of
 * its section too).  0 or IOL_ENOMEM. */
static int to_thread(struct iol_rscript *s, struct proc *pr,
		     const struct fev *v, int first)
{
	size_t i;
	struct thr *nt;

	if (!first && v->tid == pr->cur.tid)
		return 0;
	if (!first) { /* park the current thread */
		for (i = 0; i < pr->nt && pr->t[i].tid != pr->cur.tid; i++)
			;
		if (i == pr->nt) {
			if (!(nt = realloc(pr->t, (pr->nt + 1) * sizeof(*nt))))
				return IOL_ENOMEM;
			pr->t = nt;
			pr->nt++;
		}
		pr->t[i] = pr->cur;
	}
	for (i = 0; i < pr->nt && pr->t[i].tid != v->tid; i++)
		;
	if (i < pr->nt) {
		pr->cur = pr->t[i];
		return 0;
	}
	memset(&pr->cur, 0, sizeof(pr->cur));
	pr->cur.tid = v->tid;
	pr->cur.r =
		iol_rscript_add_rank(s, v->rank, v->tid > 0 ? v->tid : v->pid);
	if (pr->cur.r < 0)
		return IOL_ENOMEM;
	if (!first) /* every section of a process of threads says so */
		for (i = 0; i <= pr->nt; i++)
			s->rank[i < pr->nt ? pr->t[i].r : pr->cur.r].thread_of =
				v->pid;
	return 0;
}

/* Pass 2: each process's calls, kept or dropped; the process's
 * descriptors followed across its threads, in time order. */
static int per_process(struct fst *f, struct iol_rscript *s)
{
	struct proc pr = {0};
	size_t i;
	int rc = 0;

	if (f->threads) /* one thread a process: its own order is time's */
		set_keys(f);
	if (f->n > 1)
		qsort(f->ev, f->n, sizeof(*f->ev), by_proc);
	for (i = 0; i < f->n && rc == 0; i++) {
		struct fev *v = &f->ev[i];
		int op, first = i == 0 || v->rank != v[-1].rank ||
				v->pid != v[-1].pid;

		if (first) {
			free(pr.fd);
			free(pr.t);
			memset(&pr, 0, sizeof(pr));
		}
		if ((rc = to_thread(s, &pr, v, first)) != 0)
			break;
		if (v->fd < 0 && v->path && !path_op(v))
			v->fd = fd_by_path(&pr, v->path);
		pr.cur.skipped += v->silent;
		rc = inherit(f, s, &pr, v);
		if (rc == 0 && v->copy && i + 1 < f->n && v[1].copy &&
		    v[1].seq == v->seq + 1 && v[1].tid == v->tid)
			rc = inherit(f, s, &pr, &v[1]);
		if (rc)
			break;
		if (copy_pair(f, s, &pr, v, f->ev + f->n, &rc)) {
			i++;
			continue;
		}
		op = keep_op(f, &pr, v);
		track(f, &pr, v, op);
		if (!op) {
			/* the second half of a copy is the same traced call */
			if (!(v->copy && i && v[-1].copy &&
			      v[-1].seq + 1 == v->seq && v[-1].pid == v->pid &&
			      v[-1].tid == v->tid && v[-1].rank == v->rank))
				pr.cur.skipped++;
			s->ndropev++;
			continue;
		}
		rc = emit(f, s, &pr, v, op);
	}
	free(pr.fd);
	free(pr.t);
	return rc ? rc : in_sections(f, s);
}

/* The directory all absolute paths kept share ("" for the root). */
static size_t common_dir(const struct fst *f, char *buf, size_t n)
{
	size_t i, l = 0, m;
	int first = 1;

	for (i = 1; i < f->pool.nstr; i++) {
		const char *p = iol_rscript_s(&f->pool, (uint32_t)i);
		const char *slash = strrchr(p, '/');
		size_t k = slash ? (size_t)(slash - p) : 0;

		/* a directory the job removes or moves is not "." (which
		 * rmdir cannot remove): its parent is the job's too */
		if (!f->p[i].used || f->p[i].system || p[0] != '/' ||
		    (f->p[i].state == P_DIR && !(f->p[i].probe & PR_GONE)))
			continue;
		if (first) {
			l = k < n ? k : n - 1;
			memcpy(buf, p, l);
			first = 0;
			continue;
		}
		for (m = 0; m < l && m < k && buf[m] == p[m]; m++)
			;
		if (!((m == l || buf[m] == '/') && (m == k || p[m] == '/')))
			while (m > 0 && buf[m] != '/')
				m--;
		l = m;
	}
	buf[l] = 0;
	return l;
}

/* The name of p in the sandbox into out: absolute paths under the job's
 * directory dir (dl bytes) lose it, its ancestors become ".", others go
 * under "abs/"; ".." components become "up". */
static void rewrite(const char *p, const char *dir, size_t dl, char *out,
		    size_t n)
{
	size_t o = 0, pl = strlen(p);

	if (p[0] == '/') {
		if (!strncmp(p, dir, dl) && (p[dl] == '/' || !p[dl])) {
			p += dl;
		} else if ((pl == 1 || !strncmp(dir, p, pl)) &&
			   (pl == 1 || dir[pl] == '/' || !dir[pl])) {
			p = ".";
		} else {
			o = (size_t)snprintf(out, n, "abs/");
		}
		while (*p == '/')
			p++;
		if (!*p)
			p = ".";
	}
	while (*p && o + 4 < n) {
		size_t l = strcspn(p, "/");

		if (l == 2 && p[0] == '.' && p[1] == '.')
			o += (size_t)snprintf(out + o, n - o, "up");
		else
			o += (size_t)snprintf(out + o, n - o, "%.*s", (int)l,
					      p);
		p += l;
		if (*p == '/' && o + 1 < n)
			out[o++] = '/';
		while (*p == '/')
			p++;
	}
	out[o] = 0;
	if (o > 1 && out[o - 1] == '/')
		out[o - 1] = 0;
}

/* where a link the script cannot keep leads: nowhere, in its directory */
#define OUTSIDE ".iolens-outside-the-sandbox"

/* A symbolic link's target t in the sandbox, for the link at lp (its
 * name there), into out (n bytes): a relative target as it was, an
 * absolute one as its file is named in the sandbox, reached from the
 * link's directory; one that would lead out of the sandbox names
 * nothing. */
static void sandbox_target(const struct fst *f, const char *lp, const char *t,
			   char *out, size_t n)
{
	const char *c;
	char nb[4096];
	size_t o = 0;

	if (t[0] == '/') {
		rewrite(t, f->dir, f->dl, nb, sizeof(nb));
		/* a "../" for each directory above the link */
		for (c = strchr(lp, '/'); c && o + 4 < n / 2;
		     c = strchr(c, '/')) {
			o += (size_t)snprintf(out + o, n - o, "../");
			while (*c == '/')
				c++;
		}
		t = nb;
	}
	snprintf(out + o, n - o, "%s", t);
	if (!iol_rlink_ok(lp, out))
		snprintf(out, n, "%s", OUTSIDE);
}

/* The target of a link the script makes (e->path already its name in
 * the sandbox). */
static uint32_t link_target(const struct fst *f, struct iol_rscript *s,
			    const struct iol_rev *e, int *rc)
{
	char out[8192];

	sandbox_target(f, iol_rscript_s(s, e->path),
		       iol_rscript_s(&f->pool, e->path2), out, sizeof(out));
	return iol_rscript_str(s, out, rc);
}

/* The target of a link the job found, staged at nb: its text as the
 * trace showed it, or as many bytes as readlink returned when the trace
 * did not show it whole (the tracer before it did, strace's -s cut it):
 * the link is only read, never followed, so only its length matters
 * then. */
static void found_link(const struct fst *f, const struct pinfo *pi,
		       const char *nb, char *out, size_t n)
{
	char x[4096];
	const char *t = pi->target ? iol_rscript_s(&f->pool, pi->target) : "";

	if (!*t) {
		memset(x, 'x', pi->tlen < sizeof(x) ? pi->tlen : sizeof(x) - 1);
		x[pi->tlen < sizeof(x) ? pi->tlen : sizeof(x) - 1] = 0;
		t = x;
	}
	sandbox_target(f, nb, t, out, n);
}

static const struct iol_rscript *sort_pool;

static int cmp_ids(const void *a, const void *b)
{
	return strcmp(iol_rscript_s(sort_pool, *(const uint32_t *)a),
		      iol_rscript_s(sort_pool, *(const uint32_t *)b));
}

static int key_cmp(const void *key, const void *id)
{
	return strcmp(key, iol_rscript_s(sort_pool, *(const uint32_t *)id));
}

/* Paths that are the directory of another path, ".", and "/" are
 * directories: an input of that name is staged as one. */
static int find_dirs(struct fst *f)
{
	uint32_t *ids = malloc((f->pool.nstr + 1) * sizeof(*ids)), *hit;
	size_t n = 0, i;
	char buf[4096];

	if (!ids)
		return IOL_ENOMEM;
	for (i = 1; i < f->pool.nstr; i++)
		if (f->p[i].used)
			ids[n++] = (uint32_t)i;
	sort_pool = &f->pool;
	qsort(ids, n, sizeof(*ids), cmp_ids);
	for (i = 0; i < n; i++) {
		const char *p = iol_rscript_s(&f->pool, ids[i]);
		char *slash;

		if (!strcmp(p, ".") || !strcmp(p, "/"))
			if (f->p[ids[i]].state == P_INPUT)
				f->p[ids[i]].state = P_DIR;
		snprintf(buf, sizeof(buf), "%s", p);
		while ((slash = strrchr(buf, '/')) && slash > buf) {
			const char *key = buf;
			uint32_t id;

			*slash = 0;
			hit = bsearch(key, ids, n, sizeof(*ids), key_cmp);
			if (!hit)
				continue;
			id = *hit;
			if (f->p[id].state == P_INPUT)
				f->p[id].state = P_DIR;
		}
	}
	free(ids);
	return 0;
}

static int add_pair(uint32_t **arr, size_t *n, uint32_t a, uint32_t b, int two)
{
	uint32_t *na = realloc(*arr, (*n + 2) * sizeof(**arr));

	if (!na)
		return IOL_ENOMEM;
	*arr = na;
	na[(*n)++] = a;
	if (two)
		na[(*n)++] = b;
	return 0;
}

/* An input once: the directories above the one all paths share are all
 * rewritten to ".", and a file needs the most any of its names needs; a
 * link (target not NULL) stays the first name's. */
static int add_input(struct iol_rscript *s, uint32_t id, const char *nb,
		     int64_t size, const char *target, uint32_t **at,
		     size_t *cap)
{
	int64_t *z;

	/* the most a script stages (script-parse.c): a read past 4 TiB
	 * reads less in the replay, where a larger size is refused */
	if (size > IOL_RMAX_INPUT)
		size = IOL_RMAX_INPUT;
	if (id >= *cap) { /* input index + 1 per string id */
		size_t nc = (size_t)id * 2 + 64;
		uint32_t *na = realloc(*at, nc * sizeof(*na));

		if (!na)
			return IOL_ENOMEM;
		memset(na + *cap, 0, (nc - *cap) * sizeof(*na));
		*at = na, *cap = nc;
	}
	if (!(*at)[id]) {
		(*at)[id] = (uint32_t)s->ninput + 1;
		return target ? iol_rscript_add_link(s, nb, target)
			      : iol_rscript_add_input(s, nb, size);
	}
	if (target || s->input[(*at)[id] - 1].target)
		return 0;
	z = &s->input[(*at)[id] - 1].size;
	/* a stat cannot tell a directory: one seen as one stays one unless
	 * it must hold bytes */
	if ((size < 0 && *z == 0) || (*z < 0 && size == 0))
		*z = -1;
	else if (size > *z)
		*z = size;
	return 0;
}

static int by_input_path(const void *a, const void *b)
{
	return strcmp(
		iol_rscript_s(sort_pool, ((const struct iol_rinput *)a)->path),
		iol_rscript_s(sort_pool, ((const struct iol_rinput *)b)->path));
}

/* Pass 3: the sandbox names, the rewrites, the inputs and the system
 * paths left out.  The inputs in the order of their names: a directory
 * comes before what it holds, which a reader of the script staging them
 * one by one makes in it (a tree the job removed and made again, named
 * first by its files' unlinks). */
static int name_paths(struct fst *f, struct iol_rscript *s)
{
	char dir[4096], nb[4096];
	size_t dl = common_dir(f, dir, sizeof(dir)), i, cap = 0;
	uint32_t *at = NULL; /* inputs by string id */
	int rc = 0;

	memcpy(f->dir, dir, dl + 1);
	f->dl = dl;
	/* a file read under the name a rename or a link gave it needs its
	 * bytes where it is staged, under its first name */
	for (i = 1; i < f->pool.nstr; i++)
		if (f->p[i].was && f->p[i].size > f->p[f->p[i].was].size)
			f->p[f->p[i].was].size = f->p[i].size;
	for (i = 1; i < f->pool.nstr && rc == 0; i++) {
		const char *p = iol_rscript_s(&f->pool, (uint32_t)i);
		struct pinfo *pi = &f->p[i];
		uint32_t orig;

		/* a link's text names no path of the job ("system paths
		 * left out: 1" for a link read to /etc/alternatives/x) */
		if (pi->system && pi->named)
			rc = add_pair(&s->dropped, &s->ndropped,
				      iol_rscript_str(s, p, &rc), 0, 0);
		if (!pi->used || pi->system)
			continue;
		rewrite(p, dir, dl, nb, sizeof(nb));
		pi->newid = iol_rscript_str(s, nb, &rc);
		if (strcmp(p, nb)) {
			orig = iol_rscript_str(s, p, &rc);
			rc = rc ? rc
				: add_pair(&s->rewrite, &s->nrewrite, orig,
					   pi->newid, 1);
		}
		if (!rc && (pi->state == P_INPUT || pi->state == P_DIR))
			rc = add_input(s, pi->newid, nb,
				       pi->state == P_DIR ? -1 : pi->size, NULL,
				       &at, &cap);
		if (!rc && pi->state == P_LINK) {
			char t[4096];

			found_link(f, pi, nb, t, sizeof(t));
			rc = add_input(s, pi->newid, nb, -1, t, &at, &cap);
		}
	}
	free(at);
	if (rc == 0 && s->ninput > 1) {
		sort_pool = s;
		qsort(s->input, s->ninput, sizeof(*s->input), by_input_path);
	}
	return rc;
}

static int remap(struct fst *f, struct iol_rscript *s)
{
	size_t r, i;
	int rc = 0;

	for (r = 0; r < s->nrank; r++)
		for (i = 0; i < s->rank[r].n && rc == 0; i++) {
			struct iol_rev *e = &s->rank[r].ev[i];

			if (e->fd >= 0)
				continue;
			e->path = f->p[e->path].newid;
			if (e->op == IOL_ROP_SYMLINK)
				e->path2 = link_target(f, s, e, &rc);
			else
				e->path2 = f->p[e->path2].newid;
		}
	return rc;
}

/* A call of section r dropped at i: its gap and its time go to the next
 * call's gap as a dropped call's do (emit()), in the events and in
 * f->raw (j, in section order: in_sections()). */
static void fold_dropped(struct fst *f, struct iol_rrank *rk, size_t i,
			 size_t j)
{
	if (i + 1 >= rk->n)
		return; /* the section's last: nothing after it to wait */
	rk->ev[i + 1].gap += rk->ev[i].gap + rk->ev[i].dur;
	if (j + 1 < f->nraw) {
		f->raw[j + 1].gap += f->raw[j].gap + f->raw[j].dur;
		f->raw[j + 1].k = f->raw[j + 1].k < UINT32_MAX - f->raw[j].k
					  ? f->raw[j + 1].k + f->raw[j].k
					  : UINT32_MAX;
	}
}

/* Pass 4: the calls a script cannot hold dropped, counted, and why the
 * first was (iol_rev_unfit(): a pwrite of 4 GiB, a rename to an empty
 * path, both in traces): the parser would refuse the script written. */
static void drop_unfit(struct fst *f, struct iol_rscript *s)
{
	size_t r, i, j = 0, jw = 0, w;
	int aligned;

	for (r = 0; r < s->nrank; r++)
		j += s->rank[r].n;
	aligned = j == f->nraw; /* one raw gap a call (in_sections()) */
	for (r = 0, j = 0; r < s->nrank; r++) {
		struct iol_rrank *rk = &s->rank[r];

		for (i = 0, w = 0; i < rk->n; i++, j++) {
			const char *why = iol_rev_unfit(s, &rk->ev[i]);

			if (why) {
				if (!s->unfit_why)
					s->unfit_why = why;
				s->nunfit++, s->ndropev++;
				fold_dropped(f, rk, i, aligned ? j : f->nraw);
				continue;
			}
			if (aligned)
				f->raw[jw++] = f->raw[j];
			rk->ev[w++] = rk->ev[i];
		}
		rk->n = w;
	}
	if (aligned)
		f->nraw = jw;
}

/* The link at path to *target: pointed to .iolens-outside-the-sandbox
 * (its id in *none, made the first time) when a '..' of it comes after a
 * name the script makes a link.  0 or IOL_ENOMEM. */
static int contain_link(struct iol_rscript *s, struct iol_rlinks *l,
			uint32_t path, uint32_t *target, uint32_t *none)
{
	const char *via;
	int rc = iol_rlinks_ok(l, iol_rscript_s(s, path),
			       iol_rscript_s(s, *target), &via);

	if (rc != 0)
		return rc < 0 ? rc : 0;
	if (!*none)
		*none = iol_rscript_str(s, OUTSIDE, &rc);
	*target = *none;
	return rc;
}

/* Pass 5: a link whose '..' comes after a name the script makes a link
 * (links.h: "s" -> "." and "b" -> "s/.." lead out, though each passes
 * iol_rlink_ok()) points where one that leads out does
 * (sandbox_target()): the parser refuses it. */
static int contain_links(struct iol_rscript *s)
{
	struct iol_rlinks l;
	uint32_t none = 0;
	size_t i, r;
	int rc = iol_rlinks_init(&l, s);

	for (i = 0; i < s->ninput && rc == 0; i++)
		if (s->input[i].target)
			rc = contain_link(s, &l, s->input[i].path,
					  &s->input[i].target, &none);
	for (r = 0; r < s->nrank && rc == 0; r++)
		for (i = 0; i < s->rank[r].n && rc == 0; i++)
			if (s->rank[r].ev[i].op == IOL_ROP_SYMLINK)
				rc = contain_link(s, &l, s->rank[r].ev[i].path,
						  &s->rank[r].ev[i].path2,
						  &none);
	iol_rlinks_release(&l);
	return rc;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The FLOOR_Q quantile of the gaps between two calls with no call
 * dropped between them, over at least FLOOR_MIN calls; -1 when there
 * are fewer. */
#define FLOOR_Q 0.01
#define FLOOR_MIN 200
static double gap_floor(const struct fst *f)
{
	double *v = malloc((f->nraw ? f->nraw : 1) * sizeof(*v)), q = -1;
	size_t j, n = 0;

	if (!v)
		return -1;
	for (j = 0; j < f->nraw; j++)
		if (f->raw[j].k == 1)
			v[n++] = f->raw[j].gap;
	if (n >= FLOOR_MIN) {
		qsort(v, n, sizeof(*v), cmp_double);
		q = v[(size_t)((double)n * FLOOR_Q)];
	}
	free(v);
	return q;
}

/* The tracer's cost inside a call while this trace was made: the mean
 * duration of its cheap calls (cheap_call()), those over 20 times their
 * median left out (a close that flushed to a server is not the
 * tracer's).  The mean, not the median: the cost comes in two modes (an
 * idle CPU woken at every stop, or not; 8 and 56 us in one tar trace),
 * and the totals want its mean (a mean of the middle 80 % missed more,
 * on the bench's traces).  Not getpid, rt_sigaction and the like: a
 * program makes them while it starts, and the cost then was not the cost
 * of its loop (dd's: 36 to 300 us against 70 to 85).  *lo gets the 1st
 * percentile.  -1 with fewer than CHEAP_MIN cheap calls. */
#define CHEAP_MIN 20
static double trace_duroverhead(struct fst *f, double *lo)
{
	size_t i, n = 0;
	double med, sum = 0;

	*lo = 0;
	if (f->ncheap < CHEAP_MIN)
		return -1;
	qsort(f->cheap, f->ncheap, sizeof(*f->cheap), cmp_double);
	med = f->cheap[f->ncheap / 2];
	for (i = 0; i < f->ncheap && f->cheap[i] <= 20 * med; i++, n++)
		sum += f->cheap[i];
	*lo = f->cheap[(size_t)((double)f->ncheap * FLOOR_Q)];
	return sum / (double)n;
}

/*
 * How much of strace's cost to take off, in this order:
 * - "trace": the trace's own cheap calls give the cost inside a call
 *   (above); between two calls strace also prints the line, a cost of
 *   the CPU more than of the machine's state, so the cost between calls
 *   is that plus the difference the calibration measured (or, without
 *   one, the difference of the trace's floors of gaps and cheap calls).
 *   A calibration alone missed by 3x when the machine was busier or
 *   idler than at calibration.
 * - "floor": few cheap calls, and the trace's 1st percentile gap above
 *   the calibrated cost between calls (a busier machine): that floor
 *   off the gaps, the cost inside scaled by the same ratio.
 * - "calibrated" as measured, "given" as given, or "none".
 */
static void choose_overhead(struct fst *f, struct iol_rscript *s)
{
	const struct iol_rfrom_opts *o = f->o;
	const char *from = o->overhead_from ? o->overhead_from : "none";
	int cal = !strcmp(from, "calibrated");
	double lo = 0, d, g = -1, c;

	s->overhead = o->overhead, s->duroverhead = o->duroverhead;
	snprintf(s->overhead_from, sizeof(s->overhead_from), "%s", from);
	if (!o->source || strcmp(o->source, "strace") ||
	    (!cal && strcmp(from, "none")))
		return;
	if ((d = trace_duroverhead(f, &lo)) >= 0) {
		c = cal ? o->overhead - o->duroverhead : -1;
		if (c < 0)
			c = (g = gap_floor(f)) > lo ? g - lo : 0;
		s->overhead = d + c, s->duroverhead = d;
		snprintf(s->overhead_from, sizeof(s->overhead_from), "trace");
	} else if (cal && o->overhead > 0 && (g = gap_floor(f)) > o->overhead) {
		s->duroverhead = o->duroverhead * (g / o->overhead);
		s->overhead = g;
		snprintf(s->overhead_from, sizeof(s->overhead_from), "floor");
	}
}

/* One value to take overhead off: x less o * k, into *out. */
struct tk {
	double x, k;
	double *out;
};

static double clamped_sum(const struct tk *v, size_t n, double o)
{
	double t = 0;
	size_t i;

	for (i = 0; i < n; i++)
		t += v[i].x - o * v[i].k > 0 ? v[i].x - o * v[i].k : 0;
	return t;
}

/* Take o per unit of k off the values, keeping their total: sum(x - o*k)
 * in all (0 when that is negative), the smallest going first.  Call by
 * call, the clamp at zero would keep whatever part of the tracer's cost
 * was above its mean, and tar's 5,000 near-empty gaps kept enough to run
 * its replay 4x long; so the threshold is raised until the clamped sum
 * is that total (bisection: the sum falls as it rises). */
static int spread(struct tk *v, size_t n, double o)
{
	double t = 0, lo = o, hi = o, m;
	size_t i;
	int it;

	for (i = 0; i < n; i++) {
		t += v[i].x - o * v[i].k;
		if (v[i].x / v[i].k > hi)
			hi = v[i].x / v[i].k;
	}
	if (!(t > 0))
		hi = HUGE_VAL; /* the whole overhead is more than the total */
	else if (clamped_sum(v, n, o) <= t)
		hi = o; /* nothing was clamped */
	for (it = 0; it < 50 && t > 0 && hi > o; it++) {
		m = (lo + hi) / 2;
		if (clamped_sum(v, n, m) > t)
			lo = m;
		else
			hi = m;
	}
	for (i = 0; i < n; i++) {
		double y = v[i].x - hi * v[i].k;

		*v[i].out = y > 0 ? y : 0;
	}
	return n > 0 && !(t > 0);
}

/* s->overhead per traced call off each rank's gaps (and s->duroverhead
 * per call dropped in them), s->duroverhead off the durations of each
 * class of its calls, totals kept (spread()). */
static int take_overhead(struct fst *f, struct iol_rscript *s)
{
	size_t r, i, j0 = 0, n;
	struct tk *v = NULL;
	int cls;

	if (!(s->overhead > 0) && !(s->duroverhead > 0))
		return 0;
	for (r = 0; r < s->nrank; j0 += s->rank[r++].n) {
		struct iol_rev *ev = s->rank[r].ev;
		struct tk *nv = realloc(v, (s->rank[r].n + 1) * sizeof(*v));

		if (!nv) {
			free(v);
			return IOL_ENOMEM;
		}
		v = nv;
		for (i = 0; i < s->rank[r].n; i++) {
			/* a gap holds the calls dropped in it whole,
			 * the tracer's cost inside them too */
			v[i].x = f->raw[j0 + i].gap -
				 s->duroverhead * (f->raw[j0 + i].k - 1);
			v[i].k = f->raw[j0 + i].k;
			v[i].out = &ev[i].gap;
		}
		s->nshort += (uint64_t)spread(v, s->rank[r].n, s->overhead);
		for (cls = IOL_RCLASS_NONE; cls <= IOL_RCLASS_COPY; cls++) {
			for (i = 0, n = 0; i < s->rank[r].n; i++)
				if (iol_rop_class(ev[i].op) == cls) {
					v[n].x = f->raw[j0 + i].dur;
					v[n].k = 1;
					v[n++].out = &ev[i].dur;
				}
			spread(v, n, s->duroverhead);
		}
	}
	free(v);
	return 0;
}

/* The run time of s with overhead o off each traced call's gap. */
static double run_with(const struct fst *f, const struct iol_rscript *s,
		       double o)
{
	size_t r, i, j = 0;
	double best = 0;

	for (r = 0; r < s->nrank; r++) {
		double t = 0;

		for (i = 0; i < s->rank[r].n; i++, j++) {
			double g = f->raw[j].gap - o * f->raw[j].k;

			t += (g > 0 ? g : 0) + s->rank[r].ev[i].dur;
		}
		best = t > best ? t : best;
	}
	return best;
}

/* --run-time: the overhead per call for which the script runs as long as
 * the untraced program did (bisection: the run time falls as it grows). */
static void fit_run_time(struct fst *f, struct iol_rscript *s, double want)
{
	double lo = 0, hi = 0, o;
	size_t r, i, j = 0;
	int k;

	for (j = 0; j < f->nraw; j++) /* at hi every gap is gone */
		hi = f->raw[j].gap > hi ? f->raw[j].gap : hi;
	j = 0;
	if (run_with(f, s, 0) <= want)
		hi = 0;
	for (k = 0; k < 60 && hi > 0; k++) {
		o = (lo + hi) / 2;
		if (run_with(f, s, o) > want)
			lo = o;
		else
			hi = o;
	}
	o = hi;
	for (r = 0; r < s->nrank; r++)
		for (i = 0; i < s->rank[r].n; i++, j++) {
			double g = f->raw[j].gap - o * f->raw[j].k;

			s->rank[r].ev[i].gap = g > 0 ? g : 0;
		}
	s->overhead = o;
	snprintf(s->overhead_from, sizeof(s->overhead_from), "fitted");
}

/* The waits between sections, from the calls' original times: each
 * process's gaps were measured from the end of its call before (from 0
 * for its first), so the times add up again from f->raw. */
static int add_waits(const struct fst *f, struct iol_rscript *s)
{
	double *t = malloc((2 * f->nraw + 1) * sizeof(*t)), last;
	size_t r, i, j = 0;
	int rc;

	if (!t)
		return IOL_ENOMEM;
	for (r = 0; r < s->nrank; r++)
		for (i = 0, last = 0; i < s->rank[r].n && j < f->nraw;
		     i++, j++) {
			t[j] = last + f->raw[j].gap;
			last = t[f->nraw + j] = t[j] + f->raw[j].dur;
		}
	rc = iol_rscript_add_waits(s, t, t + f->nraw);
	free(t);
	return rc;
}

/* A gap or a call of more than the 10^9 s a script holds (the parser's
 * limit, script-parse.c): no one run's trace (an strace -r file's
 * deltas summed, a clock set back and forth); refused here rather than
 * written as a script replay refuses. */
static int too_long(const struct iol_rscript *s, struct iol_error *err)
{
	size_t r, i;

	for (r = 0; r < s->nrank; r++)
		for (i = 0; i < s->rank[r].n; i++) {
			const struct iol_rev *e = &s->rank[r].ev[i];
			double x = e->gap > e->dur ? e->gap : e->dur;

			if (x > 1e9)
				return iol_error_set(
					err, IOL_ECORRUPT,
					"process %lld: a %s of %.0f s, more "
					"than a script holds (10^9 s)",
					(long long)s->rank[r].pid,
					x == e->gap ? "gap between calls"
						    : "call",
					x);
		}
	return 0;
}

int iol_rscript_from_events(struct iol_rscript *s, iol_rfrom_next next,
			    void *ctx, const struct iol_rfrom_opts *o,
			    struct iol_error *err)
{
	struct fst f;
	size_t i;
	int rc;

	memset(&f, 0, sizeof(f));
	f.o = o;
	iol_rscript_init(&f.pool);
	rc = collect(&f, next, ctx, err);
	if (rc == 0 && !(f.p = calloc(f.pool.nstr + 1, sizeof(*f.p))))
		rc = IOL_ENOMEM;
	for (i = 1; rc == 0 && i < f.pool.nstr; i++)
		f.p[i].system = (uint8_t)iol_rpath_system(
			iol_rscript_s(&f.pool, (uint32_t)i));
	for (i = 0; rc == 0 && i < f.n; i++)
		if (f.ev[i].start + f.ev[i].dur > s->traced)
			s->traced = f.ev[i].start + f.ev[i].dur;
	if (rc == 0 && o->positional)
		rc = synth_fds(&f);
	if (rc == 0) {
		classify(&f);
		rc = per_process(&f, s);
	}
	if (rc == 0)
		rc = find_dirs(&f);
	if (rc == 0)
		rc = name_paths(&f, s);
	if (rc == 0)
		rc = remap(&f, s);
	if (rc == 0)
		drop_unfit(&f, s);
	if (rc == 0)
		rc = contain_links(s);
	if (rc == 0)
		rc = iol_rscript_resolve(s, err);
	s->inferred = f.any_inferred;
	if (rc == 0) {
		choose_overhead(&f, s);
		rc = take_overhead(&f, s);
	}
	if (rc == 0 && o->run_time > 0)
		fit_run_time(&f, s, o->run_time);
	if (rc == 0)
		rc = too_long(s, err);
	if (rc == 0)
		rc = add_waits(&f, s);
	snprintf(s->source, sizeof(s->source), "%s",
		 o->source ? o->source : "");
	free(f.ev);
	free(f.p);
	free(f.raw);
	free(f.cheap);
	iol_rscript_release(&f.pool);
	if (rc == IOL_ENOMEM)
		iol_error_set(err, rc, "out of memory");
	return rc;
}

void iol_rfrom_opts_of(struct iol_rfrom_opts *o, const struct iol_job *job,
		       double given, double run_time)
{
	memset(o, 0, sizeof(*o));
	o->overhead_from = "none";
	o->source = job->source;
	o->run_time = run_time;
	o->positional = !strncmp(job->source, "darshan", 7);
	if (given >= 0) {
		o->overhead = given;
		o->overhead_from = "given";
	} else if (!strcmp(job->source, "strace") &&
		   iol_replay_overhead_load(&o->overhead, &o->duroverhead) ==
			   0) {
		o->overhead_from = "calibrated";
	} else if (job->call_cost > 0) {
		/* iolens trace measured its own cost, a line at a time */
		o->overhead = job->call_cost;
		o->overhead_from = "tracer";
	}
}

static int job_next(void *ctx, struct iol_event *ev, struct iol_error *err)
{
	return iol_events_next(ctx, ev, err);
}

int iol_rscript_from_job(struct iol_rscript *s, const struct iol_job *job,
			 const struct iol_rfrom_opts *o, int *noevents,
			 struct iol_error *err)
{
	struct iol_events *it;
	int rc = iol_events_open(&it, job, err);

	*noevents = rc < 0;
	if (rc < 0)
		return rc;
	rc = iol_rscript_from_events(s, job_next, it, o, err);
	iol_events_close(it);
	return rc;
}
