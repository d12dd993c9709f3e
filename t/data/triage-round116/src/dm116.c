/* dm116.c: round 116's data-movement programs (C/MPI), mpifileutils-like.
 *   dm116 copy SRC DST NFILES BUF      files f0000..: rank r copies files i%size==r, BUF-byte read/write
 *   dm116 cksum DIR NFILES BUF all|own [direct]   checksum pass: each rank reads the files it owns
 *        (own) or every file (all, then keeps its share), optionally with O_DIRECT as dcp --direct does
 *   dm116 purge DIR NFILES DAYS     purge scan: stat every file, open+read the 512-B header of those older
 *        than DAYS (none are), as a purge policy check does */
#define _GNU_SOURCE
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <time.h>
#include <sys/stat.h>

static int rank, size;

static void die(const char *what, const char *p) { perror(p); fprintf(stderr, "%s\n", what); MPI_Abort(MPI_COMM_WORLD, 1); exit(1); }

static void copy_one(const char *src, const char *dst, char *buf, size_t bs)
{
	int in = open(src, O_RDONLY), out = open(dst, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ssize_t n;
	if (in < 0 || out < 0) die("copy open", src);
	while ((n = read(in, buf, bs)) > 0)
		if (write(out, buf, n) != n) die("copy write", dst);
	close(in); close(out);
}

static void do_copy(char **a)
{
	int nf = atoi(a[2]); size_t bs = strtoul(a[3], 0, 10);
	char *buf = malloc(bs), s[4096], d[4096];
	for (int i = rank; i < nf; i += size) {
		snprintf(s, sizeof s, "%s/f%04d", a[0], i); snprintf(d, sizeof d, "%s/f%04d", a[1], i);
		copy_one(s, d, buf, bs);
	}
	free(buf);
}

static unsigned long sum_file(const char *p, char *buf, size_t bs, int direct)
{
	int fd = open(p, O_RDONLY | (direct ? O_DIRECT : 0));
	unsigned long h = 5381; ssize_t n;
	if (fd < 0) die("cksum open", p);
	while ((n = read(fd, buf, bs)) > 0)
		for (ssize_t k = 0; k < n; k += 64) h = h * 33 + (unsigned char)buf[k];
	close(fd);
	return h;
}

static void do_cksum(int ac, char **a)
{
	int nf = atoi(a[1]), all = !strcmp(a[3], "all"), direct = ac > 4 && !strcmp(a[4], "direct");
	size_t bs = strtoul(a[2], 0, 10); char *buf, p[4096]; unsigned long x = 0;
	if (posix_memalign((void **)&buf, 4096, bs)) die("memalign", "buf");
	for (int i = all ? 0 : rank; i < nf; i += all ? 1 : size) {
		snprintf(p, sizeof p, "%s/f%04d", a[0], i);
		unsigned long h = sum_file(p, buf, bs, direct);
		if (i % size == rank) x ^= h;
	}
	MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_UNSIGNED_LONG, MPI_BXOR, MPI_COMM_WORLD);
	if (!rank) printf("cksum %lx\n", x);
	free(buf);
}

static void do_purge(char **a)
{
	int nf = atoi(a[1]); long days = atol(a[2]), old = 0; char p[4096], hdr[512]; struct stat st;
	time_t now = time(0);
	for (int i = rank; i < nf; i += size) {
		snprintf(p, sizeof p, "%s/f%04d", a[0], i);
		if (stat(p, &st)) die("purge stat", p);
		/* the header check opens every file: purge policy reads a tag before deleting */
		int fd = open(p, O_RDONLY);
		if (fd < 0 || read(fd, hdr, sizeof hdr) < 0) die("purge read", p);
		close(fd);
		old += now - st.st_mtime > days * 86400;
	}
	MPI_Allreduce(MPI_IN_PLACE, &old, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
	if (!rank) printf("purge candidates %ld of %d\n", old, nf);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
	double t = MPI_Wtime();
	if (argc > 5 && !strcmp(argv[1], "copy")) do_copy(argv + 2);
	else if (argc > 5 && !strcmp(argv[1], "cksum")) do_cksum(argc - 2, argv + 2);
	else if (argc > 4 && !strcmp(argv[1], "purge")) do_purge(argv + 2);
	else { if (!rank) fprintf(stderr, "usage: see dm116.c\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	MPI_Barrier(MPI_COMM_WORLD);
	if (!rank) printf("%s %.2f s\n", argv[1], MPI_Wtime() - t);
	MPI_Finalize();
	return 0;
}
