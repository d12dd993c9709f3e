/* Round 170 (labels170): seismic imaging, reverse-time migration (RTM).
 * One program, several modes (argv[1]):
 *   gen FILE NTR NS SHOTID      make a SEG-Y-like shot file: 3600-B file header (3200 text + 400 binary), then NTR
 *                               traces of a 240-B trace header + NS big-endian-ish floats (not under Darshan)
 *   cold FILE...                fdatasync + posix_fadvise(DONTNEED): the next read comes from the device (not under Darshan)
 *   rtm SHOTDIR SCR OUTDIR NT K NX NZ   one shot a rank: read shot_<r>.sgy (file header, then all traces in one
 *                               read), forward-propagate NT steps writing a snapshot every K steps to a per-rank scratch
 *                               file (one write each), backward pass reading them in REVERSE order, cross-correlation
 *                               imaging; MPI_Reduce stack, rank 0 writes image.bin in one write and a fprintf log.
 *                               env FSYNC=1: fsync the scratch file after every snapshot.
 *                               env SNAPFILES=1: one scratch file per snapshot (snap_<r>_<t>.bin), unlinked after read.
 *   rtmcoll SHOT SCR OUTDIR NT K NX NZ   one shot, domain-decomposed over the ranks (slabs of NX/size columns): each
 *                               rank reads its block of traces with one MPI_File_read_at_all; snapshots of every rank
 *                               to one shared scratch file with MPI_File_write_at_all, read back in reverse order
 *                               with MPI_File_read_at_all; the image written with MPI_File_write_at_all; rank 0 fprintf log.
 *   traces SHOT MODE            read a shot file's traces and "migrate" them (a per-trace kernel): MODE rr: round-robin
 *                               traces (rank r takes every size-th), each read as a 240-B header pread + a samples
 *                               pread; MODE block: each rank its contiguous block of traces in 4 MiB preads.
 *   segyout OUT NTR NS MODE     write the migrated image as a SEG-Y file of NTR traces (image gathers), each rank its
 *                               contiguous block of traces after a per-trace kernel; rank 0 writes the 3600-B file
 *                               header: MODE trace: one pwrite of the 240-B header and one of the samples a trace;
 *                               MODE block: each rank's traces assembled in memory and written with one pwrite.
 * env COMPUTE: stencil sweeps a step (default 1); per-trace kernel repeats in traces/segyout.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <fcntl.h>
#include <unistd.h>
#include <math.h>
#include <sys/stat.h>

#define FHDR 3600
#define THDR 240
static int rank, size;
static double sink;

static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); }
static int envi(const char *n, int d) { const char *s = getenv(n); return s ? atoi(s) : d; }

static void putbe32(unsigned char *p, uint32_t v) { p[0] = v >> 24; p[1] = v >> 16; p[2] = v >> 8; p[3] = v; }
static uint32_t getbe32(const unsigned char *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }
static uint16_t getbe16(const unsigned char *p) { return (uint16_t)(p[0] << 8 | p[1]); }

static int gen(const char *fn, int ntr, int ns, int shot)
{
	FILE *f = fopen(fn, "w"); if (!f) { perror(fn); return 1; }
	unsigned char fh[FHDR]; memset(fh, ' ', 3200); memset(fh + 3200, 0, 400);
	snprintf((char *)fh, 80, "C 1 CLIENT labels170 RTM test  SHOT %d", shot);
	fh[3200 + 16] = 4000 >> 8; fh[3200 + 17] = 4000 & 255;      /* sample interval us */
	fh[3200 + 20] = ns >> 8; fh[3200 + 21] = ns & 255;           /* samples a trace */
	fh[3200 + 25] = 5;                                           /* IEEE float */
	fwrite(fh, 1, FHDR, f);
	unsigned char th[THDR]; float *s = malloc(ns * 4);
	for (int i = 0; i < ntr; i++) {
		memset(th, 0, THDR);
		putbe32(th + 0, i + 1); putbe32(th + 8, shot); putbe32(th + 12, i + 1);
		putbe32(th + 72, shot * 50); putbe32(th + 80, i * 25);   /* source x, group x */
		th[114] = ns >> 8; th[115] = ns & 255; th[116] = 4000 >> 8; th[117] = 4000 & 255;
		for (int k = 0; k < ns; k++) s[k] = sinf(0.01f * k * (1 + i % 7)) * expf(-0.001f * k);
		fwrite(th, 1, THDR, f); fwrite(s, 4, ns, f);
	}
	fclose(f); free(s); return 0;
}

