/* serial kinds for round 8: ser8 MODE FILE ARGS */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MIB 1048576L
int main(int argc, char **argv) {
	const char *m = argv[1], *f = argv[2]; char *b = malloc(MIB); memset(b, 'q', MIB);
	if (!strcmp(m, "read")) { /* read each FILE argument front to back in 1 MiB reads; argv[2] may repeat */
		for (int a = 2; a < argc; a++) { int fd = open(argv[a], O_RDONLY); while (read(fd, b, MIB) > 0) ; close(fd); }
	} else if (!strcmp(m, "w4k")) { /* N writes of 4 KiB, sequential, to a new file */
		long n = atol(argv[3]); int fd = open(f, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		for (long i = 0; i < n; i++) if (write(fd, b, 4096) != 4096) abort(); close(fd);
	} else if (!strcmp(m, "osync")) { /* N writes of K KiB to a file opened O_SYNC */
		long n = atol(argv[3]); size_t k = (size_t)atol(argv[4]) * 1024; int fd = open(f, O_WRONLY | O_CREAT | O_TRUNC | O_SYNC, 0644);
		for (long i = 0; i < n; i++) if (write(fd, b, k) != (ssize_t)k) abort(); close(fd);
	} else if (!strcmp(m, "big")) { /* MIB MiB in 1 MiB writes, one fsync at the end */
		long mib = atol(argv[3]); int fd = open(f, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		for (long i = 0; i < mib; i++) if (write(fd, b, MIB) != MIB) abort(); fsync(fd); close(fd);
	} else if (!strcmp(m, "fread")) { /* fread the whole file in 1 MiB calls */
		FILE *fp = fopen(f, "r"); while (fread(b, 1, MIB, fp) > 0) ; fclose(fp);
	}
	free(b); return 0;
}
