/* app125.c: a plane-wave electronic-structure code's I/O skeleton (round 125, labels125).
 * Every rank reads INCAR and the pseudopotential library POTCAR at start; each rank owns
 * NK/np k-points and keeps their wavefunctions out of core: one WAVE.kNNN file per k-point,
 * written after each SCF cycle and read back at the start of the next; rank 0 appends an
 * OUTCAR line per SCF step through stdio; the charge density CHGCAR is written collectively
 * at the end.
 * usage: app125 DIR NCYCLES NK NBANDS BANDKIB CHGMIB WAVEMODE
 * [REPS]: compute passes per k-point and cycle (default 4)
 *   WAVEMODE block: a k-point's bands in one write/read (the normal shape)
 *            band:  one write(2)/read(2) per band (BANDKIB each) */
#include <mpi.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *slurp(const char *path, long *len)
{
	FILE *f = fopen(path, "rb");
	if (!f) { perror(path); MPI_Abort(MPI_COMM_WORLD, 1); }
	fseek(f, 0, SEEK_END); *len = ftell(f); fseek(f, 0, SEEK_SET);
	char *b = malloc(*len + 1);
	if (fread(b, 1, *len, f) != (size_t)*len) MPI_Abort(MPI_COMM_WORLD, 1);
	fclose(f); b[*len] = 0;
	return b;
}

static void wave_io(const char *path, float *c, size_t bandbytes, int nb, int wr, int perband)
{
	int fd = wr ? open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644) : open(path, O_RDONLY);
	if (fd < 0) { perror(path); MPI_Abort(MPI_COMM_WORLD, 1); }
	size_t tot = bandbytes * nb, step = perband ? bandbytes : tot;
	for (size_t off = 0; off < tot; off += step) {
		ssize_t r = wr ? write(fd, (char *)c + off, step) : read(fd, (char *)c + off, step);
		if (r != (ssize_t)step) { perror("wave io"); MPI_Abort(MPI_COMM_WORLD, 1); }
	}
	close(fd);
}

/* compute that stands for the Hamiltonian application: touches every coefficient */
static double hpsi(float *c, size_t n, int reps)
{
	double e = 0;
	for (int r = 0; r < reps; r++)
		for (size_t i = 0; i < n; i++) { c[i] = 0.999f * c[i] + 0.001f * sinf((float)i * 1e-3f + r); e += c[i] * c[i]; }
	return e;
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	int rank, np; MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 8) { if (!rank) fprintf(stderr, "usage\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	const char *dir = argv[1];
	int ncyc = atoi(argv[2]), nk = atoi(argv[3]), nb = atoi(argv[4]);
	int reps = argc > 8 ? atoi(argv[8]) : 4; /* compute passes per k-point per cycle */
	size_t bandbytes = (size_t)atoi(argv[5]) * 1024;
	long chg = atol(argv[6]) << 20;
	int perband = !strcmp(argv[7], "band");
	char p[512]; long len;
	snprintf(p, sizeof p, "%s/INCAR", dir); free(slurp(p, &len));
	snprintf(p, sizeof p, "%s/POTCAR", dir); char *pot = slurp(p, &len);
	double zval = (double)pot[len / 2];
	free(pot);
	int myk = nk / np;
	size_t nfl = bandbytes / sizeof(float) * nb;
	float *c = calloc(nfl, sizeof(float));
	FILE *out = NULL;
	if (!rank) { snprintf(p, sizeof p, "%s/OUTCAR", dir); out = fopen(p, "w"); }
	for (int it = 0; it < ncyc; it++) {
		double e = 0, et;
		for (int k = 0; k < myk; k++) {
			int kg = rank * myk + k;
			snprintf(p, sizeof p, "%s/WAVE.k%03d", dir, kg);
			if (it > 0) wave_io(p, c, bandbytes, nb, 0, perband);
			e += hpsi(c, nfl, reps);
			wave_io(p, c, bandbytes, nb, 1, perband);
		}
		MPI_Allreduce(&e, &et, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		if (!rank) fprintf(out, " SCF step %4d  free energy TOTEN = %20.10f eV  zval %.1f\n", it, -et * 1e-6, zval);
	}
	if (!rank) fclose(out);
	/* CHGCAR: each rank's slab of the density, one collective write */
	long mine = chg / np;
	char *rho = malloc(mine);
	for (long i = 0; i < mine; i++) rho[i] = (char)(i * 7 + rank);
	MPI_File fh; snprintf(p, sizeof p, "%s/CHGCAR", dir);
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	MPI_File_write_at_all(fh, (MPI_Offset)rank * mine, rho, (int)mine, MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	free(rho); free(c);
	MPI_Finalize();
	return 0;
}
