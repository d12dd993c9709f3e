/* Round 123: serial helpers. mkdb writes the database volumes (random ACGT, 4 MiB writes) and the query
 * FASTA files; asm is a k-mer assembler pass: count 12-mers of the reads (1 MiB reads) into a 64 MiB
 * table, write it (1 MiB writes), re-read it to keep solid k-mers and write the graph's edge file. The
 * re-read's request size is an argument: 1048576 is the normal shape, 32 the problem (one read(2) per
 * 8 table entries). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <fcntl.h>
#include <unistd.h>

#define K 12
#define NK (1u << (2 * K))
#define MB (1 << 20)

static void mkdb(const char *dir, int nvol, int mib, int nq)
{
	static char buf[4 * MB]; char path[512]; uint64_t x = 88172645463325252ull;
	for (int v = 0; v < nvol; v++) {
		snprintf(path, sizeof path, "%s/db.%02d", dir, v);
		int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		for (int c = 0; c < mib / 4; c++) {
			for (int i = 0; i < 4 * MB; i++) { x ^= x << 13; x ^= x >> 7; x ^= x << 17; buf[i] = "ACGT"[x & 3]; }
			if (write(fd, buf, sizeof buf) != (ssize_t)sizeof buf) exit(1);
		}
		close(fd);
	}
	for (int q = 0; q < nq; q++) {
		snprintf(path, sizeof path, "%s/q/q%04d.fa", dir, q);
		FILE *f = fopen(path, "w");
		fprintf(f, ">query%04d\n", q);
		/* a query is a 10-base seed likely in the database plus tail: hits are common but not everywhere */
		for (int i = 0; i < 300; i++) { x ^= x << 13; x ^= x >> 7; x ^= x << 17; fputc("ACGT"[x & 3], f); if (i % 60 == 59) fputc('\n', f); }
		fclose(f);
	}
}

static uint32_t code(char c) { return c == 'A' ? 0 : c == 'C' ? 1 : c == 'G' ? 2 : 3; }

static void count(const char *reads, uint32_t *tab)
{
	static char buf[MB]; ssize_t got; uint32_t w = 0, m = NK - 1; long n = 0;
	int fd = open(reads, O_RDONLY);
	if (fd < 0) { perror(reads); exit(1); }
	while ((got = read(fd, buf, sizeof buf)) > 0)
		for (ssize_t i = 0; i < got; i++, n++) {
			w = ((w << 2) | code(buf[i])) & m;
			if (n >= K - 1) tab[w]++;
		}
	close(fd);
}

static void write_table(const char *path, const uint32_t *tab)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	const char *p = (const char *)tab;
	for (size_t off = 0; off < (size_t)NK * 4; off += MB)
		if (write(fd, p + off, MB) != MB) exit(1);
	close(fd);
}

/* second pass: re-read the table (it stands for a table too big to keep), edges between solid k-mers */
static long graph(const char *tabpath, const char *gpath, size_t req, int thr)
{
	char *buf = malloc(MB); uint32_t idx = 0; long edges = 0; ssize_t got;
	int fd = open(tabpath, O_RDONLY);
	FILE *g = fopen(gpath, "w");
	static uint32_t ebuf[MB / 4]; size_t ne = 0;
	while ((got = read(fd, buf, req)) > 0)
		for (ssize_t i = 0; i + 4 <= got; i += 4, idx++) {
			uint32_t c; memcpy(&c, buf + i, 4);
			if (c < (uint32_t)thr) continue;
			ebuf[ne++] = idx; edges++;
			if (ne == MB / 4) { fwrite(ebuf, 4, ne, g); ne = 0; }
		}
	fwrite(ebuf, 4, ne, g);
	fclose(g); close(fd); free(buf);
	return edges;
}

int main(int argc, char **argv)
{
	if (argc >= 6 && !strcmp(argv[1], "mkdb")) { mkdb(argv[2], atoi(argv[3]), atoi(argv[4]), atoi(argv[5])); return 0; }
	if (argc < 5 || strcmp(argv[1], "asm")) { fprintf(stderr, "usage: asm123 mkdb dir nvol mib nq | asm reads outdir req\n"); return 2; }
	char t[512], g[512];
	uint32_t *tab = calloc(NK, 4);
	count(argv[2], tab);
	snprintf(t, sizeof t, "%s/kmers.tbl", argv[3]); snprintf(g, sizeof g, "%s/graph.edges", argv[3]);
	write_table(t, tab); free(tab);
	printf("solid k-mers %ld\n", graph(t, g, (size_t)atol(argv[4]), 4));
	return 0;
}
