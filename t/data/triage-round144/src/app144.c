/* app144: a CMAQ/WRF-Chem-like air-quality model's I/O (round 144 of issue 34).
 * Per simulated hour: every rank reads its slab of each species from the hourly emission file, computes
 * chemistry, writes each species' concentration slab to the hourly CONC file, appends diagnostics lines
 * to its own log; a restart (all species) is written collectively at the end of each simulated day.
 * Every rank reads the chemical mechanism table at start.
 * usage: app144 mkemis EMISDIR HOURS NSPEC NX            (serial input generator, not under Darshan)
 *        app144 run EMISDIR OUTDIR HOURS NSPEC NX CONC   CONC = coll | posix | fsync | rows */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <math.h>
#include <sys/stat.h>

static int mkemis(const char *dir, int hours, int nspec, int nx)
{
	float *b = malloc((size_t)nx * sizeof *b);
	char p[512];
	mkdir(dir, 0755);
	for (int h = 0; h < hours; h++) {
		snprintf(p, sizeof p, "%s/EMIS_%03d.bin", dir, h);
		FILE *f = fopen(p, "wb");
		if (!f) return 1;
		for (int s = 0; s < nspec; s++) {
			for (int i = 0; i < nx; i++) b[i] = (float)(1e-3 * (1 + (i * 7 + s * 13 + h) % 97));
			fwrite(b, sizeof *b, nx, f);
		}
		fclose(f);
	}
	free(b);
	return 0;
}

static double mech_read(const char *emisdir)
{
	char p[512], buf[65536];
	double sum = 0;
	size_t n;
	snprintf(p, sizeof p, "%s/mech.tbl", emisdir);
	FILE *f = fopen(p, "rb");
	if (!f) MPI_Abort(MPI_COMM_WORLD, 2);
	while ((n = fread(buf, 1, sizeof buf, f)) > 0) sum += (unsigned char)buf[n - 1];
	fclose(f);
	return sum;
}

static void chem(float *c, const float *e, int n, double k)
{
	for (int it = 0; it < 40; it++)
		for (int i = 0; i < n; i++) c[i] = (float)(c[i] * exp(-k * 1e-4) + e[i] * 0.01 + 1e-9 * sin(c[i]));
}

/* write one species slab of the hourly CONC file in the requested way */
static void conc_write(const char *mode, MPI_File mf, int fd, const float *c, int slab, MPI_Offset off)
{
	if (!strcmp(mode, "coll")) {
		MPI_File_write_at_all(mf, off, c, slab, MPI_FLOAT, MPI_STATUS_IGNORE);
		return;
	}
	if (!strcmp(mode, "rows")) { /* 1 KiB rows, one pwrite each: how a naive row-by-row output loop writes */
		int row = 256;
		for (int i = 0; i < slab; i += row)
			if (pwrite(fd, c + i, sizeof(float) * (size_t)(slab - i < row ? slab - i : row), off + 4 * (off_t)i) < 0) MPI_Abort(MPI_COMM_WORLD, 3);
		return;
	}
	if (pwrite(fd, c, sizeof(float) * (size_t)slab, off) < 0) MPI_Abort(MPI_COMM_WORLD, 3);
	if (!strcmp(mode, "fsync")) fsync(fd);
}

int main(int argc, char **argv)
{
	if (argc == 6 && !strcmp(argv[1], "mkemis")) return mkemis(argv[2], atoi(argv[3]), atoi(argv[4]), atoi(argv[5]));
	if (argc != 8) { fprintf(stderr, "usage: see source\n"); return 1; }
	MPI_Init(&argc, &argv);
	int r, np, hours = atoi(argv[4]), nspec = atoi(argv[5]), nx = atoi(argv[6]);
	const char *ed = argv[2], *od = argv[3], *mode = argv[7];
	MPI_Comm_rank(MPI_COMM_WORLD, &r);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	int slab = nx / np;
	char p[512];
	double k = mech_read(ed);
	float *e = malloc(sizeof(float) * (size_t)slab), *c = calloc((size_t)nspec * slab, sizeof(float));
	snprintf(p, sizeof p, "%s/diag_%03d.log", od, r);
	FILE *dg = fopen(p, "w");
	for (int h = 0; h < hours; h++) {
		snprintf(p, sizeof p, "%s/EMIS_%03d.bin", ed, h);
		int efd = open(p, O_RDONLY);
		snprintf(p, sizeof p, "%s/CONC_%03d.bin", od, h);
		MPI_File mf = MPI_FILE_NULL;
		int fd = -1;
		if (!strcmp(mode, "coll")) MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &mf);
		else fd = open(p, O_CREAT | O_WRONLY, 0644);
		for (int s = 0; s < nspec; s++) {
			off_t off = ((off_t)s * nx + (off_t)r * slab) * 4;
			if (pread(efd, e, sizeof(float) * (size_t)slab, off) < 0) MPI_Abort(MPI_COMM_WORLD, 4);
			chem(c + (size_t)s * slab, e, slab, k);
			conc_write(mode, mf, fd, c + (size_t)s * slab, slab, off);
			fprintf(dg, "hour %3d species %2d mean %.6e\n", h, s, c[(size_t)s * slab]);
		}
		close(efd);
		if (mf != MPI_FILE_NULL) MPI_File_close(&mf);
		if (fd >= 0) close(fd);
		if ((h + 1) % 24 == 0) { /* end of a simulated day: restart of all species, collective */
			snprintf(p, sizeof p, "%s/RESTART_d%02d.bin", od, (h + 1) / 24);
			MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &mf);
			for (int s = 0; s < nspec; s++)
				MPI_File_write_at_all(mf, ((MPI_Offset)s * nx + (MPI_Offset)r * slab) * 4, c + (size_t)s * slab, slab, MPI_FLOAT, MPI_STATUS_IGNORE);
			MPI_File_close(&mf);
		}
	}
	fclose(dg);
	if (r == 0) printf("done %d hours %d species, c0 %.6e\n", hours, nspec, c[0]);
	free(e); free(c);
	MPI_Finalize();
	return 0;
}
