#include <fcntl.h>
#include <unistd.h>
static char buf[1 << 20];
/* few large writes: the most bytes */
static void big(int fd)
{
	for (int i = 0; i < 4; i++)
		write(fd, buf, sizeof buf);
}
/* many small writes: the most calls */
static void small(int fd)
{
	for (int i = 0; i < 500; i++)
		write(fd, buf, 16);
}
/* opens and fsyncs: the most time in the model */
static void syncs(void)
{
	for (int i = 0; i < 40; i++) {
		int fd = open("s.dat", O_WRONLY | O_CREAT, 0644);

		write(fd, buf, 1);
		fsync(fd);
		close(fd);
	}
}
int main(void)
{
	int fd = open("o.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);

	small(fd);
	big(fd);
	syncs();
	close(fd);
	return 0;
}
