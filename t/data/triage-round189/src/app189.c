/* Round 189 (labels189): a genomics facility's day. One MPI program, five modes, plus gen/evict helpers.
 *  gen FILE MiB KIND        make an input (fasta | fastq | rec | aln), outside Darshan (no MPI)
 *  evict FILE...            fsync + posix_fadvise(DONTNEED): the next read comes from the device (no MPI)
 *  idxbuild REF IDX          rank 0 reads the reference FASTA (4 MiB reads) and broadcasts it; every rank builds
 *                            its part of the index (compute) and writes its slice of IDX (8 MiB pwrites, shared file);
 *                            rank 0 writes REF.fai and a build log with fprintf
 *  varcall ALN OUTDIR MODE   every rank reads the aligned records of its regions (1 MiB preads), calls, writes its
 *                            VCF with fprintf. MODE chrom: regions by chromosome, rank 0 gets chr1 (5/8 of the bytes);
 *                            MODE even: equal byte ranges
 *  sorter IN OUT             MPI_File_read_at_all of a share of 100-B records, local sort, alltoallv by key range,
 *                            MPI_File_write_at_all of the sorted output (INDEP set: independent read_at/write_at)
 *  aligner FQ OUTDIR BATCH MODE  every rank reads its quarter of the FASTQ (4 MiB reads), "aligns" each read, writes
 *                            SAM lines; MODE batch: one SAM file per BATCH reads per rank; MODE rank: one SAM file a
 *                            rank through a 1 MiB buffer
 */
#define _GNU_SOURCE
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

static int rank, np;
static double sink;
static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); exit(1); }
static uint64_t rng = 88172645463325252ULL;
static uint64_t xr(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }
static const char B[] = "ACGT";
static double work(const char *p, size_t n, int rounds) { /* toy compute over a buffer */
	uint64_t h = 1469598103934665603ULL; double s = 0;
	for (int r = 0; r < rounds; r++) for (size_t i = 0; i < n; i++) { h = (h ^ (unsigned char)p[i]) * 1099511628211ULL; if ((h & 1023) == 0) s += (double)(h >> 40); }
	return s;
}
static ssize_t readall(int fd, char *b, size_t n, off_t off, size_t req) {
	size_t d = 0; while (d < n) { size_t k = n - d < req ? n - d : req; ssize_t r = pread(fd, b + d, k, off + d); if (r <= 0) return r < 0 ? -1 : (ssize_t)d; d += r; } return d;
}
static void writeall(int fd, const char *b, size_t n, off_t off, size_t req) {
	size_t d = 0; while (d < n) { size_t k = n - d < req ? n - d : req; ssize_t r = pwrite(fd, b + d, k, off + d); if (r <= 0) die("pwrite"); d += r; }
}

static void gen(const char *f, long mib, const char *kind) {
	FILE *o = fopen(f, "w"); if (!o) { perror(f); exit(1); }
	long target = mib << 20, w = 0, i = 0; char seq[200], q[200];
	if (!strcmp(kind, "fasta")) {
		int chr = 1; w += fprintf(o, ">chr%d\n", chr);
		while (w < target) { for (int k = 0; k < 60; k++) seq[k] = B[xr() & 3]; seq[60] = 0; w += fprintf(o, "%s\n", seq);
			if (++i % 200000 == 0) w += fprintf(o, ">chr%d\n", ++chr); }
	} else if (!strcmp(kind, "fastq")) {
		while (w < target) { for (int k = 0; k < 150; k++) { seq[k] = B[xr() & 3]; q[k] = 33 + 20 + (xr() % 21) - ((xr() % 8) == 0 ? 18 : 0); } seq[150] = q[150] = 0;
			w += fprintf(o, "@SRR189.%ld/1\n%s\n+\n%s\n", ++i, seq, q); }
	} else { /* rec / aln: 100-byte records, 10-byte random key */
		char r[100]; while (w < target) { for (int k = 0; k < 10; k++) r[k] = 32 + xr() % 94; for (int k = 10; k < 99; k++) r[k] = B[xr() & 3]; r[99] = '\n'; fwrite(r, 1, 100, o); w += 100; }
	}
	fclose(o);
}
static void evict(const char *f) { int fd = open(f, O_RDONLY); if (fd < 0) { perror(f); return; } fdatasync(fd); posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); close(fd); }

static int compute_rounds(int d) { char *e = getenv("COMPUTE"); return e ? atoi(e) : d; }

