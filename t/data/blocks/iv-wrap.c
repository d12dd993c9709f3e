/* t/7242: conditions on a loop's counter whose values leave int64: an
 * `if` that cannot be counted runs its arm at every iteration, as far
 * as the blocks know (10 writes of 100 B), not at the iterations where
 * a wrapped product says it holds ((i + 2^32) x 2^32 is 2^64 + i x 2^32,
 * never 0; wrapped, 0 at i == 0: one write). */
#include <fcntl.h>
#include <unistd.h>

static char b[4096];

static void wrapped(int fd)
{
	long long i;

	for (i = 0; i < 10; i++)
		if ((i + 4294967296) * 4294967296 == 0)
			write(fd, b, 100);
}

static void big(int fd)
{
	long long i;

	for (i = 0; i < 10; i++)
		if ((i + 1000000000000) * (i + 1000000000000) > 0)
			write(fd, b, 10);
}

int main(void)
{
	int fd = open("iv-wrap.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);

	wrapped(fd);
	big(fd);
	close(fd);
	return 0;
}
