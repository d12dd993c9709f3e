/* Round 190 (labels190): a national lab's mixed batch queue, MPI jobs.
 * modes:
 *   mctrans XS OUTDIR nbatch      Monte Carlo transport: rank 0 reads the cross-section library once (1 MiB preads)
 *                                 and broadcasts it; histories in batches; rank 0 fprintf's batch tallies to
 *                                 OUTDIR/tallies.out; final mesh tally reduced to rank 0, one 2 MiB write.
 *   fppckpt DIR nsteps every MiB  file-per-process checkpointer: each rank writes DIR/ckpt.STEP.RANK in 1 MiB
 *                                 write(2)s, fsync once, close, then unlinks its previous checkpoint.
 *   cfd FILE nblk nvar indep|coll CFD solver output: nvar fields, each rank owns nblk 4 KiB cell blocks a field,
 *                                 interleaved by global block id; indep = one MPI_File_write_at per block,
 *                                 coll = a vector file view and one MPI_File_write_at_all per field.
 * COMPUTE (env) scales the compute. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <math.h>

static double sink;
static int rank, nprocs;
static double work(long n) { double s = 0; for (long i = 1; i <= n; i++) s += sin((double)i * 1e-3) / i; sink += s; return s; }
static long cscale(void) { const char *c = getenv("COMPUTE"); return c ? atol(c) : 10; }

static int mctrans(char **a) {
	const char *xs = a[0], *dir = a[1]; int nbatch = atoi(a[2]);
	long xsz = 0; char *lib = NULL;
	if (rank == 0) {
		int fd = open(xs, O_RDONLY); if (fd < 0) { perror(xs); MPI_Abort(MPI_COMM_WORLD, 1); }
		xsz = lseek(fd, 0, SEEK_END);
		lib = malloc(xsz);
		for (long o = 0; o < xsz; o += 1 << 20) { long n = xsz - o < (1 << 20) ? xsz - o : (1 << 20); if (pread(fd, lib + o, n, o) != n) MPI_Abort(MPI_COMM_WORLD, 2); }
		close(fd);
	}
	MPI_Bcast(&xsz, 1, MPI_LONG, 0, MPI_COMM_WORLD);
	if (rank) lib = malloc(xsz);
	MPI_Bcast(lib, (int)xsz, MPI_BYTE, 0, MPI_COMM_WORLD);
	int nmesh = 262144; double *tally = calloc(nmesh, sizeof(double)), *tot = rank ? NULL : calloc(nmesh, sizeof(double));
	FILE *log = NULL; char path[4096];
	if (rank == 0) { snprintf(path, sizeof path, "%s/tallies.out", dir); log = fopen(path, "w"); }
	srand(190 + rank);
	for (int b = 0; b < nbatch; b++) {
		long hist = cscale() * (100000 + rand() % 20000);   /* histories vary a little a batch */
		double k = work(hist);
		for (int i = 0; i < 4096; i++) tally[(rand() % nmesh)] += lib[(i * 977) % xsz] * 1e-3 + k;
		double kb; MPI_Reduce(&k, &kb, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
		if (rank == 0) {
			fprintf(log, "batch %4d  k-eff %.6f  +/- %.6f\n", b + 1, 1.0 + fmod(fabs(kb), 0.01), 0.0001 * (b + 1));
			for (int t = 0; t < 40; t++) fprintf(log, "  tally %3d  mean %.8e  rel.err %.5f  fom %.3e\n", t, tally[t * 97], 0.01 / (b + 1), 1e3 * (t + 1));
		}
	}
	MPI_Reduce(tally, tot, nmesh, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) {
		fclose(log);
		snprintf(path, sizeof path, "%s/meshtally.bin", dir);
		int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (write(fd, tot, nmesh * sizeof(double)) != (ssize_t)(nmesh * sizeof(double))) MPI_Abort(MPI_COMM_WORLD, 3);
		close(fd);
	}
	return 0;
}

static int fppckpt(char **a) {
	const char *dir = a[0]; int nsteps = atoi(a[1]), every = atoi(a[2]), mib = atoi(a[3]);
	char *buf = malloc(1 << 20); memset(buf, rank + 1, 1 << 20);
	char path[4096], prev[4096] = "";
	for (int s = 1; s <= nsteps; s++) {
		work(cscale() * (60000 + 3000 * rank));
		MPI_Barrier(MPI_COMM_WORLD);   /* halo exchange stands in */
		if (s % every == 0) {
			snprintf(path, sizeof path, "%s/ckpt.%04d.%04d", dir, s, rank);
			int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) { perror(path); MPI_Abort(MPI_COMM_WORLD, 1); }
			for (int m = 0; m < mib; m++) { buf[0] = s; if (write(fd, buf, 1 << 20) != 1 << 20) MPI_Abort(MPI_COMM_WORLD, 2); }
			fsync(fd); close(fd);
			if (prev[0]) unlink(prev);
			strcpy(prev, path);
		}
	}
	return 0;
}

static int cfd(char **a) {
	const char *file = a[0]; int nblk = atoi(a[1]), nvar = atoi(a[2]), coll = !strcmp(a[3], "coll");
	const int B = 4096; long varsize = (long)nblk * nprocs * B;
	char *buf = malloc((size_t)nblk * B);
	for (int step = 0; step < 10; step++) { work(cscale() * 20000); MPI_Barrier(MPI_COMM_WORLD); }
	MPI_File fh; MPI_File_open(MPI_COMM_WORLD, file, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	MPI_Datatype vec; MPI_Type_vector(nblk, B, nprocs * B, MPI_BYTE, &vec); MPI_Type_commit(&vec);
	for (int v = 0; v < nvar; v++) {
		for (long i = 0; i < (long)nblk * B; i++) buf[i] = (char)(v + rank + i);
		if (coll) {
			MPI_File_set_view(fh, v * varsize + (long)rank * B, MPI_BYTE, vec, "native", MPI_INFO_NULL);
			MPI_File_write_at_all(fh, 0, buf, nblk * B, MPI_BYTE, MPI_STATUS_IGNORE);
		} else
			for (int b = 0; b < nblk; b++)
				MPI_File_write_at(fh, v * varsize + ((long)b * nprocs + rank) * B, buf + (long)b * B, B, MPI_BYTE, MPI_STATUS_IGNORE);
	}
	MPI_File_close(&fh);
	return 0;
}

int main(int argc, char **argv) {
	MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
	if (argc < 2) MPI_Abort(MPI_COMM_WORLD, 9);
	const char *m = argv[1]; int rc = 9;
	if (!strcmp(m, "mctrans")) rc = mctrans(argv + 2);
	else if (!strcmp(m, "fppckpt")) rc = fppckpt(argv + 2);
	else if (!strcmp(m, "cfd")) rc = cfd(argv + 2);
	double s; MPI_Reduce(&sink, &s, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) printf("%s: sink %.4g\n", m, s);
	MPI_Finalize(); return rc;
}
