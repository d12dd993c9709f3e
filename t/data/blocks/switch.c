/* switch statements: on a parameter a call site fixes (put(fd, 1): its
 * case alone), on the counter of a loop of constant trip count (each
 * case for the iterations that enter or fall into it) and on a value
 * the source does not fix (each case up to what it makes if it runs,
 * the switch its largest; t/6097; issue 33). */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

static char data[4096];

static void put(int fd, int kind)
{
	switch (kind) {
	case 0:
		write(fd, data, 100);
		break;
	case 1:
		write(fd, data, 200);
		write(fd, data, 200);
		break;
	default:
		write(fd, data, 300);
		break;
	}
}

int main(int argc, char **argv)
{
	int fd = open("out.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);

	put(fd, 1);
	put(fd, 9);
	switch (3) {
	case 3:
		write(fd, data, 50);
		/* fall through */
	case 4: {
		write(fd, data, 60);
		break; }
	case 5:
		fsync(fd);
		break;
	}
	for (int i = 0; i < 6; i++) {
		switch (i % 3) {
		case 0:
			write(fd, data, 10);
			break;
		case 1:
			write(fd, data, 20);
			/* fall through */
		case 2:
			write(fd, data, 30);
			break;
		}
	}
	switch (argc > 1 ? atoi(argv[1]) : 0) {
	case 5:
		fsync(fd);
		break;
	default:
		write(fd, data, 40);
		break;
	}
	close(fd);
	return 0;
}
