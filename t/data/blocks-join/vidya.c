/* A program of known I/O per function, loop and line, for
 * t/1020-blocks-join.t: each block's calls and bytes as the source says
 * them and as a run does them (comments: per run, N the run-time bound
 * given as argv[2]).
 *   const_loop   1 open, a loop of 8 writes of 512 B, 1 close      10
 *   nested       4 x 3 pwrites of 256 B (nested constant loops)     12
 *   helper       2 writes of 64 B, called in a loop of 3 from main   6
 *   runtime      N writes of 100 B: the bound is known at run time   N
 *   branch       a loop of 4 with a write of 32 B under if (i % 2):
 *                predicted 2 (the iterations it holds), run 2
 *   unbuffered   fopen, setvbuf(_IONBF), 5 fwrite of 200 B and one
 *                fprintf, fclose: each stdio call one system call
 *   buffered     fopen, 10 fwrite of 100 B, fclose: stdio gathers the
 *                10 into one write, at fclose
 * Built -g -O0 so that every call is at its line. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NREC 8
#define RECSZ 512

static char buf[4096];

static void const_loop(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	int i;

	for (i = 0; i < NREC; i++)
		write(fd, buf, RECSZ);
	close(fd);
}

static void nested(int fd)
{
	int i, j;

	for (i = 0; i < 4; i++)
		for (j = 0; j < 3; j++)
			pwrite(fd, buf, 256, (i * 3 + j) * 256);
}

static void helper(int fd)
{
	write(fd, buf, 64);
	write(fd, buf, 64);
}

static void runtime(int fd, int n)
{
	int i;

	for (i = 0; i < n; i++)
		write(fd, buf, 100);
}

static void branch(int fd)
{
	int i;

	for (i = 0; i < 4; i++) {
		if (i % 2)
			write(fd, buf, 32);
	}
}

static void unbuffered(const char *path)
{
	FILE *f = fopen(path, "w");
	int i;

	setvbuf(f, NULL, _IONBF, 0);
	for (i = 0; i < 5; i++)
		fwrite(buf, 1, 200, f);
	fprintf(f, "%d records\n", i);
	fclose(f);
}

static void buffered(const char *path)
{
	FILE *f = fopen(path, "w");
	int i;

	for (i = 0; i < 10; i++)
		fwrite(buf, 100, 1, f);
	fclose(f);
}

int main(int argc, char **argv)
{
	char path[4096];
	int fd, k;

	if (argc < 3 || strlen(argv[1]) > 4000)
		return 2;
	memset(buf, 'v', sizeof(buf));
	snprintf(path, sizeof(path), "%s.a", argv[1]);
	const_loop(path);
	snprintf(path, sizeof(path), "%s.b", argv[1]);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
	nested(fd);
	for (k = 0; k < 3; k++)
		helper(fd);
	runtime(fd, atoi(argv[2]));
	branch(fd);
	close(fd);
	snprintf(path, sizeof(path), "%s.c", argv[1]);
	unbuffered(path);
	snprintf(path, sizeof(path), "%s.d", argv[1]);
	buffered(path);
	return 0;
}
