/*
 * Internals shared by the trace readers (strace-lex.c, strace-calls.c,
 * iota.c, reduce.c, trace-load.c).
 *
 * A trace is read in passes.  The loading pass builds what the job keeps
 * (struct tstate: the files, the POSIX-shaped records, the inputs); every
 * iterator later runs a pass of its own (struct tpass: processes,
 * descriptor tables, the clock), so passes never share mutable state.  The
 * system-call semantics turn calls into struct iol_event values handed to
 * the pass's sink: the reducer (reduce.c) in the loading pass, a queue in
 * the iterators.
 *
 * Ownership: struct tstate belongs to the job (iol_job_data) and is freed
 * by its source's free(); file paths in it are owned by it and live as
 * long as the job.  struct tpass belongs to whoever runs the pass and is
 * released by tr_pass_release().
 */
#ifndef IOLENS_TRACE_INT_H
#define IOLENS_TRACE_INT_H

#include <stddef.h>
#include <stdint.h>

#include "base/hash.h"
#include "base/lines.h"
#include "counters/counters.h"
#include "model/event.h"
#include "model/job-int.h"
#include "model/stack.h"
#include "sources/trace.h"

enum { FD_NONE, FD_FILE, FD_PIPE, FD_SOCKET, FD_STD, FD_DEVICE, FD_DIR };

