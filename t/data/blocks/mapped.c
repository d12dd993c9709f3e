/* a descriptor given to fdopen and written through the stream, and a
 * mapped file synced with msync: neither fdopen nor msync is a call on
 * a file that a tracer records (t/6088; issue 33 D11, D12) */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int main(void)
{
	int fd = open("stream.out", O_WRONLY | O_CREAT | O_TRUNC, 0644), m;
	FILE *f;
	char *p;

	if (fd < 0 || !(f = fdopen(fd, "w")))
		return 1;
	fwrite("0123456789", 1, 10, f);
	fclose(f);
	if ((m = open("map.out", O_RDWR | O_CREAT | O_TRUNC, 0644)) < 0 ||
	    ftruncate(m, 65536) != 0)
		return 1;
	p = mmap(NULL, 65536, PROT_READ | PROT_WRITE, MAP_SHARED, m, 0);
	if (p == MAP_FAILED)
		return 1;
	memset(p, 'x', 65536);
	msync(p, 65536, MS_SYNC);
	munmap(p, 65536);
	close(m);
	return 0;
}
