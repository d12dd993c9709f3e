/* Round 57: MPI jobs that move data between a slow tier and a fast tier.
 * usage: app57 MODE SLOWDIR FASTDIR MB PASSES SWEEPS
 *   stage   rank 0 copies SLOW/in.bin to FAST/in.bin (4 MiB blocks), every pass each rank reads its slice
 *           from FAST, computes; result to FAST/out.bin, rank 0 copies it to SLOW/out.bin at the end
 *   pstage  as stage, but every rank copies its own slice in and out (parallel staging; a twin, not labelled)
 *   nostage every pass each rank reads its slice from SLOW/in.bin; result written straight to SLOW/out.bin
 *   slice   each rank reads its slice of SLOW/in.bin once, computes PASSES passes, writes FAST/out.bin
 *   allread every rank reads the whole SLOW/in.bin (it needs all of it), computes, rank 0 writes FAST/out.bin
 *   bcast   rank 0 reads the whole SLOW/in.bin and MPI_Bcast's it; else as allread
 *   shm     every pass each rank writes its intermediate to FAST/tmp.R and reads it back next pass;
 *           the final state to SLOW/out.R
 *   ckptslow every 2 passes each rank writes its slice of a checkpoint SLOW/ckpt.N (pwrite, fsync)
 *   ckptfast the same to FAST/ckpt.N, and rank 0 copies the last checkpoint to SLOW at the end
 * Reads of SLOW use O_DIRECT: a parallel file system client keeps no useful cache of a file this size
 * between passes, and all ranks here share one node's page cache, which would hide the slow tier. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BLK (4 << 20)
static int rank, np;
static char *slow, *fast;

static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); }

static void *abuf(size_t n)
{
	void *p = NULL;
	if (posix_memalign(&p, 4096, n)) die("memalign");
	return p;
}

/* read n bytes at off into buf in BLK pieces */
static void rd(int fd, char *buf, size_t n, off_t off)
{
	for (size_t d = 0; d < n;) {
		size_t c = n - d < BLK ? n - d : BLK;
		ssize_t r = pread(fd, buf + d, c, off + d);
		if (r <= 0) die("pread");
		d += r;
	}
}

static void wr(int fd, const char *buf, size_t n, off_t off)
{
	for (size_t d = 0; d < n;) {
		size_t c = n - d < BLK ? n - d : BLK;
		ssize_t r = pwrite(fd, buf + d, c, off + d);
		if (r <= 0) die("pwrite");
		d += r;
	}
}

static int op(const char *dir, const char *name, int fl)
{
	char p[4096];
	snprintf(p, sizeof p, "%s/%s", dir, name);
	int fd = open(p, fl, 0644);
	if (fd < 0) die(p);
	return fd;
}

static void copy(const char *sd, const char *sn, int sfl, const char *dd, const char *dn, size_t n)
{
	int in = op(sd, sn, O_RDONLY | sfl), out = op(dd, dn, O_WRONLY | O_CREAT | O_TRUNC);
	char *b = abuf(BLK);
	for (size_t d = 0; d < n; d += BLK) {
		rd(in, b, BLK, d);
		wr(out, b, BLK, d);
	}
	fsync(out);
	close(in);
	close(out);
	free(b);
}

/* each rank copies its own slice of sd/n to dd/n */
static void pcopy(const char *sd, int sfl, const char *dd, const char *n, size_t sl)
{
	int in = op(sd, n, O_RDONLY | sfl), out = op(dd, n, O_WRONLY | O_CREAT);
	char *b = abuf(BLK);
	for (size_t d = 0; d < sl; d += BLK) {
		rd(in, b, BLK, (off_t)rank * sl + d);
		wr(out, b, BLK, (off_t)rank * sl + d);
	}
	fsync(out);
	close(in);
	close(out);
	free(b);
}

/* the arithmetic of one pass: a relaxation over the slice */
static double compute(double *x, size_t n, int sweeps)
{
	double s = 0;
	for (int k = 0; k < sweeps; k++)
		for (size_t i = 1; i + 1 < n; i++)
			x[i] = 0.25 * (x[i - 1] + 2 * x[i] + x[i + 1]) + 1e-9 * sqrt(fabs(x[i]));
	for (size_t i = 0; i < n; i++) s += x[i];
	return s;
}

