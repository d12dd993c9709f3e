/* Round 86 MPI program: a 2-D heat-equation simulation with in-situ visualization / analysis output.
 * Each rank owns NY/np rows of an NX x NY float field and runs a Jacobi stencil between outputs.
 * app86 MODE STEPS DIR [WORK [ROWS]]   (WORK: stencil sweeps between outputs, default 60; ROWS: NY, default 1024)
 *   gather    every step rank 0 MPI_Gathers an 8-bit slice image and writes DIR/img-SSSS.pgm (header + pixels)
 *   vtkpar    every step each rank fwrites its piece DIR/sSSSS-pR.vtk (ASCII header, binary floats);
 *             rank 0 writes the DIR/sSSSS.pvtk index (stdio, a few lines)
 *   posthoc   post-hoc reader: every rank reads every step's index, then its own piece (fgets header, one fread),
 *             and computes a histogram; rank 0 appends a line a step to DIR/stats.txt
 *   smallwr   like vtkpar, but each piece is a legacy ASCII VTK written with one write(2) per value (the
 *             unbuffered writer); smallbuf: the same text formatted into a buffer and written at once (twin)
 *   storm     every step each rank writes every one of its 16 blocks x 4 fields to its own file DIR/sSSSS/bB-F.raw
 *             (AMR-like block files, 16 KiB each); blocks: the same bytes as one file per rank per step (twin)
 *   gascii    every step rank 0 MPI_Gathers the whole float field and writes it as a legacy ASCII VTK
 *             DIR/fSSSS.vtk through stdio, one fprintf per value; gbinary: the same field as BINARY (one fwrite, twin)
 *   fsync     Catalyst-like staging: every step each rank writes its piece with write(2) and fsyncs it, then
 *             rank 0 writes and fsyncs a DIR/sSSSS.ready marker; nofsync: the same without fsync (twin) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>
#define NX 512
static int rank, np, ny, work;
static float *u, *v;
static void die(const char *p) { perror(p); MPI_Abort(MPI_COMM_WORLD, 1); }
static void sweep(void) {
	for (int w = 0; w < work; w++) {
		for (int j = 1; j < ny - 1; j++)
			for (int i = 1; i < NX - 1; i++)
				v[j * NX + i] = 0.25f * (u[j * NX + i - 1] + u[j * NX + i + 1] + u[(j - 1) * NX + i] + u[(j + 1) * NX + i]);
		float *t = u; u = v; v = t;
	}
}
static void wfull(int fd, const void *b, size_t n) {
	const char *c = b;
	while (n) { ssize_t k = write(fd, c, n); if (k <= 0) die("write"); c += k; n -= (size_t)k; }
}
static void gather_img(const char *dir, int s) {
	size_t n = (size_t)ny * NX; unsigned char *px = malloc(n), *all = rank ? NULL : malloc(n * np);
	for (size_t k = 0; k < n; k++) px[k] = (unsigned char)(u[k] * 255.0f);
	MPI_Gather(px, (int)n, MPI_BYTE, all, (int)n, MPI_BYTE, 0, MPI_COMM_WORLD);
	if (!rank) {
		char p[512], h[64]; snprintf(p, sizeof p, "%s/img-%04d.pgm", dir, s);
		int fd = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (fd < 0) die(p);
		int hl = snprintf(h, sizeof h, "P5\n%d %d\n255\n", NX, ny * np);
		wfull(fd, h, (size_t)hl); wfull(fd, all, n * np); close(fd);
	}
	free(px); free(all);
}
static void vtk_header(char *h, size_t hs, int s, const char *fmt);
static void gather_field(const char *dir, int s, int ascii) {
	size_t n = (size_t)ny * NX; float *all = rank ? NULL : malloc(n * np * sizeof(float));
	MPI_Gather(u, (int)n, MPI_FLOAT, all, (int)n, MPI_FLOAT, 0, MPI_COMM_WORLD);
	if (rank) return;
	char p[512], h[512]; snprintf(p, sizeof p, "%s/f%04d.vtk", dir, s);
	FILE *f = fopen(p, "w"); if (!f) die(p);
	int ny0 = ny; ny *= np; vtk_header(h, sizeof h, s, ascii ? "ASCII" : "BINARY"); ny = ny0; fputs(h, f);
	if (ascii) for (size_t k = 0; k < n * np; k++) fprintf(f, "%.5f\n", all[k]);
	else if (fwrite(all, sizeof(float), n * np, f) != n * np) die("fwrite");
	fclose(f); free(all);
}
static void vtk_header(char *h, size_t hs, int s, const char *fmt) {
	snprintf(h, hs, "# vtk DataFile Version 3.0\nheat step %d rank %d\n%s\nDATASET STRUCTURED_POINTS\n"
		"DIMENSIONS %d %d 1\nORIGIN 0 %d 0\nSPACING 1 1 1\nPOINT_DATA %d\nSCALARS T float 1\nLOOKUP_TABLE default\n",
		s, rank, fmt, NX, ny, rank * ny, NX * ny);
}
static void vtk_piece(const char *dir, int s) {
	char p[512], h[512]; snprintf(p, sizeof p, "%s/s%04d-p%d.vtk", dir, s, rank);
	FILE *f = fopen(p, "w"); if (!f) die(p);
	vtk_header(h, sizeof h, s, "BINARY"); fputs(h, f);
	if (fwrite(u, sizeof(float), (size_t)ny * NX, f) != (size_t)ny * NX) die("fwrite");
	fclose(f);
	if (!rank) {
		snprintf(p, sizeof p, "%s/s%04d.pvtk", dir, s); f = fopen(p, "w"); if (!f) die(p);
		fprintf(f, "# pieces %d step %d\n", np, s);
		for (int r = 0; r < np; r++) fprintf(f, "s%04d-p%d.vtk\n", s, r);
		fclose(f);
	}
}
static void posthoc(const char *dir, int s, FILE *st) {
	char p[1100], line[512]; snprintf(p, sizeof p, "%s/s%04d.pvtk", dir, s);
	FILE *f = fopen(p, "r"); if (!f) die(p);
	int npc = 0; if (!fgets(line, sizeof line, f) || sscanf(line, "# pieces %d", &npc) != 1) die("pvtk");
	for (int r = 0; r <= rank % npc; r++) if (!fgets(line, sizeof line, f)) die("pvtk piece");
	fclose(f); line[strcspn(line, "\n")] = 0;
	snprintf(p, sizeof p, "%s/%s", dir, line); f = fopen(p, "r"); if (!f) die(p);
	for (int k = 0; k < 10; k++) if (!fgets(line, sizeof line, f)) die("vtk header");
	if (fread(u, sizeof(float), (size_t)ny * NX, f) != (size_t)ny * NX) die("fread");
	fclose(f);
	long hist[16] = {0}, tot[16];
	for (int k = 0; k < ny * NX; k++) { int b = (int)(u[k] * 16.0f); hist[b < 0 ? 0 : b > 15 ? 15 : b]++; }
	MPI_Reduce(hist, tot, 16, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
	if (!rank) { fprintf(st, "step %d", s); for (int b = 0; b < 16; b++) fprintf(st, " %ld", tot[b]); fputc('\n', st); }
}
static void ascii_piece(const char *dir, int s, int buffered) {
	char p[512], h[512]; snprintf(p, sizeof p, "%s/s%04d-p%d.vtk", dir, s, rank);
	int fd = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (fd < 0) die(p);
	vtk_header(h, sizeof h, s, "ASCII");
	wfull(fd, h, strlen(h));
	size_t n = (size_t)ny * NX, cap = n * 12 + 16, len = 0; char *b = buffered ? malloc(cap) : NULL, one[32];
	for (size_t k = 0; k < n; k++) {
		int l = snprintf(buffered ? b + len : one, buffered ? cap - len : sizeof one, "%.5f\n", u[k]);
		if (buffered) len += (size_t)l; else wfull(fd, one, (size_t)l);
	}
	if (buffered) { wfull(fd, b, len); free(b); }
	close(fd);
}
static void storm(const char *dir, int s, int oneper) {
	char p[512]; snprintf(p, sizeof p, "%s/s%04d", dir, s); mkdir(p, 0755);
	size_t blk = (size_t)ny * NX / 16; int fd = -1;
	if (oneper) { snprintf(p, sizeof p, "%s/s%04d/r%d.raw", dir, s, rank); fd = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (fd < 0) die(p); }
	for (int b = 0; b < 16; b++) for (int f = 0; f < 4; f++) {
		if (!oneper) { snprintf(p, sizeof p, "%s/s%04d/b%02d-%d.raw", dir, s, rank * 16 + b, f); fd = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (fd < 0) die(p); }
		wfull(fd, u + b * blk, blk * sizeof(float));
		if (!oneper) close(fd);
	}
	if (oneper) close(fd);
}
static void staged(const char *dir, int s, int dosync) {
	char p[512]; snprintf(p, sizeof p, "%s/s%04d-p%d.raw", dir, s, rank);
	int fd = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (fd < 0) die(p);
	wfull(fd, u, (size_t)ny * NX * sizeof(float)); if (dosync) fsync(fd);
		close(fd);
	MPI_Barrier(MPI_COMM_WORLD);
	if (!rank) {
		snprintf(p, sizeof p, "%s/s%04d.ready", dir, s); fd = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (fd < 0) die(p);
		char l[64]; int n = snprintf(l, sizeof l, "step %d pieces %d\n", s, np); wfull(fd, l, (size_t)n);
		if (dosync) fsync(fd);
		close(fd);
	}
}
int main(int argc, char **argv) {
	MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 4) { if (!rank) fprintf(stderr, "usage: app86 MODE STEPS DIR [WORK [ROWS]]\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	const char *m = argv[1], *dir = argv[3]; int steps = atoi(argv[2]); work = argc > 4 ? atoi(argv[4]) : 60;
	ny = (argc > 5 ? atoi(argv[5]) : 1024) / np; u = malloc(sizeof(float) * NX * ny); v = malloc(sizeof(float) * NX * ny);
	for (int k = 0; k < NX * ny; k++) u[k] = v[k] = (float)((k * 2654435761u + (unsigned)rank * 97u) % 1000u) / 1000.0f;
	FILE *st = NULL;
	if (!strcmp(m, "posthoc") && !rank) { char p[512]; snprintf(p, sizeof p, "%s/stats.txt", dir); st = fopen(p, "w"); if (!st) die(p); }
	for (int s = 0; s < steps; s++) {
		if (strcmp(m, "posthoc")) sweep();
		if (!strcmp(m, "gather")) gather_img(dir, s);
		else if (!strcmp(m, "gascii") || !strcmp(m, "gbinary")) gather_field(dir, s, m[1] == 'a');
		else if (!strcmp(m, "vtkpar")) vtk_piece(dir, s);
		else if (!strcmp(m, "posthoc")) { posthoc(dir, s, st); sweep(); }
		else if (!strcmp(m, "smallwr") || !strcmp(m, "smallbuf")) ascii_piece(dir, s, m[5] == 'b');
		else if (!strcmp(m, "storm") || !strcmp(m, "blocks")) storm(dir, s, m[0] == 'b');
		else if (!strcmp(m, "fsync") || !strcmp(m, "nofsync")) staged(dir, s, m[0] == 'f');
		else { if (!rank) fprintf(stderr, "unknown mode %s\n", m); MPI_Abort(MPI_COMM_WORLD, 2); }
	}
	if (st) fclose(st);
	if (!rank) printf("%s: %d steps, %d ranks, u[0]=%g\n", m, steps, np, (double)u[NX + 1]);
	MPI_Finalize(); return 0;
}
