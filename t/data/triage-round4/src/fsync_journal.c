/* fsync per transaction: append 200-byte records to a journal and fsync
 * after each one (N records). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	int fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0644);
	int n = argc > 2 ? atoi(argv[2]) : 3000;
	char rec[200];
	for (int i = 0; i < n; i++) {
		snprintf(rec, sizeof rec, "%-199d", i);
		rec[199] = '\n';
		if (write(fd, rec, sizeof rec) != (ssize_t)sizeof rec || fsync(fd) != 0)
			return 1;
	}
	return close(fd) != 0;
}
