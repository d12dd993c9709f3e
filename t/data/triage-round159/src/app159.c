/* app159.c - round 159 (labels159): cosmology N-body simulation: particle snapshots, halo finding, merger trees.
 * Snapshot layout (Gadget-like, one file): a 256-B header, then a block of positions (3 x float32 a particle),
 * a block of velocities (3 x float32) and a block of particle IDs (int64), each block in particle order.
 *   gen SNAP NPART            write a synthetic snapshot (run without Darshan)
 *   gencat DIR NSNAP NDOM NH  write NSNAP x NDOM halo catalogs of ~NH 72-B halos each (run without Darshan)
 *   drop FILE                 posix_fadvise DONTNEED (so the next read reaches the device)
 *   snap OUT NPART            uneven domains (20/23/27/30 % of NPART at 4 ranks), a drift/kick step, rank 0
 *                             writes the header (MPI_File_write_at), every rank its pos/vel/id pieces with
 *                             MPI_File_write_at_all; rank 0 writes a text info file with fprintf
 *   halofind SNAP OUTDIR      each rank preads its uneven slab of positions plus a 5 % ghost zone of the next
 *                             slab (2-MiB preads) and its IDs, a friends-of-friends stand-in, writes its halo
 *                             catalog (one write a rank file); rank 0 writes a mass-function CSV with fprintf
 *   mtree CATDIR NSNAP OUT    rank r reads the catalogs of its domain of all NSNAP snapshots (one pread a file),
 *                             links each halo to its progenitor, writes the trees with MPI_File_write_at_all;
 *                             rank 0 writes a forest index with fprintf
 *   hcat OUTDIR NH per|buf    on-the-fly halo finding: each rank makes NH halos and writes its catalog with one
 *                             72-B write(2) a halo (per) or builds it in memory and writes it once (buf)
 *   ascii OUTDIR NPART txt|bin  each rank dumps its NPART particles: one fprintf line a particle (txt) or
 *                             binary pos/vel/id arrays in 4-MiB write(2) calls (bin)
 * COMPUTE (env) scales the compute passes. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <stdint.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

static int rank, np, passes = 1;

static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); }

typedef struct { int64_t id; float mass, x, y, z, vx, vy, vz, r200, vmax; int32_t npart, prog; int64_t host; int32_t pad[2]; } halo_t; /* 72 B (padding) */

static const double frac4[4] = { 0.20, 0.23, 0.27, 0.30 };
static const double hfrac4[4] = { 0.22, 0.24, 0.26, 0.28 };

static void split(long n, const double *f4, long *cnt, long *off)
{	/* uneven at 4 ranks, even otherwise */
	long o = 0;
	for (int r = 0; r < np; r++) {
		long c = np == 4 ? (long)(n * f4[r]) : n / np;
		if (r == np - 1) c = n - o;
		if (r == rank) { *cnt = c; *off = o; }
		o += c;
	}
}

static double work(const float *x, long n)
{
	double acc = 0;
	for (int p = 0; p < passes; p++)
		for (long i = 0; i < n; i++) { double v = x[i]; acc += v * v * 1e-9 + sin(v) * 1e-12; }
	return acc;
}

static void fill(float *pos, float *vel, int64_t *id, long n, long off)
{
	unsigned s = 777 + (unsigned)off;
	for (long i = 0; i < n; i++) {
		for (int k = 0; k < 3; k++) { s = s * 1103515245 + 12345; pos[3 * i + k] = (float)((s >> 8) % 100000) * 0.01f; }
		for (int k = 0; k < 3; k++) { s = s * 1103515245 + 12345; vel[3 * i + k] = (float)((int)((s >> 8) % 2000) - 1000) * 0.5f; }
		id[i] = off + i;
	}
}

static void gen(const char *f, long n)
{
	FILE *fp = fopen(f, "w"); if (!fp) die(f);
	char hdr[256] = { 0 }; memcpy(hdr, &n, 8); fwrite(hdr, 1, 256, fp);
	long ch = 65536; float *p = malloc(ch * 12), *v = malloc(ch * 12); int64_t *id = malloc(ch * 8);
	for (int blk = 0; blk < 3; blk++)
		for (long o = 0; o < n; o += ch) {
			long c = n - o < ch ? n - o : ch; fill(p, v, id, c, o);
			if (blk == 0) fwrite(p, 12, c, fp); else if (blk == 1) fwrite(v, 12, c, fp); else fwrite(id, 8, c, fp);
		}
	fclose(fp);
}

