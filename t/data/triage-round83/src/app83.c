/* Round 83 MPI program: an electronic-structure-like calculation in a job directory.
 * app83 scf ITER WAVMIB DIR MODE: rank 0 reads DIR/INCAR, POSCAR, KPOINTS and broadcasts them; ITER SCF
 *   iterations (a dense "Hamiltonian" apply); rank 0 appends one OUTCAR line an iteration through stdio
 *   (MODE end) or write(2)+fsync (MODE fsync); each rank's WAVMIB MiB wavefunction block goes to the shared
 *   DIR/WAVECAR with MPI_File_write_at_all at the end (end, fsync) or every iteration (every).
 * app83 restart ITER WAVMIB DIR: each rank first reads its block of DIR/WAVECAR (1 MiB preads via MPI-IO
 *   independent reads), then runs as scf end. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#define NB 192
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
static char *slurp(const char *p, long *len) {
	FILE *f = fopen(p, "r"); if (!f) { perror(p); MPI_Abort(MPI_COMM_WORLD, 1); }
	fseek(f, 0, SEEK_END); *len = ftell(f); rewind(f);
	char *b = malloc(*len + 1); *len = (long)fread(b, 1, *len, f); fclose(f); return b;
}
static void wavwrite(const char *dir, double *w, size_t n, int rank) {
	char p[512]; MPI_File fh; snprintf(p, sizeof p, "%s/WAVECAR", dir);
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	MPI_File_write_at_all(fh, (MPI_Offset)rank * n * 8, w, (int)n, MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
}
int main(int argc, char **argv) {
	MPI_Init(&argc, &argv);
	int rank, np; MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 5) { if (!rank) fprintf(stderr, "usage: app83 scf|restart ITER WAVMIB DIR [end|every|fsync]\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	int iter = atoi(argv[2]); size_t n = (size_t)atoi(argv[3]) << 17; const char *dir = argv[4];
	const char *mode = argc > 5 ? argv[5] : "end";
	double *w = malloc(n * 8);
	for (size_t i = 0; i < n; i++) w[i] = (double)(i % 977) * 1e-3 + rank;
	char p[512]; long tot = 0, len;
	if (!rank) {
		const char *in[] = {"INCAR", "POSCAR", "KPOINTS"};
		for (int k = 0; k < 3; k++) { snprintf(p, sizeof p, "%s/%s", dir, in[k]); free(slurp(p, &len)); tot += len; }
	}
	MPI_Bcast(&tot, 1, MPI_LONG, 0, MPI_COMM_WORLD);
	if (!strcmp(argv[1], "restart")) {
		MPI_File fh; snprintf(p, sizeof p, "%s/WAVECAR", dir);
		MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
		size_t ch = 1 << 17;
		for (size_t o = 0; o < n; o += ch)
			MPI_File_read_at(fh, (MPI_Offset)(rank * n + o) * 8, w + o, (int)ch, MPI_DOUBLE, MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
	}
	for (int i = 0; i < NB * NB; i++) H[i] = 1.0 / (1 + abs(i / NB - i % NB)) + 1e-3 * ((i * 7919 + rank) % 13);
	for (int i = 0; i < NB; i++) x[i] = 1;
	FILE *out = NULL; int fd = -1;
	if (!rank) {
		snprintf(p, sizeof p, "%s/OUTCAR", dir);
		if (!strcmp(mode, "fsync")) fd = open(p, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0644);
		else out = fopen(p, "w");
	}
	for (int it = 0; it < iter; it++) {
		double e = scf_step(300), et;
		MPI_Allreduce(&e, &et, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		for (size_t i = it % 64; i < n; i += 4096) w[i] += et * 1e-9;
		if (!rank) {
			char line[160]; int l = snprintf(line, sizeof line, " iteration %5d  free energy TOTEN = %18.8f eV  dE = %12.4e\n", it, et, e - et);
			if (fd >= 0) { if (write(fd, line, l) != l || fsync(fd)) perror("OUTCAR"); }
			else fputs(line, out);
		}
		if (!strcmp(mode, "every")) wavwrite(dir, w, n, rank);
	}
	if (strcmp(mode, "every")) wavwrite(dir, w, n, rank);
	if (out) fclose(out);
	if (fd >= 0) close(fd);
	free(w); MPI_Finalize(); return 0;
}
