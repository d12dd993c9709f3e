/* Round 54: jobs doing I/O through less common interfaces (mmap, O_DIRECT, vector I/O, fadvise,
 * fallocate, POSIX AIO), each with real compute (a damped recurrence over a buffer) between I/O.
 * usage: app54 MODE FILE MIB WORK [ARG]   (MIB: MiB per rank; WORK: compute passes) */
#define _GNU_SOURCE
#include <aio.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <unistd.h>

#define MB (1024L * 1024L)
static int rank, np;

static double compute(double *a, long n, int passes)
{
	double s = 0;
	for (int p = 0; p < passes; p++)
		for (long i = 1; i < n; i++) {
			a[i] = 0.5 * a[i] + 0.25 * a[i - 1] + 1e-3 * sin((double)i + p);
			s += a[i];
		}
	return s;
}

static void die(const char *w) { perror(w); MPI_Abort(MPI_COMM_WORLD, 1); }

static void fill(char *b, long n, int seed)
{
	for (long i = 0; i < n; i++)
		b[i] = (char)((i * 131 + seed * 7) & 0xff);
}

/* every rank maps its own slice of one shared file, writes it, one msync */
static void m_mmapw(const char *f, long sz, double *a, int w)
{
	int fd = open(f, O_RDWR | O_CREAT, 0644);
	if (fd < 0) die("open");
	if (rank == 0 && ftruncate(fd, sz * np)) die("ftruncate");
	MPI_Barrier(MPI_COMM_WORLD);
	char *p = mmap(NULL, sz, PROT_READ | PROT_WRITE, MAP_SHARED, fd, sz * rank);
	if (p == MAP_FAILED) die("mmap");
	compute(a, 1 << 20, w);
	memcpy(p, a, 8 * MB < sz ? 8 * MB : sz);
	fill(p + 8 * MB, sz - 8 * MB, rank);
	if (msync(p, sz, MS_SYNC)) die("msync");
	munmap(p, sz);
	close(fd);
}

/* O_DIRECT: 4 MiB aligned pwrites of an own region, then read it back */
static void m_odirect(const char *f, long sz, double *a, int w)
{
	int fd = open(f, O_RDWR | O_CREAT | O_DIRECT, 0644);
	if (fd < 0) die("open");
	void *b = NULL;
	if (posix_memalign(&b, 4096, 4 * MB)) die("memalign");
	for (long o = 0; o < sz; o += 4 * MB) {
		compute(a, 1 << 20, w);
		fill(b, 4 * MB, (int)(o / MB));
		if (pwrite(fd, b, 4 * MB, sz * rank + o) != 4 * MB) die("pwrite");
	}
	for (long o = 0; o < sz; o += 4 * MB)
		if (pread(fd, b, 4 * MB, sz * rank + o) != 4 * MB) die("pread");
	free(b);
	close(fd);
}

/* pwritev/preadv with 8 iovecs of 1 MiB each */
static void m_vecio(const char *f, long sz, double *a, int w)
{
	int fd = open(f, O_RDWR | O_CREAT, 0644);
	if (fd < 0) die("open");
	char *b = malloc(8 * MB);
	struct iovec v[8];
	for (int i = 0; i < 8; i++) v[i] = (struct iovec){b + i * MB, MB};
	for (long o = 0; o < sz; o += 8 * MB) {
		compute(a, 1 << 20, w);
		fill(b, 8 * MB, (int)(o / MB));
		if (pwritev(fd, v, 8, sz * rank + o) != 8 * MB) die("pwritev");
	}
	MPI_Barrier(MPI_COMM_WORLD);
	for (long o = 0; o < sz; o += 8 * MB)
		if (preadv(fd, v, 8, sz * rank + o) != 8 * MB) die("preadv");
	free(b);
	close(fd);
}

/* sequential read with posix_fadvise(SEQUENTIAL) + readahead hint, 8 MiB reads */
static void m_fadv(const char *f, long sz, double *a, int w)
{
	int fd = open(f, O_RDONLY);
	if (fd < 0) die("open");
	posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
	readahead(fd, 0, 16 * MB);
	char *b = malloc(8 * MB);
	double s = 0;
	for (long o = 0; o < sz; o += 8 * MB) {
		if (read(fd, b, 8 * MB) <= 0) die("read");
		for (long i = 0; i < 8 * MB; i += 64) s += b[i];
		compute(a, 1 << 20, w);
	}
	if (s == 0.5) printf("x\n");
	free(b);
	close(fd);
}