static int cold(int n, char **fn)
{
	for (int i = 0; i < n; i++) {
		int fd = open(fn[i], O_RDONLY); if (fd < 0) { perror(fn[i]); continue; }
		fdatasync(fd); posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); close(fd);
	}
	return 0;
}

/* 2-D acoustic wave step on an nx x nz grid (column-major slabs), u2 = 2u1 - u0 + c lap(u1) */
static void step(float *u0, float *u1, float *u2, int nx, int nz, int reps)
{
	for (int r = 0; r < reps; r++)
		for (int x = 1; x < nx - 1; x++)
			for (int z = 1; z < nz - 1; z++) {
				size_t i = (size_t)x * nz + z;
				u2[i] = 2 * u1[i] - u0[i] + 0.1f * (u1[i - 1] + u1[i + 1] + u1[i - nz] + u1[i + nz] - 4 * u1[i]);
			}
}

static void rotate(float **a, float **b, float **c) { float *t = *a; *a = *b; *b = *c; *c = t; }

static void wfull(int fd, const void *b, size_t n, off_t off)
{
	while (n) { ssize_t w = pwrite(fd, b, n, off); if (w <= 0) die("pwrite"); b = (const char *)b + w; n -= w; off += w; }
}
static void rfull(int fd, void *b, size_t n, off_t off)
{
	while (n) { ssize_t w = pread(fd, b, n, off); if (w <= 0) die("pread"); b = (char *)b + w; n -= w; off += w; }
}

