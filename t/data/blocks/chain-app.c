/* The application of chain-lib.c: constants at the top caller, one a
 * local assigned once (int n = 64), another passed through batch()
 * (t/6096; issue 33 gap 3). */
#include <fcntl.h>
#include <unistd.h>

#include "chain-lib.h"

static char data[4096];

static void batch(int fd, int count, int size)
{
	for (int i = 0; i < count; i++)
		emit(fd, data, size);
}

int main(void)
{
	int fd = open("chain.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	int n = 64;

	if (fd < 0)
		return 1;
	emit(fd, data, n);
	batch(fd, 10, 256);
	close(fd);
	return 0;
}