static void sanitize(double *x, size_t n)
{
	/* the input is random bytes: map every double to a finite value in [0,1) */
	for (size_t i = 0; i < n; i++) {
		unsigned long long u;
		memcpy(&u, &x[i], 8);
		x[i] = (double)(u >> 11) / 9007199254740992.0;
	}
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc != 7) {
		if (!rank) fprintf(stderr, "usage: app57 MODE SLOW FAST MB PASSES SWEEPS\n");
		MPI_Finalize();
		return 2;
	}
	const char *m = argv[1];
	slow = argv[2];
	fast = argv[3];
	size_t tot = (size_t)atoi(argv[4]) << 20, sl = tot / np;
	int passes = atoi(argv[5]), sw = atoi(argv[6]);
	double *x = abuf(sl), *all = NULL, s = 0;
	char nm[64];
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime();
	if (!strcmp(m, "pstage")) {
		pcopy(slow, O_DIRECT, fast, "in.bin", sl);
		MPI_Barrier(MPI_COMM_WORLD);
		int fd = op(fast, "in.bin", O_RDONLY);
		for (int p = 0; p < passes; p++) {
			rd(fd, (char *)x, sl, (off_t)rank * sl);
			sanitize(x, sl / 8);
			s += compute(x, sl / 8, sw);
		}
		close(fd);
		int o = op(fast, "out.bin", O_WRONLY | O_CREAT);
		wr(o, (char *)x, sl, (off_t)rank * sl);
		close(o);
		MPI_Barrier(MPI_COMM_WORLD);
		pcopy(fast, 0, slow, "out.bin", sl);
	} else if (!strcmp(m, "stage") || !strcmp(m, "nostage")) {
		int st = !strcmp(m, "stage");
		if (st && !rank) copy(slow, "in.bin", O_DIRECT, fast, "in.bin", tot);
		MPI_Barrier(MPI_COMM_WORLD);
		int fd = st ? op(fast, "in.bin", O_RDONLY) : op(slow, "in.bin", O_RDONLY | O_DIRECT);
		for (int p = 0; p < passes; p++) {
			rd(fd, (char *)x, sl, (off_t)rank * sl);
			sanitize(x, sl / 8);
			s += compute(x, sl / 8, sw);
		}
		close(fd);
		int o = op(st ? fast : slow, "out.bin", O_WRONLY | O_CREAT);
		wr(o, (char *)x, sl, (off_t)rank * sl);
		close(o);
		MPI_Barrier(MPI_COMM_WORLD);
		if (st && !rank) copy(fast, "out.bin", 0, slow, "out.bin", tot);
	} else if (!strcmp(m, "slice")) {
		int fd = op(slow, "in.bin", O_RDONLY | O_DIRECT);
		rd(fd, (char *)x, sl, (off_t)rank * sl);
		close(fd);
		sanitize(x, sl / 8);
		for (int p = 0; p < passes; p++) s += compute(x, sl / 8, sw);
		int o = op(fast, "out.bin", O_WRONLY | O_CREAT);
		wr(o, (char *)x, sl, (off_t)rank * sl);
		close(o);
	} else if (!strcmp(m, "allread") || !strcmp(m, "bcast")) {
		all = abuf(tot);
		if (!strcmp(m, "allread") || !rank) {
			int fd = op(slow, "in.bin", O_RDONLY | O_DIRECT);
			rd(fd, (char *)all, tot, 0);
			close(fd);
		}
		if (!strcmp(m, "bcast"))
			for (size_t d = 0; d < tot; d += BLK) MPI_Bcast((char *)all + d, BLK, MPI_BYTE, 0, MPI_COMM_WORLD);
		sanitize(all, tot / 8);
		/* each rank relaxes its slice against a table built from the whole input */
		double tab = 0;
		for (size_t i = 0; i < tot / 8; i += 7) tab += all[i];
		memcpy(x, all + rank * (sl / 8), sl);
		x[0] = tab;
		for (int p = 0; p < passes; p++) s += compute(x, sl / 8, sw);
		if (!rank) {
			int o = op(fast, "out.bin", O_WRONLY | O_CREAT | O_TRUNC);
			wr(o, (char *)x, sl, 0);
			close(o);
		}
	} else if (!strcmp(m, "shm")) {
		for (size_t i = 0; i < sl / 8; i++) x[i] = (double)((i * 2654435761u + rank) % 1000) / 1000.0;
		snprintf(nm, sizeof nm, "tmp.%d", rank);
		for (int p = 0; p < passes; p++) {
			int fd = op(fast, nm, O_RDWR | O_CREAT);
			if (p) rd(fd, (char *)x, sl, 0);
			s += compute(x, sl / 8, sw);
			wr(fd, (char *)x, sl, 0);
			close(fd);
		}
		snprintf(nm, sizeof nm, "out.%d", rank);
		int o = op(slow, nm, O_WRONLY | O_CREAT | O_TRUNC);
		wr(o, (char *)x, sl, 0);
		fsync(o);
		close(o);
	} else if (!strcmp(m, "ckptslow") || !strcmp(m, "ckptfast")) {
		int sl2 = !strcmp(m, "ckptslow"), last = -1;
		for (size_t i = 0; i < sl / 8; i++) x[i] = (double)((i * 2654435761u + rank) % 1000) / 1000.0;
		for (int p = 0; p < passes; p++) {
			s += compute(x, sl / 8, sw);
			if (p % 2 == 1) {
				snprintf(nm, sizeof nm, "ckpt.%d", p);
				int fd = op(sl2 ? slow : fast, nm, O_WRONLY | O_CREAT);
				wr(fd, (char *)x, sl, (off_t)rank * sl);
				fsync(fd);
				close(fd);
				last = p;
			}
		}
		MPI_Barrier(MPI_COMM_WORLD);
		if (!sl2 && !rank && last >= 0) {
			snprintf(nm, sizeof nm, "ckpt.%d", last);
			copy(fast, nm, 0, slow, nm, tot);
		}
	} else {
		if (!rank) fprintf(stderr, "app57: unknown mode %s\n", m);
		MPI_Abort(MPI_COMM_WORLD, 2);
	}
	MPI_Barrier(MPI_COMM_WORLD);
	double t = MPI_Wtime() - t0, ts;
	MPI_Reduce(&s, &ts, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (!rank) printf("%s np %d time %.3f s checksum %.6e\n", m, np, t, ts);
	free(x);
	free(all);
	MPI_Finalize();
	return 0;
}
