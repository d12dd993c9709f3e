/* one write(2) of one byte to one.dat: the smallest program with a block
 * (t/6132, t/6134, t/6135, t/6136) */
#include <fcntl.h>
#include <unistd.h>

int main(void)
{
	int fd = open("one.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);

	write(fd, "x", 1);
	close(fd);
	return 0;
}
