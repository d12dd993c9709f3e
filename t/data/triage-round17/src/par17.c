/* par17: MPI programs for round 17 of the triage labels (issue 34). */
#define _GNU_SOURCE
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/stat.h>

static int rank, nproc;

static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); }

static void wr(int fd, const char *b, size_t n, off_t off)
{
	if (pwrite(fd, b, n, off) != (ssize_t)n) die("pwrite");
}

/* stepdirs DIR STEPS FILES SIZE many|agg: per-step output directories */
static void stepdirs(char **a)
{
	const char *dir = a[0]; int steps = atoi(a[1]), nf = atoi(a[2]);
	size_t sz = (size_t)atol(a[3]); int agg = !strcmp(a[4], "agg");
	char *b = malloc(sz * nf), p[512];
	memset(b, 'a' + rank, sz * nf);
	for (int s = 0; s < steps; s++) {
		snprintf(p, sizeof p, "%s/step%03d", dir, s);
		if (rank == 0) mkdir(p, 0755);
		MPI_Barrier(MPI_COMM_WORLD);
		if (agg) {
			snprintf(p, sizeof p, "%s/step%03d/r%02d.dat", dir, s, rank);
			int fd = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644);
			if (fd < 0) die("open");
			wr(fd, b, sz * nf, 0); close(fd);
		} else for (int f = 0; f < nf; f++) {
			snprintf(p, sizeof p, "%s/step%03d/r%02d_f%03d.dat", dir, s, rank, f);
			int fd = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644);
			if (fd < 0) die("open");
			wr(fd, b, sz, 0); close(fd);
		}
		usleep(200000); /* compute between steps */
	}
	free(b);
}

/* straggle FILE MB SLOWRANK SLEEP_S: each rank writes MB MiB in 1 MiB pwrites to its own
 * region of one file; SLOWRANK sleeps SLEEP_S halfway (compute, not I/O), then a barrier */
static void straggle(char **a)
{
	int mb = atoi(a[1]), slow = atoi(a[2]); double sl = atof(a[3]);
	char *b = malloc(1 << 20); memset(b, 'x', 1 << 20);
	MPI_File fh; /* open through MPI-IO so the shared file is one MPI record */
	if (MPI_File_open(MPI_COMM_WORLD, a[0], MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh)) die("MPI_File_open");
	for (int i = 0; i < mb; i++) {
		if (i == mb / 2 && rank == slow && sl > 0) usleep((useconds_t)(sl * 1e6));
		MPI_File_write_at(fh, ((MPI_Offset)rank * mb + i) << 20, b, 1 << 20, MPI_BYTE, MPI_STATUS_IGNORE);
	}
	MPI_File_close(&fh);
	free(b);
}

/* ringread FILE MB [nosync]: each rank writes its MB MiB region in 1 MiB, fsyncs (unless
 * nosync), barrier, reads its neighbour's */
static void ringread(int argc, char **a)
{
	int mb = atoi(a[1]), sync = !(argc > 2 && !strcmp(a[2], "nosync"));
	char *b = malloc(1 << 20); memset(b, 'r', 1 << 20);
	int fd = open(a[0], O_CREAT | O_RDWR, 0644);
	if (fd < 0) die("open");
	for (int i = 0; i < mb; i++) wr(fd, b, 1 << 20, ((off_t)rank * mb + i) << 20);
	if (sync) fsync(fd);
	MPI_Barrier(MPI_COMM_WORLD);
	int nb = (rank + 1) % nproc;
	for (int i = 0; i < mb; i++)
		if (pread(fd, b, 1 << 20, ((off_t)nb * mb + i) << 20) != 1 << 20) die("pread");
	close(fd); free(b);
}

/* hdr FILE N once|each: each rank reads a 4 KiB header of one shared input N times (pread at 0)
 * then 8 MiB of its own part; "once" reads the header once */
static void hdr(char **a)
{
	int n = atoi(a[1]), once = !strcmp(a[2], "once");
	char *b = malloc(1 << 20);
	int fd = open(a[0], O_RDONLY);
	if (fd < 0) die("open");
	for (int i = 0; i < (once ? 1 : n); i++)
		if (pread(fd, b, 4096, 0) != 4096) die("pread");
	for (int i = 0; i < 8; i++)
		if (pread(fd, b, 1 << 20, ((off_t)(rank * 8 + i) << 20) + 4096) != 1 << 20) die("pread");
	close(fd); free(b);
}

/* overlap FILE MB same|part: "same": every rank writes the same first MB MiB of one shared file
 * in 1 MiB pwrites (each byte written nproc times, a race); "part": each its own quarter */
static void overlap(char **a)
{
	int mb = atoi(a[1]), same = !strcmp(a[2], "same");
	char *b = malloc(1 << 20); memset(b, 'o' + rank, 1 << 20);
	int fd = open(a[0], O_CREAT | O_WRONLY, 0644);
	if (fd < 0) die("open");
	int n = same ? mb : mb / nproc;
	off_t base = same ? 0 : (off_t)rank * n;
	for (int i = 0; i < n; i++) wr(fd, b, 1 << 20, (base + i) << 20);
	close(fd); free(b);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &nproc);
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime();
	if (!strcmp(argv[1], "stepdirs")) stepdirs(argv + 2);
	else if (!strcmp(argv[1], "straggle")) straggle(argv + 2);
	else if (!strcmp(argv[1], "ringread")) ringread(argc - 2, argv + 2);
	else if (!strcmp(argv[1], "hdr")) hdr(argv + 2);
	else if (!strcmp(argv[1], "overlap")) overlap(argv + 2);
	else die("mode");
	double t = MPI_Wtime() - t0, tmax;
	MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (rank == 0) printf("%s %.3f s\n", argv[1], tmax);
	MPI_Finalize();
	return 0;
}
