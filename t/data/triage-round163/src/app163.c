/* Round 163 (labels163): a national centre's ordinary day, five job kinds drawn by lot.
 * One program, several modes:
 *   stage  IN OUT MIB          each rank copies IN/part.R (MIB MiB) to OUT/part.R in 4 MiB read/write; rank 0
 *                              writes a manifest (fprintf) with a checksum a file
 *   build  SRC OUT NUNITS      1 process: NUNITS compilation units, each reads its .c file and 10 common + 20 other
 *                              headers (open/read/close each), "compiles" (CPU), writes its .o; then links
 *   mdtraj IN OUT NATOMS STEPS uneven atom blocks (30/25/25/20 %); every rank reads the whole initial structure;
 *                              every 20 steps rank 0 gathers the coordinates and fwrites a frame; energy line a step
 *   climate OUT NVARS N MODE   2x2 decomposition of an NxN float32 grid, rank 0 writes a 4 KiB header, each variable
 *                              written: MODE rows = one MPI_File_write_at a subdomain row; coll = subarray view +
 *                              MPI_File_write_at_all
 *   restart DIR NFILES MODE    MODE files: each rank reads DIR/rR/f%05d (NFILES files of 8 KiB, one read each);
 *                              packed: each rank reads DIR/rR.pack (NFILES*8 KiB) in 1 MiB reads
 *   gen-build SRC NUNITS / gen-restart DIR NRANKS NFILES / drop FILE...  (prep, outside Darshan)
 * COMPUTE (env) scales the CPU work. */
#define _GNU_SOURCE
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <math.h>
#include <sys/stat.h>
#include <sys/types.h>

static int rank, nprocs;
static double compute_scale(void) { const char *c = getenv("COMPUTE"); return c ? atof(c) : 1.0; }
static double burn(long n) { double s = 0; for (long i = 1; i <= n; i++) s += sin(i * 1e-3) * 1e-6; return s; }
static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); }
static void xwrite(int fd, const void *b, size_t n) { const char *p = b; while (n) { ssize_t w = write(fd, p, n); if (w <= 0) die("write"); p += w; n -= w; } }
static void xpwrite(int fd, const void *b, size_t n, off_t o) { const char *p = b; while (n) { ssize_t w = pwrite(fd, p, n, o); if (w <= 0) die("pwrite"); p += w; n -= w; o += w; } }

static void stage(const char *in, const char *out, int mib) {
	char a[512], b[512]; size_t bs = 4 << 20; char *buf = malloc(bs); unsigned long ck = 0;
	snprintf(a, sizeof a, "%s/part.%d", in, rank); snprintf(b, sizeof b, "%s/part.%d", out, rank);
	int fi = open(a, O_RDONLY), fo = open(b, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fi < 0 || fo < 0) die("open");
	ssize_t r; long tot = 0;
	while ((r = read(fi, buf, bs)) > 0) { for (ssize_t i = 0; i < r; i += 4096) ck = ck * 31 + (unsigned char)buf[i]; xwrite(fo, buf, r); tot += r; }
	close(fi); close(fo);
	unsigned long all[64]; long tots[64];
	MPI_Gather(&ck, 1, MPI_UNSIGNED_LONG, all, 1, MPI_UNSIGNED_LONG, 0, MPI_COMM_WORLD);
	MPI_Gather(&tot, 1, MPI_LONG, tots, 1, MPI_LONG, 0, MPI_COMM_WORLD);
	if (rank == 0) {
		snprintf(b, sizeof b, "%s/MANIFEST", out); FILE *f = fopen(b, "w"); if (!f) die("fopen");
		for (int i = 0; i < nprocs; i++) fprintf(f, "part.%d %ld %016lx\n", i, tots[i], all[i]);
		fclose(f); printf("stage: %d files of %d MiB copied\n", nprocs, mib);
	}
	free(buf); (void)mib;
}

static void gen_build(const char *src, int nunits) {
	char p[512]; mkdir(src, 0755); char *buf = malloc(65536); for (int i = 0; i < 65536; i++) buf[i] = 'a' + i % 26;
	for (int h = 0; h < 400; h++) { snprintf(p, sizeof p, "%s/h%03d.h", src, h); int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		xwrite(fd, buf, 1024 + (h * 7919) % 7168); close(fd); }
	for (int u = 0; u < nunits; u++) { snprintf(p, sizeof p, "%s/u%03d.c", src, u); int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		xwrite(fd, buf, 8192 + (u * 4099) % 24576); close(fd); }
	free(buf);
}

static long slurp(const char *p, char *buf, size_t cap) {
	int fd = open(p, O_RDONLY); if (fd < 0) die(p); long t = 0; ssize_t r;
	while ((r = read(fd, buf + t, cap - t)) > 0) t += r; close(fd); return t;
}

