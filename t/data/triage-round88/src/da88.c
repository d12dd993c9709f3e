/* Round 88 MPI program: one cycle of an ensemble Kalman filter-like data assimilation.
 * da88 LAYOUT MODE NMEM MEMKIB DIR CYCLES
 *   LAYOUT fpm: DIR/mem_NNN.state and DIR/ana_NNN.state, one file per member (POSIX pread/pwrite, 1 MiB);
 *          shared: DIR/ens.state and DIR/ens.ana, all members in one file (MPI-IO, collective unless MODE small).
 *   Members are dealt round-robin to ranks. Every rank reads DIR/obs.txt (text, "lat lon value err" a line).
 *   The ensemble mean and spread are reduced to ranks 0 and 1, which write DIR/mean.state and DIR/spread.state.
 *   MODE ok: the fine job; small: analysis written in 4 KiB independent MPI_File_write_at (shared only);
 *   fsync: analysis written in 64 KiB pwrite + fsync each (fpm only); fsyncend: one fsync per file (its twin);
 *   obsre: the observation file re-read and re-parsed for every member (obsonce: once, its twin);
 *   anaevery: the observations applied in 8 batches and each member's analysis file rewritten after every batch
 *   (fpm only; its twin is ok: written once).
 *   CYCLES: number of assimilation cycles (each reads the previous analysis as its forecast). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <math.h>

static int rank, np;
static const char *dir, *mode;
static int nmem;
static size_t nval;	/* doubles a member */

static void die(const char *what) { perror(what); MPI_Abort(MPI_COMM_WORLD, 1); }
static int is(const char *m) { return strcmp(mode, m) == 0; }

static double *read_obs(long *nobs) {
	char p[512]; snprintf(p, sizeof p, "%s/obs.txt", dir);
	FILE *f = fopen(p, "r"); if (!f) die(p);
	long cap = 1024, n = 0; double *o = malloc(cap * 4 * sizeof *o), a, b, c, d;
	while (fscanf(f, "%lf %lf %lf %lf", &a, &b, &c, &d) == 4) {
		if (n == cap) { cap *= 2; o = realloc(o, cap * 4 * sizeof *o); }
		o[4 * n] = a; o[4 * n + 1] = b; o[4 * n + 2] = c; o[4 * n + 3] = d; n++;
	}
	fclose(f); *nobs = n; return o;
}

/* the member's update: a localised nudging toward the observations (compute, no I/O) */
static void update(double *x, const double *obs, long nobs, const double *mean, int reps) {
	for (int r = 0; r < reps; r++)
		for (long k = 0; k < nobs; k++) {
			size_t i = (size_t)(fabs(obs[4 * k] * 997 + obs[4 * k + 1] * 31)) % nval;
			double w = 1.0 / (1.0 + obs[4 * k + 3]);
			for (size_t j = i; j < i + 64 && j < nval; j++) x[j] += 0.01 * w * (obs[4 * k + 2] - mean[j]);
		}
}

static void fpm_io(int m, double *x, int write, int cyc) {
	char p[512]; snprintf(p, sizeof p, "%s/%s_%03d.state", dir, (write || cyc) ? "ana" : "mem", m);
	int fd = write ? open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644) : open(p, O_RDONLY);
	if (fd < 0) die(p);
	size_t bytes = nval * 8, chunk = is("fsync") ? 65536 : 1 << 20;
	for (size_t off = 0; off < bytes; off += chunk) {
		size_t len = bytes - off < chunk ? bytes - off : chunk;
		ssize_t rc = write ? pwrite(fd, (char *)x + off, len, off) : pread(fd, (char *)x + off, len, off);
		if (rc != (ssize_t)len) die(p);
		if (write && is("fsync") && fsync(fd)) die(p);
	}
	if (write && is("fsyncend") && fsync(fd)) die(p);
	close(fd);
}

