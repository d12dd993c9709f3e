/* Round 105 MPI program: seismic processing and imaging on SEG-Y-like files (a 3600-byte file header, then
 * traces of a 240-byte trace header and NS float32 samples).
 * sei105 mksegy FILE NTR NS: rank 0 writes a synthetic SEG-Y-like input (not logged: run without Darshan).
 * sei105 mkvel FILE NVAL FMT: rank 0 writes a velocity model of NVAL float32 values, FMT bin or ascii.
 * sei105 readblk FILE OUT BLK PASSES: each rank reads its contiguous share of FILE's traces BLK traces a
 *   request (MPI_File_read_at, independent), filters each trace PASSES times, and all ranks write the filtered
 *   traces to the shared OUT collectively (MPI_File_write_at_all), one call a rank.
 * sei105 vmodel FILE FMT SHOTS: every rank reads the whole velocity model (FMT bin: one fread of the file;
 *   ascii: fscanf value by value), then models SHOTS shots (compute only).
 * sei105 gathers DIR SHOTS NTRG NS MODE: each rank models SHOTS shots and writes each shot gather (NTRG traces)
 *   to its own file DIR/gath-RANK.sgy; MODE trace: write(2) of each trace header then its samples (2 a trace),
 *   MODE block: the gather assembled in memory and written with one write(2).
 * sei105 rtm DIR NT NX NZ EVERY: each rank propagates its NX x NZ float32 subdomain NT steps forward, saving the
 *   wavefield every EVERY steps to its own DIR/snap-RANK.bin (pwrite at step/EVERY x size), then backward,
 *   reading the saved snapshots in reverse order (pread) for the imaging condition; rank 0 writes the image. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#define HDR 3600
#define THDR 240
static int rank, nproc;
static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); }
static float frand(unsigned *s) { *s = *s * 1103515245u + 12345u; return (float)((*s >> 8) & 0xffff) / 65536.0f - 0.5f; }
static void filt(float *a, int n, int passes) {
	for (int p = 0; p < passes; p++)
		for (int i = 1; i < n - 1; i++) a[i] = 0.25f * a[i - 1] + 0.5f * a[i] + 0.25f * a[i + 1];
}
static void mksegy(const char *fn, long ntr, int ns) {
	if (rank) return;
	FILE *f = fopen(fn, "w"); if (!f) die(fn);
	char h[HDR]; memset(h, ' ', HDR); snprintf(h, 80, "C 1 SYNTHETIC SURVEY ROUND 105");
	short s16 = (short)ns; memcpy(h + 3220, &s16, 2); fwrite(h, 1, HDR, f); /* binary header: samples a trace */
	size_t tl = THDR + 4 * (size_t)ns; char *t = malloc(tl); unsigned s = 105;
	for (long i = 0; i < ntr; i++) {
		memset(t, 0, THDR); memcpy(t, &i, sizeof i);
		float *x = (float *)(t + THDR); for (int k = 0; k < ns; k++) x[k] = frand(&s);
		fwrite(t, 1, tl, f);
	}
	fclose(f); free(t);
}
static void mkvel(const char *fn, long n, const char *fmt) {
	if (rank) return;
	FILE *f = fopen(fn, "w"); if (!f) die(fn);
	for (long i = 0; i < n; i++) {
		float v = 1500.0f + (float)(i % 4096) * 0.75f;
		if (fmt[0] == 'a') fprintf(f, "%.3f\n", v); else fwrite(&v, 4, 1, f);
	}
	fclose(f);
}
static void readblk(const char *fn, const char *out, int blk, int passes) {
	MPI_File fh; MPI_Offset sz;
	if (MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh)) die(fn);
	MPI_File_get_size(fh, &sz);
	char h[HDR]; int ns = 0;
	if (rank == 0) { MPI_File_read_at(fh, 0, h, HDR, MPI_BYTE, MPI_STATUS_IGNORE); short s16; memcpy(&s16, h + 3220, 2); ns = s16; }
	MPI_Bcast(&ns, 1, MPI_INT, 0, MPI_COMM_WORLD);
	long tl = THDR + 4L * ns, ntr = (sz - HDR) / tl, per = ntr / nproc, first = rank * per;
	char *buf = malloc(per * tl);
	for (long i = 0; i < per; i += blk) {
		int n = (int)(per - i < blk ? per - i : blk);
		MPI_File_read_at(fh, HDR + (first + i) * tl, buf + i * tl, (int)(n * tl), MPI_BYTE, MPI_STATUS_IGNORE);
	}
	MPI_File_close(&fh);
	for (long i = 0; i < per; i++) filt((float *)(buf + i * tl + THDR), ns, passes);
	MPI_File oh;
	if (MPI_File_open(MPI_COMM_WORLD, out, MPI_MODE_WRONLY | MPI_MODE_CREATE, MPI_INFO_NULL, &oh)) die(out);
	if (rank == 0) MPI_File_write_at(oh, 0, h, HDR, MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_write_at_all(oh, HDR + first * tl, buf, (int)(per * tl), MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&oh); free(buf);
}
/* A shot's forward modelling: a 1-D acoustic stencil over the model, the cost of one shot. */
static double model_shot(const float *vel, long n, int shot) {
	long m = 65536; float *u = calloc(m, 4), *w = calloc(m, 4); double e = 0;
	u[(shot * 977) % m] = 1.0f;
	for (int t = 0; t < 400; t++) {
		for (long i = 1; i < m - 1; i++) {
			float c = vel[(i * 61 + t) % n] * 1e-4f;
			w[i] = 2 * u[i] - w[i] + c * c * (u[i - 1] - 2 * u[i] + u[i + 1]);
		}
		float *x = u; u = w; w = x;
	}
	for (long i = 0; i < m; i++) e += u[i] * u[i];
	free(u); free(w); return e;
}
static void vmodel(const char *fn, const char *fmt, int shots) {
	FILE *f = fopen(fn, "r"); if (!f) die(fn);
	fseek(f, 0, SEEK_END); long len = ftell(f); rewind(f);
	long n = fmt[0] == 'a' ? len / 9 : len / 4; float *vel = malloc(n * 4); long got = 0;
	if (fmt[0] == 'a') while (got < n && fscanf(f, "%f", &vel[got]) == 1) got++;
	else got = (long)fread(vel, 4, n, f);
	fclose(f);
	double e = 0; for (int s = rank; s < shots; s += nproc) e += model_shot(vel, got, s);
	double tot; MPI_Reduce(&e, &tot, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) printf("vmodel: %ld values, energy %.6g\n", got, tot);
	free(vel);
}
static void gathers(const char *dir, int shots, int ntrg, int ns, const char *mode) {
	char fn[512]; snprintf(fn, sizeof fn, "%s/gath-%d.sgy", dir, rank);
	int fd = open(fn, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(fn);
	char h[HDR]; memset(h, ' ', HDR); if (write(fd, h, HDR) != HDR) die("write");
	size_t tl = THDR + 4 * (size_t)ns; char *g = malloc(tl * ntrg); float vel[4096];
	for (int i = 0; i < 4096; i++) vel[i] = 1500.0f + i * 0.75f;
	for (int s = 0; s < shots; s++) {
		double e = model_shot(vel, 4096, rank * shots + s); unsigned sd = (unsigned)(rank * 1000 + s);
		for (int t = 0; t < ntrg; t++) {
			char *tr = g + t * tl; memset(tr, 0, THDR); memcpy(tr, &t, 4); memcpy(tr + 8, &e, 8);
			float *x = (float *)(tr + THDR); for (int k = 0; k < ns; k++) x[k] = frand(&sd);
			if (mode[0] == 't' && (write(fd, tr, THDR) != THDR || write(fd, x, tl - THDR) != (ssize_t)(tl - THDR))) die("write");
		}
		if (mode[0] == 'b' && write(fd, g, tl * ntrg) != (ssize_t)(tl * ntrg)) die("write");
	}
	close(fd); free(g);
}
static void step(float *u, float *w, int nx, int nz) {
	for (int i = 1; i < nx - 1; i++)
		for (int k = 1; k < nz - 1; k++) {
			long j = (long)i * nz + k;
			w[j] = 2 * u[j] - w[j] + 0.1f * (u[j - 1] + u[j + 1] + u[j - nz] + u[j + nz] - 4 * u[j]);
		}
}
static void rtm(const char *dir, int nt, int nx, int nz, int every) {
	char fn[512]; snprintf(fn, sizeof fn, "%s/snap-%d.bin", dir, rank);
	int fd = open(fn, O_RDWR | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(fn);
	size_t n = (size_t)nx * nz, bytes = n * 4;
	float *u = calloc(n, 4), *w = calloc(n, 4), *r = calloc(n, 4), *q = calloc(n, 4), *s = malloc(bytes), *img = calloc(n, 4);
	u[n / 2 + nz / 2] = 1.0f;
	for (int t = 0; t < nt; t++) {
		step(u, w, nx, nz); float *x = u; u = w; w = x;
		if (t % every == 0 && pwrite(fd, u, bytes, (off_t)(t / every) * bytes) != (ssize_t)bytes) die("pwrite");
	}
	r[n / 3] = 1.0f;
	for (int t = nt - 1; t >= 0; t--) {
		step(r, q, nx, nz); float *x = r; r = q; q = x;
		if (t % every) continue;
		if (pread(fd, s, bytes, (off_t)(t / every) * bytes) != (ssize_t)bytes) die("pread");
		for (size_t j = 0; j < n; j++) img[j] += s[j] * r[j];
	}
	close(fd);
	float *all = rank ? NULL : malloc(bytes);
	MPI_Reduce(img, all, (int)n, MPI_FLOAT, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) {
		snprintf(fn, sizeof fn, "%s/image.bin", dir); FILE *f = fopen(fn, "w"); if (!f) die(fn);
		fwrite(all, 4, n, f); fclose(f); free(all);
	}
	free(u); free(w); free(r); free(q); free(s); free(img);
}
int main(int argc, char **argv) {
	MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &nproc);
	const char *m = argc > 1 ? argv[1] : "";
	if (!strcmp(m, "mksegy") && argc == 5) mksegy(argv[2], atol(argv[3]), atoi(argv[4]));
	else if (!strcmp(m, "mkvel") && argc == 5) mkvel(argv[2], atol(argv[3]), argv[4]);
	else if (!strcmp(m, "readblk") && argc == 6) readblk(argv[2], argv[3], atoi(argv[4]), atoi(argv[5]));
	else if (!strcmp(m, "vmodel") && argc == 5) vmodel(argv[2], argv[3], atoi(argv[4]));
	else if (!strcmp(m, "gathers") && argc == 7) gathers(argv[2], atoi(argv[3]), atoi(argv[4]), atoi(argv[5]), argv[6]);
	else if (!strcmp(m, "rtm") && argc == 7) rtm(argv[2], atoi(argv[3]), atoi(argv[4]), atoi(argv[5]), atoi(argv[6]));
	else { if (!rank) fprintf(stderr, "usage: see the comment at the top of sei105.c\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	MPI_Finalize(); return 0;
}
