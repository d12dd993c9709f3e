/* Round 104 MPI program: a Hartree-Fock-like SCF with out-of-core two-electron integrals.
 * app104 ITER INTMIB SCRDIR CHK BASIS CHKMODE DROP REPS
 *   every rank reads the basis-set library BASIS line by line through stdio (fgets), then writes its
 *   INTMIB MiB of "integrals" to its own scratch file SCRDIR/ints.RANK (1 MiB pwrites) once; each of ITER
 *   iterations re-reads that file (1 MiB preads) to build its Fock contribution, does REPS dense
 *   matrix-vector passes of compute, and the orbitals (256 KiB a rank) are checkpointed to CHK:
 *   CHKMODE big:  gathered to rank 0, which rewrites CHK with one write(2) an iteration;
 *   CHKMODE col:  gathered to rank 0, which rewrites CHK one 2 KiB orbital column per write(2);
 *   CHKMODE coll: every rank writes its block with MPI_File_write_at_all an iteration.
 *   DROP 1: posix_fadvise(DONTNEED) after each pass over the integrals (the file does not fit the cache,
 *   as a real integral file of hundreds of GiB would not), so every pass reads the device.
 *   The scratch files are unlinked at the end, as QC codes do. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#define NB 192
#define MIB (1 << 20)
#define ORBD (32768) /* doubles of orbitals a rank: 256 KiB */
static double H[NB * NB], x[NB], y[NB];
static double scf_step(int reps) {
	double e = 0;
	for (int r = 0; r < reps; r++) {
		for (int i = 0; i < NB; i++) { double s = 0; for (int j = 0; j < NB; j++) s += H[i * NB + j] * x[j]; y[i] = s; }
		double n = 0; for (int i = 0; i < NB; i++) n += y[i] * y[i];
		n = 1.0 / __builtin_sqrt(n); e = 0; for (int i = 0; i < NB; i++) { e += x[i] * y[i]; x[i] = y[i] * n; }
	}
	return e;
}
static long read_basis(const char *p) {
	FILE *f = fopen(p, "r"); char line[256]; long nshell = 0;
	if (!f) { perror(p); MPI_Abort(MPI_COMM_WORLD, 1); }
	while (fgets(line, sizeof line, f)) if (line[0] == 'S' || line[0] == 'P' || line[0] == 'D') nshell++;
	fclose(f); return nshell;
}
static void chk_write(const char *p, const double *all, size_t n, const char *mode) {
	int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644); size_t step = strcmp(mode, "col") ? n * 8 : 2048;
	if (fd < 0) { perror(p); MPI_Abort(MPI_COMM_WORLD, 1); }
	for (size_t o = 0; o < n * 8; o += step)
		if (pwrite(fd, (const char *)all + o, step, (off_t)o) != (ssize_t)step) { perror(p); MPI_Abort(MPI_COMM_WORLD, 1); }
	close(fd);
}
int main(int argc, char **argv) {
	MPI_Init(&argc, &argv);
	int rank, np; MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 9) { if (!rank) fprintf(stderr, "usage: app104 ITER INTMIB SCRDIR CHK BASIS big|col|coll DROP REPS\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	int iter = atoi(argv[1]), intmib = atoi(argv[2]), drop = atoi(argv[7]), reps = atoi(argv[8]);
	const char *scr = argv[3], *chk = argv[4], *mode = argv[6];
	long nsh = read_basis(argv[5]);
	char p[512]; snprintf(p, sizeof p, "%s/ints.%d", scr, rank);
	int fd = open(p, O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) { perror(p); MPI_Abort(MPI_COMM_WORLD, 1); }
	double *buf = malloc(MIB), *orb = malloc(ORBD * 8), *all = rank ? NULL : malloc((size_t)ORBD * 8 * np);
	for (int m = 0; m < intmib; m++) {
		for (int i = 0; i < MIB / 8; i++) buf[i] = 1.0 / (1 + ((i + m * 131 + rank * 7) % 1021));
		if (pwrite(fd, buf, MIB, (off_t)m * MIB) != MIB) { perror(p); MPI_Abort(MPI_COMM_WORLD, 1); }
	}
	if (drop) { fdatasync(fd); posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); }
	for (int i = 0; i < NB * NB; i++) H[i] = 1.0 / (1 + abs(i / NB - i % NB)) + 1e-3 * ((i * 7919 + rank + nsh) % 13);
	for (int i = 0; i < NB; i++) x[i] = 1;
	for (int i = 0; i < ORBD; i++) orb[i] = (double)(i % 977) * 1e-3 + rank;
	MPI_File fh = MPI_FILE_NULL;
	if (!strcmp(mode, "coll")) MPI_File_open(MPI_COMM_WORLD, chk, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	for (int it = 0; it < iter; it++) {
		double f = 0;
		for (int m = 0; m < intmib; m++) {
			if (pread(fd, buf, MIB, (off_t)m * MIB) != MIB) { perror(p); MPI_Abort(MPI_COMM_WORLD, 1); }
			for (int i = 0; i < MIB / 8; i += 64) f += buf[i];
		}
		if (drop) posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
		H[it % (NB * NB)] += f * 1e-12;
		double e = scf_step(reps), et;
		MPI_Allreduce(&e, &et, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		for (int i = it % 64; i < ORBD; i += 512) orb[i] += et * 1e-9;
		if (fh != MPI_FILE_NULL) {
			MPI_File_write_at_all(fh, (MPI_Offset)rank * ORBD * 8, orb, ORBD, MPI_DOUBLE, MPI_STATUS_IGNORE);
		} else {
			MPI_Gather(orb, ORBD, MPI_DOUBLE, all, ORBD, MPI_DOUBLE, 0, MPI_COMM_WORLD);
			if (!rank) chk_write(chk, all, (size_t)ORBD * np, mode);
		}
		if (!rank && (it == 0 || it == iter - 1)) printf("iter %d E %.10f\n", it, et);
	}
	if (fh != MPI_FILE_NULL) MPI_File_close(&fh);
	close(fd); unlink(p);
	free(buf); free(orb); free(all); MPI_Finalize(); return 0;
}
