/*
 * strace output into the job model.
 *
 * Each line is "[pid] time name(args) = ret [errno (text)] <duration>",
 * or a signal, exit or "<unfinished ...>"/"<... name resumed>" pair.
 * File descriptors are followed exactly: open family, dup family, fcntl
 * F_DUPFD, pipes and sockets, close, close-on-exec at execve, and fd
 * tables copied across fork or shared with CLONE_FILES.  Data calls on
 * regular files become POSIX-shaped records (Darshan's counters: op
 * counts, bytes, offsets, sequential and consecutive counts, size bins,
 * common sizes, timestamps, times); everything else is summarised.
 *
 * The same parser runs twice: once to build the records, and again, line
 * by line, whenever an analysis streams the segments, so memory follows
 * the number of files and ranks, never the number of calls.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "model/job-int.h"
#include "base/grow.h"
#include "base/lines.h"
#include "counters/modnames.h"
#include "sources/trace.h"
#include "base/banned.h"

/* POSIX counter and timestamp indices (lib/modnames.c order) */
enum {
	P_OPENS = 0,
	P_FILENOS = 1,
	P_DUPS = 2,
	P_READS = 3,
	P_WRITES = 4,
	P_SEEKS = 5,
	P_STATS = 6,
	P_MMAPS = 7,
	P_FSYNCS = 8,
	P_FDSYNCS = 9,
	P_RENAME_SOURCES = 10,
	P_RENAME_TARGETS = 11,
	P_RENAMED_FROM = 12,
	P_MODE = 13,
	P_BYTES_READ = 14,
	P_BYTES_WRITTEN = 15,
	P_MAX_BYTE_READ = 16,
	P_MAX_BYTE_WRITTEN = 17,
	P_CONSEC_READS = 18,
	P_CONSEC_WRITES = 19,
	P_SEQ_READS = 20,
	P_SEQ_WRITES = 21,
	P_RW_SWITCHES = 22,
	P_MEM_NOT_ALIGNED = 23,
	P_MEM_ALIGNMENT = 24,
	P_FILE_NOT_ALIGNED = 25,
	P_FILE_ALIGNMENT = 26,
	P_MAX_READ_TIME_SIZE = 27,
	P_MAX_WRITE_TIME_SIZE = 28,
	P_SIZE_READ_0 = 29,
	P_SIZE_WRITE_0 = 39,
	P_STRIDE1 = 49,
	P_ACCESS1 = 57,
	P_ACCESS1_COUNT = 61,
	P_FASTEST_RANK = 65,
	P_FASTEST_RANK_BYTES = 66,
	P_SLOWEST_RANK = 67,
	P_SLOWEST_RANK_BYTES = 68,
};
enum {
	PF_OPEN_START = 0,
	PF_READ_START = 1,
	PF_WRITE_START = 2,
	PF_CLOSE_START = 3,
	PF_OPEN_END = 4,
	PF_READ_END = 5,
	PF_WRITE_END = 6,
	PF_CLOSE_END = 7,
	PF_READ_TIME = 8,
	PF_WRITE_TIME = 9,
	PF_META_TIME = 10,
	PF_MAX_READ_TIME = 11,
	PF_MAX_WRITE_TIME = 12,
	PF_FASTEST_RANK_TIME = 13,
	PF_SLOWEST_RANK_TIME = 14,
	PF_VARIANCE_TIME = 15,
	PF_VARIANCE_BYTES = 16,
};

enum { FD_NONE, FD_FILE, FD_PIPE, FD_SOCKET, FD_STD, FD_DEVICE, FD_DIR };

struct fdent {
	int kind;
	int cloexec;
	int32_t file; /* index into files, FD_FILE only */
	int64_t off;  /* -1 unknown */
};

struct fdtab {
	int refs;
	int n;
	struct fdent *v;
};

struct proc {
	int file; /* pids are per input file */
	int pid;
	int rank;
	int alive;
	struct fdtab *fds;
	char *pending; /* "name(args so far" of an unfinished call */
	double pstart;
};

/* per (file, rank) record under construction */
struct prec {
	int32_t file;
	int rank;
	int64_t ic[IOL_POSIX_NINT];
	double fc[IOL_POSIX_NFLT];
	int64_t last_rend, last_wend; /* for consecutive / sequential */
	int last_op;		      /* 0 none, 1 read, 2 write */
	int64_t *sizes;		      /* distinct sizes and counts, pairs */
	size_t nsizes, capsizes;
	int64_t wcount, rcount;
};

struct pfile {
	char *path;
	uint64_t id;
	int created;
	int seen_ok; /* opened or stat'ed successfully before */
};

struct strace_state {
	int iota;	       /* Iota traces instead of strace */
	char unknown_ops[512]; /* Iota operations reported once */
	struct iol_trace_opts opts;
	char **paths; /* inputs, expanded */
	int npaths;
	/* parse state, reset per pass */
	struct proc *procs;
	size_t nprocs, capprocs;
	int nranks;   /* with rank_from pid: ranks handed out */
	int cur_file; /* input index */
	double day;   /* seconds added after a midnight wrap */
	double last_tod;
	int have_time;
	double t0; /* absolute start of the job */
	/* results of the loading pass */
	struct pfile *files;
	size_t nfiles, capfiles;
	int32_t *fhash; /* path hash -> file index */
	size_t fslots;
	struct prec **recs; /* index by rec id */
	size_t nrecs, caprecs;
	int32_t *rhash; /* (file, rank) -> rec index */
	size_t rslots;
	int loading; /* 1 in the loading pass */
	double tmin, tmax;
	struct iol_job *job;
	/* segment pass output */
	struct iol_seg pend[2];
	size_t pend_rec[2];
	int pend_read[2];
	int npend;
};

/* ---- small utilities ---- */

static uint64_t fnv1a(const char *s)
{
	uint64_t h = 14695981039346656037ULL;

	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 1099511628211ULL;
	}
	return h ? h : 1;
}

static int file_index(struct strace_state *st, const char *path)
{
	uint64_t id = fnv1a(path);
	struct pfile *nf;
	size_t h, i;

	if ((st->nfiles + 1) * 2 > st->fslots) {
		size_t ns = st->fslots ? st->fslots * 2 : 256;
		int32_t *nh = malloc(ns * sizeof(*nh));

		if (!nh)
			return IOL_ENOMEM;
		memset(nh, 0xff, ns * sizeof(*nh));
		for (i = 0; i < st->nfiles; i++) {
			for (h = st->files[i].id & (ns - 1); nh[h] >= 0;
			     h = (h + 1) & (ns - 1))
				;
			nh[h] = (int32_t)i;
		}
		free(st->fhash);
		st->fhash = nh;
		st->fslots = ns;
	}
	for (h = id & (st->fslots - 1); st->fhash[h] >= 0;
	     h = (h + 1) & (st->fslots - 1))
		if (st->files[st->fhash[h]].id == id &&
		    !strcmp(st->files[st->fhash[h]].path, path))
			return st->fhash[h];
	nf = iol_grow(st->files, &st->capfiles, st->nfiles, sizeof(*nf), 64);
	if (!nf)
		return IOL_ENOMEM;
	st->files = nf;
	memset(&st->files[st->nfiles], 0, sizeof(st->files[0]));
	st->files[st->nfiles].path = strdup(path);
	if (!st->files[st->nfiles].path)
		return IOL_ENOMEM;
	st->files[st->nfiles].id = id;
	st->fhash[h] = (int32_t)st->nfiles;
	return (int)st->nfiles++;
}

