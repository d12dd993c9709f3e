/* mv-unread: main() calls mv(), which renames a file: one rename(2) two
 * frames deep (t/6091 makes its first name unreadable in the trace) */
#include <stdio.h>

static int mv(const char *from, const char *to)
{
	return rename(from, to);
}

int main(void)
{
	FILE *f = fopen("a.txt", "w");

	if (!f || fclose(f) != 0)
		return 1;
	return mv("a.txt", "b.txt") != 0;
}
