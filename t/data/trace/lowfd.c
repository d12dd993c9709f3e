/*
 * A threaded program that closes its standard output and opens a file,
 * expecting the lowest free number (1) back, many times, while other
 * threads come and go (each thread's end makes the tracer write its
 * lines out).  It prints how many opens got another number and exits 1
 * when any did.  Usage: lowfd [rounds]
 *
 * lowfd --take FILE: closes every descriptor from 3 up (close_range,
 * which no wrapper sees), puts FILE at every number from 3 to 1023, ends
 * a thread (its lines are written out then), closes them all and stats
 * "/": nothing but the program may write to FILE.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

static atomic_int stop;

static void *brief(void *arg)
{
	struct stat st;

	(void)arg;
	stat("/", &st);
	return NULL;
}

/* threads made and ended one after another */
static void *churn(void *arg)
{
	(void)arg;
	while (!atomic_load(&stop)) {
		pthread_t t;

		if (pthread_create(&t, NULL, brief, NULL) == 0)
			pthread_join(t, NULL);
	}
	return NULL;
}

static int take(const char *path)
{
	struct stat st;
	pthread_t t;
	int fd, i;

	syscall(SYS_close_range, 3, ~0U, 0);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		return 2;
	for (i = 3; i < 1024; i++)
		if (i != fd)
			dup2(fd, i);
	if (pthread_create(&t, NULL, brief, NULL) == 0)
		pthread_join(t, NULL);
	for (i = 3; i < 1024; i++)
		close(i);
	return stat("/", &st) != 0;
}

int main(int argc, char **argv)
{
	long rounds = argc > 1 ? atol(argv[1]) : 20000, i, wrong = 0;
	pthread_t w[3];
	int k;

	if (argc > 2 && !strcmp(argv[1], "--take"))
		return take(argv[2]);
	for (k = 0; k < 3; k++)
		pthread_create(&w[k], NULL, churn, NULL);
	for (i = 0; i < rounds; i++) {
		int fd;

		close(1);
		fd = open("/dev/null", O_WRONLY);
		if (fd != 1) {
			wrong++;
			if (fd >= 0) {
				dup2(fd, 1);
				close(fd);
			}
		}
	}
	atomic_store(&stop, 1);
	for (k = 0; k < 3; k++)
		pthread_join(w[k], NULL);
	fprintf(stderr, "%ld of %ld opens did not get 1\n", wrong, rounds);
	return wrong != 0;
}
