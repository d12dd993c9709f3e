/*
 * Every number a page shows is printed by the iolens command that prints
 * it on a terminal, run here as a child (`iolens files /dev/fd/3
 * --format=csv`): the server holds no second implementation of a number,
 * a log that crashes or exhausts its reader takes a child down and not
 * the server, and the time limit of a request is a kill.  posix_spawn,
 * as the server is threaded.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "serve/internal.h"
#include "serve/store.h"
#include "base/banned.h"

/* The children's niceness: the pages the server makes itself (the job
 * list, the twins, every page kept) take a few milliseconds of CPU and
 * are asked the most; a child computes a page's tables once (seconds at
 * a million jobs) to be kept.  Niced, it yields the cores to those
 * requests instead of sharing them equally (5: a third of the weight
 * of the server's threads). */
#define CHILD_NICE 5
#define RUN_MAX_OUT ((size_t)64 << 20)
#define RUN_MAX_ARGS 128

extern char **environ;

/* ---- the children's environment: their confinement ---- */

/* every child's environment: the server's, and IOLENS_SERVE_CONFINE
 * (render/batch.h serve_confine): made once before the server's threads */
static char **child_env;

/* "K DIR" of path's directory (path made absolute, the file's own
 * when a link: what Landlock sees), into b; of a file not there yet
 * (a test's hold file), its directory's */
static void dir_of(struct sb *b, char k, const char *path)
{
	char *abs = realpath(path, NULL), *slash, dir[4096];
	int file = abs != NULL;

	if (!abs) {
		snprintf(dir, sizeof dir, "%s", path);
		slash = strrchr(dir, '/');
		if (!slash)
			snprintf(dir, sizeof dir, ".");
		else
			slash[slash == dir] = '\0';
		if (!(abs = realpath(dir, NULL)))
			return;
	}
	slash = strrchr(abs, '/');
	if (file && slash && slash != abs)
		*slash = '\0';
	sb_printf(b, "%c %s\n", k, abs);
	free(abs);
}

/* The configuration every command reads (lib/population/siteconf.h):
 * the site's file or IOLENS_CONFIG's, the user's directory */
static void config_paths(struct sb *b)
{
	const char *sys = getenv("IOLENS_CONFIG"),
		   *x = getenv("XDG_CONFIG_HOME");
	const char *h = getenv("HOME");

	sb_printf(b, "r %s\n", sys && *sys ? sys : "/etc/iolens");
	if (x && *x == '/')
		sb_printf(b, "r %s/iolens\n", x);
	else if (h && *h)
		sb_printf(b, "r %s/.config/iolens\n", h);
}

/* What a child may read: the store's directory (its -wal and -shm
 * beside it), the --logs directories, the recordings, the modules
 * beside the binary, the configuration, and the system's read-only
 * files a command loads
 * (libraries, fonts, time zones, the count of processors); it writes
 * /dev/null only.  Nothing else: not the user's files, not /etc, not
 * /tmp, not /proc but its own. */
static void confine_spec(const struct serve_opts *o, struct sb *b)
{
	struct stat st;
	char *abs;

	sb_puts(b, "IOLENS_SERVE_CONFINE=");
	if (o->db && stat(o->db, &st) == 0 && S_ISREG(st.st_mode))
		dir_of(b, 'r', o->db);
	for (int i = 0; i < o->nlogs; i++)
		if ((abs = realpath(o->logs[i], NULL))) {
			sb_printf(b, "r %s\n", abs);
			free(abs);
		}
	for (int i = 0; i < o->niostat; i++)
		if ((abs = realpath(o->iostat[i], NULL))) {
			sb_printf(b, "r %s\n", abs);
			free(abs);
		}
	if (o->self)
		dir_of(b, 'r', o->self);
	config_paths(b);
	/* a test's child removes this file to stop itself (render/batch.c) */
	if (getenv("IOLENS_TEST_HOLD") && *getenv("IOLENS_TEST_HOLD"))
		dir_of(b, 'd', getenv("IOLENS_TEST_HOLD"));
	sb_puts(b, "r /usr\nr /etc/ld.so.cache\nr /etc/fonts\n"
		   "r /etc/localtime\nr /sys/devices/system/cpu\n"
		   "r /proc/self\nw /dev/null\n");
}

