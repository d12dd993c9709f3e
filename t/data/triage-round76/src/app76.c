/* Round 76: operational weather and forecast pipeline programs (C/MPI), one mode a program.
 * GRIB-like message: 64-byte header ("GRIB", length, hour, var, level, nx, ny, ref, scale), nx*ny
 * 16-bit packed values (simple packing: v = ref + scale * p), "7777". */
#define _GNU_SOURCE
#include <fcntl.h>
#include <math.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct hdr { char magic[4]; uint32_t len; uint16_t hour, var, lev, pad; uint32_t nx, ny; double ref, scale; char fill[24]; };
static int rank, size;

static void die(const char *m) { fprintf(stderr, "app76: %s\n", m); MPI_Abort(MPI_COMM_WORLD, 1); }

/* one sweep of an advection-diffusion stencil over an (ny+2) x nx field with y halos */
static void sweep(double *f, double *t, int nx, int ny, double c)
{
	for (int j = 1; j <= ny; j++)
		for (int i = 0; i < nx; i++) {
			int w = i ? i - 1 : nx - 1, e = i < nx - 1 ? i + 1 : 0;
			double *r = f + (size_t)j * nx;
			t[(size_t)j * nx + i] = r[i] + c * (r[w] + r[e] + r[i - nx] + r[i + nx] - 4 * r[i]) - 0.05 * c * (r[e] - r[w]);
		}
	memcpy(f + nx, t + nx, sizeof(double) * nx * ny);
}

static void halo(double *f, int nx, int ny, MPI_Comm comm, int rk, int sz)
{
	int up = (rk + 1) % sz, dn = (rk + sz - 1) % sz;
	MPI_Sendrecv(f + (size_t)ny * nx, nx, MPI_DOUBLE, up, 1, f, nx, MPI_DOUBLE, dn, 1, comm, MPI_STATUS_IGNORE);
	MPI_Sendrecv(f + nx, nx, MPI_DOUBLE, dn, 2, f + (size_t)(ny + 1) * nx, nx, MPI_DOUBLE, up, 2, comm, MPI_STATUS_IGNORE);
}

static void init(double *f, int nx, int ny, int row0, int k, int seed)
{
	for (int j = 0; j < ny + 2; j++)
		for (int i = 0; i < nx; i++)
			f[(size_t)j * nx + i] = 250 + 30 * sin(0.05 * i + 0.3 * k) * cos(0.04 * (row0 + j) + 0.01 * seed) + k;
}

/* pack n doubles into a message buffer (header + data + "7777"); returns its length */
static size_t pack(char *buf, const double *v, int nx, int ny, int hour, int var, int lev)
{
	size_t n = (size_t)nx * ny;
	double lo = v[0], hi = v[0];
	for (size_t i = 1; i < n; i++) { lo = v[i] < lo ? v[i] : lo; hi = v[i] > hi ? v[i] : hi; }
	struct hdr h = { "GRIB", (uint32_t)(sizeof h + 2 * n + 4), (uint16_t)hour, (uint16_t)var, (uint16_t)lev, 0, (uint32_t)nx, (uint32_t)ny, lo, (hi - lo) / 65535 + 1e-12, {0} };
	uint16_t *p = (uint16_t *)(buf + sizeof h);
	for (size_t i = 0; i < n; i++) p[i] = (uint16_t)lrint((v[i] - lo) / h.scale);
	memcpy(buf, &h, sizeof h);
	memcpy(buf + sizeof h + 2 * n, "7777", 4);
	return h.len;
}

