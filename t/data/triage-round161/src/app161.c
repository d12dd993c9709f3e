/* app161.c - round 161 (labels161): data assimilation: observation ingest, ensemble Kalman filter analysis and
 * ensemble member files.
 * Observations are 32-B binary records {double lat, lon, value, err}; ensemble members are float32 fields of
 * ROWS x COLS (row-major, one row = one latitude band).
 *   gen DIR                   make the inputs (run without Darshan): obs/inst_K.bin (8 instruments, 2..9 MiB),
 *                             obserr.txt (obs-error table, 200 text lines), obsall.bin (64 MiB of obs records),
 *                             mem/mem_MM.bin (8 members of 8 MiB)
 *   drop FILE...              posix_fadvise DONTNEED (so the next read reaches the device)
 *   obsqc DIR OUT             rank r reads instruments r and r+4 in 1-MiB read(2)s, every rank reads the obs-error
 *                             table with fgets, innovations (16 B an obs) written with MPI_File_write_at_all to one
 *                             file, rank 0 writes a per-instrument/per-bin QC CSV with fprintf
 *   enkf MEMDIR OUT           uneven latitude slabs (22/24/26/28 %); each rank reads its slab plus a 16-row
 *                             localization halo each side from every member with 1-MiB MPI_File_read_at, computes
 *                             the ensemble mean and a local analysis update, writes its slab of every analysis
 *                             member with MPI_File_write_at_all (one file a member)
 *   obsrec FILE OUT rec|buf   each rank ingests its quarter of obsall.bin: rec = one read(2) per 32-B record;
 *                             buf = 1-MiB read(2)s parsed in memory; accepted obs written collectively
 *   members MEMDIR OUT lev|one  the EnKF analysis (reads as enkf, from local disk) written per rank:
 *                             lev = one file per (member, level, rank), 40 levels (52 KB files);
 *                             one = one file per (member, rank), same bytes in 1-MiB writes
 * COMPUTE (env) scales the compute passes. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

#define NMEM 8
#define ROWS 1024
#define COLS 2048
#define HALO 16
static int rank, np, passes = 1;
typedef struct { double lat, lon, val, err; } obs_t;

static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); }

static double work(const float *x, long n)
{
	double acc = 0;
	for (int p = 0; p < passes; p++)
		for (long i = 0; i < n; i++) { double v = x[i]; acc += v * v * 1e-9 + sin(v) * 1e-12; }
	return acc;
}

static void wfile(const char *f, long bytes, unsigned seed, int isobs)
{
	FILE *fp = fopen(f, "w"); if (!fp) die(f);
	long n = bytes / 32; unsigned s = seed;
	for (long i = 0; i < n; i++) {
		double r[4];
		for (int k = 0; k < 4; k++) { s = s * 1103515245 + 12345; r[k] = ((s >> 8) % 100000) / 100000.0; }
		if (isobs) { obs_t o = { r[0] * 180 - 90, r[1] * 360, 280 + 20 * r[2], 0.5 + r[3] }; fwrite(&o, 32, 1, fp); }
		else { float v[8]; for (int k = 0; k < 8; k++) v[k] = 280 + 10 * sinf(i * 0.01f + k) + (float)r[k & 3]; fwrite(v, 4, 8, fp); }
	}
	fclose(fp);
}

static void gen(const char *d)
{
	char p[512];
	snprintf(p, sizeof p, "%s/obs", d); mkdir(p, 0755);
	snprintf(p, sizeof p, "%s/mem", d); mkdir(p, 0755);
	for (int k = 0; k < 8; k++) { snprintf(p, sizeof p, "%s/obs/inst_%d.bin", d, k); wfile(p, (2L + k) << 20, 77 + k, 1); }
	snprintf(p, sizeof p, "%s/obserr.txt", d);
	FILE *fp = fopen(p, "w"); if (!fp) die(p);
	fprintf(fp, "# instrument channel level_hPa sigma_o\n");
	for (int i = 0; i < 199; i++) fprintf(fp, "%d %d %d %.3f\n", i % 8, i / 8, 100 + 4 * i, 0.4 + 0.01 * i);
	fclose(fp);
	snprintf(p, sizeof p, "%s/obsall.bin", d); wfile(p, 64L << 20, 4242, 1);
	for (int m = 0; m < NMEM; m++) { snprintf(p, sizeof p, "%s/mem/mem_%02d.bin", d, m); wfile(p, (long)ROWS * COLS * 4, 900 + m, 0); }
}

static void slab(int r, long *r0, long *r1)
{	/* uneven latitude slabs: 22/24/26/28 % for 4 ranks, even otherwise */
	if (np == 4) { static const int pct[5] = { 0, 22, 46, 72, 100 }; *r0 = ROWS * pct[r] / 100; *r1 = ROWS * pct[r + 1] / 100; }
	else { *r0 = (long)ROWS * r / np; *r1 = (long)ROWS * (r + 1) / np; }
}

