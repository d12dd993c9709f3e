/* Round 34's record writer: NREC records of RECSZ bytes to one file, either one write(2) a record ("each",
 * as a logger or a naive exporter does) or gathered into one buffer and written once ("one"). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc != 5) {
		fprintf(stderr, "usage: recw34 FILE NREC RECSZ each|one\n");
		return 2;
	}
	long n = atol(argv[2]), sz = atol(argv[3]);
	int each = strcmp(argv[4], "each") == 0;
	int fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
	char *buf = malloc((size_t)(each ? sz : n * sz));
	if (fd < 0 || !buf || n <= 0 || sz <= 0) {
		perror("recw34");
		return 1;
	}
	for (long i = 0; i < n; i++) {
		char *r = each ? buf : buf + i * sz;
		memset(r, 'a' + (int)(i % 26), (size_t)sz);
		snprintf(r, (size_t)sz, "rec %ld", i);
		if (each && write(fd, r, (size_t)sz) != sz)
			return 1;
	}
	if (!each && write(fd, buf, (size_t)(n * sz)) != n * sz)
		return 1;
	return close(fd) != 0;
}
