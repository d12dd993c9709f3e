/* a 64 KiB copy loop, all of its I/O in main(): run stripped, its
 * trace has no lines to join to this source (t/6081; issue 33 D9) */
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

int main(void)
{
	static char b[65536];
	int in, out, i;
	ssize_t n;

	memset(b, 'x', sizeof(b));
	if ((out = open("in.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0)
		return 1;
	for (i = 0; i < 4; i++)
		if (write(out, b, sizeof(b)) != (ssize_t)sizeof(b))
			return 1;
	close(out);
	in = open("in.dat", O_RDONLY);
	out = open("out.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (in < 0 || out < 0)
		return 1;
	while ((n = read(in, b, sizeof(b))) > 0)
		if (write(out, b, (size_t)n) != n)
			return 1;
	close(in);
	close(out);
	return 0;
}
