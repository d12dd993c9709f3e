/* Before and after a fix, for t/1030-diff-blocks.t: save() writes 1 MiB
 * as 256 writes of 4 KiB in a loop; built with -DFIXED, as one write of
 * 1 MiB.  The rest is the same: an open, a read of 100 bytes, a close. */
#include <fcntl.h>
#include <unistd.h>

static char buf[256 * 4096];

static void save(int fd)
{
#ifndef FIXED
	int i;

	for (i = 0; i < 256; i++)
		write(fd, buf + i * 4096, 4096);
#else
	write(fd, buf, sizeof(buf));
#endif
}

int main(int argc, char **argv)
{
	int fd;

	if (argc < 2)
		return 2;
	fd = open(argv[1], O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		return 1;
	save(fd);
	pread(fd, buf, 100, 0);
	close(fd);
	return 0;
}
