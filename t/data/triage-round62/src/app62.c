/* Round 62: jobs glued together through files (issue 34). Every mode is a main loop of compute steps
 * (real arithmetic: sweeps over a local grid) with file-system traffic between them.
 * usage: app62 MODE DIR STEPS SWEEPS [ARG]
 *  poll     rank 0 writes DIR/s.N (1 MiB) then a marker DIR/s.N.done each step; others compute their own
 *           step, then poll stat(marker) (a sweep between polls) and read the 1 MiB
 *  lock     each rank, each step: open(DIR/lock, O_CREAT|O_EXCL) until it wins (a sweep between tries),
 *           appends a 64 B line to DIR/log under flock, unlinks the lock
 *  couple   rank pairs (2k, 2k+1) exchange ARG-byte pieces of 256 KiB through DIR/x.k.N each step (write, then a
 *           marker; the partner polls access(marker), reads, unlinks both)
 *  manifest rank 0 rewrites DIR/manifest (one 96 B line per finished task, all of them) in one write to a temp file,
 *           fsync, rename, after each task; ARG=append: appends the new line instead (no fsync, no rename)
 *  tmpfile  each rank, each step: mkstemp in DIR, writes 256 KiB in ARG-byte pieces, fsync, reads it back,
 *           unlinks; ARG=0: the scratch stays in memory (no file) */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#define N 65536
static double g[N], h[N];
static double sweep(int n)
{
	double s = 0;
	for (int k = 0; k < n; k++) {
		for (int i = 1; i < N - 1; i++) h[i] = 0.5 * g[i] + 0.25 * (g[i - 1] + g[i + 1]) + 1e-9 * i;
		memcpy(g + 1, h + 1, (N - 2) * sizeof *g);
	}
	for (int i = 0; i < N; i += 1024) s += g[i];
	return s;
}
static void wr(int fd, const char *b, size_t n, size_t piece)
{
	for (size_t o = 0; o < n; o += piece)
		if (write(fd, b + o, n - o < piece ? n - o : piece) < 0) { perror("write"); MPI_Abort(MPI_COMM_WORLD, 1); }
}
static void rd(int fd, char *b, size_t n, size_t piece)
{
	for (size_t o = 0; o < n; o += piece)
		if (read(fd, b + o, n - o < piece ? n - o : piece) <= 0) { perror("read"); MPI_Abort(MPI_COMM_WORLD, 1); }
}
static void touch(const char *p)
{
	int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) { perror(p); MPI_Abort(MPI_COMM_WORLD, 1); }
	close(fd);
}
int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	int r, np;
	MPI_Comm_rank(MPI_COMM_WORLD, &r);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 5) { if (!r) fprintf(stderr, "usage: app62 MODE DIR STEPS SWEEPS [ARG]\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	const char *m = argv[1], *d = argv[2];
	int steps = atoi(argv[3]), sw = atoi(argv[4]);
	long arg = argc > 5 ? atol(argv[5]) : 0;
	const char *sarg = argc > 5 ? argv[5] : "";
	size_t MB = 1 << 20;
	char *buf = malloc(MB), *b2 = malloc(MB), p[512], q[512];
	memset(buf, 'a' + r, MB);
	for (int i = 0; i < N; i++) g[i] = (i * 7 + r) % 13;
	double acc = 0, polls = 0;
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime();
	for (int s = 0; s < steps; s++) {
		acc += sweep(sw);
		if (!strcmp(m, "poll")) {
			snprintf(p, sizeof p, "%s/s.%d", d, s);
			snprintf(q, sizeof q, "%s/s.%d.done", d, s);
			if (r == 0) {
				int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
				wr(fd, buf, MB, MB); close(fd); touch(q);
			} else {
				struct stat st;
				while (stat(q, &st) != 0) { acc += sweep(1); polls++; }
				int fd = open(p, O_RDONLY);
				rd(fd, b2, MB, MB); close(fd);
			}
		} else if (!strcmp(m, "lock")) {
			snprintf(p, sizeof p, "%s/lock", d);
			int fd;
			while ((fd = open(p, O_WRONLY | O_CREAT | O_EXCL, 0644)) < 0) { acc += sweep(1); polls++; }
			close(fd);
			snprintf(q, sizeof q, "%s/log", d);
			int lf = open(q, O_WRONLY | O_CREAT | O_APPEND, 0644);
			flock(lf, LOCK_EX);
			char line[65]; snprintf(line, sizeof line, "rank %4d step %6d acc %24.6f ........\n", r, s, acc);
			wr(lf, line, 64, 64); flock(lf, LOCK_UN); close(lf);
			unlink(p);
		} else if (!strcmp(m, "couple")) {
			int peer = r ^ 1;
			if (peer >= np) continue;
			snprintf(p, sizeof p, "%s/x.%d.%d", d, r, s);
			snprintf(q, sizeof q, "%s/x.%d.%d.done", d, r, s);
			int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
			wr(fd, buf, MB / 4, arg); close(fd); touch(q);
			snprintf(p, sizeof p, "%s/x.%d.%d", d, peer, s);
			snprintf(q, sizeof q, "%s/x.%d.%d.done", d, peer, s);
			while (access(q, F_OK) != 0) { acc += sweep(1); polls++; }
			fd = open(p, O_RDONLY); rd(fd, b2, MB / 4, arg); close(fd);
			unlink(p); unlink(q);
		} else if (!strcmp(m, "manifest") && r == 0) {
			snprintf(p, sizeof p, "%s/manifest", d);
			char line[97];
			snprintf(line, sizeof line, "task %6d done rank %d acc %24.6f status ok .................\n", s, r, acc);
			if (!strcmp(sarg, "append")) {
				int fd = open(p, O_WRONLY | O_CREAT | O_APPEND, 0644);
				wr(fd, line, 96, 96); close(fd);
			} else {
				static char *man; static size_t len;
				man = realloc(man, len + 96); memcpy(man + len, line, 96); len += 96;
				snprintf(q, sizeof q, "%s/manifest.tmp", d);
				int fd = open(q, O_WRONLY | O_CREAT | O_TRUNC, 0644);
				wr(fd, man, len, len); fsync(fd); close(fd);
				rename(q, p);
			}
		} else if (!strcmp(m, "tmpfile")) {
			size_t n = 256 << 10;
			if (arg == 0) { memcpy(b2, buf, n); acc += b2[n - 1]; continue; }
			snprintf(p, sizeof p, "%s/tmp.XXXXXX", d);
			int fd = mkstemp(p);
			if (fd < 0) { perror("mkstemp"); MPI_Abort(MPI_COMM_WORLD, 1); }
			wr(fd, buf, n, arg); fsync(fd); lseek(fd, 0, SEEK_SET); rd(fd, b2, n, arg); close(fd);
			unlink(p);
		}
	}
	MPI_Barrier(MPI_COMM_WORLD);
	double t = MPI_Wtime() - t0;
	double pmax; MPI_Reduce(&polls, &pmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (!r) printf("%s np %d steps %d: %.3f s (max polls a rank %.0f, check %g)\n", m, np, steps, t, pmax, acc);
	free(buf); free(b2);
	MPI_Finalize();
	return 0;
}
