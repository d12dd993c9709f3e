/* a project library: n chunks of size bytes, each its own pwrite
 * (t/data/blocks/lib-app.c) */
#include <unistd.h>

#include "lib-chunks.h"

static int write_chunk(int fd, const char *p, size_t size, off_t off)
{
	return pwrite(fd, p, size, off) == (ssize_t)size ? 0 : -1;
}

int chunks_write(int fd, const char *data, int n, size_t size)
{
	for (int i = 0; i < n; i++)
		if (write_chunk(fd, data + (size_t)i * size, size,
				(off_t)i * (off_t)size) != 0)
			return -1;
	return 0;
}