static void build(const char *src, const char *out, int nunits) {
	char p[512]; char *buf = malloc(1 << 20); double s = 0; long n = (long)(2.0e6 * compute_scale());
	mkdir(out, 0755); snprintf(p, sizeof p, "%s/build.log", out); FILE *lg = fopen(p, "w");
	for (int u = 0; u < nunits; u++) {
		snprintf(p, sizeof p, "%s/u%03d.c", src, u); long b = slurp(p, buf, 1 << 20);
		for (int h = 0; h < 30; h++) { int id = h < 10 ? h : 10 + (u * 37 + h * 101) % 390;
			snprintf(p, sizeof p, "%s/h%03d.h", src, id); b += slurp(p, buf, 1 << 20); }
		s += burn(n);                       /* the compiler's work */
		long osz = 16384 + (u * 3001) % 49152; memset(buf, u, osz);
		snprintf(p, sizeof p, "%s/u%03d.o", out, u); int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		xwrite(fd, buf, osz); close(fd);
		fprintf(lg, "CC u%03d.c (%ld B of source and headers) -> u%03d.o %ld B\n", u, b, u, osz);
	}
	char *img = malloc(8 << 20); long tot = 0;
	for (int u = 0; u < nunits; u++) { snprintf(p, sizeof p, "%s/u%03d.o", out, u); tot += slurp(p, img + tot, (8 << 20) - tot); }
	s += burn(n * 3);                           /* the linker */
	snprintf(p, sizeof p, "%s/a.out", out); int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0755); xwrite(fd, img, tot); close(fd);
	fprintf(lg, "LD a.out %ld B\n", tot); fclose(lg);
	printf("build: %d units, a.out %ld B, sink %.3g\n", nunits, tot, s); free(buf); free(img);
}

static void mdtraj(const char *in, const char *out, long natoms, int steps) {
	double fr[4] = {0.30, 0.25, 0.25, 0.20}; long lo = 0, cnt; int *counts = malloc(nprocs * sizeof(int)), *displs = malloc(nprocs * sizeof(int));
	for (int i = 0; i < nprocs; i++) { long c = (nprocs == 4) ? (long)(fr[i] * natoms) : natoms / nprocs; if (i == nprocs - 1) c = natoms - lo; counts[i] = 3 * c; displs[i] = 3 * lo; lo += c; }
	cnt = counts[rank] / 3;
	float *all = malloc(natoms * 3 * sizeof(float));
	/* every rank reads the whole initial structure (it needs neighbours' positions for its halo) */
	int fd = open(in, O_RDONLY); if (fd < 0) die(in); size_t need = natoms * 3 * sizeof(float), got = 0; ssize_t r;
	while (got < need && (r = read(fd, (char *)all + got, need - got > (1 << 20) ? (1 << 20) : need - got)) > 0) got += r; close(fd);
	float *mine = all + displs[rank]; char p[512]; FILE *tr = NULL, *en = NULL;
	if (rank == 0) { mkdir(out, 0755); snprintf(p, sizeof p, "%s/traj.dcd", out); tr = fopen(p, "w");
		snprintf(p, sizeof p, "%s/energy.log", out); en = fopen(p, "w"); if (!tr || !en) die("fopen");
		char hdr[276] = "CORD"; fwrite(hdr, 1, sizeof hdr, tr); }
	long n = (long)(cnt * 2.5 * compute_scale());
	for (int s = 1; s <= steps; s++) {
		double e = burn(n); for (long i = 0; i < 3 * cnt; i++) mine[i] += 1e-4f * (float)((i + s) % 7 - 3);
		double et; MPI_Reduce(&e, &et, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
		if (rank == 0) fprintf(en, "%6d %.9e %.6e\n", s, et, et * 0.5);
		if (s % 20 == 0) {
			MPI_Gatherv(rank == 0 ? MPI_IN_PLACE : mine, counts[rank], MPI_FLOAT, all, counts, displs, MPI_FLOAT, 0, MPI_COMM_WORLD);
			if (rank == 0) { int rec = (int)(natoms * 3 * 4); fwrite(&rec, 4, 1, tr); fwrite(all, sizeof(float), natoms * 3, tr); fwrite(&rec, 4, 1, tr); }
		}
	}
	if (rank == 0) { fclose(tr); fclose(en); printf("mdtraj: %ld atoms, %d steps, %d frames\n", natoms, steps, steps / 20); }
	free(all);
}

static void climate(const char *out, int nvars, int N, const char *mode) {
	int px = rank % 2, py = rank / 2, h = N / 2; char p[512]; MPI_File fh;
	snprintf(p, sizeof p, "%s/hist.nc", out);
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	MPI_Offset hdr = 4096;
	if (rank == 0) { char hb[4096]; memset(hb, 0, sizeof hb); snprintf(hb, sizeof hb, "CDF fake header: %d vars of %dx%d float32", nvars, N, N);
		MPI_File_write_at(fh, 0, hb, sizeof hb, MPI_BYTE, MPI_STATUS_IGNORE); }
	float *blk = malloc((size_t)h * h * sizeof(float)); double s = 0; long n = (long)(3.0e5 * compute_scale());
	MPI_Datatype sub; int gs[2] = {N, N}, ls[2] = {h, h}, st[2] = {py * h, px * h};
	MPI_Type_create_subarray(2, gs, ls, st, MPI_ORDER_C, MPI_FLOAT, &sub); MPI_Type_commit(&sub);
	for (int v = 0; v < nvars; v++) {
		s += burn(n);   /* the model step that makes this field */
		for (long i = 0; i < (long)h * h; i++) blk[i] = (float)(v + rank + i * 1e-6);
		MPI_Offset base = hdr + (MPI_Offset)v * N * N * sizeof(float);
		if (!strcmp(mode, "rows")) {
			for (int r = 0; r < h; r++) {
				MPI_Offset off = base + ((MPI_Offset)(py * h + r) * N + px * h) * sizeof(float);
				MPI_File_write_at(fh, off, blk + (long)r * h, h, MPI_FLOAT, MPI_STATUS_IGNORE);
			}
		} else {
			MPI_File_set_view(fh, base, MPI_FLOAT, sub, "native", MPI_INFO_NULL);
			MPI_File_write_at_all(fh, 0, blk, h * h, MPI_FLOAT, MPI_STATUS_IGNORE);
			MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL);
		}
	}
	MPI_File_close(&fh);
	if (rank == 0) printf("climate(%s): %d vars of %dx%d, sink %.3g\n", mode, nvars, N, N, s);
	free(blk);
}

