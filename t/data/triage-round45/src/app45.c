/* Round 45: irregular (out-of-order) access as real codes do it. One program, one mode per job.
 * Every mode prints the slowest rank's wall time from a barrier to a barrier. Inputs are made by the
 * gen* modes (run without Darshan). All arithmetic is real (no sleep). */
#define _GNU_SOURCE
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <math.h>
#include <fcntl.h>
#include <unistd.h>

static int rank, np;
static void die(const char *m) { fprintf(stderr, "rank %d: %s\n", rank, m); MPI_Abort(MPI_COMM_WORLD, 1); }
static uint64_t rs = 88172645463325252ULL;
static uint64_t rnd(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs; }
static uint64_t mix(uint64_t x) { x += 0x9e3779b97f4a7c15ULL; x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL; return x ^ (x >> 31); }
static void xpread(int fd, void *b, size_t n, off_t o) {
	size_t d = 0; while (d < n) { ssize_t r = pread(fd, (char *)b + d, n - d, o + d); if (r <= 0) die("pread"); d += r; } }
static void xpwrite(int fd, const void *b, size_t n, off_t o) {
	size_t d = 0; while (d < n) { ssize_t r = pwrite(fd, (const char *)b + d, n - d, o + d); if (r <= 0) die("pwrite"); d += r; } }
static int cmpu64(const void *a, const void *b) { uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b; return x < y ? -1 : x > y; }
/* real arithmetic standing for the application's own work on a value */
static double work(double v, int reps) { for (int i = 0; i < reps; i++) v = v * 0.999999 + sqrt(fabs(v) + 1.0) * 1e-3; return v; }

/* ---- generators (serial, no Darshan) ---- */
/* CSR file: int64 nrows, int64 nnz, int64 rowptr[nrows+1], int32 col[nnz], then (if vals) double val[nnz] */
static void gen_csr(const char *f, int64_t n, int deg, int vals) {
	FILE *o = fopen(f, "wb"); if (!o) die("open"); int64_t nnz = 0, h[2] = { n, 0 };
	int64_t *rp = malloc((n + 1) * 8); rp[0] = 0;
	for (int64_t i = 0; i < n; i++) { int d = deg / 2 + (int)(rnd() % deg); nnz += d; rp[i + 1] = nnz; }
	h[1] = nnz; fwrite(h, 8, 2, o); fwrite(rp, 8, n + 1, o);
	int32_t *c = malloc(1 << 20 << 2); int64_t k = 0;
	while (k < nnz) { int m = 0; for (; m < (1 << 20) && k < nnz; m++, k++) c[m] = (int32_t)(rnd() % n); fwrite(c, 4, m, o); }
	if (vals) { double *v = (double *)c; k = 0; while (k < nnz) { int m = 0; for (; m < (1 << 19) && k < nnz; m++, k++) v[m] = (double)(rnd() % 1000) / 1000.0; fwrite(v, 8, m, o); } }
	fclose(o);
}

