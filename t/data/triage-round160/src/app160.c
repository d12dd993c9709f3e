/* app160.c: round 160 (labels160), medical imaging reconstruction: CT projections in, MRI slices and volumes out.
 * Modes (all under mpirun except gen/drop):
 *   gen DIR                      make the inputs (not logged): CT projections + dark/flat fields, MRI k-space,
 *                                multi-coil k-space, an axial int16 volume
 *   drop FILE                    posix_fadvise(DONTNEED) so the next reads reach the device
 *   fbp PROJ DARK FLAT OUT       CT filtered back-projection (fine)
 *   sirt PROJ DARK FLAT OUT      CT iterative (SIRT) recon, checkpoint rewritten + fsync'ed every 2 iterations (fine)
 *   mri KSPACE OUTDIR            MRI slice recon, one DICOM-like file a slice, uneven slice split (fine)
 *   coil MCK OUTDIR storm|onefile|onebig  multi-coil recon, coil images kept a file each (storm) or one file a rank
 *                                (onefile: a 32 KiB pwrite an image; onebig: one 8 MiB pwrite a rank, not labelled)
 *   reslice AXIAL OUT voxel|slab axial -> sagittal reslice, one 2-B pwrite a voxel (voxel) or a slice (slab)
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <fcntl.h>
#include <unistd.h>
#include <stdint.h>
#include <sys/stat.h>

#define NANG 180
#define NROW 128
#define NCOL 256
#define NPIX 128
#define PHDR 512
#define NIHDR 352
#define KS 128
#define NSL 96
#define NCOIL 8
#define CS 64
#define NMSL 128
#define AX 128

static int rank, nproc;
static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); exit(1); }
static void xpwrite(int fd, const void *b, size_t n, off_t o) { if (pwrite(fd, b, n, o) != (ssize_t)n) die("pwrite"); }
static void xpread(int fd, void *b, size_t n, off_t o) { if (pread(fd, b, n, o) != (ssize_t)n) die("pread"); }

/* in-place radix-2 complex FFT, interleaved re/im, sign -1 forward, +1 inverse (unscaled) */
static void fft1(float *a, int n, int stride, int sign)
{
	for (int i = 1, j = 0; i < n; i++) {
		int bit = n >> 1;
		for (; j & bit; bit >>= 1) j ^= bit;
		j ^= bit;
		if (i < j) { float *p = a + 2 * i * stride, *q = a + 2 * j * stride, t;
			t = p[0]; p[0] = q[0]; q[0] = t; t = p[1]; p[1] = q[1]; q[1] = t; }
	}
	for (int len = 2; len <= n; len <<= 1) {
		double ang = sign * 2 * M_PI / len;
		for (int i = 0; i < n; i += len)
			for (int k = 0; k < len / 2; k++) {
				float wr = cos(ang * k), wi = sin(ang * k);
				float *u = a + 2 * (i + k) * stride, *v = a + 2 * (i + k + len / 2) * stride;
				float vr = v[0] * wr - v[1] * wi, vi = v[0] * wi + v[1] * wr;
				v[0] = u[0] - vr; v[1] = u[1] - vi; u[0] += vr; u[1] += vi;
			}
	}
}
static void fft2(float *a, int n, int sign)
{
	for (int r = 0; r < n; r++) fft1(a + 2 * r * n, n, 1, sign);
	for (int c = 0; c < n; c++) fft1(a + 2 * c, n, n, sign);
}
static float phantom(int z, int y, int x, int n) /* nested ellipses varying along z */
{
	double u = (x - n / 2.0) / (n / 2.0), v = (y - n / 2.0) / (n / 2.0), w = (z - n / 2.0) / (n / 2.0);
	double r = 0.9 * sqrt(fmax(0, 1 - w * w * 0.5));
	float f = 0;
	if (u * u / (r * r) + v * v / (0.8 * r * 0.8 * r) < 1) f += 1.0;
	if ((u - 0.2) * (u - 0.2) + (v + 0.1) * (v + 0.1) < 0.04) f += 0.5;
	if ((u + 0.3) * (u + 0.3) + (v - 0.25) * (v - 0.25) < 0.01 * (1 + w)) f -= 0.3;
	return f;
}
static int wfile(const char *p, const void *b, size_t n)
{
	FILE *f = fopen(p, "wb"); if (!f) die(p); fwrite(b, 1, n, f); fclose(f); return 0;
}

