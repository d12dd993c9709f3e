/*
 * Running a command under the tracer (tracer.h): LD_PRELOAD and the
 * parts directory in its environment, its chdir and execve written as
 * strace would show them, its exit status.  Owner: lib/sources.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sources/tracer.h"
#include "base/banned.h"

/* ---- the tracer found, the parts directory made ---- */

static int readable(const char *p, char *out)
{
	return access(p, R_OK) == 0 && realpath(p, out) != NULL;
}

int iol_trace_find_lib(const char *libdir, char *out)
{
	const char *env = getenv("IOLENS_TRACE_LIB");
	char exe[PATH_MAX], p[PATH_MAX + 64], *slash;
	ssize_t k;

	if (env && *env)
		return readable(env, out) ? 0 : -1;
	k = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (k > 0) {
		exe[k] = '\0';
		if ((slash = strrchr(exe, '/')) != NULL)
			slash[1] = '\0';
		snprintf(p, sizeof(p), "%s%s", exe, IOL_TRACE_LIB);
		if (readable(p, out))
			return 0;
		snprintf(p, sizeof(p), "%s../lib/iolens/%s", exe,
			 IOL_TRACE_LIB);
		if (readable(p, out))
			return 0;
	}
	snprintf(p, sizeof(p), "%s/%s", libdir, IOL_TRACE_LIB);
	return readable(p, out) ? 0 : -2;
}

int iol_trace_parts_make(const char *out, char *dir, char *what)
{
	int fd, e;

	if (snprintf(what, PATH_MAX, "%s.parts.XXXXXX", out) >= PATH_MAX ||
	    !mkdtemp(what)) {
		e = errno;
		snprintf(what, PATH_MAX, "%s", out);
		errno = e;
		return 1;
	}
	if (!realpath(what, dir)) {
		e = errno;
		rmdir(what);
		errno = e;
		return 2;
	}
	/* made here, so that no traced process pays for making it */
	snprintf(what, PATH_MAX, "%s/trace", dir);
	if ((fd = open(what, O_WRONLY | O_CREAT | O_EXCL, 0600)) < 0) {
		e = errno;
		rmdir(dir);
		errno = e;
		return 3;
	}
	close(fd);
	return 0;
}

/* a string as strace quotes it */
static void put_quoted(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20 || c > 0x7e)
			fprintf(f, "\\x%02x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

/* The program's execve, as strace would show it: its loading and start
 * count as time before its first call, as they did untraced. */
static void exec_line(char *const *cmd, const char *dir)
{
	char p[PATH_MAX];
	struct timespec ts;
	FILE *f;
	int i;

	snprintf(p, sizeof(p), "%s/trace", dir);
	if (!(f = fopen(p, "a")))
		return;
	clock_gettime(CLOCK_REALTIME, &ts);
	/* where relative paths start from, which strace cannot say */
	if (getcwd(p, sizeof(p))) {
		fprintf(f, "%lld.%09ld %ld chdir(", (long long)ts.tv_sec,
			(long)ts.tv_nsec, (long)getpid());
		put_quoted(f, p);
		fputs(") = 0 <0.000000000>\n", f);
	}
	fprintf(f, "%lld.%09ld %ld execve(", (long long)ts.tv_sec,
		(long)ts.tv_nsec, (long)getpid());
	put_quoted(f, cmd[0]);
	fputs(", [", f);
	for (i = 0; cmd[i] && i < 64; i++) {
		if (i)
			fputs(", ", f);
		put_quoted(f, cmd[i]);
	}
	fputs("], []) = 0 <0.000000000>\n", f);
	fclose(f);
}

static void child(char *const *cmd, const char *lib, const char *dir, int errfd)
{
	const char *old = getenv("LD_PRELOAD");
	char *pre;
	int e;

	signal(SIGINT, SIG_DFL);
	signal(SIGQUIT, SIG_DFL);
	if (old && *old) {
		size_t n = strlen(lib) + strlen(old) + 2;

		if ((pre = malloc(n)) != NULL)
			snprintf(pre, n, "%s:%s", lib, old);
	} else {
		pre = strdup(lib);
	}
	if (!pre || setenv("LD_PRELOAD", pre, 1) != 0 ||
	    setenv("IOLENS_TRACE_DIR", dir, 1) != 0) {
		e = ENOMEM;
	} else {
		exec_line(cmd, dir);
		execvp(cmd[0], cmd);
		e = errno;
	}
	free(pre);
	if (write(errfd, &e, sizeof(e)) < 0)
		_exit(127);
	_exit(127);
}

int iol_trace_run(char *const *cmd, const char *lib, const char *dir,
		  int *noexec, int *waiting)
{
	int pfd[2], e = 0, st;
	pid_t pid;
	ssize_t k;

	*noexec = *waiting = 0;
	if (pipe2(pfd, O_CLOEXEC) < 0)
		return -1;
	fflush(NULL);
	/* a daemon the command leaves behind is ours to wait for, as
	 * strace -f follows it: its lines are written at its end */
	prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
	pid = fork();
	if (pid < 0) {
		e = errno;
		close(pfd[0]);
		close(pfd[1]);
		errno = e;
		return -1;
	}
	if (pid == 0)
		child(cmd, lib, dir, pfd[1]);
	close(pfd[1]);
	/* ^C is for the program: its trace is still merged */
	signal(SIGINT, SIG_IGN);
	signal(SIGQUIT, SIG_IGN);
	while ((k = read(pfd[0], &e, sizeof(e))) < 0 && errno == EINTR)
		;
	close(pfd[0]);
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR) {
			*waiting = 1;
			return -1;
		}
	while (waitpid(-1, NULL, 0) > 0 || errno == EINTR)
		;
	signal(SIGINT, SIG_DFL);
	signal(SIGQUIT, SIG_DFL);
	if (k == (ssize_t)sizeof(e)) {
		*noexec = e == ENOENT || e == ENOTDIR ? 127
			  : e == ENOMEM		      ? 0
						      : 126;
		errno = e;
		return -1;
	}
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}
