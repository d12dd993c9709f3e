/* app167.c - round 167 (labels167): molecular dynamics trajectory analysis.
 * Trajectory: a 64-B header (magic "TRJ1", int32 natoms, int32 nframes, float dt_ps, padding) then nframes frames
 * of natoms x 3 float32 (x,y,z in nm), frame f at 64 + f*natoms*12.
 *   gen FILE NATOMS NFRAMES           make a trajectory (outside Darshan)
 *   drop FILE                         posix_fadvise DONTNEED (outside Darshan)
 *   rmsd TRAJ OUTDIR                  every rank: header + reference frame 0, its frame block in 16-frame preads,
 *                                     RMSD vs frame 0 and radius of gyration; rank 0 writes OUTDIR/rmsd.csv (fprintf)
 *   contacts TRAJ OUT                 uneven frame blocks (20/24/26/30 %), MPI_File_read_at a frame at a time,
 *                                     per-residue contact counts (200 residues, int32) written in one collective
 *                                     MPI_File_write_at_all per rank at the frame's offset
 *   atomsel TRAJ OUT NFRAMES atom|frame  every 2nd atom: atom = one 12-B pread per selected atom per frame;
 *                                     frame = one pread of the whole frame, selection in memory. Per-frame centroid
 *                                     and Rg of the selection (4 doubles) written collectively to OUT
 *   frfiles TRAJ OUTDIR files|one     per-frame contact tables (200 int32): files = one file per frame
 *                                     (OUTDIR/frame_NNNNN.con, open/write/close); one = one file per rank, one write
 *   pairrmsd TRAJ OUTDIR              frame-frame RMSD matrix over every 10th atom: each rank reads the whole
 *                                     trajectory once (16-frame preads) for its block of rows; rank 0 gathers and
 *                                     writes OUTDIR/pairrmsd.txt (one fprintf line of NFRAMES values a row)
 *   hbonds TRAJ OUT fsync|batch       serial: per-frame count of close pairs, one text line a frame appended with
 *                                     write(2) to OUT; fsync = fsync after every frame, batch = every 500 frames
 * COMPUTE=S in the environment: S seconds of busy analysis per rank, spread over its frames. */
#define _GNU_SOURCE
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <fcntl.h>
#include <unistd.h>
#include <time.h>
#include <sys/stat.h>

#define HDR 64
#define NRES 200
static int rank, nproc;
static double comp_per_frame = 0;

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
static void burn(void) { if (comp_per_frame <= 0) return; double e = now() + comp_per_frame; volatile double x = 1; while (now() < e) for (int i = 0; i < 1000; i++) x = x * 1.0000001 + 1e-9; }
static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); }
static void xpread(int fd, void *b, size_t n, off_t o) { size_t d = 0; while (d < n) { ssize_t r = pread(fd, (char *)b + d, n - d, o + d); if (r <= 0) die("pread"); d += r; } }
static void xwrite(int fd, const void *b, size_t n) { size_t d = 0; while (d < n) { ssize_t r = write(fd, (const char *)b + d, n - d); if (r <= 0) die("write"); d += r; } }

typedef struct { char magic[4]; int natoms, nframes; float dt; char pad[HDR - 16]; } hdr_t;

static void block(int n, const double *frac, int r, int *lo, int *hi) {
	if (!frac) { *lo = (int)((long)n * r / nproc); *hi = (int)((long)n * (r + 1) / nproc); return; }
	double a = 0; for (int i = 0; i < r; i++) a += frac[i];
	*lo = (int)(n * a + 0.5); *hi = (r == nproc - 1) ? n : (int)(n * (a + frac[r]) + 0.5);
}
static void setcomp(int frames) { const char *c = getenv("COMPUTE"); if (c && frames > 0) comp_per_frame = atof(c) / frames; }