static void gen(const char *d)
{
	char p[512];
	/* CT: two cylinders, analytic line integrals; I = dark + (flat - dark) * exp(-L) */
	float *dark = malloc(NROW * NCOL * 4), *flat = malloc(NROW * NCOL * 4);
	for (int i = 0; i < NROW * NCOL; i++) { dark[i] = 100 + (i % 7); flat[i] = 10000 + 50 * sin(i * 0.01); }
	snprintf(p, sizeof p, "%s/dark.raw", d); wfile(p, dark, NROW * NCOL * 4);
	snprintf(p, sizeof p, "%s/flat.raw", d); wfile(p, flat, NROW * NCOL * 4);
	snprintf(p, sizeof p, "%s/proj.raw", d);
	FILE *f = fopen(p, "wb"); char hdr[PHDR] = {0};
	snprintf(hdr, PHDR, "CTPROJ v1\nnang=%d\nnrow=%d\nncol=%d\narc=180\ndtype=float32\n", NANG, NROW, NCOL);
	fwrite(hdr, 1, PHDR, f);
	float *pr = malloc(NROW * NCOL * 4);
	for (int a = 0; a < NANG; a++) {
		double th = a * M_PI / NANG;
		for (int r = 0; r < NROW; r++) for (int c = 0; c < NCOL; c++) {
			double s = (c - NCOL / 2.0) / (NCOL / 2.0), L = 0;
			double R = 0.7 * (1 - 0.3 * fabs(r - NROW / 2.0) / NROW);
			if (fabs(s) < R) L += 2 * sqrt(R * R - s * s) * 1.5;
			double s0 = s - (0.25 * cos(th) + 0.1 * sin(th));
			if (fabs(s0) < 0.15) L += 2 * sqrt(0.0225 - s0 * s0) * 2.0;
			int i = r * NCOL + c; pr[i] = dark[i] + (flat[i] - dark[i]) * exp(-L);
		}
		fwrite(pr, 4, NROW * NCOL, f);
	}
	fclose(f);
	/* MRI k-space: NSL slices of KS x KS complex64 */
	float *k = malloc(KS * KS * 8);
	snprintf(p, sizeof p, "%s/kspace.raw", d); f = fopen(p, "wb");
	for (int z = 0; z < NSL; z++) {
		for (int y = 0; y < KS; y++) for (int x = 0; x < KS; x++) { k[2 * (y * KS + x)] = phantom(z, y, x, KS); k[2 * (y * KS + x) + 1] = 0; }
		fft2(k, KS, -1); fwrite(k, 8, KS * KS, f);
	}
	fclose(f);
	/* multi-coil k-space: NMSL slices x NCOIL coils x CS x CS complex64 */
	snprintf(p, sizeof p, "%s/mc.raw", d); f = fopen(p, "wb");
	for (int z = 0; z < NMSL; z++) for (int c = 0; c < NCOIL; c++) {
		double cx = CS / 2.0 + 40 * cos(2 * M_PI * c / NCOIL), cy = CS / 2.0 + 40 * sin(2 * M_PI * c / NCOIL);
		for (int y = 0; y < CS; y++) for (int x = 0; x < CS; x++) {
			double sens = exp(-((x - cx) * (x - cx) + (y - cy) * (y - cy)) / (2 * 40.0 * 40.0));
			k[2 * (y * CS + x)] = phantom(z * CS / NMSL, y, x, CS) * sens; k[2 * (y * CS + x) + 1] = 0;
		}
		fft2(k, CS, -1); fwrite(k, 8, CS * CS, f);
	}
	fclose(f);
	/* axial int16 volume AX^3 [z][y][x] */
	int16_t *v = malloc((size_t)AX * AX * AX * 2);
	for (int z = 0; z < AX; z++) for (int y = 0; y < AX; y++) for (int x = 0; x < AX; x++)
		v[((size_t)z * AX + y) * AX + x] = (int16_t)(1000 * phantom(z, y, x, AX));
	snprintf(p, sizeof p, "%s/axial.raw", d); wfile(p, v, (size_t)AX * AX * AX * 2);
}

