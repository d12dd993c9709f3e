/*
 * bench/resolve.c: what the replay's sandbox costs a call on its hot
 * path, side by side.  In a fresh directory DIR it makes the tree a
 * replayed `cp -r` sees (DIR/abs/tmp/w/c/d0/f0..f99: the replay's names
 * of the original's absolute paths are that deep) and times, in rounds
 * that alternate the variants (A B A B ...), N calls of each:
 *
 *   open      openat(dirfd, path) + close, as the program did
 *   open2     openat2(dirfd, path, RESOLVE_BENEATH|RESOLVE_NO_MAGICLINKS)
 *             + close, as the replay does (lib/replay/sandbox.c)
 *   open2p    openat2 of the last component beneath a descriptor of
 *             its parent directory + close
 *   stat      fstatat(dirfd, path), as the program did
 *   stat2     openat2(dirfd, path, O_PATH, beneath) + fstat + close
 *   stat2p    fstatat(parent descriptor, last component, no follow)
 *
 * then the same in a child confined by Landlock to DIR (the replay's
 * second wall), where the kernel has it.  Prints the median ns per call
 * of each variant and its ratio to the plain call.  Built and run by
 * bench/replay.sh; not part of iolens.
 *
 * usage: resolve DIR [calls per round] [rounds]
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/landlock.h>
#include <linux/openat2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define NV 6
#define NF 100
static const char *const vname[NV] = {"open",  "open2",	 "open2p",
				      "stat", "stat2", "stat2p"};

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int o2(int d, const char *p, int fl)
{
	struct open_how h;

	memset(&h, 0, sizeof(h));
	h.flags = (unsigned)(fl | O_CLOEXEC);
	h.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS;
	return (int)syscall(SYS_openat2, d, p, &h, sizeof(h));
}

static int cmpd(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* n calls of variant v; seconds, or -1 on a failed call */
static double run(int v, int root, int par, long n)
{
	char p[64];
	struct stat st;
	double t0 = now();
	long i;
	int f = 0;

	for (i = 0; i < n && f >= 0; i++) {
		int k = (int)(i % NF);

		if (v == 2 || v == 5)
			snprintf(p, sizeof(p), "f%d", k);
		else
			snprintf(p, sizeof(p), "abs/tmp/w/c/d0/f%d", k);
		switch (v) {
		case 0: f = openat(root, p, O_RDONLY | O_CLOEXEC); break;
		case 1: f = o2(root, p, O_RDONLY); break;
		case 2: f = o2(par, p, O_RDONLY); break;
		case 3: f = fstatat(root, p, &st, AT_SYMLINK_NOFOLLOW); break;
		case 4:
			f = o2(root, p, O_PATH | O_NOFOLLOW);
			if (f >= 0 && fstat(f, &st))
				f = -1;
			break;
		default: f = fstatat(par, p, &st, AT_SYMLINK_NOFOLLOW); break;
		}
		if (f > 0)
			close(f);
	}
	return f < 0 ? -1 : now() - t0;
}

static void measure(const char *what, int root, int par, long n, int rounds)
{
	double *t = calloc((size_t)(NV * rounds), sizeof(double)), med[NV];
	int r, v;

	if (!t)
		exit(1);
	for (v = 0; v < NV; v++) /* warm the dentries */
		run(v, root, par, NF);
	for (r = 0; r < rounds; r++)
		for (v = 0; v < NV; v++) {
			/* the order turns each round: none always first */
			int w = (v + r) % NV;

			t[w * rounds + r] = run(w, root, par, n);
			if (t[w * rounds + r] < 0) {
				fprintf(stderr, "resolve: %s: %s\n", vname[w],
					strerror(errno));
				exit(1);
			}
		}
	for (v = 0; v < NV; v++) {
		qsort(t + v * rounds, (size_t)rounds, sizeof(double), cmpd);
		med[v] = t[v * rounds + rounds / 2] / (double)n * 1e9;
	}
	for (v = 0; v < NV; v++)
		printf("%-9s %-7s %8.0f ns %6.2f\n", what, vname[v], med[v],
		       med[v] / med[v < 3 ? 0 : 3]);
	free(t);
}

static int landlock(int dirfd)
{
	struct landlock_ruleset_attr ra;
	struct landlock_path_beneath_attr pb;
	long abi = syscall(SYS_landlock_create_ruleset, NULL, 0,
			   LANDLOCK_CREATE_RULESET_VERSION);
	int rs;

	if (abi < 2)
		return -1;
	memset(&ra, 0, sizeof(ra));
	ra.handled_access_fs = ((LANDLOCK_ACCESS_FS_MAKE_SYM << 1) - 1) |
			       LANDLOCK_ACCESS_FS_REFER;
	rs = (int)syscall(SYS_landlock_create_ruleset, &ra,
			  sizeof(ra.handled_access_fs), 0);
	if (rs < 0)
		return -1;
	memset(&pb, 0, sizeof(pb));
	pb.allowed_access = ra.handled_access_fs;
	pb.parent_fd = dirfd;
	if (syscall(SYS_landlock_add_rule, rs, LANDLOCK_RULE_PATH_BENEATH, &pb,
		    0) ||
	    prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    syscall(SYS_landlock_restrict_self, rs, 0))
		return -1;
	close(rs);
	return (int)abi;
}

int main(int argc, char **argv)
{
	const char *dirs[] = {"abs", "abs/tmp", "abs/tmp/w", "abs/tmp/w/c",
			      "abs/tmp/w/c/d0"};
	long n = argc > 2 ? atol(argv[2]) : 20000;
	int rounds = argc > 3 ? atoi(argv[3]) : 7, root, par, i;
	char p[64];
	pid_t pid;

	if (argc < 2 || n <= 0 || rounds <= 0 || rounds > 1000) {
		fprintf(stderr, "usage: resolve DIR [calls] [rounds]\n");
		return 2;
	}
	if (mkdir(argv[1], 0700) && errno != EEXIST)
		return perror(argv[1]), 1;
	root = open(argv[1], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	for (i = 0; root >= 0 && i < 5; i++)
		if (mkdirat(root, dirs[i], 0700) && errno != EEXIST)
			return perror(dirs[i]), 1;
	for (i = 0; root >= 0 && i < NF; i++) {
		int f;

		snprintf(p, sizeof(p), "abs/tmp/w/c/d0/f%d", i);
		f = openat(root, p, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
		if (f < 0 || write(f, "x", 1) != 1)
			return perror(p), 1;
		close(f);
	}
	par = root >= 0 ? o2(root, "abs/tmp/w/c/d0", O_PATH | O_DIRECTORY)
			: -1;
	if (par < 0)
		return perror(argv[1]), 1;
	printf("%-9s %-7s %11s %6s\n", "walls", "call", "median", "ratio");
	measure("none", root, par, n, rounds);
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		if (landlock(root) < 0) {
			printf("landlock  (not available: %s)\n",
			       strerror(errno));
			fflush(stdout);
			_exit(0);
		}
		measure("landlock", root, par, n, rounds);
		fflush(stdout);
		_exit(0);
	}
	if (pid > 0)
		waitpid(pid, NULL, 0);
	return 0;
}
