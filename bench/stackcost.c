/* bench/stackcost.c: N writes of 64 bytes from a loop two calls below
 * main, for bench/stacks.sh (the cost of a call's stack to the tracers). */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
static char b[64];
static void __attribute__((noinline)) leaf(int fd)
{
	if (write(fd, b, sizeof(b)) < 0)
		exit(1);
}
static void __attribute__((noinline)) mid(int fd, int n)
{
	for (int i = 0; i < n; i++)
		leaf(fd);
}
int main(int argc, char **argv)
{
	int fd = open(argc > 1 ? argv[1] : "/tmp/hb-many.out",
		      O_WRONLY | O_CREAT | O_TRUNC, 0644);
	mid(fd, argc > 2 ? atoi(argv[2]) : 20000);
	close(fd);
	return 0;
}
