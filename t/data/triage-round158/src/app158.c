/* app158.c - round 158 (labels158): sensor time-series ingestion and windowed aggregation.
 * Data: a row-major float32 matrix [T][NS] (one row = one time step of NS sensors).
 *   gen FILE T NS            write the synthetic series (run without Darshan)
 *   drop FILE                posix_fadvise DONTNEED (so the next read reaches the device)
 *   agg IN OUTDIR T NS W     4-MiB MPI-IO reads of a rank's time block, per-window mean/min/max/std per sensor,
 *                            written collectively to one file; rank 0 writes a per-window CSV summary with fprintf
 *   halo IN OUTDIR T NS W    uneven time blocks (20/24/26/30 %), each rank also re-reads the W-1 rows before its
 *                            block (sliding-window halo) with 2-MiB preads; sliding means every 8 rows written with
 *                            MPI_File_write_at in 1-MiB pieces
 *   col IN OUTDIR T NS W value|block   rank r aggregates sensors [r*NS/P, (r+1)*NS/P): value = one 4-B pread per
 *                            (sensor, time step); block = 1-MiB preads of whole rows, columns picked in memory
 *   logger OUTDIR N fsync|batch   ingest N sensor readings as 48-B text lines appended with write(2), fsync after
 *                            every record (fsync) or every 1000 records (batch); 100-record window aggregates
 *                            appended to a second file
 * COMPUTE (env) scales the per-window compute passes. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

static int rank, np, passes = 1;

static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); }

static double work(const float *x, long n, long stride)
{	/* a little per-window compute: a few passes of moments */
	double acc = 0;
	for (int p = 0; p < passes; p++)
		for (long i = 0; i < n; i++) { double v = x[i * stride]; acc += v * v * 1e-9 + sin(v) * 1e-12; }
	return acc;
}

static void gen(const char *f, long T, int NS)
{
	FILE *fp = fopen(f, "w"); if (!fp) die(f);
	float *row = malloc(NS * sizeof *row);
	unsigned s = 12345;
	for (long t = 0; t < T; t++) {
		for (int j = 0; j < NS; j++) { s = s * 1103515245 + 12345; row[j] = 20 + 5 * sinf(t * 0.001f + j) + ((s >> 16) % 1000) / 1000.0f; }
		fwrite(row, sizeof *row, NS, fp);
	}
	fclose(fp); free(row);
}

static void agg(const char *in, const char *od, long T, int NS, int W)
{
	long rows = T / np, r0 = rank * rows, rowb = (long)NS * 4;
	float *buf = malloc(rows * rowb);
	MPI_File fh; char p[512];
	if (MPI_File_open(MPI_COMM_WORLD, (char *)in, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh)) die(in);
	long chunk = 4 << 20, tot = rows * rowb;
	for (long o = 0; o < tot; o += chunk) {
		int n = (int)(tot - o < chunk ? tot - o : chunk);
		MPI_File_read_at(fh, r0 * rowb + o, (char *)buf + o, n, MPI_BYTE, MPI_STATUS_IGNORE);
	}
	MPI_File_close(&fh);
	long nw = rows / W; float *out = malloc(nw * NS * 4 * sizeof(float)); double *wm = malloc(nw * sizeof(double)), sink = 0;
	for (long w = 0; w < nw; w++) {
		double all = 0;
		for (int j = 0; j < NS; j++) {
			double s = 0, s2 = 0, mn = 1e30, mx = -1e30;
			for (int k = 0; k < W; k++) { double v = buf[(w * W + k) * NS + j]; s += v; s2 += v * v; if (v < mn) mn = v; if (v > mx) mx = v; }
			float *o = out + (w * NS + j) * 4; o[0] = s / W; o[1] = mn; o[2] = mx; o[3] = sqrt(fabs(s2 / W - (s / W) * (s / W)));
			all += s / W;
		}
		wm[w] = all / NS; sink += work(buf + w * W * NS, (long)W * NS, 1);
	}
	snprintf(p, sizeof p, "%s/agg.f32", od);
	if (MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh)) die(p);
	MPI_File_write_at_all(fh, (MPI_Offset)rank * nw * NS * 16, out, (int)(nw * NS * 4), MPI_FLOAT, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	double *allw = rank ? NULL : malloc(nw * np * sizeof(double));
	MPI_Gather(wm, (int)nw, MPI_DOUBLE, allw, (int)nw, MPI_DOUBLE, 0, MPI_COMM_WORLD);
	if (!rank) {
		snprintf(p, sizeof p, "%s/summary.csv", od);
		FILE *fp = fopen(p, "w"); if (!fp) die(p);
		fprintf(fp, "window,t_start,t_end,mean_all_sensors\n");
		for (long w = 0; w < nw * np; w++) fprintf(fp, "%ld,%ld,%ld,%.6f\n", w, w * W, w * W + W - 1, allw[w]);
		fclose(fp);
		printf("agg: %ld windows of %d steps x %d sensors, sink %.3g\n", nw * np, W, NS, sink);
	}
	free(buf); free(out); free(wm); free(allw);
}

