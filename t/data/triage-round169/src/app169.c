/* Round 169 (labels169): quantum Monte Carlo I/O. Walker populations, per-block checkpoints, estimator logs.
 * A walker is 32 electrons x 3 doubles = 768 B. Modes:
 *   gen FILE MIB                 make an input file (outside Darshan)
 *   drop FILE                    drop FILE from the page cache
 *   dmc DIR NSTEP NBLK NWALK     DMC: uneven populations (22/24/26/28 %), per-block collective checkpoint to one file,
 *                                rank 0 writes one estimator line a step (fprintf) to DIR/scalar.dat
 *                                (env ESTBUF=N: a stdio buffer of N bytes instead of the default 4 KiB)
 *   vmc ORB RESTART DIR NSTEP    VMC: every rank reads the whole orbital table (4 MiB preads), its slice of the
 *                                restart walkers (MPI-IO collective), writes its own estimator file (fprintf)
 *   storm DIR NWALK NBLK file|rank   per-block checkpoint: one file per walker (file) or one file per rank (rank)
 *   walkerpw DIR NWALK NBLK walker|slice  per-block checkpoint to one shared file: one pwrite per walker or per rank
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/types.h>

#define WDBL 96
#define WSZ (WDBL * sizeof(double))
static int rank, np;
static double sink;

static void work(long n) { /* stand-in for a drift-diffusion sweep */
	double s = 0; for (long i = 1; i <= n; i++) s += sin(i * 1e-3) * 1e-6; sink += s; }
static void fill(double *w, long nw, int blk) { for (long i = 0; i < nw * WDBL; i++) w[i] = (rank + 1) * 0.1 + i * 1e-7 + blk; }
static long compute_units(void) { char *c = getenv("COMPUTE"); return c ? atol(c) : 1; }

static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); }

