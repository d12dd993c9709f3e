/* Round 81 serial program (no MPI): compute and I/O in processes Darshan sees only in part.
 * ser81 fork NWORK SWEEPS DIR : the parent reads in/data.bin, forks NWORK workers; each computes and
 *                               writes its own 16 MiB result in 1 MiB writes; the parent waits
 * ser81 exec SWEEPS DIR       : computes, writes a 32 MiB intermediate in 1 MiB writes, then execs
 *                               gzip -1 on it (the compressor runs outside the preload's view after exec) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/wait.h>
#define N (1 << 21)
static double a[N], b[N];
static void sweep(int n) {
	for (int s = 0; s < n; s++) {
		for (int i = 1; i < N - 1; i++) b[i] = 0.5 * a[i] + 0.25 * (a[i - 1] + a[i + 1]);
		memcpy(a, b, sizeof a);
	}
}
static void dump(const char *p, size_t mb) {
	int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (size_t k = 0; k < mb; k++) if (write(fd, (char *)a + (k % 16) * (1 << 20), 1 << 20) < 0) exit(3);
	close(fd);
}
int main(int argc, char **argv) {
	char p[512];
	if (argc < 4) return 2;
	for (int i = 0; i < N; i++) a[i] = i % 17;
	if (!strcmp(argv[1], "fork")) {
		int nw = atoi(argv[2]), sw = atoi(argv[3]);
		int fd = open("in/data.bin", O_RDONLY); static char in[1 << 20];
		while (read(fd, in, sizeof in) > 0); close(fd);
		for (int w = 0; w < nw; w++) if (fork() == 0) {
			for (int i = 0; i < N; i++) a[i] += w;
			sweep(sw); snprintf(p, sizeof p, "%s/w.%d", argv[4], w); dump(p, 16); _exit(0);
		}
		while (wait(NULL) > 0);
		return 0;
	}
	sweep(atoi(argv[2]));
	snprintf(p, sizeof p, "%s/inter.bin", argv[3]); dump(p, 32);
	execlp("gzip", "gzip", "-1", "-f", p, (char *)NULL);
	return 4;
}
