/* memory mapped with no file (MAP_ANONYMOUS, a descriptor of -1) beside
 * a mapped file: only the file's mmap is a call a tracer records on a
 * file (t/6093; issue 33 D11) */
#define _DEFAULT_SOURCE
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int main(void)
{
	int fd;
	char *a, *b, *p;

	a = mmap(NULL, 65536, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	b = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANON, -1,
		 0);
	if (a == MAP_FAILED || b == MAP_FAILED)
		return 1;
	memset(a, 'a', 65536);
	if ((fd = open("map.out", O_RDWR | O_CREAT | O_TRUNC, 0644)) < 0 ||
	    ftruncate(fd, 4096) != 0)
		return 1;
	p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED)
		return 1;
	memcpy(p, a, 4096);
	write(fd, b, 100);
	munmap(p, 4096);
	munmap(a, 65536);
	munmap(b, 4096);
	close(fd);
	return 0;
}
