/*
 * t/6002: four threads open, write, seek, read and close a file each,
 * 100 times: the descriptor numbers pass from thread to thread, and an
 * open often returns a number another thread's close has freed before
 * that close returned.
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static void *work(void *a)
{
	char name[32], b[4096] = {0};
	int i, fd;

	snprintf(name, sizeof(name), "f%ld", (long)a);
	for (i = 0; i < 100; i++) {
		fd = open(name, O_RDWR | O_CREAT, 0644);
		if (fd < 0 || write(fd, b, sizeof(b)) < 0 ||
		    lseek(fd, 0, SEEK_SET) < 0 || read(fd, b, sizeof(b)) < 0)
			return a;
		close(fd);
	}
	return NULL;
}

int main(void)
{
	pthread_t t[4];
	long i;

	for (i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, work, (void *)i);
	for (i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	return 0;
}