/* ---- spmv: row-block CSR read in large blocks, then power iterations ---- */
static void csr_head(int fd, int64_t *n, int64_t *nnz) { int64_t h[2]; xpread(fd, h, 16, 0); *n = h[0]; *nnz = h[1]; }
static void bigread(int fd, void *b, size_t n, off_t o) { for (size_t d = 0; d < n; d += 8 << 20) xpread(fd, (char *)b + d, n - d < (8 << 20) ? n - d : (8 << 20), o + d); }
static void spmv(const char *f, int iters, const char *out) {
	int fd = open(f, O_RDONLY); if (fd < 0) die("open"); int64_t n, nnz; csr_head(fd, &n, &nnz);
	int64_t r0 = n * rank / np, r1 = n * (rank + 1) / np, nl = r1 - r0;
	int64_t *rp = malloc((nl + 1) * 8); bigread(fd, rp, (nl + 1) * 8, 16 + r0 * 8);
	int64_t e = rp[nl] - rp[0]; int32_t *c = malloc(e * 4); double *v = malloc(e * 8);
	off_t co = 16 + (n + 1) * 8, vo = co + nnz * 4;
	bigread(fd, c, e * 4, co + rp[0] * 4); bigread(fd, v, e * 8, vo + rp[0] * 8); close(fd);
	double *x = malloc(n * 8), *y = malloc(nl * 8); int *cnt = malloc(np * sizeof(int)), *dsp = malloc(np * sizeof(int));
	for (int p = 0; p < np; p++) { dsp[p] = (int)(n * p / np); cnt[p] = (int)(n * (p + 1) / np) - dsp[p]; }
	for (int64_t i = 0; i < n; i++) x[i] = 1.0;
	for (int it = 0; it < iters; it++) {
		double s = 0, t;
		for (int64_t i = 0; i < nl; i++) { double a = 0; for (int64_t k = rp[i] - rp[0]; k < rp[i + 1] - rp[0]; k++) a += v[k] * x[c[k]]; y[i] = a; s += a * a; }
		MPI_Allreduce(&s, &t, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD); t = 1.0 / sqrt(t);
		for (int64_t i = 0; i < nl; i++) y[i] *= t;
		MPI_Allgatherv(y, (int)nl, MPI_DOUBLE, x, cnt, dsp, MPI_DOUBLE, MPI_COMM_WORLD);
	}
	MPI_File fh; if (MPI_File_open(MPI_COMM_WORLD, out, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh)) die("mpi open");
	MPI_File_write_at_all(fh, r0 * 8, y, (int)nl, MPI_DOUBLE, MPI_STATUS_IGNORE); MPI_File_close(&fh);
	if (!rank) printf("x[0] %.6f\n", x[0]);
}