static void mkhalo(halo_t *h, long i, int snap, int dom)
{
	unsigned s = (unsigned)(i * 2654435761u + snap * 97 + dom * 13);
	memset(h, 0, sizeof *h);
	h->id = ((int64_t)snap << 40) | ((int64_t)dom << 32) | i; h->npart = 20 + (s % 5000); h->mass = h->npart * 1.2e9f;
	h->x = (s % 1000) * 0.1f; h->y = ((s >> 10) % 1000) * 0.1f; h->z = ((s >> 20) % 1000) * 0.1f;
	h->vx = h->vy = h->vz = 1; h->r200 = cbrtf(h->mass) * 1e-3f; h->vmax = sqrtf(h->mass) * 1e-3f;
	h->prog = snap ? (int32_t)(i % 1000) : -1; h->host = -1;
}

static void gencat(const char *d, int ns, int nd, long nh)
{
	char p[512];
	for (int s = 0; s < ns; s++)
		for (int r = 0; r < nd; r++) {
			snprintf(p, sizeof p, "%s/cat_%03d.%d", d, s, r);
			FILE *fp = fopen(p, "w"); if (!fp) die(p);
			long n = nh - (nh / 3) * (ns - 1 - s) / ns + r * 17; /* fewer halos at early times */
			halo_t h;
			for (long i = 0; i < n; i++) { mkhalo(&h, i, s, r); fwrite(&h, sizeof h, 1, fp); }
			fclose(fp);
		}
}

