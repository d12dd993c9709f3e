/*
 * Loop headers the trip count must read (or refuse), branches, a switch,
 * a conditional expression and recursion.
 */
#include <unistd.h>

int limit = 5; /* not const: the bound is unknown */
static const int const_limit = 6;
enum { EIGHT = 8 };

void loops(int fd, char *b)
{
	int i;

	for (i = 0; i <= 10; i += 2) /* 6 */
		write(fd, b, 1);
	for (i = 10; i != 0; i--) /* 10 */
		write(fd, b, 2);
	for (i = 0; 7 > i; i++) /* 7 */
		write(fd, b, 3);
	for (i = 0; i < limit; i++) /* unknown: a variable */
		write(fd, b, 4);
	for (i = 0; i < const_limit; i++) /* 6 */
		write(fd, b, 5);
	for (i = 0; i < EIGHT; i++) { /* unknown: the body steps i */
		write(fd, b, 6);
		i++;
	}
	for (i = 100; i > 0; i -= 30) /* 4: 100 70 40 10 */
		write(fd, b, 7);
	do { /* unknown: do */
		write(fd, b, 8);
	} while (0);
}

void branches(int fd, char *b, int mode)
{
	if (mode) {
		write(fd, b, 100);
	} else {
		write(fd, b, 10);
		write(fd, b, 10);
	}
	switch (mode) {
	case 1:
		fsync(fd);
		break;
	default:
		break;
	}
	(void)(mode > 2 ? write(fd, b, 1) : 0);
}

int recurse(int fd, char *b, int depth)
{
	write(fd, b, 1);
	return depth > 0 ? recurse(fd, b, depth - 1) : 0;
}
