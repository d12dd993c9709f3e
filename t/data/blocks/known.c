/* A program with known I/O per function and loop, for t/6010-blocks.t:
 *   write_loop(): 1 open, a loop of 16 writes of 4096 bytes, 1 fsync,
 *                 1 close (called once)
 *   read_twice(): 1 open, 2 reads of 1000 bytes (outside any loop),
 *                 1 close (called twice, from main's loop of 2)
 * All calls straight to the C library (no stdio), so each is one call
 * to strace and to the iolens tracer alike. */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char buf[4096];

static void write_loop(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	int i;

	if (fd < 0)
		exit(1);
	for (i = 0; i < 16; i++) {
		if (write(fd, buf, sizeof(buf)) != (ssize_t)sizeof(buf))
			exit(1);
	}
	fsync(fd);
	close(fd);
}

static void read_twice(const char *path)
{
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		exit(1);
	if (read(fd, buf, 1000) != 1000)
		exit(1);
	if (read(fd, buf, 1000) != 1000)
		exit(1);
	close(fd);
}

int main(int argc, char **argv)
{
	int k;

	if (argc < 2)
		return 2;
	memset(buf, 'x', sizeof(buf));
	write_loop(argv[1]);
	for (k = 0; k < 2; k++)
		read_twice(argv[1]);
	return 0;
}
