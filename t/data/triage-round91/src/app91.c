/* Round 91 MPI program: cryo-EM image processing steps on MRC-like stacks (1024-B header + float32 images).
 * app91 gen DIR NMOV FRAMES N: rank r writes movies DIR/movie-%03d.mrc (r, r+np, ...) of FRAMES NxN frames.
 * app91 motioncor IN NMOV FRAMES N OUT MODE: each rank reads its movies (header pread, one pread a frame),
 *   aligns and sums the frames, writes OUT/mic-%03d.mrc: header + one write (MODE frame) or a write(2) per
 *   image row (MODE row).
 * app91 extract IN NMIC N NPART BOX OUT MODE: each rank reads its micrographs (one pread each) and cuts NPART
 *   BOXxBOX particles a micrograph: each into its own OUT/ptcl/mic%03d_%05d.mrcs (MODE files) or into its own
 *   OUT/stack-%02d.mrcs, buffered and written in 1 MiB writes (MODE stack), or into one shared OUT/particles.mrcs,
 *   a micrograph's particles by one MPI_File_write_at_all at its place (MODE shared; NMIC a multiple of np).
 * app91 class2d STACK NPART BOX ITER K MODE: 2-D classification, each rank holds NPART/np particles of the
 *   shared stack; every iteration it reads its particles in 1 MiB preads (MODE cache), the same through
 *   O_DIRECT (MODE direct), or reads them once and iterates in memory (MODE mem); rank 0 writes the K class
 *   averages (one MPI-IO collective write) and a small model.star at the end. */