void run_env_init(const struct serve_opts *o)
{
	static const char name[] = "IOLENS_SERVE_CONFINE=";
	struct sb b = {0};
	int n = 0, k = 0;

	if (child_env)
		return;
	confine_spec(o, &b);
	while (environ[n])
		n++;
	if (b.nomem || !(child_env = calloc((size_t)n + 2, sizeof(char *))))
		return sb_free(&b);
	for (int i = 0; i < n; i++)
		if (strncmp(environ[i], name, sizeof name - 1))
			child_env[k++] = environ[i];
	child_env[k++] = b.s; /* kept for the server's life */
	child_env[k] = NULL;
}

char **run_env(void)
{
	return child_env ? child_env : environ;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* set when the server stops: children still running are killed (a
 * background run must not outlive the server's options and cache) */
static atomic_int stopping;

void run_stop(void)
{
	atomic_store(&stopping, 1);
}

int run_stopping(void)
{
	return atomic_load(&stopping);
}

/* Read both pipes until both end or the deadline; 0, or -1 at the
 * deadline, at the output limit or when the server stops. */
static int drain(int fo, int fe, double deadline, struct run *r)
{
	struct pollfd p[2] = {{fo, POLLIN, 0}, {fe, POLLIN, 0}};
	char buf[65536];
	ssize_t k;
	int open = 2, i, ms;

	while (open > 0) {
		ms = (int)((deadline - now()) * 1000);
		if (ms <= 0 || atomic_load(&stopping))
			return -1;
		if (ms > 100) /* a stop is seen within 100 ms */
			ms = 100;
		if (poll(p, 2, ms) < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		for (i = 0; i < 2; i++) {
			if (p[i].fd < 0 || !p[i].revents)
				continue;
			k = read(p[i].fd, buf, sizeof(buf));
			if (k < 0 && errno == EINTR)
				continue;
			if (k <= 0) {
				p[i].fd = -1;
				open--;
				continue;
			}
			sb_put(i ? &r->err : &r->out, buf, (size_t)k);
			if (r->out.len + r->err.len > RUN_MAX_OUT) {
				r->toobig = 1;
				return -1;
			}
		}
	}
	return 0;
}

/* pid CHILD_NICE nicer than the server (19 at most): relative, as a
 * server started niced stays above its children; the server's, not the
 * calling thread's (a page's thread of the slow lane or the thread
 * making pages ahead is niced): a visitor may wait for any child */
/* A table made in the background (a million jobs' dashboard: minutes
 * of CPU while its page says it is being made) no visitor waits for
 * now: its children run at the lowest priority, 19, and take the cores
 * the visitors leave.  At CHILD_NICE five such children held a
 * 1M-job bench's cores for its whole run, the list's p99 (163 ms on a
 * quiet machine against 58 ms on the 406-job store). */
#define BG_NICE 19
static _Thread_local int in_background;

static int child_niceness(void)
{
	int base;

	errno = 0;
	base = getpriority(PRIO_PROCESS, (id_t)getpid());
	if (errno)
		base = 0;
	base = in_background ? BG_NICE : base + CHILD_NICE;
	return base > 19 ? 19 : base;
}

static void child_nice(pid_t pid)
{
	setpriority(PRIO_PROCESS, (id_t)pid, child_niceness());
}

static int spawn(const struct serve_opts *o, const char *const *argv, int logfd,
		 int po[2], int pe[2], pid_t *pid)
{
	posix_spawn_file_actions_t fa;
	char *av[RUN_MAX_ARGS + 2];
	int n = 0, rc;

	av[n++] = (char *)o->self;
	while (argv[n - 1] && n <= RUN_MAX_ARGS)
		av[n] = (char *)argv[n - 1], n++;
	av[n] = NULL;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, po[1], 1);
	posix_spawn_file_actions_adddup2(&fa, pe[1], 2);
	if (logfd >= 0)
		posix_spawn_file_actions_adddup2(&fa, logfd, 3);
	rc = posix_spawn(pid, o->self, &fa, NULL, av, run_env());
	posix_spawn_file_actions_destroy(&fa);
	return rc;
}

/* What this thread's children cost since run_spent_reset(): the time
 * it waited for them, their CPU time (their rusage), how many (a
 * page's Server-Timing: a first visit's cost beyond the server's own
 * thread) */
static _Thread_local double spent_wall, spent_cpu, spent_worker;
static _Thread_local int spent_n;

double run_spent_worker(void)
{
	return spent_worker;
}

void run_spent_reset(void)
{
	spent_wall = spent_cpu = spent_worker = 0;
	spent_n = 0;
}

void run_spent(double *wall_ms, double *cpu_ms, int *n)
{
	*wall_ms = spent_wall;
	*cpu_ms = spent_cpu;
	*n = spent_n;
}

static double tv_ms(const struct timeval *t)
{
	return (double)t->tv_sec * 1e3 + (double)t->tv_usec / 1e3;
}

void run_iolens(const struct serve_opts *o, const char *const *argv, int logfd,
		struct run *r)
{
	int po[2], pe[2], st, dup = -1;
	double t0 = now();
	struct rusage ru;
	pid_t pid;

	memset(r, 0, sizeof(*r));
	r->status = -1;
	if (pipe2(po, O_CLOEXEC) < 0)
		return;
	if (pipe2(pe, O_CLOEXEC) < 0) {
		close(po[0]);
		close(po[1]);
		return;
	}
	/* above 3, so that dup2 to 3 is a real copy clearing close-on-exec */
	if (logfd >= 0)
		dup = fcntl(logfd, F_DUPFD_CLOEXEC, 10);
	if (spawn(o, argv, dup, po, pe, &pid) != 0) {
		pid = -1;
	} else {
		/* raising a niceness needs no privilege; failing it, the
		 * child runs as it would have */
		child_nice(pid);
		cache_count_child();
		cache_count_spawn();
	}
	close(po[1]);
	close(pe[1]);
	if (dup >= 0)
		close(dup);
	if (pid > 0 && drain(po[0], pe[0], now() + o->timeout_s, r) < 0) {
		kill(pid, SIGKILL);
		r->timedout = !r->toobig;
	}
	close(po[0]);
	close(pe[0]);
	if (pid <= 0)
		return;
	memset(&ru, 0, sizeof ru);
	while (wait4(pid, &st, 0, &ru) < 0 && errno == EINTR)
		;
	spent_wall += (now() - t0) * 1e3;
	spent_cpu += tv_ms(&ru.ru_utime) + tv_ms(&ru.ru_stime);
	spent_n++;
	if (!r->timedout && !r->toobig && WIFEXITED(st))
		r->status = WEXITSTATUS(st);
}

void run_free(struct run *r)
{
	sb_free(&r->out);
	sb_free(&r->err);
}

/* ---- many commands: from the cache, or in one child ---- */

/* The key of the output of argv on the log of logfd: the log's
 * identity, the store's state when argv reads the store (stamp: asked
 * once for all the commands of a page, "" until then), the identity of
 * each --iostat recording (one being written grows), the arguments; 0,
 * or -1 when the output is not to be kept (a store whose state cannot
 * be known). */
static int key_of(const struct serve_opts *o, const char *const *argv,
		  int logfd, char *stamp, size_t nstamp, struct sb *k)
{
	struct stat st;
	int db = 0;

	for (int i = 0; argv[i]; i++)
		db |= o->db && !strcmp(argv[i], o->db);
	if (logfd >= 0) {
		if (fstat(logfd, &st) < 0)
			return -1;
		sb_printf(k, "L%llu:%llu:%lld:%lld.%09ld|",
			  (unsigned long long)st.st_dev,
			  (unsigned long long)st.st_ino, (long long)st.st_size,
			  (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
	}
	if (db) {
		if (!stamp[0] && store_stamp(o, NULL, stamp, nstamp) < 0)
			snprintf(stamp, nstamp, "!");
		if (!strcmp(stamp, "!"))
			return -1;
		sb_printf(k, "D%s|", stamp);
	}
	for (int i = 0; argv[i] && argv[i + 1]; i++)
		if (!strcmp(argv[i], "--iostat")) {
			if (stat(argv[i + 1], &st) < 0)
				return -1;
			sb_printf(k, "R%llu:%lld:%lld.%09ld|",
				  (unsigned long long)st.st_ino,
				  (long long)st.st_size,
				  (long long)st.st_mtim.tv_sec,
				  st.st_mtim.tv_nsec);
		}
	for (int i = 0; argv[i]; i++)
		sb_printf(k, "%zu:%s", strlen(argv[i]), argv[i]);
	return k->nomem ? -1 : 0;
}

int run_key(const struct serve_opts *o, const char *const *argv, int logfd,
	    struct sb *k)
{
	char stamp[256] = "";

	return key_of(o, argv, logfd, stamp, sizeof stamp, k);
}

/* set when a run of this thread's page came back killed or pending: the
 * page is not kept whole (its runs are tried again, or have come, by
 * the next visit); failed when one came back a failure (status 1 or
 * more: the page is kept in memory, not on disk) */
static _Thread_local int short_run, failed_run;

void run_mark_reset(void)
{
	short_run = failed_run = 0;
}

int run_marked(void)
{
	return short_run;
}

int run_failed(void)
{
	return failed_run;
}

static void mark(const struct run *r, int n)
{
	for (int i = 0; i < n; i++) {
		if (r[i].status < 0 || r[i].pending)
			short_run = 1;
		if (r[i].status > 0)
			failed_run = 1;
	}
}

/* n from its decimal digits at *p ended by c; -1 if none */
static long long frame_num(const char **p, const char *end, char c)
{
	long long v = 0;
	const char *s = *p;

	if (s >= end || *s < '0' || *s > '9')
		return -1;
	while (s < end && *s >= '0' && *s <= '9' && v < (1LL << 40))
		v = v * 10 + (*s++ - '0');
	if (s >= end || *s != c)
		return -1;
	*p = s + 1;
	return v;
}

/* The next frame of a batch's output at *p into r: "status outlen
 * errlen\n" then the bytes; 0, or -1 when there is none whole. */
static int frame(const char **p, const char *end, struct run *r)
{
	const char *s = *p;
	long long st = frame_num(&s, end, ' ');
	long long no = frame_num(&s, end, ' ');
	long long ne = frame_num(&s, end, '\n');

	if (st < 0 || st > 255 || no < 0 || ne < 0 || end - s < no + ne)
		return -1;
	memset(r, 0, sizeof(*r));
	r->status = (int)st;
	sb_put(&r->out, s, (size_t)no);
	sb_put(&r->err, s + no, (size_t)ne);
	*p = s + no + ne;
	return 0;
}

/* the store's state of this thread's page (run_many's), for a worker */
static _Thread_local const char *page_stamp = "";

/* A batch by a worker; a background run (its children niced to 19 for
 * minutes) and a batch no worker took by a child of its own. */
static void worker_or_child(const struct serve_opts *o, const char *const *av,
			    int logfd, struct run *b)
{
	double t0 = now(), cpu, wait;

	if (!in_background &&
	    worker_batch(o, page_stamp, av, logfd, child_niceness(), b, &cpu,
			 &wait) == 0) {
		spent_wall += (now() - t0) * 1e3;
		spent_worker += wait;
		spent_cpu += cpu;
		spent_n++;
		return;
	}
	run_iolens(o, av, logfd, b);
}

/* The commands of todo[0..n) (indexes into argvs) in one child; the
 * number of them it printed whole, the next one's run in r when the
 * child was killed at the time or output limit (it alone is charged
 * with it). */
static int run_batch(const struct serve_opts *o,
		     const char *const *const *argvs, const int *todo, int n,
		     int logfd, struct run *r)
{
	const char *av[RUN_MAX_ARGS + 1];
	const char *p, *end;
	struct run b;
	int k = 0, i = 0, j;

	av[k++] = "--serve-batch";
	for (i = 0; i < n; i++) {
		if (i)
			av[k++] = "\x1e";
		for (j = 0; argvs[todo[i]][j] && k < RUN_MAX_ARGS - 1; j++)
			av[k++] = argvs[todo[i]][j];
	}
	av[k] = NULL;
	worker_or_child(o, av, logfd, &b);
	p = b.out.s;
	end = p + b.out.len;
	for (i = 0; i < n && p && frame(&p, end, &r[todo[i]]) == 0; i++)
		;
	if (i < n && (b.timedout || b.toobig)) {
		memset(&r[todo[i]], 0, sizeof(r[0]));
		r[todo[i]].status = -1;
		r[todo[i]].timedout = b.timedout;
		r[todo[i]].toobig = b.toobig;
		i++;
	}
	run_free(&b);
	return i;
}

/* todo's commands, as many as may in one child at a time: past one
 * that crashed the child, that one runs alone (its own result, as
 * before there were batches); past the time limit the others have a
 * time of their own, as they had alone. */
static void run_all(const struct serve_opts *o, const char *const *const *argvs,
		    const int *todo, int n, int logfd, struct run *r)
{
	int k;

	while (n > 0) {
		/* alone unless a worker takes it (a batch of one) */
		if (n == 1 && in_background) {
			run_iolens(o, argvs[todo[0]], logfd, &r[todo[0]]);
			return;
		}
		k = run_batch(o, argvs, todo, n, logfd, r);
		if (k == 0) {
			run_iolens(o, argvs[todo[0]], logfd, &r[todo[0]]);
			k = 1;
		}
		todo += k;
		n -= k;
	}
}

void run_many(const struct serve_opts *o, const char *const *const *argvs,
	      int n, int logfd, struct run *r)
{
	struct sb key[RUN_MAX_MANY];
	int todo[RUN_MAX_MANY] = {0}, ntodo = 0, keep[RUN_MAX_MANY];
	char stamp[256] = "";
	int claimed = 0;

	for (int i = 0; i < n && i < RUN_MAX_MANY; i++) {
		memset(&key[i], 0, sizeof(key[i]));
		keep[i] = key_of(o, argvs[i], logfd, stamp, sizeof stamp,
				 &key[i]) == 0;
		/* waiting for another's run while holding one of ours
		 * could wait for ever: the holder may wait for ours */
		if (!keep[i] || cache_get(&key[i], &r[i], !claimed) < 1) {
			todo[ntodo++] = i;
			claimed = 1;
		}
	}
	page_stamp = stamp;
	run_all(o, argvs, todo, ntodo, logfd, r);
	page_stamp = "";
	for (int t = 0; t < ntodo; t++)
		if (keep[todo[t]]) {
			cache_put(&key[todo[t]], &r[todo[t]], 0);
			disk_put(&key[todo[t]], &r[todo[t]]);
		}
	for (int i = 0; i < n && i < RUN_MAX_MANY; i++)
		sb_free(&key[i]);
	mark(r, n < RUN_MAX_MANY ? n : RUN_MAX_MANY);
}

void run_demote(const struct serve_opts *o, const char *const *const *argvs,
		int n, int logfd)
{
	char stamp[256] = "";
	struct sb k;

	for (int i = 0; i < n && i < RUN_MAX_MANY; i++) {
		memset(&k, 0, sizeof k);
		if (key_of(o, argvs[i], logfd, stamp, sizeof stamp, &k) == 0)
			cache_demote(&k);
		sb_free(&k);
	}
}

/* ---- a page that waits no more than it may ---- */

/* The commands a background thread runs and keeps: copies of their
 * arguments and keys, and a descriptor of the log of its own. */
struct bg_job {
	const struct serve_opts *o;
	int n, logfd;
	const char **av[RUN_MAX_MANY];
	struct sb key[RUN_MAX_MANY];
};

static void bg_free(struct bg_job *b)
{
	for (int i = 0; i < b->n; i++) {
		for (int j = 0; b->av[i] && b->av[i][j]; j++)
			free((void *)b->av[i][j]);
		free(b->av[i]);
		sb_free(&b->key[i]);
	}
	if (b->logfd >= 0)
		close(b->logfd);
	free(b);
}

static const char **argv_copy(const char *const *argv)
{
	int n = 0;
	const char **c;

	while (argv[n])
		n++;
	if (!(c = calloc((size_t)n + 1, sizeof *c)))
		return NULL;
	for (int i = 0; i < n; i++)
		if (!(c[i] = strdup(argv[i]))) {
			while (i--)
				free((void *)c[i]);
			free(c);
			return NULL;
		}
	return c;
}

/* the background runs going on: the cache is not freed under them */
static atomic_int bg_running;

int run_bg_running(void)
{
	return atomic_load(&bg_running);
}

void run_bg_add(int d)
{
	atomic_fetch_add(&bg_running, d);
}

static void *bg_run(void *arg)
{
	struct bg_job *b = arg;
	const char *const *argvs[RUN_MAX_MANY];
	struct run r[RUN_MAX_MANY];
	int todo[RUN_MAX_MANY];

	in_background = 1;
	for (int i = 0; i < b->n; i++) {
		argvs[i] = b->av[i];
		todo[i] = i;
	}
	run_all(b->o, argvs, todo, b->n, b->logfd, r);
	for (int i = 0; i < b->n; i++) {
		cache_put(&b->key[i], &r[i], 1);
		disk_put(&b->key[i], &r[i]);
		run_free(&r[i]);
	}
	bg_free(b);
	atomic_fetch_sub(&bg_running, 1);
	return NULL;
}

/* The claimed commands cl[0..n) given to a thread of their own: 0, or
 * -1 (nothing started: the caller runs them) */
static int bg_start(const struct serve_opts *o, const char *const *const *argvs,
		    const int *cl, int n, const struct sb *key, int logfd)
{
	struct bg_job *b = calloc(1, sizeof *b);
	pthread_attr_t at;
	pthread_t t;
	int bad = !b;

	if (bad)
		return -1;
	b->o = o;
	b->logfd = logfd >= 0 ? fcntl(logfd, F_DUPFD_CLOEXEC, 10) : -1;
	bad = logfd >= 0 && b->logfd < 0;
	for (int i = 0; i < n && !bad; i++) {
		b->av[i] = argv_copy(argvs[cl[i]]);
		sb_put(&b->key[i], key[cl[i]].s, key[cl[i]].len);
		b->n = i + 1;
		bad = !b->av[i] || b->key[i].nomem;
	}
	if (!bad && pthread_attr_init(&at) == 0) {
		pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
		atomic_fetch_add(&bg_running, 1);
		bad = pthread_create(&t, &at, bg_run, b) != 0;
		pthread_attr_destroy(&at);
		if (!bad)
			return 0;
		atomic_fetch_sub(&bg_running, 1);
	}
	bg_free(b);
	return -1;
}

void run_many_wait(const struct serve_opts *o, const char *const *const *argvs,
		   int n, int logfd, double wait_s, struct run *r)
{
	struct sb key[RUN_MAX_MANY];
	int fg[RUN_MAX_MANY] = {0}, nfg = 0, cl[RUN_MAX_MANY] = {0}, ncl = 0;
	int wt[RUN_MAX_MANY], nwt = 0, rc;
	char stamp[256] = "";

	for (int i = 0; i < n && i < RUN_MAX_MANY; i++) {
		memset(&key[i], 0, sizeof(key[i]));
		if (key_of(o, argvs[i], logfd, stamp, sizeof stamp, &key[i]) <
		    0) {
			fg[nfg++] = i; /* not to be kept: run here */
			continue;
		}
		rc = cache_get(&key[i], &r[i], 0);
		if (rc == 0)
			cl[ncl++] = i;
		else if (rc < 0)
			wt[nwt++] = i; /* another is running it */
	}
	if (ncl && bg_start(o, argvs, cl, ncl, key, logfd) == 0) {
		memcpy(wt + nwt, cl, sizeof(int) * (size_t)ncl);
		nwt += ncl;
	} else if (ncl) {
		run_all(o, argvs, cl, ncl, logfd, r);
		for (int k = 0; k < ncl; k++)
			cache_put(&key[cl[k]], &r[cl[k]], 0);
	}
	run_all(o, argvs, fg, nfg, logfd, r);
	for (int k = 0; k < nwt; k++) {
		int i = wt[k];
		rc = cache_wait(&key[i], &r[i], wait_s);
		if (rc == 0)
			r[i].pending = 1;
		else if (rc < 0) /* ended, not kept: its output is lost */
			run_iolens(o, argvs[i], logfd, &r[i]);
	}
	for (int i = 0; i < n && i < RUN_MAX_MANY; i++)
		sb_free(&key[i]);
	mark(r, n < RUN_MAX_MANY ? n : RUN_MAX_MANY);
}

/* ---- CSV ---- */

/* The fields of s[0..n) in place in c->arena, each NUL-ended: a cell is
 * never longer than its text (a quoted one's doubled quotes halve), and
 * its NUL takes the place of the comma or newline after it.  No
 * allocation a cell: a job page's nine tables were some 30,000 mallocs
 * and reallocs of the server's thread. */
static const char *field(const char *p, const char *end, char **out)
{
	char *d = *out;

	if (p < end && *p == '"') {
		for (p++; p < end; p++) {
			if (*p == '"' && p + 1 < end && p[1] == '"')
				*d++ = *p++;
			else if (*p == '"')
				break;
			else
				*d++ = *p;
		}
		if (p < end)
			p++;
	} else {
		const char *e = p;
		while (e < end && *e != ',' && *e != '\n' && *e != '\r')
			e++;
		memcpy(d, p, (size_t)(e - p));
		d += e - p;
		p = e;
	}
	*d++ = '\0';
	*out = d;
	return p;
}

/* Upper bounds of the rows and cells of s[0..n) */
static void csv_bounds(const char *s, size_t n, size_t *rows, size_t *cells)
{
	size_t nl = 0, comma = 0;

	for (size_t i = 0; i < n; i++) {
		nl += s[i] == '\n';
		comma += s[i] == ',';
	}
	*rows = nl + 1;
	*cells = nl + comma + 1;
}

int csv_parse(const char *s, size_t n, struct csv *c)
{
	const char *p = s, *end = s + n;
	size_t maxr, maxc, nc = 0;
	char *d;

	memset(c, 0, sizeof(*c));
	csv_bounds(s, n, &maxr, &maxc);
	c->arena = malloc(n + 1);
	c->cells = malloc(sizeof(char *) * maxc);
	c->rows = malloc(sizeof(char **) * maxr);
	c->ncells = malloc(sizeof(int) * maxr);
	if (!c->arena || !c->cells || !c->rows || !c->ncells) {
		csv_free(c);
		return -1;
	}
	d = c->arena;
	while (p < end && (size_t)c->nrows < maxr) {
		c->rows[c->nrows] = c->cells + nc;
		c->ncells[c->nrows] = 0;
		for (;;) {
			if (nc == maxc)
				break;
			c->cells[nc++] = d;
			p = field(p, end, &d);
			c->ncells[c->nrows]++;
			if (p < end && *p == ',') {
				p++;
				continue;
			}
			if (p < end && *p == '\r')
				p++;
			if (p < end && *p == '\n')
				p++;
			break;
		}
		c->nrows++;
	}
	return 0;
}

void csv_free(struct csv *c)
{
	free(c->arena);
	free(c->cells);
	free(c->rows);
	free(c->ncells);
	memset(c, 0, sizeof(*c));
}

int csv_col(const struct csv *c, const char *name)
{
	if (c->nrows == 0)
		return -1;
	for (int i = 0; i < c->ncells[0]; i++)
		if (!strcmp(c->rows[0][i], name))
			return i;
	return -1;
}
