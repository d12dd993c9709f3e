/*
 * POSIX I/O with known counts per function and loop, for
 * `iolens blocks --source` (t/1020-blocks-source.t): run it as
 * `posix OUT COUNT` and strace sees what the comments say.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>
#include <unistd.h>

#define BLOCK (64 * 1024)
#ifndef NBLOCKS /* -DNBLOCKS=8 changes it */
#define NBLOCKS 256
#endif

static char buf[BLOCK];

/* 256 writes of 64 KiB (16 MiB) and a sync */
static void write_blocks(int fd)
{
	int i;

	for (i = 0; i < NBLOCKS; i++)
		if (write(fd, buf, BLOCK) != BLOCK)
			exit(1);
	fsync(fd);
}

/* nested loops: 4 x 8 pwrites of 4 KiB (128 KiB) */
static void write_grid(int fd)
{
	const int rows = 4;
	int r, c;

	for (r = 0; r < rows; r++)
		for (c = 0; c < 8; c++)
			pwrite(fd, buf, 4096, (off_t)(r * 8 + c) * 4096);
}

/* a bound known only at run time: COUNT writes of 100 bytes */
static void write_records(int fd, int count)
{
	int i;

	for (i = 0; i < count; i++)
		write(fd, buf, 100);
}

/* 64 writes of 1 KiB, a data sync after every fourth (16 of them) */
static void write_sync(int fd)
{
	int i;

	for (i = 0; i < 64; i += 1) {
		write(fd, buf, 1024);
		if (i % 4 == 3)
			fdatasync(fd);
	}
}

/* open, 16 reads of 512 bytes counting down, close */
static long read_back(const char *path)
{
	char small[512];
	long total = 0;
	int n = 16;
	int i, fd = open(path, O_RDONLY);

	if (fd < 0)
		return -1;
	for (i = n; i > 0; i--)
		total += read(fd, small, sizeof small);
	close(fd);
	return total;
}

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : "posix.out";
	int count = argc > 2 ? atoi(argv[2]) : 10;
	int k, fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0644);

	if (fd < 0) {
		perror(path);
		return 1;
	}
	for (k = 0; k < 2; k++)
		write_blocks(fd);
	write_grid(fd);
	write_records(fd, count);
	write_sync(fd);
	close(fd);
	return read_back(path) == 16 * 512 ? 0 : 1;
}
