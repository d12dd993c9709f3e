/* ser16: serial programs for triage round 16 (issue 34). Each prints its own wall time. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#define MIB (1024L * 1024L)

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
static void die(const char *w) { perror(w); exit(1); }

struct job { const char *path; int mib; };

/* write mib MiB in 1 MiB writes and fsync once: a checkpoint */
static void *ckpt(void *arg)
{
	struct job *j = arg;
	char *b = malloc(MIB);
	memset(b, 7, MIB);
	int fd = open(j->path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) die(j->path);
	for (int i = 0; i < j->mib; i++) if (write(fd, b, MIB) != MIB) die("write");
	fsync(fd);
	close(fd);
	free(b);
	return NULL;
}

/* secs of computation */
static double compute(double secs)
{
	double x = 0, end = now() + secs;
	while (now() < end) for (int i = 0; i < 100000; i++) x += i * 1e-9;
	return x;
}

/* bg: a writer thread writes the checkpoint while the main thread computes; fg: write, then compute */
static void bgthread(const char *path, int mib, double secs, int bg)
{
	struct job j = { path, mib };
	double t = now(), x;
	if (bg) {
		pthread_t th;
		pthread_create(&th, NULL, ckpt, &j);
		x = compute(secs);
		pthread_join(th, NULL);
	} else {
		ckpt(&j);
		x = compute(secs);
	}
	printf("%s: %.3f s (x=%g)\n", bg ? "bg" : "fg", now() - t, x);
}

/* fdsync: 64 KiB writes, fdatasync after each (each) or once at the end (end) */
static void fdsync(const char *path, int mib, int each)
{
	char *b = malloc(65536);
	memset(b, 5, 65536);
	double t = now();
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) die(path);
	for (long i = 0; i < mib * 16L; i++) {
		if (write(fd, b, 65536) != 65536) die("write");
		if (each) fdatasync(fd);
	}
	if (!each) fdatasync(fd);
	close(fd);
	printf("fdsync-%s: %.3f s\n", each ? "each" : "end", now() - t);
}

/* writev: mib MiB as writev calls of 256 iovecs of 4 KiB (1 MiB a call); write4k: plain 4 KiB writes;
 * write1m: plain 1 MiB writes of the same (contiguous) 1 MiB buffer */
static void vec(const char *path, int mib, int v)
{
	static char b[256][4096];
	struct iovec iov[256];
	for (int i = 0; i < 256; i++) { memset(b[i], i, 4096); iov[i].iov_base = b[i]; iov[i].iov_len = 4096; }
	double t = now();
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) die(path);
	for (int i = 0; i < mib; i++) {
		if (v == 2) { if (write(fd, b, MIB) != MIB) die("write"); }
		else if (v) { if (writev(fd, iov, 256) != MIB) die("writev"); }
		else for (int k = 0; k < 256; k++) if (write(fd, b[k], 4096) != 4096) die("write");
	}
	close(fd);
	printf("%s: %.3f s\n", v == 2 ? "write1m" : v ? "writev" : "write4k", now() - t);
}

/* dontneed: drop a file's cached pages (run without Darshan) */
static void dontneed(const char *path)
{
	int fd = open(path, O_RDONLY);
	if (fd < 0) die(path);
	fdatasync(fd);
	posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	close(fd);
}

int main(int argc, char **argv)
{
	if (argc < 3) { fprintf(stderr, "usage: ser16 mode path ...\n"); return 2; }
	const char *m = argv[1];
	if (!strcmp(m, "bg") || !strcmp(m, "fg")) bgthread(argv[2], atoi(argv[3]), atof(argv[4]), m[0] == 'b');
	else if (!strcmp(m, "fdeach") || !strcmp(m, "fdend")) fdsync(argv[2], atoi(argv[3]), m[2] == 'e' && m[3] == 'a');
	else if (!strcmp(m, "writev") || !strcmp(m, "write4k")) vec(argv[2], atoi(argv[3]), m[5] == 'v');
	else if (!strcmp(m, "write1m")) vec(argv[2], atoi(argv[3]), 2);
	else if (!strcmp(m, "dontneed")) dontneed(argv[2]);
	else { fprintf(stderr, "ser16: unknown mode %s\n", m); return 2; }
	return 0;
}
