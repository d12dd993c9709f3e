/* t/6069: a branch on a parameter that each call site fixes: the arm
 * the call's constant takes, alone (put(fd, 0): no I/O in its
 * `if (flag)`); a condition no call fixes counts the arm as taken. */
#include <fcntl.h>
#include <unistd.h>

static char b[4096];

static void put(int fd, int flag)
{
	write(fd, b, 10);
	if (flag) {
		write(fd, b, 20);
		write(fd, b, 20);
	}
}

static void level(int fd, int verbose)
{
	int i;

	if (verbose > 1) {
		for (i = 0; i < 4; i++)
			write(fd, b, 8);
	} else {
		write(fd, b, 1);
	}
}

static void pick(int fd, int mode)
{
	if (2 == mode) {
		write(fd, b, 30);
	} else {
		write(fd, b, 40);
		write(fd, b, 40);
		write(fd, b, 40);
	}
}

static void wrap(int fd, int v)
{
	level(fd, v);
}

int main(int argc, char **argv)
{
	int fd = open("param-branch.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	int k;

	(void)argv;
	put(fd, 0);
	for (k = 0; k < 3; k++)
		put(fd, 1);
	level(fd, 0);
	level(fd, 3);
	pick(fd, 2);
	wrap(fd, 5);
	put(fd, argc);
	close(fd);
	return 0;
}
