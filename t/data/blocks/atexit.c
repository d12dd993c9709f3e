/* t/6039: a function atexit() registers runs at exit() from a stack of
 * its own: its I/O is predicted under the line that registers it (18). */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

static int fd = -1;
static char buf[100];

static void bye(void)
{
	write(fd, buf, 100);
	close(fd);
}

int main(void)
{
	fd = open("ax.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	atexit(bye);
	write(fd, buf, 50);
	return 0;
}
