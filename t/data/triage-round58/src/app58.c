/* Round 58's programs: data-intensive science jobs (genomics, imaging, text) as users run them on HPC nodes.
 * One binary, a mode per job; every mode runs under MPI (np 1 for the serial tools). */
#define _GNU_SOURCE
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>
#include <zlib.h>

static int rank, nprocs;
static uint32_t *tab; /* k-mer count table, 2^22 buckets */
#define TABBITS 22

static void die(const char *m) { fprintf(stderr, "app58: %s\n", m); MPI_Abort(MPI_COMM_WORLD, 1); }

static uint64_t rng(uint64_t *s) { *s ^= *s << 13; *s ^= *s >> 7; *s ^= *s << 17; return *s; }

/* count canonical-less k-mers (k=21, 2 bits a base) of one sequence line; reps = hash rounds (compute weight) */
static void kmer_line(const char *s, size_t n, int reps)
{
	uint64_t k = 0, mask = (1ULL << 42) - 1;
	for (size_t i = 0; i < n; i++) {
		k = ((k << 2) | ((s[i] >> 1) & 3)) & mask;
		if (i < 20) continue;
		uint64_t h = k;
		for (int r = 0; r < reps; r++) h = (h ^ (h >> 31)) * 0x9E3779B97F4A7C15ULL;
		tab[h >> (64 - TABBITS)]++;
	}
}

/* feed a buffer of FASTQ text: every 4th line (starting at line 1) is a sequence */
static size_t fq_feed(char *buf, size_t len, long *line, int reps)
{
	size_t start = 0;
	for (size_t i = 0; i < len; i++) {
		if (buf[i] != '\n') continue;
		if (*line % 4 == 1) kmer_line(buf + start, i - start, reps);
		(*line)++;
		start = i + 1;
	}
	return start; /* bytes consumed */
}

static void gen_fastq(const char *path, long nreads, int len)
{
	FILE *f = fopen(path, "w");
	uint64_t s = 58;
	char *seq = malloc(len + 1), *q = malloc(len + 1);
	if (!f || !seq || !q) die("gen_fastq");
	for (long r = 0; r < nreads; r++) {
		for (int i = 0; i < len; i++) {
			uint64_t x = rng(&s);
			seq[i] = "ACGT"[x & 3];
			q[i] = (char)('!' + 20 + (x >> 8) % 21);
		}
		seq[len] = q[len] = 0;
		fprintf(f, "@r58_%ld\n%s\n+\n%s\n", r, seq, q);
	}
	fclose(f);
}

