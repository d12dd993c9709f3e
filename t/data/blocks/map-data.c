/* t/6112: one mmap of a data file; the loader maps libc and its cache */
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>
int main(void)
{
	int fd = open("map.dat", O_RDWR | O_CREAT | O_TRUNC, 0644);
	char *m;

	ftruncate(fd, 4096);
	m = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	m[0] = 1;
	munmap(m, 4096);
	write(fd, "x", 1);
	close(fd);
	return 0;
}
