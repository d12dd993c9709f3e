/*
 * t/6002: a program whose threads read a descriptor the main thread
 * opened (descriptors belong to the process, not the thread).
 */
#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>
#include <stdio.h>
static int fd;
static void *rd(void *a) { char b[4096]; (void)a; while (read(fd, b, sizeof b) > 0) ; return NULL; }
int main(void) {
	pthread_t t; int o;
	fd = open("in.bin", O_RDONLY);
	pthread_create(&t, NULL, rd, NULL);
	pthread_join(t, NULL);
	o = open("out.bin", O_WRONLY|O_CREAT|O_TRUNC, 0644);
	pthread_create(&t, NULL, rd, NULL); pthread_join(t, NULL);
	write(o, "hello", 5); close(o); close(fd);
	return 0;
}