static void report(const char *what, double t0)
{
	double t = MPI_Wtime() - t0, mx;
	MPI_Reduce(&t, &mx, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (rank == 0) printf("%s: %.3f s\n", what, mx);
}

static uint64_t tab_sum(void)
{
	uint64_t s = 0;
	for (size_t i = 0; i < (1u << TABBITS); i++) s += tab[i] * (i + 1);
	return s;
}

/* k-mer counter reading a gzip'd FASTQ with gzread (zlib buffer bufk KiB, read size 1 MiB) */
static void kmer_gz(const char *path, int bufk, int reps)
{
	gzFile g = gzopen(path, "rb");
	if (!g) die("gzopen");
	gzbuffer(g, bufk * 1024);
	size_t cap = 1 << 20, have = 0;
	char *buf = malloc(cap * 2);
	long line = 0;
	int n;
	while ((n = gzread(g, buf + have, (unsigned)cap)) > 0) {
		have += n;
		size_t used = fq_feed(buf, have, &line, reps);
		memmove(buf, buf + used, have - used);
		have -= used;
	}
	gzclose(g);
	printf("reads %ld sum %llu\n", line / 4, (unsigned long long)tab_sum());
}

/* each rank preads its own slice of a plain FASTQ in chunk-MiB calls, then reduces the counts */
static void kmer_mpi(const char *path, int chunkm, int reps)
{
	int fd = open(path, O_RDONLY);
	struct stat st;
	if (fd < 0 || fstat(fd, &st)) die("open fastq");
	off_t sz = st.st_size, lo = sz * rank / nprocs, hi = sz * (rank + 1) / nprocs;
	size_t cap = (size_t)chunkm << 20, have = 0;
	char *buf = malloc(cap * 2);
	long line = 0;
	int synced = rank == 0;
	/* ranks > 0 skip to the first record start ('@' after a '+' line pair is ambiguous; use line parity of header) */
	off_t off = lo;
	while (off < hi) {
		ssize_t n = pread(fd, buf + have, cap, off);
		if (n <= 0) break;
		off += n;
		have += n;
		size_t st0 = 0;
		if (!synced) { /* find "\n@r58_" */
			char *p = memmem(buf, have, "\n@r58_", 6);
			if (!p) { have = 0; continue; }
			st0 = p - buf + 1; synced = 1;
		}
		size_t used = st0 + fq_feed(buf + st0, have - st0, &line, reps);
		memmove(buf, buf + used, have - used);
		have -= used;
	}
	close(fd);
	uint32_t *all = rank == 0 ? malloc(sizeof(uint32_t) << TABBITS) : NULL;
	MPI_Reduce(tab, all, 1 << TABBITS, MPI_UINT32_T, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) { memcpy(tab, all, sizeof(uint32_t) << TABBITS); printf("sum %llu\n", (unsigned long long)tab_sum()); }
}

/* sorted reference: nrec records of {key, value} uint64, keys increasing */
static void gen_ref(const char *path, long nrec)
{
	FILE *f = fopen(path, "w");
	uint64_t s = 5858, key = 0, rec[2];
	if (!f) die("gen_ref");
	for (long i = 0; i < nrec; i++) {
		key += 1 + rng(&s) % 13;
		rec[0] = key; rec[1] = rng(&s);
		fwrite(rec, sizeof rec, 1, f);
	}
	fclose(f);
}

/* nq lookups of random keys: "once" reads the index in one read and searches memory; "pread" binary-searches the file */
static void ref_lookup(const char *path, long nq, const char *mode, int reps)
{
	int fd = open(path, O_RDONLY);
	struct stat st;
	if (fd < 0 || fstat(fd, &st)) die("open ref");
	long nrec = st.st_size / 16;
	uint64_t *mem = NULL, rec[2], s = 77, hits = 0, acc = 0;
	if (!strcmp(mode, "once")) {
		mem = malloc(st.st_size);
		if (read(fd, mem, st.st_size) != st.st_size) die("read ref");
	}
	pread(fd, rec, 16, (nrec - 1) * 16);
	uint64_t maxkey = mem ? mem[2 * (nrec - 1)] : rec[0];
	for (long q = 0; q < nq; q++) {
		uint64_t want = rng(&s) % maxkey, lo = 0, hi = nrec;
		while (lo < hi) {
			uint64_t mid = (lo + hi) / 2, k;
			if (mem) k = mem[2 * mid];
			else { if (pread(fd, rec, 16, mid * 16) != 16) die("pread"); k = rec[0]; }
			if (k < want) lo = mid + 1; else hi = mid;
		}
		uint64_t v = mem ? (lo < (uint64_t)nrec ? mem[2 * lo + 1] : 0) : rec[1];
		for (int r = 0; r < reps; r++) v = (v ^ (v >> 29)) * 0xBF58476D1CE4E5B9ULL; /* score the hit */
		acc += v; hits += lo < (uint64_t)nrec;
	}
	close(fd);
	printf("queries %ld hits %llu acc %llu\n", nq, (unsigned long long)hits, (unsigned long long)acc);
}

/* per-sample pipeline: rank r takes samples r, r+np, ...; reads in/sNN.fq (one read a MiB), scores each read, writes
 * out/sNN.tsv of fixed 128-byte lines: "big" buffers 1 MiB a write(2), "small" fwrite's each line through a default
 * stdio stream (glibc's buffer is st_blksize, 4 KiB: a write(2) every 32 lines) */
static void samples(const char *indir, const char *outdir, int ns, const char *mode, int reps)
{
	char p[512], line[160];
	size_t cap = 64 << 20;
	char *in = malloc(cap), *ob = malloc(1 << 20);
	for (int smp = rank; smp < ns; smp += nprocs) {
		snprintf(p, sizeof p, "%s/s%02d.fq", indir, smp);
		int fd = open(p, O_RDONLY);
		if (fd < 0) die("open sample");
		size_t len = 0; ssize_t n;
		while ((n = read(fd, in + len, 1 << 20)) > 0) len += n;
		close(fd);
		snprintf(p, sizeof p, "%s/s%02d.tsv", outdir, smp);
		int small = !strcmp(mode, "small");
		int of = small ? -1 : open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		FILE *sf = small ? fopen(p, "w") : NULL;
		if (small ? !sf : of < 0) die("open out");
		size_t ol = 0, st0 = 0; long ln = 0;
		for (size_t i = 0; i < len; i++) {
			if (in[i] != '\n') continue;
			if (ln % 4 == 1) {
				uint64_t h = 0; int gc = 0;
				for (size_t j = st0; j < i; j++) { gc += in[j] == 'G' || in[j] == 'C'; h = (h + in[j]) * 0x100000001B3ULL; }
				for (int r = 0; r < reps; r++) h = (h ^ (h >> 31)) * 0x9E3779B97F4A7C15ULL;
				int m = snprintf(line, sizeof line, "s%02d\t%08ld\t%4d\t%016llx\t", smp, ln / 4, gc, (unsigned long long)h);
				memset(line + m, '.', 127 - m); line[127] = '\n';
				if (small) { if (fwrite(line, 128, 1, sf) != 1) die("fwrite"); }
				else { memcpy(ob + ol, line, 128); ol += 128; if (ol == 1 << 20) { if (write(of, ob, ol) != (ssize_t)ol) die("write"); ol = 0; } }
			}
			ln++; st0 = i + 1;
		}
		if (small) { fclose(sf); continue; }
		if (ol && write(of, ob, ol) != (ssize_t)ol) die("write");
		close(of);
	}
}

/* merge of per-rank partial results (a histogram of doubles, nm MiB): "files" writes a partial file a rank, then rank 0
 * reads them all back and writes the merged sum; "reduce" sums with MPI_Reduce and rank 0 writes it once */
static void merge(const char *outdir, int nm, const char *mode, int reps)
{
	size_t n = ((size_t)nm << 20) / 8;
	double *h = malloc(n * 8), *acc = malloc(n * 8);
	uint64_t s = 100 + rank;
	for (int r = 0; r < reps; r++)
		for (size_t i = 0; i < n; i++) h[i] += (double)(rng(&s) >> 40) * 1e-6;
	char p[512];
	if (!strcmp(mode, "files")) {
		snprintf(p, sizeof p, "%s/part.%d", outdir, rank);
		FILE *f = fopen(p, "w");
		if (!f || fwrite(h, 8, n, f) != n) die("write part");
		fclose(f);
		MPI_Barrier(MPI_COMM_WORLD);
		if (rank == 0) {
			memset(acc, 0, n * 8);
			for (int r = 0; r < nprocs; r++) {
				snprintf(p, sizeof p, "%s/part.%d", outdir, r);
				FILE *g = fopen(p, "r");
				if (!g || fread(h, 8, n, g) != n) die("read part");
				fclose(g);
				for (size_t i = 0; i < n; i++) acc[i] += h[i];
			}
		}
	} else
		MPI_Reduce(h, acc, (int)n, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) {
		snprintf(p, sizeof p, "%s/merged.bin", outdir);
		FILE *f = fopen(p, "w");
		if (!f || fwrite(acc, 8, n, f) != n) die("write merged");
		fclose(f);
	}
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
	if (argc < 2) die("usage: app58 MODE ARGS");
	tab = calloc(1u << TABBITS, sizeof *tab);
	const char *m = argv[1];
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime();
	if (!strcmp(m, "gen-fastq") && argc == 5) gen_fastq(argv[2], atol(argv[3]), atoi(argv[4]));
	else if (!strcmp(m, "kmer-gz") && argc == 5) kmer_gz(argv[2], atoi(argv[3]), atoi(argv[4]));
	else if (!strcmp(m, "kmer") && argc == 5) kmer_mpi(argv[2], atoi(argv[3]), atoi(argv[4]));
	else if (!strcmp(m, "gen-ref") && argc == 4) gen_ref(argv[2], atol(argv[3]));
	else if (!strcmp(m, "ref") && argc == 6) ref_lookup(argv[2], atol(argv[3]), argv[4], atoi(argv[5]));
	else if (!strcmp(m, "samples") && argc == 7) samples(argv[2], argv[3], atoi(argv[4]), argv[5], atoi(argv[6]));
	else if (!strcmp(m, "merge") && argc == 6) merge(argv[2], atoi(argv[3]), argv[4], atoi(argv[5]));
	else die("bad mode or arguments");
	MPI_Barrier(MPI_COMM_WORLD);
	report(m, t0);
	MPI_Finalize();
	return 0;
}
