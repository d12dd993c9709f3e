#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
static char buf[1 << 20];
static void put_n(int fd, int nrec)
{
	int i;

	for (i = 0; i < nrec; i++)
		write(fd, buf, 64);
}
int main(int argc, char **argv)
{
	int n = atoi(argv[1]);
	size_t len = (size_t)atoi(argv[2]);
	int fd = open("out", O_WRONLY | O_CREAT, 0644);
	int i;

	for (i = 0; i < n; i++)
		write(fd, buf, 8);
	write(fd, buf, len * 2);
	put_n(fd, 5);
	put_n(fd, n);
	close(fd);
	(void)argc;
	return 0;
}
