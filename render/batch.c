/*
 * The commands of a serve batch, their output framed (render/batch.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "render/batch.h"
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
	st = run(argc, argv);
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
	int out = dup(1), err = dup(2), s = 0, e, cmd = 0;

	if (out < 0 || err < 0)
		return -1;
	while (s < argc) {
		for (e = s; e < argc && strcmp(argv[e], "\x1e"); e++)
			;
		test_hold(++cmd);
		if (e > s && batch_one(e - s, argv + s, out, err, run) < 0)
			return -1;
		s = e + 1;
	}
	return 0;
}
