/* Round 84 (labels84): genomics pipeline stages doing their I/O for real under Darshan.
 * app84 align REF FQDIR OUTDIR NREADS WORK stdio|unbuf   (MPI: rank r aligns sample r)
 * app84 sort IN TMPDIR CHUNKRECS OUT                      (serial external sort, samtools-sort-like)
 * app84 gen REFPATH NCHR CHRBYTES FQDIR NSAMPLES NREADS RECFILE NRECS   (inputs; run without Darshan) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <stdint.h>
#include <zlib.h>

static uint64_t rng = 88172645463325252ULL;
static uint64_t xr(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }
static const char B[4] = {'A', 'C', 'G', 'T'};

static uint64_t read_ref(const char *ref)
{
	static char buf[4 << 20];
	uint64_t h = 0; ssize_t n; int fd = open(ref, O_RDONLY);
	if (fd < 0) { perror(ref); exit(1); }
	while ((n = read(fd, buf, sizeof buf)) > 0)
		for (ssize_t i = 0; i < n; i += 4096) h = h * 31 + (unsigned char)buf[i];
	close(fd);
	return h;
}

/* the "alignment": a banded score of the read against a pseudo-reference window */
static unsigned score(const char *seq, int len, long work, uint64_t h)
{
	unsigned s = 0;
	for (long w = 0; w < work; w++)
		for (int i = 0; i < len; i++) s = s * 33 + (unsigned char)seq[i] + (unsigned)(h >> (w & 31));
	return s;
}

static void emit(FILE *f, int fd, const char *line, int n)
{
	if (f) fwrite(line, 1, n, f);
	else if (write(fd, line, n) != n) { perror("write"); exit(1); }
}

static int align(int argc, char **argv)
{
	int rank; char p[512], line[512], out[1024]; MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	if (argc < 8) return 2;
	long nreads = atol(argv[5]), work = atol(argv[6]); int unbuf = !strcmp(argv[7], "unbuf");
	uint64_t h = read_ref(argv[2]);
	snprintf(p, sizeof p, "%s/sample%d.fq.gz", argv[3], rank);
	FILE *in = fopen(p, "r"); if (!in) { perror(p); return 1; }
	snprintf(p, sizeof p, "%s/sample%d.sam", argv[4], rank);
	FILE *of = NULL; int ofd = -1;
	if (unbuf) ofd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644); else of = fopen(p, "w");
	if (!of && ofd < 0) { perror(p); return 1; }
	z_stream z; memset(&z, 0, sizeof z); inflateInit2(&z, 16 + MAX_WBITS);
	static unsigned char zin[65536], txt[1 << 20]; size_t have = 0; long done = 0; int ln = 0; char seq[256] = "";
	for (;;) {
		if (z.avail_in == 0) { z.avail_in = fread(zin, 1, sizeof zin, in); z.next_in = zin; if (!z.avail_in) break; }
		z.next_out = txt + have; z.avail_out = sizeof txt - have;
		int rc = inflate(&z, Z_NO_FLUSH); have = sizeof txt - z.avail_out;
		size_t st = 0;
		for (size_t i = 0; i < have; i++) if (txt[i] == '\n') {
			int L = (int)(i - st); if (ln % 4 == 1 && L < 255) { memcpy(seq, txt + st, L); seq[L] = 0; }
			if (ln % 4 == 3 && done < nreads) {
				unsigned s = score(seq, (int)strlen(seq), work, h);
				int n = snprintf(out, sizeof out, "r%d.%ld\t0\tchr%u\t%u\t60\t%zuM\t*\t0\t0\t%s\t*\n", rank, done, s % 24 + 1, s % 4000000, strlen(seq), seq);
				emit(of, ofd, out, n); done++;
			}
			ln++; st = i + 1;
		}
		memmove(txt, txt + st, have - st); have -= st;
		if (rc == Z_STREAM_END) break;
	}
	inflateEnd(&z); fclose(in);
	if (of) fclose(of); else close(ofd);
	snprintf(p, sizeof p, "%s/sample%d.sam.idx", argv[4], rank);
	int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644); memset(line, 0, sizeof line);
	for (int i = 0; i < 16; i++) if (write(fd, line, sizeof line) < 0) return 1;
	close(fd);
	MPI_Barrier(MPI_COMM_WORLD);
	if (rank == 0) printf("aligned %ld reads a rank\n", done);
	return 0;
}

typedef struct { uint64_t key; char pay[24]; } rec_t;
static int cmp(const void *a, const void *b) { uint64_t x = ((const rec_t *)a)->key, y = ((const rec_t *)b)->key; return x < y ? -1 : x > y; }

