/* t/6113: traced as built without and with -DTWICE, then rebuilt: the
 * binary the traces name is no longer the one traced */
#include <fcntl.h>
#include <unistd.h>

static char buf[4096];

int main(void)
{
	int fd = open("diff-rebuilt.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);

	write(fd, buf, sizeof(buf));
#ifdef TWICE
	write(fd, buf, sizeof(buf));
#endif
	close(fd);
	return 0;
}
