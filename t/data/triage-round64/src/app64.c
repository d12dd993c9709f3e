/* Round 64's MPI program: a 1-D Jacobi stencil (real arithmetic, halo exchange by MPI_Sendrecv) with the
 * I/O pattern named by MODE between compute steps. Usage:
 *   app64 MODE CELLS_K STEPS SWEEPS EVERY PATH [ARG]
 * CELLS_K: thousands of doubles a rank. A checkpoint every EVERY steps writes the rank's first CK bytes. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

static int rank, np;
static double *u, *v;
static long n;

static void sweep(int sweeps)
{
	for (int s = 0; s < sweeps; s++) {
		int lo = rank ? rank - 1 : MPI_PROC_NULL, hi = rank < np - 1 ? rank + 1 : MPI_PROC_NULL;
		MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, lo, 0, &u[n + 1], 1, MPI_DOUBLE, hi, 0, MPI_COMM_WORLD,
			     MPI_STATUS_IGNORE);
		MPI_Sendrecv(&u[n], 1, MPI_DOUBLE, hi, 1, &u[0], 1, MPI_DOUBLE, lo, 1, MPI_COMM_WORLD,
			     MPI_STATUS_IGNORE);
		for (long i = 1; i <= n; i++)
			v[i] = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]);
		double *t = u; u = v; v = t;
	}
}

static void die(const char *what) { fprintf(stderr, "rank %d: %s failed\n", rank, what); MPI_Abort(MPI_COMM_WORLD, 1); }

/* fpp: each rank its own file a checkpoint, fwrite of 1 MiB pieces */
static void ck_fpp(const char *path, int ck, long bytes)
{
	char fn[512]; snprintf(fn, sizeof fn, "%s.%d.%04d", path, ck, rank);
	FILE *f = fopen(fn, "w"); if (!f) die("fopen");
	for (long off = 0; off < bytes; off += 1 << 20)
		if (fwrite((char *)u + off, 1, 1 << 20, f) != 1 << 20) die("fwrite");
	fclose(f);
}

/* a 2-D global array of NY rows x (np*W) doubles, each rank a column block of W doubles a row */
static void ck_2d(const char *path, int ck, long bytes, int coll, int hint2)
{
	char fn[512]; snprintf(fn, sizeof fn, "%s.%d", path, ck);
	int w = 128; long ny = bytes / (w * 8);
	MPI_Info info = MPI_INFO_NULL; MPI_File fh;
	if (hint2) { MPI_Info_create(&info); MPI_Info_set(info, "cb_nodes", "2"); }
	if (MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_CREATE | MPI_MODE_WRONLY, info, &fh)) die("MPI_File_open");
	if (coll) {
		int gs[2] = {(int)ny, np * w}, ls[2] = {(int)ny, w}, st[2] = {0, rank * w};
		MPI_Datatype ft; MPI_Type_create_subarray(2, gs, ls, st, MPI_ORDER_C, MPI_DOUBLE, &ft);
		MPI_Type_commit(&ft);
		MPI_File_set_view(fh, 0, MPI_DOUBLE, ft, "native", MPI_INFO_NULL);
		MPI_File_write_all(fh, u, (int)(ny * w), MPI_DOUBLE, MPI_STATUS_IGNORE);
		MPI_Type_free(&ft);
	} else {
		for (long r = 0; r < ny; r++)
			MPI_File_write_at(fh, (r * np * w + (long)rank * w) * 8, u + r * w, w, MPI_DOUBLE, MPI_STATUS_IGNORE);
	}
	MPI_File_close(&fh);
	if (hint2) MPI_Info_free(&info);
}

/* gather: rank 0 gathers every rank's piece and fwrite's the file in 4 MiB pieces */
static void ck_gather(const char *path, int ck, long bytes)
{
	char *all = NULL;
	if (!rank && !(all = malloc(bytes * np))) die("malloc");
	MPI_Gather(u, (int)bytes, MPI_BYTE, all, (int)bytes, MPI_BYTE, 0, MPI_COMM_WORLD);
	if (rank) return;
	char fn[512]; snprintf(fn, sizeof fn, "%s.%d", path, ck);
	FILE *f = fopen(fn, "w"); if (!f) die("fopen");
	for (long off = 0; off < bytes * np; off += 4 << 20) {
		long k = bytes * np - off < (4 << 20) ? bytes * np - off : 4 << 20;
		if (fwrite(all + off, 1, k, f) != (size_t)k) die("fwrite");
	}
	fclose(f); free(all);
}

/* storm: each rank creates ARG files in one directory, one 4 KiB write each; one: one file a rank */
static void ck_meta(const char *path, int ck, int nf, int storm)
{
	char fn[512]; int fd = -1;
	for (int i = 0; i < nf; i++) {
		if (storm || i == 0) {
			if (storm) snprintf(fn, sizeof fn, "%s/c%d.r%04d.p%04d", path, ck, rank, i);
			else snprintf(fn, sizeof fn, "%s/c%d.r%04d", path, ck, rank);
			if ((fd = open(fn, O_CREAT | O_WRONLY | O_TRUNC, 0644)) < 0) die("open");
		}
		if (write(fd, (char *)u + 4096 * (i % 64), 4096) != 4096) die("write");
		if (storm || i == nf - 1) close(fd);
	}
}

