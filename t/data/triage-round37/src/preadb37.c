/* Round 37: read a file in CHUNK-byte pread(2)s from its end to its start ("back") or from its start to its
 * end ("fwd"), summing the bytes so the reads are used. Backwards, the kernel's readahead never helps: each
 * pread is its own trip to the device. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: preadb37 FILE CHUNK back|fwd\n");
		return 2;
	}
	size_t chunk = strtoul(argv[2], NULL, 10);
	int back = strcmp(argv[3], "back") == 0;
	int fd = open(argv[1], O_RDONLY);
	struct stat st;
	char *buf = malloc(chunk);
	if (fd < 0 || fstat(fd, &st) != 0 || !buf) {
		perror(argv[1]);
		return 1;
	}
	off_t n = st.st_size / (off_t)chunk;
	unsigned long sum = 0;
	for (off_t i = 0; i < n; i++) {
		off_t k = back ? n - 1 - i : i;
		ssize_t r = pread(fd, buf, chunk, k * (off_t)chunk);
		for (ssize_t j = 0; j < r; j++)
			sum += (unsigned char)buf[j];
	}
	printf("%lu\n", sum);
	close(fd);
	free(buf);
	return 0;
}