static void shared_io(int nmine, int *mine, double *ens, int write, int cyc) {
	char p[512]; MPI_File fh; snprintf(p, sizeof p, "%s/%s", dir, (write || cyc) ? "ens.ana" : "ens.state");
	if (MPI_File_open(MPI_COMM_WORLD, p, write ? MPI_MODE_CREATE | MPI_MODE_WRONLY : MPI_MODE_RDONLY,
			MPI_INFO_NULL, &fh)) die(p);
	int most = (nmem + np - 1) / np;
	for (int k = 0; k < most; k++) {
		/* every rank takes part in each collective call, with a zero count when it has no member left */
		int have = k < nmine; MPI_Offset off = have ? (MPI_Offset)mine[k] * nval * 8 : 0;
		double *b = have ? ens + (size_t)k * nval : ens;
		if (write && is("small")) {
			for (size_t o = 0; have && o < nval * 8; o += 4096)
				MPI_File_write_at(fh, off + o, (char *)b + o, 4096, MPI_BYTE, MPI_STATUS_IGNORE);
		} else if (write)
			MPI_File_write_at_all(fh, off, b, have ? (int)nval : 0, MPI_DOUBLE, MPI_STATUS_IGNORE);
		else
			MPI_File_read_at_all(fh, off, b, have ? (int)nval : 0, MPI_DOUBLE, MPI_STATUS_IGNORE);
	}
	MPI_File_close(&fh);
}

static void write_stat(const char *name, double *v) {
	char p[512]; snprintf(p, sizeof p, "%s/%s.state", dir, name);
	int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(p);
	if (write(fd, v, nval * 8) != (ssize_t)(nval * 8)) die(p);
	close(fd);
}

int main(int argc, char **argv) {
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 8) { if (!rank) fprintf(stderr, "usage: da88 fpm|shared MODE NMEM MEMKIB DIR CYCLES REPS\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	int fpm = strcmp(argv[1], "fpm") == 0; mode = argv[2]; nmem = atoi(argv[3]);
	nval = (size_t)atoi(argv[4]) * 128; dir = argv[5]; int cycles = atoi(argv[6]), reps = atoi(argv[7]);
	int mine[256], nmine = 0;
	for (int m = rank; m < nmem; m += np) mine[nmine++] = m;
	double *ens = malloc((size_t)nmine * nval * 8), *sum = calloc(nval, 8), *sq = calloc(nval, 8);
	double *mean = malloc(nval * 8), *spread = malloc(nval * 8);
	long nobs = 0; double *obs = NULL;
	for (int cyc = 0; cyc < cycles; cyc++) {
		if (fpm) for (int k = 0; k < nmine; k++) fpm_io(mine[k], ens + (size_t)k * nval, 0, cyc);
		else shared_io(nmine, mine, ens, 0, cyc);
		if (!obs || is("obsre")) { free(obs); obs = read_obs(&nobs); }
		memset(sum, 0, nval * 8); memset(sq, 0, nval * 8);
		for (int k = 0; k < nmine; k++) for (size_t j = 0; j < nval; j++) { double v = ens[(size_t)k * nval + j]; sum[j] += v; sq[j] += v * v; }
		MPI_Allreduce(MPI_IN_PLACE, sum, (int)nval, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		MPI_Allreduce(MPI_IN_PLACE, sq, (int)nval, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		for (size_t j = 0; j < nval; j++) { mean[j] = sum[j] / nmem; spread[j] = sqrt(fabs(sq[j] / nmem - mean[j] * mean[j])); }
		if (rank == 0) write_stat("mean", mean);
		if (rank == 1 % np) write_stat("spread", spread);
		for (int k = 0; k < nmine; k++) {
			if (k > 0 && is("obsre")) { free(obs); obs = read_obs(&nobs); }
			if (!is("anaevery")) { update(ens + (size_t)k * nval, obs, nobs, mean, reps); continue; }
			for (int b = 0; b < 8; b++) {	/* the batch's increment, then the whole member written out again */
				long lo = nobs * b / 8, hi = nobs * (b + 1) / 8;
				update(ens + (size_t)k * nval, obs + 4 * lo, hi - lo, mean, reps);
				fpm_io(mine[k], ens + (size_t)k * nval, 1, cyc);
			}
		}
		/* anaevery has written its members already, batch by batch */
		if (fpm) for (int k = 0; k < nmine && !is("anaevery"); k++) fpm_io(mine[k], ens + (size_t)k * nval, 1, cyc);
		else shared_io(nmine, mine, ens, 1, cyc);
	}
	double s = 0; for (size_t j = 0; j < nval; j++) s += spread[j];
	if (rank == 0) printf("da88 %s %s: %d members, %ld obs, %d cycles, mean spread %.6g\n", argv[1], mode, nmem, nobs, cycles, s / nval);
	MPI_Finalize();
	return 0;
}
