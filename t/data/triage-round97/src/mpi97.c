/* Round 97 MPI climate post-processing at 4 ranks. Modes:
 *   ensstat DIR NMEM MB      ensemble mean over NMEM member files of MB MiB: each rank reads its slab of every
 *                            member in 1 MiB independent reads, the mean is written collectively.
 *   regrid DIR NSTEP every|once  remap NSTEP time steps; the 16 MiB weights file is read by every rank either
 *                            every step (re-read) or once; each step's 1 MiB a rank is written collectively. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define MB (1 << 20)
static int ensstat(const char *d, int nmem, int mb, int r, int np)
{
	char p[512]; MPI_File f; long slab = (long)mb * MB / np, n = slab / sizeof(double);
	double *a = calloc(n, sizeof(double)), *b = malloc(MB);
	for (int m = 0; m < nmem; m++) {
		snprintf(p, sizeof p, "%s/mem-%02d.bin", d, m);
		MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_RDONLY, MPI_INFO_NULL, &f);
		for (long o = 0; o < slab; o += MB) {
			MPI_File_read_at(f, r * slab + o, b, MB, MPI_BYTE, MPI_STATUS_IGNORE);
			for (long i = 0; i < MB / 8; i++) a[o / 8 + i] += b[i] / nmem;
		}
		MPI_File_close(&f);
	}
	snprintf(p, sizeof p, "%s/ensmean.bin", d);
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_WRONLY | MPI_MODE_CREATE, MPI_INFO_NULL, &f);
	MPI_File_write_at_all(f, r * slab, a, (int)slab, MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&f); free(a); free(b); return 0;
}
static void weights(const char *d, char *w, int wmb)
{
	char p[512]; MPI_File f;
	snprintf(p, sizeof p, "%s/weights.bin", d);
	MPI_File_open(MPI_COMM_SELF, p, MPI_MODE_RDONLY, MPI_INFO_NULL, &f);
	for (int o = 0; o < wmb; o += 4)
		MPI_File_read_at(f, (MPI_Offset)o * MB, w + (long)o * MB, 4 * MB, MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&f);
}
static int regrid(const char *d, int nstep, int every, int r)
{
	char p[512]; MPI_File f; int wmb = 16; char *w = malloc((long)wmb * MB); double *o = malloc(MB);
	snprintf(p, sizeof p, "%s/regrid-out.bin", d);
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_WRONLY | MPI_MODE_CREATE, MPI_INFO_NULL, &f);
	for (int s = 0; s < nstep; s++) {
		if (every || s == 0) weights(d, w, wmb);
		for (long i = 0; i < MB / 8; i++) o[i] = w[(i * 131 + s) % ((long)wmb * MB)] * 0.5 + s;
		MPI_File_write_at_all(f, ((MPI_Offset)s * 4 + r) * MB, o, MB, MPI_BYTE, MPI_STATUS_IGNORE);
	}
	MPI_File_close(&f); free(w); free(o); return 0;
}
int main(int c, char **v)
{
	int r, np, rc = 2;
	MPI_Init(&c, &v); MPI_Comm_rank(MPI_COMM_WORLD, &r); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (c >= 5 && !strcmp(v[1], "ensstat")) rc = ensstat(v[2], atoi(v[3]), atoi(v[4]), r, np);
	if (c >= 5 && !strcmp(v[1], "regrid")) rc = regrid(v[2], atoi(v[3]), !strcmp(v[4], "every"), r);
	MPI_Finalize(); return rc;
}