static void snap(const char *out, long n)
{
	long cnt, off; split(n, frac4, &cnt, &off);
	float *pos = malloc(cnt * 12), *vel = malloc(cnt * 12); int64_t *id = malloc(cnt * 8);
	fill(pos, vel, id, cnt, off);
	double sink = 0;
	for (long i = 0; i < cnt * 3; i++) { pos[i] += vel[i] * 1e-4f; vel[i] *= 0.999f; } /* drift/kick */
	sink += work(pos, cnt * 3);
	MPI_File fh;
	if (MPI_File_open(MPI_COMM_WORLD, (char *)out, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh)) die(out);
	if (!rank) {
		char hdr[256] = { 0 }; memcpy(hdr, &n, 8); double a = 0.5; memcpy(hdr + 8, &a, 8);
		MPI_File_write_at(fh, 0, hdr, 256, MPI_BYTE, MPI_STATUS_IGNORE);
	}
	MPI_Offset b0 = 256, b1 = b0 + (MPI_Offset)n * 12, b2 = b1 + (MPI_Offset)n * 12;
	MPI_File_write_at_all(fh, b0 + off * 12, pos, (int)(cnt * 12), MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_write_at_all(fh, b1 + off * 12, vel, (int)(cnt * 12), MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_write_at_all(fh, b2 + off * 8, id, (int)(cnt * 8), MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	long all[64]; MPI_Gather(&cnt, 1, MPI_LONG, all, 1, MPI_LONG, 0, MPI_COMM_WORLD);
	if (!rank) {
		char p[600]; snprintf(p, sizeof p, "%s.info", out);
		FILE *fp = fopen(p, "w"); if (!fp) die(p);
		fprintf(fp, "# snapshot %s\nnpart %ld\na 0.5\nz 1.0\nboxsize 1000.0\nomega_m 0.31\nomega_l 0.69\nh 0.68\n", out, n);
		for (int r = 0; r < np; r++) fprintf(fp, "domain %d npart %ld\n", r, all[r]);
		for (int k = 0; k < 30; k++) fprintf(fp, "param_%02d %g\n", k, k * 0.125);
		fclose(fp);
	}
	if (!rank) printf("snap: %ld particles, rank 0 %ld, sink %.3g\n", n, cnt, sink);
}

static void halofind(const char *in, const char *od)
{
	int fd = open(in, O_RDONLY); if (fd < 0) die(in);
	char hdr[256]; if (pread(fd, hdr, 256, 0) != 256) die("hdr");
	long n; memcpy(&n, hdr, 8);
	long cnt, off; split(n, hfrac4, &cnt, &off);
	long ghost = rank < np - 1 ? n / 20 : 0; /* 5 % of the particles: the next slab's edge */
	long m = cnt + ghost; float *pos = malloc(m * 12); int64_t *id = malloc(cnt * 8);
	long ch = 2 << 20;
	for (long o = 0; o < m * 12; o += ch) { long c = m * 12 - o < ch ? m * 12 - o : ch; if (pread(fd, (char *)pos + o, c, 256 + off * 12 + o) != c) die("pos"); }
	off_t ib = 256 + (off_t)n * 24;
	for (long o = 0; o < cnt * 8; o += ch) { long c = cnt * 8 - o < ch ? cnt * 8 - o : ch; if (pread(fd, (char *)id + o, c, ib + off * 8 + o) != c) die("id"); }
	close(fd);
	double sink = work(pos, m * 3); /* friends-of-friends stand-in */
	long nh = cnt / 700; halo_t *h = calloc(nh, sizeof *h);
	for (long i = 0; i < nh; i++) { mkhalo(&h[i], i, 99, rank); h[i].id = id[i * 700]; }
	char p[512]; snprintf(p, sizeof p, "%s/halos.%d", od, rank);
	int wf = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (wf < 0) die(p);
	if (write(wf, h, nh * sizeof *h) != (ssize_t)(nh * sizeof *h)) die("write");
	close(wf);
	double hist[40] = { 0 }, all[40];
	for (long i = 0; i < nh; i++) { int b = (int)(log10(h[i].mass) * 4) - 40; if (b >= 0 && b < 40) hist[b]++; }
	MPI_Reduce(hist, all, 40, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (!rank) {
		snprintf(p, sizeof p, "%s/massfunc.csv", od);
		FILE *fp = fopen(p, "w"); if (!fp) die(p);
		fprintf(fp, "log10_m_lo,log10_m_hi,n\n");
		for (int b = 0; b < 40; b++) fprintf(fp, "%.2f,%.2f,%.0f\n", (b + 40) / 4.0, (b + 41) / 4.0, all[b]);
		fclose(fp);
		printf("halofind: %ld particles, rank 0 slab %ld + ghost %ld, %ld halos, sink %.3g\n", n, cnt, ghost, nh, sink);
	}
}

static void mtree(const char *cd, int ns, const char *out)
{
	char p[512]; long tot = 0, cap = 0; halo_t *all = NULL; double sink = 0;
	long *nper = calloc(ns, sizeof *nper);
	for (int s = 0; s < ns; s++) {
		snprintf(p, sizeof p, "%s/cat_%03d.%d", cd, s, rank);
		int fd = open(p, O_RDONLY); if (fd < 0) die(p);
		struct stat st; fstat(fd, &st);
		long n = st.st_size / sizeof(halo_t);
		if (tot + n > cap) { cap = (tot + n) * 2; all = realloc(all, cap * sizeof *all); }
		if (pread(fd, all + tot, st.st_size, 0) != st.st_size) die("cat");
		close(fd); nper[s] = n; tot += n;
	}
	/* link progenitors: the most massive halo of the previous snapshot near each halo (stand-in) */
	typedef struct { int64_t id, desc, prog, first; double mass; } node_t; /* 40 B */
	node_t *t = malloc(tot * sizeof *t); long b = 0;
	for (int s = 0; s < ns; s++) {
		for (long i = 0; i < nper[s]; i++) {
			halo_t *h = all + b + i; long best = -1; double bm = 0;
			if (s) for (long k = 0; k < 64; k++) { long j = (i * 31 + k) % nper[s - 1]; halo_t *q = all + b - nper[s - 1] + j; double d = fabs(q->x - h->x) + fabs(q->y - h->y); if (q->mass / (1 + d) > bm) { bm = q->mass / (1 + d); best = j; } }
			t[b + i] = (node_t){ h->id, -1, best, 0, h->mass };
			sink += work(&h->x, 3);
		}
		b += nper[s];
	}
	float *ms = malloc(tot * sizeof *ms); for (long i = 0; i < tot; i++) ms[i] = (float)(t[i].mass * 1e-12);
	for (int k = 0; k < passes * 400; k++) sink += work(ms, tot); /* tree walks: subhalo ordering, mass histories */
	long o = 0; MPI_Exscan(&tot, &o, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD); if (!rank) o = 0;
	MPI_File fh;
	if (MPI_File_open(MPI_COMM_WORLD, (char *)out, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh)) die(out);
	MPI_File_write_at_all(fh, (MPI_Offset)o * sizeof(node_t), t, (int)(tot * sizeof(node_t)), MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	long nt[64]; MPI_Gather(&tot, 1, MPI_LONG, nt, 1, MPI_LONG, 0, MPI_COMM_WORLD);
	if (!rank) {
		snprintf(p, sizeof p, "%s.idx", out);
		FILE *fp = fopen(p, "w"); if (!fp) die(p);
		long oo = 0;
		for (int r = 0; r < np; r++) { fprintf(fp, "forest %d offset %ld nodes %ld\n", r, oo, nt[r]); oo += nt[r]; }
		fclose(fp);
		printf("mtree: %d snapshots, rank 0 %ld nodes, sink %.3g\n", ns, tot, sink);
	}
}

static void hcat(const char *od, long nh, int per)
{
	halo_t *h = malloc(nh * sizeof *h); double sink = 0;
	float *scratch = malloc(1 << 22); for (int i = 0; i < (1 << 20); i++) scratch[i] = i * 1e-3f;
	sink += work(scratch, 1 << 20); /* the finder's own compute */
	for (long i = 0; i < nh; i++) mkhalo(&h[i], i, 42, rank);
	char p[512]; snprintf(p, sizeof p, "%s/catalog.%d", od, rank);
	int fd = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (fd < 0) die(p);
	if (per) { for (long i = 0; i < nh; i++) if (write(fd, &h[i], sizeof *h) != sizeof *h) die("write"); }
	else if (write(fd, h, nh * sizeof *h) != (ssize_t)(nh * sizeof *h)) die("write");
	close(fd);
	MPI_Barrier(MPI_COMM_WORLD);
	if (!rank) {
		snprintf(p, sizeof p, "%s/catalog.txt", od);
		FILE *fp = fopen(p, "w"); if (!fp) die(p);
		for (int r = 0; r < np; r++) fprintf(fp, "catalog.%d %ld halos\n", r, nh);
		fclose(fp);
		printf("hcat(%s): %ld halos a rank, sink %.3g\n", per ? "write per halo" : "one write", nh, sink);
	}
}

static void ascii(const char *od, long n, int txt)
{
	long off = rank * n;
	float *pos = malloc(n * 12), *vel = malloc(n * 12); int64_t *id = malloc(n * 8);
	fill(pos, vel, id, n, off);
	double sink = work(pos, n * 3);
	char p[512];
	if (txt) {
		snprintf(p, sizeof p, "%s/part.%d.txt", od, rank);
		FILE *fp = fopen(p, "w"); if (!fp) die(p);
		fprintf(fp, "# x y z vx vy vz id\n");
		for (long i = 0; i < n; i++)
			fprintf(fp, "%.6f %.6f %.6f %.4f %.4f %.4f %lld\n", pos[3 * i], pos[3 * i + 1], pos[3 * i + 2], vel[3 * i], vel[3 * i + 1], vel[3 * i + 2], (long long)id[i]);
		fclose(fp);
	} else {
		snprintf(p, sizeof p, "%s/part.%d.bin", od, rank);
		int fd = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (fd < 0) die(p);
		char *bufs[3] = { (char *)pos, (char *)vel, (char *)id }; long sz[3] = { n * 12, n * 12, n * 8 }; long ch = 4 << 20;
		for (int k = 0; k < 3; k++)
			for (long o = 0; o < sz[k]; o += ch) { long c = sz[k] - o < ch ? sz[k] - o : ch; if (write(fd, bufs[k] + o, c) != c) die("write"); }
		close(fd);
	}
	MPI_Barrier(MPI_COMM_WORLD);
	if (!rank) printf("ascii(%s): %ld particles a rank, sink %.3g\n", txt ? "fprintf a particle" : "binary", n, sink);
}

int main(int argc, char **argv)
{
	if (argc < 2) return 2;
	const char *c = argv[1];
	if (!strcmp(c, "gen")) { gen(argv[2], atol(argv[3])); return 0; }
	if (!strcmp(c, "gencat")) { gencat(argv[2], atoi(argv[3]), atoi(argv[4]), atol(argv[5])); return 0; }
	if (!strcmp(c, "drop")) { int fd = open(argv[2], O_RDONLY); if (fd < 0) return 1; fdatasync(fd); posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); close(fd); return 0; }
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (getenv("COMPUTE")) passes = atoi(getenv("COMPUTE"));
	if (!strcmp(c, "snap")) snap(argv[2], atol(argv[3]));
	else if (!strcmp(c, "halofind")) halofind(argv[2], argv[3]);
	else if (!strcmp(c, "mtree")) mtree(argv[2], atoi(argv[3]), argv[4]);
	else if (!strcmp(c, "hcat")) hcat(argv[2], atol(argv[3]), !strcmp(argv[4], "per"));
	else if (!strcmp(c, "ascii")) ascii(argv[2], atol(argv[3]), !strcmp(argv[4], "txt"));
	MPI_Finalize();
	return 0;
}
