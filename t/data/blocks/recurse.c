/* recursion writing 100 B a level, as deep as argv[1] says (150: a
 * stack of more than 150 frames, a call path of more than 256 labels)
 * (t/6085, t/6086; issue 33 D2, D3) */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

static int fd;

static void visit(int level)
{
	char b[100] = {0};

	if (level <= 0)
		return;
	if (write(fd, b, sizeof(b)) != (ssize_t)sizeof(b))
		_exit(1);
	visit(level - 1);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 40;

	if ((fd = open("rec.out", O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0)
		return 1;
	visit(n);
	close(fd);
	return 0;
}