static int rtm(char **a)
{
	const char *shotdir = a[0], *scr = a[1], *out = a[2];
	int nt = atoi(a[3]), k = atoi(a[4]), nx = atoi(a[5]), nz = atoi(a[6]);
	int reps = envi("COMPUTE", 1), dofsync = envi("FSYNC", 0), files = envi("SNAPFILES", 0);
	char fn[512];
	FILE *log = NULL;
	if (rank == 0) { snprintf(fn, sizeof fn, "%s/rtm.log", out); log = fopen(fn, "w"); }
	/* the shot gather: file header, then all traces in one read */
	snprintf(fn, sizeof fn, "%s/shot_%d.sgy", shotdir, rank);
	int fd = open(fn, O_RDONLY); if (fd < 0) die(fn);
	unsigned char fh[FHDR]; rfull(fd, fh, FHDR, 0);
	int ns = getbe16(fh + 3220);
	struct stat st; fstat(fd, &st);
	size_t tb = st.st_size - FHDR; int ntr = tb / (THDR + 4 * ns);
	unsigned char *tr = malloc(tb); rfull(fd, tr, tb, FHDR); close(fd);
	size_t n = (size_t)nx * nz, sb = n * 4;
	float *u0 = calloc(n, 4), *u1 = calloc(n, 4), *u2 = calloc(n, 4), *img = calloc(n, 4), *snap = malloc(sb);
	int sfd = -1, nsnap = nt / k;
	if (!files) {
		snprintf(fn, sizeof fn, "%s/fwd_%d.scr", scr, rank);
		sfd = open(fn, O_RDWR | O_CREAT | O_TRUNC, 0644); if (sfd < 0) die(fn);
	}
	double t0 = MPI_Wtime();
	for (int t = 0; t < nt; t++) {
		u1[(size_t)(nx / 2) * nz + 2] += sinf(0.05f * t) * expf(-0.0005f * t * t);   /* source */
		step(u0, u1, u2, nx, nz, reps); rotate(&u0, &u1, &u2);
		if ((t + 1) % k == 0) {
			int s = t / k;
			if (files) {
				snprintf(fn, sizeof fn, "%s/snap_%d_%05d.bin", scr, rank, s);
				int f = open(fn, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (f < 0) die(fn);
				wfull(f, u1, sb, 0); close(f);
			} else {
				wfull(sfd, u1, sb, (off_t)s * sb);
				if (dofsync) fsync(sfd);
			}
			if (log) { fprintf(log, "fwd step %d snapshot %d t=%.3f s\n", t + 1, s, MPI_Wtime() - t0); }
		}
	}
	memset(u0, 0, sb); memset(u1, 0, sb);
	for (int t = nt - 1; t >= 0; t--) {
		/* inject the recorded traces at time t (receiver wavefield) */
		int it = t % ns;
		for (int i = 0; i < ntr && i < nx; i++) {
			float v; memcpy(&v, tr + (size_t)i * (THDR + 4 * ns) + THDR + 4 * it, 4);
			u1[(size_t)i * nz + 2] += v;
		}
		step(u0, u1, u2, nx, nz, reps); rotate(&u0, &u1, &u2);
		if ((t + 1) % k == 0) {
			int s = t / k;
			if (files) {
				snprintf(fn, sizeof fn, "%s/snap_%d_%05d.bin", scr, rank, s);
				int f = open(fn, O_RDONLY); if (f < 0) die(fn);
				rfull(f, snap, sb, 0); close(f); unlink(fn);
			} else rfull(sfd, snap, sb, (off_t)s * sb);
			for (size_t i = 0; i < n; i++) img[i] += snap[i] * u1[i];
			if (log) { fprintf(log, "bwd step %d snapshot %d t=%.3f s\n", t + 1, s, MPI_Wtime() - t0); }
		}
	}
	if (!files) { close(sfd); snprintf(fn, sizeof fn, "%s/fwd_%d.scr", scr, rank); unlink(fn); }
	float *stack = rank == 0 ? calloc(n, 4) : NULL;
	MPI_Reduce(img, stack, n, MPI_FLOAT, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) {
		snprintf(fn, sizeof fn, "%s/image.bin", out);
		int f = open(fn, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (f < 0) die(fn);
		wfull(f, stack, sb, 0); close(f);
		fprintf(log, "image %d x %d written, %d shots, %d snapshots a shot\n", nx, nz, size, nsnap);
		fclose(log);
		sink = stack[n / 2];
	}
	return 0;
}

static int rtmcoll(char **a)
{
	const char *shot = a[0], *scr = a[1], *out = a[2];
	int nt = atoi(a[3]), k = atoi(a[4]), NX = atoi(a[5]), nz = atoi(a[6]);
	int reps = envi("COMPUTE", 1);
	char fn[512];
	FILE *log = NULL;
	if (rank == 0) { snprintf(fn, sizeof fn, "%s/rtm.log", out); log = fopen(fn, "w"); }
	MPI_File fh; MPI_Status stt;
	/* the file header (every rank needs ns), then each rank its block of traces, collectively */
	if (MPI_File_open(MPI_COMM_WORLD, (char *)shot, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh)) die(shot);
	unsigned char h[FHDR];
	if (rank == 0) MPI_File_read_at(fh, 0, h, FHDR, MPI_BYTE, &stt);
	MPI_Bcast(h, FHDR, MPI_BYTE, 0, MPI_COMM_WORLD);
	int ns = getbe16(h + 3220);
	MPI_Offset fsz; MPI_File_get_size(fh, &fsz);
	int ntr = (fsz - FHDR) / (THDR + 4 * ns), tsz = THDR + 4 * ns;
	int lo = (long)ntr * rank / size, hi = (long)ntr * (rank + 1) / size;
	unsigned char *tr = malloc((size_t)(hi - lo) * tsz);
	MPI_File_read_at_all(fh, FHDR + (MPI_Offset)lo * tsz, tr, (hi - lo) * tsz, MPI_BYTE, &stt);
	MPI_File_close(&fh);
	int nx = NX / size + 2; /* slab + 2 halo columns */
	size_t n = (size_t)nx * nz, own = (size_t)(NX / size) * nz, sb = own * 4;
	float *u0 = calloc(n, 4), *u1 = calloc(n, 4), *u2 = calloc(n, 4), *img = calloc(own, 4), *snap = malloc(sb);
	int left = rank > 0 ? rank - 1 : MPI_PROC_NULL, right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
	snprintf(fn, sizeof fn, "%s/fwd.scr", scr);
	MPI_File sf;
	if (MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_RDWR | MPI_MODE_CREATE, MPI_INFO_NULL, &sf)) die(fn);
	MPI_Offset slot = (MPI_Offset)sb * size;
	double t0 = MPI_Wtime();
	for (int t = 0; t < nt; t++) {
		if (rank == size / 2) u1[(size_t)(nx / 2) * nz + 2] += sinf(0.05f * t) * expf(-0.0005f * t * t);
		MPI_Sendrecv(u1 + nz, nz, MPI_FLOAT, left, 1, u1 + (size_t)(nx - 1) * nz, nz, MPI_FLOAT, right, 1, MPI_COMM_WORLD, &stt);
		MPI_Sendrecv(u1 + (size_t)(nx - 2) * nz, nz, MPI_FLOAT, right, 2, u1, nz, MPI_FLOAT, left, 2, MPI_COMM_WORLD, &stt);
		step(u0, u1, u2, nx, nz, reps); rotate(&u0, &u1, &u2);
		if ((t + 1) % k == 0) {
			int s = t / k;
			MPI_File_write_at_all(sf, s * slot + (MPI_Offset)rank * sb, u1 + nz, own, MPI_FLOAT, &stt);
			if (log) fprintf(log, "fwd step %d snapshot %d t=%.3f s\n", t + 1, s, MPI_Wtime() - t0);
		}
	}
	memset(u0, 0, n * 4); memset(u1, 0, n * 4);
	for (int t = nt - 1; t >= 0; t--) {
		int it = t % ns;
		for (int i = 0; i < hi - lo && i < nx - 2; i++) {
			float v; memcpy(&v, tr + (size_t)i * tsz + THDR + 4 * it, 4);
			u1[(size_t)(i + 1) * nz + 2] += v;
		}
		MPI_Sendrecv(u1 + nz, nz, MPI_FLOAT, left, 1, u1 + (size_t)(nx - 1) * nz, nz, MPI_FLOAT, right, 1, MPI_COMM_WORLD, &stt);
		MPI_Sendrecv(u1 + (size_t)(nx - 2) * nz, nz, MPI_FLOAT, right, 2, u1, nz, MPI_FLOAT, left, 2, MPI_COMM_WORLD, &stt);
		step(u0, u1, u2, nx, nz, reps); rotate(&u0, &u1, &u2);
		if ((t + 1) % k == 0) {
			int s = t / k;
			MPI_File_read_at_all(sf, s * slot + (MPI_Offset)rank * sb, snap, own, MPI_FLOAT, &stt);
			for (size_t i = 0; i < own; i++) img[i] += snap[i] * u1[nz + i];
			if (log) fprintf(log, "bwd step %d snapshot %d t=%.3f s\n", t + 1, s, MPI_Wtime() - t0);
		}
	}
	MPI_File_close(&sf);
	if (rank == 0) MPI_File_delete(fn, MPI_INFO_NULL);
	snprintf(fn, sizeof fn, "%s/image.bin", out);
	MPI_File of;
	if (MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_WRONLY | MPI_MODE_CREATE, MPI_INFO_NULL, &of)) die(fn);
	MPI_File_write_at_all(of, (MPI_Offset)rank * sb, img, own, MPI_FLOAT, &stt);
	MPI_File_close(&of);
	if (log) { fprintf(log, "image %d x %d written by %d ranks\n", NX, nz, size); fclose(log); }
	sink = img[own / 2];
	return 0;
}

