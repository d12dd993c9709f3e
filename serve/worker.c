/*
 * The pre-started workers (render/batch.h serve_worker_run): a job
 * page's first visit used to start a process (`iolens --serve-batch`)
 * whose start, dynamic linking and reading of the store's schema were
 * a third of its CPU.  A worker is `iolens --serve-worker` started once
 * and given batch after batch over a socket, the log's descriptor
 * passed along.  Still a process of its own: a log that crashes it or
 * runs past the time or output limit takes the worker down (killed,
 * another started on the next request), not the server; and one is let
 * go after WORKER_RUNS batches, so that what a command leaks stays
 * bounded.  A worker runs batches of one shape only (the same commands
 * with the same options; the jobs' ids in --where aside): a command's
 * options are kept in statics, and `triage --db` leaves its --severity
 * default set for a later `triage` of a log.  No more workers than twice
 * the cores (2 at least, 8 at most; IOLENS_SERVE_WORKERS: 1 to 32): more
 * only queue for the cores.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "serve/internal.h"
#include "render/batch.h"
#include "base/banned.h"

#define WORKER_RUNS 200
#define WORKER_MAX 32
#define WORKER_DEFAULT_MAX 8

struct worker {
	pid_t pid; /* 0: none */
	int sock;
	int busy, runs;
	uint64_t shape; /* of the batches it runs (shape()) */
};

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t freed = PTHREAD_COND_INITIALIZER;
static struct worker pool[WORKER_MAX];
static int npool;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* No worker (a test's IOLENS_TEST_NO_WORKER): a child each batch, as
 * before there were workers (t/8322 compares the pages). */
static int pool_size(void)
{
	const char *t = getenv("IOLENS_TEST_NO_WORKER");
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	const char *w = getenv("IOLENS_SERVE_WORKERS");
	long k = w && *w ? strtol(w, NULL, 10) : 0;

	if (t && *t)
		return -1;
	if (k >= 1 && k <= WORKER_MAX)
		return (int)k;
	n = n < 1 ? 2 : 2 * n;
	return n > WORKER_DEFAULT_MAX ? WORKER_DEFAULT_MAX : (int)n;
}

/* A batch's shape: its arguments hashed (FNV-1a), --where's value
 * left out (the job's id) */
static uint64_t shape(const char *const *argv)
{
	uint64_t h = 14695981039346656037ULL;

	for (int i = 0; argv[i]; i++) {
		const char *a =
			i && !strcmp(argv[i - 1], "--where") ? "?" : argv[i];
		for (const char *c = a;; c++) {
			h = (h ^ (unsigned char)*c) * 1099511628211ULL;
			if (!*c)
				break;
		}
	}
	return h;
}

/* A free worker's slot, waited for (under mu): one running batches of
 * this shape, else one not started, else another (to be ended) */
static struct worker *take(uint64_t sh)
{
	struct worker *w;

	if (!npool)
		npool = pool_size();
	if (npool < 0)
		return NULL;
	for (;;) {
		w = NULL;
		for (int i = 0; i < npool; i++) {
			if (pool[i].busy)
				continue;
			if (pool[i].pid && pool[i].shape == sh) {
				w = &pool[i];
				break;
			}
			if (!w || (w->pid && !pool[i].pid))
				w = &pool[i];
		}
		if (w) {
			w->busy = 1;
			return w;
		}
		pthread_cond_wait(&freed, &mu);
	}
}

/* w's process ended: killed when kill is set, reaped */
static void end(struct worker *w, int kill_it)
{
	int st;

	if (!w->pid)
		return;
	if (kill_it)
		kill(w->pid, SIGKILL);
	close(w->sock);
	while (waitpid(w->pid, &st, 0) < 0 && errno == EINTR)
		;
	w->pid = 0;
	w->runs = 0;
}

static int start(const struct serve_opts *o, struct worker *w, int nice,
		 uint64_t sh)
{
	posix_spawn_file_actions_t fa;
	char *av[] = {(char *)o->self, "--serve-worker", NULL};
	int sv[2], rc;

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0)
		return -1;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, sv[1], 0);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	rc = posix_spawn(&w->pid, o->self, &fa, NULL, av, run_env());
	posix_spawn_file_actions_destroy(&fa);
	close(sv[1]);
	if (rc != 0) {
		close(sv[0]);
		w->pid = 0;
		return -1;
	}
	setpriority(PRIO_PROCESS, (id_t)w->pid, nice > 19 ? 19 : nice);
	cache_count_spawn();
	w->shape = sh;
	w->sock = sv[0];
	w->runs = 0;
	return 0;
}

