/* app61.c: jobs that overlap I/O with computation, and their twins without the overlap (round 61
 * of issue 34's labelled sets). Every mode is a loop of compute steps (Jacobi sweeps over a local
 * 1-D grid, real arithmetic) with output or input handled beside them. Usage: app61 MODE ARGS...
 * Prints the slowest rank's wall time from the first barrier to the last. */
#define _GNU_SOURCE
#include <mpi.h>
#include <aio.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int rank, nprocs;
static double *grid, *tmpg;
static long ncell;

/* One compute step: `sweeps` Jacobi sweeps over the local grid (no halo: each rank its own piece). */
static void compute(int sweeps)
{
	for (int s = 0; s < sweeps; s++) {
		for (long i = 1; i <= ncell; i++)
			tmpg[i] = 0.5 * grid[i] + 0.25 * (grid[i - 1] + grid[i + 1]) + 1e-9 * i;
		double *t = grid; grid = tmpg; tmpg = t;
	}
}

static void die(const char *m) { fprintf(stderr, "app61: %s\n", m); MPI_Abort(MPI_COMM_WORLD, 2); }

/* Fill an output block from the grid, as a code packs its fields. */
static void pack(char *buf, size_t n)
{
	size_t cells = n / sizeof(double);
	for (size_t i = 0; i < cells; i++)
		((double *)buf)[i] = grid[1 + (long)(i % (size_t)ncell)];
}

/* ---- a writer thread (two buffers, a one-slot hand-off) ---- */
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static char *slot; static size_t slotn; static int done, busy;
static int wfd; static size_t wchunk;

static void *writer(void *arg)
{
	(void)arg;
	for (;;) {
		pthread_mutex_lock(&mu);
		while (!slot && !done) pthread_cond_wait(&cv, &mu);
		if (!slot && done) { pthread_mutex_unlock(&mu); return NULL; }
		char *b = slot; size_t n = slotn;
		pthread_mutex_unlock(&mu);
		for (size_t o = 0; o < n; o += wchunk)
			if (write(wfd, b + o, n - o < wchunk ? n - o : wchunk) < 0) return NULL;
		pthread_mutex_lock(&mu);
		slot = NULL; busy = 0; pthread_cond_broadcast(&cv);
		pthread_mutex_unlock(&mu);
	}
}

static void handoff(char *b, size_t n)
{
	pthread_mutex_lock(&mu);
	while (busy) pthread_cond_wait(&cv, &mu);
	slot = b; slotn = n; busy = 1; pthread_cond_broadcast(&cv);
	pthread_mutex_unlock(&mu);
}

/* thr: steps of `sweeps`, each producing `mib` MiB written in `kib` KiB writes; mode thread|sync. */
static void m_thr(int steps, int sweeps, int mib, int kib, const char *path, const char *mode)
{
	size_t n = (size_t)mib << 20; char *b[2] = {malloc(n), malloc(n)};
	char p[512]; snprintf(p, sizeof p, "%s.%d", path, rank);
	wfd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644); wchunk = (size_t)kib << 10;
	if (wfd < 0 || !b[0] || !b[1]) die("open/alloc");
	int th = !strcmp(mode, "thread"); pthread_t t;
	if (th) pthread_create(&t, NULL, writer, NULL);
	for (int s = 0; s < steps; s++) {
		compute(sweeps);
		char *cur = b[s & 1];
		if (th) {
			pthread_mutex_lock(&mu); while (busy && slot == cur) pthread_cond_wait(&cv, &mu);
			pthread_mutex_unlock(&mu);
			pack(cur, n); handoff(cur, n);
		} else {
			pack(cur, n);
			for (size_t o = 0; o < n; o += wchunk) if (write(wfd, cur + o, wchunk) < 0) die("write");
		}
	}
	if (th) { pthread_mutex_lock(&mu); while (busy) pthread_cond_wait(&cv, &mu); done = 1;
		pthread_cond_broadcast(&cv); pthread_mutex_unlock(&mu); pthread_join(t, NULL); }
	close(wfd);
}

/* iw: double-buffered checkpoint of `mib` MiB a rank into one shared file, every `every` steps;
 * mode overlap (MPI_File_iwrite_at, wait before the buffer is reused) | waitnow (wait at once). */
