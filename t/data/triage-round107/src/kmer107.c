/* Round 107 (labels107): k-mer counting with on-disk spill buckets. "mk FILE MB" writes a FASTA of random reads
 * (150 bp a line); "count FASTA DIR NB raw|buf" has each rank take its share of the FASTA (4 MiB preads), encode
 * every 31-mer as a uint64 and spill it to one of NB bucket files of its own: raw = one write(2) of 8 B per k-mer
 * (the problem), buf = a 64 KiB buffer per bucket (the twin). Then each bucket is read back whole, sorted, counted. */
#include <mpi.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#define K 31
#define BUFB 8192 /* k-mers per bucket buffer: 64 KiB */

static void mk(const char *path, int mb)
{
	FILE *f = fopen(path, "w");
	const char *nt = "ACGT";
	char line[152];
	srand(107);
	for (long r = 0; (long)r * 170 < (long)mb << 20; r++) {
		for (int i = 0; i < 150; i++) line[i] = nt[rand() & 3];
		line[150] = '\n'; line[151] = 0;
		fprintf(f, ">read%ld\n%s", r, line);
	}
	fclose(f);
}

typedef struct { int fd; int n; uint64_t *b; } bucket;

static void spill(bucket *bk, uint64_t km, int raw)
{
	if (raw) { if (write(bk->fd, &km, 8) != 8) abort(); return; }
	bk->b[bk->n++] = km;
	if (bk->n == BUFB) { if (write(bk->fd, bk->b, 8 * BUFB) != 8 * BUFB) abort(); bk->n = 0; }
}

static int cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

static long count_bucket(const char *path)
{
	int fd = open(path, O_RDONLY);
	struct stat st;
	fstat(fd, &st);
	uint64_t *v = malloc(st.st_size + 8);
	if (read(fd, v, st.st_size) != st.st_size) abort();
	close(fd);
	long n = st.st_size / 8, distinct = 0;
	qsort(v, n, 8, cmp);
	for (long i = 0; i < n; i++) distinct += !i || v[i] != v[i - 1];
	free(v);
	return distinct;
}

/* Encode the 31-mers of the sequence lines in buf[0..len) into the buckets. */
static long scan(const char *buf, long len, bucket *bk, int nb, int raw)
{
	uint64_t km = 0, mask = (1ULL << (2 * K)) - 1;
	int run = 0, hdr = 0;
	long n = 0;
	for (long i = 0; i < len; i++) {
		char c = buf[i];
		if (c == '>') { hdr = 1; run = 0; continue; }
		if (c == '\n') { hdr = 0; run = 0; continue; }
		if (hdr) continue;
		km = ((km << 2) | (c == 'A' ? 0 : c == 'C' ? 1 : c == 'G' ? 2 : 3)) & mask;
		if (++run >= K) { spill(&bk[(km * 0x9E3779B97F4A7C15ULL) >> 58 & (nb - 1)], km, raw); n++; }
	}
	return n;
}

int main(int argc, char **argv)
{
	if (argc >= 4 && !strcmp(argv[1], "mk")) { mk(argv[2], atoi(argv[3])); return 0; }
	MPI_Init(&argc, &argv);
	int rank, size, nb = atoi(argv[4]), raw = !strcmp(argv[5], "raw");
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	int in = open(argv[2], O_RDONLY);
	struct stat st;
	fstat(in, &st);
	long share = st.st_size / size, off = share * rank, got = 0;
	char *buf = malloc(share);
	while (got < share) { long r = pread(in, buf + got, share - got > (4 << 20) ? 4 << 20 : share - got, off + got); if (r <= 0) abort(); got += r; }
	close(in);
	bucket *bk = calloc(nb, sizeof *bk);
	char path[512];
	for (int b = 0; b < nb; b++) {
		snprintf(path, sizeof path, "%s/r%d-b%03d.bin", argv[3], rank, b);
		bk[b].fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		bk[b].b = malloc(8 * BUFB);
	}
	long n = scan(buf, share, bk, nb, raw), distinct = 0;
	for (int b = 0; b < nb; b++) {
		if (bk[b].n && write(bk[b].fd, bk[b].b, 8L * bk[b].n) != 8L * bk[b].n) abort();
		close(bk[b].fd);
		snprintf(path, sizeof path, "%s/r%d-b%03d.bin", argv[3], rank, b);
		distinct += count_bucket(path);
	}
	long tn, td;
	MPI_Reduce(&n, &tn, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
	MPI_Reduce(&distinct, &td, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
	if (!rank) printf("k-mers %ld, distinct (per rank, summed) %ld\n", tn, td);
	MPI_Finalize();
	return 0;
}