int main(int argc, char **argv) {
	if (argc > 1 && !strcmp(argv[1], "gen")) {
		FILE *f = fopen(argv[2], "w"); long mib = atol(argv[3]); double *b = malloc(1 << 20);
		for (long m = 0; m < mib; m++) { for (int i = 0; i < (1 << 17); i++) b[i] = sin(m * 131072.0 + i); fwrite(b, 1, 1 << 20, f); }
		fclose(f); return 0;
	}
	if (argc > 1 && !strcmp(argv[1], "drop")) {
		int fd = open(argv[2], O_RDONLY); fdatasync(fd); posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); close(fd); return 0;
	}
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	const char *mode = argv[1];
	long cu = compute_units();
	if (!strcmp(mode, "dmc")) {
		const char *dir = argv[2]; int nstep = atoi(argv[3]), nblk = atoi(argv[4]); long nwalk = atol(argv[5]);
		static const double share[8] = {0.22, 0.24, 0.26, 0.28, 0.22, 0.24, 0.26, 0.28};
		double *w = malloc((size_t)(nwalk * 0.35 + 64) * WSZ);
		char fn[512]; FILE *est = NULL;
		if (rank == 0) {
			snprintf(fn, sizeof fn, "%s/dmc.s001.scalar.dat", dir); est = fopen(fn, "w"); if (!est) die(fn);
			if (getenv("ESTBUF")) setvbuf(est, NULL, _IOFBF, atol(getenv("ESTBUF"))); /* the fix: one flush a block */
			fprintf(est, "#   index    LocalEnergy   LocalEnergy_sq   Variance   Weight   NumOfWalkers   TrialEnergy   BlockCPU\n");
		}
		snprintf(fn, sizeof fn, "%s/dmc.s001.config.dat", dir);
		int spb = nstep / nblk;
		for (int b = 0; b < nblk; b++) {
			/* population fluctuates a little from block to block (branching) */
			long my = (long)(nwalk * share[rank % 8] * (1.0 + 0.02 * sin(b + rank)));
			for (int s = 0; s < spb; s++) {
				work(cu * my / 8);
				double e = -15.8 + 0.01 * sin(s + b * spb), le[2] = {e * my, (double)my}, g[2];
				MPI_Reduce(le, g, 2, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
				if (rank == 0) fprintf(est, "%9d %15.8e %15.8e %12.6e %12.4f %8.0f %15.8e %8.4f\n", b * spb + s,
					g[0] / g[1], (g[0] / g[1]) * (g[0] / g[1]), 0.12, g[1], g[1], -15.8, 0.01);
			}
			fill(w, my, b);
			long off = 0, cnt = my; MPI_Exscan(&cnt, &off, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD); if (rank == 0) off = 0;
			MPI_File fh; MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
			MPI_File_write_at_all(fh, off * WSZ, w, my * WDBL, MPI_DOUBLE, MPI_STATUS_IGNORE);
			MPI_File_close(&fh);
		}
		if (rank == 0) fclose(est);
		if (rank == 0) printf("dmc: %d blocks x %d steps, %ld walkers, sink %.3g\n", nblk, spb, nwalk, sink);
	} else if (!strcmp(mode, "vmc")) {
		const char *orb = argv[2], *rst = argv[3], *dir = argv[4]; int nstep = atoi(argv[5]);
		int fd = open(orb, O_RDONLY); if (fd < 0) die(orb);
		struct stat st; fstat(fd, &st); char *tab = malloc(st.st_size);
		for (off_t o = 0; o < st.st_size; o += 4 << 20) {
			ssize_t n = pread(fd, tab + o, (st.st_size - o) < (4 << 20) ? (st.st_size - o) : (4 << 20), o); if (n <= 0) die("pread"); }
		close(fd);
		MPI_File fh; MPI_File_open(MPI_COMM_WORLD, rst, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
		MPI_Offset sz; MPI_File_get_size(fh, &sz); long nw = sz / WSZ, my = nw / np;
		double *w = malloc(my * WSZ);
		MPI_File_read_at_all(fh, (MPI_Offset)rank * my * WSZ, w, my * WDBL, MPI_DOUBLE, MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
		char fn[512]; snprintf(fn, sizeof fn, "%s/vmc.s000.g%03d.scalar.dat", dir, rank);
		FILE *est = fopen(fn, "w"); if (!est) die(fn);
		fprintf(est, "#   index    LocalEnergy   LocalEnergy_sq   Variance   Weight   AcceptRatio\n");
		for (int s = 0; s < nstep; s++) {
			work(cu * 2000); double e = -15.7 + 0.01 * sin(s) + tab[(s * 4099L) % (st.st_size / 8)] * 1e-9 + w[s % (my * WDBL)] * 1e-12;
			fprintf(est, "%9d %15.8e %15.8e %12.6e %10.1f %8.5f\n", s, e, e * e, 0.13, (double)my, 0.52);
		}
		fclose(est);
		MPI_Barrier(MPI_COMM_WORLD);
		if (rank == 0) {
			snprintf(fn, sizeof fn, "%s/vmc.s000.info.xml", dir); FILE *f = fopen(fn, "w");
			fprintf(f, "<?xml version=\"1.0\"?>\n<simulation><project id=\"vmc\" series=\"0\"/>\n");
			for (int i = 0; i < 24; i++) fprintf(f, "  <parameter name=\"p%d\">%d</parameter>\n", i, i * 7);
			fprintf(f, "</simulation>\n"); fclose(f);
			printf("vmc: %ld walkers, %d steps, orbitals %ld B, sink %.3g\n", nw, nstep, (long)st.st_size, sink);
		}
	} else if (!strcmp(mode, "storm") || !strcmp(mode, "walkerpw")) {
		const char *dir = argv[2]; long nw = atol(argv[3]); int nblk = atoi(argv[4]); int per = !strcmp(argv[5], "file") || !strcmp(argv[5], "walker");
		double *w = malloc(nw * WSZ); char fn[512];
		for (int b = 0; b < nblk; b++) {
			for (int s = 0; s < 20; s++) { work(cu * 20000); MPI_Barrier(MPI_COMM_WORLD); }
			fill(w, nw, b);
			if (!strcmp(mode, "storm")) {
				if (per) for (long i = 0; i < nw; i++) {
					snprintf(fn, sizeof fn, "%s/b%02d.r%02d.w%05ld.cfg", dir, b, rank, i);
					int fd = open(fn, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (fd < 0) die(fn);
					if (write(fd, w + i * WDBL, WSZ) != (ssize_t)WSZ) die("write");
					close(fd);
				} else {
					snprintf(fn, sizeof fn, "%s/b%02d.r%02d.cfg", dir, b, rank);
					int fd = open(fn, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (fd < 0) die(fn);
					if (write(fd, w, nw * WSZ) != (ssize_t)(nw * WSZ)) die("write");
					close(fd);
				}
			} else {
				snprintf(fn, sizeof fn, "%s/config.b%02d.dat", dir, b);
				int fd = open(fn, O_CREAT | O_WRONLY, 0644); if (fd < 0) die(fn);
				off_t base = (off_t)rank * nw * WSZ;
				if (per) { for (long i = 0; i < nw; i++) if (pwrite(fd, w + i * WDBL, WSZ, base + i * WSZ) != (ssize_t)WSZ) die("pwrite"); }
				else if (pwrite(fd, w, nw * WSZ, base) != (ssize_t)(nw * WSZ)) die("pwrite");
				close(fd);
			}
			MPI_Barrier(MPI_COMM_WORLD);
		}
		if (rank == 0) printf("%s(%s): %d blocks x %ld walkers a rank, sink %.3g\n", mode, argv[5], nblk, nw, sink);
	}
	MPI_Finalize();
	return 0;
}