static int sortf(int argc, char **argv)
{
	if (argc < 6) return 2;
	long chunk = atol(argv[4]), nt = 0; char p[512];
	rec_t *buf = malloc((chunk > 32768 ? chunk : 32768) * sizeof *buf); int fd = open(argv[2], O_RDONLY); ssize_t n;
	if (fd < 0 || !buf) { perror(argv[2]); return 1; }
	while ((n = read(fd, buf, chunk * sizeof *buf)) > 0) {
		qsort(buf, n / sizeof *buf, sizeof *buf, cmp);
		snprintf(p, sizeof p, "%s/sort.tmp.%04ld", argv[3], nt++);
		int t = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (t < 0 || write(t, buf, n) != n) { perror(p); return 1; }
		close(t);
	}
	close(fd);
	/* merge as samtools sort does: each temp file refilled in 64 KiB blocks, output in 1 MiB blocks (write(2)) */
	enum { TB = 2048, OB = 32768 };
	int *tf = calloc(nt, sizeof *tf); rec_t **tb = calloc(nt, sizeof *tb); long *pos = calloc(nt, sizeof *pos), *cnt = calloc(nt, sizeof *cnt);
	for (long i = 0; i < nt; i++) {
		snprintf(p, sizeof p, "%s/sort.tmp.%04ld", argv[3], i); tf[i] = open(p, O_RDONLY); tb[i] = malloc(TB * sizeof **tb);
		if (tf[i] < 0 || !tb[i]) { perror(p); return 1; }
	}
	int o = open(argv[5], O_WRONLY | O_CREAT | O_TRUNC, 0644); long out = 0, ob = 0;
	if (o < 0) { perror(argv[5]); return 1; }
	for (;;) { /* k-way merge by a linear scan: k is small in the intended use */
		long b = -1;
		for (long i = 0; i < nt; i++) {
			if (pos[i] == cnt[i] && tf[i] >= 0) { ssize_t r = read(tf[i], tb[i], TB * sizeof **tb); pos[i] = 0; cnt[i] = r > 0 ? r / (ssize_t)sizeof **tb : 0; if (r <= 0) { close(tf[i]); tf[i] = -1; } }
			if (pos[i] < cnt[i] && (b < 0 || tb[i][pos[i]].key < tb[b][pos[b]].key)) b = i;
		}
		if (b < 0 || ob == OB) { if (write(o, buf, ob * sizeof *buf) != (ssize_t)(ob * sizeof *buf)) { perror("write"); return 1; } ob = 0; }
		if (b < 0) break;
		buf[ob++] = tb[b][pos[b]++]; out++;
	}
	close(o);
	for (long i = 0; i < nt; i++) { snprintf(p, sizeof p, "%s/sort.tmp.%04ld", argv[3], i); unlink(p); }
	printf("sorted %ld records through %ld temp files\n", out, nt);
	return 0;
}

static int gen(int argc, char **argv)
{
	if (argc < 10) return 2;
	int nchr = atoi(argv[3]); long cb = atol(argv[4]); char p[512], line[128];
	FILE *f = fopen(argv[2], "w"); snprintf(p, sizeof p, "%s.fai", argv[2]); FILE *fai = fopen(p, "w");
	for (int c = 1; c <= nchr; c++) {
		fprintf(f, ">chr%d\n", c);
		fprintf(fai, "chr%d\t%ld\t%ld\t60\t61\n", c, cb, ftell(f));
		for (long i = 0; i < cb; i += 60) { for (int j = 0; j < 60; j++) line[j] = B[xr() & 3]; line[60] = '\n'; fwrite(line, 1, 61, f); }
	}
	fclose(f); fclose(fai);
	for (int s = 0; s < atoi(argv[6]); s++) {
		snprintf(p, sizeof p, "%s/sample%d.fq.gz", argv[5], s); gzFile g = gzopen(p, "wb6");
		for (long r = 0; r < atol(argv[7]); r++) {
			char q[101], sq[101]; for (int j = 0; j < 100; j++) { sq[j] = B[xr() & 3]; q[j] = 'I' - (xr() % 8); } sq[100] = q[100] = 0;
			gzprintf(g, "@s%d.r%ld\n%s\n+\n%s\n", s, r, sq, q);
		}
		gzclose(g);
	}
	f = fopen(argv[8], "w");
	for (long i = 0; i < atol(argv[9]); i++) { rec_t r; r.key = xr(); memset(r.pay, 'x', sizeof r.pay); fwrite(&r, sizeof r, 1, f); }
	fclose(f);
	return 0;
}

int main(int argc, char **argv)
{
	int rc = 2;
	if (argc < 2) return 2;
	if (!strcmp(argv[1], "align")) { MPI_Init(&argc, &argv); rc = align(argc, argv); MPI_Finalize(); }
	else if (!strcmp(argv[1], "sort")) rc = sortf(argc, argv);
	else if (!strcmp(argv[1], "gen")) rc = gen(argc, argv);
	return rc;
}
