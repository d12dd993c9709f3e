/* Round 137 (labels137): transcriptomics and single-cell I/O patterns, one C/MPI program.
 * app137 index DIR NIDX_MIB BURN     rank 0 builds a k-mer index and writes it once (1 MiB write(2)s); every rank
 *                                    reads the whole index (1 MiB preads), maps its reads (compute), writes its result
 * app137 counts DIR NSAMP GENES BURN each rank counts its samples and writes count files, fprintf a gene line
 * app137 countsw DIR NSAMP GENES BURN the same with write(2) of every 22-B gene line (unbuffered)
 * app137 countsb DIR NSAMP GENES BURN the same, the file formatted in memory and written by one fwrite
 * app137 cells DIR NCELL GENES MODE  per-cell QC results: MODE storm = one small file a cell, one = one file a rank
 * app137 mtx FILE MODE NNZ BURN      serial: MODE mktext/mkbin make the sparse matrix; text = fscanf the MatrixMarket
 *                                    text, bin = fread the binary triplets; then column sums (compute) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

static int rank, size;

/* compute stand-in (alignment, normalisation): deterministic, no I/O */
static double burn(long n)
{
	double s = 0;
	for (long i = 1; i <= n; i++)
		s += 1.0 / ((double)i * i + s * 1e-9);
	return s;
}

static unsigned lcg(unsigned *x) { *x = *x * 1103515245u + 12345u; return *x >> 8; }

static void index_job(const char *dir, int mib, long b)
{
	char p[512]; size_t n = (size_t)mib << 20; char *buf = malloc(1 << 20);
	snprintf(p, sizeof p, "%s/ref.idx", dir);
	if (rank == 0) {
		unsigned x = 7; burn(b / 4);
		int fd = open(p, O_CREAT | O_TRUNC | O_WRONLY, 0644);
		for (size_t o = 0; o < n; o += 1 << 20) {
			for (int i = 0; i < 1 << 20; i += 4) { unsigned v = lcg(&x); memcpy(buf + i, &v, 4); }
			if (write(fd, buf, 1 << 20) < 0) MPI_Abort(MPI_COMM_WORLD, 1);
		}
		close(fd);
	}
	MPI_Barrier(MPI_COMM_WORLD);
	int fd = open(p, O_RDONLY); unsigned long h = 0;
	for (size_t o = 0; o < n; o += 1 << 20) {
		if (pread(fd, buf, 1 << 20, o) < 0) MPI_Abort(MPI_COMM_WORLD, 1);
		h += (unsigned char)buf[o % 4093];
	}
	close(fd);
	double s = burn(b);
	snprintf(p, sizeof p, "%s/sample-%02d.bam", dir, rank);
	fd = open(p, O_CREAT | O_TRUNC | O_WRONLY, 0644);
	for (int i = 0; i < 1 << 20; i++) buf[i] = (char)(i * 31 + h + (long)s);
	if (write(fd, buf, 1 << 20) < 0) MPI_Abort(MPI_COMM_WORLD, 1);
	close(fd); free(buf);
}

static void counts_job(const char *dir, int ns, int genes, long b, int how)
{
	char p[512], line[64];
	for (int s = rank; s < ns; s += size) {
		unsigned x = 1000 + s; burn(b);
		snprintf(p, sizeof p, "%s/sample-%02d.counts", dir, s);
		if (how == 2) {
			/* one buffer a sample: 22 B a line, written whole */
			char *buf = malloc((size_t)genes * 22 + 1); size_t o = 0;
			for (int g = 0; g < genes; g++)
				o += snprintf(buf + o, 23, "ENSG%011d\t%5u\n", g, lcg(&x) % 50000);
			FILE *f = fopen(p, "w");
			fwrite(buf, 1, o, f);
			fclose(f); free(buf);
		} else if (how == 1) {
			int fd = open(p, O_CREAT | O_TRUNC | O_WRONLY, 0644);
			for (int g = 0; g < genes; g++) {
				int l = snprintf(line, sizeof line, "ENSG%011d\t%5u\n", g, lcg(&x) % 50000);
				if (write(fd, line, l) < 0) MPI_Abort(MPI_COMM_WORLD, 1);
			}
			close(fd);
		} else {
			FILE *f = fopen(p, "w");
			for (int g = 0; g < genes; g++) fprintf(f, "ENSG%011d\t%5u\n", g, lcg(&x) % 50000);
			fclose(f);
		}
	}
}