/* onewrite (storm's second twin, added after the labelled runs): one file a rank, the NF pieces of 4 KiB in
 * one write(2) a checkpoint */
static void ck_one(const char *path, int ck, int nf)
{
	char fn[512]; snprintf(fn, sizeof fn, "%s/c%d.r%04d", path, ck, rank);
	int fd = open(fn, O_CREAT | O_WRONLY | O_TRUNC, 0644);
	if (fd < 0) die("open");
	if (write(fd, (char *)u, 4096L * nf) != 4096L * nf) die("write");
	close(fd);
}

/* unbuf: each rank its own file, 512-byte records through unbuffered stdio; buf: a 1 MiB buffer */
static void ck_rec(const char *path, int ck, long bytes, int unbuf)
{
	char fn[512]; snprintf(fn, sizeof fn, "%s.%d.%04d", path, ck, rank);
	FILE *f = fopen(fn, "w"); if (!f) die("fopen");
	static char buf[1 << 20];
	if (unbuf) setvbuf(f, NULL, _IONBF, 0); else setvbuf(f, buf, _IOFBF, sizeof buf);
	for (long off = 0; off < bytes; off += 512)
		if (fwrite((char *)u + off, 1, 512, f) != 512) die("fwrite");
	fclose(f);
}

/* readall: every rank reads the whole input with fread of 4 MiB pieces and sums it */
static double rd_all(const char *path)
{
	FILE *f = fopen(path, "r"); if (!f) die("fopen");
	char *b = malloc(4 << 20); size_t k; double s = 0;
	while ((k = fread(b, 1, 4 << 20, f)) > 0)
		for (size_t i = 0; i < k; i += 64) s += (unsigned char)b[i];
	fclose(f); free(b);
	return s;
}

/* readbcast (the twin of readall, added after the labelled runs): rank 0 reads the input in 4 MiB pieces and
 * MPI_Bcast's each piece; every rank sums it as readall does */
static double rd_bcast(const char *path)
{
	FILE *f = NULL; char *b = malloc(4 << 20); long k = 1; double s = 0;
	if (!b) die("malloc");
	if (!rank && !(f = fopen(path, "r"))) die("fopen");
	while (k > 0) {
		if (!rank) k = (long)fread(b, 1, 4 << 20, f);
		MPI_Bcast(&k, 1, MPI_LONG, 0, MPI_COMM_WORLD);
		if (k > 0) MPI_Bcast(b, (int)k, MPI_BYTE, 0, MPI_COMM_WORLD);
		for (long i = 0; i < k; i += 64) s += (unsigned char)b[i];
	}
	if (!rank) fclose(f);
	free(b);
	return s;
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 7) { if (!rank) fprintf(stderr, "usage: app64 MODE CELLS_K STEPS SWEEPS EVERY PATH [ARG]\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	const char *mode = argv[1], *path = argv[6];
	n = atol(argv[2]) * 1024; int steps = atoi(argv[3]), sweeps = atoi(argv[4]), every = atoi(argv[5]);
	long arg = argc > 7 ? atol(argv[7]) : 0;
	long ck = arg ? arg : n * 8;  /* bytes a rank a checkpoint */
	u = calloc(n + 2, 8); v = calloc(n + 2, 8);
	if (!u || !v || ck > n * 8) die("alloc");
	for (long i = 1; i <= n; i++) u[i] = (double)((i * 2654435761u + rank) % 1000) / 1000.0;
	MPI_Barrier(MPI_COMM_WORLD); double t0 = MPI_Wtime(), s = 0;
	if (!strcmp(mode, "readall")) s = rd_all(path);
	if (!strcmp(mode, "readbcast")) s = rd_bcast(path);
	for (int st = 1; st <= steps; st++) {
		sweep(sweeps);
		if (st % every) continue;
		int c = st / every;
		if (!strcmp(mode, "fpp")) ck_fpp(path, c, ck);
		else if (!strcmp(mode, "stridi")) ck_2d(path, c, ck, 0, 0);
		else if (!strcmp(mode, "subcoll")) ck_2d(path, c, ck, 1, 0);
		else if (!strcmp(mode, "agg2")) ck_2d(path, c, ck, 1, 1);
		else if (!strcmp(mode, "gather")) ck_gather(path, c, ck);
		else if (!strcmp(mode, "storm")) ck_meta(path, c, (int)arg, 1);
		else if (!strcmp(mode, "onefile")) ck_meta(path, c, (int)arg, 0);
		else if (!strcmp(mode, "onewrite")) ck_one(path, c, (int)arg);
		else if (!strcmp(mode, "unbuf")) ck_rec(path, c, ck, 1);
		else if (!strcmp(mode, "buf")) ck_rec(path, c, ck, 0);
	}
	MPI_Barrier(MPI_COMM_WORLD); double t = MPI_Wtime() - t0, tmax;
	MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (!rank) printf("%s np %d: %.3f s (u %.6f s %.0f)\n", mode, np, tmax, u[1], s);
	MPI_Finalize();
	return 0;
}