static void fbp(const char *proj, const char *darkp, const char *flatp, const char *out)
{
	char hdr[PHDR];
	int nrow_r = NROW / nproc, r0 = rank * nrow_r;
	if (rank == 0) { int fd = open(proj, O_RDONLY); if (fd < 0) die(proj); xpread(fd, hdr, PHDR, 0); close(fd); }
	MPI_Bcast(hdr, PHDR, MPI_CHAR, 0, MPI_COMM_WORLD);
	int nang = 0, nrow = 0, ncol = 0;
	char *q = strstr(hdr, "nang="); if (q) nang = atoi(q + 5);
	q = strstr(hdr, "nrow="); if (q) nrow = atoi(q + 5);
	q = strstr(hdr, "ncol="); if (q) ncol = atoi(q + 5);
	if (nang != NANG || nrow != NROW || ncol != NCOL) { fprintf(stderr, "bad header\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	/* every rank reads the (small) calibration fields whole */
	float *dark = malloc(NROW * NCOL * 4), *flat = malloc(NROW * NCOL * 4);
	int fd = open(darkp, O_RDONLY); if (fd < 0) die(darkp); xpread(fd, dark, NROW * NCOL * 4, 0); close(fd);
	fd = open(flatp, O_RDONLY); if (fd < 0) die(flatp); xpread(fd, flat, NROW * NCOL * 4, 0); close(fd);
	/* my detector rows of every projection: subarray view, collective read */
	size_t n = (size_t)NANG * nrow_r * NCOL;
	float *p = malloc(n * 4);
	MPI_File fh; MPI_Datatype ft;
	int sz[3] = {NANG, NROW, NCOL}, sub[3] = {NANG, nrow_r, NCOL}, st[3] = {0, r0, 0};
	MPI_Type_create_subarray(3, sz, sub, st, MPI_ORDER_C, MPI_FLOAT, &ft); MPI_Type_commit(&ft);
	MPI_File_open(MPI_COMM_WORLD, proj, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
	MPI_File_set_view(fh, PHDR, MPI_FLOAT, ft, "native", MPI_INFO_NULL);
	MPI_File_read_all(fh, p, (int)n, MPI_FLOAT, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	/* flat-field correction, -log, ramp filter (Ram-Lak, +-64 taps) */
	float *h = malloc(129 * 4), *row = malloc(NCOL * 4);
	for (int k = -64; k <= 64; k++) h[k + 64] = k == 0 ? 0.25f : (k % 2 ? -1.0f / (M_PI * M_PI * k * k) : 0);
	for (int a = 0; a < NANG; a++) for (int r = 0; r < nrow_r; r++) {
		float *pp = p + ((size_t)a * nrow_r + r) * NCOL, *dk = dark + (r0 + r) * NCOL, *fl = flat + (r0 + r) * NCOL;
		for (int c = 0; c < NCOL; c++) { double t = (pp[c] - dk[c]) / (fl[c] - dk[c]); row[c] = t > 1e-6 ? -log(t) : 13.8; }
		for (int c = 0; c < NCOL; c++) { double s = 0;
			for (int k = -64; k <= 64; k++) { int j = c - k; if (j >= 0 && j < NCOL) s += h[k + 64] * row[j]; }
			pp[c] = s; }
	}
	/* back-projection of each of my slices onto NPIX x NPIX */
	float *vol = calloc((size_t)nrow_r * NPIX * NPIX, 4);
	double *cs = malloc(NANG * 8), *sn = malloc(NANG * 8);
	for (int a = 0; a < NANG; a++) { cs[a] = cos(a * M_PI / NANG); sn[a] = sin(a * M_PI / NANG); }
	for (int r = 0; r < nrow_r; r++) for (int a = 0; a < NANG; a++) {
		float *pp = p + ((size_t)a * nrow_r + r) * NCOL, *im = vol + (size_t)r * NPIX * NPIX;
		for (int y = 0; y < NPIX; y++) for (int x = 0; x < NPIX; x++) {
			double u = (x - NPIX / 2.0 + 0.5) / (NPIX / 2.0), v = (y - NPIX / 2.0 + 0.5) / (NPIX / 2.0);
			double s = (u * cs[a] + v * sn[a]) * (NCOL / 2.0) + NCOL / 2.0;
			int i = (int)s; double w = s - i;
			if (i >= 0 && i < NCOL - 1) im[y * NPIX + x] += (1 - w) * pp[i] + w * pp[i + 1];
		}
	}
	for (size_t i = 0; i < (size_t)nrow_r * NPIX * NPIX; i++) vol[i] *= M_PI / NANG;
	/* volume: 352-B NIfTI-like header from rank 0, slabs collectively */
	char nh[NIHDR] = {0}; int32_t *hi = (int32_t *)nh; hi[0] = 348;
	int16_t *dim = (int16_t *)(nh + 40); dim[0] = 3; dim[1] = NPIX; dim[2] = NPIX; dim[3] = NROW; dim[4] = 1;
	memcpy(nh + 344, "n+1", 4);
	char path[512]; snprintf(path, sizeof path, "%s/recon.nii", out);
	MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	if (rank == 0) MPI_File_write_at(fh, 0, nh, NIHDR, MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_write_at_all(fh, NIHDR + (MPI_Offset)r0 * NPIX * NPIX * 4, vol, nrow_r * NPIX * NPIX, MPI_FLOAT, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	/* per-slice mean gathered, rank 0 writes a JSON sidecar and a slice CSV */
	double *mine = malloc(nrow_r * 8), *all = malloc(NROW * 8);
	for (int r = 0; r < nrow_r; r++) { double s = 0; for (int i = 0; i < NPIX * NPIX; i++) s += vol[(size_t)r * NPIX * NPIX + i]; mine[r] = s / (NPIX * NPIX); }
	MPI_Gather(mine, nrow_r, MPI_DOUBLE, all, nrow_r, MPI_DOUBLE, 0, MPI_COMM_WORLD);
	if (rank == 0) {
		snprintf(path, sizeof path, "%s/recon.json", out); FILE *f = fopen(path, "w");
		fprintf(f, "{\n  \"Modality\": \"CT\",\n  \"ReconstructionMethod\": \"FBP\",\n  \"ConvolutionKernel\": \"Ram-Lak\",\n");
		fprintf(f, "  \"NumberOfProjections\": %d,\n  \"DetectorRows\": %d,\n  \"DetectorColumns\": %d,\n", NANG, NROW, NCOL);
		fprintf(f, "  \"ImageSize\": [%d, %d, %d],\n  \"Ranks\": %d\n}\n", NPIX, NPIX, NROW, nproc);
		fclose(f);
		snprintf(path, sizeof path, "%s/slices.csv", out); f = fopen(path, "w");
		fprintf(f, "slice,mean_mu\n");
		for (int r = 0; r < NROW; r++) fprintf(f, "%d,%.6f\n", r, all[r]);
		fclose(f);
		double s = 0; for (int r = 0; r < NROW; r++) s += all[r];
		printf("fbp: %d projections x %d rows x %d cols -> %d^2 x %d volume, mean %.4f\n", NANG, NROW, NCOL, NPIX, NROW, s / NROW);
	}
}

static void mri(const char *ks, const char *out)
{
	static const int pct[4] = {20, 24, 26, 30};
	int cnt[8], off[8], s = 0;
	for (int r = 0; r < nproc; r++) { cnt[r] = nproc == 4 ? NSL * pct[r] / 100 : NSL / nproc; }
	for (int r = 0; r < nproc; r++) s += cnt[r];
	cnt[nproc - 1] += NSL - s;
	off[0] = 0; for (int r = 1; r < nproc; r++) off[r] = off[r - 1] + cnt[r - 1];
	int fd = open(ks, O_RDONLY); if (fd < 0) die(ks);
	float *k = malloc(KS * KS * 8); int16_t *px = malloc(KS * KS * 2);
	char hdr[1024], path[512]; double tot = 0;
	for (int z = off[rank]; z < off[rank] + cnt[rank]; z++) {
		xpread(fd, k, KS * KS * 8, (off_t)z * KS * KS * 8);
		fft2(k, KS, +1);
		for (int i = 0; i < KS * KS; i++) {
			double m = hypot(k[2 * i], k[2 * i + 1]) / (KS * KS); int y = i / KS, x = i % KS;
			/* fftshift-free: the phantom is real, the image lands where it was */
			(void)y; (void)x; px[i] = (int16_t)(m * 1000); tot += m;
		}
		memset(hdr, 0, sizeof hdr); memcpy(hdr + 128, "DICM", 4);
		snprintf(hdr + 132, sizeof hdr - 132, "(0008,0060) MR\n(0020,0013) %d\n(0028,0010) %d\n(0028,0011) %d\n(0028,0100) 16\n", z + 1, KS, KS);
		snprintf(path, sizeof path, "%s/IM%04d.dcm", out, z + 1);
		int o = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (o < 0) die(path);
		if (write(o, hdr, sizeof hdr) != sizeof hdr || write(o, px, KS * KS * 2) != KS * KS * 2) die("write");
		close(o);
	}
	close(fd);
	double all; MPI_Reduce(&tot, &all, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) printf("mri: %d slices of %d^2 (split %d/%d/%d/%d), one DICOM file a slice, sum %.3f\n", NSL, KS, cnt[0], cnt[1], cnt[2], nproc > 3 ? cnt[3] : 0, all);
}

static void coil(const char *mc, const char *out, const char *mode)
{
	int storm = !strcmp(mode, "storm"), big = !strcmp(mode, "onebig");
	int ns = NMSL / nproc, s0 = rank * ns;
	float *cb = big ? malloc((size_t)ns * NCOIL * CS * CS * 8) : NULL;
	int fd = open(mc, O_RDONLY); if (fd < 0) die(mc);
	float *k = malloc(CS * CS * 8), *rss = calloc((size_t)ns * CS * CS, 4);
	char path[512]; int sf = -1;
	if (!storm) { snprintf(path, sizeof path, "%s/coils_r%d.cplx", out, rank); sf = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (sf < 0) die(path); }
	for (int z = s0; z < s0 + ns; z++) for (int c = 0; c < NCOIL; c++) {
		xpread(fd, k, CS * CS * 8, ((off_t)z * NCOIL + c) * CS * CS * 8);
		fft2(k, CS, +1);
		for (int i = 0; i < CS * CS; i++) { k[2 * i] /= CS * CS; k[2 * i + 1] /= CS * CS;
			rss[(size_t)(z - s0) * CS * CS + i] += k[2 * i] * k[2 * i] + k[2 * i + 1] * k[2 * i + 1]; }
		if (storm) { /* coil image kept for sensitivity QA: its own file */
			snprintf(path, sizeof path, "%s/coil_s%03d_c%d.cplx", out, z, c);
			int o = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (o < 0) die(path);
			if (write(o, k, CS * CS * 8) != CS * CS * 8) die("write");
			close(o);
		} else if (big) memcpy(cb + ((size_t)(z - s0) * NCOIL + c) * CS * CS * 2, k, CS * CS * 8);
		else xpwrite(sf, k, CS * CS * 8, ((off_t)(z - s0) * NCOIL + c) * CS * CS * 8);
	}
	if (big) xpwrite(sf, cb, (size_t)ns * NCOIL * CS * CS * 8, 0);
	if (!storm) close(sf);
	close(fd);
	for (size_t i = 0; i < (size_t)ns * CS * CS; i++) rss[i] = sqrtf(rss[i]);
	MPI_File fh; snprintf(path, sizeof path, "%s/rss.raw", out);
	MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	MPI_File_write_at_all(fh, (MPI_Offset)s0 * CS * CS * 4, rss, ns * CS * CS, MPI_FLOAT, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	double t = 0, all; for (size_t i = 0; i < (size_t)ns * CS * CS; i++) t += rss[i];
	MPI_Reduce(&t, &all, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) printf("coil(%s): %d slices x %d coils of %d^2, coil images in %s, rss sum %.3f\n", mode, NMSL, NCOIL, CS,
		storm ? "one file each" : big ? "one file a rank, one write" : "one file a rank", all);
}

static void reslice(const char *ax, const char *out, const char *mode)
{
	int voxel = !strcmp(mode, "voxel");
	size_t nv = (size_t)AX * AX * AX;
	int16_t *v = malloc(nv * 2);
	int fd = open(ax, O_RDONLY); if (fd < 0) die(ax); xpread(fd, v, nv * 2, 0); close(fd);
	int nx = AX / nproc, x0 = rank * nx;
	char path[512]; snprintf(path, sizeof path, "%s/sagittal.nii", out);
	int o = open(path, O_CREAT | O_WRONLY, 0644); if (o < 0) die(path);
	if (rank == 0) { char nh[NIHDR] = {0}; ((int32_t *)nh)[0] = 348; int16_t *dim = (int16_t *)(nh + 40);
		dim[0] = 3; dim[1] = AX; dim[2] = AX; dim[3] = AX; memcpy(nh + 344, "n+1", 4); xpwrite(o, nh, NIHDR, 0); }
	int16_t *sl = malloc((size_t)AX * AX * 2); long sum = 0;
	for (int x = x0; x < x0 + nx; x++) {
		/* sagittal slice x: [z][y] */
		for (int z = 0; z < AX; z++) for (int y = 0; y < AX; y++) {
			int16_t val = v[((size_t)z * AX + y) * AX + x]; sum += val;
			off_t off = NIHDR + (((off_t)x * AX + z) * AX + y) * 2;
			if (voxel) xpwrite(o, &val, 2, off); else sl[z * AX + y] = val;
		}
		if (!voxel) xpwrite(o, sl, (size_t)AX * AX * 2, NIHDR + (off_t)x * AX * AX * 2);
	}
	close(o);
	long all; MPI_Reduce(&sum, &all, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) printf("reslice(%s): %d^3 int16 axial -> sagittal, %d slices a rank, sum %ld\n", mode, AX, nx, all);
}


/* SIRT: iterative CT recon at NPIX^2 from every 4th projection; each rank its slab of slices; checkpoint of the
 * volume (rewritten in place, fsync'ed) every 2 iterations; rank 0 logs convergence a line an iteration */
#define SA 4
#define NIT 8
static void sirt(const char *proj, const char *darkp, const char *flatp, const char *out)
{
	char hdr[PHDR];
	int nr = NROW / nproc, r0 = rank * nr, na = NANG / SA;
	if (rank == 0) { int fd = open(proj, O_RDONLY); if (fd < 0) die(proj); xpread(fd, hdr, PHDR, 0); close(fd); }
	MPI_Bcast(hdr, PHDR, MPI_CHAR, 0, MPI_COMM_WORLD);
	if (!strstr(hdr, "CTPROJ")) MPI_Abort(MPI_COMM_WORLD, 2);
	float *dark = malloc(nr * NCOL * 4), *flat = malloc(nr * NCOL * 4), *p = malloc((size_t)na * nr * NCOL * 4);
	int fd = open(darkp, O_RDONLY); if (fd < 0) die(darkp); xpread(fd, dark, nr * NCOL * 4, (off_t)r0 * NCOL * 4); close(fd);
	fd = open(flatp, O_RDONLY); if (fd < 0) die(flatp); xpread(fd, flat, nr * NCOL * 4, (off_t)r0 * NCOL * 4); close(fd);
	fd = open(proj, O_RDONLY); if (fd < 0) die(proj);
	for (int a = 0; a < na; a++) xpread(fd, p + (size_t)a * nr * NCOL, (size_t)nr * NCOL * 4, PHDR + ((off_t)a * SA * NROW + r0) * NCOL * 4);
	close(fd);
	for (int a = 0; a < na; a++) for (int r = 0; r < nr; r++) for (int c = 0; c < NCOL; c++) {
		float *pp = p + ((size_t)a * nr + r) * NCOL + c; double t = (*pp - dark[r * NCOL + c]) / (flat[r * NCOL + c] - dark[r * NCOL + c]);
		*pp = t > 1e-6 ? -log(t) : 13.8; }
	/* geometry: pixel -> bin index and weight per angle */
	int *bi = malloc((size_t)na * NPIX * NPIX * 4); float *bw = malloc((size_t)na * NPIX * NPIX * 4);
	float *R = calloc(na * NCOL, 4), *C = calloc(NPIX * NPIX, 4);
	for (int a = 0; a < na; a++) { double cs = cos(a * SA * M_PI / NANG), sn = sin(a * SA * M_PI / NANG);
		for (int y = 0; y < NPIX; y++) for (int x = 0; x < NPIX; x++) {
			double u = (x - NPIX / 2.0 + 0.5) / (NPIX / 2.0), v = (y - NPIX / 2.0 + 0.5) / (NPIX / 2.0);
			double s = (u * cs + v * sn) * (NCOL / 2.0) + NCOL / 2.0; int i = (int)s; size_t k = ((size_t)a * NPIX + y) * NPIX + x;
			if (i < 0 || i >= NCOL - 1) { bi[k] = -1; continue; }
			bi[k] = i; bw[k] = s - i; R[a * NCOL + i] += 1 - bw[k]; R[a * NCOL + i + 1] += bw[k]; C[y * NPIX + x] += 1; } }
	float *x = calloc((size_t)nr * NPIX * NPIX, 4), *fp = malloc(na * NCOL * 4), *bp = malloc(NPIX * NPIX * 4);
	char path[512]; snprintf(path, sizeof path, "%s/sirt_ckpt.nii", out);
	int ck = open(path, O_CREAT | O_WRONLY, 0644); if (ck < 0) die(path);
	FILE *lg = NULL; if (rank == 0) { snprintf(path, sizeof path, "%s/sirt.log", out); lg = fopen(path, "w"); }
	for (int it = 1; it <= NIT; it++) {
		double res = 0, all;
		for (int r = 0; r < nr; r++) {
			float *im = x + (size_t)r * NPIX * NPIX;
			memset(fp, 0, na * NCOL * 4); memset(bp, 0, NPIX * NPIX * 4);
			for (int a = 0; a < na; a++) for (int j = 0; j < NPIX * NPIX; j++) { size_t k = (size_t)a * NPIX * NPIX + j;
				if (bi[k] >= 0) { fp[a * NCOL + bi[k]] += (1 - bw[k]) * im[j]; fp[a * NCOL + bi[k] + 1] += bw[k] * im[j]; } }
			for (int a = 0; a < na; a++) for (int c = 0; c < NCOL; c++) { int i = a * NCOL + c;
				double d = p[((size_t)a * nr + r) * NCOL + c] * (NCOL / 2.0) / (NPIX / 2.0) - fp[i]; res += d * d; fp[i] = R[i] > 0 ? d / R[i] : 0; }
			for (int a = 0; a < na; a++) for (int j = 0; j < NPIX * NPIX; j++) { size_t k = (size_t)a * NPIX * NPIX + j;
				if (bi[k] >= 0) bp[j] += (1 - bw[k]) * fp[a * NCOL + bi[k]] + bw[k] * fp[a * NCOL + bi[k] + 1]; }
			for (int j = 0; j < NPIX * NPIX; j++) if (C[j] > 0) im[j] += bp[j] / C[j];
		}
		MPI_Reduce(&res, &all, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
		if (rank == 0) { fprintf(lg, "iter %d residual %.6e\n", it, sqrt(all)); fflush(lg); }
		if (it % 2 == 0) {
			if (rank == 0) { char nh[NIHDR] = {0}; ((int32_t *)nh)[0] = 348; int16_t *dim = (int16_t *)(nh + 40);
				dim[0] = 3; dim[1] = NPIX; dim[2] = NPIX; dim[3] = NROW; memcpy(nh + 344, "n+1", 4); xpwrite(ck, nh, NIHDR, 0); }
			xpwrite(ck, x, (size_t)nr * NPIX * NPIX * 4, NIHDR + (off_t)r0 * NPIX * NPIX * 4);
			fsync(ck);
		}
	}
	close(ck);
	if (rank == 0) { fclose(lg); printf("sirt: %d of %d projections, %d iterations, checkpoint every 2, %d slices a rank\n", na, NANG, NIT, nr); }
}

int main(int argc, char **argv)
{
	if (argc >= 3 && !strcmp(argv[1], "gen")) { gen(argv[2]); return 0; }
	if (argc >= 3 && !strcmp(argv[1], "drop")) { int fd = open(argv[2], O_RDONLY); if (fd < 0) return 1; fdatasync(fd);
		posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); close(fd); return 0; }
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &nproc);
	if (argc >= 6 && !strcmp(argv[1], "fbp")) fbp(argv[2], argv[3], argv[4], argv[5]);
	else if (argc >= 6 && !strcmp(argv[1], "sirt")) sirt(argv[2], argv[3], argv[4], argv[5]);
	else if (argc >= 4 && !strcmp(argv[1], "mri")) mri(argv[2], argv[3]);
	else if (argc >= 5 && !strcmp(argv[1], "coil")) coil(argv[2], argv[3], argv[4]);
	else if (argc >= 5 && !strcmp(argv[1], "reslice")) reslice(argv[2], argv[3], argv[4]);
	else if (rank == 0) fprintf(stderr, "usage: see the header of app160.c\n");
	MPI_Finalize();
	return 0;
}