static void contacts_of(const float *x, int natoms, int *out) {
	int per = natoms / NRES; double c[NRES][3];
	for (int r = 0; r < NRES; r++) { c[r][0] = c[r][1] = c[r][2] = 0;
		for (int a = r * per; a < (r + 1) * per; a++) for (int k = 0; k < 3; k++) c[r][k] += x[3 * a + k];
		for (int k = 0; k < 3; k++) c[r][k] /= per; }
	for (int r = 0; r < NRES; r++) { int n = 0;
		for (int s = 0; s < NRES; s++) { if (s == r) continue; double d2 = 0;
			for (int k = 0; k < 3; k++) { double d = c[r][k] - c[s][k]; d2 += d * d; }
			if (d2 < 1.2 * 1.2) n++; }
		out[r] = n; }
}

static int gen(const char *f, int natoms, int nframes) {
	FILE *o = fopen(f, "w"); if (!o) die(f);
	hdr_t h; memset(&h, 0, sizeof h); memcpy(h.magic, "TRJ1", 4); h.natoms = natoms; h.nframes = nframes; h.dt = 10.0f;
	fwrite(&h, sizeof h, 1, o);
	float *x = malloc(sizeof(float) * 3 * natoms); srand(167);
	int side = (int)ceil(cbrt(natoms));
	for (int a = 0; a < natoms; a++) { x[3 * a] = 0.3f * (a % side); x[3 * a + 1] = 0.3f * ((a / side) % side); x[3 * a + 2] = 0.3f * (a / side / side); }
	for (int f = 0; f < nframes; f++) {
		for (int i = 0; i < 3 * natoms; i++) x[i] += 0.01f * ((float)rand() / RAND_MAX - 0.5f);
		fwrite(x, sizeof(float), 3 * natoms, o);
	}
	fclose(o); return 0;
}

static void rdhdr(int fd, hdr_t *h) { xpread(fd, h, sizeof *h, 0); if (memcmp(h->magic, "TRJ1", 4)) { fprintf(stderr, "bad traj\n"); MPI_Abort(MPI_COMM_WORLD, 1); } }

static int do_rmsd(const char *traj, const char *outdir) {
	int fd = open(traj, O_RDONLY); if (fd < 0) die(traj);
	hdr_t h; rdhdr(fd, &h); int na = h.natoms, nf = h.nframes; size_t fb = (size_t)na * 12;
	float *ref = malloc(fb); xpread(fd, ref, fb, HDR);
	int lo, hi; block(nf, NULL, rank, &lo, &hi); setcomp(hi - lo);
	int chunk = 16; float *buf = malloc(fb * chunk);
	double *res = malloc(sizeof(double) * 2 * (hi - lo + 1));
	for (int f = lo; f < hi; f += chunk) {
		int n = (hi - f < chunk) ? hi - f : chunk;
		xpread(fd, buf, fb * n, HDR + (off_t)f * fb);
		for (int j = 0; j < n; j++) { const float *x = buf + (size_t)j * 3 * na; double s = 0, cg[3] = {0, 0, 0}, rg = 0;
			for (int i = 0; i < 3 * na; i++) { double d = x[i] - ref[i]; s += d * d; cg[i % 3] += x[i]; }
			for (int k = 0; k < 3; k++) cg[k] /= na;
			for (int a = 0; a < na; a++) for (int k = 0; k < 3; k++) { double d = x[3 * a + k] - cg[k]; rg += d * d; }
			res[2 * (f + j - lo)] = sqrt(s / na); res[2 * (f + j - lo) + 1] = sqrt(rg / na); burn(); }
	}
	close(fd);
	int cnt = 2 * (hi - lo), *cnts = NULL, *disp = NULL; double *all = NULL;
	if (rank == 0) { cnts = malloc(sizeof(int) * nproc); disp = malloc(sizeof(int) * nproc); all = malloc(sizeof(double) * 2 * nf); }
	MPI_Gather(&cnt, 1, MPI_INT, cnts, 1, MPI_INT, 0, MPI_COMM_WORLD);
	if (rank == 0) { disp[0] = 0; for (int i = 1; i < nproc; i++) disp[i] = disp[i - 1] + cnts[i - 1]; }
	MPI_Gatherv(res, cnt, MPI_DOUBLE, all, cnts, disp, MPI_DOUBLE, 0, MPI_COMM_WORLD);
	if (rank == 0) {
		char p[4096]; snprintf(p, sizeof p, "%s/rmsd.csv", outdir); FILE *o = fopen(p, "w"); if (!o) die(p);
		fprintf(o, "frame,time_ps,rmsd_nm,rg_nm\n");
		for (int f = 0; f < nf; f++) fprintf(o, "%d,%.1f,%.6f,%.6f\n", f, f * h.dt, all[2 * f], all[2 * f + 1]);
		fclose(o); printf("rmsd: %d frames of %d atoms, last rmsd %.4f nm\n", nf, na, all[2 * nf - 2]);
	}
	return 0;
}