static int traces(char **a)
{
	const char *shot = a[0], *mode = a[1];
	int fd = open(shot, O_RDONLY); if (fd < 0) die(shot);
	unsigned char fh[FHDR]; rfull(fd, fh, FHDR, 0);
	int ns = getbe16(fh + 3220), tsz = THDR + 4 * ns;
	struct stat st; fstat(fd, &st);
	int ntr = (st.st_size - FHDR) / tsz;
	int reps = envi("COMPUTE", 1);
	float *s = malloc(4 * ns), *img = calloc(ns, 4);
	unsigned char th[THDR];
	long used = 0;
	/* per-trace kernel: moveout-correct by offset from the header and sum into a 1-D image */
	#define KERNEL(H, S) do { uint32_t gx = getbe32((H) + 80), sx = getbe32((H) + 72); \
		double off = fabs((double)gx - sx); \
		for (int r_ = 0; r_ < reps; r_++) for (int k_ = 0; k_ < ns; k_++) { \
			int j_ = (int)sqrt((double)k_ * k_ + off * off * 1e-4); if (j_ < ns) img[k_] += (S)[j_]; } used++; } while (0)
	if (!strcmp(mode, "rr")) {
		for (int i = rank; i < ntr; i += size) {
			off_t o = FHDR + (off_t)i * tsz;
			rfull(fd, th, THDR, o);
			rfull(fd, s, 4 * ns, o + THDR);
			KERNEL(th, s);
		}
	} else {
		int lo = (long)ntr * rank / size, hi = (long)ntr * (rank + 1) / size;
		size_t chunk = 4 << 20, per = chunk / tsz;
		unsigned char *buf = malloc(per * tsz);
		for (int i = lo; i < hi; i += per) {
			int m = hi - i < (int)per ? hi - i : (int)per;
			rfull(fd, buf, (size_t)m * tsz, FHDR + (off_t)i * tsz);
			for (int j = 0; j < m; j++) { unsigned char *p = buf + (size_t)j * tsz; memcpy(s, p + THDR, 4 * ns); KERNEL(p, s); }
		}
	}
	close(fd);
	float *tot = rank == 0 ? calloc(ns, 4) : NULL;
	MPI_Reduce(img, tot, ns, MPI_FLOAT, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) sink = tot[ns / 2];
	long all; MPI_Reduce(&used, &all, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) printf("traces(%s): %d traces of %d samples, %ld used\n", mode, ntr, ns, all);
	return 0;
}

