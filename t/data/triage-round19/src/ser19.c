/* ser19: serial programs of triage round 19; prints its own time */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }

int main(int argc, char **argv)
{
	const char *m = argv[1], *path = argv[2];
	int fd = open(path, O_RDONLY);
	double t;
	if (fd < 0) { perror(path); return 1; }
	if (!strcmp(m, "dontneed")) { posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); return 0; }
	t = now();
	if (!strcmp(m, "stride")) {
		/* lseek+read of rec bytes at strides growing by rec each time */
		long rec = atol(argv[3]), off = 0, gap = 0, size = lseek(fd, 0, SEEK_END);
		char *b = malloc(rec); int n = 0;
		while (off + rec <= size) {
			lseek(fd, off, SEEK_SET);
			if (read(fd, b, rec) != rec) return 1;
			gap += rec; off += rec + gap; n++;
		}
		printf("reads %d\n", n);
	} else if (!strcmp(m, "fadv")) {
		/* sequential reads of piece bytes, with or without POSIX_FADV_SEQUENTIAL */
		long piece = atol(argv[3]); char *b = malloc(piece); ssize_t r;
		if (atoi(argv[4])) posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
		while ((r = read(fd, b, piece)) > 0) ;
	}
	printf("%s: %.3f s\n", m, now() - t);
	close(fd);
	return 0;
}