static struct prec *rec_get(struct strace_state *st, int file, int rank,
			    size_t *index)
{
	uint64_t key = ((uint64_t)(uint32_t)file << 32) | (uint32_t)rank;
	size_t h, i;
	struct prec *r, **nr;

	if ((st->nrecs + 1) * 2 > st->rslots) {
		size_t ns = st->rslots ? st->rslots * 2 : 256;
		int32_t *nh = malloc(ns * sizeof(*nh));

		if (!nh)
			return NULL;
		memset(nh, 0xff, ns * sizeof(*nh));
		for (i = 0; i < st->nrecs; i++) {
			uint64_t k =
				((uint64_t)(uint32_t)st->recs[i]->file << 32) |
				(uint32_t)st->recs[i]->rank;

			for (h = (k * 0x9e3779b97f4a7c15ULL >> 20) & (ns - 1);
			     nh[h] >= 0; h = (h + 1) & (ns - 1))
				;
			nh[h] = (int32_t)i;
		}
		free(st->rhash);
		st->rhash = nh;
		st->rslots = ns;
	}
	for (h = (key * 0x9e3779b97f4a7c15ULL >> 20) & (st->rslots - 1);
	     st->rhash[h] >= 0; h = (h + 1) & (st->rslots - 1)) {
		r = st->recs[st->rhash[h]];
		if (r->file == file && r->rank == rank) {
			*index = (size_t)st->rhash[h];
			return r;
		}
	}
	if (!st->loading)
		return NULL; /* the second pass finds what the first made */
	nr = iol_grow(st->recs, &st->caprecs, st->nrecs, sizeof(*nr), 64);
	if (!nr)
		return NULL;
	st->recs = nr;
	r = calloc(1, sizeof(*r));
	if (!r)
		return NULL;
	r->file = file;
	r->rank = rank;
	for (i = 0; i < IOL_POSIX_NINT; i++)
		r->ic[i] = 0;
	for (i = 0; i < IOL_POSIX_NFLT; i++)
		r->fc[i] = 0;
	/* what a system call trace cannot know */
	r->ic[P_MODE] = -1;
	r->ic[P_MEM_NOT_ALIGNED] = -1;
	r->ic[P_MEM_ALIGNMENT] = -1;
	r->ic[P_FILE_NOT_ALIGNED] = -1;
	r->ic[P_FILE_ALIGNMENT] = -1;
	for (i = 0; i < 8; i++)
		r->ic[P_STRIDE1 + i] = 0;
	r->ic[P_FASTEST_RANK] = rank;
	r->ic[P_SLOWEST_RANK] = rank;
	st->recs[st->nrecs] = r;
	st->rhash[h] = (int32_t)st->nrecs;
	*index = st->nrecs++;
	return r;
}

/* ---- processes and descriptors ---- */

static struct proc *proc_get(struct strace_state *st, int pid)
{
	struct proc *np;
	size_t i;

	for (i = st->nprocs; i-- > 0;)
		if (st->procs[i].pid == pid &&
		    st->procs[i].file == st->cur_file && st->procs[i].alive)
			return &st->procs[i];
	np = iol_grow(st->procs, &st->capprocs, st->nprocs, sizeof(*np), 16);
	if (!np)
		return NULL;
	st->procs = np;
	memset(&st->procs[st->nprocs], 0, sizeof(st->procs[0]));
	st->procs[st->nprocs].pid = pid;
	st->procs[st->nprocs].file = st->cur_file;
	st->procs[st->nprocs].alive = 1;
	st->procs[st->nprocs].rank = st->opts.rank_from == IOL_RANK_FROM_PID
					     ? st->nranks++
					     : st->cur_file;
	return &st->procs[st->nprocs++];
}

static struct fdtab *fdtab_new(void)
{
	struct fdtab *t = calloc(1, sizeof(*t));
	int i;

	if (!t)
		return NULL;
	t->refs = 1;
	t->n = 3;
	t->v = calloc(3, sizeof(*t->v));
	if (!t->v) {
		free(t);
		return NULL;
	}
	/* a process starts with its standard streams */
	for (i = 0; i < 3; i++) {
		t->v[i].kind = FD_STD;
		t->v[i].off = -1;
	}
	return t;
}

static struct fdtab *fdtab_copy(const struct fdtab *s)
{
	struct fdtab *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->refs = 1;
	t->n = s->n;
	t->v = malloc((size_t)(s->n ? s->n : 1) * sizeof(*t->v));
	if (!t->v) {
		free(t);
		return NULL;
	}
	memcpy(t->v, s->v, (size_t)s->n * sizeof(*t->v));
	return t;
}

static void fdtab_unref(struct fdtab *t)
{
	if (t && --t->refs == 0) {
		free(t->v);
		free(t);
	}
}

static struct fdtab *proc_fds(struct proc *p)
{
	if (!p->fds)
		p->fds = fdtab_new();
	return p->fds;
}

static struct fdent *fd_at(struct proc *p, long fd, int create)
{
	struct fdtab *t = proc_fds(p);

	if (!t || fd < 0 || fd > (1 << 20))
		return NULL;
	if (fd >= t->n) {
		struct fdent *nv;
		int n = (int)fd + 16;

		if (!create)
			return NULL;
		nv = realloc(t->v, (size_t)n * sizeof(*nv));
		if (!nv)
			return NULL;
		memset(nv + t->n, 0, (size_t)(n - t->n) * sizeof(*nv));
		t->v = nv;
		t->n = n;
	}
	return &t->v[fd];
}

/* ---- lexing a call ---- */

#define MAXARGS 8

struct call {
	char name[32];
	char *args[MAXARGS]; /* top-level arguments, trimmed */
	int nargs;
	long long ret;
	int failed;	 /* ret -1 with an errno */
	int unknown_ret; /* "= ?" */
	char *retpath;	 /* -y: path after the returned fd */
	double start, dur;
	int pid;
	char *owned; /* text of a resumed call, freed after use */
};

/* the end of a quoted string starting at s (on the quote) */
static char *skip_string(char *s)
{
	for (s++; *s; s++) {
		if (*s == '\\' && s[1])
			s++;
		else if (*s == '"')
			return s + 1;
	}
	return s;
}

/* split args in place; returns the position after the closing paren */
static char *split_args(char *s, struct call *c)
{
	int depth = 0;
	char *start = s;

	c->nargs = 0;
	while (*s) {
		if (*s == '"') {
			s = skip_string(s);
			continue;
		}
		if (*s == '(' || *s == '[' || *s == '{') {
			depth++;
		} else if (*s == ')' || *s == ']' || *s == '}') {
			if (depth == 0 && *s == ')') {
				*s = '\0';
				if (c->nargs < MAXARGS && (c->nargs || *start))
					c->args[c->nargs++] = start;
				return s + 1;
			}
			depth--;
		} else if (*s == ',' && depth == 0) {
			*s = '\0';
			if (c->nargs < MAXARGS)
				c->args[c->nargs++] = start;
			start = s + 1;
			while (*start == ' ')
				start++;
			s = start;
			continue;
		}
		s++;
	}
	return NULL;
}

static long long arg_int(const struct call *c, int i, int *ok)
{
	char *end;
	long long v;

	if (i >= c->nargs) {
		*ok = 0;
		return 0;
	}
	v = strtoll(c->args[i], &end, 0);
	*ok = end != c->args[i];
	return v;
}

/* an fd argument, with the -y path in <...> when present */
static long arg_fd(const struct call *c, int i, char **ypath)
{
	int ok;
	long v = (long)arg_int(c, i, &ok);
	char *lt;

	if (ypath)
		*ypath = NULL;
	if (!ok)
		return -1;
	lt = strchr(c->args[i], '<');
	if (lt && ypath) {
		char *gt = strrchr(lt, '>');

		if (gt) {
			*gt = '\0';
			*ypath = lt + 1;
		}
	}
	return v;
}

/* unescape a C string argument into buf; 0 if not a string */
static int arg_str(const struct call *c, int i, char *buf, size_t n)
{
	const char *s;
	size_t o = 0;

	if (i >= c->nargs || c->args[i][0] != '"')
		return 0;
	for (s = c->args[i] + 1; *s && *s != '"' && o + 1 < n; s++) {
		if (*s != '\\') {
			buf[o++] = *s;
			continue;
		}
		s++;
		switch (*s) {
		case 'n': buf[o++] = '\n'; break;
		case 't': buf[o++] = '\t'; break;
		case 'r': buf[o++] = '\r'; break;
		case 'x': {
			int v = 0, k;

			for (k = 0; k < 2 && isxdigit((unsigned char)s[1]); k++)
				v = v * 16 +
				    (isdigit((unsigned char)s[1])
					     ? s[1] - '0'
					     : (tolower((unsigned char)s[1]) -
						'a' + 10)),
				s++;
			buf[o++] = (char)v;
			break;
		}
		default:
			if (*s >= '0' && *s <= '7') {
				int v = 0, k;

				for (k = 0; k < 3 && *s >= '0' && *s <= '7';
				     k++, s++)
					v = v * 8 + (*s - '0');
				s--;
				buf[o++] = (char)v;
			} else if (*s) {
				buf[o++] = *s;
			} else {
				s--;
			}
		}
	}
	buf[o] = '\0';
	return 1;
}

static int parse_time(struct strace_state *st, const char *s, char **end,
		      double *t)
{
	char *e;
	double v;

	if (strchr(s, ':') && strchr(s, ':') < strchr(s, ' ')) {
		/* -t / -tt: time of day */
		long h = strtol(s, &e, 10), m, sec;
		double frac = 0;

		if (*e != ':')
			return -1;
		m = strtol(e + 1, &e, 10);
		if (*e != ':')
			return -1;
		sec = strtol(e + 1, &e, 10);
		if (*e == '.')
			frac = strtod(e, &e);
		v = (double)(h * 3600 + m * 60 + sec) + frac;
		/* the day rolls over at midnight */
		if (st->have_time && v + 43200 < st->last_tod)
			st->day += 86400;
		st->last_tod = v;
		v += st->day;
	} else {
		v = strtod(s, &e);
		if (e == s)
			return -1;
		if (st->job)
			st->job->date_known = 1;
	}
	st->have_time = 1;
	*end = e;
	*t = v;
	return 0;
}

