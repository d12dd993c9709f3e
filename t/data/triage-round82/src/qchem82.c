/* Round 82's qchem (labels82): a toy direct-vs-conventional SCF. The two-electron integral block is
 * computed once, written to a scratch file in 1 MiB writes, and read back (1 MiB reads) every iteration,
 * as conventional SCF codes do when the integrals do not fit in memory. */
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc != 4) { fprintf(stderr, "usage: qchem82 MIB ITERS SCRATCH\n"); return 2; }
	long mib = atol(argv[1]); int iters = atoi(argv[2]);
	size_t chunk = 1 << 17; /* doubles in 1 MiB */
	double *buf = malloc(chunk * sizeof(double)), e = 0;
	struct timespec a, b;
	clock_gettime(CLOCK_MONOTONIC, &a);
	int fd = open(argv[3], O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) return 1;
	for (long m = 0; m < mib; m++) {
		for (size_t i = 0; i < chunk; i++) buf[i] = exp(-1e-6 * (double)(m * chunk + i)) * cos((double)i);
		if (write(fd, buf, chunk * sizeof(double)) < 0) return 1;
	}
	for (int it = 0; it < iters; it++) {
		lseek(fd, 0, SEEK_SET);
		for (long m = 0; m < mib; m++) {
			if (read(fd, buf, chunk * sizeof(double)) < 0) return 1;
			for (size_t i = 0; i < chunk; i++) e += buf[i] * sin(e * 1e-9 + (double)i);
		}
	}
	close(fd);
	unlink(argv[3]);
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("qchem: E=%.6f %.3f s\n", e, (double)(b.tv_sec - a.tv_sec) + 1e-9 * (double)(b.tv_nsec - a.tv_nsec));
	return 0;
}