static void idxbuild(const char *ref, const char *idx) {
	long n = 0; char *buf;
	if (rank == 0) { int fd = open(ref, O_RDONLY); if (fd < 0) die(ref); struct stat st; fstat(fd, &st); n = st.st_size;
		buf = malloc(n); if (readall(fd, buf, n, 0, 4 << 20) != n) die("read ref"); close(fd); }
	MPI_Bcast(&n, 1, MPI_LONG, 0, MPI_COMM_WORLD);
	if (rank) buf = malloc(n);
	for (long o = 0; o < n; o += 1 << 28) { long k = n - o < (1 << 28) ? n - o : (1 << 28); MPI_Bcast(buf + o, (int)k, MPI_CHAR, 0, MPI_COMM_WORLD); }
	/* index: 2 bytes of index per reference byte (toy suffix-array sample + occ table), built from this rank's part */
	long part = n / np, lo = part * rank, len = rank == np - 1 ? n - lo : part, ilen = 2 * len;
	char *ib = malloc(ilen);
	FILE *lg = NULL;
	if (rank == 0) { char p[4096]; snprintf(p, sizeof p, "%s.log", idx); lg = fopen(p, "w"); fprintf(lg, "[idxbuild] reference %ld bp, %d ranks\n", n, np); }
	int R = compute_rounds(3);
	for (long b = 0; b < len; b += 1 << 20) { long k = len - b < (1 << 20) ? len - b : (1 << 20);
		sink += work(buf + lo + b, k, R);
		for (long i = 0; i < 2 * k; i++) ib[2 * b + i] = buf[lo + b + i / 2] ^ (char)i;
		if (lg) { fprintf(lg, "[idxbuild] %ld/%ld bp done\n", b + k, len); fflush(lg); } }
	MPI_Barrier(MPI_COMM_WORLD);
	int fd = open(idx, O_WRONLY | O_CREAT, 0644); if (fd < 0) die(idx);
	writeall(fd, ib, ilen, 2 * lo, 8 << 20); close(fd);
	if (rank == 0) { char p[4096]; snprintf(p, sizeof p, "%s.fai", ref); FILE *f = fopen(p, "w");
		long chr = 0; for (long i = 0; i < n; i++) if (buf[i] == '>') fprintf(f, "chr%ld\t%ld\t%ld\t60\t61\n", ++chr, 200000L * 60, i);
		fclose(f); fprintf(lg, "[idxbuild] done\n"); fclose(lg); }
	free(ib); free(buf);
}

static void varcall(const char *aln, const char *outdir, const char *mode) {
	int fd = open(aln, O_RDONLY); if (fd < 0) die(aln); struct stat st; fstat(fd, &st); long n = st.st_size;
	long lo, len;
	if (!strcmp(mode, "chrom")) { /* chr1 (5/8) to rank 0, the rest split evenly */
		long c1 = n / 8 * 5, rest = n - c1, q = rest / (np - 1);
		if (rank == 0) { lo = 0; len = c1; } else { lo = c1 + q * (rank - 1); len = rank == np - 1 ? n - lo : q; }
	} else { long q = n / np; lo = q * rank; len = rank == np - 1 ? n - lo : q; }
	char p[4096]; snprintf(p, sizeof p, "%s/calls.rank%d.vcf", outdir, rank);
	FILE *v = fopen(p, "w"); fprintf(v, "##fileformat=VCFv4.2\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\n");
	char *b = malloc(1 << 20); int R = compute_rounds(1); long pos = lo, calls = 0;
	for (long o = 0; o < len; o += 1 << 20) { long k = len - o < (1 << 20) ? len - o : (1 << 20);
		if (pread(fd, b, k, lo + o) != k) die("pread aln");
		sink += work(b, k, R);
		for (long i = 0; i + 100 <= k; i += 100) if ((unsigned char)b[i] == 'Q' && (unsigned char)b[i + 1] > 'h') { calls++;
			fprintf(v, "chr%d\t%ld\t.\t%c\t%c\t%d\tPASS\tDP=%d\n", rank == 0 || strcmp(mode, "chrom") ? 1 : rank + 1, (pos + i) / 100, b[i + 20], b[i + 21], 30 + (b[i + 2] & 31), 10 + (b[i + 3] & 31)); }
		pos += k; }
	close(fd); fclose(v); free(b);
	if (rank == 0) printf("varcall(%s): %ld B, rank 0 %ld B, %ld calls on rank 0\n", mode, n, len, calls);
}