/* ---- effects of calls ---- */

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

static void sys_add(struct strace_state *st, const struct call *c,
		    int64_t bytes)
{
	struct iol_job *job = st->job;
	size_t i;

	if (!st->loading)
		return;
	for (i = 0; i < job->nsys; i++)
		if (!strcmp(job->sys[i].name, c->name))
			break;
	if (i == job->nsys) {
		struct iol_jsys *ns =
			realloc(job->sys, (job->nsys + 1) * sizeof(*ns));

		if (!ns)
			return;
		job->sys = ns;
		memset(&job->sys[i], 0, sizeof(job->sys[i]));
		memcpy(job->sys[i].name, c->name, sizeof(job->sys[i].name));
		job->nsys++;
	}
	job->sys[i].calls++;
	if (c->failed)
		job->sys[i].errors++;
	job->sys[i].time += c->dur;
	job->sys[i].bytes += bytes > 0 ? bytes : 0;
}

static void ts_min(double *slot, double v)
{
	if (*slot == 0 || v < *slot)
		*slot = v;
}

static void ts_max(double *slot, double v)
{
	if (v > *slot)
		*slot = v;
}

static void size_count(struct prec *r, int64_t size)
{
	int64_t *n2;
	size_t i;

	for (i = 0; i < r->nsizes; i++)
		if (r->sizes[2 * i] == size) {
			r->sizes[2 * i + 1]++;
			return;
		}
	/* pairs of (size, count) */
	n2 = iol_grow(r->sizes, &r->capsizes, r->nsizes, 2 * sizeof(*n2), 4);
	if (!n2)
		return;
	r->sizes = n2;
	r->sizes[2 * r->nsizes] = size;
	r->sizes[2 * r->nsizes + 1] = 1;
	r->nsizes++;
}

static int bin_of(int64_t n)
{
	static const int64_t edge[9] = {
		100,	 1024,	   10240,     102400,	  1048576,
		4194304, 10485760, 104857600, 1073741824,
	};
	int b;

	for (b = 0; b < 9; b++)
		if (n <= edge[b])
			return b;
	return 9;
}

/* a data transfer on a regular file */
static void data_op(struct strace_state *st, struct proc *p, int file,
		    int is_read, int64_t off, int64_t bytes,
		    const struct call *c)
{
	struct prec *r;
	size_t idx;
	double s = c->start - st->t0, e = s + c->dur;

	r = rec_get(st, file, p->rank, &idx);
	if (!r)
		return;
	if (!st->loading) {
		if (st->npend < 2) {
			struct iol_seg *g = &st->pend[st->npend];

			g->off = off;
			g->len = bytes;
			g->start = s;
			g->end = e;
			g->tid = (uint64_t)p->pid;
			st->pend_rec[st->npend] = idx;
			st->pend_read[st->npend] = is_read;
			st->npend++;
		}
		return;
	}
	if (is_read) {
		r->rcount++;
		r->ic[P_READS]++;
		r->ic[P_BYTES_READ] += bytes;
		if (off >= 0) {
			if (off + bytes - 1 > r->ic[P_MAX_BYTE_READ])
				r->ic[P_MAX_BYTE_READ] = off + bytes - 1;
			if (off == r->last_rend)
				r->ic[P_CONSEC_READS]++;
			if (off >= r->last_rend)
				r->ic[P_SEQ_READS]++;
			r->last_rend = off + bytes;
		}
		r->ic[P_SIZE_READ_0 + bin_of(bytes)]++;
		if (r->last_op == 2)
			r->ic[P_RW_SWITCHES]++;
		r->last_op = 1;
		ts_min(&r->fc[PF_READ_START], s > 0 ? s : 1e-9);
		ts_max(&r->fc[PF_READ_END], e);
		r->fc[PF_READ_TIME] += c->dur;
		if (c->dur > r->fc[PF_MAX_READ_TIME]) {
			r->fc[PF_MAX_READ_TIME] = c->dur;
			r->ic[P_MAX_READ_TIME_SIZE] = bytes;
		}
	} else {
		r->wcount++;
		r->ic[P_WRITES]++;
		r->ic[P_BYTES_WRITTEN] += bytes;
		if (off >= 0) {
			if (off + bytes - 1 > r->ic[P_MAX_BYTE_WRITTEN])
				r->ic[P_MAX_BYTE_WRITTEN] = off + bytes - 1;
			if (off == r->last_wend)
				r->ic[P_CONSEC_WRITES]++;
			if (off >= r->last_wend)
				r->ic[P_SEQ_WRITES]++;
			r->last_wend = off + bytes;
		}
		r->ic[P_SIZE_WRITE_0 + bin_of(bytes)]++;
		if (r->last_op == 1)
			r->ic[P_RW_SWITCHES]++;
		r->last_op = 2;
		ts_min(&r->fc[PF_WRITE_START], s > 0 ? s : 1e-9);
		ts_max(&r->fc[PF_WRITE_END], e);
		r->fc[PF_WRITE_TIME] += c->dur;
		if (c->dur > r->fc[PF_MAX_WRITE_TIME]) {
			r->fc[PF_MAX_WRITE_TIME] = c->dur;
			r->ic[P_MAX_WRITE_TIME_SIZE] = bytes;
		}
	}
	size_count(r, bytes);
}

/* a metadata call on a regular file: counter index or -1, meta time */
static void meta_op(struct strace_state *st, struct proc *p, int file,
		    int counter, const struct call *c, int opening, int closing)
{
	struct prec *r;
	size_t idx;
	double s = c->start - st->t0, e = s + c->dur;

	if (!st->loading)
		return;
	r = rec_get(st, file, p->rank, &idx);
	if (!r)
		return;
	if (counter >= 0)
		r->ic[counter]++;
	r->fc[PF_META_TIME] += c->dur;
	if (opening) {
		ts_min(&r->fc[PF_OPEN_START], s > 0 ? s : 1e-9);
		ts_max(&r->fc[PF_OPEN_END], e);
	}
	if (closing) {
		ts_max(&r->fc[PF_CLOSE_START], s);
		ts_max(&r->fc[PF_CLOSE_END], e);
	}
}

static void other_op(struct strace_state *st, int kind, int is_read,
		     int64_t bytes, double dur)
{
	struct iol_jother *o;
	int k;

	if (!st->loading)
		return;
	k = kind == FD_PIPE	? IOL_OTHER_PIPE
	    : kind == FD_SOCKET ? IOL_OTHER_SOCKET
	    : kind == FD_STD	? IOL_OTHER_STD
				: IOL_OTHER_DEVICE;
	o = &st->job->other[k];
	if (is_read) {
		o->reads++;
		o->bytes_read += bytes;
	} else {
		o->writes++;
		o->bytes_written += bytes;
	}
	o->time += dur;
}

/* transfer on fd: classify, move the offset, count */
static void xfer(struct strace_state *st, struct proc *p, long fd, char *ypath,
		 int is_read, int64_t at, int64_t bytes, const struct call *c)
{
	struct fdent *f = fd_at(p, fd, 1);
	int64_t off;

	if (!f)
		return;
	if (f->kind == FD_NONE) {
		/* a descriptor we never saw opened: -y tells what it is */
		int k = kind_of_ypath(ypath);

		f->kind = k < 0 ? FD_DEVICE : k;
		f->off = -1;
		if (f->kind == FD_FILE) {
			int fi = file_index(st, ypath);

			if (fi < 0)
				return;
			f->file = fi;
		}
	}
	if (at >= 0) {
		off = at;
	} else {
		off = f->off;
		if (f->off >= 0)
			f->off += bytes;
	}
	if (f->kind == FD_FILE)
		data_op(st, p, f->file, is_read, off, bytes, c);
	else
		other_op(st, f->kind, is_read, bytes, c->dur);
}

