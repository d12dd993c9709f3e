/* kern40.c: the I/O patterns of classic HPC I/O kernels, written from their published
 * descriptions for the fortieth labelled round (issue 34). A compute phase (Jacobi sweeps over a
 * local 1-D grid with a halo exchange) stands in for each application's solver between dumps.
 * Each mode prints the slowest rank's wall time from a barrier to a barrier.
 *
 *  hacc NPART_K CKPTS SWEEPS fpp|shared posix|mpiio PATH
 *      HACC-IO: each rank holds NPART_K*1024 particles, 9 variables (xx yy zz vx vy vz phi as
 *      float, pid int64, mask uint16), written one variable a call; after the last checkpoint
 *      it is read back and verified, as the benchmark does. shared: one file, rank-major regions.
 *  btio N DUMPS SWEEPS full|simple PATH
 *      NAS BT-IO: an N^3 array of 5 doubles a cell, cut in a 3-D grid of ranks; each dump is
 *      appended to one file. full: a subarray view and one MPI_File_write_all a dump; simple:
 *      one independent MPI_File_write_at a contiguous x row. Read back at the end (verification).
 *  vpic NPART_K DUMPS SWEEPS PATH
 *      VPIC-IO: a dump is a new file of 8 particle properties (4-byte each), each a 1-D array
 *      in which every rank owns one contiguous segment, written with MPI_File_write_at_all.
 *  mad NBIN BLOCK_K SWEEPS PATH
 *      MADbench2 (IOMODE SYNC, FILETYPE SHARED, POSIX): NBIN out-of-core matrices, each rank a
 *      block of BLOCK_K KiB of each; S: compute + lseek/write each; W: lseek/read, compute,
 *      lseek/write each; C: lseek/read each + compute.
 *  restart NVAR STEPS SWEEPS PATH
 *      a restart: every rank reads its contiguous part of an existing shared file in NVAR
 *      collective reads (MPI_File_read_at_all), then computes STEPS steps.
 *  mkrestart BLOCK_K PATH
 *      makes the restart file (BLOCK_K KiB a rank), not logged.
 *  e3sm NCOL NLEV NVAR NREC SWEEPS PATH [B]
 *      E3SM-like history output: each record, NVAR fields of NLEV x NCOL doubles; the columns are
 *      dealt to ranks in blocks of B (16) round-robin (a PIO-like decomposition), so a rank's part
 *      is noncontiguous: an indexed file view and MPI_File_write_all a field; rank 0 also
 *      writes the record's time (8 bytes). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int rank, np;
static double *ga, *gb;
static const long GN = 1L << 16;

static void die(const char *m)
{
	fprintf(stderr, "rank %d: %s\n", rank, m);
	MPI_Abort(MPI_COMM_WORLD, 1);
}

/* The stand-in solver: SWEEPS Jacobi sweeps with a halo exchange each. */
static void compute(int sweeps)
{
	int L = (rank + np - 1) % np, R = (rank + 1) % np;
	for (int s = 0; s < sweeps; s++) {
		MPI_Sendrecv(&ga[1], 1, MPI_DOUBLE, L, 0, &ga[GN - 1], 1, MPI_DOUBLE, R, 0, MPI_COMM_WORLD,
			     MPI_STATUS_IGNORE);
		for (long i = 1; i + 1 < GN; i++) gb[i] = 0.5 * ga[i] + 0.25 * (ga[i - 1] + ga[i + 1]);
		double *t = ga;
		ga = gb;
		gb = t;
	}
}

static void fill(void *p, size_t n, unsigned seed)
{
	unsigned char *c = p;
	for (size_t i = 0; i < n; i++) c[i] = (unsigned char)(seed * 131 + i * 7 + (i >> 12));
}

static void pw(int fd, const void *b, size_t n, off_t off)
{
	if (pwrite(fd, b, n, off) != (ssize_t)n) die("pwrite");
}

static void pr(int fd, void *b, size_t n, off_t off)
{
	if (pread(fd, b, n, off) != (ssize_t)n) die("pread");
}

/* ---- HACC-IO ---- */
static const int hsz[9] = {4, 4, 4, 4, 4, 4, 4, 8, 2};

