/* app95.c: round 95 (labels95): a multi-level checkpoint/restart library in miniature (SCR/VeloC-like).
 * Every step: compute, write this rank's checkpoint to node-local storage (file per rank, level 1), send a
 * partner copy to rank (r+1)%n which writes it locally too (level 2); every K steps flush the checkpoint to
 * the shared mount (level 3) as one N-1 file. Older local checkpoints are unlinked (keep 2).
 * usage: app95 MODE STEPS MIB K LOCAL SHARED
 *   MODE: scr      synchronous collective flush (1 MiB MPI_File_write_at_all calls)
 *         veloc    a background thread flushes the local copy to a file per rank with pwrite, overlapped
 *         small    flush by independent 4 KiB MPI_File_write_at calls (a block serializer)
 *         fsync    local checkpoint fsync'ed after every 256 KiB chunk
 *         restart  find the newest complete level (probe headers), read it, then run STEPS steps
 */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

#define MiB (1024 * 1024)
static int rank, nranks, steps, K;
static size_t sz;
static const char *mode, *ldir, *sdir;
static char *buf, *pbuf;

static double work(int s)
{
	double x = s;
	for (long i = 0; i < 6000000; i++)
		x = x * 1.0000001 + 1e-9 * (double)(i & 7);
	for (size_t i = 0; i < sz / sizeof(double); i += 512)
		((double *)buf)[i] = x + (double)i;
	return x;
}

static void wfile(const char *path, const char *b, size_t n, int fs)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	size_t ch = fs ? 256 * 1024 : MiB;
	if (fd < 0) { perror(path); MPI_Abort(MPI_COMM_WORLD, 1); }
	for (size_t o = 0; o < n; o += ch) {
		if (write(fd, b + o, ch) != (ssize_t)ch) MPI_Abort(MPI_COMM_WORLD, 2);
		if (fs) fsync(fd);
	}
	close(fd);
}

static void local_level(int s)
{
	char p[512];
	int to = (rank + 1) % nranks, from = (rank + nranks - 1) % nranks;
	snprintf(p, sizeof p, "%s/r%d/ckpt.%d", ldir, rank, s);
	wfile(p, buf, sz, strcmp(mode, "fsync") == 0);
	/* partner copy: what SCR's PARTNER scheme keeps so a lost node's data survives */
	MPI_Sendrecv(buf, (int)sz, MPI_BYTE, to, 0, pbuf, (int)sz, MPI_BYTE, from, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	snprintf(p, sizeof p, "%s/r%d/partner.%d", ldir, rank, s);
	wfile(p, pbuf, sz, 0);
	if (s >= 2) {
		snprintf(p, sizeof p, "%s/r%d/ckpt.%d", ldir, rank, s - 2); unlink(p);
		snprintf(p, sizeof p, "%s/r%d/partner.%d", ldir, rank, s - 2); unlink(p);
	}
}

static void flush_mpiio(int s)
{
	char p[512];
	MPI_File fh;
	MPI_Offset base = (MPI_Offset)rank * (MPI_Offset)sz;
	snprintf(p, sizeof p, "%s/ckpt.%d", sdir, s);
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	if (strcmp(mode, "small") == 0) {
		for (size_t o = 0; o < sz; o += 4096)
			MPI_File_write_at(fh, base + (MPI_Offset)o, buf + o, 4096, MPI_BYTE, MPI_STATUS_IGNORE);
	} else {
		for (size_t o = 0; o < sz; o += MiB)
			MPI_File_write_at_all(fh, base + (MPI_Offset)o, buf + o, MiB, MPI_BYTE, MPI_STATUS_IGNORE);
	}
	MPI_File_close(&fh);
}

struct job { int s; char *copy; };
static void *flusher(void *a)
{
	struct job *j = a;
	char p[512];
	snprintf(p, sizeof p, "%s/ckpt.%d.r%d", sdir, j->s, rank);
	int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (size_t o = 0; fd >= 0 && o < sz; o += MiB)
		if (pwrite(fd, j->copy + o, MiB, (off_t)o) != MiB) break;
	if (fd >= 0) close(fd);
	return NULL;
}

static void restart(void)
{
	char p[512];
	char hdr[64];
	int newest = -1;
	/* probe the shared level's candidates newest first: a 64-B header read each */
	for (int s = 40; s >= 0 && newest < 0; s -= 10) {
		snprintf(p, sizeof p, "%s/ckpt.%d", sdir, s);
		int fd = open(p, O_RDONLY);
		if (fd < 0) continue;
		if (pread(fd, hdr, sizeof hdr, (off_t)rank * (off_t)sz) == (ssize_t)sizeof hdr) newest = s;
		close(fd);
	}
	/* the local level is newer than any flush: read this rank's copy in 1 MiB reads */
	for (int s = 60; s >= 0; s--) {
		snprintf(p, sizeof p, "%s/r%d/ckpt.%d", ldir, rank, s);
		int fd = open(p, O_RDONLY);
		if (fd < 0) continue;
		for (size_t o = 0; o < sz; o += MiB)
			if (read(fd, buf + o, MiB) != MiB) break;
		close(fd);
		break;
	}
	if (rank == 0) printf("restart: shared level %d\n", newest);
}

int main(int argc, char **argv)
{
	int prov;
	MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &prov);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &nranks);
	if (argc < 7) { if (!rank) fprintf(stderr, "usage\n"); MPI_Abort(MPI_COMM_WORLD, 1); }
	mode = argv[1]; steps = atoi(argv[2]); sz = (size_t)atoi(argv[3]) * MiB; K = atoi(argv[4]);
	ldir = argv[5]; sdir = argv[6];
	buf = malloc(sz); pbuf = malloc(sz);
	memset(buf, rank + 1, sz);
	char d[512];
	snprintf(d, sizeof d, "%s/r%d", ldir, rank);
	mkdir(ldir, 0755); mkdir(d, 0755);
	if (strcmp(mode, "restart") == 0) restart();
	pthread_t th; int have = 0;
	struct job j = { 0, malloc(sz) };
	double acc = 0;
	for (int s = 1; s <= steps; s++) {
		acc += work(s);
		if (strcmp(mode, "restart") == 0) continue;
		local_level(s);
		if (s % K) continue;
		if (strcmp(mode, "veloc") == 0) {
			/* one flush in flight: wait for the previous before reusing the copy buffer */
			if (have) pthread_join(th, NULL);
			memcpy(j.copy, buf, sz); j.s = s;
			pthread_create(&th, NULL, flusher, &j); have = 1;
		} else {
			flush_mpiio(s);
		}
	}
	if (have) pthread_join(th, NULL);
	MPI_Barrier(MPI_COMM_WORLD);
	if (rank == 0) printf("%s done %g\n", mode, acc);
	MPI_Finalize();
	return 0;
}