/* model NX NYL HOURS SWEEPS NVAR NLEV OUT gather|fsync|fsynchour */
static int model(char **a)
{
	int nx = atoi(a[0]), ny = atoi(a[1]), hours = atoi(a[2]), sw = atoi(a[3]), nv = atoi(a[4]), nl = atoi(a[5]);
	const char *out = a[6], *how = a[7];
	int nf = nv * nl, gny = ny * size;
	double **f = malloc(sizeof *f * nf), *t = calloc((size_t)(ny + 2) * nx, sizeof *t);
	for (int k = 0; k < nf; k++) { f[k] = malloc(sizeof(double) * (ny + 2) * nx); init(f[k], nx, ny, rank * ny, k, 0); }
	double *g = rank ? NULL : malloc(sizeof(double) * nx * gny);
	char *msg = rank ? NULL : malloc(sizeof(struct hdr) + 2 * (size_t)nx * gny + 4);
	FILE *fp = NULL; int fd = -1;
	if (!rank && !strcmp(how, "gather") && !(fp = fopen(out, "w"))) die("cannot open output");
	if (!rank && strcmp(how, "gather") && (fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0) die("cannot open output");
	for (int h = 1; h <= hours; h++) {
		for (int s = 0; s < sw; s++)
			for (int k = 0; k < nf; k++) { halo(f[k], nx, ny, MPI_COMM_WORLD, rank, size); sweep(f[k], t, nx, ny, 0.1 + 0.01 * (k % 5)); }
		for (int k = 0; k < nf; k++) {
			MPI_Gather(f[k] + nx, nx * ny, MPI_DOUBLE, g, nx * ny, MPI_DOUBLE, 0, MPI_COMM_WORLD);
			if (rank) continue;
			size_t len = pack(msg, g, nx, gny, h, k / nl, k % nl);
			if (fp) { if (fwrite(msg, 1, len, fp) != len) die("write failed"); continue; }
			if (write(fd, msg, len) != (ssize_t)len) die("write failed");
			/* the I/O server makes each message durable before announcing it to the post-processors */
			if (!strcmp(how, "fsync")) fsync(fd);
		}
		if (fp) fflush(fp);
		if (fd >= 0 && !strcmp(how, "fsynchour")) fsync(fd);
	}
	if (fp) fclose(fp);
	if (fd >= 0) close(fd);
	return 0;
}

/* ens NX NY HOURS SWEEPS NVAR OUTDIR: each rank an ensemble member, a file a member and forecast hour */
static int ens(char **a)
{
	int nx = atoi(a[0]), ny = atoi(a[1]), hours = atoi(a[2]), sw = atoi(a[3]), nv = atoi(a[4]);
	double **f = malloc(sizeof *f * nv), *t = calloc((size_t)(ny + 2) * nx, sizeof *t);
	for (int k = 0; k < nv; k++) { f[k] = malloc(sizeof(double) * (ny + 2) * nx); init(f[k], nx, ny, 0, k, rank); }
	char *msg = malloc(nv * (sizeof(struct hdr) + 2 * (size_t)nx * ny + 4)), path[512];
	for (int h = 1; h <= hours; h++) {
		for (int s = 0; s < sw; s++)
			for (int k = 0; k < nv; k++) {
				/* periodic in y: the member is a whole limited-area domain */
				memcpy(f[k], f[k] + (size_t)ny * nx, sizeof(double) * nx);
				memcpy(f[k] + (size_t)(ny + 1) * nx, f[k] + nx, sizeof(double) * nx);
				sweep(f[k], t, nx, ny, 0.1 + 0.002 * rank);
			}
		size_t len = 0;
		for (int k = 0; k < nv; k++) len += pack(msg + len, f[k] + nx, nx, ny, h, k, 0);
		snprintf(path, sizeof path, "%s/mem%02d_f%03d.grb", a[5], rank, h);
		FILE *fp = fopen(path, "w");
		if (!fp || fwrite(msg, 1, len, fp) != len || fclose(fp)) die("cannot write member output");
	}
	return 0;
}

/* obs INDIR NFILES OUT QCITER: observation preprocessing, a rank reads every size-th station file */
static int obs(char **a)
{
	int nfiles = atoi(a[1]), it = atoi(a[3]), cap = 1 << 16, n = 0;
	double *o = malloc(sizeof(double) * 4 * cap);
	char path[512], line[256];
	/* NFILES 0: INDIR is one bundled file (an observation tank) every rank reads, keeping its stations */
	for (int i = nfiles ? rank : 0; i < (nfiles ? nfiles : 1); i += nfiles ? size : 1) {
		if (nfiles) snprintf(path, sizeof path, "%s/obs_%05d.txt", a[0], i);
		else snprintf(path, sizeof path, "%s", a[0]);
		FILE *fp = fopen(path, "r");
		if (!fp) die("cannot open observation file");
		double la, lo, p, v;
		int stn;
		while (fgets(line, sizeof line, fp))
			if (n < cap && sscanf(line, "ST%d %lf %lf %lf %lf", &stn, &la, &lo, &p, &v) == 5 && (nfiles || stn % size == rank)) {
				o[4 * n] = la; o[4 * n + 1] = lo; o[4 * n + 2] = p; o[4 * n + 3] = v; n++;
			}
		fclose(fp);
	}
	int *cnt = malloc(sizeof(int) * size), *dsp = malloc(sizeof(int) * size), tot = 0, c4 = 4 * n;
	MPI_Allgather(&c4, 1, MPI_INT, cnt, 1, MPI_INT, MPI_COMM_WORLD);
	for (int r = 0; r < size; r++) { dsp[r] = tot; tot += cnt[r]; }
	double *all = malloc(sizeof(double) * tot);
	MPI_Allgatherv(o, c4, MPI_DOUBLE, all, cnt, dsp, MPI_DOUBLE, MPI_COMM_WORLD);
	int N = tot / 4, rej = 0;
	char *flag = calloc(n, 1);
	/* buddy check: an observation far from the distance-weighted mean of its neighbours is rejected */
	for (int q = 0; q < it; q++)
		for (int i = 0; i < n; i++) {
			double sw = 0, sv = 0;
			for (int j = 0; j < N; j++) {
				double dl = all[4 * j] - o[4 * i], dn = all[4 * j + 1] - o[4 * i + 1], d2 = dl * dl + dn * dn;
				if (d2 > 0 && d2 < 4) { double w = exp(-d2); sw += w; sv += w * all[4 * j + 3]; }
			}
			if (sw > 0 && fabs(sv / sw - o[4 * i + 3]) > 15 + q) flag[i] = 1;
		}
	for (int i = 0; i < n; i++) rej += flag[i];
	snprintf(path, sizeof path, "%s.%d", a[2], rank);
	FILE *fp = fopen(path, "w");
	if (!fp) die("cannot write");
	fwrite(o, sizeof(double), 4 * (size_t)n, fp);
	fwrite(flag, 1, n, fp);
	fclose(fp);
	if (!rank) printf("obs %d, rank 0 rejected %d\n", N, rej);
	return 0;
}

/* points FILE NST NVAR ITER each|whole: meteogram extraction at NST stations from the level-0
 * messages of the first NVAR variables, then a Kalman-filter bias correction a station */
static int points(char **a)
{
	int nst = atoi(a[1]), nvar = atoi(a[2]), it = atoi(a[3]), whole = !strcmp(a[4], "whole");
	int fd = open(a[0], O_RDONLY);
	struct hdr h;
	if (fd < 0 || pread(fd, &h, sizeof h, 0) != sizeof h) die("cannot read forecast file");
	struct stat st; fstat(fd, &st);
	size_t nmsg = st.st_size / h.len, npt = (size_t)h.nx * h.ny;
	int *idx = malloc(sizeof(int) * nst);
	srand(76);
	for (int s = 0; s < nst; s++) idx[s] = rand() % npt;
	int nlev = 0; /* messages are (hour, var, level) in order; count levels from the headers */
	struct hdr x;
	do { pread(fd, &x, sizeof x, (off_t)(nlev + 1) * h.len); nlev++; } while (x.var == h.var && x.hour == h.hour);
	int nv = 0; do { pread(fd, &x, sizeof x, (off_t)(nv + 1) * nlev * h.len); nv++; } while (x.hour == h.hour);
	int hours = nmsg / (nv * nlev), mine = 0;
	double *ts = calloc((size_t)nst * hours * nvar, sizeof *ts);
	uint16_t *fld = whole ? malloc(2 * npt) : NULL;
	for (int hr = 0; hr < hours; hr++)
		for (int v = 0; v < nvar; v++) {
			if ((hr * nvar + v) % size != rank) continue;
			off_t off = ((off_t)hr * nv * nlev + (off_t)v * nlev) * h.len;
			pread(fd, &x, sizeof x, off);
			if (whole) pread(fd, fld, 2 * npt, off + sizeof h);
			for (int s = 0; s < nst; s++) {
				uint16_t p;
				if (whole) p = fld[idx[s]];
				else pread(fd, &p, 2, off + sizeof h + 2 * (off_t)idx[s]);
				ts[((size_t)s * nvar + v) * hours + hr] = x.ref + x.scale * p;
			}
			mine++;
		}
	close(fd);
	double *all = malloc(sizeof(double) * nst * hours * nvar), bias = 0;
	MPI_Allreduce(ts, all, nst * hours * nvar, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
	for (int q = 0; q < it; q++)
		for (int s = rank; s < nst; s += size) {
			double b = 0, P = 1;
			for (int v = 0; v < nvar; v++)
				for (int hr = 0; hr < hours; hr++) {
					double y = all[((size_t)s * nvar + v) * hours + hr], obsv = y + sin(hr + s + q), K = P / (P + 0.5);
					b += K * (obsv - y - b); P = (1 - K) * P + 0.01;
				}
			bias += b;
		}
	if (!rank) printf("points: %zu messages, %d hours, %d vars x %d levels, rank 0 read %d fields, bias %g\n", nmsg, hours, nv, nlev, mine, bias);
	return 0;
}

/* prod FILE NPROD OUTDIR each|once SMOOTH: the product generator; product p weights every level of variable
 * p % nvar for each hour. "each" re-reads the whole file for every product, "once" keeps it in memory. */
static int prod(char **a)
{
	int np = atoi(a[1]), once = !strcmp(a[3], "once");
	FILE *fp = fopen(a[0], "r");
	struct hdr h;
	if (!fp || fread(&h, sizeof h, 1, fp) != 1) die("cannot read forecast file");
	fseek(fp, 0, SEEK_END);
	size_t fsz = ftell(fp), npt = (size_t)h.nx * h.ny, nmsg = fsz / h.len;
	fclose(fp);
	char *mem = once ? malloc(fsz) : NULL, *msg = malloc(h.len), path[512];
	if (once) { fp = fopen(a[0], "r"); if (fread(mem, 1, fsz, fp) != fsz) die("short read"); fclose(fp); }
	double *out = malloc(sizeof(double) * npt);
	for (int p = rank; p < np; p += size) {
		if (!once) fp = fopen(a[0], "r");
		memset(out, 0, sizeof(double) * npt);
		for (size_t m = 0; m < nmsg; m++) {
			struct hdr *x = (struct hdr *)(once ? mem + m * h.len : msg);
			if (!once && fread(msg, 1, h.len, fp) != h.len) die("short read");
			uint16_t *d = (uint16_t *)((char *)x + sizeof h);
			double w = cos(0.1 * x->lev + p) / (1 + x->hour);
			if (x->var == (unsigned)(p % 8))
				for (size_t i = 0; i < npt; i++) out[i] += w * (x->ref + x->scale * d[i]);
		}
		if (!once) fclose(fp);
		/* the product is smoothed to the output grid's resolution */
		double *tmp = malloc(sizeof(double) * (npt + 2 * h.nx));
		for (int q = 0; q < atoi(a[4]); q++) {
			memcpy(tmp + h.nx, out, sizeof(double) * npt);
			memcpy(tmp, out + npt - h.nx, sizeof(double) * h.nx);
			memcpy(tmp + h.nx + npt, out, sizeof(double) * h.nx);
			double *t2 = malloc(sizeof(double) * (npt + 2 * h.nx));
			sweep(tmp, t2, h.nx, h.ny, 0.2);
			memcpy(out, tmp + h.nx, sizeof(double) * npt);
			free(t2);
		}
		free(tmp);
		snprintf(path, sizeof path, "%s/prod%02d.bin", a[2], p);
		FILE *o = fopen(path, "w");
		if (!o || fwrite(out, sizeof(double), npt, o) != npt || fclose(o)) die("cannot write product");
	}
	return 0;
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (argc < 3) die("usage: app76 model|ens|obs|points|prod ARGS");
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime();
	const char *m = argv[1];
	int rc = !strcmp(m, "model") ? model(argv + 2) : !strcmp(m, "ens") ? ens(argv + 2) : !strcmp(m, "obs") ? obs(argv + 2)
		: !strcmp(m, "points") ? points(argv + 2) : !strcmp(m, "prod") ? prod(argv + 2) : 2;
	MPI_Barrier(MPI_COMM_WORLD);
	double t = MPI_Wtime() - t0, tmax;
	MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (!rank) printf("%s: %.3f s\n", m, tmax);
	MPI_Finalize();
	return rc;
}
