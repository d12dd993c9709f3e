/* A buffer and its length passed down the project's own functions:
 * emit(fd, buf, n) -> put(fd, b, len) -> write(fd, b, len); the sizes
 * come from the application's constants (chain-app.c), through calls
 * that pass a parameter on and one that halves it (t/6096; issue 33
 * gap 3). */
#include <unistd.h>

#include "chain-lib.h"

static void put(int fd, const char *b, int len)
{
	if (write(fd, b, len) != len)
		return;
}

void emit(int fd, const char *buf, int n)
{
	put(fd, buf, n);
	put(fd, buf, n / 2);
}
