/*
 * t/6005: a program making the calls iolens trace wraps, in every form a
 * program reaches them by: stdio streams, directory streams, positional
 * calls, a thread, a fork and an exec, a rename and an unlink.  What it
 * moves is known: the test checks the trace against these numbers.
 *
 *   out.txt   written by fwrite (3 x 1000 bytes: one write at fclose),
 *             read back by fread
 *   pos.bin   pwrite 4 x 4096 at 0, 4096, ... then pread 2 x 4096
 *   thr.bin   a thread writes 10 x 100 bytes on a descriptor main opened
 *   kid.bin   a forked child writes 777 bytes, then execs true
 *   tmp.bin   written 10 bytes, renamed to moved.bin, unlinked
 */
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static int tfd;

static void *writer(void *a)
{
	char b[100];
	int i;

	(void)a;
	memset(b, 't', sizeof(b));
	for (i = 0; i < 10; i++)
		if (write(tfd, b, sizeof(b)) != (ssize_t)sizeof(b))
			exit(3);
	return NULL;
}

int main(void)
{
	char b[4096];
	struct stat st;
	pthread_t t;
	FILE *f;
	DIR *d;
	int fd, i, n = 0;
	pid_t pid;

	memset(b, 'x', sizeof(b));
	f = fopen("out.txt", "w");
	for (i = 0; f && i < 3; i++)
		fwrite(b, 1, 1000, f);
	if (!f || fclose(f) != 0)
		return 1;
	f = fopen("out.txt", "r");
	if (!f || fread(b, 1, 3000, f) != 3000 || fclose(f) != 0)
		return 1;
	fd = open("pos.bin", O_RDWR | O_CREAT | O_TRUNC, 0644);
	for (i = 0; i < 4; i++)
		if (pwrite(fd, b, 4096, (off_t)i * 4096) != 4096)
			return 1;
	if (pread(fd, b, 4096, 0) != 4096 || pread(fd, b, 4096, 8192) != 4096)
		return 1;
	fsync(fd);
	close(fd);
	tfd = open("thr.bin", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	pthread_create(&t, NULL, writer, NULL);
	pthread_join(t, NULL);
	close(tfd);
	pid = fork();
	if (pid == 0) {
		fd = open("kid.bin", O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (write(fd, b, 777) != 777)
			_exit(2);
		close(fd);
		execlp("true", "true", (char *)NULL);
		_exit(2);
	}
	waitpid(pid, NULL, 0);
	fd = open("tmp.bin", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (write(fd, b, 10) != 10)
		return 1;
	close(fd);
	rename("tmp.bin", "moved.bin");
	stat("moved.bin", &st);
	unlink("moved.bin");
	d = opendir(".");
	while (d && readdir(d))
		n++;
	if (d)
		closedir(d);
	printf("%d entries\n", n);
	return 0;
}
