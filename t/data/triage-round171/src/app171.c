/* app171.c - round 171 (labels171): a toy spiking-network simulator (NEST/NEURON-like I/O) for Darshan runs.
 * Modes (argv[1]):
 *   gen FILE MIB                 make an input file of MIB MiB (prep, run without Darshan)
 *   sim CONN OUT STEPS           read my slice of a CSR connectivity file collectively (MPI_File_read_at_all),
 *                                simulate LIF neurons with uneven rates per rank, binary per-rank spike recorder
 *                                (one fwrite a step, stdio buffer
 *                                SPKBUF bytes, or stdio's default 4 KiB), rank-0 progress log (fprintf every 10 steps),
 *                                final network-state checkpoint (MPI_File_write_at_all)
 *   vrec PARAMS OUT STEPS        every rank reads the whole parameter file; 256 recorded neurons a rank, traces kept
 *                                in memory and written every 500 steps as one contiguous pwrite per rank to a shared
 *                                trace file
 *   spk OUT STEPS FLUSH          ASCII spike recorder written as a C++ std::ofstream does (formatted into its
 *                                buffer, out by write(2)); FLUSH=1: flushed after every time step (NEST-like
 *                                per-step flush), FLUSH=0: a 1 MiB buffer, written when full and at close
 *   vstorm OUT STEPS CELLS MODE  NEURON-like voltage traces of CELLS cells a rank; MODE=cell: one file per cell
 *                                (v_GID.dat, fopen/fwrite/fclose), MODE=rank: one file per rank
 * COMPUTE (env, default 1) scales the per-step work. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <fcntl.h>
#include <unistd.h>
#include <stdint.h>

static int rank, nprocs, compute = 1;
static uint64_t rs = 88172645463325252ULL;
static double urand(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return (rs >> 11) * (1.0 / 9007199254740992.0); }

/* one LIF step for n neurons; returns number of spikes, fills ids */
static int lif_step(double *v, int n, double rate_hz, int *ids) {
	int ns = 0; double dt = 1e-4, p = rate_hz * dt;
	for (int i = 0; i < n; i++) {
		double x = v[i];
		for (int k = 0; k < compute; k++) x += dt * (-(x + 65.0) / 0.02 + 0.001 * sin(x + k));
		v[i] = x;
		if (urand() < p) { ids[ns++] = i; v[i] = -70.0; }
	}
	return ns;
}

static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); }

static void gen(const char *f, int mib) {
	FILE *o = fopen(f, "wb"); if (!o) die(f);
	size_t n = (size_t)1 << 20; uint64_t *b = malloc(n);
	for (int m = 0; m < mib; m++) { for (size_t i = 0; i < n / 8; i++) { urand(); b[i] = rs; } fwrite(b, 1, n, o); }
	fclose(o); free(b);
}

