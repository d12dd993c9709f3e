/* serial kinds for round 7: ser MODE FILE ARGS */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
	const char *m = argv[1], *f = argv[2]; char p[512];
	if (!strcmp(m, "backread")) { /* read the file back to front in K KiB preads */
		size_t k = (size_t)atol(argv[3]) * 1024; char *b = malloc(k); int fd = open(f, O_RDONLY); off_t sz = lseek(fd, 0, SEEK_END);
		for (off_t o = sz - (off_t)k; o >= 0; o -= (off_t)k) if (pread(fd, b, k, o) != (ssize_t)k) abort(); close(fd);
	} else if (!strcmp(m, "fwdread")) { /* read the file front to back in K KiB reads */
		size_t k = (size_t)atol(argv[3]) * 1024; char *b = malloc(k); int fd = open(f, O_RDONLY); ssize_t n;
		while ((n = read(fd, b, k)) > 0) ; close(fd);
	} else if (!strcmp(m, "rewrite")) { /* N x (open O_TRUNC, write a B-byte config, close) */
		long n = atol(argv[3]); size_t bs = (size_t)atol(argv[4]); char *b = malloc(bs);
		for (long i = 0; i < n; i++) { memset(b, 'a' + i % 26, bs); int fd = open(f, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (write(fd, b, bs) != (ssize_t)bs) abort(); close(fd); }
	} else if (!strcmp(m, "produce")) { /* write MIB MiB in 1 MiB writes, fsync */
		long mib = atol(argv[3]); char *b = malloc(1 << 20); memset(b, 'p', 1 << 20); int fd = open(f, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		for (long i = 0; i < mib; i++) if (write(fd, b, 1 << 20) != 1 << 20) abort(); fsync(fd); close(fd);
	} else if (!strcmp(m, "stat")) { /* stat N files DIR/fI.txt without opening them */
		long n = atol(argv[3]); struct stat st; long tot = 0;
		for (long i = 0; i < n; i++) { snprintf(p, sizeof p, "%s/f%ld.txt", f, i); if (stat(p, &st) == 0) tot += st.st_size; } printf("%ld\n", tot);
	} else if (!strcmp(m, "mkdirs")) { /* mkdir then rmdir N directories DIR/dI */
		long n = atol(argv[3]);
		for (long i = 0; i < n; i++) { snprintf(p, sizeof p, "%s/d%ld", f, i); mkdir(p, 0755); }
		for (long i = 0; i < n; i++) { snprintf(p, sizeof p, "%s/d%ld", f, i); rmdir(p); }
	}
	return 0;
}
