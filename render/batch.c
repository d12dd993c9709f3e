/*
 * The commands of a serve batch, their output framed (render/batch.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "render/batch.h"
#include "replay/sandbox.h"
#include "base/banned.h"

static int write_all(int fd, const char *p, size_t n)
{
	ssize_t k;

	while (n) {
		k = write(fd, p, n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		p += k;
		n -= (size_t)k;
	}
	return 0;
}

/* The bytes of fd (from its start) written to out. */
static int copy_out(int fd, int out)
{
	char buf[65536];
	ssize_t k;
	off_t at = 0;

	while ((k = pread(fd, buf, sizeof(buf), at)) > 0) {
		if (write_all(out, buf, (size_t)k) < 0)
			return -1;
		at += k;
	}
	return k < 0 ? -1 : 0;
}

/* A test asks what the confinement lets a command open (t/8326): with
 * IOLENS_TEST_OPEN set, each command of a batch is replaced by an
 * attempt to read that file, said as its error (status 1). */
static int test_open(void)
{
	const char *p = getenv("IOLENS_TEST_OPEN");
	int fd;

	if (!p || !*p)
		return 0;
	fd = open(p, O_RDONLY | O_CLOEXEC);
	fprintf(stderr, "iolens: test open %s: %s\n", p,
		fd < 0 ? strerror(errno) : "opened");
	if (fd >= 0)
		close(fd);
	return 1;
}

static void *test_thread_run(void *arg)
{
	return arg;
}

/* ... and with IOLENS_TEST_FORK set, an attempt to start a process and
 * one to start a thread (t/8336). */
static int test_fork(void)
{
	pthread_t th;
	pid_t pid;
	int e;

	if (!getenv("IOLENS_TEST_FORK"))
		return 0;
	pid = fork();
	if (pid == 0)
		_exit(0);
	fprintf(stderr, "iolens: test fork: %s\n",
		pid < 0 ? strerror(errno) : "started");
	if (pid > 0)
		waitpid(pid, NULL, 0);
	e = pthread_create(&th, NULL, test_thread_run, NULL);
	fprintf(stderr, "iolens: test thread: %s\n",
		e ? strerror(e) : "started");
	if (!e)
		pthread_join(th, NULL);
	return 1;
}

/* One command of a batch, argv[0..argc) (argv[argc] set to NULL while it
 * runs), its standard output and error caught in memory files: written
 * to out as "status outlen errlen\n", the output, the error. */
static int batch_one(int argc, char **argv, int out, int err,
		     serve_batch_fn run)
{
	char head[64], *saved = argv[argc];
	int fo = memfd_create("out", MFD_CLOEXEC);
	int fe = memfd_create("err", MFD_CLOEXEC);
	int st, n;
	struct stat so, se;

	if (fo < 0 || fe < 0 || dup2(fo, 1) < 0 || dup2(fe, 2) < 0)
		return -1;
	argv[argc] = NULL;
	st = test_open() || test_fork() ? 1 : run(argc, argv);
	argv[argc] = saved;
	fflush(stdout);
	fflush(stderr);
	if (dup2(out, 1) < 0 || dup2(err, 2) < 0 || fstat(fo, &so) < 0 ||
	    fstat(fe, &se) < 0)
		return -1;
	n = snprintf(head, sizeof(head), "%d %lld %lld\n", st,
		     (long long)so.st_size, (long long)se.st_size);
	if (write_all(out, head, (size_t)n) < 0 || copy_out(fo, out) < 0 ||
	    copy_out(fe, out) < 0)
		return -1;
	close(fo);
	close(fe);
	return 0;
}

/* A test holds one child still (t/8305): the batch that removes the
 * file named stops itself, so the test finds it stopped however the
 * machine schedules (a child of 30 ms was caught by polling, or not,
 * under load); before its first command, or with IOLENS_TEST_HOLD_AT
 * before that one (from 1: t/8316 changes the store between two). */
