/* sim42.c: what a simulation campaign's jobs do around the solver, for round 42 (issue 34), written by
 * labels42. A solver step is SWEEPS Jacobi sweeps over a local 1-D grid of CELLS doubles a rank with a
 * halo exchange (MPI_Sendrecv). Options (key=value):
 *   mode=steps   STEPS steps; after each, one HDF5 file DIR/stepNNNN.h5 written by all ranks (MPI-IO
 *                driver, collective transfer): FIELDS 2-D datasets [np*rows, COLS] doubles, rank r its row
 *                block; layout=contig or chunk (chunk=ROWS rows a chunk); attrs=K small scalar attributes a
 *                dataset (created and written collectively, as a code stamps its parameters)
 *   mode=ckpt    STEPS steps, every EVERY a two-level checkpoint: each rank write(2)s CKMB MiB in 1 MiB
 *                pieces to node-local LOCAL/ckpt.R, then flushes it to the shared DIR/ckpt-S.R:
 *                copy=stdio (fopen/fread/fwrite in 4 KiB pieces, as a cp-like loop) or posix (1 MiB)
 *   mode=restart reads the checkpoint DIR/ckpt-S.R, R < WN, written by WN ranks, on np ranks (np != WN):
 *                rd=all each rank reads every file whole and keeps its share; rd=range only its bytes;
 *                cold=1 drops a file's pages after reading it; then STEPS steps
 *   mode=post    reads every step file DIR/stepNNNN.h5 (N < NFILES) whole, rank r the files s%np==r
 *                (HDF5 sec2 driver), and reduces each field (mean); cold=1 as above
 *   mode=insitu  every step: a solver step, then a hyperslab of SLAB x SLAB of field 0 of step file s%NFILES
 *                (rank r from its own row offset; HDF5 sec2 driver)
 *   mode=diag    STEPS steps; each rank appends a ~105 B line a step to the shared text file OUT:
 *                how=each (fopen "a" once, fprintf + fflush every step) or gather (MPI_Gather, rank 0
 *                fwrite's the lines, fflush every 50 steps)
 *   mode=gather  STEPS steps, every EVERY an output of the whole grid: how=rank0 (MPI_Gather to rank 0,
 *                which write(2)s DIR/out.S in 1 MiB pieces) or coll (MPI_File_write_at_all to DIR/out.S)
 * Prints the slowest rank's wall time from a barrier to a barrier. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <hdf5.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *mode = "steps", *dir = ".", *local = "/tmp", *layout = "contig", *copy = "posix",
		  *rd = "range", *how = "each", *out = "diag.txt";
static long cells = 65536, steps = 10, sweeps = 10, fields = 1, cols = 512, chunkr = 16, attrs = 0,
	    every = 5, ckmb = 4, wn = 4, cold = 0, nfiles = 10, slab = 64;
static int rank, np;
static double *g, *t;

static void opt(const char *a)
{
	const char *v = strchr(a, '=');
	if (!v) return;
	size_t k = (size_t)(v - a);
	v++;
#define S(n, var) if (k == strlen(n) && !strncmp(a, n, k)) { var = v; return; }
#define L(n, var) if (k == strlen(n) && !strncmp(a, n, k)) { var = atol(v); return; }
	S("mode", mode) S("dir", dir) S("local", local) S("layout", layout) S("copy", copy) S("rd", rd)
	S("how", how) S("out", out)
	L("cells", cells) L("steps", steps) L("sweeps", sweeps) L("fields", fields) L("cols", cols)
	L("chunk", chunkr) L("attrs", attrs) L("every", every) L("ckmb", ckmb) L("wn", wn)
	L("cold", cold) L("nfiles", nfiles) L("slab", slab)
	if (!rank) fprintf(stderr, "unknown option %s\n", a);
	MPI_Abort(MPI_COMM_WORLD, 2);
}

static void die(const char *what)
{
	perror(what);
	MPI_Abort(MPI_COMM_WORLD, 1);
}

/* one solver step: SWEEPS Jacobi sweeps with a halo exchange */
static void solve(void)
{
	int lf = rank > 0 ? rank - 1 : MPI_PROC_NULL, rt = rank < np - 1 ? rank + 1 : MPI_PROC_NULL;
	for (long k = 0; k < sweeps; k++) {
		MPI_Sendrecv(&g[1], 1, MPI_DOUBLE, lf, 0, &g[cells + 1], 1, MPI_DOUBLE, rt, 0, MPI_COMM_WORLD,
			     MPI_STATUS_IGNORE);
		MPI_Sendrecv(&g[cells], 1, MPI_DOUBLE, rt, 1, &g[0], 1, MPI_DOUBLE, lf, 1, MPI_COMM_WORLD,
			     MPI_STATUS_IGNORE);
		for (long i = 1; i <= cells; i++) t[i] = 0.5 * g[i] + 0.25 * (g[i - 1] + g[i + 1]);
		double *x = g; g = t; t = x;
	}
}