/* ---- graph: 2-hop neighbourhood aggregation from random seeds (GNN-style sampling) ---- */
static double g_acc;
static void hop_rand(int fd, off_t co, const int64_t *rp, const int32_t *fr, int64_t nf, int32_t **nx, int64_t *nn, int reps) {
	int64_t cap = 1024, m = 0; int32_t *o = malloc(cap * 4), buf[4096];
	for (int64_t i = 0; i < nf; i++) {
		int64_t v = fr[i], d = rp[v + 1] - rp[v]; if (d > 4096) d = 4096;
		xpread(fd, buf, d * 4, co + rp[v] * 4);    /* one small read per vertex, in visit order */
		for (int64_t k = 0; k < d; k++) { if (m == cap) o = realloc(o, (cap *= 2) * 4); o[m++] = buf[k]; g_acc = work(g_acc + buf[k] * 1e-9, reps); }
	}
	*nx = o; *nn = m;
}
static int cmpi32(const void *a, const void *b) { int32_t x = *(const int32_t *)a, y = *(const int32_t *)b; return x < y ? -1 : x > y; }
static void hop_sorted(int fd, off_t co, const int64_t *rp, int32_t *fr, int64_t nf, int32_t **nx, int64_t *nn, int reps) {
	/* sort the frontier, then read each run of needed adjacency lists within 1 MiB as one read */
	qsort(fr, nf, 4, cmpi32); int64_t cap = 1024, m = 0; int32_t *o = malloc(cap * 4), *w = malloc(2 << 20);
	for (int64_t i = 0; i < nf;) {
		int64_t lo = rp[fr[i]], j = i, hi = rp[fr[i] + 1];
		while (j + 1 < nf && (rp[fr[j + 1] + 1] - lo) * 4 <= (1 << 20)) hi = rp[fr[++j] + 1];
		xpread(fd, w, (hi - lo) * 4, co + lo * 4);
		for (int64_t q = i; q <= j; q++) { int64_t v = fr[q];
			for (int64_t k = rp[v]; k < rp[v + 1]; k++) { int32_t u = w[k - lo]; if (m == cap) o = realloc(o, (cap *= 2) * 4); o[m++] = u; g_acc = work(g_acc + u * 1e-9, reps); } }
		i = j + 1;
	}
	free(w); *nx = o; *nn = m;
}
static void graph(const char *f, int seeds, int reps, int sorted) {
	int fd = open(f, O_RDONLY); if (fd < 0) die("open"); int64_t n, nnz; csr_head(fd, &n, &nnz);
	int64_t *rp = malloc((n + 1) * 8); bigread(fd, rp, (n + 1) * 8, 16); off_t co = 16 + (n + 1) * 8;
	rs ^= mix(45 + rank); int32_t *fr = malloc(seeds * 4); for (int i = 0; i < seeds; i++) fr[i] = (int32_t)(rnd() % n);
	int64_t nf = seeds;
	for (int h = 0; h < 2; h++) { int32_t *nx; int64_t nn;
		if (sorted) hop_sorted(fd, co, rp, fr, nf, &nx, &nn, reps); else hop_rand(fd, co, rp, fr, nf, &nx, &nn, reps);
		free(fr); fr = nx; nf = nn; }
	close(fd); double t; MPI_Reduce(&g_acc, &t, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (!rank) printf("visited %ld acc %.6f\n", (long)nf, t);
}

/* ---- block-cyclic matrix (2-D, Pr x Pc grid, NB x NB blocks) read, then local mat-vec iterations ---- */
static void bcyc(const char *f, int N, int NB, int view, int iters) {
	int dims[2] = { 0, 0 }; MPI_Dims_create(np, 2, dims); int pr = rank / dims[1], pc = rank % dims[1];
	int nbr = N / NB; int lr = 0, lc = 0; for (int b = 0; b < nbr; b++) { if (b % dims[0] == pr) lr += NB; if (b % dims[1] == pc) lc += NB; }
	double *a = malloc((size_t)lr * lc * 8); MPI_File fh;
	if (MPI_File_open(MPI_COMM_WORLD, f, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh)) die("mpi open");
	if (view) {   /* one darray view and one collective read: the library merges the pieces */
		int gs[2] = { N, N }, di[2] = { MPI_DISTRIBUTE_CYCLIC, MPI_DISTRIBUTE_CYCLIC }, da[2] = { NB, NB };
		MPI_Datatype t; MPI_Type_create_darray(np, rank, 2, gs, di, da, dims, MPI_ORDER_C, MPI_DOUBLE, &t); MPI_Type_commit(&t);
		MPI_File_set_view(fh, 0, MPI_DOUBLE, t, "native", MPI_INFO_NULL);
		MPI_File_read_all(fh, a, lr * lc, MPI_DOUBLE, MPI_STATUS_IGNORE);
	} else {      /* one independent read per row of each local block: NB doubles at a time */
		int li = 0;
		for (int bi = pr; bi < nbr; bi += dims[0]) for (int r = 0; r < NB; r++, li++) { int lj = 0;
			for (int bj = pc; bj < nbr; bj += dims[1], lj += NB)
				MPI_File_read_at(fh, ((MPI_Offset)(bi * NB + r) * N + bj * NB) * 8, a + (size_t)li * lc + lj, NB, MPI_DOUBLE, MPI_STATUS_IGNORE); }
	}
	MPI_File_close(&fh);
	double *x = malloc(lc * 8), *y = malloc(lr * 8), s = 0, t; for (int j = 0; j < lc; j++) x[j] = 1.0;
	for (int it = 0; it < iters; it++) { for (int i = 0; i < lr; i++) { double q = 0; for (int j = 0; j < lc; j++) q += a[(size_t)i * lc + j] * x[j]; y[i] = q; }
		s = 0; for (int i = 0; i < lr; i++) s += y[i] * y[i]; MPI_Allreduce(&s, &t, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		for (int j = 0; j < lc; j++) x[j] = x[j] * 0.5 + y[j % lr] / sqrt(t + 1); }
	if (!rank) printf("norm %.6f local %dx%d\n", sqrt(t), lr, lc);
}
static void gen_mat(const char *f, int N) { FILE *o = fopen(f, "wb"); if (!o) die("open"); double *r = malloc(N * 8);
	for (int i = 0; i < N; i++) { for (int j = 0; j < N; j++) r[j] = (double)(rnd() % 1000) / 1000.0; fwrite(r, 8, N, o); } fclose(o); }

/* ---- hash shuffle: 100-byte records to NB bucket files a rank; then each bucket read back and summed ---- */
typedef struct __attribute__((packed)) { uint64_t key; char pay[92]; } rec100;
static void shuffle(const char *dir, long nrec, int nb, int buffered, int reps) {
	int *fd = malloc(nb * sizeof(int)); char p[512], **bb = malloc(nb * sizeof(char *)); size_t *bl = calloc(nb, sizeof(size_t));
	for (int b = 0; b < nb; b++) { snprintf(p, sizeof p, "%s/b.%d.%d", dir, rank, b); fd[b] = open(p, O_CREAT | O_TRUNC | O_RDWR, 0644); if (fd[b] < 0) die("open"); bb[b] = malloc(1 << 20); }
	rs ^= mix(4500 + rank); rec100 r; memset(&r, 'x', sizeof r); double acc = 0;
	_Static_assert(sizeof(rec100) == 100, "rec");
	for (long i = 0; i < nrec; i++) {
		r.key = rnd(); acc = work(acc + (double)(r.key & 1023), reps); snprintf(r.pay, sizeof r.pay, "%.6f", acc);
		int b = (int)(mix(r.key) % nb);
		if (!buffered) { if (write(fd[b], &r, 100) != 100) die("write"); continue; }   /* one write(2) a record */
		if (bl[b] + 100 > (1 << 20)) { if (write(fd[b], bb[b], bl[b]) != (ssize_t)bl[b]) die("write"); bl[b] = 0; }
		memcpy(bb[b] + bl[b], &r, 100); bl[b] += 100;
	}
	for (int b = 0; b < nb; b++) if (bl[b] && write(fd[b], bb[b], bl[b]) != (ssize_t)bl[b]) die("write");
	double s = 0; char *w = malloc(4 << 20);
	for (int b = 0; b < nb; b++) { off_t o = 0; ssize_t k;
		while ((k = pread(fd[b], w, 4 << 20, o)) > 0) { for (ssize_t q = 0; q + 100 <= k; q += 100) s += (double)(((rec100 *)(w + q))->key >> 40); o += k; }
		close(fd[b]); }
	double t; MPI_Reduce(&s, &t, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD); if (!rank) printf("sum %.0f acc %.3f\n", t, acc);
}

/* ---- particle gather-scatter: rank-owned range of 64-byte particle records, random updates a step ---- */
static void particles(const char *f, long npart, long nupd, int steps, int sorted, int reps) {
	int fd = open(f, O_RDWR); if (fd < 0) die("open"); long p0 = npart * rank / np, p1 = npart * (rank + 1) / np, nl = p1 - p0;
	uint64_t *ids = malloc(nupd * 8); double rec[8], *win = malloc(1 << 20); rs ^= mix(450 + rank); double acc = 0;
	double *st = NULL; if (sorted == 2) { st = malloc(nl * 64); xpread(fd, st, nl * 64, p0 * 64L); }   /* mem: state kept in memory */
	for (int s = 0; s < steps; s++) {
		for (long i = 0; i < nupd; i++) ids[i] = p0 + rnd() % nl;
		if (sorted == 2) { qsort(ids, nupd, 8, cmpu64); for (long i = 0; i < nupd; i++) { double *q = st + (ids[i] - p0) * 8; for (int k = 0; k < 8; k++) q[k] = work(q[k] + 1e-6 * k, reps); acc += q[0]; } continue; }
		if (!sorted) { for (long i = 0; i < nupd; i++) {   /* gather one record, update, scatter it back */
				xpread(fd, rec, 64, ids[i] * 64); for (int k = 0; k < 8; k++) rec[k] = work(rec[k] + 1e-6 * k, reps); acc += rec[0];
				xpwrite(fd, rec, 64, ids[i] * 64); } continue; }
		qsort(ids, nupd, 8, cmpu64);   /* sorted ids: one 1 MiB window read and written per run of updates */
		for (long i = 0; i < nupd;) { long w0 = (long)ids[i] / 16384 * 16384, w1 = w0 + 16384; if (w1 > p1) w1 = p1; if (w0 < p0) w0 = p0;
			xpread(fd, win, (w1 - w0) * 64, w0 * 64L);
			for (; i < nupd && (long)ids[i] < w1; i++) { double *q = win + (ids[i] - w0) * 8; for (int k = 0; k < 8; k++) q[k] = work(q[k] + 1e-6 * k, reps); acc += q[0]; }
			xpwrite(fd, win, (w1 - w0) * 64, w0 * 64L); }
	}
	if (st) xpwrite(fd, st, nl * 64, p0 * 64L);
	close(fd); double t; MPI_Reduce(&acc, &t, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD); if (!rank) printf("acc %.6f\n", t);
}

/* ---- sample sort of uint64 keys: collective read, local sort, all-to-all, collective write ---- */
static void ssort(const char *in, const char *out, int indep) {
	MPI_File fh; MPI_Offset sz; if (MPI_File_open(MPI_COMM_WORLD, in, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh)) die("open");
	MPI_File_get_size(fh, &sz); long n = sz / 8, k0 = n * rank / np, nl = n * (rank + 1) / np - k0;
	uint64_t *k = malloc(nl * 8);   /* indep: each rank its own contiguous block, no collective buffering */
	if (indep) MPI_File_read_at(fh, k0 * 8, k, (int)nl, MPI_UINT64_T, MPI_STATUS_IGNORE); else MPI_File_read_at_all(fh, k0 * 8, k, (int)nl, MPI_UINT64_T, MPI_STATUS_IGNORE); MPI_File_close(&fh);
	qsort(k, nl, 8, cmpu64); int S = 64; uint64_t *smp = malloc(S * 8), *all = malloc((size_t)S * np * 8), *spl = malloc(np * 8);
	for (int i = 0; i < S; i++) smp[i] = k[(size_t)nl * i / S];
	MPI_Allgather(smp, S, MPI_UINT64_T, all, S, MPI_UINT64_T, MPI_COMM_WORLD); qsort(all, (size_t)S * np, 8, cmpu64);
	for (int p = 1; p < np; p++) spl[p - 1] = all[(size_t)S * p];
	spl[np - 1] = UINT64_MAX;
	int *sc = calloc(np, sizeof(int)), *rc = malloc(np * sizeof(int)), *sd = malloc(np * sizeof(int)), *rd = malloc(np * sizeof(int));
	for (long i = 0, p = 0; i < nl; i++) { while (k[i] > spl[p]) p++; sc[p]++; }
	MPI_Alltoall(sc, 1, MPI_INT, rc, 1, MPI_INT, MPI_COMM_WORLD); long m = 0;
	for (int p = 0; p < np; p++) { sd[p] = p ? sd[p - 1] + sc[p - 1] : 0; rd[p] = p ? rd[p - 1] + rc[p - 1] : 0; m += rc[p]; }
	uint64_t *r = malloc(m * 8); MPI_Alltoallv(k, sc, sd, MPI_UINT64_T, r, rc, rd, MPI_UINT64_T, MPI_COMM_WORLD); free(k);
	qsort(r, m, 8, cmpu64); long off = 0; MPI_Exscan(&m, &off, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD); if (!rank) off = 0;
	if (MPI_File_open(MPI_COMM_WORLD, out, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh)) die("open");
	if (indep) MPI_File_write_at(fh, off * 8, r, (int)m, MPI_UINT64_T, MPI_STATUS_IGNORE); else MPI_File_write_at_all(fh, off * 8, r, (int)m, MPI_UINT64_T, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	if (!rank) printf("n %ld first %llu\n", n, (unsigned long long)r[0]);
}

/* ---- lookups into a table of 16-byte records: fseek+fread (STDIO) or pread ---- */
static void lookup(const char *f, long nlook, int usepread, int reps) {
	rs ^= mix(4545 + rank); uint64_t rec[2]; double acc = 0;
	if (usepread == 3) {   /* the table fits in memory: one fread of it, then lookups in memory */
		FILE *fp = fopen(f, "rb"); if (!fp) die("fopen"); fseeko(fp, 0, SEEK_END); long n = ftello(fp) / 16; rewind(fp);
		uint64_t *tb = malloc(n * 16); if (fread(tb, 16, n, fp) != (size_t)n) die("fread"); fclose(fp);
		for (long i = 0; i < nlook; i++) { long k = (long)(rnd() % n); acc = work(acc + (double)(tb[2 * k + 1] & 255), reps); }
	} else if (usepread == 2) { int fd = open(f, O_RDONLY); if (fd < 0) die("open"); off_t sz = lseek(fd, 0, SEEK_END); long n = sz / 16; close(fd);
		for (long i = 0; i < nlook; i++) {   /* the index is opened, read and closed for every lookup */
			fd = open(f, O_RDONLY); if (fd < 0) die("open"); xpread(fd, rec, 16, (off_t)(rnd() % n) * 16); close(fd); acc = work(acc + (double)(rec[1] & 255), reps); }
	} else if (usepread) { int fd = open(f, O_RDONLY); if (fd < 0) die("open"); off_t sz = lseek(fd, 0, SEEK_END); long n = sz / 16;
		for (long i = 0; i < nlook; i++) { xpread(fd, rec, 16, (off_t)(rnd() % n) * 16); acc = work(acc + (double)(rec[1] & 255), reps); }
		close(fd);
	} else { FILE *fp = fopen(f, "rb"); if (!fp) die("fopen"); fseeko(fp, 0, SEEK_END); long n = ftello(fp) / 16;
		for (long i = 0; i < nlook; i++) { fseeko(fp, (off_t)(rnd() % n) * 16, SEEK_SET); if (fread(rec, 16, 1, fp) != 1) die("fread"); acc = work(acc + (double)(rec[1] & 255), reps); }
		fclose(fp); }
	double t; MPI_Reduce(&acc, &t, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD); if (!rank) printf("acc %.6f\n", t);
}

/* ---- skewed or mixed hash partitions: rank r reads and aggregates bucket files r, r+np, ... ---- */
static void gen_buckets(const char *pfx, long nrec, int nb, int skew) {
	FILE **o = malloc(nb * sizeof(FILE *)); char p[512]; for (int b = 0; b < nb; b++) { snprintf(p, sizeof p, "%s.%d", pfx, b); o[b] = fopen(p, "wb"); if (!o[b]) die("open"); }
	rec100 r; memset(&r, 'y', sizeof r);
	for (long i = 0; i < nrec; i++) { r.key = (rnd() % 3) ? rnd() & ~(uint64_t)(nb - 1) : rnd();   /* 2/3 of keys are multiples of nb */
		int b = (int)((skew ? r.key : mix(r.key)) % nb); fwrite(&r, 100, 1, o[b]); }
	for (int b = 0; b < nb; b++) fclose(o[b]);
}
static void buckets(const char *pfx, int nb, int reps) {
	/* load each of the rank's partitions whole (1 MiB reads), then aggregate it */
	char p[512]; double acc = 0; long cnt = 0;
	for (int b = rank; b < nb; b += np) { snprintf(p, sizeof p, "%s.%d", pfx, b); int fd = open(p, O_RDONLY); if (fd < 0) die("open");
		off_t sz = lseek(fd, 0, SEEK_END); char *w = malloc(sz + 1); for (off_t o = 0; o < sz; o += 1 << 20) xpread(fd, w + o, sz - o < (1 << 20) ? sz - o : (1 << 20), o);
		close(fd);
		for (off_t q = 0; q + 100 <= sz; q += 100) { acc = work(acc + (double)(((rec100 *)(w + q))->key >> 52), reps); cnt++; }
		free(w); }
	long tc; MPI_Reduce(&cnt, &tc, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD); printf("rank %d records %ld\n", rank, cnt);
	if (!rank) printf("total %ld\n", tc);
}

int main(int argc, char **argv) {
	MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 3) die("usage: app45 MODE ARGS");
	const char *m = argv[1]; MPI_Barrier(MPI_COMM_WORLD); double t0 = MPI_Wtime();
	if (!strcmp(m, "gencsr")) gen_csr(argv[2], atol(argv[3]), atoi(argv[4]), atoi(argv[5]));
	else if (!strcmp(m, "genmat")) gen_mat(argv[2], atoi(argv[3]));
	else if (!strcmp(m, "genkeys") || !strcmp(m, "gentable")) { FILE *o = fopen(argv[2], "wb"); long n = atol(argv[3]); uint64_t b[4096];
		for (long i = 0; i < n; i += 4096) { for (int j = 0; j < 4096; j++) b[j] = rnd(); fwrite(b, 8, 4096, o); } fclose(o); }
	else if (!strcmp(m, "genbuckets")) gen_buckets(argv[2], atol(argv[3]), atoi(argv[4]), atoi(argv[5]));
	else if (!strcmp(m, "genpart")) { FILE *o = fopen(argv[2], "wb"); double r[8]; for (long i = 0; i < atol(argv[3]); i++) { for (int k = 0; k < 8; k++) r[k] = (double)(rnd() % 1000); fwrite(r, 8, 8, o); } fclose(o); }
	else if (!strcmp(m, "spmv")) spmv(argv[2], atoi(argv[3]), argv[4]);
	else if (!strcmp(m, "graph")) graph(argv[2], atoi(argv[3]), atoi(argv[4]), !strcmp(argv[5], "sorted"));
	else if (!strcmp(m, "bcyc")) bcyc(argv[2], atoi(argv[3]), atoi(argv[4]), !strcmp(argv[5], "view"), atoi(argv[6]));
	else if (!strcmp(m, "shuffle")) shuffle(argv[2], atol(argv[3]), atoi(argv[4]), !strcmp(argv[5], "buf"), atoi(argv[6]));
	else if (!strcmp(m, "part")) particles(argv[2], atol(argv[3]), atol(argv[4]), atoi(argv[5]), !strcmp(argv[6], "mem") ? 2 : !strcmp(argv[6], "sorted"), atoi(argv[7]));
	else if (!strcmp(m, "ssort")) ssort(argv[2], argv[3], argc > 4 && !strcmp(argv[4], "indep"));
	else if (!strcmp(m, "lookup")) lookup(argv[2], atol(argv[3]), !strcmp(argv[4], "load") ? 3 : !strcmp(argv[4], "reopen") ? 2 : !strcmp(argv[4], "pread"), atoi(argv[5]));
	else if (!strcmp(m, "buckets")) buckets(argv[2], atoi(argv[3]), atoi(argv[4]));
	else die("unknown mode");
	double t = MPI_Wtime() - t0, mx; MPI_Barrier(MPI_COMM_WORLD); t = MPI_Wtime() - t0;
	MPI_Reduce(&t, &mx, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD); if (!rank) printf("wall %.3f\n", mx);
	MPI_Finalize(); return 0;
}