static void obsqc(const char *d, const char *od)
{
	char p[512];
	/* obs-error table: every rank reads it (200 lines) */
	snprintf(p, sizeof p, "%s/obserr.txt", d);
	FILE *fp = fopen(p, "r"); if (!fp) die(p);
	char line[256]; double sig[8] = { 0 }; int ns[8] = { 0 };
	while (fgets(line, sizeof line, fp)) { int i, c, l; double s; if (sscanf(line, "%d %d %d %lf", &i, &c, &l, &s) == 4) { sig[i] += s; ns[i]++; } }
	fclose(fp);
	long cap = 16L << 20; char *buf = malloc(cap); obs_t *ob = (obs_t *)buf;
	double *inn = malloc(cap / 2); long n = 0;
	double qc[8][64][2]; memset(qc, 0, sizeof qc);
	for (int t = 0; t < 2; t++) {
		int k = rank + 4 * t;
		if (k >= 8) continue;
		snprintf(p, sizeof p, "%s/obs/inst_%d.bin", d, k);
		int fd = open(p, O_RDONLY); if (fd < 0) die(p);
		long got = 0, r;
		while ((r = read(fd, buf + got, 1 << 20)) > 0) got += r;
		close(fd);
		long no = got / 32;
		for (long i = 0; i < no; i++) {
			double hx = 280 + 10 * sin(ob[i].lat * 0.05) * cos(ob[i].lon * 0.02);
			for (int q = 0; q < passes; q++) hx += 1e-9 * sin(hx + q);
			double d0 = ob[i].val - hx, so = ns[k] ? sig[k] / ns[k] : 1;
			inn[2 * n] = ob[i].val; inn[2 * n + 1] = d0 / so; n++;
			int b = (int)((ob[i].lat + 90) / 180 * 63.999); qc[k][b][0] += 1; qc[k][b][1] += d0;
		}
	}
	long off = 0, nn = n;
	MPI_Exscan(&nn, &off, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD); if (!rank) off = 0;
	MPI_File fh; snprintf(p, sizeof p, "%s/innov.bin", od);
	if (MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh)) die(p);
	MPI_File_write_at_all(fh, (MPI_Offset)off * 16, inn, (int)(2 * n), MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	double all[8][64][2];
	MPI_Reduce(qc, all, 8 * 64 * 2, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (!rank) {
		snprintf(p, sizeof p, "%s/qc.csv", od);
		fp = fopen(p, "w"); if (!fp) die(p);
		fprintf(fp, "instrument,lat_bin,count,mean_omb\n");
		for (int k = 0; k < 8; k++) for (int b = 0; b < 64; b++)
			fprintf(fp, "%d,%d,%.0f,%.5f\n", k, b, all[k][b][0], all[k][b][0] ? all[k][b][1] / all[k][b][0] : 0);
		fclose(fp);
	}
	if (!rank) printf("obsqc: %ld obs on rank 0, table %d lines\n", n, ns[0] + ns[1] + ns[2] + ns[3] + ns[4] + ns[5] + ns[6] + ns[7]);
	free(buf); free(inn);
}

/* read slab + halo of every member (MPI-IO, 1-MiB pieces), compute an analysis; returns analysis slabs */
static float *analysis(const char *md, long *pr0, long *pr1)
{
	long r0, r1; slab(rank, &r0, &r1);
	long h0 = r0 - HALO < 0 ? 0 : r0 - HALO, h1 = r1 + HALO > ROWS ? ROWS : r1 + HALO;
	long rowb = COLS * 4L, hn = (h1 - h0) * COLS, sn = (r1 - r0) * COLS;
	float *ens = malloc(NMEM * hn * 4), *an = malloc(NMEM * sn * 4);
	char p[512]; MPI_File fh;
	for (int m = 0; m < NMEM; m++) {
		snprintf(p, sizeof p, "%s/mem_%02d.bin", md, m);
		if (MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh)) die(p);
		long tot = (h1 - h0) * rowb; char *b = (char *)(ens + m * hn);
		for (long o = 0; o < tot; o += 1 << 20) {
			int n = (int)(tot - o < (1 << 20) ? tot - o : (1 << 20));
			MPI_File_read_at(fh, h0 * rowb + o, b + o, n, MPI_BYTE, MPI_STATUS_IGNORE);
		}
		MPI_File_close(&fh);
	}
	/* ensemble mean over the halo'd region, localized (box-car) spread, update */
	float *mean = calloc(hn, 4); double sink = 0;
	for (int m = 0; m < NMEM; m++) for (long i = 0; i < hn; i++) mean[i] += ens[m * hn + i] / NMEM;
	for (long r = r0; r < r1; r++) {
		for (long c = 0; c < COLS; c++) {
			double loc = 0; long lo = r - HALO < h0 ? h0 : r - HALO, hi = r + HALO >= h1 ? h1 - 1 : r + HALO;
			for (long q = lo; q <= hi; q += 8) loc += mean[(q - h0) * COLS + c];
			loc /= (double)((hi - lo) / 8 + 1);
			for (int m = 0; m < NMEM; m++) {
				float x = ens[m * hn + (r - h0) * COLS + c];
				an[m * sn + (r - r0) * COLS + c] = x + 0.3f * (float)(loc - x);
			}
		}
		sink += work(an + (r - r0) * COLS, COLS);
	}
	free(ens); free(mean);
	*pr0 = r0; *pr1 = r1;
	if (!rank) printf("analysis: rank 0 slab rows %ld-%ld (+halo %ld-%ld), sink %.3g\n", r0, r1, h0, h1, sink);
	return an;
}