static int do_contacts(const char *traj, const char *out) {
	static const double frac[4] = {0.20, 0.24, 0.26, 0.30};
	MPI_File in, of; hdr_t h;
	if (MPI_File_open(MPI_COMM_WORLD, traj, MPI_MODE_RDONLY, MPI_INFO_NULL, &in)) die(traj);
	MPI_File_read_at(in, 0, &h, sizeof h, MPI_BYTE, MPI_STATUS_IGNORE);
	int na = h.natoms, nf = h.nframes; size_t fb = (size_t)na * 12;
	int lo, hi; block(nf, nproc == 4 ? frac : NULL, rank, &lo, &hi); setcomp(hi - lo);
	float *x = malloc(fb); int *tab = malloc(sizeof(int) * NRES * (hi - lo + 1)); long tot = 0;
	for (int f = lo; f < hi; f++) {
		MPI_File_read_at(in, HDR + (MPI_Offset)f * fb, x, (int)fb, MPI_BYTE, MPI_STATUS_IGNORE);
		contacts_of(x, na, tab + (size_t)NRES * (f - lo)); for (int r = 0; r < NRES; r++) tot += tab[(size_t)NRES * (f - lo) + r]; burn();
	}
	MPI_File_close(&in);
	if (MPI_File_open(MPI_COMM_WORLD, out, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &of)) die(out);
	MPI_File_write_at_all(of, (MPI_Offset)lo * NRES * 4, tab, NRES * (hi - lo), MPI_INT, MPI_STATUS_IGNORE);
	MPI_File_close(&of);
	long all; MPI_Reduce(&tot, &all, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) printf("contacts: %d frames, %d residues, mean contacts/residue %.2f\n", nf, NRES, (double)all / nf / NRES);
	return 0;
}