static void test_hold(int cmd)
{
	const char *hold = getenv("IOLENS_TEST_HOLD");
	const char *at = getenv("IOLENS_TEST_HOLD_AT");

	if ((at && *at ? atoi(at) : 1) == cmd && hold && *hold &&
	    unlink(hold) == 0)
		raise(SIGSTOP);
}

int serve_batch_run(int argc, char **argv, serve_batch_fn run)
{
	int out = dup(1), err = dup(2), s = 0, e, cmd = 0, rc = 0;

	if (out < 0 || err < 0)
		rc = -1;
	while (!rc && s < argc) {
		for (e = s; e < argc && strcmp(argv[e], "\x1e"); e++)
			;
		test_hold(++cmd);
		if (e > s && batch_one(e - s, argv + s, out, err, run) < 0)
			rc = -1;
		s = e + 1;
	}
	/* a worker runs batch after batch: its descriptors are not leaked */
	if (out >= 0)
		close(out);
	if (err >= 0)
		close(err);
	return rc;
}

/* ---- the pre-started worker ---- */

static int read_all(int fd, char *p, size_t n)
{
	ssize_t k;

	while (n) {
		k = read(fd, p, n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		p += k;
		n -= (size_t)k;
	}
	return 0;
}

/* The next request on sock: its header (the blob's length) with the
 * log's descriptor when one came with it (else -1); 0, or -1 at the
 * end (the server closed it) or on a damaged request. */
static int recv_head(int sock, uint32_t *len, int *fd)
{
	char cbuf[CMSG_SPACE(sizeof(int))];
	struct iovec iov = {len, sizeof *len};
	struct msghdr m = {0};
	struct cmsghdr *c;
	ssize_t k;

	m.msg_iov = &iov;
	m.msg_iovlen = 1;
	m.msg_control = cbuf;
	m.msg_controllen = sizeof cbuf;
	*fd = -1;
	do
		k = recvmsg(sock, &m, MSG_CMSG_CLOEXEC);
	while (k < 0 && errno == EINTR);
	c = k > 0 ? CMSG_FIRSTHDR(&m) : NULL;
	if (c && c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS)
		memcpy(fd, CMSG_DATA(c), sizeof(int));
	if (k > 0 && (size_t)k < sizeof *len)
		k = read_all(sock, (char *)len + k, sizeof *len - (size_t)k) < 0
			    ? -1
			    : (ssize_t)sizeof *len;
	return k == (ssize_t)sizeof *len && *len <= SERVE_WORKER_MAX_REQ ? 0
									 : -1;
}

/* The log of a request as /dev/fd/3 (or /dev/null there: nothing of a
 * former request's log stays reachable); 0 or -1. */
static int log_at_3(int fd)
{
	if (fd < 0)
		fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (fd == 3)
		return 0;
	if (dup2(fd, 3) < 0)
		return -1;
	close(fd);
	return 0;
}

static double cpu_ms(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
	       (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
}

/* One request's blob: the store's state, then the batch's arguments,
 * each ended by a NUL; argv filled (at most max), their count, or -1. */
static int split_args(char *blob, uint32_t len, char **argv, int max)
{
	int n = 0;

	for (char *p = blob, *end = blob + len; p < end; p += strlen(p) + 1) {
		if (n == max)
			return -1;
		argv[n++] = p;
	}
	argv[n] = NULL;
	return n;
}

int serve_worker_run(int sock, serve_batch_fn run, void (*fresh)(void))
{
	char *argv[SERVE_WORKER_MAX_ARGS + 2], last[256] = "", *blob;
	char tail[64];
	uint32_t len;
	int fd, argc, n;
	double c0;

	if (dup2(sock, 1) < 0)
		return -1;
	while (recv_head(sock, &len, &fd) == 0) {
		if (log_at_3(fd) < 0 || !(blob = malloc((size_t)len + 1)))
			return -1;
		blob[len] = '\0';
		if (read_all(sock, blob, len) < 0 ||
		    (argc = split_args(blob, len, argv,
				       SERVE_WORKER_MAX_ARGS + 1)) < 1) {
			free(blob);
			return -1;
		}
		/* the store changed (or its state is unknown): the store
		 * kept open is opened again, its schema read anew */
		if (argv[0][0] &&
		    (strcmp(argv[0], last) || !strcmp(argv[0], "!")))
			fresh();
		if (argv[0][0]) /* "": no command of it reads the store */
			snprintf(last, sizeof last, "%s", argv[0]);
		c0 = cpu_ms();
		if (serve_batch_run(argc - 1, argv + 1, run) < 0) {
			free(blob);
			return -1;
		}
		free(blob);
		n = snprintf(tail, sizeof tail, "E %.3f\n", cpu_ms() - c0);
		if (write_all(1, tail, (size_t)n) < 0)
			return -1;
	}
	return 0;
}

/* ---- confinement ---- */

/* AddressSanitizer reserves terabytes of address space for its shadow
 * before main: an address-space limit would fail every later mapping
 * (make check SANITIZE=1), so that build goes without it */
#if defined(__SANITIZE_ADDRESS__)
#define ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ASAN 1
#endif
#endif
#ifndef ASAN
#define ASAN 0
#endif

#define CONFINE_MAX 40

static int limit(int what, unsigned long long v)
{
	struct rlimit rl;

	if (getrlimit(what, &rl) < 0)
		return -1;
	/* never above the hard limit (lowering needs no privilege) */
	if (rl.rlim_max != RLIM_INFINITY && v > rl.rlim_max)
		v = rl.rlim_max;
	rl.rlim_cur = rl.rlim_max = (rlim_t)v;
	return setrlimit(what, &rl);
}

/* spec's paths opened (O_PATH) into fds, writable[] 1 for "w", 2 for
 * "d"; how
 * many.  A path that is not there is left out: nothing to reach. */
static int confine_paths(const char *spec, int *fds, int *writable)
{
	char path[4096];
	const char *p = spec, *nl;
	int n = 0, fd;

	for (; *p && n < CONFINE_MAX; p = *nl ? nl + 1 : nl) {
		nl = strchr(p, '\n');
		if (!nl)
			nl = p + strlen(p);
		if (nl - p < 3 || !strchr("rwd", p[0]) || p[1] != ' ' ||
		    (size_t)(nl - p - 2) >= sizeof path)
			continue;
		memcpy(path, p + 2, (size_t)(nl - p - 2));
		path[nl - p - 2] = '\0';
		fd = open(path, O_PATH | O_CLOEXEC);
		if (fd < 0)
			continue;
		writable[n] = p[0] == 'w' ? 1 : p[0] == 'd' ? 2 : 0;
		fds[n++] = fd;
	}
	return n;
}

int serve_confine(const char *spec)
{
	int fds[CONFINE_MAX], writable[CONFINE_MAX], n, rc, e;

	if (limit(RLIMIT_CORE, 0) < 0 ||
	    (!ASAN && limit(RLIMIT_AS, SERVE_CONFINE_AS) < 0) ||
	    limit(RLIMIT_NOFILE, SERVE_CONFINE_FILES) < 0 ||
	    limit(RLIMIT_FSIZE, SERVE_CONFINE_FSIZE) < 0 ||
	    prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		return -1;
	n = confine_paths(spec, fds, writable);
	rc = iol_sbx_landlock_read(fds, writable, n);
	/* no process started: a hostile log met by a defect in a decoder
	 * cannot run a program nor leave one behind.  A machine the filter
	 * was not written for (ENOSYS) goes without, as one without
	 * Landlock does, and /api/stats says so. */
	if (rc >= 0 && iol_sbx_noproc() < 0 && errno != ENOSYS)
		rc = -1;
	e = errno;
	for (int i = 0; i < n; i++)
		close(fds[i]);
	errno = e;
	return rc;
}