static void hacc_io(long n, const char *layout, const char *api, const char *path, int c, int rd,
		    char **v)
{
	int fpp = !strcmp(layout, "fpp"), mpiio = !strcmp(api, "mpiio");
	char name[512];
	if (fpp) snprintf(name, sizeof name, "%s.%d.%d", path, c, rank);
	else snprintf(name, sizeof name, "%s.%d", path, c);
	long rec = 38 * n;
	off_t base = fpp ? 0 : (off_t)rank * rec, off = base;
	MPI_File fh;
	int fd = -1;
	if (mpiio) {
		int am = rd ? MPI_MODE_RDONLY : MPI_MODE_CREATE | MPI_MODE_WRONLY;
		if (MPI_File_open(fpp ? MPI_COMM_SELF : MPI_COMM_WORLD, name, am, MPI_INFO_NULL, &fh))
			die("MPI_File_open");
	} else {
		fd = open(name, rd ? O_RDONLY : O_WRONLY | O_CREAT, 0644);
		if (fd < 0) die("open");
	}
	for (int k = 0; k < 9; k++) {
		size_t len = (size_t)hsz[k] * n;
		if (mpiio && rd) MPI_File_read_at(fh, off, v[k], (int)len, MPI_BYTE, MPI_STATUS_IGNORE);
		else if (mpiio) MPI_File_write_at(fh, off, v[k], (int)len, MPI_BYTE, MPI_STATUS_IGNORE);
		else if (rd) pr(fd, v[k], len, off);
		else pw(fd, v[k], len, off);
		off += len;
	}
	if (mpiio) MPI_File_close(&fh);
	else close(fd);
}

static void hacc(char **a)
{
	long n = atol(a[0]) * 1024;
	int ck = atoi(a[1]), sw = atoi(a[2]);
	char *v[9], *w[9];
	for (int k = 0; k < 9; k++) {
		v[k] = malloc((size_t)hsz[k] * n);
		w[k] = malloc((size_t)hsz[k] * n);
		if (!v[k] || !w[k]) die("malloc");
		fill(v[k], (size_t)hsz[k] * n, rank * 9 + k);
	}
	for (int c = 1; c <= ck; c++) {
		compute(sw);
		hacc_io(n, a[3], a[4], a[5], c, 0, v);
	}
	MPI_Barrier(MPI_COMM_WORLD);
	hacc_io(n, a[3], a[4], a[5], ck, 1, w);
	for (int k = 0; k < 9; k++)
		if (memcmp(v[k], w[k], (size_t)hsz[k] * n)) die("hacc verify");
}

/* ---- NAS BT-IO ---- */
static void btio(char **a)
{
	int N = atoi(a[0]), dumps = atoi(a[1]), sw = atoi(a[2]), full = !strcmp(a[3], "full");
	int dims[3] = {0, 0, 0}, per[3] = {0, 0, 0}, co[3];
	MPI_Dims_create(np, 3, dims);
	MPI_Comm cart;
	MPI_Cart_create(MPI_COMM_WORLD, 3, dims, per, 0, &cart);
	MPI_Cart_coords(cart, rank, 3, co);
	int sz[3] = {N, N, N}, sub[3], st[3];
	for (int d = 0; d < 3; d++) {
		if (N % dims[d]) die("N must divide by the rank grid");
		sub[d] = N / dims[d];
		st[d] = co[d] * sub[d];
	}
	long cells = (long)sub[0] * sub[1] * sub[2], gcells = (long)N * N * N;
	double *u = malloc(cells * 40), *r = malloc(cells * 40);
	if (!u || !r) die("malloc");
	MPI_Datatype cell, view;
	MPI_Type_contiguous(5, MPI_DOUBLE, &cell);
	MPI_Type_commit(&cell);
	MPI_Type_create_subarray(3, sz, sub, st, MPI_ORDER_C, cell, &view);
	MPI_Type_commit(&view);
	MPI_File fh;
	if (MPI_File_open(MPI_COMM_WORLD, a[4], MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh))
		die("MPI_File_open");
	for (int d = 0; d < dumps; d++) {
		compute(sw);
		for (long i = 0; i < cells * 5; i++) u[i] = d + i * 1e-6 + rank;
		MPI_Offset disp = (MPI_Offset)d * gcells * 40;
		if (full) {
			MPI_File_set_view(fh, disp, cell, view, "native", MPI_INFO_NULL);
			MPI_File_write_all(fh, u, (int)cells, cell, MPI_STATUS_IGNORE);
			continue;
		}
		for (int z = 0; z < sub[0]; z++)
			for (int y = 0; y < sub[1]; y++) {
				long g = ((long)(st[0] + z) * N + st[1] + y) * N + st[2];
				double *row = u + ((long)z * sub[1] + y) * sub[2] * 5;
				MPI_File_write_at(fh, disp + g * 40, row, sub[2] * 5, MPI_DOUBLE, MPI_STATUS_IGNORE);
			}
	}
	/* verification: read every dump back, as BT-IO does after its timed loop */
	for (int d = 0; d < dumps; d++) {
		MPI_Offset disp = (MPI_Offset)d * gcells * 40;
		if (full) {
			MPI_File_set_view(fh, disp, cell, view, "native", MPI_INFO_NULL);
			MPI_File_read_all(fh, r, (int)cells, cell, MPI_STATUS_IGNORE);
		} else {
			MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL);
			for (int z = 0; z < sub[0]; z++)
				for (int y = 0; y < sub[1]; y++) {
					long g = ((long)(st[0] + z) * N + st[1] + y) * N + st[2];
					double *row = r + ((long)z * sub[1] + y) * sub[2] * 5;
					MPI_File_read_at(fh, disp + g * 40, row, sub[2] * 5, MPI_DOUBLE,
							 MPI_STATUS_IGNORE);
				}
		}
		if (r[0] != d + rank) die("btio verify");
	}
	MPI_File_close(&fh);
	free(u);
	free(r);
}

