#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
static char buf[1 << 20];
static void put_block(int fd, size_t n)
{
	write(fd, buf, n);
}
static void put_many(int fd, int count, size_t n)
{
	int i;

	for (i = 0; i < count; i++)
		put_block(fd, n);
}
static void put_rec(FILE *f, size_t n)
{
	fwrite(buf, 1, n, f);
}
int main(int argc, char **argv)
{
	int fd = open("out", O_WRONLY | O_CREAT, 0644);
	FILE *f = fopen("o2", "w");

	put_block(fd, 4096);
	put_many(fd, 10, 512);
	put_rec(f, 100);
	put_block(fd, (size_t)argc);
	close(fd);
	fclose(f);
	(void)argv;
	return 0;
}