static void cells_job(const char *dir, int nc, int genes, int storm)
{
	char p[512], rec[512]; FILE *one = NULL; unsigned x = 99 + rank;
	if (!storm) { snprintf(p, sizeof p, "%s/qc-rank%d.tsv", dir, rank); one = fopen(p, "w"); }
	for (int c = rank; c < nc; c += size) {
		unsigned tot = 0, det = 0, mt = 0;
		for (int g = 0; g < genes; g++) { unsigned v = lcg(&x) % 7; tot += v; det += v > 0; mt += g < 13 ? v : 0; }
		int l = snprintf(rec, sizeof rec, "cell%05d\t%u\t%u\t%.4f\n", c, tot, det, (double)mt / (tot + 1));
		if (storm) {
			snprintf(p, sizeof p, "%s/cell%05d.qc", dir, c);
			FILE *f = fopen(p, "w"); fwrite(rec, 1, l, f); fclose(f);
		} else fwrite(rec, 1, l, one);
	}
	if (one) fclose(one);
}

static void mtx_job(const char *file, const char *mode, long nnz, long b)
{
	int nr = 33694, nc = 8000; unsigned x = 5; double *cs = calloc(nc, sizeof *cs);
	if (!strcmp(mode, "mktext") || !strcmp(mode, "mkbin")) {
		FILE *f = fopen(file, "w"); int t = !strcmp(mode, "mktext");
		if (t) fprintf(f, "%%%%MatrixMarket matrix coordinate integer general\n%d %d %ld\n", nr, nc, nnz);
		for (long k = 0; k < nnz; k++) {
			int r = lcg(&x) % nr + 1, c = (int)(k * nc / nnz) + 1, v = lcg(&x) % 20 + 1;
			if (t) fprintf(f, "%d %d %d\n", r, c, v);
			else { int tr[3] = { r, c, v }; fwrite(tr, sizeof tr, 1, f); }
		}
		fclose(f); free(cs); return;
	}
	FILE *f = fopen(file, "r"); int r, c, v; long k = 0;
	if (!strcmp(mode, "text")) {
		char hdr[256]; long z;
		if (!fgets(hdr, sizeof hdr, f) || fscanf(f, "%d %d %ld", &r, &c, &z) != 3) MPI_Abort(MPI_COMM_WORLD, 1);
		while (fscanf(f, "%d %d %d", &r, &c, &v) == 3) { cs[c - 1] += v; k++; }
	} else {
		int *tr = malloc(3 * sizeof(int) * (1 << 16)); size_t m;
		while ((m = fread(tr, 3 * sizeof(int), 1 << 16, f)) > 0)
			for (size_t i = 0; i < m; i++) { cs[tr[3 * i + 1] - 1] += tr[3 * i + 2]; k++; }
		free(tr);
	}
	fclose(f);
	double s = burn(b);
	printf("nnz %ld colsum0 %.0f (%g)\n", k, cs[0], s > 0 ? 1.0 : 0.0);
	free(cs);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
	const char *m = argc > 1 ? argv[1] : "";
	if (!strcmp(m, "index") && argc == 5) index_job(argv[2], atoi(argv[3]), atol(argv[4]));
	else if (!strncmp(m, "counts", 6) && argc == 6)
		counts_job(argv[2], atoi(argv[3]), atoi(argv[4]), atol(argv[5]), !strcmp(m, "countsw") ? 1 : !strcmp(m, "countsb") ? 2 : 0);
	else if (!strcmp(m, "cells") && argc == 6) cells_job(argv[2], atoi(argv[3]), atoi(argv[4]), !strcmp(argv[5], "storm"));
	else if (!strcmp(m, "mtx") && argc == 6) mtx_job(argv[2], argv[3], atol(argv[4]), atol(argv[5]));
	else { if (rank == 0) fprintf(stderr, "usage: see the header of app137.c\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	MPI_Finalize();
	return 0;
}