/* ---- VPIC-IO ---- */
static void vpic(char **a)
{
	long n = atol(a[0]) * 1024;
	int dumps = atoi(a[1]), sw = atoi(a[2]);
	float *p = malloc(n * 4);
	if (!p) die("malloc");
	for (int d = 1; d <= dumps; d++) {
		compute(sw);
		char name[512];
		snprintf(name, sizeof name, "%s.%d", a[3], d);
		MPI_File fh;
		if (MPI_File_open(MPI_COMM_WORLD, name, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh))
			die("MPI_File_open");
		for (int k = 0; k < 8; k++) {
			fill(p, n * 4, d * 8 + k + rank);
			MPI_Offset off = ((MPI_Offset)k * np + rank) * n * 4;
			MPI_File_write_at_all(fh, off, p, (int)n, MPI_FLOAT, MPI_STATUS_IGNORE);
		}
		MPI_File_close(&fh);
	}
	free(p);
}

/* ---- MADbench2 ---- */
static void mad(char **a)
{
	int nbin = atoi(a[0]), sw = atoi(a[2]);
	size_t b = (size_t)atol(a[1]) * 1024;
	char *m = malloc(b);
	if (!m) die("malloc");
	int fd = open(a[3], O_RDWR | O_CREAT, 0644);
	if (fd < 0) die("open");
	for (int i = 0; i < nbin; i++) { /* S: build each matrix, write it */
		compute(sw);
		fill(m, b, i + rank);
		if (lseek(fd, ((off_t)i * np + rank) * b, SEEK_SET) < 0) die("lseek");
		if (write(fd, m, b) != (ssize_t)b) die("write");
	}
	MPI_Barrier(MPI_COMM_WORLD);
	for (int i = 0; i < nbin; i++) { /* W: read, multiply, write back */
		if (lseek(fd, ((off_t)i * np + rank) * b, SEEK_SET) < 0) die("lseek");
		if (read(fd, m, b) != (ssize_t)b) die("read");
		compute(sw);
		if (lseek(fd, ((off_t)i * np + rank) * b, SEEK_SET) < 0) die("lseek");
		if (write(fd, m, b) != (ssize_t)b) die("write");
	}
	MPI_Barrier(MPI_COMM_WORLD);
	for (int i = 0; i < nbin; i++) { /* C: read each back and trace it */
		if (lseek(fd, ((off_t)i * np + rank) * b, SEEK_SET) < 0) die("lseek");
		if (read(fd, m, b) != (ssize_t)b) die("read");
		compute(sw);
	}
	close(fd);
	free(m);
}

