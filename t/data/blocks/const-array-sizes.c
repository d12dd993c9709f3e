#include <fcntl.h>
#include <unistd.h>
#define NELEM(a) (sizeof(a) / sizeof((a)[0]))
static char buf[8192];
static const int sizes[] = {512, 1024, 2048, 4096};
static const long odd[] = {100, 200, 301};
int main(void)
{
	static const int steps[6] = {10, 99, 20, 99, 30};
	int fd = open("a.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	const int reps = 3;

	for (int r = 0; r < reps; r++)
		for (size_t s = 0; s < NELEM(sizes); s++)
			write(fd, buf, sizes[s]);
	for (int i = 0; i < 3; i++)
		write(fd, buf, odd[i]);
	for (int i = 0; i < 6; i += 2)
		write(fd, buf, steps[i]);
	close(fd);
	return 0;
}
