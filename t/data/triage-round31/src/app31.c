/* app31.c: MPI applications as users write them (round 31 of issue 34's labelled sets).
 * Every mode is a main loop of compute steps (Jacobi sweeps over a local 1-D grid) with I/O
 * between them, the way a scientist would write it, good or bad. Usage: app31 MODE ARGS...
 * Each run prints the slowest rank's wall time from the first barrier to the last. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/stat.h>

static int rank, nprocs;
static double *grid, *tmpg;
static long ncell;

/* One compute step: `sweeps` Jacobi sweeps over the local grid, halo exchange with neighbours. */
static void compute(int sweeps)
{
	int left = rank > 0 ? rank - 1 : MPI_PROC_NULL, right = rank < nprocs - 1 ? rank + 1 : MPI_PROC_NULL;
	for (int s = 0; s < sweeps; s++) {
		MPI_Sendrecv(&grid[1], 1, MPI_DOUBLE, left, 0, &grid[ncell + 1], 1, MPI_DOUBLE, right, 0,
			     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		MPI_Sendrecv(&grid[ncell], 1, MPI_DOUBLE, right, 1, &grid[0], 1, MPI_DOUBLE, left, 1,
			     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		for (long i = 1; i <= ncell; i++)
			tmpg[i] = 0.5 * grid[i] + 0.25 * (grid[i - 1] + grid[i + 1]);
		double *t = grid; grid = tmpg; tmpg = t;
	}
}

static void die(const char *m) { fprintf(stderr, "app31: %s\n", m); MPI_Abort(MPI_COMM_WORLD, 2); }

/* checkpoint kinds: coll (N-1 MPI_File_write_at_all, contiguous block a rank), stridi (N-1,
 * each rank's cells interleaved by 1 KiB pieces, independent MPI_File_write_at a piece), stridc
 * (the same layout through a vector file view and one MPI_File_write_all), fpp (N-N POSIX files),
 * gather (MPI_Gather to rank 0, which fwrite()s the whole file). */
static void checkpoint(const char *kind, const char *base, int n)
{
	char path[512];
	size_t bytes = ncell * sizeof(double);
	if (!strcmp(kind, "fpp")) {
		snprintf(path, sizeof path, "%s.%d.%d", base, n, rank);
		int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0 || write(fd, &grid[1], bytes) != (ssize_t)bytes) die("fpp write");
		close(fd);
		return;
	}
	snprintf(path, sizeof path, "%s.%d", base, n);
	if (!strcmp(kind, "gather")) {
		double *all = rank == 0 ? malloc(bytes * nprocs) : NULL;
		MPI_Gather(&grid[1], ncell, MPI_DOUBLE, all, ncell, MPI_DOUBLE, 0, MPI_COMM_WORLD);
		if (rank == 0) {
			FILE *f = fopen(path, "w");
			if (!f || fwrite(all, 1, bytes * nprocs, f) != bytes * nprocs) die("gather write");
			fclose(f);
			free(all);
		}
		return;
	}
	MPI_File fh;
	if (MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh))
		die("open ckpt");
	if (!strcmp(kind, "coll")) {
		MPI_File_write_at_all(fh, (MPI_Offset)rank * bytes, &grid[1], ncell, MPI_DOUBLE, MPI_STATUS_IGNORE);
	} else if (!strcmp(kind, "stridi")) {
		long piece = 128, np = ncell / piece; /* 1 KiB pieces */
		for (long p = 0; p < np; p++)
			MPI_File_write_at(fh, ((MPI_Offset)p * nprocs + rank) * piece * 8, &grid[1 + p * piece], piece,
					  MPI_DOUBLE, MPI_STATUS_IGNORE);
	} else if (!strcmp(kind, "stridc")) {
		long piece = 128, np = ncell / piece;
		MPI_Datatype vec;
		MPI_Type_vector(np, piece, piece * nprocs, MPI_DOUBLE, &vec);
		MPI_Type_commit(&vec);
		MPI_File_set_view(fh, (MPI_Offset)rank * piece * 8, MPI_DOUBLE, vec, "native", MPI_INFO_NULL);
		MPI_File_write_all(fh, &grid[1], ncell, MPI_DOUBLE, MPI_STATUS_IGNORE);
		MPI_Type_free(&vec);
	} else die("checkpoint kind");
	MPI_File_close(&fh);
}