static void m_iw(int steps, int sweeps, int mib, int every, const char *path, const char *mode)
{
	size_t n = (size_t)mib << 20; char *b[2] = {malloc(n), malloc(n)};
	MPI_File fh; MPI_Request rq[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
	if (MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_WRONLY | MPI_MODE_CREATE, MPI_INFO_NULL, &fh))
		die("MPI_File_open");
	int ov = !strcmp(mode, "overlap"), k = 0;
	for (int s = 1; s <= steps; s++) {
		compute(sweeps);
		if (s % every) continue;
		int i = k++ & 1;
		MPI_Wait(&rq[i], MPI_STATUS_IGNORE);
		pack(b[i], n);
		MPI_Offset off = ((MPI_Offset)k * nprocs + rank) * (MPI_Offset)n;
		MPI_File_iwrite_at(fh, off, b[i], (int)n, MPI_BYTE, &rq[i]);
		if (!ov) MPI_Wait(&rq[i], MPI_STATUS_IGNORE);
	}
	MPI_Waitall(2, rq, MPI_STATUSES_IGNORE);
	MPI_File_close(&fh);
}

/* aio: POSIX AIO output, `kib` KiB a request, `stepk` KiB a step; mode overlap (submit all, wait
 * before the next step's reuse) | block (aio_write then aio_suspend each, one in flight). */
static void m_aio(int steps, int sweeps, int stepk, int kib, const char *path, const char *mode)
{
	size_t n = (size_t)stepk << 10, c = (size_t)kib << 10; int nr = (int)(n / c);
	char *b = malloc(n); struct aiocb *cb = calloc(nr, sizeof *cb);
	const struct aiocb **l = calloc(nr, sizeof *l);
	char p[512]; snprintf(p, sizeof p, "%s.%d", path, rank);
	int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644), ov = !strcmp(mode, "overlap"), pend = 0;
	if (fd < 0 || !b || !cb) die("open/alloc");
	for (int s = 0; s < steps; s++) {
		compute(sweeps);
		for (int r = 0; pend && r < nr; r++) {
			while (aio_error(&cb[r]) == EINPROGRESS) { l[0] = &cb[r]; aio_suspend(l, 1, NULL); }
			aio_return(&cb[r]);
		}
		pack(b, n);
		for (int r = 0; r < nr; r++) {
			memset(&cb[r], 0, sizeof cb[r]);
			cb[r].aio_fildes = fd; cb[r].aio_buf = b + (size_t)r * c; cb[r].aio_nbytes = c;
			cb[r].aio_offset = (off_t)s * (off_t)n + (off_t)r * (off_t)c;
			if (aio_write(&cb[r])) die("aio_write");
			if (!ov) { l[0] = &cb[r]; while (aio_error(&cb[r]) == EINPROGRESS) aio_suspend(l, 1, NULL);
				aio_return(&cb[r]); }
		}
		pend = ov;
	}
	for (int r = 0; pend && r < nr; r++) {
		while (aio_error(&cb[r]) == EINPROGRESS) { l[0] = &cb[r]; aio_suspend(l, 1, NULL); }
		aio_return(&cb[r]);
	}
	close(fd);
}

/* ---- a prefetching reader thread ---- */
static int rfd; static char *rbuf[2]; static size_t rn; static int rready[2], rstop;
static void *reader(void *arg)
{
	int steps = *(int *)arg;
	for (int s = 0; s < steps; s++) {
		int i = s & 1;
		pthread_mutex_lock(&mu); while (rready[i] && !rstop) pthread_cond_wait(&cv, &mu);
		pthread_mutex_unlock(&mu);
		if (pread(rfd, rbuf[i], rn, (off_t)s * (off_t)rn) < 0) return NULL;
		pthread_mutex_lock(&mu); rready[i] = 1; pthread_cond_broadcast(&cv); pthread_mutex_unlock(&mu);
	}
	return NULL;
}

static void consume(const char *b)
{
	const double *d = (const double *)b;
	for (long i = 1; i <= ncell; i++) grid[i] += 1e-12 * d[(size_t)i % (rn / sizeof(double))];
}

/* pref: read `mib` MiB of input a step (block s of the file), mode thread (the next block is
 * prefetched while this one is computed on) | sync (read, then compute). */
