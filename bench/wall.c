/*
 * bench/wall.c: the wall time of one run of a command, for
 * bench/replay.sh.  `wall OUT [NAME=VALUE]... COMMAND` runs
 * /bin/sh -c COMMAND, with the settings in its environment only, and
 * appends its wall time in seconds (fork to the child's exit, monotonic
 * clock) to the file OUT.  Timing with date(1) before and after, as the
 * bench did, counted two date processes' start and exit into each run:
 * 3 ms for an empty command here, 7 % of cp's 40 ms, and the replay
 * (timed inside) looked that much faster.  Exit 1 when the command could
 * not be run, else 0 whatever its status.  Built by bench/replay.sh; not
 * part of iolens.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	int k, st;
	double t0, t1;
	pid_t pid;
	FILE *out;

	if (argc < 3) {
		fputs("usage: wall OUT [NAME=VALUE]... COMMAND\n", stderr);
		return 2;
	}
	t0 = now();
	pid = fork();
	if (pid == 0) {
		for (k = 2; k < argc - 1; k++)
			putenv(argv[k]);
		execl("/bin/sh", "sh", "-c", argv[argc - 1], (char *)NULL);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid) {
		perror("wall");
		return 1;
	}
	t1 = now();
	if (!(out = fopen(argv[1], "a")) ||
	    fprintf(out, "%.6f\n", t1 - t0) < 0 || fclose(out)) {
		perror(argv[1]);
		return 1;
	}
	return WIFEXITED(st) && WEXITSTATUS(st) == 127;
}
