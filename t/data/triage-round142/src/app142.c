/* Round 142 (labels142): text/language data processing over a web-crawl-like corpus of gzip shards.
 * mpirun -np N ./app142 MODE CORPUS NSHARD OUT [small|buf]
 *  filter: every rank reads the vocabulary (stdio fgets), gzreads its shards, keeps clean documents,
 *          appends them to its own output shard in 1 MiB write(2)s
 *  perdoc: as filter but every kept document goes to its own file (open/write/close)
 *  count:  word frequencies of the rank's shards, MPI_Reduce, rank 0 writes the count table (stdio)
 *  dedup:  shingle hashes spilled to 8 bucket files a rank (small: one write(2) per 16-B entry;
 *          buf: 256 KiB buffers), then each bucket read back in 1 MiB reads, sorted, duplicates counted */
#include <mpi.h>
#include <zlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>
#define HB (1u << 18)
static char *keys[HB]; static int ids[HB]; static int nv;
static uint64_t fnv(const char *s, size_t n) { uint64_t h = 1469598103934665603ull; for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ull; return h; }
static int look(const char *w, size_t n) { uint64_t h = fnv(w, n) & (HB - 1);
	while (keys[h]) { if (strlen(keys[h]) == n && !memcmp(keys[h], w, n)) return ids[h]; h = (h + 1) & (HB - 1); } return -1; }
static void load_vocab(const char *dir) { char p[4096], line[256]; snprintf(p, sizeof p, "%s/vocab.tsv", dir);
	FILE *f = fopen(p, "r"); if (!f) { perror(p); MPI_Abort(MPI_COMM_WORLD, 1); }
	while (fgets(line, sizeof line, f)) { char *t = strchr(line, '\t'); if (!t) continue; *t = 0; size_t n = strlen(line);
		uint64_t h = fnv(line, n) & (HB - 1); while (keys[h]) h = (h + 1) & (HB - 1); keys[h] = strdup(line); ids[h] = nv++; }
	fclose(f); }
static char obuf[1 << 20]; static size_t olen; static int ofd = -1;
static void oflush(void) { if (olen && write(ofd, obuf, olen) != (ssize_t)olen) perror("write"); olen = 0; }
static void oput(const char *s, size_t n) { if (olen + n > sizeof obuf) oflush(); memcpy(obuf + olen, s, n); olen += n; }
int main(int argc, char **argv) {
	MPI_Init(&argc, &argv); int rank, size; MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (argc < 5) { fprintf(stderr, "usage\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	const char *mode = argv[1], *dir = argv[2], *out = argv[4]; int nsh = atoi(argv[3]); int small = argc > 5 && !strcmp(argv[5], "small");
	char p[4096]; static char line[1 << 16]; long ndoc = 0, kept = 0; double t0 = MPI_Wtime();
	if (strcmp(mode, "dedup")) load_vocab(dir);
	long *cnt = calloc(nv + 1, sizeof *cnt); static char bb[8][1 << 18]; size_t bl[8] = {0}; int bfd[8];
	if (!strcmp(mode, "filter")) { snprintf(p, sizeof p, "%s/kept-%03d.txt", out, rank); ofd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644); }
	if (!strcmp(mode, "perdoc")) { snprintf(p, sizeof p, "%s/r%d", out, rank); mkdir(p, 0755); }
	if (!strcmp(mode, "dedup")) for (int b = 0; b < 8; b++) { snprintf(p, sizeof p, "%s/spill-r%d-b%d.bin", out, rank, b); bfd[b] = open(p, O_RDWR | O_CREAT | O_TRUNC, 0644); }
	for (int s = rank; s < nsh; s += size) {
		snprintf(p, sizeof p, "%s/shard-%03d.txt.gz", dir, s); gzFile g = gzopen(p, "rb"); gzbuffer(g, 1 << 18);
		while (gzgets(g, line, sizeof line)) {
			size_t L = strlen(line); long docid = (long)s * 100000 + ndoc++; int in = 0, tot = 0; uint64_t sh[5] = {0};
			for (char *w = line; *w && *w != '\n';) { char *e = w; while (*e && *e != ' ' && *e != '\n') e++;
				int id = mode[0] == 'd' ? 0 : look(w, e - w); tot++; if (id >= 0) { in++; if (mode[0] == 'c') cnt[id]++; }
				if (mode[0] == 'd') { sh[tot % 5] = fnv(w, e - w); uint64_t ent[2] = { sh[0] ^ sh[1] * 3 ^ sh[2] * 5 ^ sh[3] * 7 ^ sh[4] * 11, (uint64_t)docid };
					int b = ent[0] % 8; if (small) { if (write(bfd[b], ent, 16) != 16) perror("write"); }
					else { if (bl[b] + 16 > sizeof bb[b]) { if (write(bfd[b], bb[b], bl[b]) < 0) perror("write"); bl[b] = 0; } memcpy(bb[b] + bl[b], ent, 16); bl[b] += 16; } }
				w = *e == ' ' ? e + 1 : e; }
			if ((mode[0] == 'f' || mode[0] == 'p') && tot && in * 10 >= tot * 9) { kept++;
				if (mode[0] == 'f') oput(line, L);
				else { snprintf(p, sizeof p, "%s/r%d/doc-%09ld.txt", out, rank, docid); int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
					if (fd < 0 || write(fd, line, L) != (ssize_t)L) perror(p); close(fd); } } }
		gzclose(g); }
	if (ofd >= 0) { oflush(); close(ofd); }
	long dups = 0;
	if (!strcmp(mode, "dedup")) for (int b = 0; b < 8; b++) { if (!small && bl[b] && write(bfd[b], bb[b], bl[b]) < 0) perror("write");
		off_t n = lseek(bfd[b], 0, SEEK_END); uint64_t *a = malloc(n + 16); lseek(bfd[b], 0, SEEK_SET);
		for (off_t o = 0; o < n;) { ssize_t r = read(bfd[b], (char *)a + o, n - o > (1 << 20) ? (1 << 20) : n - o); if (r <= 0) break; o += r; }
		size_t m = n / 16; for (size_t i = 0; i < m; i++) a[i] = a[2 * i]; /* keys only: sort by shingle hash */
		int cmp(const void *x, const void *y) { uint64_t u = *(const uint64_t *)x, v = *(const uint64_t *)y; return u < v ? -1 : u > v; }
		qsort(a, m, 8, cmp); for (size_t i = 1; i < m; i++) dups += a[i] == a[i - 1]; free(a); close(bfd[b]); }
	if (!strcmp(mode, "count")) { long *all = rank ? NULL : calloc(nv + 1, sizeof *all);
		MPI_Reduce(cnt, all, nv, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
		if (!rank) { snprintf(p, sizeof p, "%s/counts.tsv", out); FILE *f = fopen(p, "w");
			for (int i = 0; i < HB; i++) if (keys[i]) fprintf(f, "%s\t%ld\n", keys[i], all[ids[i]]); fclose(f); } }
	long tk, td, tu; MPI_Reduce(&kept, &tk, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD); MPI_Reduce(&ndoc, &td, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
	MPI_Reduce(&dups, &tu, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
	if (!rank) printf("%s: %ld docs, %ld kept, %ld dup shingles, %.2f s\n", mode, td, tk, tu, MPI_Wtime() - t0);
	MPI_Finalize(); return 0; }