/* own file: fallocate the whole size, then 4 MiB writes */
static void m_falloc(const char *f, long sz, double *a, int w)
{
	char nm[512];
	snprintf(nm, sizeof nm, "%s.%d", f, rank);
	int fd = open(nm, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) die("open");
	if (fallocate(fd, 0, 0, sz)) die("fallocate");
	char *b = malloc(4 * MB);
	for (long o = 0; o < sz; o += 4 * MB) {
		compute(a, 1 << 20, w);
		fill(b, 4 * MB, (int)(o / MB));
		if (write(fd, b, 4 * MB) != 4 * MB) die("write");
	}
	free(b);
	close(fd);
}

/* shared input: ARG reads of RECSZ at random (seq=0) or in order (seq=1); each rank its quarter */
static void m_pread(const char *f, long sz, double *a, int w, long rec, int seq)
{
	int fd = open(f, O_RDONLY);
	if (fd < 0) die("open");
	posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);	/* cold reads, as a first touch would be */
	long n = sz / rec, base = sz * rank;
	char *b = malloc(rec);
	double s = 0;
	srand(54 + rank);
	for (long i = 0; i < n; i++) {
		long k = seq ? i : (long)(((unsigned long)rand() * 2654435761UL) % (unsigned long)n);
		if (pread(fd, b, rec, base + k * rec) != rec) die("pread");
		s += b[0];
		if (i % (n / 8 > 0 ? n / 8 : 1) == 0) compute(a, 1 << 20, w);
	}
	if (s == 0.5) printf("x\n");
	free(b);
	close(fd);
}

/* POSIX AIO reader: one request in flight of REC bytes, waited for before the next */
static void m_aio(const char *f, long sz, double *a, int w, long rec)
{
	int fd = open(f, O_RDONLY);
	if (fd < 0) die("open");
	posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	char *b = malloc(rec);
	long n = sz / rec;
	double s = 0;
	for (long i = 0; i < n; i++) {
		struct aiocb cb = {.aio_fildes = fd, .aio_buf = b, .aio_nbytes = rec, .aio_offset = i * rec};
		if (aio_read(&cb)) die("aio_read");
		const struct aiocb *l[1] = {&cb};
		while (aio_error(&cb) == EINPROGRESS) aio_suspend(l, 1, NULL);
		if (aio_return(&cb) != rec) die("aio_return");
		s += b[rec - 1];
		if (i % (n / 8 > 0 ? n / 8 : 1) == 0) compute(a, 1 << 20, w);
	}
	if (s == 0.5) printf("x\n");
	free(b);
	close(fd);
}

/* own journal: N pwrites of 64 KiB, fsync after each (each=1) or once at the end */
static void m_fsync(const char *f, long sz, double *a, int w, int each)
{
	char nm[512];
	snprintf(nm, sizeof nm, "%s.%d", f, rank);
	int fd = open(nm, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) die("open");
	long rec = 64 * 1024, n = sz / rec;
	char *b = malloc(rec);
	for (long i = 0; i < n; i++) {
		compute(a, 1 << 14, w);
		fill(b, rec, (int)i);
		if (pwrite(fd, b, rec, i * rec) != rec) die("pwrite");
		if (each && fsync(fd)) die("fsync");
	}
	if (!each && fsync(fd)) die("fsync");
	free(b);
	close(fd);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 5) {
		if (!rank) fprintf(stderr, "usage: app54 MODE FILE MIB WORK [ARG]\n");
		MPI_Finalize();
		return 2;
	}
	const char *m = argv[1], *f = argv[2];
	long sz = atol(argv[3]) * MB;
	int w = atoi(argv[4]);
	long arg = argc > 5 ? atol(argv[5]) : 0;
	double *a = calloc(1 << 20, sizeof *a);
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime();
	if (!strcmp(m, "mmapw")) m_mmapw(f, sz, a, w);
	else if (!strcmp(m, "odirect")) m_odirect(f, sz, a, w);
	else if (!strcmp(m, "vecio")) m_vecio(f, sz, a, w);
	else if (!strcmp(m, "fadv")) m_fadv(f, sz, a, w);
	else if (!strcmp(m, "falloc")) m_falloc(f, sz, a, w);
	else if (!strcmp(m, "pread")) m_pread(f, sz, a, w, arg, 0);
	else if (!strcmp(m, "preadseq")) m_pread(f, sz, a, w, arg, 1);
	else if (!strcmp(m, "aio")) m_aio(f, sz, a, w, arg);
	else if (!strcmp(m, "fsynceach")) m_fsync(f, sz, a, w, 1);
	else if (!strcmp(m, "fsyncend")) m_fsync(f, sz, a, w, 0);
	else die(m);
	MPI_Barrier(MPI_COMM_WORLD);
	double t = MPI_Wtime() - t0;
	if (!rank) printf("%s %.3f s\n", m, t);
	free(a);
	MPI_Finalize();
	return 0;
}
