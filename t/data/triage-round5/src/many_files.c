/* many_files: writes N files of KiB KiB each in one write() a file, in
 * one directory (for a log whose POSIX records exceed the module's
 * limit: an incomplete log). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	int i, n = atoi(argv[2]), kib = atoi(argv[3]);
	char path[512], *buf = malloc((size_t)kib << 10);
	memset(buf, 'm', (size_t)kib << 10);
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof path, "%s/f%05d.dat", argv[1], i);
		int fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0644);
		if (write(fd, buf, (size_t)kib << 10) < 0) perror("write");
		close(fd);
	}
	return 0;
}
