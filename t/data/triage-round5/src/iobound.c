/* iobound: a short I/O-bound run with large requests: writes MiB MiB in
 * 16 MiB write() calls, fsyncs, and exits. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#define CH (16 << 20)
int main(int argc, char **argv)
{
	int i, mib = atoi(argv[2]);
	char *buf = malloc(CH);
	memset(buf, 'b', CH);
	int fd = open(argv[1], O_CREAT | O_WRONLY | O_TRUNC, 0644);
	for (i = 0; i < mib / 16; i++)
		if (write(fd, buf, CH) != CH) perror("write");
	fsync(fd);
	close(fd);
	return 0;
}