static void enkf(const char *md, const char *od)
{
	long r0, r1; float *an = analysis(md, &r0, &r1);
	long sn = (r1 - r0) * COLS; char p[512]; MPI_File fh;
	for (int m = 0; m < NMEM; m++) {
		snprintf(p, sizeof p, "%s/anal_%02d.bin", od, m);
		if (MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh)) die(p);
		MPI_File_write_at_all(fh, (MPI_Offset)r0 * COLS * 4, an + m * sn, (int)sn, MPI_FLOAT, MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
	}
	free(an);
}

static void members(const char *md, const char *od, const char *how)
{
	long r0, r1; float *an = analysis(md, &r0, &r1);
	long sn = (r1 - r0) * COLS; char p[512]; int lev = !strcmp(how, "lev"), L = 40;
	for (int m = 0; m < NMEM; m++) {
		char *b = (char *)(an + m * sn); long tot = sn * 4;
		if (lev) {
			for (int l = 0; l < L; l++) {
				long a = tot * l / L, e = tot * (l + 1) / L;
				snprintf(p, sizeof p, "%s/anal_m%02d_l%02d_r%d.bin", od, m, l, rank);
				int fd = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (fd < 0) die(p);
				if (write(fd, b + a, e - a) != e - a) die("write");
				close(fd);
			}
		} else {
			snprintf(p, sizeof p, "%s/anal_m%02d_r%d.bin", od, m, rank);
			int fd = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (fd < 0) die(p);
			for (long o = 0; o < tot; o += 1 << 20) { long n = tot - o < (1 << 20) ? tot - o : (1 << 20); if (write(fd, b + o, n) != n) die("write"); }
			close(fd);
		}
	}
	MPI_Barrier(MPI_COMM_WORLD);
	free(an);
}

static void obsrec(const char *f, const char *od, const char *how)
{
	int fd = open(f, O_RDONLY); if (fd < 0) die(f);
	struct stat st; fstat(fd, &st);
	long nrec = st.st_size / 32 / np, first = nrec * rank;
	obs_t *acc = malloc(nrec * 32); long na = 0; double sink = 0;
	lseek(fd, first * 32, SEEK_SET);
	if (!strcmp(how, "rec")) {
		obs_t o;
		for (long i = 0; i < nrec; i++) {
			if (read(fd, &o, 32) != 32) die("read");
			if (o.err < 1.4 && fabs(o.lat) < 85) acc[na++] = o;
		}
	} else {
		char *b = malloc(1 << 20); long left = nrec * 32;
		while (left > 0) {
			long n = read(fd, b, left < (1 << 20) ? left : (1 << 20)); if (n <= 0) die("read");
			for (long i = 0; i < n / 32; i++) { obs_t *o = (obs_t *)b + i; if (o->err < 1.4 && fabs(o->lat) < 85) acc[na++] = *o; }
			left -= n;
		}
		free(b);
	}
	close(fd);
	for (long i = 0; i < na; i++) sink += acc[i].val * 1e-9;
	long off = 0, nn = na;
	MPI_Exscan(&nn, &off, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD); if (!rank) off = 0;
	char p[512]; MPI_File fh; snprintf(p, sizeof p, "%s/obs_qc.bin", od);
	if (MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh)) die(p);
	MPI_File_write_at_all(fh, (MPI_Offset)off * 32, acc, (int)(na * 4), MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	if (!rank) printf("obsrec(%s): %ld records a rank, %ld accepted on rank 0, sink %.3g\n", how, nrec, na, sink);
	free(acc);
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "gen")) { gen(argv[2]); return 0; }
	if (argc > 1 && !strcmp(argv[1], "drop")) {
		for (int i = 2; i < argc; i++) { int fd = open(argv[i], O_RDONLY); if (fd < 0) { perror(argv[i]); return 1; }
			fdatasync(fd); posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); close(fd); }
		return 0;
	}
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (getenv("COMPUTE")) passes = atoi(getenv("COMPUTE"));
	if (argc < 4) die("usage");
	if (!strcmp(argv[1], "obsqc")) obsqc(argv[2], argv[3]);
	else if (!strcmp(argv[1], "enkf")) enkf(argv[2], argv[3]);
	else if (!strcmp(argv[1], "obsrec") && argc > 4) obsrec(argv[2], argv[3], argv[4]);
	else if (!strcmp(argv[1], "members") && argc > 4) members(argv[2], argv[3], argv[4]);
	else die("mode");
	MPI_Finalize();
	return 0;
}
