/* par19: the programs of triage round 19 (MPI, POSIX, MPI-IO). Each mode prints
 * the slowest rank's time from a barrier before its I/O to a barrier after. */
#define _GNU_SOURCE
#include <mpi.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int rank, np;
static double t0;

static void start(void) { MPI_Barrier(MPI_COMM_WORLD); t0 = MPI_Wtime(); }
static void stop(const char *what)
{
	double t = MPI_Wtime() - t0, mx;
	MPI_Reduce(&t, &mx, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (rank == 0)
		printf("%s: %.3f s\n", what, mx);
}
static char *buf(size_t n) { char *b = malloc(n); memset(b, 'a' + rank % 26, n); return b; }
static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); }

/* collective MPI_File_write_at_all of piece bytes a rank a call, rank-interleaved */
static void coll(const char *path, long piece, long total)
{
	MPI_File fh; char *b = buf(piece); long n = total / piece, i;
	start();
	MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	for (i = 0; i < n; i++)
		MPI_File_write_at_all(fh, (i * np + rank) * piece, b, piece, MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	stop("coll");
}
/* N-N: each rank its own file of records of rec bytes */
static void nn(const char *dir, long rec, long total)
{
	char p[256]; char *b = buf(rec); long i; int fd;
	snprintf(p, sizeof p, "%s/r%03d.dat", dir, rank);
	start();
	if ((fd = open(p, O_CREAT | O_TRUNC | O_WRONLY, 0644)) < 0) die(p);
	for (i = 0; i < total / rec; i++)
		if (write(fd, b, rec) != rec) die("write");
	close(fd);
	stop("nn");
}
/* rank 0 reads the whole file in chunk pieces and broadcasts each (restart) */
static void bcast(const char *path, long chunk, long total, int all)
{
	char *b = malloc(chunk), *keep = malloc(total); long off; int fd = -1;
	start();
	if (all || rank == 0)
		if ((fd = open(path, O_RDONLY)) < 0) die(path);
	if (!all) {
		for (off = 0; off < total; off += chunk) {
			if (rank == 0 && pread(fd, b, chunk, off) != chunk) die("pread");
			MPI_Bcast(b, chunk, MPI_BYTE, 0, MPI_COMM_WORLD);
			memcpy(keep + off, b, chunk);
		}
	} else {
		/* twin: each rank reads its 1/np and MPI_Allgather assembles the whole */
		long part = total / np;
		for (off = 0; off < part; off += chunk)
			if (pread(fd, keep + rank * part + off, chunk, rank * part + off) != chunk) die("pread");
		MPI_Allgather(MPI_IN_PLACE, 0, MPI_BYTE, keep, part, MPI_BYTE, MPI_COMM_WORLD);
	}
	if (fd >= 0) close(fd);
	stop(all ? "allread" : "bcast");
}
/* each rank reads its slice sequentially, passes times (an analysis pass each) */
static void passes(const char *path, long slice, long piece, int npass)
{
	char *b = malloc(piece); long off; int fd, p; unsigned long sum = 0;
	if ((fd = open(path, O_RDONLY)) < 0) die(path);
	start();
	for (p = 0; p < npass; p++)
		for (off = 0; off < slice; off += piece) {
			if (pread(fd, b, piece, rank * slice + off) != piece) die("pread");
			sum += (unsigned char)b[p];
		}
	close(fd);
	stop("passes");
	if (sum == 1) puts("");
}
/* many files of fsize each */
static void many(const char *dir, int nf, long fsize)
{
	char p[256]; char *b = buf(1 << 20); int i, fd; long off;
	start();
	for (i = 0; i < nf; i++) {
		snprintf(p, sizeof p, "%s/f%02d-%05d.dat", dir, rank, i);
		if ((fd = open(p, O_CREAT | O_TRUNC | O_WRONLY, 0644)) < 0) die(p);
		for (off = 0; off < fsize; off += 1 << 20)
			if (write(fd, b, 1 << 20) != 1 << 20) die("write");
		close(fd);
	}
	stop("many");
}
/* all ranks race to create one shared file with O_EXCL; losers open it plain */
static void excl(const char *path, long piece, int n)
{
	char *b = buf(piece); int fd, i, won = 0, all;
	start();
	fd = open(path, O_CREAT | O_EXCL | O_WRONLY, 0644);
	if (fd >= 0) won = 1;
	else if (errno == EEXIST) fd = open(path, O_WRONLY);
	if (fd < 0) die(path);
	for (i = 0; i < n; i++)
		if (pwrite(fd, b, piece, ((long)i * np + rank) * piece) != piece) die("pwrite");
	close(fd);
	MPI_Reduce(&won, &all, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
	stop("excl");
	if (rank == 0) printf("winners: %d\n", all);
}
/* truncate to 0 and rewrite the same file, steps times (checkpoint in place) */
static void trunc_rw(const char *dir, long total, int steps, int notrunc)
{
	char p[256]; char *b = buf(1 << 20); int s, fd; long off;
	snprintf(p, sizeof p, "%s/ck%03d.dat", dir, rank);
	start();
	for (s = 0; s < steps; s++) {
		if ((fd = open(p, O_CREAT | O_WRONLY, 0644)) < 0) die(p);
		if (!notrunc && ftruncate(fd, 0) != 0) die("ftruncate");
		for (off = 0; off < total; off += 1 << 20)
			if (pwrite(fd, b, 1 << 20, off) != 1 << 20) die("pwrite");
		fsync(fd);
		close(fd);
	}
	stop(notrunc ? "inplace" : "trunc");
}

int main(int argc, char **argv)
{
	const char *m = argv[1];
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (!strcmp(m, "coll")) coll(argv[2], atol(argv[3]), atol(argv[4]));
	else if (!strcmp(m, "nn")) nn(argv[2], atol(argv[3]), atol(argv[4]));
	else if (!strcmp(m, "bcast")) bcast(argv[2], atol(argv[3]), atol(argv[4]), atoi(argv[5]));
	else if (!strcmp(m, "passes")) passes(argv[2], atol(argv[3]), atol(argv[4]), atoi(argv[5]));
	else if (!strcmp(m, "many")) many(argv[2], atoi(argv[3]), atol(argv[4]));
	else if (!strcmp(m, "excl")) excl(argv[2], atol(argv[3]), atoi(argv[4]));
	else if (!strcmp(m, "trunc")) trunc_rw(argv[2], atol(argv[3]), atoi(argv[4]), atoi(argv[5]));
	MPI_Finalize();
	return 0;
}
