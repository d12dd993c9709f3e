/* records through a helper: traced with strace -k, then rebuilt with
 * checksum() inserted before put_rec() (-DINSERTED), the trace copied
 * after (t/6080; issue 33 D4) */
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#ifdef INSERTED
__attribute__((noinline)) int checksum(const char *b, int n)
{
	int s = 0, i;

	for (i = 0; i < n; i++)
		s += b[i] * (i + 1);
	for (i = 0; i < n; i += 2)
		s ^= b[i] << (i % 7);
	return s;
}
#endif

__attribute__((noinline)) void put_rec(int fd, int idx, int sz)
{
	char b[512];

	memset(b, idx, sizeof(b));
	if (pwrite(fd, b, (size_t)sz, (off_t)idx * sz) != sz)
		_exit(1);
}

int main(void)
{
	int fd = open("rec.dat", O_RDWR | O_CREAT | O_TRUNC, 0644), i;

	if (fd < 0)
		return 1;
	for (i = 0; i < 8; i++)
		put_rec(fd, i, 512);
	close(fd);
	return 0;
}
