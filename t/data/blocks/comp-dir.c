/* t/6114: compiled by a relative name from its project directory */
#include <fcntl.h>
#include <unistd.h>
static char buf[64];
int main(void)
{
	int fd = open("comp-dir.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);

	for (int i = 0; i < 4; i++)
		write(fd, buf, sizeof(buf));
	close(fd);
	return 0;
}