/* The request: its length carrying logfd, the stamp and argv. */
static int send_req(int sock, const char *stamp, const char *const *argv,
		    int logfd)
{
	struct sb b = {0};
	char cbuf[CMSG_SPACE(sizeof(int))];
	struct msghdr m = {0};
	struct iovec iov[2];
	uint32_t len;
	ssize_t k;
	size_t at = 0;

	sb_put(&b, stamp, strlen(stamp) + 1);
	for (int i = 0; argv[i]; i++)
		sb_put(&b, argv[i], strlen(argv[i]) + 1);
	if (b.nomem || b.len > SERVE_WORKER_MAX_REQ) {
		sb_free(&b);
		return -1;
	}
	len = (uint32_t)b.len;
	iov[0] = (struct iovec){&len, sizeof len};
	iov[1] = (struct iovec){b.s, b.len};
	m.msg_iov = iov;
	m.msg_iovlen = 2;
	if (logfd >= 0) {
		memset(cbuf, 0, sizeof cbuf);
		m.msg_control = cbuf;
		m.msg_controllen = sizeof cbuf;
		struct cmsghdr *c = CMSG_FIRSTHDR(&m);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(int));
		memcpy(CMSG_DATA(c), &logfd, sizeof(int));
	}
	do
		k = sendmsg(sock, &m, MSG_NOSIGNAL);
	while (k < 0 && errno == EINTR);
	/* the rest of a long request, without the descriptor */
	for (at = k > 0 ? (size_t)k : 0; k > 0 && at < sizeof len + b.len;) {
		if (at < sizeof len)
			k = send(sock, (char *)&len + at, sizeof len - at,
				 MSG_NOSIGNAL);
		else
			k = send(sock, b.s + (at - sizeof len),
				 b.len - (at - sizeof len), MSG_NOSIGNAL);
		if (k < 0 && errno == EINTR)
			k = 0;
		else if (k > 0)
			at += (size_t)k;
		else
			k = -1;
	}
	sb_free(&b);
	return k > 0 ? 0 : -1;
}

/* Whether out holds n whole frames and the trailer "E cpu\n" after
 * them; *at, *seen: where the walk stopped, the frames walked. */
static int done(const struct sb *out, int n, size_t *at, int *seen, double *cpu)
{
	const char *p, *end, *nl;
	long long st, no, ne;
	char *e;

	if (!out->s)
		return 0; /* nothing read yet (and memchr of NULL is undefined)
			   */
	p = out->s + *at;
	end = out->s + out->len;
	while (*seen < n) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl || sscanf(p, "%lld %lld %lld", &st, &no, &ne) != 3 ||
		    no < 0 || ne < 0 || end - (nl + 1) < no + ne)
			return 0;
		p = nl + 1 + no + ne;
		*at = (size_t)(p - out->s);
		(*seen)++;
	}
	nl = memchr(p, '\n', (size_t)(end - p));
	if (!nl || p[0] != 'E' || p[1] != ' ')
		return 0;
	*cpu = strtod(p + 2, &e);
	return 1;
}

/* Read w's answer to a batch of n commands into r until whole, the
 * deadline, the output limit or the server's stop; 0 whole, 1 the
 * worker ended (crashed: r has the frames it wrote), -1 killed. */
static int answer(const struct serve_opts *o, struct worker *w, int n,
		  struct run *r, double *cpu)
{
	double deadline = now() + o->timeout_s;
	struct pollfd p = {w->sock, POLLIN, 0};
	char buf[65536];
	size_t at = 0;
	int seen = 0, ms;
	ssize_t k;

	while (!done(&r->out, n, &at, &seen, cpu)) {
		ms = (int)((deadline - now()) * 1000);
		if (ms <= 0 || run_stopping()) {
			r->timedout = 1;
			return -1;
		}
		if (poll(&p, 1, ms > 100 ? 100 : ms) <= 0)
			continue;
		k = read(w->sock, buf, sizeof buf);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return 1;
		sb_put(&r->out, buf, (size_t)k);
		if (r->out.len > ((size_t)64 << 20)) {
			r->toobig = 1;
			return -1;
		}
	}
	r->out.len = at; /* the trailer is the worker's, not the batch's */
	return 0;
}

int worker_batch(const struct serve_opts *o, const char *stamp,
		 const char *const *argv, int logfd, int nice, struct run *r,
		 double *cpu_ms, double *wait_ms)
{
	double t0 = now();
	uint64_t sh = shape(argv);
	struct worker *w;
	int n = 1, rc;

	for (int i = 1; argv[i]; i++)
		n += !strcmp(argv[i], "\x1e");
	memset(r, 0, sizeof(*r));
	r->status = -1;
	*cpu_ms = *wait_ms = 0;
	pthread_mutex_lock(&mu);
	w = take(sh);
	pthread_mutex_unlock(&mu);
	*wait_ms = (now() - t0) * 1e3;
	if (!w)
		return -1;
	/* one request at a time on w: no lock held while it runs */
	if (w->pid && w->shape != sh)
		end(w, 0);
	if (!w->pid && start(o, w, nice, sh) < 0) {
		rc = -2;
	} else if (send_req(w->sock, stamp, argv + 1, logfd) < 0) {
		end(w, 1); /* a worker that went: the caller spawns */
		rc = -2;
	} else {
		cache_count_child();
		rc = answer(o, w, n, r, cpu_ms);
		if (rc != 0 || ++w->runs >= WORKER_RUNS)
			end(w, rc != 0);
		if (rc >= 0)
			r->status = 0;
	}
	pthread_mutex_lock(&mu);
	w->busy = 0;
	pthread_cond_signal(&freed);
	pthread_mutex_unlock(&mu);
	return rc < -1 ? -1 : 0;
}