static int segyout(char **a)
{
	const char *fn = a[0], *mode = a[3];
	int ntr = atoi(a[1]), ns = atoi(a[2]), tsz = THDR + 4 * ns, reps = envi("COMPUTE", 1);
	int fd = open(fn, O_WRONLY | O_CREAT, 0644); if (fd < 0) die(fn);
	if (rank == 0) {
		unsigned char fh[FHDR]; memset(fh, ' ', 3200); memset(fh + 3200, 0, 400);
		snprintf((char *)fh, 80, "C 1 CLIENT labels170 RTM image");
		fh[3200 + 20] = ns >> 8; fh[3200 + 21] = ns & 255; fh[3200 + 25] = 5;
		wfull(fd, fh, FHDR, 0);
	}
	int lo = (long)ntr * rank / size, hi = (long)ntr * (rank + 1) / size, blk = !strcmp(mode, "block");
	unsigned char *buf = blk ? malloc((size_t)(hi - lo) * tsz) : malloc(tsz);
	for (int i = lo; i < hi; i++) {
		unsigned char *p = blk ? buf + (size_t)(i - lo) * tsz : buf;
		float *s = (float *)(p + THDR);
		memset(p, 0, THDR); putbe32(p, i + 1); putbe32(p + 20, i + 1); putbe32(p + 180, i * 25);
		p[114] = ns >> 8; p[115] = ns & 255;
		for (int r = 0; r < reps; r++) for (int k = 0; k < ns; k++) s[k] = (r ? s[k] : 0) + sinf(0.003f * k * (i % 13 + 1)) / reps;
		if (!blk) { off_t o = FHDR + (off_t)i * tsz; wfull(fd, p, THDR, o); wfull(fd, s, 4 * ns, o + THDR); }
	}
	if (blk) wfull(fd, buf, (size_t)(hi - lo) * tsz, FHDR + (off_t)lo * tsz);
	close(fd);
	sink = ((float *)(buf + THDR))[ns / 3];
	return 0;
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "gen")) return gen(argv[2], atoi(argv[3]), atoi(argv[4]), atoi(argv[5]));
	if (argc > 1 && !strcmp(argv[1], "cold")) return cold(argc - 2, argv + 2);
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
	double t0 = MPI_Wtime();
	int rc = 1;
	if (argc > 8 && !strcmp(argv[1], "rtm")) rc = rtm(argv + 2);
	else if (argc > 8 && !strcmp(argv[1], "rtmcoll")) rc = rtmcoll(argv + 2);
	else if (argc > 3 && !strcmp(argv[1], "traces")) rc = traces(argv + 2);
	else if (argc > 5 && !strcmp(argv[1], "segyout")) rc = segyout(argv + 2);
	else if (rank == 0) fprintf(stderr, "usage: see the comment at the top\n");
	double el = MPI_Wtime() - t0;
	if (rank == 0) printf("%s: %.3f s, sink %g\n", argv[1], el, sink);
	MPI_Finalize();
	return rc;
}
