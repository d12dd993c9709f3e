/* app183.c - round 183 (labels183): a national supercomputing centre's ordinary day.
 * Five job kinds drawn by lot (genomics, cfd, ensemble-workflow, visualisation, seismic), each doing its I/O
 * the way such users typically do it.  One binary, a mode per job:
 *   app183 gen fastq|ref|field|segy FILE ARG     make an input (not under Darshan), then drop it from the page cache
 *   app183 genomics FASTQ REF OUTDIR            per-rank fgets of a FASTQ slice, fread whole reference, fprintf hits, rank-0 merge
 *   app183 cfd OUTDIR NSTEPS EVERY              collective snapshots (MPI_File_write_at_all), rank-0 residual log
 *   app183 ensemble OUTDIR NSTEPS reopen|keep   members append a diagnostics line a step (fopen "a"/fclose, or kept open)
 *   app183 vis FIELD OUTDIR                     each rank preads its z-slab of each timestep, rank 0 writes PPM slices
 *   app183 seismic SEGY OUTDIR NSNAP trace|gather  shot traces read one by one (240-B header + samples) or as one gather,
 *                                               wavefield snapshots to a per-rank scratch file read back in reverse, image to rank 0
 * COMPUTE scales the compute between I/O (default 1). */
#define _GNU_SOURCE
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

static int rank, np; static double compute_scale = 1, sink;
static void work(double units) { /* units of ~1 ms of flops at scale 1 */
	long n = (long)(units * compute_scale * 250000); double s = 0;
	for (long i = 0; i < n; i++) s += sin(i * 1e-6) * 1e-9;
	sink += s;
}
static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); }
static unsigned long long lcg = 88172645463325252ULL;
static unsigned rnd(void) { lcg ^= lcg << 13; lcg ^= lcg >> 7; lcg ^= lcg << 17; return (unsigned)lcg; }

static void drop(const char *f) { int fd = open(f, O_RDONLY); if (fd >= 0) { fdatasync(fd); posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); close(fd); } }

static int gen(const char *kind, const char *f, long arg) {
	FILE *o = fopen(f, "w"); if (!o) die(f);
	if (!strcmp(kind, "fastq")) { /* arg MiB of 150-bp reads */
		long bytes = 0, i = 0; char seq[151], q[151]; const char *b = "ACGT";
		while (bytes < arg << 20) {
			for (int k = 0; k < 150; k++) { seq[k] = b[rnd() & 3]; q[k] = 33 + 20 + rnd() % 20; }
			seq[150] = q[150] = 0;
			bytes += fprintf(o, "@read%09ld/1\n%s\n+\n%s\n", i++, seq, q);
		}
	} else if (!strcmp(kind, "ref")) { /* arg MiB of reference, 60-col FASTA */
		fprintf(o, ">chrT synthetic\n"); char line[61]; const char *b = "ACGT";
		for (long n = 0; n < (arg << 20) / 61; n++) { for (int k = 0; k < 60; k++) line[k] = b[rnd() & 3]; line[60] = 0; fprintf(o, "%s\n", line); }
	} else if (!strcmp(kind, "field")) { /* arg timesteps of a 96^3 double field */
		int N = 96; double *v = malloc(sizeof(double) * N * N * N);
		for (long t = 0; t < arg; t++) { for (long i = 0; i < (long)N * N * N; i++) v[i] = sin(i * 0.001 + t) + (rnd() % 100) * 1e-4; fwrite(v, sizeof(double), (size_t)N * N * N, o); }
		free(v);
	} else if (!strcmp(kind, "segy")) { /* arg traces of 1000 float samples, 240-B trace headers, 3600-B file header */
		char h[3600] = {0}; fwrite(h, 1, 3600, o); char th[240]; float s[1000];
		for (long t = 0; t < arg; t++) { memset(th, 0, 240); memcpy(th, &t, sizeof t); for (int k = 0; k < 1000; k++) s[k] = sinf(k * 0.05f + t) * expf(-k * 0.002f); fwrite(th, 1, 240, o); fwrite(s, 4, 1000, o); }
	}
	fclose(o); drop(f); return 0;
}