static void do_open(struct strace_state *st, struct proc *p, struct call *c,
		    const char *path, const char *flags)
{
	struct fdent *f;
	int fi, kind = FD_FILE, created;

	if (!path)
		return;
	if (is_device_path(path))
		kind = FD_DEVICE;
	else if (flags && strstr(flags, "O_DIRECTORY"))
		kind = FD_DIR;
	if (c->failed || c->unknown_ret)
		return;
	f = fd_at(p, (long)c->ret, 1);
	if (!f)
		return;
	memset(f, 0, sizeof(*f));
	f->kind = kind;
	f->cloexec = flags && strstr(flags, "O_CLOEXEC") != NULL;
	f->off = flags && strstr(flags, "O_APPEND") ? -1 : 0;
	if (kind != FD_FILE)
		return;
	fi = file_index(st,
			c->retpath && c->retpath[0] == '/' ? c->retpath : path);
	if (fi < 0)
		return;
	f->file = fi;
	/* O_CREAT creates a file nobody had opened or stat'ed before */
	created = flags && (strstr(flags, "O_CREAT") != NULL) &&
		  (strstr(flags, "O_EXCL") || !st->files[fi].seen_ok);
	if (st->loading && created && !st->files[fi].created) {
		st->files[fi].created = 1;
		st->job->ncreated++;
	}
	st->files[fi].seen_ok = 1;
	meta_op(st, p, fi, P_OPENS, c, 1, 0);
}

static void do_path_meta(struct strace_state *st, struct proc *p,
			 struct call *c, int argi, int counter)
{
	char path[4096];
	int fi;

	if (c->failed || !arg_str(c, argi, path, sizeof(path)) ||
	    is_device_path(path) || path[0] == '\0')
		return;
	fi = file_index(st, path);
	if (fi < 0)
		return;
	st->files[fi].seen_ok = 1;
	meta_op(st, p, fi, counter, c, 0, 0);
}

static void do_fd_meta(struct strace_state *st, struct proc *p, struct call *c,
		       int argi, int counter, int closing)
{
	char *y;
	long fd = arg_fd(c, argi, &y);
	struct fdent *f = fd_at(p, fd, 0);

	if (!f || f->kind != FD_FILE)
		return;
	meta_op(st, p, f->file, counter, c, 0, closing);
}

static void dup_fd(struct proc *p, long from, long to, int cloexec)
{
	struct fdent *a = fd_at(p, from, 0), *b;
	struct fdent copy;

	if (!a || to < 0)
		return;
	copy = *a;
	b = fd_at(p, to, 1);
	if (!b)
		return;
	*b = copy;
	b->cloexec = cloexec;
}

/* clone and fork: the child shares the table or gets a copy */
static void do_clone(struct strace_state *st, struct proc *p, struct call *c,
		     int share)
{
	struct proc *child;
	struct fdtab *t;
	size_t pi = (size_t)(p - st->procs);

	if (c->failed || c->unknown_ret || c->ret <= 0)
		return;
	t = proc_fds(p);
	child = proc_get(st, (int)c->ret);
	if (!child)
		return;
	p = &st->procs[pi]; /* proc_get may move the array */
	if (child->fds)
		return; /* the child already spoke */
	if (share && t) {
		t->refs++;
		child->fds = t;
	} else if (t) {
		child->fds = fdtab_copy(t);
	}
	if (st->opts.rank_from == IOL_RANK_FROM_FILE)
		child->rank = p->rank;
}

