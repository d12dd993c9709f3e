/* Shapes the extractor and the joiner must take, for
 * t/1020-blocks-robust.t (I/O per run):
 *   three    3 writes of 8 B; called by caller in a loop of NITER (10),
 *            itself called by outer in a loop of 2: 60 writes, 480 B
 *   whiles   a while loop of 4 writes of 4 B (its counter set just
 *            before it and stepped at the end of its body), a do loop
 *            stepping by 2 to 6 (3 writes of 1 B), a do loop of n writes
 *            of 2 B (n known at run time only)
 *   bounds   a for loop to n * 2: unknown to the source, 6 at run time
 *   macros   a write made by a macro, and a macro making a loop of 3
 *            around it: 4 writes of 16 B */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#define NITER 10
#define SAVE(fd) write(fd, buf, 16)
#define EACH(i, n) for (i = 0; i < (n); i++)

static char buf[64];

static void three(int fd)
{
	write(fd, buf, 8);
	write(fd, buf, 8);
	write(fd, buf, 8);
}

static void caller(int fd)
{
	int i;

	for (i = 0; i < NITER; i++)
		three(fd);
}

static void outer(int fd)
{
	int k;

	for (k = 0; k < 2; k++)
		caller(fd);
}

static void whiles(int fd, int n)
{
	int i = 0, k;

	while (i < 4) {
		write(fd, buf, 4);
		i++;
	}
	k = 0;
	do {
		write(fd, buf, 1);
		k += 2;
	} while (k < 6);
	do {
		write(fd, buf, 2);
	} while (--n > 0);
}

static void bounds(int fd, int n)
{
	int i;

	for (i = 0; i < n * 2; i++)
		write(fd, buf, 1);
}

static void macros(int fd)
{
	int i;

	SAVE(fd);
	EACH(i, 3)
		SAVE(fd);
}

int main(int argc, char **argv)
{
	int fd = open(argc > 1 ? argv[1] : "r.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);

	outer(fd);
	whiles(fd, 3);
	bounds(fd, 3);
	macros(fd);
	close(fd);
	return 0;
}