static void m_pref(int steps, int sweeps, int mib, const char *path, const char *mode)
{
	rn = (size_t)mib << 20; rbuf[0] = malloc(rn); rbuf[1] = malloc(rn);
	rfd = open(path, O_RDONLY); if (rfd < 0) die("open input");
	int th = !strcmp(mode, "thread"); pthread_t t;
	if (th) pthread_create(&t, NULL, reader, &steps);
	for (int s = 0; s < steps; s++) {
		int i = s & 1;
		if (th) { pthread_mutex_lock(&mu); while (!rready[i]) pthread_cond_wait(&cv, &mu);
			pthread_mutex_unlock(&mu); }
		else if (pread(rfd, rbuf[i], rn, (off_t)s * (off_t)rn) < 0) die("pread");
		consume(rbuf[i]); compute(sweeps);
		if (th) { pthread_mutex_lock(&mu); rready[i] = 0; pthread_cond_broadcast(&cv); pthread_mutex_unlock(&mu); }
	}
	if (th) pthread_join(t, NULL);
	close(rfd);
}

/* iorank: rank 0 only receives each compute rank's `kib` KiB result per step and writes it to
 * one file (pwrite); mode plain | fsync (fdatasync after each block: "so nothing is lost").
 * Compute ranks send with MPI_Isend and go on; they wait for the send only one step later. */
static void m_iorank(int steps, int sweeps, int kib, const char *path, const char *mode)
{
	size_t n = (size_t)kib << 10; char *b[2] = {malloc(n), malloc(n)};
	if (rank == 0) {
		int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644), fs = !strcmp(mode, "fsync");
		if (fd < 0) die("open");
		for (long m = 0; m < (long)steps * (nprocs - 1); m++) {
			MPI_Status st;
			MPI_Recv(b[0], (int)n, MPI_BYTE, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
			off_t off = ((off_t)st.MPI_TAG * (nprocs - 1) + st.MPI_SOURCE - 1) * (off_t)n;
			if (pwrite(fd, b[0], n, off) < 0) die("pwrite");
			if (fs) fdatasync(fd);
		}
		close(fd);
		return;
	}
	MPI_Request rq[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
	for (int s = 0; s < steps; s++) {
		compute(sweeps);
		int i = s & 1;
		MPI_Wait(&rq[i], MPI_STATUS_IGNORE);
		pack(b[i], n);
		MPI_Isend(b[i], (int)n, MPI_BYTE, 0, s, MPI_COMM_WORLD, &rq[i]);
	}
	MPI_Waitall(2, rq, MPI_STATUSES_IGNORE);
}

int main(int argc, char **argv)
{
	int prov;
	MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &prov);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
	if (argc < 3) die("usage: app61 MODE NCELL_K ARGS...");
	ncell = atol(argv[2]) * 1024; grid = calloc(ncell + 2, sizeof *grid); tmpg = calloc(ncell + 2, sizeof *tmpg);
	for (long i = 0; i < ncell + 2; i++) grid[i] = (double)((i * 7919 + rank) % 1000);
	MPI_Barrier(MPI_COMM_WORLD); double t0 = MPI_Wtime();
	const char *m = argv[1];
	if (!strcmp(m, "thr") && argc == 9) m_thr(atoi(argv[3]), atoi(argv[4]), atoi(argv[5]), atoi(argv[6]), argv[7], argv[8]);
	else if (!strcmp(m, "iw") && argc == 9) m_iw(atoi(argv[3]), atoi(argv[4]), atoi(argv[5]), atoi(argv[6]), argv[7], argv[8]);
	else if (!strcmp(m, "aio") && argc == 9) m_aio(atoi(argv[3]), atoi(argv[4]), atoi(argv[5]), atoi(argv[6]), argv[7], argv[8]);
	else if (!strcmp(m, "pref") && argc == 8) m_pref(atoi(argv[3]), atoi(argv[4]), atoi(argv[5]), argv[6], argv[7]);
	else if (!strcmp(m, "iorank") && argc == 8) m_iorank(atoi(argv[3]), atoi(argv[4]), atoi(argv[5]), argv[6], argv[7]);
	else die("bad mode or arguments");
	double t = MPI_Wtime() - t0, tmax;
	MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (rank == 0) printf("%s %s: %.3f s (checksum %.6g)\n", m, argv[argc - 1], tmax, grid[ncell / 2]);
	MPI_Finalize();
	return 0;
}
