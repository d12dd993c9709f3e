/* an application writing through a project library of its own
 * (lib-chunks.c, built as a shared library): the one call site fixes
 * the library function's count and size (t/6095; issue 33 D7) */
#include <fcntl.h>
#include <unistd.h>

#include "lib-chunks.h"

#define NCHUNKS 8
#define CHUNK 4096

int main(void)
{
	static char data[NCHUNKS * CHUNK];
	int fd = open("chunks.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (fd < 0)
		return 1;
	chunks_write(fd, data, NCHUNKS, CHUNK);
	close(fd);
	return 0;
}