static void halo(const char *in, const char *od, long T, int NS, int W)
{
	static const double frac[] = { 0, .20, .44, .70, 1.0 };
	long a = (long)(T * frac[rank]), b = (long)(T * frac[rank + 1]), rowb = (long)NS * 4;
	if (np != 4) { if (!rank) fprintf(stderr, "halo needs 4 ranks\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	long h = a >= W - 1 ? W - 1 : a, n = b - a + h;      /* rows read, halo included */
	float *buf = malloc(n * rowb);
	int fd = open(in, O_RDONLY); if (fd < 0) die(in);
	long chunk = 2 << 20, tot = n * rowb, off = (a - h) * rowb;
	for (long o = 0; o < tot; o += chunk) {
		long m = tot - o < chunk ? tot - o : chunk;
		if (pread(fd, (char *)buf + o, m, off + o) != m) die("pread");
	}
	close(fd);
	/* sliding-window means, emitted every 8 rows from the first full window */
	double *s = calloc(NS, sizeof(double)), sink = 0;
	long nout = 0, cap = (b - a) / 8 + 2; float *out = malloc(cap * rowb);
	for (long i = 0; i < n; i++) {
		for (int j = 0; j < NS; j++) { s[j] += buf[i * NS + j]; if (i >= W) s[j] -= buf[(i - W) * NS + j]; }
		long t = a - h + i;
		if (i >= W - 1 && t >= a && t % 8 == 0) { for (int j = 0; j < NS; j++) out[nout * NS + j] = s[j] / W; nout++; }
		if (i % W == 0) sink += work(buf + i * NS, (long)W * NS < (n - i) * NS ? (long)W * NS : (n - i) * NS, 1);
	}
	long first = (a + 7) / 8;    /* output row index of this rank's first emitted row */
	char p[512]; MPI_File fh;
	snprintf(p, sizeof p, "%s/sliding.f32", od);
	if (MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh)) die(p);
	long ob = nout * rowb, pc = 1 << 20;
	for (long o = 0; o < ob; o += pc)
		MPI_File_write_at(fh, first * rowb + o, (char *)out + o, (int)(ob - o < pc ? ob - o : pc), MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	double sl = sink;
	MPI_Reduce(&sl, &sink, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (!rank) printf("halo: window %d, rank rows %ld (+%ld halo), sink %.3g\n", W, b - a, h, sink);
	free(buf); free(s); free(out);
}

static void col(const char *in, const char *od, long T, int NS, int W, int byvalue)
{
	int ns = NS / np, s0 = rank * ns; long rowb = (long)NS * 4;
	float *c = malloc((long)ns * T * sizeof(float));    /* column-major copy of my sensors */
	int fd = open(in, O_RDONLY); if (fd < 0) die(in);
	if (byvalue) {
		for (int j = 0; j < ns; j++)
			for (long t = 0; t < T; t++)
				if (pread(fd, c + j * T + t, 4, t * rowb + (long)(s0 + j) * 4) != 4) die("pread");
	} else {
		long br = (1 << 20) / rowb; float *blk = malloc(br * rowb);
		for (long t0 = 0; t0 < T; t0 += br) {
			long m = T - t0 < br ? T - t0 : br;
			if (pread(fd, blk, m * rowb, t0 * rowb) != m * rowb) die("pread");
			for (long t = 0; t < m; t++) for (int j = 0; j < ns; j++) c[j * T + t0 + t] = blk[t * NS + s0 + j];
		}
		free(blk);
	}
	close(fd);
	long nw = T / W; float *out = malloc((long)ns * nw * 2 * sizeof(float)); double sink = 0;
	for (int j = 0; j < ns; j++) {
		for (long w = 0; w < nw; w++) {
			double s = 0, mx = -1e30;
			for (int k = 0; k < W; k++) { double v = c[j * T + w * W + k]; s += v; if (v > mx) mx = v; }
			out[(j * nw + w) * 2] = s / W; out[(j * nw + w) * 2 + 1] = mx;
		}
		sink += work(c + j * T, T, 1);
	}
	char p[512]; MPI_File fh;
	snprintf(p, sizeof p, "%s/colagg.f32", od);
	if (MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh)) die(p);
	MPI_File_write_at_all(fh, (MPI_Offset)rank * ns * nw * 8, out, (int)(ns * nw * 2), MPI_FLOAT, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	if (!rank) printf("col(%s): %d sensors a rank x %ld steps, %ld windows, sink %.3g\n", byvalue ? "value" : "block", ns, T, nw, sink);
	free(c); free(out);
}

static void logger(const char *od, long N, int everyrec)
{
	char p[512], line[64];
	snprintf(p, sizeof p, "%s/ingest-r%d.log", od, rank);
	int fd = open(p, O_CREAT | O_WRONLY | O_APPEND | O_TRUNC, 0644); if (fd < 0) die(p);
	snprintf(p, sizeof p, "%s/windows-r%d.csv", od, rank);
	int fa = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (fa < 0) die(p);
	unsigned s = 777 + rank; double ws = 0, wmx = -1e30, sink = 0; float tmp[64];
	for (long i = 0; i < N; i++) {
		s = s * 1103515245 + 12345;
		double v = 20 + 5 * sin(i * 0.01) + ((s >> 16) % 1000) / 1000.0;
		for (int k = 0; k < 64; k++) tmp[k] = v + k;
		sink += work(tmp, 64, 1);    /* parse/validate */
		int n = snprintf(line, sizeof line, "%13.3f,%03ld,%12.6f,OK", 1.7e9 + i * 0.1, i % 256, v);
		memset(line + n, ' ', 47 - n); line[47] = '\n';
		if (write(fd, line, 48) != 48) die("write");
		if (everyrec || (i + 1) % 1000 == 0) fsync(fd);
		ws += v; if (v > wmx) wmx = v;
		if ((i + 1) % 100 == 0) {
			n = snprintf(line, sizeof line, "%ld,%.6f,%.6f\n", i / 100, ws / 100, wmx);
			if (write(fa, line, n) != n) die("write");
			ws = 0; wmx = -1e30;
		}
	}
	fsync(fd); close(fd); close(fa);
	if (!rank) printf("logger(%s): %ld records of 48 B, sink %.3g\n", everyrec ? "fsync each" : "fsync per 1000", N, sink);
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "gen")) { gen(argv[2], atol(argv[3]), atoi(argv[4])); return 0; }
	if (argc > 1 && !strcmp(argv[1], "drop")) {
		int fd = open(argv[2], O_RDONLY); if (fd < 0) { perror(argv[2]); return 1; }
		fdatasync(fd); posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); close(fd); return 0;
	}
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (getenv("COMPUTE")) passes = atoi(getenv("COMPUTE"));
	if (argc < 3) { if (!rank) fprintf(stderr, "usage: see header\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	const char *m = argv[1];
	if (!strcmp(m, "agg")) agg(argv[2], argv[3], atol(argv[4]), atoi(argv[5]), atoi(argv[6]));
	else if (!strcmp(m, "halo")) halo(argv[2], argv[3], atol(argv[4]), atoi(argv[5]), atoi(argv[6]));
	else if (!strcmp(m, "col")) col(argv[2], argv[3], atol(argv[4]), atoi(argv[5]), atoi(argv[6]), !strcmp(argv[7], "value"));
	else if (!strcmp(m, "logger")) logger(argv[2], atol(argv[3]), !strcmp(argv[4], "fsync"));
	else { if (!rank) fprintf(stderr, "unknown mode %s\n", m); MPI_Abort(MPI_COMM_WORLD, 2); }
	MPI_Finalize();
	return 0;
}