static void stepfile(char *buf, size_t n, long s)
{
	snprintf(buf, n, "%s/step%04ld.h5", dir, s);
}

static void write_steps(long s)
{
	char fn[512], name[32];
	stepfile(fn, sizeof fn, s);
	long rows = cells / cols;
	hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
	H5Pset_fapl_mpio(fapl, MPI_COMM_WORLD, MPI_INFO_NULL);
	hid_t f = H5Fcreate(fn, H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
	if (f < 0) die(fn);
	hid_t xf = H5Pcreate(H5P_DATASET_XFER);
	H5Pset_dxpl_mpio(xf, H5FD_MPIO_COLLECTIVE);
	hsize_t dims[2] = {(hsize_t)(rows * np), (hsize_t)cols}, off[2] = {(hsize_t)(rows * rank), 0},
		cnt[2] = {(hsize_t)rows, (hsize_t)cols}, ch[2] = {(hsize_t)chunkr, (hsize_t)cols};
	hid_t dcpl = H5Pcreate(H5P_DATASET_CREATE);
	if (!strcmp(layout, "chunk")) H5Pset_chunk(dcpl, 2, ch);
	for (long fi = 0; fi < fields; fi++) {
		snprintf(name, sizeof name, "field%02ld", fi);
		hid_t fs = H5Screate_simple(2, dims, NULL), ms = H5Screate_simple(2, cnt, NULL);
		hid_t d = H5Dcreate2(f, name, H5T_NATIVE_DOUBLE, fs, H5P_DEFAULT, dcpl, H5P_DEFAULT);
		H5Sselect_hyperslab(fs, H5S_SELECT_SET, off, NULL, cnt, NULL);
		H5Dwrite(d, H5T_NATIVE_DOUBLE, ms, fs, xf, &g[1]);
		hid_t as = H5Screate(H5S_SCALAR);
		for (long a = 0; a < attrs; a++) {
			char an[32];
			double v = (double)(s * 1000 + a);
			snprintf(an, sizeof an, "param_%03ld", a);
			hid_t at = H5Acreate2(d, an, H5T_NATIVE_DOUBLE, as, H5P_DEFAULT, H5P_DEFAULT);
			H5Awrite(at, H5T_NATIVE_DOUBLE, &v);
			H5Aclose(at);
		}
		H5Sclose(as); H5Dclose(d); H5Sclose(fs); H5Sclose(ms);
	}
	H5Pclose(dcpl); H5Pclose(xf); H5Fclose(f); H5Pclose(fapl);
}

static void write_all(int fd, const char *p, long n, long piece, const char *what)
{
	for (long o = 0; o < n; o += piece) {
		long k = n - o < piece ? n - o : piece;
		if (write(fd, p + o, (size_t)k) != k) die(what);
	}
}

static void copy_stdio(const char *src, const char *dst)
{
	char buf[4096];
	FILE *in = fopen(src, "r"), *o = fopen(dst, "w");
	if (!in || !o) die(dst);
	size_t k;
	while ((k = fread(buf, 1, sizeof buf, in)) > 0)
		if (fwrite(buf, 1, k, o) != k) die(dst);
	fclose(in);
	if (fclose(o)) die(dst);
}

static void copy_posix(const char *src, const char *dst, char *buf)
{
	int in = open(src, O_RDONLY), o = open(dst, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (in < 0 || o < 0) die(dst);
	ssize_t k;
	while ((k = read(in, buf, 1 << 20)) > 0) write_all(o, buf, k, 1 << 20, dst);
	close(in);
	if (close(o)) die(dst);
}

static void ckpt(long s, char *buf)
{
	char lf[512], sf[512];
	long n = ckmb << 20;
	for (long i = 0; i < n / 8; i++) ((double *)buf)[i] = g[1 + i % cells] + (double)s;
	snprintf(lf, sizeof lf, "%s/ckpt.%d", local, rank);
	snprintf(sf, sizeof sf, "%s/ckpt-%ld.%d", dir, s, rank);
	int fd = open(lf, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) die(lf);
	write_all(fd, buf, n, 1 << 20, lf);
	close(fd);
	MPI_Barrier(MPI_COMM_WORLD);
	if (!strcmp(copy, "stdio")) copy_stdio(lf, sf);
	else copy_posix(lf, sf, buf);
}

/* restart: global bytes [lo, hi) of the WN files of ckmb MiB each */
static void restart(char *buf)
{
	long fsz = ckmb << 20, tot = fsz * wn, lo = tot / np * rank, hi = rank == np - 1 ? tot : tot / np * (rank + 1);
	char fn[512];
	for (long w = 0; w < wn; w++) {
		long flo = w * fsz, fhi = flo + fsz;
		int need = flo < hi && fhi > lo;
		if (!need && strcmp(rd, "all")) continue;
		snprintf(fn, sizeof fn, "%s/ckpt-%ld.%ld", dir, every, w);
		int fd = open(fn, O_RDONLY);
		if (fd < 0) die(fn);
		long a = strcmp(rd, "all") ? (lo > flo ? lo - flo : 0) : 0;
		long b = strcmp(rd, "all") ? (hi < fhi ? hi - flo : fsz) : fsz;
		for (long o = a; o < b; o += 1 << 20) {
			long k = b - o < (1 << 20) ? b - o : (1 << 20);
			if (pread(fd, buf, (size_t)k, o) != k) die(fn);
		}
		if (cold) posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
		close(fd);
	}
}

static double post_file(long s, int sub)
{
	char fn[512], name[32];
	stepfile(fn, sizeof fn, s);
	hid_t f = H5Fopen(fn, H5F_ACC_RDONLY, H5P_DEFAULT);
	if (f < 0) die(fn);
	double sum = 0;
	for (long fi = 0; fi < (sub ? 1 : fields); fi++) {
		snprintf(name, sizeof name, "field%02ld", fi);
		hid_t d = H5Dopen2(f, name, H5P_DEFAULT), fs = H5Dget_space(d);
		hsize_t dims[2];
		H5Sget_simple_extent_dims(fs, dims, NULL);
		hsize_t cnt[2] = {sub ? (hsize_t)slab : dims[0], sub ? (hsize_t)slab : dims[1]};
		hsize_t off[2] = {sub ? (dims[0] / np * rank + dims[0] / np / 2) % (dims[0] - slab) : 0,
				  sub ? dims[1] / 2 - slab / 2 : 0};
		H5Sselect_hyperslab(fs, H5S_SELECT_SET, off, NULL, cnt, NULL);
		hid_t ms = H5Screate_simple(2, cnt, NULL);
		double *v = malloc(cnt[0] * cnt[1] * 8);
		H5Dread(d, H5T_NATIVE_DOUBLE, ms, fs, H5P_DEFAULT, v);
		for (hsize_t i = 0; i < cnt[0] * cnt[1]; i++) sum += v[i];
		free(v); H5Sclose(ms); H5Sclose(fs); H5Dclose(d);
	}
	H5Fclose(f);
	if (cold) {
		int fd = open(fn, O_RDONLY);
		if (fd >= 0) { posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); close(fd); }
	}
	return sum;
}

static void diag(long s, FILE *fp, char *lines)
{
	char ln[128];
	snprintf(ln, sizeof ln, "step %6ld rank %4d t=%.6e resid=%.9e mass=%.9e emax=%.4e\n", s, rank,
		 s * 1e-3, g[1] - g[cells], g[cells / 2], g[cells / 3]);
	memset(ln + strlen(ln), 0, sizeof ln - strlen(ln));
	if (!strcmp(how, "each")) {
		fputs(ln, fp);
		fflush(fp);
		return;
	}
	MPI_Gather(ln, 128, MPI_CHAR, lines, 128, MPI_CHAR, 0, MPI_COMM_WORLD);
	if (rank) return;
	for (int r = 0; r < np; r++) fputs(lines + 128 * r, fp);
	if (s % 50 == 0) fflush(fp);
}

static void gather_out(long s, double *all)
{
	char fn[512];
	snprintf(fn, sizeof fn, "%s/out.%ld", dir, s);
	if (!strcmp(how, "coll")) {
		MPI_File fh;
		if (MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh))
			die(fn);
		MPI_File_write_at_all(fh, (MPI_Offset)rank * cells * 8, &g[1], (int)cells, MPI_DOUBLE,
				      MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
		return;
	}
	MPI_Gather(&g[1], (int)cells, MPI_DOUBLE, all, (int)cells, MPI_DOUBLE, 0, MPI_COMM_WORLD);
	if (rank) return;
	int fd = open(fn, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) die(fn);
	write_all(fd, (char *)all, cells * 8 * np, 1 << 20, fn);
	close(fd);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	for (int i = 1; i < argc; i++) opt(argv[i]);
	g = calloc(cells + 2, 8); t = calloc(cells + 2, 8);
	for (long i = 1; i <= cells; i++) g[i] = (double)((rank * cells + i) % 1000);
	char *buf = malloc((size_t)(ckmb > 1 ? ckmb : 1) << 20), *lines = malloc(128 * (size_t)np);
	double *all = !strcmp(mode, "gather") && !rank ? malloc((size_t)cells * 8 * np) : NULL;
	FILE *fp = NULL;
	double acc = 0;
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime();
	if (!strcmp(mode, "diag") && (!strcmp(how, "each") || !rank) && !(fp = fopen(out, "a"))) die(out);
	if (!strcmp(mode, "restart")) restart(buf);
	if (!strcmp(mode, "post"))
		for (long s = rank; s < nfiles; s += np) acc += post_file(s, 0);
	for (long s = 1; s <= steps; s++) {
		solve();
		if (!strcmp(mode, "steps")) write_steps(s - 1);
		else if (!strcmp(mode, "ckpt") && s % every == 0) ckpt(s, buf);
		else if (!strcmp(mode, "insitu")) acc += post_file((s - 1) % nfiles, 1);
		else if (!strcmp(mode, "diag")) diag(s, fp, lines);
		else if (!strcmp(mode, "gather") && s % every == 0) gather_out(s, all);
	}
	if (fp) fclose(fp);
	MPI_Barrier(MPI_COMM_WORLD);
	double e = MPI_Wtime() - t0, mx;
	MPI_Reduce(&e, &mx, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (!rank) printf("%s np %d steps %ld time %.3f (%g)\n", mode, np, steps, mx, acc > 0 ? 1.0 : 0.0);
	free(buf); free(lines); free(all); free(g); free(t);
	MPI_Finalize();
	return 0;
}
