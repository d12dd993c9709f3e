/* Random small reads: 4 KiB preads at random offsets of a 512 MiB file
 * whose pages were dropped from the cache first (posix_fadvise), so each
 * read goes to the disk. */
#define _XOPEN_SOURCE 700
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	int fd = open(argv[1], O_RDONLY);
	int n = argc > 2 ? atoi(argv[2]) : 40000;
	char b[4096];
	off_t size = lseek(fd, 0, SEEK_END);
	if (fd < 0)
		return 1;
	fdatasync(fd);
	posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	srandom(42);
	for (int i = 0; i < n; i++) {
		off_t o = (random() % (size / 4096)) * 4096;
		if (pread(fd, b, sizeof b, o) != (ssize_t)sizeof b)
			return 1;
	}
	return close(fd) != 0;
}