/* ---- restart ---- */
static void restart(char **a)
{
	int nv = atoi(a[0]), steps = atoi(a[1]), sw = atoi(a[2]);
	MPI_File fh;
	if (MPI_File_open(MPI_COMM_WORLD, a[3], MPI_MODE_RDONLY, MPI_INFO_NULL, &fh)) die("MPI_File_open");
	MPI_Offset fs;
	MPI_File_get_size(fh, &fs);
	MPI_Offset part = fs / np, piece = part / nv;
	char *buf = malloc(piece);
	if (!buf) die("malloc");
	for (int k = 0; k < nv; k++)
		MPI_File_read_at_all(fh, rank * part + k * piece, buf, (int)piece, MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	for (int s = 0; s < steps; s++) compute(sw);
	free(buf);
}

static void mkrestart(char **a)
{
	size_t b = (size_t)atol(a[0]) * 1024;
	char *buf = malloc(b);
	if (!buf) die("malloc");
	fill(buf, b, rank);
	MPI_File fh;
	if (MPI_File_open(MPI_COMM_WORLD, a[1], MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh))
		die("MPI_File_open");
	MPI_File_write_at_all(fh, (MPI_Offset)rank * b, buf, (int)b, MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	free(buf);
}

/* ---- E3SM-like history output ---- */
static void e3sm(char **a)
{
	int ncol = atoi(a[0]), nlev = atoi(a[1]), nvar = atoi(a[2]), nrec = atoi(a[3]), sw = atoi(a[4]);
	/* columns dealt in blocks of B (16; an optional 7th argument sets it: the twin) */
	const int B = a[6] ? atoi(a[6]) : 16;
	int nblk = ncol / B, mine = 0;
	for (int k = rank; k < nblk; k += np) mine++;
	int npc = mine * nlev, *len = malloc(npc * sizeof(int)), *dsp = malloc(npc * sizeof(int));
	int j = 0;
	for (int l = 0; l < nlev; l++)
		for (int k = rank; k < nblk; k += np, j++) {
			len[j] = B;
			dsp[j] = l * ncol + k * B;
		}
	MPI_Datatype ft;
	MPI_Type_indexed(npc, len, dsp, MPI_DOUBLE, &ft);
	MPI_Type_commit(&ft);
	long cnt = (long)npc * B;
	double *f = malloc(cnt * 8);
	if (!f) die("malloc");
	MPI_File fh;
	if (MPI_File_open(MPI_COMM_WORLD, a[5], MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh))
		die("MPI_File_open");
	MPI_Offset fieldb = (MPI_Offset)ncol * nlev * 8, recb = 8 + fieldb * nvar;
	for (int r = 0; r < nrec; r++) {
		compute(sw);
		/* the record's time goes through a byte view: a write_at offset is counted in the
		 * current view's etypes and tiles, so the field view must not be left in place */
		MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL);
		if (!rank) {
			double t = r * 1800.0;
			MPI_File_write_at(fh, r * recb, &t, 1, MPI_DOUBLE, MPI_STATUS_IGNORE);
		}
		for (int v = 0; v < nvar; v++) {
			for (long i = 0; i < cnt; i++) f[i] = r + v * 0.01 + i * 1e-9;
			MPI_File_set_view(fh, r * recb + 8 + v * fieldb, MPI_DOUBLE, ft, "native", MPI_INFO_NULL);
			MPI_File_write_all(fh, f, (int)cnt, MPI_DOUBLE, MPI_STATUS_IGNORE);
		}
	}
	MPI_File_close(&fh);
	free(f);
	free(len);
	free(dsp);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	static const struct {
		const char *m;
		int n;
		void (*f)(char **);
	} t[] = {{"hacc", 6, hacc}, {"btio", 5, btio}, {"vpic", 4, vpic}, {"mad", 4, mad},
		 {"restart", 4, restart}, {"mkrestart", 2, mkrestart}, {"e3sm", 6, e3sm}};
	ga = calloc(GN, 8);
	gb = calloc(GN, 8);
	for (long i = 0; i < GN; i++) ga[i] = (double)((rank * GN + i) % 1000);
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		if (argc < 2 || strcmp(argv[1], t[i].m)) continue;
		if (argc < 2 + t[i].n) die("too few arguments");
		MPI_Barrier(MPI_COMM_WORLD);
		double t0 = MPI_Wtime();
		t[i].f(argv + 2);
		MPI_Barrier(MPI_COMM_WORLD);
		double e = MPI_Wtime() - t0, mx;
		MPI_Reduce(&e, &mx, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
		if (!rank) printf("kern40 %s np %d: %.3f s\n", argv[1], np, mx);
		MPI_Finalize();
		return 0;
	}
	die("usage: kern40 hacc|btio|vpic|mad|restart|mkrestart|e3sm ARGS");
	return 1;
}
