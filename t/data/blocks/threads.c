/* t/6039: thread entry points.  Each thread's I/O is predicted under the
 * line that made it (line 30, in a loop of 4, in spawn(), called from
 * main at line 41), and the trace's roots of worker() are joined there. */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

#define NTHREADS 4

static char buf[4096];

static void *worker(void *arg)
{
	char name[32];
	int fd, i;

	snprintf(name, sizeof(name), "thr.%ld", (long)arg);
	fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (i = 0; i < 8; i++)
		write(fd, buf, 4096);
	close(fd);
	return NULL;
}

static void spawn(pthread_t *t)
{
	long k;

	for (k = 0; k < NTHREADS; k++)
		pthread_create(&t[k], NULL, worker, (void *)k);
}

int main(void)
{
	pthread_t t[NTHREADS];
	int fd = open("main.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	int k;

	write(fd, buf, 512);
	close(fd);
	spawn(t);
	for (k = 0; k < NTHREADS; k++)
		pthread_join(t[k], NULL);
	return 0;
}
