/* ocean138: a ROMS/ADCIRC-like coastal model's I/O, done for real (round 138, labels138).
 * usage: ocean138 prep DIR NP | ocean138 run|restart DIR NSTEPS STA OUT
 *   start: every rank reads the mesh header (stdio) and its own partition file part.NNNN;
 *   every 10 steps each rank reads its slice of the tide and atmos forcing records (MPI-IO independent);
 *   every step the owner rank (station % np) appends a line to each station file:
 *     STA=stdio: fopen once, fprintf a step, fclose at the end; STA=fsync: open/write/fsync/close a step;
 *   every 50 steps the global elevation/velocity field (1 MiB a rank) goes to DIR/out.63:
 *     OUT=coll: one MPI_File_write_at_all a rank; OUT=rows: one 4 KiB MPI_File_write_at a mesh row;
 *   every 100 steps a hotstart (1 MiB a rank, collective) alternately to hot.67/hot.68;
 *   restart: the field is first read collectively from hot.67.
 *   an optional 7th argument "keep" opens the forcing files once and keeps them open (a twin). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#define NF (1 << 17)          /* doubles of field a rank: 1 MiB */
#define ROW 512               /* doubles a mesh row: 4 KiB */
#define NSTA 8
#define FREC (1 << 15)        /* forcing record bytes a rank */
static double fld[NF];
static char fbuf[FREC];
static int rank, np, keep;
static MPI_File ffh[2];

static void prep(const char *d, int n)
{
	char p[512]; FILE *f; int r, i;
	snprintf(p, sizeof p, "%s/mesh.grd", d); f = fopen(p, "w");
	for (i = 0; i < 200; i++) fprintf(f, "%d %d %.6f %.6f %.3f\n", i, n, -70.0 + i * 0.01, 41.0 + i * 0.01, 12.5 + i);
	fclose(f);
	for (r = 0; r < n; r++) {
		snprintf(p, sizeof p, "%s/part.%04d", d, r); f = fopen(p, "w");
		for (i = 0; i < 4000; i++) fprintf(f, "%d %d %d\n", r * 4000 + i, r, i % 7);
		fclose(f);
	}
	static const char *fn[2] = { "tide.frc", "atmos.frc" };
	for (i = 0; i < 2; i++) {
		snprintf(p, sizeof p, "%s/%s", d, fn[i]); f = fopen(p, "w");
		for (r = 0; r < 40 * n; r++) { memset(fbuf, 'a' + r % 26, FREC); fwrite(fbuf, 1, FREC, f); }
		fclose(f);
	}
}

static void readstart(const char *d)
{
	char p[512], line[256]; FILE *f; long n = 0;
	snprintf(p, sizeof p, "%s/mesh.grd", d); f = fopen(p, "r");
	while (fgets(line, sizeof line, f)) n++;
	fclose(f);
	snprintf(p, sizeof p, "%s/part.%04d", d, rank); f = fopen(p, "r");
	while (fgets(line, sizeof line, f)) n++;
	fclose(f);
	for (long i = 0; i < NF; i++) fld[i] = (double)((i + n + rank) % 1000) * 1e-3;
}

static void forcing(const char *d, int lev)
{
	static const char *fn[2] = { "tide.frc", "atmos.frc" };
	char p[512]; MPI_File fh; int i;
	for (i = 0; i < 2; i++) {
		snprintf(p, sizeof p, "%s/%s", d, fn[i]);
		if (!keep || !ffh[i]) MPI_File_open(MPI_COMM_SELF, p, MPI_MODE_RDONLY, MPI_INFO_NULL, keep ? &ffh[i] : &fh);
		MPI_File_read_at(keep ? ffh[i] : fh, ((MPI_Offset)lev * np + rank) * FREC, fbuf, FREC, MPI_BYTE, MPI_STATUS_IGNORE);
		if (!keep) MPI_File_close(&fh);
		fld[lev % NF] += fbuf[rank] * 1e-6;
	}
}

static void station(const char *d, int step, int fs, FILE **sf)
{
	char p[512], line[128]; int s, l;
	for (s = rank; s < NSTA; s += np) {
		l = snprintf(line, sizeof line, "%8d %12.6f %12.6f %12.6f\n", step, fld[s * 97], fld[s * 89 + 1], fld[s * 83 + 2]);
		snprintf(p, sizeof p, "%s/sta.%02d", d, s);
		if (fs) {
			int fd = open(p, O_WRONLY | O_CREAT | O_APPEND, 0644);
			if (write(fd, line, l) != l) MPI_Abort(MPI_COMM_WORLD, 2);
			fsync(fd); close(fd);
		} else {
			if (!sf[s]) sf[s] = fopen(p, "w");
			fputs(line, sf[s]);
		}
	}
}

static void field(const char *d, const char *name, MPI_Offset rec, int rows, int rd)
{
	char p[512]; MPI_File fh; MPI_Offset base = (rec * np + rank) * (MPI_Offset)sizeof fld;
	snprintf(p, sizeof p, "%s/%s", d, name);
	MPI_File_open(MPI_COMM_WORLD, p, rd ? MPI_MODE_RDONLY : MPI_MODE_WRONLY | MPI_MODE_CREATE, MPI_INFO_NULL, &fh);
	if (rd) MPI_File_read_at_all(fh, base, fld, NF, MPI_DOUBLE, MPI_STATUS_IGNORE);
	else if (!rows) MPI_File_write_at_all(fh, base, fld, NF, MPI_DOUBLE, MPI_STATUS_IGNORE);
	else for (int i = 0; i < NF; i += ROW)
		MPI_File_write_at(fh, base + i * (MPI_Offset)sizeof(double), fld + i, ROW, MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
}

static void compute(void)
{
	/* a shallow-water-like stencil sweep: the model's work between I/O */
	for (int k = 0; k < 8; k++)
		for (long i = 1; i < NF - 1; i++) fld[i] = 0.25 * fld[i - 1] + 0.5 * fld[i] + 0.25 * fld[i + 1] + 1e-9;
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc >= 4 && !strcmp(argv[1], "prep")) { if (!rank) prep(argv[2], atoi(argv[3])); MPI_Finalize(); return 0; }
	if (argc < 6) { if (!rank) fprintf(stderr, "usage: ocean138 run|restart DIR NSTEPS stdio|fsync coll|rows\n"); MPI_Finalize(); return 1; }
	const char *d = argv[2]; int n = atoi(argv[3]), fs = !strcmp(argv[4], "fsync"), rows = !strcmp(argv[5], "rows");
	FILE *sf[NSTA] = { 0 }; int out = 0, hot = 0;
	keep = argc > 6 && !strcmp(argv[6], "keep");
	readstart(d);
	if (!strcmp(argv[1], "restart")) field(d, "hot.67", 0, 0, 1);
	for (int s = 0; s < n; s++) {
		if (s % 10 == 0) forcing(d, (s / 10) % 40);
		compute();
		station(d, s, fs, sf);
		if ((s + 1) % 50 == 0) field(d, "out.63", out++, rows, 0);
		if ((s + 1) % 100 == 0) field(d, hot++ % 2 ? "hot.68" : "hot.67", 0, 0, 0);
	}
	for (int s = 0; s < NSTA; s++) if (sf[s]) fclose(sf[s]);
	for (int i = 0; keep && i < 2; i++) MPI_File_close(&ffh[i]);
	double sum = 0; for (long i = 0; i < NF; i++) sum += fld[i];
	double tot; MPI_Reduce(&sum, &tot, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (!rank) printf("mean elevation %.6f\n", tot / ((double)NF * np));
	MPI_Finalize();
	return 0;
}
