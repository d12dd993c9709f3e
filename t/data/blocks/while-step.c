#include <fcntl.h>
#include <unistd.h>
static char page[4096];
static int copy_pages(int in, int out)
{
	int k = 0, rc = -1;
	while (k < 20) {
		k++;
		if (read(in, page, sizeof page) != (ssize_t)sizeof page)
			goto done;
		write(out, page, sizeof page);
	}
	rc = 0;
done:
	close(in);
	return rc;
}
int main(void)
{
	int fd = open("o.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	int j = 0, m = 0, d = 0, u = 0;

	copy_pages(open("d", O_RDONLY), fd);
	while (j < 60) {
		write(fd, page, 16);
		j++;
	}
	while (m < 20) {
		m += 2;
		write(fd, page, 32);
	}
	do {
		++d;
		write(fd, page, 8);
	} while (d < 5);
	while (u < 10) {
		u++;
		write(fd, page, 1);
		u++;
	}
	close(fd);
	return 0;
}