static void sim(const char *conn, const char *out, int steps) {
	char fn[4096]; MPI_File fh; MPI_Offset fsz; MPI_Status st;
	MPI_File_open(MPI_COMM_WORLD, conn, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
	MPI_File_get_size(fh, &fsz);
	MPI_Offset slice = fsz / nprocs; char *cbuf = malloc(slice);
	MPI_File_read_at_all(fh, rank * slice, cbuf, (int)slice, MPI_BYTE, &st);
	MPI_File_close(&fh);
	int n = 20000; double *v = malloc(n * sizeof *v); int *ids = malloc(n * sizeof *ids); int32_t *sbuf = malloc(8 * (size_t)n);
	for (int i = 0; i < n; i++) v[i] = -65.0 + (unsigned char)cbuf[i] / 25.6;
	double rate = 10.0 * (1 + rank);             /* populations fire at 10, 20, 30, 40 Hz */
	snprintf(fn, sizeof fn, "%s/spikes-%d.dat", out, rank);
	FILE *sp = fopen(fn, "wb"); if (!sp) die(fn);
	/* SPKBUF=bytes: the recorder's stdio buffer (allocated here: glibc ignores the size of setvbuf(f, NULL, ...) and
	 * uses st_blksize, 4 KiB); unset: stdio's default buffer (4 KiB on ext4) */
	if (getenv("SPKBUF")) { size_t b = atol(getenv("SPKBUF")); setvbuf(sp, malloc(b), _IOFBF, b); }
	FILE *lg = NULL;
	if (rank == 0) { snprintf(fn, sizeof fn, "%s/sim.log", out); lg = fopen(fn, "w"); if (!lg) die(fn); }
	long tot = 0;
	for (int s = 0; s < steps; s++) {
		int ns = lif_step(v, n, rate, ids);
		/* the step's spikes go to the recorder in one fwrite (records of int32 gid + float32 time) */
		for (int k = 0; k < ns; k++) { float t = s * 0.1f; sbuf[2 * k] = rank * n + ids[k]; memcpy(&sbuf[2 * k + 1], &t, 4); }
		if (ns) fwrite(sbuf, 8, ns, sp);
		tot += ns;
		long all = 0; if (s % 10 == 0) { MPI_Reduce(&tot, &all, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
			if (lg) fprintf(lg, "step %d t=%.1f ms spikes %ld rate %.2f Hz\n", s, s * 0.1, all, all / (nprocs * (double)n) / ((s + 1) * 1e-4)); }
	}
	fclose(sp); if (lg) fclose(lg);
	/* network state checkpoint: membrane potentials + this rank's weights (its connectivity slice as doubles) */
	size_t wn = 2u << 20; char *ck = malloc(wn); memcpy(ck, v, n * sizeof *v); memcpy(ck + n * sizeof *v, cbuf, wn - n * sizeof *v);
	snprintf(fn, sizeof fn, "%s/state.ckpt", out);
	MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	MPI_File_write_at_all(fh, (MPI_Offset)rank * wn, ck, (int)wn, MPI_BYTE, &st);
	MPI_File_close(&fh);
	if (rank == 0) printf("sim: %d steps, %d neurons a rank, spikes rank0 %ld\n", steps, n, tot);
	free(cbuf); free(v); free(ids); free(ck); free(sbuf);
}

static void vrec(const char *params, const char *out, int steps) {
	char fn[4096]; int fd = open(params, O_RDONLY); if (fd < 0) die(params);
	off_t psz = lseek(fd, 0, SEEK_END); char *p = malloc(psz); ssize_t got = 0;
	while (got < psz) { ssize_t r = pread(fd, p + got, 1 << 20, got); if (r <= 0) die("pread"); got += r; }
	close(fd);
	int n = 20000, nrec = 256, blk = 500; double *v = malloc(n * sizeof *v); int *ids = malloc(n * sizeof *ids);
	for (int i = 0; i < n; i++) v[i] = -65.0 + (unsigned char)p[(i * 97) % psz] / 25.6;
	double *tr = malloc((size_t)nrec * blk * sizeof *tr);
	snprintf(fn, sizeof fn, "%s/vtraces.bin", out);
	int o = open(fn, O_WRONLY | O_CREAT, 0644); if (o < 0) die(fn);
	size_t bsz = (size_t)nrec * blk * sizeof *tr; long tot = 0;
	for (int s = 0; s < steps; s++) {
		tot += lif_step(v, n, 5.0 * (1 + (rank % 2)), ids);
		for (int k = 0; k < nrec; k++) tr[(size_t)k * blk + s % blk] = v[k * 7];
		if (s % blk == blk - 1) {
			off_t off = ((off_t)(s / blk) * nprocs + rank) * bsz;
			if (pwrite(o, tr, bsz, off) != (ssize_t)bsz) die("pwrite");
		}
	}
	close(o);
	if (rank == 0) printf("vrec: %d steps, %d traces a rank, block %zu B, spikes rank0 %ld\n", steps, nrec, bsz, tot);
	free(p); free(v); free(ids); free(tr);
}

static void spk(const char *out, int steps, int flush) {
	/* ASCII spike recorder written the way a C++ std::ofstream does (its buffer goes out by write(2)):
	 * flush=1: the stream is flushed after every time step (one write a step); flush=0: a 1 MiB buffer */
	char fn[4096]; int n = 20000; double *v = malloc(n * sizeof *v); int *ids = malloc(n * sizeof *ids);
	for (int i = 0; i < n; i++) v[i] = -65.0 + urand();
	snprintf(fn, sizeof fn, "%s/spike_recorder-%d.gdf", out, rank);
	int fd = open(fn, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(fn);
	size_t cap = 1 << 20, len = 0; char *buf = malloc(cap);
	long tot = 0;
	for (int s = 0; s < steps; s++) {
		int ns = lif_step(v, n, 5.0 * (1 + rank), ids);
		for (int k = 0; k < ns; k++) {
			if (len + 64 > cap) { if (write(fd, buf, len) != (ssize_t)len) die("write"); len = 0; }
			len += snprintf(buf + len, 64, "%d\t%.1f\n", rank * n + ids[k] + 1, s * 0.1);
		}
		if (flush && len) { if (write(fd, buf, len) != (ssize_t)len) die("write"); len = 0; }
		tot += ns;
		if (s % 50 == 0) MPI_Barrier(MPI_COMM_WORLD);   /* spike exchange every min-delay interval */
	}
	if (len && write(fd, buf, len) != (ssize_t)len) die("write");
	close(fd);
	if (rank == 0) printf("spk(flush=%d): %d steps, spikes rank0 %ld\n", flush, steps, tot);
	free(v); free(ids); free(buf);
}

static void vstorm(const char *out, int steps, int cells, const char *mode) {
	char fn[4096]; int n = cells; double *v = malloc(n * sizeof *v); int *ids = malloc(n * sizeof *ids);
	for (int i = 0; i < n; i++) v[i] = -65.0 + urand();
	double *tr = malloc((size_t)n * steps * sizeof *tr); long tot = 0;
	int sub = 20000 / n;   /* same compute as the other modes: each recorded cell stands for many compartments */
	double *w = malloc(20000 * sizeof *w); for (int i = 0; i < 20000; i++) w[i] = -65.0;
	for (int s = 0; s < steps; s++) {
		tot += lif_step(w, 20000, 10.0, ids);
		for (int c = 0; c < n; c++) tr[(size_t)c * steps + s] = w[c * sub];
		if (s % 50 == 0) MPI_Barrier(MPI_COMM_WORLD);
	}
	if (!strcmp(mode, "cell")) {
		for (int c = 0; c < n; c++) {
			snprintf(fn, sizeof fn, "%s/v_%d.dat", out, rank * n + c);
			FILE *f = fopen(fn, "wb"); if (!f) die(fn);
			fwrite(tr + (size_t)c * steps, sizeof *tr, steps, f); fclose(f);
		}
	} else {
		snprintf(fn, sizeof fn, "%s/v_rank%d.dat", out, rank);
		FILE *f = fopen(fn, "wb"); if (!f) die(fn);
		fwrite(tr, sizeof *tr, (size_t)n * steps, f); fclose(f);
	}
	if (rank == 0) printf("vstorm(%s): %d steps, %d cells a rank, spikes rank0 %ld\n", mode, steps, n, tot);
	free(v); free(ids); free(tr); free(w);
}

int main(int argc, char **argv) {
	if (argc > 1 && !strcmp(argv[1], "gen")) { gen(argv[2], atoi(argv[3])); return 0; }
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
	if (getenv("COMPUTE")) compute = atoi(getenv("COMPUTE"));
	rs += 7919 * (rank + 1); for (int i = 0; i < 10; i++) urand();
	if (argc < 2) { MPI_Finalize(); return 1; }
	if (!strcmp(argv[1], "sim")) sim(argv[2], argv[3], atoi(argv[4]));
	else if (!strcmp(argv[1], "vrec")) vrec(argv[2], argv[3], atoi(argv[4]));
	else if (!strcmp(argv[1], "spk")) spk(argv[2], atoi(argv[3]), atoi(argv[4]));
	else if (!strcmp(argv[1], "vstorm")) vstorm(argv[2], atoi(argv[3]), atoi(argv[4]), argv[5]);
	MPI_Finalize();
	return 0;
}