#define _GNU_SOURCE
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <math.h>
#include <sys/stat.h>
#define HDR 1024
static int rank, np;
static void die(const char *p) { perror(p); MPI_Abort(MPI_COMM_WORLD, 1); }
static void mkhdr(char *h, int n, int nz) { memset(h, 0, HDR); int *iv = (int *)h; iv[0] = n; iv[1] = n; iv[2] = nz; iv[3] = 2; memcpy(h + 208, "MAP ", 4); }
static void xwrite(int fd, const void *b, size_t n) { if (write(fd, b, n) != (ssize_t)n) die("write"); }
static void xpread(int fd, void *b, size_t n, off_t o) { if (pread(fd, b, n, o) != (ssize_t)n) die("pread"); }
static void gen(char **a) {
	int nmov = atoi(a[3]), fr = atoi(a[4]), n = atoi(a[5]); char p[512], h[HDR];
	float *img = malloc((size_t)n * n * 4);
	for (int m = rank; m < nmov; m += np) {
		snprintf(p, sizeof p, "%s/movie-%03d.mrc", a[2], m); int fd = open(p, O_CREAT | O_TRUNC | O_WRONLY, 0644); if (fd < 0) die(p);
		mkhdr(h, n, fr); xwrite(fd, h, HDR);
		for (int f = 0; f < fr; f++) { for (long i = 0; i < (long)n * n; i++) img[i] = (float)((i * 7919 + f * 104729 + m) % 1000) / 1000.f; xwrite(fd, img, (size_t)n * n * 4); }
		close(fd);
	}
	free(img);
}
/* a crude whole-frame alignment: the shift maximising the correlation with the running sum over a few lags */
static int align(const float *sum, const float *f, int n) {
	int best = 0; double bv = -1e300;
	for (int s = -3; s <= 3; s++) { double c = 0; for (long i = 8L * n; i < (long)n * n - 8L * n; i += 3) c += sum[i] * f[i + s]; if (c > bv) { bv = c; best = s; } }
	return best;
}
static void motioncor(char **a) {
	int nmov = atoi(a[3]), fr = atoi(a[4]), n = atoi(a[5]), row = !strcmp(a[7], "row"); char p[512], h[HDR];
	size_t isz = (size_t)n * n * 4; float *f = malloc(isz), *sum = malloc(isz);
	for (int m = rank; m < nmov; m += np) {
		snprintf(p, sizeof p, "%s/movie-%03d.mrc", a[2], m); int fd = open(p, O_RDONLY); if (fd < 0) die(p);
		xpread(fd, h, HDR, 0); memset(sum, 0, isz);
		for (int k = 0; k < fr; k++) {
			xpread(fd, f, isz, HDR + (off_t)k * isz); int s = k ? align(sum, f, n) : 0;
			for (long i = 8; i < (long)n * n - 8; i++) sum[i] += f[i + s];
		}
		close(fd);
		snprintf(p, sizeof p, "%s/mic-%03d.mrc", a[6], m); fd = open(p, O_CREAT | O_TRUNC | O_WRONLY, 0644); if (fd < 0) die(p);
		mkhdr(h, n, 1); xwrite(fd, h, HDR);
		if (row) for (int r = 0; r < n; r++) xwrite(fd, sum + (size_t)r * n, (size_t)n * 4);
		else xwrite(fd, sum, isz);
		close(fd);
	}
	free(f); free(sum);
}
static void extract(char **a) {
	int nmic = atoi(a[3]), n = atoi(a[4]), npart = atoi(a[5]), box = atoi(a[6]), files = !strcmp(a[8], "files");
	char p[512], h[HDR]; size_t isz = (size_t)n * n * 4, psz = (size_t)box * box * 4, bufsz = 1 << 20, used = 0;
	int shared = !strcmp(a[8], "shared"); MPI_File fh;
	float *mic = malloc(isz), *pt = malloc(psz); char *buf = malloc(shared ? (size_t)npart * psz : bufsz); int sfd = -1;
	if (shared) { snprintf(p, sizeof p, "%s/particles.mrcs", a[7]);
		MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
		if (!rank) { mkhdr(h, box, nmic * npart); MPI_File_write_at(fh, 0, h, HDR, MPI_BYTE, MPI_STATUS_IGNORE); } }
	else if (files) { snprintf(p, sizeof p, "%s/ptcl", a[7]); mkdir(p, 0755); }
	else { snprintf(p, sizeof p, "%s/stack-%02d.mrcs", a[7], rank); sfd = open(p, O_CREAT | O_TRUNC | O_WRONLY, 0644); if (sfd < 0) die(p); mkhdr(h, box, 0); xwrite(sfd, h, HDR); }
	for (int m = rank; m < nmic; m += np) {
		snprintf(p, sizeof p, "%s/mic-%03d.mrc", a[2], m); int fd = open(p, O_RDONLY); if (fd < 0) die(p);
		xpread(fd, mic, isz, HDR); close(fd);
		for (int q = 0; q < npart; q++) {
			int x0 = (q * 131 + m * 17) % (n - box), y0 = (q * 71 + m * 29) % (n - box); double mu = 0;
			for (int y = 0; y < box; y++) for (int x = 0; x < box; x++) mu += pt[y * box + x] = mic[(size_t)(y0 + y) * n + x0 + x];
			mu /= box * box; for (int i = 0; i < box * box; i++) pt[i] -= (float)mu;
			if (files) {
				snprintf(p, sizeof p, "%s/ptcl/mic%03d_%05d.mrcs", a[7], m, q); fd = open(p, O_CREAT | O_TRUNC | O_WRONLY, 0644); if (fd < 0) die(p);
				mkhdr(h, box, 1); xwrite(fd, h, HDR); xwrite(fd, pt, psz); close(fd);
			} else if (shared) memcpy(buf + (size_t)q * psz, pt, psz);
			else { if (used + psz > bufsz) { xwrite(sfd, buf, used); used = 0; } memcpy(buf + used, pt, psz); used += psz; }
		}
		if (shared) MPI_File_write_at_all(fh, HDR + (MPI_Offset)m * npart * psz, buf, (int)(npart * psz), MPI_BYTE, MPI_STATUS_IGNORE);
	}
	if (shared) MPI_File_close(&fh);
	else if (!files) { if (used) xwrite(sfd, buf, used); close(sfd); }
	free(mic); free(pt); free(buf);
}
static void class2d(char **a) {
	int npart = atoi(a[3]), box = atoi(a[4]), iter = atoi(a[5]), K = atoi(a[6]); const char *mode = a[7];
	size_t psz = (size_t)box * box * 4; int my = npart / np; off_t off0 = HDR + (off_t)rank * my * psz; size_t tot = (size_t)my * psz;
	int direct = !strcmp(mode, "direct"), mem = !strcmp(mode, "mem");
	int fd = open(a[2], O_RDONLY | (direct ? O_DIRECT : 0)); if (fd < 0) die(a[2]);
	float *data = NULL; if (posix_memalign((void **)&data, 4096, tot)) die("memalign");
	size_t pix = (size_t)box * box; float *ref = calloc(K * pix, 4), *acc = calloc(K * pix, 4), *gref = calloc(K * pix, 4);
	for (size_t i = 0; i < K * pix; i++) ref[i] = (float)((i * 37) % 101) / 101.f;
	for (int it = 0; it < iter; it++) {
		if (!mem || it == 0) for (size_t o = 0; o < tot; o += 1 << 20) { size_t c = tot - o < (1u << 20) ? tot - o : 1u << 20; xpread(fd, (char *)data + o, c, off0 + (off_t)o); }
		memset(acc, 0, K * pix * 4);
		for (int q = 0; q < my; q++) {
			float *im = data + (size_t)q * pix; int bk = 0; double bv = -1e300;
			for (int k = 0; k < K; k++) { double c = 0; for (size_t i = 0; i < pix; i++) c += im[i] * ref[k * pix + i]; if (c > bv) { bv = c; bk = k; } }
			for (size_t i = 0; i < pix; i++) acc[bk * pix + i] += im[i];
		}
		MPI_Allreduce(acc, gref, (int)(K * pix), MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
		for (size_t i = 0; i < K * pix; i++) ref[i] = gref[i] / (float)(npart / K + 1);
	}
	close(fd);
	char p[512]; MPI_File fh; snprintf(p, sizeof p, "%s.classes.mrcs", a[2]);
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	int per = K / np, k0 = rank * per; if (rank == np - 1) per = K - k0;
	MPI_File_write_at_all(fh, HDR + (MPI_Offset)k0 * psz, ref + (size_t)k0 * pix, (int)(per * pix), MPI_FLOAT, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	if (!rank) { snprintf(p, sizeof p, "%s.model.star", a[2]); FILE *f = fopen(p, "w"); if (!f) die(p);
		fprintf(f, "data_model_classes\nloop_\n_rlnReferenceImage #1\n_rlnClassDistribution #2\n");
		for (int k = 0; k < K; k++) fprintf(f, "%06d@%s.classes.mrcs %.4f\n", k + 1, a[2], 1.0 / K);
		fclose(f); }
	free(data); free(ref); free(acc); free(gref);
}
int main(int argc, char **argv) {
	MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 6) { if (!rank) fprintf(stderr, "usage: see the header comment of app91.c\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	if (!strcmp(argv[1], "gen")) gen(argv);
	else if (!strcmp(argv[1], "motioncor") && argc > 7) motioncor(argv);
	else if (!strcmp(argv[1], "extract") && argc > 8) extract(argv);
	else if (!strcmp(argv[1], "class2d") && argc > 7) class2d(argv);
	else MPI_Abort(MPI_COMM_WORLD, 2);
	MPI_Finalize(); return 0;
}