static void handle(struct strace_state *st, struct proc *p, struct call *c)
{
	const char *n = c->name;
	char path[4096], *y = NULL;
	long fd;
	int ok, i;

	/* data */
	if (!strcmp(n, "read") || !strcmp(n, "readv") || !strcmp(n, "write") ||
	    !strcmp(n, "writev")) {
		int is_read = n[0] == 'r';

		fd = arg_fd(c, 0, &y);
		if (!c->failed && !c->unknown_ret)
			xfer(st, p, fd, y, is_read, -1, c->ret, c);
		sys_add(st, c, c->failed ? 0 : c->ret);
		return;
	}
	if (!strcmp(n, "pread64") || !strcmp(n, "pwrite64") ||
	    !strcmp(n, "preadv") || !strcmp(n, "pwritev") ||
	    !strcmp(n, "preadv2") || !strcmp(n, "pwritev2") ||
	    !strcmp(n, "pread") || !strcmp(n, "pwrite")) {
		int is_read = n[1] == 'r';
		long long at = arg_int(c, 3, &ok);

		fd = arg_fd(c, 0, &y);
		if (!ok)
			at = -1;
		if (!c->failed && !c->unknown_ret)
			xfer(st, p, fd, y, is_read, at, c->ret, c);
		sys_add(st, c, c->failed ? 0 : c->ret);
		return;
	}
	if (!strcmp(n, "sendfile") || !strcmp(n, "sendfile64") ||
	    !strcmp(n, "copy_file_range") || !strcmp(n, "splice")) {
		int cfr = n[0] != 's' ||
			  n[2] == 'l'; /* copy_file_range, splice */
		char *yin, *yout;
		long in = arg_fd(c, cfr ? 0 : 1, &yin);
		long out = arg_fd(c, cfr ? 2 : 0, &yout);
		long long at_in = -1, at_out = -1;
		char *a;

		/* offsets given as "[n]" (strace may add " => [m]") */
		a = c->nargs > (cfr ? 1 : 2) ? c->args[cfr ? 1 : 2] : NULL;
		if (a && a[0] == '[')
			at_in = strtoll(a + 1, NULL, 0);
		a = cfr && c->nargs > 3 ? c->args[3] : NULL;
		if (a && a[0] == '[')
			at_out = strtoll(a + 1, NULL, 0);
		if (!c->failed && !c->unknown_ret && c->ret > 0) {
			xfer(st, p, in, yin, 1, at_in, c->ret, c);
			xfer(st, p, out, yout, 0, at_out, c->ret, c);
		}
		sys_add(st, c, c->failed ? 0 : c->ret);
		return;
	}
	sys_add(st, c, 0);
	if (c->unknown_ret && strcmp(n, "execve"))
		return;
	/* descriptors */
	if (!strcmp(n, "open") || !strcmp(n, "openat") ||
	    !strcmp(n, "openat2") || !strcmp(n, "creat") ||
	    !strcmp(n, "open64")) {
		int pi = n[4] == 'a' ? 1 : 0; /* openat, openat2 */
		const char *flags = c->nargs > pi + 1 ? c->args[pi + 1] : NULL;

		if (!arg_str(c, pi, path, sizeof(path)))
			return;
		if (!strcmp(n, "creat"))
			flags = "O_WRONLY|O_CREAT|O_TRUNC";
		if (c->retpath) {
			/* -y names what was actually opened */
			int k = kind_of_ypath(c->retpath);

			if (k == FD_DEVICE && !c->failed) {
				struct fdent *f = fd_at(p, (long)c->ret, 1);

				if (f) {
					memset(f, 0, sizeof(*f));
					f->kind = FD_DEVICE;
					f->off = -1;
				}
				return;
			}
		}
		do_open(st, p, c, path, flags);
		return;
	}
	if (!strcmp(n, "close")) {
		fd = arg_fd(c, 0, &y);
		if (!c->failed) {
			struct fdent *f = fd_at(p, fd, 0);

			if (f && f->kind == FD_FILE)
				meta_op(st, p, f->file, -1, c, 0, 1);
			if (f)
				memset(f, 0, sizeof(*f));
		}
		return;
	}
	if (!strcmp(n, "dup")) {
		fd = arg_fd(c, 0, NULL);
		if (!c->failed) {
			struct fdent *f = fd_at(p, fd, 0);

			if (f && f->kind == FD_FILE)
				meta_op(st, p, f->file, P_DUPS, c, 0, 0);
			dup_fd(p, fd, (long)c->ret, 0);
		}
		return;
	}
	if (!strcmp(n, "dup2") || !strcmp(n, "dup3")) {
		fd = arg_fd(c, 0, NULL);
		if (!c->failed) {
			struct fdent *f = fd_at(p, fd, 0);

			if (f && f->kind == FD_FILE)
				meta_op(st, p, f->file, P_DUPS, c, 0, 0);
			dup_fd(p, fd, (long)c->ret,
			       n[3] == '3' && c->nargs > 2 &&
				       strstr(c->args[2], "O_CLOEXEC"));
		}
		return;
	}
	if (!strcmp(n, "fcntl") || !strcmp(n, "fcntl64")) {
		fd = arg_fd(c, 0, NULL);
		if (c->failed || c->nargs < 2)
			return;
		if (!strncmp(c->args[1], "F_DUPFD", 7)) {
			dup_fd(p, fd, (long)c->ret,
			       strstr(c->args[1], "CLOEXEC") != NULL);
		} else if (!strcmp(c->args[1], "F_SETFD") && c->nargs > 2) {
			struct fdent *f = fd_at(p, fd, 0);

			if (f)
				f->cloexec = strstr(c->args[2], "FD_CLOEXEC") !=
					     NULL;
		}
		return;
	}
	if (!strcmp(n, "pipe") || !strcmp(n, "pipe2") ||
	    !strcmp(n, "socketpair")) {
		/* pipe([r, w]), pipe2([r, w], flags), socketpair(d, t, p, [a,
		 * b]) */
		char *a = n[0] == 'p' ? (c->nargs > 0 ? c->args[0] : NULL)
				      : (c->nargs > 3 ? c->args[3] : NULL);
		if (!a || c->failed || a[0] != '[')
			return;
		for (i = 0, a++; i < 2; i++) {
			char *e;
			long v = strtol(a, &e, 10);
			struct fdent *f;

			if (e == a)
				break;
			f = fd_at(p, v, 1);
			if (f) {
				memset(f, 0, sizeof(*f));
				f->kind = n[0] == 's' ? FD_SOCKET : FD_PIPE;
				f->off = -1;
				f->cloexec = c->nargs > 1 &&
					     strstr(c->args[c->nargs - 1],
						    "CLOEXEC");
			}
			a = e;
			while (*a == ',' || *a == ' ' || *a == '<')
				a++;
		}
		return;
	}
	if (!strcmp(n, "socket") || !strcmp(n, "accept") ||
	    !strcmp(n, "accept4") || !strncmp(n, "epoll_create", 12) ||
	    !strncmp(n, "eventfd", 7) || !strncmp(n, "signalfd", 8) ||
	    !strcmp(n, "timerfd_create") || !strncmp(n, "inotify_init", 12) ||
	    !strcmp(n, "memfd_create") || !strcmp(n, "userfaultfd") ||
	    !strcmp(n, "perf_event_open") || !strcmp(n, "pidfd_open")) {
		if (!c->failed) {
			struct fdent *f = fd_at(p, (long)c->ret, 1);

			if (f) {
				memset(f, 0, sizeof(*f));
				f->kind = (n[0] == 's' && n[1] == 'o') ||
							  n[0] == 'a'
						  ? FD_SOCKET
						  : FD_DEVICE;
				f->off = -1;
			}
		}
		return;
	}
	if (!strcmp(n, "clone") || !strcmp(n, "clone3")) {
		do_clone(st, p, c,
			 c->nargs && strstr(c->args[0], "CLONE_FILES") != NULL);
		return;
	}
	if (!strcmp(n, "fork") || !strcmp(n, "vfork")) {
		do_clone(st, p, c, 0);
		return;
	}
	if (!strcmp(n, "execve") || !strcmp(n, "execveat")) {
		if (!c->failed) {
			struct fdtab *t = proc_fds(p);

			/* the first program run names the job */
			if (st->loading && !st->job->exe && c->nargs > 1 &&
			    c->args[1][0] == '[') {
				char exe[4096];
				size_t o = 0;
				char *a = c->args[1] + 1;

				while (*a == '"' && o + 2 < sizeof(exe)) {
					struct call one = {.nargs = 1};
					char word[2048];
					char *end = skip_string(a);
					char save = *end;

					*end = '\0';
					one.args[0] = a;
					if (arg_str(&one, 0, word,
						    sizeof(word))) {
						size_t l = strlen(word);

						if (o + l + 2 >= sizeof(exe))
							l = sizeof(exe) - o - 2;
						if (o)
							exe[o++] = ' ';
						memcpy(exe + o, word, l);
						o += l;
					}
					*end = save;
					a = end;
					while (*a == ',' || *a == ' ')
						a++;
				}
				exe[o] = '\0';
				st->job->exe = iol_arena_strdup(
					&st->job->priv->arena, exe);
			}
			if (t)
				for (i = 0; i < t->n; i++)
					if (t->v[i].cloexec)
						memset(&t->v[i], 0,
						       sizeof(t->v[i]));
		}
		return;
	}
	/* metadata */
	if (!strcmp(n, "lseek") || !strcmp(n, "llseek") ||
	    !strcmp(n, "_llseek")) {
		fd = arg_fd(c, 0, NULL);
		if (!c->failed) {
			struct fdent *f = fd_at(p, fd, 0);

			if (f) {
				if (n[0] == '_' && c->nargs > 3 &&
				    c->args[3][0] == '[')
					f->off = strtoll(c->args[3] + 1, NULL,
							 0);
				else
					f->off = c->ret;
				if (f->kind == FD_FILE)
					meta_op(st, p, f->file, P_SEEKS, c, 0,
						0);
			}
		}
		return;
	}
	if (!strcmp(n, "stat") || !strcmp(n, "lstat") || !strcmp(n, "stat64") ||
	    !strcmp(n, "lstat64") || !strcmp(n, "access") ||
	    !strcmp(n, "truncate") || !strcmp(n, "truncate64") ||
	    !strcmp(n, "unlink") || !strcmp(n, "mkdir") ||
	    !strcmp(n, "rmdir") || !strcmp(n, "statfs") ||
	    !strcmp(n, "readlink")) {
		int stat_like = n[0] == 's' || n[0] == 'l' || n[0] == 'a' ||
				n[0] == 'r';

		if (n[0] == 'm' || (n[0] == 'r' && n[1] == 'm'))
			return; /* directories are not files */
		do_path_meta(st, p, c, 0,
			     stat_like && strcmp(n, "readlink") ? P_STATS : -1);
		return;
	}
	if (!strcmp(n, "newfstatat") || !strcmp(n, "fstatat64") ||
	    !strcmp(n, "statx") || !strcmp(n, "faccessat") ||
	    !strcmp(n, "faccessat2") || !strcmp(n, "unlinkat") ||
	    !strcmp(n, "readlinkat")) {
		char p1[8];

		/* an empty path with AT_EMPTY_PATH is fstat of the fd */
		if (arg_str(c, 1, p1, sizeof(p1)) && p1[0] == '\0') {
			do_fd_meta(st, p, c, 0, P_STATS, 0);
			return;
		}
		if (!strcmp(n, "unlinkat") && c->nargs > 2 &&
		    strstr(c->args[2], "AT_REMOVEDIR"))
			return;
		do_path_meta(st, p, c, 1,
			     (n[0] == 'u' || n[4] == 'l') ? -1 : P_STATS);
		return;
	}
	if (!strcmp(n, "fstat") || !strcmp(n, "fstat64") ||
	    !strcmp(n, "fstatfs")) {
		do_fd_meta(st, p, c, 0, P_STATS, 0);
		return;
	}
	if (!strcmp(n, "fsync") || !strcmp(n, "sync_file_range") ||
	    !strcmp(n, "syncfs")) {
		do_fd_meta(st, p, c, 0, P_FSYNCS, 0);
		return;
	}
	if (!strcmp(n, "fdatasync")) {
		do_fd_meta(st, p, c, 0, P_FDSYNCS, 0);
		return;
	}
	if (!strcmp(n, "ftruncate") || !strcmp(n, "ftruncate64") ||
	    !strcmp(n, "getdents") || !strcmp(n, "getdents64") ||
	    !strcmp(n, "fadvise64") || !strcmp(n, "fallocate") ||
	    !strcmp(n, "flock")) {
		do_fd_meta(st, p, c, 0, -1, 0);
		return;
	}
	if (!strcmp(n, "mmap") || !strcmp(n, "mmap2")) {
		if (c->nargs > 4 && !c->failed) {
			long mfd = arg_fd(c, 4, NULL);

			if (mfd >= 0)
				do_fd_meta(st, p, c, 4, P_MMAPS, 0);
		}
		return;
	}
	if (!strcmp(n, "rename") || !strcmp(n, "renameat") ||
	    !strcmp(n, "renameat2")) {
		int a0 = n[6] == 'a' ? 1 : 0;
		char to[4096];
		int fi;

		do_path_meta(st, p, c, a0, P_RENAME_SOURCES);
		if (!c->failed && st->loading &&
		    arg_str(c, a0 == 1 ? 3 : 1, to, sizeof(to)) &&
		    (fi = file_index(st, to)) >= 0) {
			size_t idx;
			struct prec *r = rec_get(st, fi, p->rank, &idx);

			if (r)
				r->ic[P_RENAME_TARGETS]++;
		}
		return;
	}
}

/* ---- lines ---- */

/* returns 0 handled, 1 ignorable, -1 not a trace line */
static int parse_line(struct strace_state *st, char *line, struct call *c,
		      struct proc **pp)
{
	char *s = line, *e, *name, *rest;
	long pid = 0;
	struct proc *p;
	double t;
	size_t nl;