static int do_atomsel(const char *traj, const char *out, int nfr, int atom) {
	int fd = open(traj, O_RDONLY); if (fd < 0) die(traj);
	hdr_t h; rdhdr(fd, &h); int na = h.natoms; size_t fb = (size_t)na * 12; if (nfr > h.nframes) nfr = h.nframes;
	int lo, hi; block(nfr, NULL, rank, &lo, &hi); setcomp(hi - lo);
	int nsel = na / 2; float *sel = malloc(sizeof(float) * 3 * nsel), *fr = atom ? NULL : malloc(fb);
	double *res = malloc(sizeof(double) * 4 * (hi - lo + 1));
	for (int f = lo; f < hi; f++) {
		off_t base = HDR + (off_t)f * fb;
		if (atom) for (int s = 0; s < nsel; s++) xpread(fd, sel + 3 * s, 12, base + (off_t)(2 * s) * 12);
		else { xpread(fd, fr, fb, base); for (int s = 0; s < nsel; s++) memcpy(sel + 3 * s, fr + 6 * s, 12); }
		double c[3] = {0, 0, 0}, rg = 0;
		for (int s = 0; s < nsel; s++) for (int k = 0; k < 3; k++) c[k] += sel[3 * s + k];
		for (int k = 0; k < 3; k++) c[k] /= nsel;
		for (int s = 0; s < nsel; s++) for (int k = 0; k < 3; k++) { double d = sel[3 * s + k] - c[k]; rg += d * d; }
		double *r = res + 4 * (f - lo); r[0] = c[0]; r[1] = c[1]; r[2] = c[2]; r[3] = sqrt(rg / nsel); burn();
	}
	close(fd);
	MPI_File of; if (MPI_File_open(MPI_COMM_WORLD, out, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &of)) die(out);
	MPI_File_write_at_all(of, (MPI_Offset)lo * 32, res, 4 * (hi - lo), MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_close(&of);
	if (rank == 0) printf("atomsel(%s): %d frames, %d selected atoms of %d, rg %.4f\n", atom ? "atom" : "frame", nfr, nsel, na, res[3]);
	return 0;
}

static int do_frfiles(const char *traj, const char *outdir, int files) {
	int fd = open(traj, O_RDONLY); if (fd < 0) die(traj);
	hdr_t h; rdhdr(fd, &h); int na = h.natoms, nf = h.nframes; size_t fb = (size_t)na * 12;
	int lo, hi; block(nf, NULL, rank, &lo, &hi); setcomp(hi - lo);
	int chunk = 16; float *buf = malloc(fb * chunk); int *tab = malloc(sizeof(int) * NRES * (hi - lo + 1));
	char p[4096];
	for (int f = lo; f < hi; f += chunk) {
		int n = (hi - f < chunk) ? hi - f : chunk;
		xpread(fd, buf, fb * n, HDR + (off_t)f * fb);
		for (int j = 0; j < n; j++) { int *t = tab + (size_t)NRES * (f + j - lo); contacts_of(buf + (size_t)j * 3 * na, na, t); burn();
			if (files) { snprintf(p, sizeof p, "%s/frame_%05d.con", outdir, f + j);
				int o = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (o < 0) die(p); xwrite(o, t, sizeof(int) * NRES); close(o); } }
	}
	close(fd);
	if (!files) { snprintf(p, sizeof p, "%s/contacts_r%d.con", outdir, rank);
		int o = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (o < 0) die(p); xwrite(o, tab, sizeof(int) * NRES * (hi - lo)); close(o); }
	MPI_Barrier(MPI_COMM_WORLD);
	if (rank == 0) printf("frfiles(%s): %d frames of %d atoms, contacts of frame 0 residue 0: %d\n", files ? "file per frame" : "file per rank", nf, na, tab[0]);
	return 0;
}

static int do_pairrmsd(const char *traj, const char *outdir) {
	int fd = open(traj, O_RDONLY); if (fd < 0) die(traj);
	hdr_t h; rdhdr(fd, &h); int na = h.natoms, nf = h.nframes; size_t fb = (size_t)na * 12;
	int lo, hi; block(nf, NULL, rank, &lo, &hi); setcomp(nf);
	int ns = (na + 9) / 10; float *sub = malloc(sizeof(float) * 3 * ns * nf);
	int chunk = 16; float *buf = malloc(fb * chunk);
	for (int f = 0; f < nf; f += chunk) { int n = (nf - f < chunk) ? nf - f : chunk;
		xpread(fd, buf, fb * n, HDR + (off_t)f * fb);
		for (int j = 0; j < n; j++) { for (int s = 0; s < ns; s++) memcpy(sub + 3 * ((size_t)(f + j) * ns + s), buf + (size_t)j * 3 * na + 30 * s, 12); burn(); } }
	close(fd);
	double *rows = malloc(sizeof(double) * nf * (hi - lo + 1));
	for (int i = lo; i < hi; i++) for (int j = 0; j < nf; j++) { const float *a = sub + 3 * (size_t)i * ns, *b = sub + 3 * (size_t)j * ns; double s2 = 0;
		for (int k = 0; k < 3 * ns; k++) { double d = a[k] - b[k]; s2 += d * d; } rows[(size_t)(i - lo) * nf + j] = sqrt(s2 / ns); }
	int cnt = nf * (hi - lo), *cnts = NULL, *disp = NULL; double *all = NULL;
	if (rank == 0) { cnts = malloc(sizeof(int) * nproc); disp = malloc(sizeof(int) * nproc); all = malloc(sizeof(double) * nf * nf); }
	MPI_Gather(&cnt, 1, MPI_INT, cnts, 1, MPI_INT, 0, MPI_COMM_WORLD);
	if (rank == 0) { disp[0] = 0; for (int i = 1; i < nproc; i++) disp[i] = disp[i - 1] + cnts[i - 1]; }
	MPI_Gatherv(rows, cnt, MPI_DOUBLE, all, cnts, disp, MPI_DOUBLE, 0, MPI_COMM_WORLD);
	if (rank == 0) { char p[4096]; snprintf(p, sizeof p, "%s/pairrmsd.txt", outdir); FILE *o = fopen(p, "w"); if (!o) die(p);
		for (int i = 0; i < nf; i++) { for (int j = 0; j < nf; j++) fprintf(o, j ? " %.5f" : "%.5f", all[(size_t)i * nf + j]); fputc('\n', o); }
		fclose(o); printf("pairrmsd: %dx%d matrix over %d of %d atoms, rmsd(0,last) %.4f\n", nf, nf, ns, na, all[nf - 1]); }
	return 0;
}

static int do_hbonds(const char *traj, const char *out, int each) {
	int fd = open(traj, O_RDONLY); if (fd < 0) die(traj);
	hdr_t h; rdhdr(fd, &h); int na = h.natoms, nf = h.nframes; size_t fb = (size_t)na * 12; setcomp(nf);
	int o = open(out, O_CREAT | O_WRONLY | O_TRUNC | O_APPEND, 0644); if (o < 0) die(out);
	int chunk = 64; float *buf = malloc(fb * chunk); char line[128]; long tot = 0; int nsync = 0;
	for (int f = 0; f < nf; f += chunk) { int n = (nf - f < chunk) ? nf - f : chunk;
		xpread(fd, buf, fb * n, HDR + (off_t)f * fb);
		for (int j = 0; j < n; j++) { const float *x = buf + (size_t)j * 3 * na; int c = 0;
			for (int a = 0; a + 1 < na; a += 2) { double d2 = 0; for (int k = 0; k < 3; k++) { double d = x[3 * a + k] - x[3 * a + 3 + k]; d2 += d * d; } if (d2 < 0.35 * 0.35) c++; }
			tot += c; int l = snprintf(line, sizeof line, "%d %.1f %d\n", f + j, (f + j) * h.dt, c); xwrite(o, line, l); burn();
			if (each || (f + j + 1) % 500 == 0) { fsync(o); nsync++; } } }
	fsync(o); nsync++; close(o); close(fd);
	printf("hbonds(%s): %d frames of %d atoms, %d fsyncs, mean pairs %.1f\n", each ? "fsync each frame" : "fsync per 500", nf, na, nsync, (double)tot / nf);
	return 0;
}

int main(int argc, char **argv) {
	if (argc > 1 && !strcmp(argv[1], "gen")) return gen(argv[2], atoi(argv[3]), atoi(argv[4]));
	if (argc > 1 && !strcmp(argv[1], "drop")) { int fd = open(argv[2], O_RDONLY); if (fd < 0) return 1; fdatasync(fd); posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); close(fd); return 0; }
	MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &nproc);
	int rc = 1;
	if (argc >= 4 && !strcmp(argv[1], "rmsd")) rc = do_rmsd(argv[2], argv[3]);
	else if (argc >= 4 && !strcmp(argv[1], "contacts")) rc = do_contacts(argv[2], argv[3]);
	else if (argc >= 6 && !strcmp(argv[1], "atomsel")) rc = do_atomsel(argv[2], argv[3], atoi(argv[4]), !strcmp(argv[5], "atom"));
	else if (argc >= 5 && !strcmp(argv[1], "frfiles")) rc = do_frfiles(argv[2], argv[3], !strcmp(argv[4], "files"));
	else if (argc >= 4 && !strcmp(argv[1], "pairrmsd")) rc = do_pairrmsd(argv[2], argv[3]);
	else if (argc >= 5 && !strcmp(argv[1], "hbonds")) rc = do_hbonds(argv[2], argv[3], !strcmp(argv[4], "fsync"));
	else if (rank == 0) fprintf(stderr, "usage: see the comment at the top of app167.c\n");
	MPI_Finalize(); return rc;
}
