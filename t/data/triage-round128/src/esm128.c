/* esm128.c: round 128's coupled Earth-system model (labels128). A coupler with four components (atm, ocn,
 * lnd, ice) as MPI groups of size/4 ranks. Every rank reads the driver namelist drv_in and its component's
 * namelist; each step every rank computes for STEP_MS; each component's root appends a line to its log
 * (COMP.log); global rank 0 appends a 256-byte record to the coupler history cpl.hi.nc; every RSTINT steps
 * each component writes its restart COMP.r.SSSS (RST MiB over its ranks) through MPI-IO on its group.
 * usage: esm128 MODE DIR STEPS STEP_MS RSTINT RST_MIB FLAGS
 *   MODE run: start from scratch; restart: first read each component's restart COMP.r.0000 back (collective)
 *   FLAGS (comma list): logfsync = component logs by write(2)+fsync each line (else stdio);
 *                       hisreopen = cpl.hi.nc opened, appended and closed every step (else kept open);
 *                       rstsmall = restart in 4 KiB independent writes (else one collective write a rank) */
#include <mpi.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *cname[4] = {"atm", "ocn", "lnd", "ice"};
static char dir[512], flags[256];
static int grank, gsize, comp, crank, csize;
static MPI_Comm ccomm;

static int has(const char *f) { return strstr(flags, f) != NULL; }

static double spin(double ms)
{
	double t0 = MPI_Wtime(), x = 1.0;
	while ((MPI_Wtime() - t0) * 1e3 < ms)
		for (int i = 0; i < 1000; i++)
			x = x * 1.0000001 + 1e-9;
	return x;
}

/* every rank parses the namelist itself, as Fortran models do (a few KB, cheap) */
static long readnml(const char *name)
{
	char p[600], line[256];
	long n = 0;
	snprintf(p, sizeof p, "%s/%s", dir, name);
	FILE *f = fopen(p, "r");
	if (!f) { fprintf(stderr, "no %s\n", p); MPI_Abort(MPI_COMM_WORLD, 1); }
	while (fgets(line, sizeof line, f))
		n += strchr(line, '=') != NULL;
	fclose(f);
	return n;
}

static void logline(FILE *lf, int fd, int step, double x)
{
	char line[128];
	int n = snprintf(line, sizeof line, "%s: step %6d  nstep_done  tsurf=%12.6f  dt=1800\n",
			 cname[comp], step, x);
	if (has("logfsync")) {
		if (write(fd, line, n) != n) MPI_Abort(MPI_COMM_WORLD, 2);
		fsync(fd);
	} else
		fputs(line, lf);
}

static void history(FILE **hf, int step)
{
	char rec[256], p[600];
	memset(rec, 'h', sizeof rec);
	snprintf(rec, sizeof rec, "cpl hist step %d", step);
	snprintf(p, sizeof p, "%s/cpl.hi.nc", dir);
	if (has("hisreopen")) {
		FILE *f = fopen(p, "a");
		fwrite(rec, 1, sizeof rec, f);
		fclose(f);
		return;
	}
	if (!*hf) *hf = fopen(p, "w");
	fwrite(rec, 1, sizeof rec, *hf);
}

static void restart_io(int step, long mib, int rd)
{
	char p[600];
	MPI_File fh;
	MPI_Offset per = (MPI_Offset)mib * 1048576 / csize, off = per * crank;
	char *buf = malloc(per);
	memset(buf, comp + 1, per);
	snprintf(p, sizeof p, "%s/%s.r.%04d", dir, cname[comp], step);
	MPI_File_open(ccomm, p, rd ? MPI_MODE_RDONLY : MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	if (rd)
		MPI_File_read_at_all(fh, off, buf, (int)per, MPI_BYTE, MPI_STATUS_IGNORE);
	else if (has("rstsmall"))
		for (MPI_Offset o = 0; o < per; o += 4096)
			MPI_File_write_at(fh, off + o, buf + o, 4096, MPI_BYTE, MPI_STATUS_IGNORE);
	else
		MPI_File_write_at_all(fh, off, buf, (int)per, MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	free(buf);
}

static void openlog(FILE **lf, int *fd)
{
	char p[600];
	snprintf(p, sizeof p, "%s/%s.log", dir, cname[comp]);
	if (has("logfsync"))
		*fd = open(p, O_WRONLY | O_CREAT | O_APPEND | O_TRUNC, 0644);
	else
		*lf = fopen(p, "w");
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	if (argc < 8) { fprintf(stderr, "usage: esm128 MODE DIR STEPS STEP_MS RSTINT RST_MIB FLAGS\n"); return 1; }
	int steps = atoi(argv[3]), rstint = atoi(argv[5]), rd = !strcmp(argv[1], "restart");
	double stepms = atof(argv[4]);
	long mib = atol(argv[6]), nml;
	snprintf(dir, sizeof dir, "%s", argv[2]);
	snprintf(flags, sizeof flags, "%s", argv[7]);
	MPI_Comm_rank(MPI_COMM_WORLD, &grank);
	MPI_Comm_size(MPI_COMM_WORLD, &gsize);
	comp = grank / (gsize / 4);
	MPI_Comm_split(MPI_COMM_WORLD, comp, grank, &ccomm);
	MPI_Comm_rank(ccomm, &crank);
	MPI_Comm_size(ccomm, &csize);
	char nmlname[32];
	snprintf(nmlname, sizeof nmlname, "%s_in", cname[comp]);
	nml = readnml("drv_in") + readnml(nmlname);
	if (rd) restart_io(0, mib, 1);
	FILE *lf = NULL, *hf = NULL;
	int fd = -1;
	if (crank == 0) openlog(&lf, &fd);
	double x = 0;
	for (int s = 1; s <= steps; s++) {
		x += spin(stepms) * 1e-6 + nml;
		if (crank == 0) logline(lf, fd, s, x);
		if (grank == 0) history(&hf, s);
		if (s % rstint == 0) restart_io(s, mib, 0);
		MPI_Barrier(MPI_COMM_WORLD);
	}
	if (lf) fclose(lf);
	if (fd >= 0) close(fd);
	if (hf) fclose(hf);
	if (grank == 0) printf("esm128 %s: %d ranks, %d steps, done (%.3f)\n", argv[1], gsize, steps, x);
	MPI_Comm_free(&ccomm);
	MPI_Finalize();
	return 0;
}