static long filesize(const char *p) { struct stat st; return stat(p, &st) ? -1 : st.st_size; }

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
	if (argc < 5) die("usage: app31 MODE CELLS_K STEPS SWEEPS ARGS...");
	const char *mode = argv[1];
	ncell = atol(argv[2]) * 1024;
	int steps = atoi(argv[3]), sweeps = atoi(argv[4]);
	grid = calloc(ncell + 2, sizeof(double));
	tmpg = calloc(ncell + 2, sizeof(double));
	for (long i = 1; i <= ncell; i++) grid[i] = (double)((rank * ncell + i) % 1000);
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime();

	if (!strcmp(mode, "ckpt")) { /* ckpt CELLS_K STEPS SWEEPS KIND EVERY BASE */
		if (argc < 8) die("ckpt args");
		int every = atoi(argv[6]);
		for (int s = 1; s <= steps; s++) {
			compute(sweeps);
			if (s % every == 0) checkpoint(argv[5], argv[7], s / every);
		}
	} else if (!strcmp(mode, "restart")) { /* restart ... FILE: collective read back, then steps */
		MPI_File fh;
		if (MPI_File_open(MPI_COMM_WORLD, argv[5], MPI_MODE_RDONLY, MPI_INFO_NULL, &fh)) die("open restart");
		MPI_File_read_at_all(fh, (MPI_Offset)rank * ncell * 8, &grid[1], ncell, MPI_DOUBLE, MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
		for (int s = 1; s <= steps; s++) compute(sweeps);
	} else if (!strcmp(mode, "partlog")) { /* partlog ... LOG flush|noflush: a line a rank a step */
		FILE *f = fopen(argv[5], "a");
		if (!f) die("log");
		int fl = !strcmp(argv[6], "flush");
		for (int s = 1; s <= steps; s++) {
			compute(sweeps);
			fprintf(f, "step %6d rank %3d energy %.12e momentum %.12e\n", s, rank, grid[1], grid[ncell]);
			if (fl) fflush(f);
		}
		fclose(f);
	} else if (!strcmp(mode, "deck")) { /* deck ... FILE all|bcast: read an input deck of text lines */
		long sz = filesize(argv[5]);
		char *buf = malloc(sz + 1);
		long n = 0;
		if (!strcmp(argv[6], "all") || rank == 0) {
			FILE *f = fopen(argv[5], "r");
			char line[256];
			if (!f) die("deck");
			while (fgets(line, sizeof line, f)) { size_t l = strlen(line); memcpy(buf + n, line, l); n += l; }
			fclose(f);
		}
		if (!strcmp(argv[6], "bcast")) {
			MPI_Bcast(&n, 1, MPI_LONG, 0, MPI_COMM_WORLD);
			MPI_Bcast(buf, n, MPI_CHAR, 0, MPI_COMM_WORLD);
		}
		grid[1] += buf[n / 2];
		for (int s = 1; s <= steps; s++) compute(sweeps);
	} else if (!strcmp(mode, "ooc")) { /* ooc ... FILE_BASE TILE_K NTILES: random tiles pread, update, pwrite */
		char path[512];
		long tile = atol(argv[6]) * 1024, nt = atol(argv[7]);
		snprintf(path, sizeof path, "%s.%d", argv[5], rank);
		int fd = open(path, O_RDWR | O_CREAT, 0644);
		char *b = malloc(tile);
		memset(b, rank, tile);
		if (fd < 0) die("ooc");
		for (long t = 0; t < nt; t++) if (pwrite(fd, b, tile, t * tile) != tile) die("ooc init");
		srand(31 + rank);
		for (int s = 1; s <= steps; s++) {
			long t = rand() % nt;
			if (pread(fd, b, tile, t * tile) != tile) die("pread");
			compute(sweeps);
			b[s % tile] ^= 1;
			if (pwrite(fd, b, tile, t * tile) != tile) die("pwrite");
		}
		close(fd);
	} else if (!strcmp(mode, "reread")) { /* reread ... FILE each|once: analysis reading a dataset */
		long sz = filesize(argv[5]);
		char *buf = malloc(sz);
		int each = !strcmp(argv[6], "each");
		for (int s = 1; s <= steps; s++) {
			if (each || s == 1) {
				FILE *f = fopen(argv[5], "r");
				if (!f || fread(buf, 1, sz, f) != (size_t)sz) die("reread");
				fclose(f);
			}
			grid[1] += buf[(s * 4099L) % sz];
			compute(sweeps);
		}
	} else if (!strcmp(mode, "series")) { /* series ... BASE reopen|keep: a time-series line a step */
		char path[512];
		snprintf(path, sizeof path, "%s.%d", argv[5], rank);
		int reopen = !strcmp(argv[6], "reopen");
		FILE *f = reopen ? NULL : fopen(path, "w");
		for (int s = 1; s <= steps; s++) {
			compute(sweeps);
			if (reopen && !(f = fopen(path, s == 1 ? "w" : "a"))) die("series");
			fprintf(f, "%d %.9e %.9e %.9e\n", s, grid[1], grid[ncell / 2], grid[ncell]);
			if (reopen) fclose(f);
		}
		if (!reopen) fclose(f);
	} else if (!strcmp(mode, "poll")) { /* poll ... DIR every|root: look for a STOP file and params */
		char stop[512], par[512];
		snprintf(stop, sizeof stop, "%s/STOP", argv[5]);
		snprintf(par, sizeof par, "%s/params.in", argv[5]);
		int every = !strcmp(argv[6], "every");
		for (int s = 1; s <= steps; s++) {
			compute(sweeps);
			int quit = 0;
			if (every || (rank == 0 && s % 50 == 0)) {
				struct stat st;
				quit = stat(stop, &st) == 0;
				/* the user re-reads the (tiny) parameter file at every check, in case it was edited;
				 * stat() of glibc >= 2.33 is not wrapped by Darshan 3.5.0: only the reads are seen */
				if (access(par, R_OK) == 0 && stat(par, &st) == 0) {
					FILE *pf = fopen(par, "r");
					char line[128];
					while (pf && fgets(line, sizeof line, pf)) grid[1] += 1e-9;
					if (pf) fclose(pf);
				}
			}
			if (!every) MPI_Bcast(&quit, 1, MPI_INT, 0, MPI_COMM_WORLD);
			if (quit) break;
		}
	} else if (!strcmp(mode, "journal")) { /* journal ... BASE each|end: a 4 KiB record a step, fsync */
		char path[512];
		snprintf(path, sizeof path, "%s.%d", argv[5], rank);
		int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644), each = !strcmp(argv[6], "each");
		if (fd < 0) die("journal");
		for (int s = 1; s <= steps; s++) {
			compute(sweeps);
			if (write(fd, &grid[1], 4096) != 4096) die("journal write");
			if (each) fsync(fd);
		}
		fsync(fd);
		close(fd);
	} else if (!strcmp(mode, "dump")) { /* dump ... BASE perstep|one: an 8 KiB snapshot a rank a step */
		char path[512];
		int per = !strcmp(argv[6], "perstep"), fd = -1;
		if (!per) {
			snprintf(path, sizeof path, "%s_r%03d.dat", argv[5], rank);
			fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		}
		for (int s = 1; s <= steps; s++) {
			compute(sweeps);
			if (per) { /* the visualisation dump a user names by step and rank */
				snprintf(path, sizeof path, "%s_s%05d_r%03d.dat", argv[5], s, rank);
				fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
			}
			if (fd < 0 || write(fd, &grid[1], 8192) != 8192) die("dump");
			if (per) close(fd);
		}
		if (!per) close(fd);
	} else if (!strcmp(mode, "oocr")) { /* oocr ... FILE TILE_K: out-of-core reads, a random tile a step */
		long sz = filesize(argv[5]), tile = atol(argv[6]) * 1024, nt = sz / tile;
		int fd = open(argv[5], O_RDONLY);
		char *b = malloc(tile);
		if (fd < 0 || nt < 1) die("oocr");
		srand(31 + rank);
		for (int s = 1; s <= steps; s++) {
			long t = rand() % nt;
			if (pread(fd, b, tile, t * tile) != tile) die("oocr pread");
			grid[1 + s % ncell] += b[s % tile] * 1e-9;
			compute(sweeps);
		}
		close(fd);
	} else if (!strcmp(mode, "meta")) { /* meta ... DIR NFILES perfile|one: scratch files a step */
		char path[512];
		int nf = atoi(argv[6]), per = !strcmp(argv[7], "perfile"), fd = -1;
		if (!per) {
			snprintf(path, sizeof path, "%s/r%03d.scr", argv[5], rank);
			if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0) die("meta one");
		}
		for (int s = 1; s <= steps; s++) {
			compute(sweeps);
			/* a post-processing step as users write it: a scratch file per item, checked, removed */
			for (int i = 0; per && i < nf; i++) {
				struct stat st;
				snprintf(path, sizeof path, "%s/r%03d_s%04d_%04d.scr", argv[5], rank, s, i);
				int f = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
				if (f < 0 || write(f, &grid[1], 4096) != 4096) die("meta write");
				close(f);
				if (stat(path, &st) || st.st_size != 4096) die("meta stat");
			}
			for (int i = 0; per && i < nf; i++) {
				snprintf(path, sizeof path, "%s/r%03d_s%04d_%04d.scr", argv[5], rank, s, i);
				unlink(path);
			}
			for (int i = 0; !per && i < nf; i++)
				if (write(fd, &grid[1], 4096) != 4096) die("meta one write");
		}
		if (!per) close(fd);
	} else die("mode");

	MPI_Barrier(MPI_COMM_WORLD);
	double t = MPI_Wtime() - t0, mx;
	MPI_Reduce(&t, &mx, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (rank == 0) printf("app31 %s np %d: %.3f s\n", mode, nprocs, mx);
	MPI_Finalize();
	return 0;
}
