/* Round 148 (labels148): genomic variant calling, aligned reads in, variants out.
 * Modes (argv[1]):
 *  gen FILE MiB                 make a pseudo-random "aligned reads" / reference file (setup, run without Darshan)
 *  drop FILE                    fsync + POSIX_FADV_DONTNEED: make FILE cold in the page cache (setup, no Darshan)
 *  call READS OUT.vcf           each rank reads its slice of READS in 4 MiB preads, piles up, calls variants;
 *                               records gathered to rank 0, which writes the VCF with stdio (fprintf)
 *  refwin REF N                 local realignment: each rank fetches N reference windows of 150-300 B at
 *                               random offsets with pread (REF hot in cache) and aligns reads against them
 *  annot IN.vcf OUT.vcf DB      serial annotation: DB read whole, VCF read with fgets, annotated line fputs
 *  shards DIR NREG many|one     per-region VCF output: many = one small file per region (open/write/close),
 *                               one = the same per-region write()s appended to one file per rank
 *  rrand READS N rand|seq       candidate-site re-check: N 512-B windows of READS (cold) at random offsets of the
 *                               rank's slice; rand = one pread per site in site order, seq = sites sorted, slice
 *                               read once in 4 MiB preads
 * COMPUTE env: extra compute units (per MiB for call, per window for refwin).
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
#include <sys/types.h>

static uint64_t s = 88172645463325252ULL;
static uint64_t xr(void) { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return s; }
static int rank, np;
static int cmpu(const void *a, const void *b) { uint64_t x = *(uint64_t *)a, y = *(uint64_t *)b; return x < y ? -1 : x > y; }
static double burn(const unsigned char *p, size_t n, int units) {
	double acc = 0; for (int u = 0; u < units; u++) for (size_t i = 0; i < n; i += 7) acc += p[i] * 1e-3 + (acc > 1e9 ? -1e9 : 0);
	return acc; }
#define CH (4 << 20)

int main(int argc, char **argv) {
	const char *m = argv[1]; int comp = getenv("COMPUTE") ? atoi(getenv("COMPUTE")) : 1;
	if (!strcmp(m, "gen")) {
		int fd = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644); long mib = atol(argv[3]);
		uint64_t *b = malloc(CH); for (long c = 0; c < mib / 4; c++) { for (int i = 0; i < CH / 8; i++) b[i] = xr(); if (write(fd, b, CH) != CH) return 1; }
		fsync(fd); close(fd); return 0; }
	if (!strcmp(m, "drop")) { int fd = open(argv[2], O_RDONLY); fsync(fd); posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); close(fd); return 0; }
	MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	s += 7919ULL * (rank + 1); for (int i = 0; i < 20; i++) xr();
	double acc = 0;
	if (!strcmp(m, "call")) {
		int fd = open(argv[2], O_RDONLY); struct stat st; fstat(fd, &st);
		off_t sl = st.st_size / np, o0 = sl * rank; unsigned char *b = malloc(CH);
		size_t cap = 1 << 22, len = 0; char *rec = malloc(cap);
		for (off_t o = o0; o < o0 + sl; o += CH) {
			ssize_t n = pread(fd, b, CH, o); if (n <= 0) break;
			acc += burn(b, n, comp);
			for (ssize_t i = 0; i + 4 < n; i += 4) if (b[i] == 0xA7 && b[i + 1] < 200) {
				if (len + 200 > cap) rec = realloc(rec, cap *= 2);
				len += sprintf(rec + len, "chr1\t%lld\t.\t%c\t%c\t%d\tPASS\tDP=%d;AF=%.3f\tGT:GQ\t0/1:%d\n", (long long)(o + i) / 16,
					"ACGT"[b[i + 2] & 3], "ACGT"[(b[i + 2] + 1) & 3], 20 + b[i + 3] % 80, 10 + b[i + 1], b[i + 3] / 255.0, b[i + 1] + 10); } }
		close(fd);
		int l = len, *ls = malloc(np * sizeof(int)), *ds = malloc(np * sizeof(int)); MPI_Gather(&l, 1, MPI_INT, ls, 1, MPI_INT, 0, MPI_COMM_WORLD);
		char *all = NULL; int tot = 0; if (!rank) { for (int i = 0; i < np; i++) { ds[i] = tot; tot += ls[i]; } all = malloc(tot + 1); }
		MPI_Gatherv(rec, l, MPI_CHAR, all, ls, ds, MPI_CHAR, 0, MPI_COMM_WORLD);
		if (!rank) { FILE *f = fopen(argv[3], "w");
			fprintf(f, "##fileformat=VCFv4.2\n##source=app148\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tS1\n");
			char *p = all, *e = all + tot; while (p < e) { char *nl = memchr(p, '\n', e - p); fprintf(f, "%.*s", (int)(nl - p + 1), p); p = nl + 1; }
			fclose(f); printf("call: %d bytes of VCF\n", tot); }
	} else if (!strcmp(m, "refwin")) {
		int fd = open(argv[2], O_RDONLY); struct stat st; fstat(fd, &st); long n = atol(argv[3]); unsigned char w[512];
		for (long i = 0; i < n; i++) { size_t len = 150 + xr() % 151; off_t o = xr() % (st.st_size - 512);
			if (pread(fd, w, len, o) != (ssize_t)len) return 1; acc += burn(w, len, comp); }
		close(fd);
	} else if (!strcmp(m, "annot")) {
		int fd = open(argv[4], O_RDONLY); struct stat st; fstat(fd, &st); unsigned char *db = malloc(st.st_size);
		if (read(fd, db, st.st_size) != st.st_size) return 1; close(fd);
		FILE *in = fopen(argv[2], "r"), *out = fopen(argv[3], "w"); char line[4096]; long k = 0;
		while (fgets(line, sizeof line, in)) { if (line[0] == '#') { fputs(line, out); continue; }
			size_t L = strlen(line); if (L) line[L - 1] = 0; acc += burn((unsigned char *)line, L, comp); unsigned h = 0; for (size_t i = 0; i < L; i++) h = h * 31 + line[i];
			fprintf(out, "%s;GENE=G%05u;IMPACT=%s\n", line, db[h % st.st_size] * 37u % 20000, db[(h >> 3) % st.st_size] & 1 ? "LOW" : "MODERATE"); k++; }
		fclose(in); fclose(out); printf("annot: %ld records\n", k);
	} else if (!strcmp(m, "shards")) {
		int nreg = atoi(argv[3]), many = !strcmp(argv[4], "many"); char p[512], buf[8192];
		snprintf(p, sizeof p, "%s/r%d", argv[2], rank); mkdir(p, 0755); int fd1 = -1;
		if (!many) { snprintf(p, sizeof p, "%s/r%d/calls.vcf", argv[2], rank); fd1 = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644); }
		for (int r = 0; r < nreg; r++) {
			int len = sprintf(buf, "##fileformat=VCFv4.2\n##region=chr1:%d-%d\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\n", (rank * nreg + r) * 10000, (rank * nreg + r + 1) * 10000);
			int nv = 5 + xr() % 20; for (int v = 0; v < nv; v++) len += sprintf(buf + len, "chr1\t%d\t.\tA\tG\t%d\tPASS\tDP=%d\n", (rank * nreg + r) * 10000 + (int)(xr() % 10000), (int)(20 + xr() % 60), (int)(10 + xr() % 50));
			acc += burn((unsigned char *)buf, len, 200);
			if (many) { snprintf(p, sizeof p, "%s/r%d/chr1_%06d.vcf", argv[2], rank, r); int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
				if (write(fd, buf, len) != len) return 1; close(fd); }
			else if (write(fd1, buf, len) != len) return 1; }
		if (fd1 >= 0) close(fd1);
	} else if (!strcmp(m, "rrand")) {
		int fd = open(argv[2], O_RDONLY); struct stat st; fstat(fd, &st); long n = atol(argv[3]); int rnd = !strcmp(argv[4], "rand");
		off_t sl = st.st_size / np, o0 = sl * rank; uint64_t *pos = malloc(n * 8); unsigned char w[512];
		for (long i = 0; i < n; i++) pos[i] = o0 + xr() % (sl - 512);
		if (rnd) { for (long i = 0; i < n; i++) { if (pread(fd, w, 512, pos[i]) != 512) return 1; acc += burn(w, 512, 20); } }
		else { qsort(pos, n, 8, cmpu); unsigned char *b = malloc(CH + 512); long k = 0;
			for (off_t o = o0; o < o0 + sl && k < n; o += CH) { ssize_t got = pread(fd, b, CH + 512, o); if (got <= 0) break;
				while (k < n && pos[k] + 512 <= (uint64_t)(o + got) && pos[k] < (uint64_t)(o + CH)) { acc += burn(b + (pos[k] - o), 512, 20); k++; } } }
		close(fd);
	}
	MPI_Barrier(MPI_COMM_WORLD);
	if (!rank && acc == 1.234) printf("%f\n", acc);
	MPI_Finalize(); return 0;
}