	memset(c, 0, sizeof(*c));
	while (*s == ' ')
		s++;
	if (!*s)
		return 1;
	if (!strncmp(s, "[pid", 4)) {
		pid = strtol(s + 4, &e, 10);
		if (*e != ']')
			return -1;
		s = e + 1;
	} else if (*s >= '0' && *s <= '9') {
		/* "PID TIME" or just "TIME": a pid has no ':' or '.' */
		pid = strtol(s, &e, 10);
		if (*e == ' ') {
			s = e;
		} else {
			pid = 0;
		}
	}
	while (*s == ' ')
		s++;
	if (strncmp(s, "strace:", 7) == 0)
		return 1;
	if (!(*s >= '0' && *s <= '9'))
		return -1;
	if (parse_time(st, s, &e, &t) < 0)
		return -1;
	s = e;
	while (*s == ' ')
		s++;
	p = proc_get(st, (int)pid);
	if (!p)
		return -1;
	*pp = p;
	c->pid = (int)pid;
	if (st->loading && (st->tmin == 0 || t < st->tmin))
		st->tmin = t;
	if (!strncmp(s, "+++ ", 4)) {
		/* exited or killed: the table goes with the process */
		fdtab_unref(p->fds);
		p->fds = NULL;
		p->alive = 0;
		free(p->pending);
		p->pending = NULL;
		return 1;
	}
	if (!strncmp(s, "--- ", 4))
		return 1; /* a signal */
	nl = strlen(s);
	if (!strncmp(s, "<... ", 5)) {
		/* "<... name resumed>rest": glue to the unfinished start */
		char *r = strstr(s, " resumed>");
		char *joined;
		size_t a, b;

		if (!r)
			return -1;
		if (!p->pending)
			return 1; /* started before the trace did */
		r += 9;
		a = strlen(p->pending);
		b = strlen(r);
		joined = malloc(a + b + 1);
		if (!joined)
			return -1;
		memcpy(joined, p->pending, a);
		memcpy(joined + a, r, b + 1);
		t = p->pstart;
		free(p->pending);
		p->pending = NULL;
		c->owned = joined; /* the call's arguments point into it */
		s = joined;
		nl = a + b;
	} else {
		char *u = strstr(s, " <unfinished ...>");

		if (u) {
			*u = '\0';
			free(p->pending);
			p->pending = strdup(s);
			p->pstart = t;
			return 1;
		}
	}
	c->start = t;
	/* name( */
	name = s;
	while ((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') ||
	       *s == '_')
		s++;
	if (*s != '(' || s == name || (size_t)(s - name) >= sizeof(c->name))
		goto bad;
	memcpy(c->name, name, (size_t)(s - name));
	c->name[s - name] = '\0';
	rest = split_args(s + 1, c);
	if (!rest)
		goto bad;
	while (*rest == ' ')
		rest++;
	if (*rest != '=')
		goto bad;
	rest++;
	while (*rest == ' ')
		rest++;
	if (*rest == '?') {
		c->unknown_ret = 1;
	} else {
		c->ret = strtoll(rest, &e, 0);
		if (e == rest)
			goto bad;
		rest = e;
		if (*rest == '<') {
			/* -y on a returned fd */
			char *gt = strchr(rest, '>');

			if (gt) {
				*gt = '\0';
				c->retpath = rest + 1;
				rest = gt + 1;
			}
		}
		if (c->ret < 0) {
			while (*rest == ' ')
				rest++;
			if (*rest >= 'A' && *rest <= 'Z')
				c->failed = 1;
		}
	}
	/* duration: the last "<...>" */
	e = strrchr(rest, '<');
	if (e)
		c->dur = strtod(e + 1, NULL);
	if (!(c->dur >= 0))
		c->dur = 0;
	if (st->loading && c->start + c->dur > st->tmax)
		st->tmax = c->start + c->dur;
	(void)nl;
	return 0;
bad:
	return -1;
}

static void pass_reset(struct strace_state *st)
{
	size_t i;

	for (i = 0; i < st->nprocs; i++) {
		fdtab_unref(st->procs[i].fds);
		free(st->procs[i].pending);
	}
	st->nprocs = 0;
	st->nranks = 0;
	st->day = 0;
	st->last_tod = 0;
	st->have_time = 0;
}

/* ---- Iota: "task start elapse offset op ret path-or-fd [lustre]" ---- */

static int split_ws(char *s, char **tok, int max)
{
	int n = 0;

	while (*s && n < max) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (!*s)
			break;
		tok[n++] = s;
		while (*s && *s != ' ' && *s != '\t')
			s++;
		if (*s)
			*s++ = '\0';
	}
	return n;
}

static int num_tok(const char *s, int allow_frac)
{
	char *e;

	if (allow_frac)
		(void)strtod(s, &e);
	else
		(void)strtoll(s, &e, 10);
	return e != s && *e == '\0';
}

/* 0 handled, 1 ignorable, -1 not an Iota line */
static int iota_line(struct strace_state *st, char *line)
{
	char *tok[9];
	int n = split_ws(line, tok, 9), task;
	struct call c;
	struct proc *p;
	const char *op;
	long long off, ret;
	char args[2][32];

	if (n == 0 || tok[0][0] == '#')
		return 1;
	if (n < 7 || !num_tok(tok[0], 0) || !num_tok(tok[1], 1) ||
	    !num_tok(tok[2], 1) || !num_tok(tok[3], 0) || !num_tok(tok[5], 0))
		return -1;
	memset(&c, 0, sizeof(c));
	task = (int)strtol(tok[0], NULL, 10);
	c.start = strtod(tok[1], NULL);
	c.dur = strtod(tok[2], NULL);
	if (!(c.dur >= 0))
		c.dur = 0;
	off = strtoll(tok[3], NULL, 10);
	op = tok[4];
	ret = strtoll(tok[5], NULL, 10);
	c.ret = ret;
	c.failed = ret < 0;
	if (task < 0)
		return -1;
	if (st->loading) {
		if (st->tmin == 0 || c.start < st->tmin)
			st->tmin = c.start;
		if (c.start + c.dur > st->tmax)
			st->tmax = c.start + c.dur;
	}
	p = proc_get(st, task);
	if (!p)
		return -1;
	p->rank = task; /* Iota's task is the rank */
	if (task >= st->nranks)
		st->nranks = task + 1;
	memcpy(c.name, op, strlen(op) < sizeof(c.name) ? strlen(op) + 1 : 1);
	if (!strcmp(op, "open") || !strcmp(op, "create")) {
		do_open(st, p, &c, tok[6],
			!strcmp(op, "create") ? "O_CREAT" : "");
		return 0;
	}
	if (!strcmp(op, "truncate") || !strcmp(op, "unlink") ||
	    !strcmp(op, "stat")) {
		/* reuse the strace path handling: one quoted argument */
		char quoted[4096];
		size_t l = strlen(tok[6]);

		if (l + 3 > sizeof(quoted))
			return -1;
		quoted[0] = '"';
		memcpy(quoted + 1, tok[6], l);
		quoted[l + 1] = '"';
		quoted[l + 2] = '\0';
		c.args[0] = quoted;
		c.nargs = 1;
		do_path_meta(st, p, &c, 0, op[0] == 's' ? P_STATS : -1);
		return 0;
	}
	/* the rest take a descriptor */
	if (!num_tok(tok[6], 0))
		return -1;
	snprintf(args[0], sizeof(args[0]), "%s", tok[6]);
	snprintf(args[1], sizeof(args[1]), "%lld", off);
	c.args[0] = args[0];
	c.nargs = 1;
	if (!strcmp(op, "read") || !strcmp(op, "write") ||
	    !strcmp(op, "pread") || !strcmp(op, "pwrite") ||
	    !strcmp(op, "fread") || !strcmp(op, "fwrite")) {
		int is_read = !strcmp(op, "read") || !strcmp(op, "pread") ||
			      !strcmp(op, "fread");

		if (!c.failed)
			xfer(st, p, strtol(tok[6], NULL, 10), NULL, is_read,
			     off >= 0 ? off : -1, ret, &c);
		return 0;
	}
	if (!strcmp(op, "seek")) {
		struct fdent *f = fd_at(p, strtol(tok[6], NULL, 10), 0);

		if (f && !c.failed) {
			f->off = ret >= 0 ? ret : off;
			if (f->kind == FD_FILE)
				meta_op(st, p, f->file, P_SEEKS, &c, 0, 0);
		}
		return 0;
	}
	if (!strcmp(op, "flush") || !strcmp(op, "sync") ||
	    !strcmp(op, "fsync")) {
		do_fd_meta(st, p, &c, 0, P_FSYNCS, 0);
		return 0;
	}
	if (!strcmp(op, "close")) {
		struct fdent *f = fd_at(p, strtol(tok[6], NULL, 10), 0);

		if (f && f->kind == FD_FILE && !c.failed)
			meta_op(st, p, f->file, -1, &c, 0, 1);
		if (f && !c.failed)
			memset(f, 0, sizeof(*f));
		return 0;
	}
	/* unknown operations: say so once each, go on */
	if (st->loading && strlen(st->unknown_ops) + strlen(op) + 3 <
				   sizeof(st->unknown_ops)) {
		char pat[40];

		snprintf(pat, sizeof(pat), " %s,", op);
		if (!strstr(st->unknown_ops, pat)) {
			size_t l = strlen(st->unknown_ops);

			snprintf(st->unknown_ops + l,
				 sizeof(st->unknown_ops) - l, "%s", pat);
			st->job->skipped_ops++;
		}
	}
	return 1;
}

