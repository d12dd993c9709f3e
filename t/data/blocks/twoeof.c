/*
 * twoeof: two threads fread one FILE* (a pipe) at its end.  Thread a
 * blocks in read(2) holding the stream; thread b waits for the stream;
 * then the pipe's writer closes: one read(2) returns 0, a's, and b's
 * fread finds the end seen without a system call.  Ordered by what
 * /proc says each thread is doing (a in read, b waiting on a futex),
 * never by time.  Prints the pipe's descriptor.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static FILE *f;

struct th {
	pthread_t t;
	volatile pid_t tid;
};

static void *rd(void *arg)
{
	struct th *t = arg;
	char buf[16];

	t->tid = (pid_t)syscall(SYS_gettid);
	if (fread(buf, 1, sizeof(buf), f) != 0)
		abort();
	return NULL;
}

/* waits until thread tid is in system call nr (/proc's syscall file) */
static void wait_in(struct th *t, long nr)
{
	char path[64], line[256];
	FILE *p;

	while (!t->tid)
		sched_yield();
	snprintf(path, sizeof(path), "/proc/self/task/%d/syscall", (int)t->tid);
	for (;;) {
		line[0] = '\0';
		if ((p = fopen(path, "r"))) {
			if (!fgets(line, sizeof(line), p))
				line[0] = '\0';
			fclose(p);
		}
		if (isdigit((unsigned char)line[0]) &&
		    strtol(line, NULL, 10) == nr)
			return;
		sched_yield();
	}
}

int main(void)
{
	struct th a = {0}, b = {0};
	int p[2];

	if (pipe(p) < 0 || !(f = fdopen(p[0], "r")))
		return 1;
	pthread_create(&a.t, NULL, rd, &a);
	wait_in(&a, SYS_read);
	pthread_create(&b.t, NULL, rd, &b);
	wait_in(&b, SYS_futex);
	close(p[1]);
	pthread_join(a.t, NULL);
	pthread_join(b.t, NULL);
	printf("%d\n", p[0]);
	return 0;
}