static int cmp100(const void *a, const void *b) { return memcmp(a, b, 10); }
static void sorter(const char *in, const char *out) {
	MPI_File fh; MPI_Offset sz;
	MPI_File_open(MPI_COMM_WORLD, in, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh); MPI_File_get_size(fh, &sz);
	long nrec = sz / 100, q = nrec / np, mine = rank == np - 1 ? nrec - q * rank : q;
	char *b = malloc(mine * 100);
	/* read in <= 256 MiB calls; one call here */
	int indep = getenv("INDEP") != NULL; /* twin: independent calls, each rank its contiguous block */
	if (indep) MPI_File_read_at(fh, (MPI_Offset)q * rank * 100, b, (int)(mine * 100), MPI_CHAR, MPI_STATUS_IGNORE);
	else MPI_File_read_at_all(fh, (MPI_Offset)q * rank * 100, b, (int)(mine * 100), MPI_CHAR, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	qsort(b, mine, 100, cmp100);
	int *sc = calloc(np, sizeof(int)), *rc = calloc(np, sizeof(int)), *sd = calloc(np, sizeof(int)), *rd = calloc(np, sizeof(int));
	for (long i = 0; i < mine; i++) { int d = (unsigned char)(b[i * 100] - 32) * np / 94; if (d >= np) d = np - 1; sc[d] += 100; }
	MPI_Alltoall(sc, 1, MPI_INT, rc, 1, MPI_INT, MPI_COMM_WORLD);
	long tot = 0; for (int i = 0; i < np; i++) { sd[i] = i ? sd[i - 1] + sc[i - 1] : 0; rd[i] = i ? rd[i - 1] + rc[i - 1] : 0; tot += rc[i]; }
	char *r = malloc(tot);
	MPI_Alltoallv(b, sc, sd, MPI_CHAR, r, rc, rd, MPI_CHAR, MPI_COMM_WORLD);
	qsort(r, tot / 100, 100, cmp100); sink += work(r, tot, compute_rounds(2));
	long off = 0; MPI_Exscan(&tot, &off, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD); if (rank == 0) off = 0;
	MPI_File_open(MPI_COMM_WORLD, out, MPI_MODE_WRONLY | MPI_MODE_CREATE, MPI_INFO_NULL, &fh);
	if (indep) MPI_File_write_at(fh, off, r, (int)tot, MPI_CHAR, MPI_STATUS_IGNORE);
	else MPI_File_write_at_all(fh, off, r, (int)tot, MPI_CHAR, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	if (rank == 0) printf("sorter: %ld records, rank 0 wrote %ld B\n", nrec, tot);
	free(b); free(r);
}

static void aligner(const char *fq, const char *outdir, int batch, const char *mode) {
	int fd = open(fq, O_RDONLY); if (fd < 0) die(fq); struct stat st; fstat(fd, &st); long n = st.st_size;
	long q = n / np, lo = q * rank, len = rank == np - 1 ? n - lo : q;
	char *b = malloc(len + 1); if (readall(fd, b, len, lo, 4 << 20) != len) die("read fq"); close(fd); b[len] = 0;
	char *p = b; while (*p && !(p[0] == '@' && (p == b || p[-1] == '\n') && p[1] == 'S')) p++; /* first record */
	char path[4096]; int nf = 0, nr = 0, R = compute_rounds(20);
	size_t cap = 1 << 20, used = 0; char *ob = malloc(cap + 4096); int ofd = -1;
	if (!strcmp(mode, "rank")) { snprintf(path, sizeof path, "%s/r%d.sam", outdir, rank); ofd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644); }
	int inbatch = 0;
	while (*p) {
		char *h = p, *s = strchr(h, '\n'); if (!s) break; s++; char *pl = strchr(s, '\n'); if (!pl) break; char *ql = strchr(pl + 1, '\n'); if (!ql) break;
		char *e = strchr(ql + 1, '\n'); if (!e) break; e++;
		int sl = pl - s; double sc = work(s, sl, R); sink += sc;
		int hl = strchr(h, '\n') - h - 1;
		used += sprintf(ob + used, "%.*s\t0\tchr%d\t%lu\t60\t%dM\t*\t0\t0\t%.*s\t%.*s\n", hl, h + 1, 1 + (int)((unsigned long)sc % 22), (unsigned long)(sc * 7) % 248000000, sl, sl, s, sl, ql + 1);
		nr++; inbatch++;
		if (!strcmp(mode, "batch") && inbatch == batch) {
			snprintf(path, sizeof path, "%s/r%d.b%05d.sam", outdir, rank, nf++);
			int f = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (f < 0) die(path);
			if (write(f, ob, used) != (ssize_t)used) die("write");
			close(f); used = 0; inbatch = 0;
		} else if (ofd >= 0 && used >= cap) { if (write(ofd, ob, used) != (ssize_t)used) die("write"); used = 0; }
		p = e;
	}
	if (used) { if (ofd < 0) { snprintf(path, sizeof path, "%s/r%d.b%05d.sam", outdir, rank, nf++); ofd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644); }
		if (write(ofd, ob, used) != (ssize_t)used) die("write"); }
	if (ofd >= 0) close(ofd);
	int t[2] = { nr, nf }, T[2]; MPI_Reduce(t, T, 2, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) printf("aligner(%s): %d reads, %d SAM files\n", mode, T[0], T[1] + (strcmp(mode, "rank") ? 0 : np));
	free(b); free(ob);
}

int main(int argc, char **argv) {
	if (argc < 2) return 2;
	if (!strcmp(argv[1], "gen")) { gen(argv[2], atol(argv[3]), argv[4]); return 0; }
	if (!strcmp(argv[1], "evict")) { for (int i = 2; i < argc; i++) evict(argv[i]); return 0; }
	MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	double t0 = MPI_Wtime();
	if (!strcmp(argv[1], "idxbuild")) idxbuild(argv[2], argv[3]);
	else if (!strcmp(argv[1], "varcall")) varcall(argv[2], argv[3], argv[4]);
	else if (!strcmp(argv[1], "sorter")) sorter(argv[2], argv[3]);
	else if (!strcmp(argv[1], "aligner")) aligner(argv[2], argv[3], atoi(argv[4]), argv[5]);
	double t = MPI_Wtime() - t0, tm; MPI_Reduce(&t, &tm, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (rank == 0) printf("%s: %.2f s (sink %g)\n", argv[1], tm, sink);
	MPI_Finalize(); return 0;
}