static void gen_restart(const char *dir, int nr, int nf) {
	char p[512]; char buf[8192]; mkdir(dir, 0755);
	for (int r = 0; r < nr; r++) {
		snprintf(p, sizeof p, "%s/r%d", dir, r); mkdir(p, 0755);
		snprintf(p, sizeof p, "%s/r%d.pack", dir, r); int pk = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		for (int f = 0; f < nf; f++) { for (int i = 0; i < 8192; i++) buf[i] = (char)(r + f + i);
			snprintf(p, sizeof p, "%s/r%d/f%05d", dir, r, f); int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
			xwrite(fd, buf, 8192); close(fd); xwrite(pk, buf, 8192); }
		close(pk);
	}
}

static void restart(const char *dir, int nf, const char *mode) {
	char p[512]; double sum = 0; char *buf = malloc(1 << 20);
	if (!strcmp(mode, "files")) {
		for (int f = 0; f < nf; f++) { snprintf(p, sizeof p, "%s/r%d/f%05d", dir, rank, f); int fd = open(p, O_RDONLY); if (fd < 0) die(p);
			ssize_t r = read(fd, buf, 8192); if (r != 8192) die("short"); close(fd); sum += buf[100]; }
	} else {
		snprintf(p, sizeof p, "%s/r%d.pack", dir, rank); int fd = open(p, O_RDONLY); if (fd < 0) die(p); ssize_t r;
		while ((r = read(fd, buf, 1 << 20)) > 0) sum += buf[100]; close(fd);
	}
	double t; MPI_Reduce(&sum, &t, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	/* the restarted model's first steps */
	double s = burn((long)(1.0e6 * compute_scale()));
	if (rank == 0) printf("restart(%s): %d x %d x 8 KiB, sink %.3g %.3g\n", mode, nprocs, nf, t, s);
	free(buf);
}

int main(int argc, char **argv) {
	MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
	const char *m = argc > 1 ? argv[1] : "";
	if (!strcmp(m, "stage")) stage(argv[2], argv[3], atoi(argv[4]));
	else if (!strcmp(m, "build")) build(argv[2], argv[3], atoi(argv[4]));
	else if (!strcmp(m, "mdtraj")) mdtraj(argv[2], argv[3], atol(argv[4]), atoi(argv[5]));
	else if (!strcmp(m, "climate")) climate(argv[2], atoi(argv[3]), atoi(argv[4]), argv[5]);
	else if (!strcmp(m, "restart")) restart(argv[2], atoi(argv[3]), argv[4]);
	else if (!strcmp(m, "gen-build")) gen_build(argv[2], atoi(argv[3]));
	else if (!strcmp(m, "gen-restart")) gen_restart(argv[2], atoi(argv[3]), atoi(argv[4]));
	else if (!strcmp(m, "drop")) { for (int i = 2; i < argc; i++) { int fd = open(argv[i], O_RDONLY); if (fd >= 0) { fdatasync(fd); posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); close(fd); } } }
	else { fprintf(stderr, "unknown mode\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	MPI_Finalize(); return 0;
}
