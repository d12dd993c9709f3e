/* MPI kinds for round 11: par11 MODE ARGS */
#define _GNU_SOURCE
#include <fcntl.h>
#include <hdf5.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MIB 1048576L
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
static void busy(double s) { double e = now() + s; volatile double x = 0; while (now() < e) for (int i = 0; i < 10000; i++) x += i * 0.5; }

/* appmix CFG OUTDIR NSTEP CKMIB BLKKIB coll|indep: an application-like job */
static void appmix(char **a, int r, int np, char *b) {
	const char *cfg = a[0], *dir = a[1]; long nstep = atol(a[2]), ck = atol(a[3]) * MIB, blk = atol(a[4]) * 1024;
	int coll = !strcmp(a[5], "coll"); char nm[512], line[256]; FILE *log = NULL;
	if (r == 0) { /* rank 0 reads the config line by line */
		FILE *fp = fopen(cfg, "r"); long n = 0; while (fgets(line, sizeof line, fp)) n++; fclose(fp);
		snprintf(nm, sizeof nm, "%s/run.log", dir); log = fopen(nm, "w"); fprintf(log, "config: %ld lines\n", n);
	}
	MPI_Barrier(MPI_COMM_WORLD);
	for (long s = 0; s < nstep; s++) {
		busy(1.0);
		snprintf(nm, sizeof nm, "%s/ckpt.%ld", dir, s); MPI_File fh;
		MPI_File_open(MPI_COMM_WORLD, nm, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
		long n = ck / blk;
		for (long i = 0; i < n; i++) { /* coll: own contiguous region; indep: blocks interleaved by rank */
			MPI_Offset off = coll ? (MPI_Offset)r * ck + i * blk : (MPI_Offset)(i * np + r) * blk;
			if (coll) MPI_File_write_at_all(fh, off, b, (int)blk, MPI_BYTE, MPI_STATUS_IGNORE);
			else MPI_File_write_at(fh, off, b, (int)blk, MPI_BYTE, MPI_STATUS_IGNORE);
		}
		MPI_File_close(&fh);
		if (r == 0) { for (int k = 0; k < 20; k++) fprintf(log, "step %ld: residual %g, part %d\n", s, 1.0 / (s + 1 + k), k); fflush(log); }
	}
	if (r == 0) { /* final HDF5 output: one 64 MiB dataset of doubles in one H5Dwrite, sec2 driver */
		snprintf(nm, sizeof nm, "%s/final.h5", dir); hsize_t dim = 8 * MIB;
		hid_t f = H5Fcreate(nm, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), sp = H5Screate_simple(1, &dim, NULL);
		hid_t d = H5Dcreate2(f, "field", H5T_NATIVE_DOUBLE, sp, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
		double *v = malloc(dim * sizeof *v); for (hsize_t i = 0; i < dim; i++) v[i] = (double)i;
		H5Dwrite(d, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, v); free(v);
		H5Dclose(d); H5Sclose(sp); H5Fclose(f); fprintf(log, "done\n"); fclose(log);
	}
	MPI_Barrier(MPI_COMM_WORLD);
}

int main(int argc, char **argv) {
	int r, np; MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &r); MPI_Comm_size(MPI_COMM_WORLD, &np);
	const char *m = argv[1]; char *b = malloc(4 * MIB); memset(b, 'a' + r, 4 * MIB);
	if (!strcmp(m, "appmix")) appmix(argv + 2, r, np, b);
	else if (!strcmp(m, "allread")) { /* every rank reads the whole FILE in 1 MiB reads */
		int fd = open(argv[2], O_RDONLY); while (read(fd, b, MIB) > 0) ; close(fd);
	} else if (!strcmp(m, "bcast")) { /* rank 0 reads FILE in 1 MiB reads and broadcasts each piece */
		int fd = -1; long sz = 0;
		if (r == 0) { fd = open(argv[2], O_RDONLY); sz = lseek(fd, 0, SEEK_END); lseek(fd, 0, SEEK_SET); }
		MPI_Bcast(&sz, 1, MPI_LONG, 0, MPI_COMM_WORLD);
		for (long o = 0; o < sz; o += MIB) { if (r == 0 && read(fd, b, MIB) <= 0) abort(); MPI_Bcast(b, (int)MIB, MPI_BYTE, 0, MPI_COMM_WORLD); }
		if (r == 0) close(fd);
	} else if (!strcmp(m, "fppsteps")) { /* NSTEP x (each rank writes MIB MiB in 1 MiB writes to DIR/s.STEP.rRANK, barrier) */
		long nstep = atol(argv[3]), mib = atol(argv[4]); char nm[512];
		for (long s = 0; s < nstep; s++) {
			snprintf(nm, sizeof nm, "%s/s%03ld.r%d", argv[2], s, r); int fd = open(nm, O_WRONLY | O_CREAT | O_TRUNC, 0644);
			for (long i = 0; i < mib; i++) if (write(fd, b, MIB) != MIB) abort();
			close(fd); MPI_Barrier(MPI_COMM_WORLD);
		}
	}
	free(b); MPI_Finalize(); return 0;
}