/* one line; 0 ok, 1 skipped (lenient), < 0 error */
static int feed(struct strace_state *st, char *line, uint64_t lineno,
		const char *path, struct iol_error *err)
{
	struct call c;
	struct proc *p = NULL;
	int r;

	if (st->iota) {
		r = iota_line(st, line);
		if (r >= 0)
			return 0;
		if (st->opts.lenient) {
			if (st->loading)
				st->job->skipped++;
			return 1;
		}
		return iol_error_set(err, IOL_ESYNTAX,
				     "%s: line %llu is not an Iota trace line",
				     path, (unsigned long long)lineno);
	}
	r = parse_line(st, line, &c, &p);

	if (r < 0) {
		free(c.owned);
		if (st->opts.lenient) {
			if (st->loading)
				st->job->skipped++;
			return 1;
		}
		return iol_error_set(err, IOL_ESYNTAX,
				     "%s: line %llu is not strace output", path,
				     (unsigned long long)lineno);
	}
	if (r > 0) {
		free(c.owned);
		return 0;
	}
	handle(st, p, &c);
	free(c.owned);
	return 0;
}

/* ---- loading ---- */

/* does the file's first line look like strace output? */
int iol_strace_sniff_file(const char *path)
{
	struct iol_lines l;
	char *line;
	size_t len;
	int r = 0;

	if (iol_lines_open(&l, path, NULL) < 0)
		return 0;
	while (iol_lines_next(&l, &line, &len, NULL) == 1) {
		/* blank lines, strace's notes, comments of Iota traces */
		if (!len || !strncmp(line, "strace:", 7) || line[0] == '#')
			continue;
		r = iol_iota_sniff(line, len) ? 2 : iol_strace_sniff(line, len);
		break;
	}
	iol_lines_close(&l);
	return r;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int expand_paths(struct strace_state *st, const char *const *paths,
			int n, struct iol_error *err)
{
	int i;

	for (i = 0; i < n; i++) {
		struct stat sb;

		if (strcmp(paths[i], "-") && stat(paths[i], &sb) == 0 &&
		    S_ISDIR(sb.st_mode)) {
			DIR *d = opendir(paths[i]);
			struct dirent *de;
			char **list = NULL;
			size_t nl = 0, k;

			if (!d) {
				if (err)
					err->sys = errno;
				return iol_error_set(err, IOL_EIO, "%s",
						     strerror(errno));
			}
			while ((de = readdir(d))) {
				size_t l;
				char *full;

				if (de->d_name[0] == '.')
					continue;
				l = strlen(paths[i]) + strlen(de->d_name) + 2;
				full = malloc(l);
				list = realloc(list, (nl + 1) * sizeof(*list));
				if (!full || !list) {
					closedir(d);
					return iol_error_set(err, IOL_ENOMEM,
							     "out of memory");
				}
				snprintf(full, l, "%s/%s", paths[i],
					 de->d_name);
				/* a directory of traces may hold notes and
				 * summaries too: take the traces */
				if (stat(full, &sb) == 0 &&
				    S_ISREG(sb.st_mode) &&
				    iol_strace_sniff_file(full))
					list[nl++] = full;
				else
					free(full);
			}
			closedir(d);
			if (nl)
				qsort(list, nl, sizeof(*list), cmp_str);
			for (k = 0; k < nl; k++) {
				st->paths = realloc(st->paths,
						    (size_t)(st->npaths + 1) *
							    sizeof(*st->paths));
				st->paths[st->npaths++] = list[k];
			}
			free(list);
			continue;
		}
		st->paths = realloc(st->paths, (size_t)(st->npaths + 1) *
						       sizeof(*st->paths));
		if (!st->paths)
			return iol_error_set(err, IOL_ENOMEM, "out of memory");
		st->paths[st->npaths++] = strdup(paths[i]);
	}
	if (!st->npaths)
		return iol_error_set(err, IOL_EEMPTY, "no trace files");
	return 0;
}

static int run_file(struct strace_state *st, int fi, struct iol_error *err)
{
	struct iol_lines l;
	char *line;
	size_t len;
	int ret, nonempty = 0;

	ret = iol_lines_open(&l, st->paths[fi], err);
	if (ret < 0)
		return ret;
	st->cur_file = fi;
	/* every file starts its own clock day and processes */
	st->day = 0;
	st->have_time = 0;
	while ((ret = iol_lines_next(&l, &line, &len, err)) == 1) {
		if (memchr(line, '\0', len)) {
			ret = iol_error_set(err, IOL_ESYNTAX,
					    "%s: line %llu holds binary data",
					    st->paths[fi],
					    (unsigned long long)l.lineno);
			if (!st->opts.lenient)
				break;
			st->job->skipped += st->loading;
			continue;
		}
		if (len)
			nonempty = 1;
		ret = feed(st, line, l.lineno, st->paths[fi], err);
		if (ret < 0)
			break;
	}
	iol_lines_close(&l);
	if (ret == 0 && !nonempty)
		ret = iol_error_set(err, IOL_EEMPTY, "%s: empty trace",
				    st->paths[fi]);
	return ret < 0 ? ret : 0;
}

int iol_iota_sniff(const char *buf, size_t len)
{
	char line[512], *tok[9];
	size_t n = len < sizeof(line) - 1 ? len : sizeof(line) - 1;

	memcpy(line, buf, n);
	line[n] = '\0';
	if (strchr(line, '\n'))
		*strchr(line, '\n') = '\0';
	n = (size_t)split_ws(line, tok, 9);
	return n >= 7 && num_tok(tok[0], 0) && num_tok(tok[1], 1) &&
	       num_tok(tok[2], 1) && num_tok(tok[3], 0) && num_tok(tok[5], 0) &&
	       isalpha((unsigned char)tok[4][0]);
}

int iol_strace_sniff(const char *buf, size_t len)
{
	char line[512];
	size_t n = 0;
	const char *s;
	int digits = 0;

	while (n < len && n < sizeof(line) - 1 && buf[n] != '\n') {
		line[n] = buf[n];
		n++;
	}
	line[n] = '\0';
	s = line;
	if (!strncmp(s, "[pid", 4))
		return 1;
	while (*s >= '0' && *s <= '9')
		s++, digits++;
	if (!digits)
		return 0;
	if (*s == ' ')
		while (*s == ' ' || (*s >= '0' && *s <= '9') || *s == ':' ||
		       *s == '.')
			s++;
	else
		while ((*s >= '0' && *s <= '9') || *s == ':' || *s == '.' ||
		       *s == ' ')
			s++;
	while ((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') ||
	       *s == '_')
		s++;
	return *s == '(' || !strncmp(s, "+++", 3) || !strncmp(s, "---", 3) ||
	       !strncmp(s, "<...", 4);
}

static int cmp_rec(const void *a, const void *b, void *arg)
{
	const struct strace_state *st = arg;
	const struct prec *x = *(struct prec *const *)a,
			  *y = *(struct prec *const *)b;
	int c = strcmp(st->files[x->file].path, st->files[y->file].path);

	if (c)
		return c;
	return x->rank - y->rank;
}

int iol_job_load_strace(struct iol_job **out, const char *const *paths,
			int npaths, const struct iol_trace_opts *o,
			struct iol_error *err)
{
	struct iol_job *job;
	struct strace_state *st;
	struct iol_jmod *jm;
	size_t i;
	int ret, k, maxrank = 0;

	*out = NULL;
	job = calloc(1, sizeof(*job));
	st = calloc(1, sizeof(*st));
	if (!job || !st || !(job->priv = calloc(1, sizeof(*job->priv)))) {
		free(job);
		free(st);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	job->priv->st = st;
	job->kind = IOL_SRC_STRACE;
	memcpy(job->source, "strace", 7);
	job->path = paths[0];
	job->ncreated = 0;
	job->date_known = 0; /* -ttt timestamps set it */
	st->job = job;
	if (o)
		st->opts = *o;
	ret = expand_paths(st, paths, npaths, err);
	if (ret == 0 && iol_strace_sniff_file(st->paths[0]) == 2) {
		st->iota = 1;
		memcpy(job->source, "iota", 5);
	}
	st->loading = 1;
	st->t0 = 0; /* absolute during loading, made relative below */
	for (k = 0; ret == 0 && k < st->npaths; k++)
		ret = run_file(st, k, err);
	for (i = 0; i < st->nprocs; i++)
		if (st->procs[i].rank > maxrank)
			maxrank = st->procs[i].rank;
	pass_reset(st);
	st->loading = 0;
	if (ret < 0) {
		iol_job_close(job);
		return ret;
	}
	/* timestamps relative to the first call; 0 stays "never" */
	st->t0 = st->tmin;
	for (i = 0; i < st->nrecs; i++) {
		struct prec *r = st->recs[i];
		int f;

		for (f = 0; f <= PF_CLOSE_END; f++)
			if (r->fc[f] != 0) {
				r->fc[f] -= st->t0;
				if (r->fc[f] <= 0)
					r->fc[f] = 1e-9;
			}
	}
	/* the order records are listed in: path, then rank (stable) */
	if (st->nrecs)
		qsort_r(st->recs, st->nrecs, sizeof(*st->recs), cmp_rec, st);
	free(st->rhash);
	st->rhash = NULL;
	st->rslots = 0;
	{
		/* re-index the sorted records */
		struct prec **sorted = st->recs;
		size_t n = st->nrecs, idx;

		st->recs = NULL;
		st->nrecs = st->caprecs = 0;
		st->loading = 1;
		for (i = 0; i < n; i++) {
			if (!rec_get(st, sorted[i]->file, sorted[i]->rank,
				     &idx)) {
				free(sorted);
				iol_job_close(job);
				return iol_error_set(err, IOL_ENOMEM,
						     "out of memory");
			}
			free(st->recs[idx]);
			st->recs[idx] = sorted[i];
		}
		free(sorted);
		st->loading = 0;
	}
	job->nprocs = st->opts.rank_from == IOL_RANK_FROM_PID || st->iota
			      ? maxrank + 1
			      : st->npaths;
	if (job->nprocs < maxrank + 1)
		job->nprocs = maxrank + 1;
	job->start_sec = (int64_t)floor(st->tmin);
	job->start_nsec = (int64_t)((st->tmin - floor(st->tmin)) * 1e9);
	job->end_sec = (int64_t)floor(st->tmax);
	job->end_nsec = (int64_t)((st->tmax - floor(st->tmax)) * 1e9);
	job->run_time = st->tmax - st->tmin;
	job->time_exact = 1;
	if (!job->exe)
		job->exe = iol_arena_strdup(&job->priv->arena, st->paths[0]);
	if (st->unknown_ops[0])
		job->unknown_ops =
			iol_arena_strdup(&job->priv->arena, st->unknown_ops);
	job->metadata = "";
	/* records into the job model: POSIX, one per file per rank */
	jm = &job->mod[IOL_MOD_POSIX];
	jm->present = jm->loaded = 1;
	jm->ver = 4;
	jm->recs = calloc(st->nrecs ? st->nrecs : 1, sizeof(*jm->recs));
	job->dxt[0] = calloc(st->nrecs ? st->nrecs : 1, sizeof(*job->dxt[0]));
	if (!jm->recs || !job->dxt[0]) {
		iol_job_close(job);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	for (i = 0; i < st->nrecs; i++) {
		struct prec *r = st->recs[i];
		struct iol_jrec *jr = &jm->recs[i];
		size_t a, b;
		int64_t *sz = r->sizes;

		/* the four most common access sizes, most frequent first */
		for (a = 0; a < r->nsizes && a < 4; a++) {
			size_t best = a;

			for (b = a + 1; b < r->nsizes; b++)
				if (sz[2 * b + 1] > sz[2 * best + 1] ||
				    (sz[2 * b + 1] == sz[2 * best + 1] &&
				     sz[2 * b] > sz[2 * best])) {
					best = b;
				}
			if (best != a) {
				int64_t t0 = sz[2 * a], t1 = sz[2 * a + 1];

				sz[2 * a] = sz[2 * best];
				sz[2 * a + 1] = sz[2 * best + 1];
				sz[2 * best] = t0;
				sz[2 * best + 1] = t1;
			}
			r->ic[P_ACCESS1 + a] = sz[2 * a];
			r->ic[P_ACCESS1_COUNT + a] = sz[2 * a + 1];
		}
		r->ic[P_FASTEST_RANK_BYTES] =
			r->ic[P_BYTES_READ] + r->ic[P_BYTES_WRITTEN];
		r->ic[P_SLOWEST_RANK_BYTES] = r->ic[P_FASTEST_RANK_BYTES];
		r->fc[PF_FASTEST_RANK_TIME] = r->fc[PF_READ_TIME] +
					      r->fc[PF_WRITE_TIME] +
					      r->fc[PF_META_TIME];
		r->fc[PF_SLOWEST_RANK_TIME] = r->fc[PF_FASTEST_RANK_TIME];
		if (!r->ic[P_READS])
			r->ic[P_MAX_BYTE_READ] = 0;
		jr->id = st->files[r->file].id;
		jr->rank = r->rank;
		jr->ic = r->ic;
		jr->fc = r->fc;
		job->dxt[0][i].id = jr->id;
		job->dxt[0][i].rank = r->rank;
		job->dxt[0][i].wcount = r->wcount;
		job->dxt[0][i].rcount = r->rcount;
		job->nsegs[0] += (uint64_t)(r->wcount + r->rcount);
	}
	jm->n = st->nrecs;
	job->ndxt[0] = st->nrecs;
	job->mod[IOL_MOD_DXT_POSIX].present =
		job->mod[IOL_MOD_DXT_POSIX].loaded = 1;
	*out = job;
	return 0;
}

const char *iol_strace_name(const struct iol_job *job, uint64_t id)
{
	const struct strace_state *st = job->priv->st;
	size_t h;

	if (!st->fslots)
		return NULL;
	for (h = id & (st->fslots - 1); st->fhash[h] >= 0;
	     h = (h + 1) & (st->fslots - 1))
		if (st->files[st->fhash[h]].id == id)
			return st->files[st->fhash[h]].path;
	return NULL;
}

void iol_strace_free(struct iol_job *job)
{
	struct strace_state *st = job->priv->st;
	size_t i;

	pass_reset(st);
	free(st->procs);
	for (i = 0; i < st->nfiles; i++)
		free(st->files[i].path);
	free(st->files);
	free(st->fhash);
	for (i = 0; i < st->nrecs; i++) {
		free(st->recs[i]->sizes);
		free(st->recs[i]);
	}
	free(st->recs);
	free(st->rhash);
	for (i = 0; i < (size_t)st->npaths; i++)
		free(st->paths[i]);
	free(st->paths);
	free(st);
	job->priv->st = NULL;
	/* records point into st: the job must not use them any more */
	job->mod[IOL_MOD_POSIX].recs ? free(job->mod[IOL_MOD_POSIX].recs)
				     : (void)0;
	job->mod[IOL_MOD_POSIX].recs = NULL;
	job->mod[IOL_MOD_POSIX].n = 0;
}

/* ---- segments: the traces parsed again ---- */

struct iol_segs {
	const struct iol_job *job;
	struct strace_state *st;
	struct iol_lines l;
	int file;
	int open;
};

struct iol_segs *iol_strace_segs_open(const struct iol_job *job,
				      struct iol_error *err)
{
	struct iol_segs *it = calloc(1, sizeof(*it));

	if (!it) {
		iol_error_set(err, IOL_ENOMEM, "out of memory");
		return NULL;
	}
	it->job = job;
	it->st = job->priv->st;
	it->file = -1;
	pass_reset(it->st);
	it->st->npend = 0;
	return it;
}

long iol_strace_segs_next(struct iol_segs *it, struct iol_seg *segs, size_t max,
			  size_t *rec, int *is_read, struct iol_error *err)
{
	struct strace_state *st = it->st;
	char *line;
	size_t len;
	int ret;

	for (;;) {
		if (st->npend) {
			/* hand out one pending segment per call */
			segs[0] = st->pend[0];
			*rec = st->pend_rec[0];
			*is_read = st->pend_read[0];
			st->pend[0] = st->pend[1];
			st->pend_rec[0] = st->pend_rec[1];
			st->pend_read[0] = st->pend_read[1];
			st->npend--;
			(void)max;
			return 1;
		}
		if (!it->open) {
			if (it->file + 1 >= st->npaths)
				return 0;
			it->file++;
			ret = iol_lines_open(&it->l, st->paths[it->file], err);
			if (ret < 0)
				return ret;
			it->open = 1;
			st->cur_file = it->file;
			st->day = 0;
			st->have_time = 0;
		}
		ret = iol_lines_next(&it->l, &line, &len, err);
		if (ret < 0)
			return ret;
		if (ret == 0) {
			iol_lines_close(&it->l);
			it->open = 0;
			continue;
		}
		if (memchr(line, '\0', len))
			continue;
		ret = feed(st, line, it->l.lineno, st->paths[it->file], err);
		if (ret < 0)
			return ret;
	}
}

void iol_strace_segs_close(struct iol_segs *it)
{
	if (!it)
		return;
	if (it->open)
		iol_lines_close(&it->l);
	pass_reset(it->st);
	free(it);
}