/* ---- genomics: each rank aligns its quarter of the reads (k-mer hash lookup), fprintf's hits; rank 0 merges */
static int genomics(const char *fq, const char *ref, const char *out) {
	FILE *r = fopen(ref, "r"); if (!r) die(ref);
	fseek(r, 0, SEEK_END); long rl = ftell(r); fseek(r, 0, SEEK_SET);
	char *rs = malloc(rl + 1); if (fread(rs, 1, rl, r) != (size_t)rl) die("fread ref"); fclose(r);
	unsigned *idx = calloc(1 << 20, sizeof(unsigned));
	for (long i = 0; i + 16 < rl; i += 7) { unsigned h = 0; for (int k = 0; k < 16; k++) h = h * 31 + rs[i + k]; idx[h & 0xfffff] = i; }
	FILE *f = fopen(fq, "r"); if (!f) die(fq);
	fseek(f, 0, SEEK_END); long fl = ftell(f); long a = fl / np * rank, b = fl / np * (rank + 1);
	fseek(f, a, SEEK_SET); char line[512], seq[512];
	if (rank) { while (fgets(line, sizeof line, f)) { if (line[0] == '@' && !strncmp(line, "@read", 5)) break; } } else fgets(line, sizeof line, f);
	char fn[512]; snprintf(fn, sizeof fn, "%s/hits.%d.tsv", out, rank); FILE *o = fopen(fn, "w"); if (!o) die(fn);
	long nreads = 0, hits = 0;
	for (;;) {
		long pos = ftell(f) - (long)strlen(line);
		if (pos >= b || feof(f)) break;
		char name[64]; sscanf(line, "@%63s", name);
		if (!fgets(seq, sizeof seq, f) || !fgets(line, sizeof line, f) || !fgets(line, sizeof line, f)) break;
		int best = -1; for (int k = 0; k + 16 < 150; k += 8) { unsigned h = 0; for (int j = 0; j < 16; j++) h = h * 31 + seq[k + j]; if (idx[h & 0xfffff]) best = idx[h & 0xfffff]; }
		work(0.05);
		if (best >= 0) { hits++; fprintf(o, "%s\tchrT\t%d\t60\t150M\n", name, best); }
		nreads++;
		if (!fgets(line, sizeof line, f)) break;
	}
	fclose(o); fclose(f);
	MPI_Barrier(MPI_COMM_WORLD);
	if (rank == 0) { /* merge the per-rank hit files, as a post-step of the job script would */
		snprintf(fn, sizeof fn, "%s/hits.tsv", out); FILE *m = fopen(fn, "w");
		for (int p = 0; p < np; p++) { snprintf(fn, sizeof fn, "%s/hits.%d.tsv", out, p); FILE *i = fopen(fn, "r"); while (fgets(line, sizeof line, i)) fputs(line, m); fclose(i); }
		fclose(m);
	}
	long tot; MPI_Reduce(&nreads, &tot, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
	if (!rank) printf("genomics: %ld reads, rank 0 hits %ld, sink %.3g\n", tot, hits, sink);
	return 0;
}

/* ---- cfd: 2D finite-volume block 512x512 a rank, collective snapshot every EVERY steps, rank-0 residual log */
static int cfd(const char *out, int nsteps, int every) {
	int nx = 512, ny = 512; double *u = calloc((size_t)nx * ny, sizeof(double)), *v = calloc((size_t)nx * ny, sizeof(double));
	for (int i = 0; i < nx * ny; i++) u[i] = sin(i * 1e-3 + rank);
	FILE *log = NULL; char fn[512];
	if (!rank) { snprintf(fn, sizeof fn, "%s/residuals.log", out); log = fopen(fn, "w"); fprintf(log, "# step  residual  dt\n"); }
	for (int s = 1; s <= nsteps; s++) {
		double res = 0;
		for (int j = 1; j < ny - 1; j++) for (int i = 1; i < nx - 1; i++) { int k = j * nx + i; v[k] = 0.25 * (u[k - 1] + u[k + 1] + u[k - nx] + u[k + nx]); res += fabs(v[k] - u[k]); }
		double *t = u; u = v; v = t; work(2);
		double gres; MPI_Allreduce(&res, &gres, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		if (!rank) fprintf(log, "%6d %.6e %.3e\n", s, gres, 1e-3);
		if (s % every == 0) {
			MPI_File fh; snprintf(fn, sizeof fn, "%s/flow_%04d.dat", out, s);
			if (MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh)) die("open");
			MPI_File_write_at_all(fh, (MPI_Offset)rank * nx * ny * sizeof(double), u, nx * ny, MPI_DOUBLE, MPI_STATUS_IGNORE);
			MPI_File_close(&fh);
		}
	}
	if (log) fclose(log);
	if (!rank) printf("cfd: %d steps, snapshot every %d, sink %.3g\n", nsteps, every, sink + u[7]);
	return 0;
}

/* ---- ensemble: each rank is a member; reads its namelist, appends a diagnostics line every step, writes a final state */
static int ensemble(const char *out, int nsteps, const char *how) {
	char fn[512], line[256]; double p[4] = {1, 1, 1, 1};
	snprintf(fn, sizeof fn, "%s/member%02d/input.nml", out, rank); FILE *n = fopen(fn, "r");
	if (n) { int i = 0; while (fgets(line, sizeof line, n) && i < 4) if (sscanf(line, " %*[a-z_] = %lf", &p[i]) == 1) i++; fclose(n); }
	snprintf(fn, sizeof fn, "%s/member%02d/diag.txt", out, rank);
	int keep = !strcmp(how, "keep"); FILE *d = keep ? fopen(fn, "a") : NULL;
	double x = p[0] + rank * 0.01, e = 0;
	for (int s = 1; s <= nsteps; s++) {
		work(4 + (rank % 3)); x = x * 0.999 + p[1] * 1e-3 * sin(s * 0.1); e += x * x;
		if (!keep) { d = fopen(fn, "a"); if (!d) die(fn); }
		fprintf(d, "step %5d t= %10.4f x= %.8e energy= %.8e\n", s, s * 0.01, x, e);
		if (!keep) fclose(d);
	}
	if (keep) fclose(d);
	snprintf(fn, sizeof fn, "%s/member%02d/final.dat", out, rank); FILE *f = fopen(fn, "w");
	double *st = malloc(32768 * sizeof(double)); for (int i = 0; i < 32768; i++) st[i] = x * i;
	fwrite(st, sizeof(double), 32768, f); fclose(f);
	MPI_Barrier(MPI_COMM_WORLD);
	if (!rank) printf("ensemble(%s): %d members x %d steps, sink %.3g\n", how, np, nsteps, sink + e);
	return 0;
}

/* ---- vis: 96^3 field, T timesteps; rank r preads its z-slab, computes a slice and stats; rank 0 writes a PPM a step */
static int vis(const char *field, const char *out) {
	int N = 96; size_t step = (size_t)N * N * N * sizeof(double);
	int fd = open(field, O_RDONLY); if (fd < 0) die(field);
	struct stat st; fstat(fd, &st); int T = st.st_size / step;
	int z0 = N * rank / np, z1 = N * (rank + 1) / np; size_t sl = (size_t)(z1 - z0) * N * N;
	double *slab = malloc(sl * sizeof(double)); unsigned char *img = malloc(N * N * 3), *all = malloc((size_t)N * N * 3 * np);
	for (int t = 0; t < T; t++) {
		if (pread(fd, slab, sl * sizeof(double), t * step + (size_t)z0 * N * N * sizeof(double)) != (ssize_t)(sl * sizeof(double))) die("pread");
		double mn = 1e9, mx = -1e9; for (size_t i = 0; i < sl; i++) { if (slab[i] < mn) mn = slab[i]; if (slab[i] > mx) mx = slab[i]; }
		for (int i = 0; i < N * N; i++) { double a = slab[(size_t)(z1 - z0) / 2 * N * N + i]; unsigned char c = (unsigned char)(127 * (a + 1)); img[3 * i] = c; img[3 * i + 1] = 255 - c; img[3 * i + 2] = c / 2; }
		work(150);
		MPI_Gather(img, N * N * 3, MPI_UNSIGNED_CHAR, all, N * N * 3, MPI_UNSIGNED_CHAR, 0, MPI_COMM_WORLD);
		if (!rank) { char fn[512]; snprintf(fn, sizeof fn, "%s/slice_%03d.ppm", out, t); FILE *o = fopen(fn, "wb"); fprintf(o, "P6\n%d %d\n255\n", N, N * np); fwrite(all, 1, (size_t)N * N * 3 * np, o); fclose(o); }
	}
	close(fd);
	if (!rank) printf("vis: %d timesteps, slab %zu B a rank, sink %.3g\n", T, sl * sizeof(double), sink);
	return 0;
}

/* ---- seismic: RTM-like. Each rank reads its shot's traces, models a wavefield saving NSNAP snapshots to a per-rank scratch
 * file, reads them back in reverse for the imaging condition, image reduced to rank 0 which writes it */
static int seismic(const char *segy, const char *out, int nsnap, const char *how) {
	int fd = open(segy, O_RDONLY); if (fd < 0) die(segy);
	struct stat st; fstat(fd, &st); long ntr = (st.st_size - 3600) / 4240, per = ntr / np;
	float *data = malloc(per * 4000); char th[240];
	off_t off = 3600 + (off_t)rank * per * 4240;
	if (!strcmp(how, "trace")) { /* as SU-style readers do: header, then samples, trace by trace */
		lseek(fd, off, SEEK_SET);
		for (long t = 0; t < per; t++) { if (read(fd, th, 240) != 240 || read(fd, data + t * 1000, 4000) != 4000) die("read trace"); }
	} else { /* the whole gather in one read, headers split out in memory */
		char *g = malloc(per * 4240); if (pread(fd, g, per * 4240, off) != per * 4240) die("pread gather");
		for (long t = 0; t < per; t++) memcpy(data + t * 1000, g + t * 4240 + 240, 4000); free(g);
	}
	close(fd);
	int nx = 200, nz = 200; size_t ws = (size_t)nx * nz; float *w = calloc(ws, 4), *w0 = calloc(ws, 4), *img = calloc(ws, 4), *r = calloc(ws, 4);
	char fn[512]; snprintf(fn, sizeof fn, "%s/scratch_wf.%d", out, rank);
	int sf = open(fn, O_CREAT | O_RDWR | O_TRUNC, 0644); if (sf < 0) die(fn);
	for (int s = 0; s < nsnap; s++) { /* forward */
		for (size_t i = nx; i < ws - nx; i++) { float nw = 2 * w[i] - w0[i] + 0.1f * (w[i - 1] + w[i + 1] + w[i - nx] + w[i + nx] - 4 * w[i]); w0[i] = w[i]; w[i] = nw; }
		w[nx * 2 + nx / 2] += data[(s * 7) % (per * 1000)];
		work(8);
		if (pwrite(sf, w, ws * 4, (off_t)s * ws * 4) != (ssize_t)(ws * 4)) die("pwrite snap");
	}
	for (int s = nsnap - 1; s >= 0; s--) { /* backward: read the snapshots in reverse */
		if (pread(sf, r, ws * 4, (off_t)s * ws * 4) != (ssize_t)(ws * 4)) die("pread snap");
		for (size_t i = 0; i < ws; i++) img[i] += r[i] * w[i];
		work(8);
	}
	close(sf); unlink(fn);
	float *tot = rank ? NULL : malloc(ws * 4);
	MPI_Reduce(img, tot, ws, MPI_FLOAT, MPI_SUM, 0, MPI_COMM_WORLD);
	if (!rank) { snprintf(fn, sizeof fn, "%s/image.bin", out); FILE *o = fopen(fn, "wb"); fwrite(tot, 4, ws, o); fclose(o); printf("seismic(%s): %ld traces a rank, %d snapshots, sink %.3g\n", how, per, nsnap, sink + tot[100]); }
	return 0;
}

int main(int argc, char **argv) {
	if (argc > 1 && !strcmp(argv[1], "gen")) return gen(argv[2], argv[3], atol(argv[4]));
	MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (getenv("COMPUTE")) compute_scale = atof(getenv("COMPUTE"));
	int rc = 1;
	if (!strcmp(argv[1], "genomics")) rc = genomics(argv[2], argv[3], argv[4]);
	else if (!strcmp(argv[1], "cfd")) rc = cfd(argv[2], atoi(argv[3]), atoi(argv[4]));
	else if (!strcmp(argv[1], "ensemble")) rc = ensemble(argv[2], atoi(argv[3]), argv[4]);
	else if (!strcmp(argv[1], "vis")) rc = vis(argv[2], argv[3]);
	else if (!strcmp(argv[1], "seismic")) rc = seismic(argv[2], argv[3], atoi(argv[4]), argv[5]);
	MPI_Finalize(); return rc;
}
