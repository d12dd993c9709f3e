/* app49.c: read-mostly MPI jobs (analysis, restart, post-processing) for round 49 of issue 34's labelled
 * sets. Every mode reads its input the way a user would write it, good or bad, then runs compute steps
 * (Jacobi sweeps over a local 1-D grid with a halo exchange) that use what was read.
 * Usage: app49 MODE ARGS...; prints the slowest rank's wall time from the first barrier to the last. */
#define _GNU_SOURCE
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>

static int rank, nprocs;
static double *grid, *tmpg, acc;
static long ncell;

static void die(const char *m) { fprintf(stderr, "app49: %s\n", m); MPI_Abort(MPI_COMM_WORLD, 2); }

/* One compute step: `sweeps` Jacobi sweeps over the local grid, halo exchange with neighbours. */
static void compute(int sweeps)
{
	int left = rank > 0 ? rank - 1 : MPI_PROC_NULL, right = rank < nprocs - 1 ? rank + 1 : MPI_PROC_NULL;
	for (int s = 0; s < sweeps; s++) {
		MPI_Sendrecv(&grid[1], 1, MPI_DOUBLE, left, 0, &grid[ncell + 1], 1, MPI_DOUBLE, right, 0,
			     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		MPI_Sendrecv(&grid[ncell], 1, MPI_DOUBLE, right, 1, &grid[0], 1, MPI_DOUBLE, left, 1,
			     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		for (long i = 1; i <= ncell; i++)
			tmpg[i] = 0.5 * grid[i] + 0.25 * (grid[i - 1] + grid[i + 1]);
		double *t = grid; grid = tmpg; tmpg = t;
	}
}

/* Fold read data into the grid so the reads are used. */
static void fold(const void *buf, size_t n)
{
	const unsigned char *b = buf;
	uint64_t h = 0;
	for (size_t i = 0; i < n; i += 64) h = h * 31 + b[i];
	acc += (double)(h % 1000) * 1e-9;
	grid[1 + (long)(h % (uint64_t)ncell)] += 1e-12;
}

static long pread_all(int fd, char *buf, size_t n, off_t off, size_t chunk)
{
	size_t got = 0;
	while (got < n) {
		size_t want = n - got < chunk ? n - got : chunk;
		ssize_t r = pread(fd, buf + got, want, off + got);
		if (r <= 0) break;
		got += r;
	}
	return got;
}

static void steps(int nsteps, int sweeps) { for (int s = 0; s < nsteps; s++) compute(sweeps); }

/* ckptn1 FILE: N-1 restart, each rank's contiguous block by MPI_File_read_at_all of 4 MiB pieces. */
static void m_ckptn1(char **a)
{
	long mb = atol(a[1]);
	size_t piece = 4 << 20, bytes = (size_t)mb << 20;
	char *buf = malloc(piece);
	MPI_File fh;
	if (MPI_File_open(MPI_COMM_WORLD, a[0], MPI_MODE_RDONLY, MPI_INFO_NULL, &fh)) die("open ckpt");
	for (size_t o = 0; o < bytes; o += piece) {
		MPI_File_read_at_all(fh, (MPI_Offset)rank * bytes + o, buf, piece, MPI_BYTE, MPI_STATUS_IGNORE);
		fold(buf, piece);
	}
	MPI_File_close(&fh);
	free(buf);
}

/* ckptnn BASE MB: N-N restart, each rank reads BASE.rank in 8 MiB reads. */
static void m_ckptnn(char **a)
{
	char path[512];
	size_t bytes = (size_t)atol(a[1]) << 20, piece = 8 << 20;
	char *buf = malloc(piece);
	snprintf(path, sizeof path, "%s.%d", a[0], rank);
	int fd = open(path, O_RDONLY);
	if (fd < 0) die("open nn");
	for (size_t o = 0; o < bytes; o += piece) {
		if (read(fd, buf, piece) != (ssize_t)piece) die("read nn");
		fold(buf, piece);
	}
	close(fd);
	free(buf);
}

/* reduce DIR NFILES: a reduction over output steps DIR/step.NNN, each rank preads its slab once. */
static void m_reduce(char **a, int sweeps)
{
	char path[512];
	int nf = atoi(a[1]);
	for (int s = 0; s < nf; s++) {
		snprintf(path, sizeof path, "%s/step.%03d", a[0], s);
		int fd = open(path, O_RDONLY);
		struct stat st;
		if (fd < 0 || fstat(fd, &st)) die("open step");
		size_t slab = st.st_size / nprocs;
		char *buf = malloc(slab);
		pread_all(fd, buf, slab, (off_t)rank * slab, 4 << 20);
		close(fd);
		fold(buf, slab);
		free(buf);
		compute(sweeps);
	}
}

/* mmapin FILE PASSES: the input is mmap'd and scanned PASSES times in memory. */
static void m_mmap(char **a)
{
	int fd = open(a[0], O_RDONLY);
	struct stat st;
	if (fd < 0 || fstat(fd, &st)) die("open mmap");
	const uint64_t *d = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (d == MAP_FAILED) die("mmap");
	long n = st.st_size / 8, lo = n / nprocs * rank, hi = lo + n / nprocs;
	for (int p = 0, np = atoi(a[1]); p < np; p++) {
		double s = 0;
		for (long i = lo; i < hi; i++) s += (double)(d[i] & 0xffff) * 1e-12;
		acc += s;
		compute(2);
	}
	munmap((void *)d, st.st_size);
	close(fd);
}

static uint64_t lcg(uint64_t *s) { return *s = *s * 6364136223846793005ULL + 1442695040888963407ULL, *s >> 17; }

/* hash FILE NPROBES probe|load: lookups of 64-byte entries in an on-disk hash table, either
 * fseek+fread per probe (probe) or the table read once into memory (load). */
static void m_hash(char **a)
{
	FILE *f = fopen(a[0], "rb");
	if (!f) die("open table");
	fseek(f, 0, SEEK_END);
	long n = ftell(f) / 64, np = atol(a[1]);
	rewind(f);
	uint64_t seed = 49 + rank;
	char e[64];
	if (!strcmp(a[2], "load")) {
		char *t = malloc(n * 64);
		if (fread(t, 64, n, f) != (size_t)n) die("read table");
		for (long i = 0; i < np; i++) fold(t + (lcg(&seed) % n) * 64, 64);
		free(t);
	} else {
		for (long i = 0; i < np; i++) {
			fseek(f, (long)(lcg(&seed) % n) * 64, SEEK_SET);
			if (fread(e, 64, 1, f) != 1) die("probe");
			fold(e, 64);
		}
	}
	fclose(f);
}

/* lenrec BASE rec|chunk: each rank parses BASE.rank, records of a 4-byte length and a payload; rec reads
 * the length then the payload (two read(2) a record), chunk reads 4 MiB and parses in memory. */
static void m_lenrec(char **a)
{
	char path[512];
	snprintf(path, sizeof path, "%s.%d", a[0], rank);
	int fd = open(path, O_RDONLY);
	if (fd < 0) die("open rec");
	char *buf = malloc(4 << 20);
	long nrec = 0;
	if (!strcmp(a[1], "rec")) {
		uint32_t len;
		while (read(fd, &len, 4) == 4) {
			if (len > 65536 || read(fd, buf, len) != (ssize_t)len) die("record");
			fold(buf, len);
			nrec++;
		}
	} else {
		struct stat st;
		fstat(fd, &st);
		char *all = malloc(st.st_size);
		for (off_t o = 0; o < st.st_size;) {
			ssize_t r = read(fd, all + o, st.st_size - o < (4 << 20) ? st.st_size - o : (4 << 20));
			if (r <= 0) die("chunk");
			o += r;
		}
		for (off_t o = 0; o + 4 <= st.st_size; nrec++) {
			uint32_t len;
			memcpy(&len, all + o, 4);
			fold(all + o + 4, len);
			o += 4 + len;
		}
		free(all);
	}
	close(fd);
	free(buf);
	acc += nrec * 1e-12;
}

/* graph FILE root|coll: a CSR graph (int64 n, nnz; int64 rowptr[n+1]; int32 col[nnz]; double val[nnz])
 * loaded at start; root: rank 0 reads it all and scatters row blocks; coll: each rank reads its rows
 * with MPI_File_read_at_all. Then SpMV iterations. */
static void m_graph(char **a, int iters)
{
	int64_t hdr[2];
	MPI_File fh;
	int root = !strcmp(a[1], "root");
	long n, nnz;
	if (MPI_File_open(root ? MPI_COMM_SELF : MPI_COMM_WORLD, a[0], MPI_MODE_RDONLY, MPI_INFO_NULL, &fh) &&
	    (!root || rank == 0))
		die("open graph");
	int64_t *rp;
	int32_t *col;
	double *val;
	long r0, r1, lnnz;
	if (root) {
		if (rank == 0) MPI_File_read_at(fh, 0, hdr, 2, MPI_INT64_T, MPI_STATUS_IGNORE);
		MPI_Bcast(hdr, 2, MPI_INT64_T, 0, MPI_COMM_WORLD);
	} else
		MPI_File_read_at_all(fh, 0, hdr, 2, MPI_INT64_T, MPI_STATUS_IGNORE);
	n = hdr[0], nnz = hdr[1];
	r0 = n / nprocs * rank, r1 = rank == nprocs - 1 ? n : r0 + n / nprocs;
	rp = malloc((n + 1) * 8);
	MPI_Offset ocol = 16 + (n + 1) * 8, oval = ocol + (MPI_Offset)nnz * 4;
	if (root) {
		int32_t *acol = NULL;
		double *aval = NULL;
		if (rank == 0) {
			acol = malloc(nnz * 4), aval = malloc(nnz * 8);
			MPI_File_read_at(fh, 16, rp, n + 1, MPI_INT64_T, MPI_STATUS_IGNORE);
			for (long o = 0; o < nnz; o += 1 << 22)
				MPI_File_read_at(fh, ocol + o * 4, acol + o, nnz - o < (1 << 22) ? nnz - o : 1 << 22,
						 MPI_INT32_T, MPI_STATUS_IGNORE);
			for (long o = 0; o < nnz; o += 1 << 21)
				MPI_File_read_at(fh, oval + o * 8, aval + o, nnz - o < (1 << 21) ? nnz - o : 1 << 21,
						 MPI_DOUBLE, MPI_STATUS_IGNORE);
			MPI_File_close(&fh);
		}
		MPI_Bcast(rp, n + 1, MPI_INT64_T, 0, MPI_COMM_WORLD);
		int *cnt = malloc(nprocs * sizeof(int)), *dsp = malloc(nprocs * sizeof(int));
		for (int p = 0; p < nprocs; p++) {
			long a0 = n / nprocs * p, a1 = p == nprocs - 1 ? n : a0 + n / nprocs;
			cnt[p] = rp[a1] - rp[a0], dsp[p] = rp[a0];
		}
		lnnz = rp[r1] - rp[r0];
		col = malloc(lnnz * 4), val = malloc(lnnz * 8);
		MPI_Scatterv(acol, cnt, dsp, MPI_INT32_T, col, lnnz, MPI_INT32_T, 0, MPI_COMM_WORLD);
		MPI_Scatterv(aval, cnt, dsp, MPI_DOUBLE, val, lnnz, MPI_DOUBLE, 0, MPI_COMM_WORLD);
		free(acol), free(aval), free(cnt), free(dsp);
	} else {
		MPI_File_read_at_all(fh, 16, rp, n + 1, MPI_INT64_T, MPI_STATUS_IGNORE);
		lnnz = rp[r1] - rp[r0];
		col = malloc(lnnz * 4), val = malloc(lnnz * 8);
		MPI_File_read_at_all(fh, ocol + rp[r0] * 4, col, lnnz, MPI_INT32_T, MPI_STATUS_IGNORE);
		MPI_File_read_at_all(fh, oval + rp[r0] * 8, val, lnnz, MPI_DOUBLE, MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
	}
	double *x = malloc(n * 8), *y = malloc((r1 - r0) * 8);
	for (long i = 0; i < n; i++) x[i] = 1.0 / (1 + i % 7);
	for (int it = 0; it < iters; it++) {
		for (long i = r0; i < r1; i++) {
			double s = 0;
			for (long k = rp[i] - rp[r0]; k < rp[i + 1] - rp[r0]; k++) s += val[k] * x[col[k]];
			y[i - r0] = s;
		}
		int *cnt = malloc(nprocs * sizeof(int)), *dsp = malloc(nprocs * sizeof(int));
		for (int p = 0; p < nprocs; p++) {
			long a0 = n / nprocs * p, a1 = p == nprocs - 1 ? n : a0 + n / nprocs;
			cnt[p] = a1 - a0, dsp[p] = a0;
		}
		MPI_Allgatherv(y, r1 - r0, MPI_DOUBLE, x, cnt, dsp, MPI_DOUBLE, MPI_COMM_WORLD);
		free(cnt), free(dsp);
		double nr = 0;
		for (long i = 0; i < n; i++) nr += x[i] * x[i];
		for (long i = 0; i < n; i++) x[i] /= nr > 0 ? nr : 1;
	}
	acc += x[0];
	free(x), free(y), free(rp), free(col), free(val);
}

/* files DIR NFILES many|packed: post-processing reads every rank's per-step output, NFILES small files
 * DIR/f.NNNNN (many: each rank opens, reads and closes its share of them) or the same bytes packed in one
 * file DIR/packed.bin (packed: each rank preads its contiguous share in 4 MiB pieces). */
static void m_files(char **a)
{
	char path[512];
	int nf = atoi(a[1]);
	if (!strcmp(a[2], "packed")) {
		snprintf(path, sizeof path, "%s/packed.bin", a[0]);
		int fd = open(path, O_RDONLY);
		struct stat st;
		if (fd < 0 || fstat(fd, &st)) die("open packed");
		size_t share = st.st_size / nprocs;
		char *buf = malloc(share);
		pread_all(fd, buf, share, (off_t)rank * share, 4 << 20);
		fold(buf, share);
		free(buf);
		close(fd);
		return;
	}
	char *buf = malloc(1 << 20);
	for (int i = rank; i < nf; i += nprocs) {
		snprintf(path, sizeof path, "%s/f.%05d", a[0], i);
		int fd = open(path, O_RDONLY);
		ssize_t r;
		if (fd < 0) die("open file");
		while ((r = read(fd, buf, 1 << 20)) > 0) fold(buf, r);
		close(fd);
	}
	free(buf);
}

/* imbal FILE skew|even: each rank reads its part of a partitioned field in 4 MiB reads; skew gives rank
 * 0 four times the others' share (a partitioner that weighted by cells, not bytes), even splits it. */
static void m_imbal(char **a)
{
	int fd = open(a[0], O_RDONLY);
	struct stat st;
	if (fd < 0 || fstat(fd, &st)) die("open field");
	int skew = !strcmp(a[1], "skew");
	long unit = st.st_size / (skew ? nprocs + 3 : nprocs);
	off_t off = skew ? (rank == 0 ? 0 : (off_t)(rank + 3) * unit) : (off_t)rank * unit;
	size_t len = skew && rank == 0 ? 4 * unit : unit;
	char *buf = malloc(len);
	pread_all(fd, buf, len, off, 4 << 20);
	fold(buf, len);
	free(buf);
	close(fd);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
	if (argc < 5) die("usage: app49 MODE CELLS_K STEPS SWEEPS ARGS...");
	const char *m = argv[1];
	ncell = atol(argv[2]) * 1024;
	int nsteps = atoi(argv[3]), sweeps = atoi(argv[4]);
	char **a = argv + 5;
	grid = calloc(ncell + 2, 8), tmpg = calloc(ncell + 2, 8);
	for (long i = 1; i <= ncell; i++) grid[i] = (double)((i * 7 + rank) % 13);
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime();
	if (!strcmp(m, "ckptn1")) m_ckptn1(a);
	else if (!strcmp(m, "ckptnn")) m_ckptnn(a);
	else if (!strcmp(m, "reduce")) m_reduce(a, sweeps);
	else if (!strcmp(m, "mmapin")) m_mmap(a);
	else if (!strcmp(m, "hash")) m_hash(a);
	else if (!strcmp(m, "lenrec")) m_lenrec(a);
	else if (!strcmp(m, "graph")) m_graph(a, atoi(a[2]));
	else if (!strcmp(m, "files")) m_files(a);
	else if (!strcmp(m, "imbal")) m_imbal(a);
	else die("mode");
	steps(nsteps, sweeps);
	MPI_Barrier(MPI_COMM_WORLD);
	double t = MPI_Wtime() - t0, c = grid[ncell / 2] + acc, tmax;
	MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (rank == 0) printf("%s: %.3f s (check %.6g)\n", m, tmax, c);
	MPI_Finalize();
	return 0;
}
