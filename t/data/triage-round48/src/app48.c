/* app48: one MPI code run at many settings (round 48, issue 34).
 * A 1-D periodic heat/advection stencil (Jacobi sweeps, halo exchange by MPI_Sendrecv) over N doubles a rank.
 * At start rank 0 reads a text parameter file (fgets) and broadcasts it; every rank reads its slab of the
 * initial field from in/init.bin (MPI_File_read_at_all).  Every EVERY steps it writes the field ("output"),
 * at the end a checkpoint, both with the chosen layout, request size, collective mode, fsync policy, format.
 * usage: app48 N STEPS SWEEPS EVERY LAYOUT(nn|n1|agg) NAGG REQ COLL(0|1) FSYNC(none|close|each)
 *        FMT(bin|txt) TXTSTRIDE INDIR OUTPREFIX */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <math.h>

static int rank, np, nagg, coll, fsp, txt, txtstride;
static char layout[8];
static size_t req;

static void die(const char *m) { fprintf(stderr, "app48: %s\n", m); MPI_Abort(MPI_COMM_WORLD, 2); }

static void sweep(double *u, double *v, long n, double nu)
{
	MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, (rank + np - 1) % np, 0, &u[n + 1], 1, MPI_DOUBLE, (rank + 1) % np, 0,
		     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	MPI_Sendrecv(&u[n], 1, MPI_DOUBLE, (rank + 1) % np, 1, &u[0], 1, MPI_DOUBLE, (rank + np - 1) % np, 1,
		     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	for (long i = 1; i <= n; i++)
		v[i] = u[i] + nu * (u[i - 1] - 2 * u[i] + u[i + 1]) - 0.01 * sin(u[i]) * (u[i + 1] - u[i - 1]);
	memcpy(&u[1], &v[1], n * sizeof(double));
}

/* POSIX: write buf in req-sized pieces at off, fsync per policy */
static void pw(int fd, const char *buf, size_t len, off_t off)
{
	for (size_t d = 0; d < len; d += req) {
		size_t k = len - d < req ? len - d : req;
		if (pwrite(fd, buf + d, k, off + d) != (ssize_t)k) die("pwrite");
		if (fsp == 2) fsync(fd);
	}
	if (fsp == 1) fsync(fd);
}

static void out_txt(const char *name, const double *u, long n)
{
	FILE *f = fopen(name, "w");
	if (!f) die("fopen");
	for (long i = 0; i < n; i += txtstride) fprintf(f, "%ld %.15e\n", i, u[i]);
	fflush(f);
	if (fsp) fsync(fileno(f));
	fclose(f);
}

static void out_n1(const char *name, const double *u, long n)
{
	MPI_File fh;
	size_t len = n * sizeof(double), per = req / sizeof(double);
	if (MPI_File_open(MPI_COMM_WORLD, name, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh)) die("open");
	for (long i = 0; i < n; i += per) {
		int k = (int)(n - i < (long)per ? n - i : (long)per);
		MPI_Offset off = (MPI_Offset)rank * len + i * sizeof(double);
		if (coll) MPI_File_write_at_all(fh, off, u + i, k, MPI_DOUBLE, MPI_STATUS_IGNORE);
		else MPI_File_write_at(fh, off, u + i, k, MPI_DOUBLE, MPI_STATUS_IGNORE);
		if (fsp == 2) MPI_File_sync(fh);
	}
	if (fsp == 1) MPI_File_sync(fh);
	MPI_File_close(&fh);
}

static void output(const char *pfx, int step, const double *u, long n)
{
	char name[512];
	if (!strcmp(layout, "n1")) {
		snprintf(name, sizeof name, "%s.%04d", pfx, step);
		out_n1(name, u, n);
		return;
	}
	if (!strcmp(layout, "nn")) {
		snprintf(name, sizeof name, "%s.%04d.r%03d%s", pfx, step, rank, txt ? ".txt" : "");
		if (txt) { out_txt(name, u, n); return; }
		int fd = open(name, O_CREAT | O_WRONLY | O_TRUNC, 0644);
		if (fd < 0) die("open");
		pw(fd, (const char *)u, n * sizeof(double), 0);
		close(fd);
		return;
	}
	/* agg: ranks in groups of np/nagg gather to the group's first rank, which writes the group's block */
	int g = np / nagg, color = rank / g;
	MPI_Comm c;
	MPI_Comm_split(MPI_COMM_WORLD, color, rank, &c);
	double *all = NULL;
	if (rank % g == 0) all = malloc((size_t)g * n * sizeof(double));
	MPI_Gather(u, (int)n, MPI_DOUBLE, all, (int)n, MPI_DOUBLE, 0, c);
	if (all) {
		if (txt) {
			snprintf(name, sizeof name, "%s.%04d.g%02d.txt", pfx, step, color);
			out_txt(name, all, (long)g * n);
		} else {
			snprintf(name, sizeof name, "%s.%04d", pfx, step);
			int fd = open(name, O_CREAT | O_WRONLY, 0644);
			if (fd < 0) die("open");
			pw(fd, (const char *)all, (size_t)g * n * sizeof(double), (off_t)color * g * n * sizeof(double));
			close(fd);
		}
		free(all);
	}
	MPI_Comm_free(&c);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc != 14) die("usage: N STEPS SWEEPS EVERY LAYOUT NAGG REQ COLL FSYNC FMT TXTSTRIDE INDIR OUTPREFIX");
	long n = atol(argv[1]);
	int steps = atoi(argv[2]), sweeps = atoi(argv[3]), every = atoi(argv[4]);
	snprintf(layout, sizeof layout, "%s", argv[5]);
	nagg = atoi(argv[6]); req = strtoul(argv[7], NULL, 0); coll = atoi(argv[8]);
	fsp = !strcmp(argv[9], "close") ? 1 : !strcmp(argv[9], "each") ? 2 : 0;
	txt = !strcmp(argv[10], "txt"); txtstride = atoi(argv[11]);
	if (n < 2 || req < 8 || nagg < 1 || np % nagg || txtstride < 1) die("bad settings");
	char pbuf[4096] = "", name[512], line[256];
	/* input: parameters (rank 0, text, broadcast), then each rank's slab of the initial field */
	if (rank == 0) {
		snprintf(name, sizeof name, "%s/params.txt", argv[12]);
		FILE *f = fopen(name, "r");
		if (!f) die("params");
		while (fgets(line, sizeof line, f) && strlen(pbuf) + strlen(line) < sizeof pbuf) strcat(pbuf, line);
		fclose(f);
	}
	MPI_Bcast(pbuf, sizeof pbuf, MPI_CHAR, 0, MPI_COMM_WORLD);
	double nu = 0.2;
	char *p = strstr(pbuf, "nu =");
	if (p) nu = atof(p + 4);
	double *u = calloc(n + 2, sizeof(double)), *v = calloc(n + 2, sizeof(double));
	if (!u || !v) die("memory");
	MPI_File fh;
	snprintf(name, sizeof name, "%s/init.bin", argv[12]);
	if (MPI_File_open(MPI_COMM_WORLD, name, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh)) die("init.bin");
	MPI_Offset fsz;
	MPI_File_get_size(fh, &fsz);
	MPI_Offset slab = (MPI_Offset)n * 8, off = ((MPI_Offset)rank * slab) % (fsz - slab + 1);
	MPI_File_read_at_all(fh, off, &u[1], (int)n, MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	for (long i = 1; i <= n; i++) u[i] = isfinite(u[i]) ? fmod(fabs(u[i]), 1.0) : 0.5;
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime();
	for (int s = 1; s <= steps; s++) {
		for (int w = 0; w < sweeps; w++) sweep(u, v, n, nu);
		if (s % every == 0) output(argv[13], s, &u[1], n);
	}
	snprintf(name, sizeof name, "%s.ckpt", argv[13]);
	output(name, 0, &u[1], n);
	double sum = 0, tot;
	for (long i = 1; i <= n; i++) sum += u[i];
	MPI_Reduce(&sum, &tot, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	MPI_Barrier(MPI_COMM_WORLD);
	double t = MPI_Wtime() - t0;
	if (rank == 0) printf("app48 np %d sum %.9e time %.3f\n", np, tot, t);
	free(u); free(v);
	MPI_Finalize();
	return 0;
}
