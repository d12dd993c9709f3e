/* while and do-while loops of constant bounds, nested loops (one with
 * no braces around a loop that has them), and calls through a table of
 * function pointers: which function they call the source does not fix,
 * so their blocks are "?" with that reason, never a number that leaves
 * them out, and the functions whose address is taken are called an
 * unknown number of times (small() once directly, once through the
 * table); a pointer variable that only ever holds large() calls it
 * (t/6098; issue 33). */
#include <fcntl.h>
#include <unistd.h>

static char data[4096];

static void small(int fd)
{
	write(fd, data, 16);
}

static void large(int fd)
{
	write(fd, data, 1024);
	write(fd, data, 1024);
}

static void (*const table[])(int) = {small, large};

int main(void)
{
	int fd = open("out.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	int i = 0;

	while (i < 100) {
		write(fd, data, 8);
		i++;
	}
	int j = 10;
	do {
		write(fd, data, 4);
		j--;
	} while (j > 0);
	for (int a = 0; a < 3; a++)
		for (int b = 0; b < 4; b++) {
			int k = 0;
			while (k < 5) {
				write(fd, data, 2);
				k += 1;
			}
		}
	for (int t = 0; t < 2; t++)
		table[t](fd);
	void (*fp)(int) = large;
	fp(fd);
	small(fd);
	close(fd);
	return 0;
}