struct fdent {
	int kind;
	int cloexec;
	int32_t file; /* index into files, FD_FILE only */
	int64_t off;  /* -1 unknown */
	double made;  /* when the call that made it returned; 0 unknown */
	int madeby;   /* the thread that made it */
	/* what it held before, when a thread's open took a number another
	 * thread's close had freed but not yet returned from, told by the
	 * times alone: for whole calls in the order they began (strace -ff,
	 * iolens trace) that trace-read.c could not take apart */
	int prevkind;
	int32_t prevfile;
	/* strace -f: a thread has a close of it unfinished (a hint: the
	 * threads' pending calls say which: took_over()) */
	int closing;
	double freed; /* when the close that last freed it began; 0 none */
	/* the directory it names, for the *at calls relative to it: 1 +
	 * its index in the pass's dirs (FD_FILE: its file's path); 0 not
	 * known (strace-dirs.c) */
	uint32_t dir;
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
	unsigned silent; /* calls since the last that gave an event */
	int tgid;	 /* its thread group (tr_tgid()) */
	/* a fork of its parent still running the parent's program (no
	 * exec since): its calls are that program's run, not another run
	 * of it as an MPI rank is; execd: it made an exec */
	int forked, execd;
	/* its pending close took effect before it returned: another
	 * thread's call returned the number it freed.  What it closed:
	 * early 1 + the kind (0 not so), earlyfile the file of FD_FILE */
	int early;
	int32_t earlyfile;
	/* the working directory its chdir calls made, relative to the
	 * trace's first (unknown) one unless absolute; NULL that one */
	char *cwd;
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

struct tfile {
	char *path;
	uint64_t id; /* iol_record_id(path) */
	int created;
};

/* what the loading pass leaves for the job's lifetime */
struct tstate {
	int iota;	       /* Iota traces instead of strace */
	char unknown_ops[512]; /* Iota operations reported once */
	struct iol_trace_opts opts;
	char **paths; /* inputs, expanded */
	int npaths;
	struct tfile *files;
	size_t nfiles, capfiles;
	struct iol_index fix; /* files by record id (and path) */
	struct prec **recs;   /* in the job's order once loaded */
	size_t nrecs, caprecs;
	struct iol_index rix; /* (file, rank) -> recs */
	double tmin, tmax;    /* absolute times of the first and last call */
	double t0;	      /* the job's start: tmin once loaded */
	/* -ttt times are kept less this many seconds (the first's, less
	 * 10^6), so that a double holds their nanoseconds: at 1.7e9 it
	 * holds no finer than 0.24 us; 0 for other times */
	int64_t ebase;
	int have_ebase;
	int tod; /* times are times of day (strace -t, -tt) */
	/* iolens trace's "# started" line: its seconds since the epoch,
	 * which date a trace whose lines have times of day only */
	int64_t started;
	int have_started;
	struct iol_job *job;
	/* threads (clone with CLONE_THREAD) seen while loading, so that
	 * the events pass knows a thread's process from its first line */
	struct tthread {
		int file, pid, tgid;
	} * threads;
	size_t nthreads, capthreads;
	struct iol_index tix; /* (file, pid) -> threads */
	long *ffpid;	      /* strace -ff: each input's pid; NULL otherwise */
	struct iol_stacks *stacks; /* strace -k's frames: NULL when none */
};

/* one reading of the inputs */
struct tpass {
	struct tstate *st;
	int loading; /* the loading pass: may add files, fill the job */
	struct proc *procs;
	size_t nprocs, capprocs;
	int nranks;   /* with rank_from pid: ranks handed out */
	int cur_file; /* input index */
	double day;   /* seconds added after a midnight wrap */
	double last_tod;
	int have_time;
	int relative;	     /* strace -r: each time since the line before */
	double relsum;	     /* ... their sum so far in this file */
	unsigned char *seen; /* per file: opened or stat'ed before */
	size_t capseen;
	/* per file: its size as the last stat of it said (st_size=),
	 * -1 none; a clone's source is known by it */
	int64_t *stsize;
	size_t capstsize;
	int (*sink)(void *ctx, const struct iol_event *ev);
	void *ctx;
	int err;	 /* first error of the pass (IOL_ENOMEM) */
	uint64_t nemit;	 /* events handed to sink */
	uint64_t nemit0; /* nemit when the current call began */
	const char *why; /* what made the current line bad, or NULL */
	/* the current line's first and last time: they widen the job's
	 * span only once the line is taken (a skipped line leaves none) */
	double span[2];
	int has_span;
	/* the paths of directory descriptors, each once (strace-dirs.c) */
	char **dirs;
	size_t ndirs, capdirs;
	struct iol_index dix;
	/* strace -k: the frames of the stack lines after the last call,
	 * and, once a line that is not one ends them, the stack's id
	 * (strace-stack.c) */
	uint32_t *stk;
	size_t nstk, capstk;
	uint32_t last_stack;
	int stack_done;
};

static inline void tr_line_span(struct tpass *ps, double t0, double t1)
{
	ps->span[0] = t0;
	ps->span[1] = t1;
	ps->has_span = 1;
}

/*
 * What a trace may say.  A value beyond these is bad input, refused with
 * the line's number (or skipped, counted, with --lenient), before any
 * arithmetic on it could overflow: times and durations become int64
 * seconds and nanoseconds, offsets are added to lengths.  No system call
 * moves more than 2 GiB (Linux's MAX_RW_COUNT) nor reaches past 2^62.
 */
#define TR_TIME_MAX 1e11 /* seconds since the epoch: the year 5138 */
#define TR_DUR_MAX 1e7	 /* one call: 115 days */
#define TR_OFF_MAX ((int64_t)1 << 62)
#define TR_LEN_MAX ((int64_t)1 << 40)

/* v in [0, max]: also false for NaN */
static inline int tr_in_range(double v, double max)
{
	return v >= 0 && v <= max;
}

#define MAXARGS 8

/* readers' results for a line: 0 a call, 1 nothing to do, TR_BADLINE not
 * a line of this format; < 0 is an error (IOL_ENOMEM) */
enum { TR_BADLINE = 2 };

/* one system call as the lexer read it */
struct call {
	char name[32];
	char *args[MAXARGS]; /* top-level arguments, trimmed */
	int nargs;
	long long ret;
	int failed;	 /* ret -1 with an errno */
	int err;	 /* ... its value when its name is known, else 0 */
	int unknown_ret; /* "= ?" */
	char *retpath;	 /* -y: path after the returned fd */
	unsigned mode;	 /* open family with O_CREAT: the mode argument */
	double start, dur;
	int pid;
	const char *why; /* the lexer's reason for a bad line */
	char *owned;	 /* text of a resumed call, freed after use */
};

/* trace-read.c: the inputs line by line */
struct tr_fly;
struct tr_outl;
struct tr_ffin {
	struct iol_lines l;
	int open, have;
	char *line;
	size_t len;
	double t, last;
};

struct tr_reader {
	struct tstate *st;
	int fi;		 /* the input of the line last given */
	uint64_t lineno; /* ... and its number there */
	int first;	 /* it is its file's first line that is not empty */
	int open, nonempty;
	struct iol_lines l; /* file after file */
	struct tr_ffin *in; /* -ff: every input at once */
	char *buf;	    /* -ff: the line with its pid */
	size_t cap;
	/* whole calls in the order they began (strace -ff merged, iolens
	 * trace) given as strace -f prints them, cut and resumed in the
	 * order of their begins and ends (trace-read.c) */
	int reorder;
	struct tr_fly *fly; /* calls begun, their ends to come */
	size_t nfly, capfly;
	int held;	     /* the one begun last, not given yet; -1 none */
	struct tr_outl *out; /* lines to give, from hout */
	size_t nout, hout, capout;
	char *cur;	  /* the line given last */
	double day, last; /* midnights passed; the last time read */
	int at_end;
};

/* A relative path of p's, from its working directory when chdir moved
 * it, "." and "d/.." taken out (strace-dirs.c): path rewritten in
 * place, n its room. */
void tr_cwd_join(const struct proc *p, char *path, size_t n);

/* strace-dirs.c: the directories descriptors name.  dir + "/" + rel
 * into out (n bytes), "." and "d/.." taken out (rel alone when
 * absolute); 0, or -1 when it does not fit. */
int tr_path_norm(const char *dir, const char *rel, char *out, size_t n);
/* path (n bytes of room) as the call c of p names it: a relative path
 * of an *at call taken from the directory of its descriptor argument
 * di (di < 0: none, the working directory).  0, IOL_ENOMEM, or
 * TR_BADLINE (a descriptor out of range: the call has no effect). */
int tr_at_path(struct tpass *ps, struct proc *p, struct call *c, int di,
	       char *path, size_t n);
/* The directory descriptor fd of p names (-y's ypath first), or NULL. */
const char *tr_fd_dir(struct tpass *ps, struct proc *p, long fd,
		      const char *ypath);
/* f, made by an open of path, names that directory: 0 or IOL_ENOMEM
 * (strace-procs.c keeps the paths, and tr_dirs_release() frees them). */
int tr_fd_set_dir(struct tpass *ps, struct fdent *f, const char *path);
void tr_dirs_release(struct tpass *ps);
/* -y's text (after '<', its '>' cut off) unescaped in place */
void tr_yunescape(char *s);

/* Every input starts its own clock day and processes. */
void tr_start_file(struct tpass *ps, int fi);
/* Whether the inputs are one strace -ff set (PREFIX.PID files without
 * a pid column): sets st->ffpid, owned by st.  0 or IOL_ENOMEM. */
int tr_ff_detect(struct tstate *st);
/* A call with no time before its name ("execve(", "123 execve(", "[pid
 * 123] execve("): strace run without -t, -tt or -ttt (sniff.c). */
int tr_untimed(const char *s);
void tr_reader_init(struct tr_reader *r, struct tstate *st);
/* The next line of the inputs (calling tr_start_file() on ps as each
 * begins): 1, 0 at their end, or < 0 with err set (an empty file). */
int tr_reader_next(struct tr_reader *r, struct tpass *ps, char **line,
		   size_t *len, struct iol_error *err);
void tr_reader_close(struct tr_reader *r);

/* strace-lex.c */
int tr_parse_line(struct tpass *ps, char *line, struct call *c,
		  struct proc **pp);
long long tr_arg_int(const struct call *c, int i, int *ok);
long tr_arg_fd(const struct call *c, int i, char **ypath);
int tr_arg_str(const struct call *c, int i, char *buf, size_t n);
char *tr_skip_string(char *s);

/* strace-procs.c: processes and descriptors of a pass */
struct proc *tr_proc_get(struct tpass *ps, int pid);
/* The child a clone, fork or vfork returned, made when new without
 * taking another process's descriptors (adopt() is for a child whose
 * own line comes first). */
struct proc *tr_proc_child(struct tpass *ps, int pid);
/* child forked from par by a clone with flags (strace-calls.c) */
void tr_fork_of(const struct proc *par, struct proc *child, const char *flags);
/* The thread group of pid in the current file (pid itself unless a
 * clone with CLONE_THREAD made it); tr_thread_add() records one, in the
 * loading pass.  0 or IOL_ENOMEM. */
int tr_tgid(const struct tpass *ps, int pid);
int tr_thread_add(struct tpass *ps, int pid, int tgid);
void tr_proc_exit(struct proc *p);
/* the fd's entry (made when create); NULL when out of range or no memory
 * (then ps->err is IOL_ENOMEM) */
struct fdent *tr_fd_at(struct tpass *ps, struct proc *p, long fd, int create);
struct fdtab *tr_proc_fds(struct tpass *ps, struct proc *p);
struct fdtab *tr_fdtab_copy(const struct fdtab *s);
int tr_oom(struct tpass *ps); /* sets ps->err, returns IOL_ENOMEM */
void tr_pass_release(struct tpass *ps);

/* strace-calls.c: the semantics of calls */
int tr_handle(struct tpass *ps, struct proc *p, struct call *c);
/* p's call is pending (strace -f's "<unfinished ...>"): a close marks
 * its descriptor, whose next maker then finds it (took_over()).  0 or
 * IOL_ENOMEM. */
int tr_note_pending(struct tpass *ps, struct proc *p);
/* the descriptor a pending call closes ("close(N"), or -1 */
long tr_pending_close(const char *pending);
int tr_calls_sorted(void); /* the table of calls is in strcmp order */
int tr_do_open(struct tpass *ps, struct proc *p, struct call *c,
	       const char *path, const char *flags);
int tr_do_path_meta(struct tpass *ps, struct proc *p, struct call *c, int argi,
		    int kind);
int tr_do_fd_meta(struct tpass *ps, struct proc *p, struct call *c, int argi,
		  int kind, unsigned flags);
int tr_meta(struct tpass *ps, struct proc *p, int file, int kind,
	    const struct call *c, unsigned flags, long fd);
int tr_xfer(struct tpass *ps, struct proc *p, long fd, char *ypath, int is_read,
	    int64_t at, int64_t bytes, const struct call *c);
/* a file's index, added in the loading pass; < 0 when absent or no
 * memory (IOL_ENOMEM) */
int tr_file_index(struct tstate *st, const char *path, int add);
/* the same by record id and path (events carry both) */
int tr_file_find(struct tstate *st, uint64_t id, const char *path, int add);
const char *tr_name_of(const struct tstate *st, uint64_t id);

/* strace-stack.c: strace -k's stack lines (" > module(fn+0x1) [0x2]") */
int tr_is_stack_line(const char *line);
/* a frame of the current call's stack: 0, TR_BADLINE, IOL_ENOMEM */
int tr_stack_line(struct tpass *ps, const char *line);
/* the stack lines so far end: their chain interned (loading pass) or
 * found, into ps->last_stack (0 none), and ps->stack_done set */
int tr_stack_end(struct tpass *ps);

/* iota.c */
int tr_iota_line(struct tpass *ps, char *line);
int tr_split_ws(char *s, char **tok, int max);
int tr_num_tok(const char *s, int allow_frac);

/* reduce.c: the shared reducer of events into records */
int tr_reduce(void *st, const struct iol_event *ev);
int tr_sys_add(struct tpass *ps, const struct call *c, int64_t bytes);
/* (file, rank) -> record index; add in the loading pass; -1 absent,
 * IOL_ENOMEM */
long tr_rec_index(struct tstate *st, int file, int rank, int add);
int tr_reduce_finish(struct tstate *st);
void tr_reduce_free(struct tstate *st);

#endif
