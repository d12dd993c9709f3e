/* Round 130 (labels130): a Parquet-like columnar table and an analytics query over it, C/MPI.
 * File layout: "PAR1", then row groups one after another, each holding its NCOL column chunks (CHUNK bytes of
 * float64 each), then the footer (per chunk: offset, size as int64), then int32 footer length and "PAR1".
 *   app130 mk FILE NCOL NRG CHUNK             write the table (rank 0 only)
 *   app130 query FILE K MODE REQ REPS         each rank takes row groups rank, rank+np, ...: reads the 8-byte tail, the
 *                                             footer, then the first K columns' chunks and sums them REPS times.
 *     MODE sel:   pread each selected chunk in REQ-byte requests (REQ=0: one request a chunk)
 *     MODE rand:  the same after posix_fadvise(POSIX_FADV_RANDOM) (a "we seek, so turn off readahead" reader)
 *     MODE whole: read the rank's whole row groups sequentially in REQ-byte requests, then use K columns
 *     MODE mmap:  mmap the whole file, take the footer and the K columns from the mapping */
#define _GNU_SOURCE
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>

static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); }

static void preadall(int fd, void *b, size_t n, off_t off, size_t req)
{
	size_t done = 0;
	if (req == 0) req = n;
	while (done < n) {
		size_t k = n - done < req ? n - done : req;
		ssize_t r = pread(fd, (char *)b + done, k, off + (off_t)done);
		if (r <= 0) die("pread");
		done += (size_t)r;
	}
}

static void mk(const char *fn, int ncol, int nrg, size_t chunk)
{
	int fd = open(fn, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) die("open");
	double *b = malloc(chunk);
	int64_t *foot = malloc(sizeof(int64_t) * 2 * ncol * nrg);
	off_t off = 4;
	if (write(fd, "PAR1", 4) != 4) die("write");
	for (int g = 0; g < nrg; g++)
		for (int c = 0; c < ncol; c++) {
			for (size_t i = 0; i < chunk / 8; i++) b[i] = (double)((g * 131 + c * 17 + i) % 1000) * 0.001;
			if (write(fd, b, chunk) != (ssize_t)chunk) die("write");
			foot[2 * (g * ncol + c)] = off; foot[2 * (g * ncol + c) + 1] = (int64_t)chunk;
			off += (off_t)chunk;
		}
	int32_t fl = (int32_t)(sizeof(int64_t) * 2 * ncol * nrg), hdr[2] = { ncol, nrg };
	if (write(fd, hdr, 8) != 8 || write(fd, foot, fl) != fl || write(fd, &fl, 4) != 4 || write(fd, "PAR1", 4) != 4) die("write");
	close(fd); free(b); free(foot);
}

static double sum(const double *v, size_t n, int reps)
{
	double s = 0;
	for (int r = 0; r < reps; r++)
		for (size_t i = 0; i < n; i++) s += v[i] * (1.0 + 1e-9 * r);
	return s;
}

int main(int argc, char **argv)
{
	int rank, np;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc > 5 && !strcmp(argv[1], "mk")) {
		if (rank == 0) mk(argv[2], atoi(argv[3]), atoi(argv[4]), (size_t)atol(argv[5]));
		MPI_Finalize(); return 0;
	}
	if (argc < 7) { fprintf(stderr, "usage\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	const char *fn = argv[2], *mode = argv[4];
	int k = atoi(argv[3]), reps = atoi(argv[6]);
	size_t req = (size_t)atol(argv[5]);
	int fd = open(fn, O_RDONLY);
	if (fd < 0) die("open");
	struct stat st; fstat(fd, &st);
	char *map = NULL;
	int32_t tail[2], hdr[2];
	int64_t *foot;
	if (!strcmp(mode, "mmap")) {
		map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (map == MAP_FAILED) die("mmap");
		memcpy(tail, map + st.st_size - 8, 8);
		memcpy(hdr, map + st.st_size - 8 - tail[0] - 8, 8);
		foot = (int64_t *)(map + st.st_size - 8 - tail[0]);
	} else {
		if (!strcmp(mode, "rand")) posix_fadvise(fd, 0, 0, POSIX_FADV_RANDOM);
		preadall(fd, tail, 8, st.st_size - 8, 0);
		preadall(fd, hdr, 8, st.st_size - 8 - tail[0] - 8, 0);
		foot = malloc((size_t)tail[0]);
		preadall(fd, foot, (size_t)tail[0], st.st_size - 8 - tail[0], 0);
	}
	int ncol = hdr[0], nrg = hdr[1];
	size_t chunk = (size_t)foot[1];
	char *buf = malloc(!strcmp(mode, "whole") ? chunk * ncol : chunk * k);
	double s = 0;
	for (int g = rank; g < nrg; g += np) {
		if (!strcmp(mode, "whole"))
			preadall(fd, buf, chunk * ncol, foot[2 * g * ncol], req);
		for (int c = 0; c < k; c++) {
			const double *v;
			if (map) v = (const double *)(map + foot[2 * (g * ncol + c)]);
			else if (!strcmp(mode, "whole")) v = (const double *)(buf + chunk * c);
			else { preadall(fd, buf + chunk * c, chunk, foot[2 * (g * ncol + c)], req); v = (const double *)(buf + chunk * c); }
			s += sum(v, chunk / 8, reps);
		}
	}
	double tot;
	MPI_Reduce(&s, &tot, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) printf("query %s: %d of %d columns, %d row groups, sum %.6g\n", mode, k, ncol, nrg, tot);
	if (map) munmap(map, (size_t)st.st_size);
	close(fd);
	MPI_Finalize();
	return 0;
}
