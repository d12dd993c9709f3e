/* t/6071: an `if` on a loop's counter in a loop of constant trip count
 * runs its arms for the iterations where the condition holds (and does
 * not): i % 3 == 0 holds 4 times of 10, its else 6 times; i > 5 && i != 7
 * twice of 8; !(i % 8) twice of 5 counting down by 4.  Each loop ends
 * its function (a trace puts the line after a loop in it). */
#include <fcntl.h>
#include <unistd.h>

static char b[4096];

static void every_third(int fd)
{
	int i;

	for (i = 0; i < 10; i++) {
		if (i % 3 == 0)
			write(fd, b, 100);
		else
			write(fd, b, 10);
	}
}

static void late(int fd)
{
	int i;

	for (i = 1; i <= 8; i++)
		if (i > 5 && i != 7)
			write(fd, b, 50);
}

static void countdown(int fd)
{
	int i;

	for (i = 20; i > 0; i -= 4)
		if (!(i % 8)) {
			write(fd, b, 1);
			fsync(fd);
		}
}

int main(void)
{
	int fd = open("iv-branch.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);

	every_third(fd);
	late(fd);
	countdown(fd);
	close(fd);
	return 0;
}
