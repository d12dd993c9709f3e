/* app162.c: round 162 (labels162), metagenomics and k-mer counting (sequence files in, count tables and bins out).
 * Modes:
 *   gen-fq FILE MiB            synthetic FASTQ, fixed 150-bp reads (header 11 B, seq 151, "+\n", qual 151 = 315 B)
 *   gen-ctg FILE MiB           synthetic assembled contigs (FASTA, 2-60 kbp, 80-column lines)
 *   gen-db FILE                synthetic 8 MiB k-mer -> taxon database (one uint64 per 10-mer)
 *   classify FQ DB OUTDIR      every rank loads the whole DB (1 MiB preads), reads its FASTQ block in 4 MiB preads,
 *                              writes one fprintf line per read to its own classified.rN.tsv; rank 0 writes report.tsv
 *   drop FILE                  posix_fadvise DONTNEED (outside Darshan)
 *   kcount FQ OUTDIR           4 MiB MPI_File_read_at blocks (+ 4 KiB look-ahead), 10-mer counts, allreduce,
 *                              collective table write, rank-0 histogram CSV
 *   fqline FQ OUTDIR line|block  pread of every FASTQ line (problem) or 4 MiB preads (twin); counts as kcount
 *   bins CTG OUTDIR            uneven contig blocks, 2 MiB preads, 4 GC bins per rank written in 1 MiB writes,
 *                              rank 0 writes bins.tsv
 *   spill FQ OUTDIR files|one  disk-based counter: 128 bucket files per rank (problem) or one spill file per rank (twin),
 *                              then each rank merges its buckets into table.u32
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

#define K 10
#define NK (1u << (2 * K))
static int rank, np;
static uint64_t rng = 88172645463325252ull;
static uint64_t xr(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }
static const char B[4] = {'A', 'C', 'G', 'T'};
static int code(char c) { switch (c) { case 'A': return 0; case 'C': return 1; case 'G': return 2; case 'T': return 3; } return -1; }

static void count_seq(const char *s, int n, uint32_t *cnt)
{
	uint32_t k = 0; int v = 0;
	for (int i = 0; i < n; i++) {
		int c = code(s[i]);
		if (c < 0) { v = 0; k = 0; continue; }
		k = ((k << 2) | c) & (NK - 1);
		if (++v >= K) cnt[k]++;
	}
}
/* count every record of buf[0..len) whose '@' header starts before lim */
static long count_records(const char *buf, long len, long lim, uint32_t *cnt)
{
	long p = 0, n = 0;
	while (p < len && p < lim) {
		const char *h = memchr(buf + p, '\n', len - p); if (!h) break;
		const char *s = h + 1; const char *e = memchr(s, '\n', buf + len - s); if (!e) break;
		count_seq(s, (int)(e - s), cnt); n++;
		const char *pl = memchr(e + 1, '\n', buf + len - e - 1); if (!pl) break;
		const char *q = memchr(pl + 1, '\n', buf + len - pl - 1); if (!q) break;
		p = q + 1 - buf;
	}
	return n;
}
static long first_record(const char *buf, long len)
{
	/* a record starts with '@' after a newline, and its next-next line is "+" */
	for (long i = 0; i + 1 < len; i++)
		if ((i == 0 || buf[i - 1] == '\n') && buf[i] == '@') {
			const char *a = memchr(buf + i, '\n', len - i); if (!a) return len;
			const char *b = memchr(a + 1, '\n', buf + len - a - 1); if (!b) return len;
			if (b[1] == '+') return i;
		}
	return len;
}
static void gen_fq(const char *f, long mib)
{
	FILE *o = fopen(f, "w"); long tot = mib << 20, w = 0, id = 0; char seq[151], q[151];
	while (w < tot) {
		for (int i = 0; i < 150; i++) { seq[i] = B[xr() & 3]; q[i] = 'F' - (xr() % 8 == 0 ? 10 : 0); }
		seq[150] = q[150] = 0;
		w += fprintf(o, "@r%08ld\n%s\n+\n%s\n", id++, seq, q);
	}
	fclose(o);
}
static void gen_ctg(const char *f, long mib)
{
	FILE *o = fopen(f, "w"); long tot = mib << 20, w = 0, id = 0;
	while (w < tot) {
		long len = 2000 + xr() % 58000; int gc = 30 + xr() % 40;
		w += fprintf(o, ">contig_%06ld len=%ld\n", id++, len);
		for (long i = 0; i < len; i++) {
			int r = xr() % 100; char c = r < gc ? (r & 1 ? 'G' : 'C') : (r & 1 ? 'A' : 'T');
			fputc(c, o); w++;
			if (i % 80 == 79 || i == len - 1) { fputc('\n', o); w++; }
		}
	}
	fclose(o);
}
static void hist_csv(const char *dir, uint32_t *tab, long nrec, double sec)
{
	/* rank 0: k-mer abundance histogram (1..100, >100) and a one-line run summary */
	long h[102] = {0};
	for (uint32_t i = 0; i < NK; i++) h[tab[i] > 100 ? 101 : tab[i]]++;
	char p[512]; snprintf(p, sizeof p, "%s/histo.csv", dir);
	FILE *o = fopen(p, "w"); fprintf(o, "abundance,kmers\n");
	for (int i = 1; i <= 100; i++) fprintf(o, "%d,%ld\n", i, h[i]);
	fprintf(o, ">100,%ld\n", h[101]); fclose(o);
	snprintf(p, sizeof p, "%s/run.json", dir);
	o = fopen(p, "w"); fprintf(o, "{\"k\":%d,\"reads\":%ld,\"ranks\":%d,\"seconds\":%.3f}\n", K, nrec, np, sec); fclose(o);
}
static void write_table(const char *dir, uint32_t *cnt)
{
	uint32_t *tab = rank == 0 ? malloc(NK * 4) : NULL;
	MPI_Reduce(cnt, rank == 0 ? tab : NULL, NK, MPI_UINT32_T, MPI_SUM, 0, MPI_COMM_WORLD);
	/* scatter the table's quarters and write them collectively */
	long part = NK / np; uint32_t *mine = malloc(part * 4);
	MPI_Scatter(tab, part, MPI_UINT32_T, mine, part, MPI_UINT32_T, 0, MPI_COMM_WORLD);
	char p[512]; snprintf(p, sizeof p, "%s/kmers.u32", dir);
	MPI_File fh; MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	MPI_File_write_at_all(fh, (MPI_Offset)rank * part * 4, mine, part, MPI_UINT32_T, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	if (rank == 0) { memcpy(cnt, tab, NK * 4); free(tab); }
	free(mine);
}
static void kcount(const char *fq, const char *dir)
{
	double t0 = MPI_Wtime();
	MPI_File fh; MPI_File_open(MPI_COMM_WORLD, fq, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
	MPI_Offset sz; MPI_File_get_size(fh, &sz);
	long blk = sz / np, lo = rank * blk, hi = rank == np - 1 ? sz : lo + blk;
	long ahead = rank == np - 1 ? 0 : 4096, len = hi - lo + ahead;
	if (hi + ahead > sz) len = sz - lo;
	char *buf = malloc(len);
	for (long o = 0; o < len; o += 4 << 20) {
		long n = len - o < (4 << 20) ? len - o : (4 << 20);
		MPI_File_read_at(fh, lo + o, buf + o, n, MPI_BYTE, MPI_STATUS_IGNORE);
	}
	MPI_File_close(&fh);
	uint32_t *cnt = calloc(NK, 4);
	long s = rank == 0 ? 0 : first_record(buf, len);
	long nrec = count_records(buf + s, len - s, hi - lo - s, cnt), tot;
	MPI_Reduce(&nrec, &tot, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
	write_table(dir, cnt);
	if (rank == 0) { hist_csv(dir, cnt, tot, MPI_Wtime() - t0); printf("kcount: %ld reads, k=%d\n", tot, K); }
}
static void fqline(const char *fq, const char *dir, int line)
{
	double t0 = MPI_Wtime();
	int fd = open(fq, O_RDONLY); struct stat st; fstat(fd, &st);
	long sz = st.st_size, blk = sz / np, lo = rank * blk, hi = rank == np - 1 ? sz : lo + blk;
	uint32_t *cnt = calloc(NK, 4); long nrec = 0, tot;
	/* fixed-length records (315 B): each rank takes the records that start in its block */
	const long R = 315; long r0 = (lo + R - 1) / R, r1 = (hi + R - 1) / R;
	if (line) {
		char l[512];
		for (long r = r0; r < r1 && r * R < sz; r++) {
			long o = r * R;
			pread(fd, l, 11, o);            /* header */
			pread(fd, l, 151, o + 11);      /* sequence */
			count_seq(l, 150, cnt);
			pread(fd, l + 200, 2, o + 162); /* "+" */
			pread(fd, l + 200, 151, o + 164); /* quality */
			nrec++;
		}
	} else {
		long a = r0 * R, b = r1 * R < sz ? r1 * R : sz; char *buf = malloc(b - a);
		for (long o = a; o < b; o += 4 << 20) pread(fd, buf + o - a, b - o < (4 << 20) ? b - o : (4 << 20), o);
		nrec = count_records(buf, b - a, b - a, cnt); free(buf);
	}
	close(fd);
	MPI_Reduce(&nrec, &tot, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
	write_table(dir, cnt);
	if (rank == 0) { hist_csv(dir, cnt, tot, MPI_Wtime() - t0); printf("fqline(%s): %ld reads\n", line ? "line" : "block", tot); }
}
static void bins(const char *ctg, const char *dir)
{
	int fd = open(ctg, O_RDONLY); struct stat st; fstat(fd, &st); long sz = st.st_size;
	static const int pct[4] = {20, 24, 26, 30}; long lo = 0, hi;
	for (int i = 0; i < rank; i++) lo += sz * pct[i % 4] / 100;
	hi = rank == np - 1 ? sz : lo + sz * pct[rank % 4] / 100;
	long ahead = rank == np - 1 ? 0 : 256 << 10; if (hi + ahead > sz) ahead = sz - hi;
	long len = hi - lo + ahead; char *buf = malloc(len);
	for (long o = 0; o < len; o += 2 << 20) pread(fd, buf + o, len - o < (2 << 20) ? len - o : (2 << 20), lo + o);
	close(fd);
	/* contigs whose '>' starts in [lo,hi) */
	long p = 0; if (rank) { while (p < len && !(buf[p] == '>' && buf[p - 1] == '\n')) p++; }
	char *ob[4]; long ol[4] = {0}, oc[4] = {0}, obp[4] = {0}; int fds[4]; char pth[512];
	for (int b = 0; b < 4; b++) {
		ob[b] = malloc(2 << 20);
		snprintf(pth, sizeof pth, "%s/bin%d.r%d.fa", dir, b, rank);
		fds[b] = open(pth, O_CREAT | O_WRONLY | O_TRUNC, 0644);
	}
	while (p < hi - lo) {
		long e = p + 1; while (e < len && buf[e] != '>') e++;
		long gc = 0, at = 0;
		for (long i = p; i < e; i++) { char c = buf[i]; if (c == 'G' || c == 'C') gc++; else if (c == 'A' || c == 'T') at++; }
		int b = (int)(gc * 4 / (gc + at + 1)); if (b > 3) b = 3;
		/* b from GC fraction 0-25-50-75 % (synthetic GC is 30-70 %): rebalance to 4 bins */
		b = gc * 100 / (gc + at + 1) < 40 ? 0 : gc * 100 / (gc + at + 1) < 50 ? 1 : gc * 100 / (gc + at + 1) < 60 ? 2 : 3;
		for (long i = p; i < e; ) {
			long n = e - i < (1 << 20) - obp[b] ? e - i : (1 << 20) - obp[b];
			memcpy(ob[b] + obp[b], buf + i, n); obp[b] += n; i += n;
			if (obp[b] == 1 << 20) { write(fds[b], ob[b], obp[b]); ol[b] += obp[b]; obp[b] = 0; }
		}
		oc[b]++; p = e;
	}
	for (int b = 0; b < 4; b++) { if (obp[b]) write(fds[b], ob[b], obp[b]); ol[b] += obp[b]; close(fds[b]); }
	long all[64]; long mine[8]; for (int b = 0; b < 4; b++) { mine[b] = oc[b]; mine[4 + b] = ol[b]; }
	MPI_Gather(mine, 8, MPI_LONG, all, 8, MPI_LONG, 0, MPI_COMM_WORLD);
	if (rank == 0) {
		snprintf(pth, sizeof pth, "%s/bins.tsv", dir); FILE *o = fopen(pth, "w");
		fprintf(o, "bin\trank\tcontigs\tbytes\n");
		for (int r = 0; r < np; r++) for (int b = 0; b < 4; b++) fprintf(o, "bin%d\t%d\t%ld\t%ld\n", b, r, all[r * 8 + b], all[r * 8 + 4 + b]);
		fclose(o); printf("bins: %ld B of contigs, 4 bins x %d ranks\n", sz, np);
	}
}
static void spill(const char *fq, const char *dir, int files)
{
	double t0 = MPI_Wtime();
	int fd = open(fq, O_RDONLY); struct stat st; fstat(fd, &st);
	long sz = st.st_size; const long R = 315; long blk = sz / np, lo = rank * blk, hi = rank == np - 1 ? sz : lo + blk;
	long r0 = (lo + R - 1) / R, r1 = (hi + R - 1) / R, a = r0 * R, b = r1 * R < sz ? r1 * R : sz;
	char *buf = malloc(b - a);
	for (long o = a; o < b; o += 4 << 20) pread(fd, buf + o - a, b - o < (4 << 20) ? b - o : (4 << 20), o);
	close(fd);
	uint32_t *cnt = calloc(NK, 4); long nrec = count_records(buf, b - a, b - a, cnt), tot; free(buf);
	const int NB = 128; const long BK = NK / NB; char p[512];
	/* spill: bucket j of this rank's partial counts */
	if (files) {
		for (int j = 0; j < NB; j++) {
			snprintf(p, sizeof p, "%s/spill.r%d.b%03d", dir, rank, j);
			int f = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644); write(f, cnt + j * BK, BK * 4); close(f);
		}
	} else {
		snprintf(p, sizeof p, "%s/spill.r%d", dir, rank);
		int f = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644);
		for (int j = 0; j < NB; j++) pwrite(f, cnt + j * BK, BK * 4, j * BK * 4);
		close(f);
	}
	MPI_Barrier(MPI_COMM_WORLD);
	/* merge: rank takes buckets j % np == rank, sums the np partials, writes them into the table */
	uint32_t *acc = malloc(BK * 4), *tmp = malloc(BK * 4);
	snprintf(p, sizeof p, "%s/table.u32", dir); int tf = open(p, O_CREAT | O_WRONLY, 0644);
	int sf[64]; if (!files) for (int r = 0; r < np; r++) { snprintf(p, sizeof p, "%s/spill.r%d", dir, r); sf[r] = open(p, O_RDONLY); }
	for (int j = rank; j < NB; j += np) {
		memset(acc, 0, BK * 4);
		for (int r = 0; r < np; r++) {
			if (files) {
				snprintf(p, sizeof p, "%s/spill.r%d.b%03d", dir, r, j);
				int f = open(p, O_RDONLY); pread(f, tmp, BK * 4, 0); close(f);
			} else pread(sf[r], tmp, BK * 4, j * BK * 4);
			for (long i = 0; i < BK; i++) acc[i] += tmp[i];
		}
		pwrite(tf, acc, BK * 4, j * BK * 4);
	}
	if (!files) for (int r = 0; r < np; r++) close(sf[r]);
	close(tf);
	MPI_Reduce(&nrec, &tot, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) {
		snprintf(p, sizeof p, "%s/run.json", dir); FILE *o = fopen(p, "w");
		fprintf(o, "{\"k\":%d,\"reads\":%ld,\"buckets\":%d,\"seconds\":%.3f}\n", K, tot, NB, MPI_Wtime() - t0); fclose(o);
		printf("spill(%s): %ld reads, %d buckets\n", files ? "files" : "one", tot, NB);
	}
}
static void classify(const char *fq, const char *db, const char *dir)
{
	/* every rank loads the whole 8 MiB k-mer -> taxon database (1 MiB preads): each needs all of it */
	int fd = open(db, O_RDONLY); uint64_t *d = malloc((size_t)NK * 8);
	for (long o = 0; o < (long)NK * 8; o += 1 << 20) pread(fd, (char *)d + o, 1 << 20, o);
	close(fd);
	fd = open(fq, O_RDONLY); struct stat st; fstat(fd, &st);
	long sz = st.st_size; const long R = 315; long blk = sz / np, lo = rank * blk, hi = rank == np - 1 ? sz : lo + blk;
	long r0 = (lo + R - 1) / R, r1 = (hi + R - 1) / R, a = r0 * R, b = r1 * R < sz ? r1 * R : sz;
	char *buf = malloc(b - a);
	for (long o = a; o < b; o += 4 << 20) pread(fd, buf + o - a, b - o < (4 << 20) ? b - o : (4 << 20), o);
	close(fd);
	char p[512]; snprintf(p, sizeof p, "%s/classified.r%d.tsv", dir, rank); FILE *o = fopen(p, "w");
	long tax[64] = {0}, all[64];
	for (long r = 0; r < r1 - r0; r++) {
		const char *s = buf + r * R + 11; int v[64] = {0}; uint32_t k = 0;
		for (int i = 0; i < 150; i++) { k = ((k << 2) | code(s[i])) & (NK - 1); if (i >= K - 1) v[d[k] & 63]++; }
		int best = 0; for (int t = 1; t < 64; t++) if (v[t] > v[best]) best = t;
		tax[best]++; fprintf(o, "C\tr%08ld\t%d\t%d\n", r0 + r, best, v[best]);
	}
	fclose(o);
	MPI_Reduce(tax, all, 64, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) {
		snprintf(p, sizeof p, "%s/report.tsv", dir); o = fopen(p, "w"); fprintf(o, "taxon\treads\n");
		for (int t = 0; t < 64; t++) fprintf(o, "taxon_%02d\t%ld\n", t, all[t]);
		fclose(o); printf("classify: %ld B reads, db %ld B\n", sz, (long)NK * 8);
	}
}
int main(int argc, char **argv)
{
	if (argc >= 4 && !strcmp(argv[1], "gen-fq")) { gen_fq(argv[2], atol(argv[3])); return 0; }
	if (argc >= 4 && !strcmp(argv[1], "gen-ctg")) { gen_ctg(argv[2], atol(argv[3])); return 0; }
	if (argc >= 3 && !strcmp(argv[1], "gen-db")) { FILE *o = fopen(argv[2], "w"); for (uint32_t i = 0; i < NK; i++) { uint64_t v = xr(); fwrite(&v, 8, 1, o); } fclose(o); return 0; }
	if (argc >= 3 && !strcmp(argv[1], "drop")) { int f = open(argv[2], O_RDONLY); fdatasync(f); posix_fadvise(f, 0, 0, POSIX_FADV_DONTNEED); close(f); return 0; }
	MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (!strcmp(argv[1], "kcount")) kcount(argv[2], argv[3]);
	else if (!strcmp(argv[1], "fqline")) fqline(argv[2], argv[3], !strcmp(argv[4], "line"));
	else if (!strcmp(argv[1], "classify")) classify(argv[2], argv[3], argv[4]);
	else if (!strcmp(argv[1], "bins")) bins(argv[2], argv[3]);
	else if (!strcmp(argv[1], "spill")) spill(argv[2], argv[3], !strcmp(argv[4], "files"));
	MPI_Finalize(); return 0;
}
