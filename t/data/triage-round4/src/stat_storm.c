/* Read-only metadata storm: a "dependency checker" that stats, opens,
 * reads 64 bytes of and closes each of NFILES small files, PASSES times
 * (like a build tool or a python import path scan). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	const char *dir = argv[1];
	int nf = atoi(argv[2]), passes = atoi(argv[3]);
	char p[512], b[64];
	struct stat st;
	for (int r = 0; r < passes; r++)
		for (int i = 0; i < nf; i++) {
			snprintf(p, sizeof p, "%s/d%02d/f%05d.h", dir, i % 50, i);
			if (stat(p, &st) != 0)
				return 1;
			int fd = open(p, O_RDONLY);
			if (fd < 0 || read(fd, b, sizeof b) < 0)
				return 1;
			close(fd);
		}
	return 0;
}
