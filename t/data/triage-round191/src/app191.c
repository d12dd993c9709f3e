/* Round 191 (labels191): ocean and coastal model I/O patterns (ROMS / MOM / ADCIRC-like).
 * mpicc -O2 -Wall -o app191 app191.c -lm
 * Modes (argv[1]):
 *  gen FILE MIB                     make an input file of MIB MiB (outside Darshan)
 *  roms DIR IN STEPS HIS AVG        2x2 tiles of a 512x512 grid: grid read once (read_at_all), boundary segment
 *                                   pread every step, history every HIS steps and averages every AVG steps with
 *                                   MPI_File_write_at_all on a subarray view, restart at end, rank-0 fprintf log
 *  mom DIR IN STEPS                 row strips of a 1024x512 grid: every rank reads the whole topography (1 MiB
 *                                   reads), rank 0 reads the namelist (fgets) and broadcasts it; per-rank restart
 *                                   files (1 MiB writes) and per-rank diagnostics written once at the end
 *  adcsta DIR STEPS OUT NSTA         stations gathered to rank 0 each step, fprintf'ed to fort.61 (ASCII; env FBUF:
 *                                   its stdio buffer size, default glibc's 4 KiB; env FBIN: binary records, one
 *                                   fwrite of the time and one of the stations a step, instead of ASCII lines);
 *                                   global elevation gathered to rank 0 and written by it every OUT steps (fort.63)
 *  stafsync DIR STEPS NSTA MODE      stations gathered to rank 0 each step, one binary record a step to fort.61;
 *                                   MODE rec: fsync after every record; end: one fsync at close; per-rank restart
 *  hisindep DIR NOUT MODE            2x2 tiles of a 256x256 grid, 3 fields an output: MODE row: independent
 *                                   MPI_File_write_at per tile row (1 KiB); coll: MPI_File_write_at_all subarray
 * COMPUTE (env) scales the stencil sweeps a step. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

static int rank, np, compute = 1;
static double sink;

static void sweep(double *a, double *b, int nx, int ny, int n)
{
	for (int k = 0; k < n; k++) {
		for (int j = 1; j < ny - 1; j++)
			for (int i = 1; i < nx - 1; i++)
				b[j * nx + i] = 0.25 * (a[j * nx + i - 1] + a[j * nx + i + 1] + a[(j - 1) * nx + i] +
							a[(j + 1) * nx + i]) + 1e-6;
		double *t = a; a = b; b = t;
	}
	sink += a[nx + 1];
}

static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); }

static void gen(const char *f, int mib)
{
	int fd = open(f, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) die(f);
	double *b = malloc(1 << 20);
	for (int m = 0; m < mib; m++) {
		for (int i = 0; i < (1 << 17); i++) b[i] = sin(m * 131072.0 + i);
		if (write(fd, b, 1 << 20) != 1 << 20) die("write");
	}
	close(fd); free(b);
}

static MPI_Datatype tile_type(int gx, int gy, int tx, int ty, int ox, int oy)
{
	int gs[2] = {gy, gx}, ls[2] = {ty, tx}, st[2] = {oy, ox};
	MPI_Datatype t;
	MPI_Type_create_subarray(2, gs, ls, st, MPI_ORDER_C, MPI_DOUBLE, &t);
	MPI_Type_commit(&t);
	return t;
}

/* ROMS-like */
static void roms(const char *dir, const char *in, int steps, int his, int avg)
{
	const int G = 512, T = 256, NF = 3;
	int px = rank % 2, py = rank / 2, ox = px * T, oy = py * T;
	size_t tn = (size_t)T * T, fb = (size_t)G * G * 8;
	double *f = malloc(NF * tn * 8), *acc = calloc(NF * tn, 8), *w = malloc(tn * 8);
	char p[512];
	MPI_File fh;
	MPI_Datatype tt = tile_type(G, G, T, T, ox, oy);
	/* grid: h and mask, 2 fields, read once collectively */
	snprintf(p, sizeof p, "%s/ocean_grd.dat", in);
	if (MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh)) die(p);
	MPI_File_set_view(fh, 0, MPI_DOUBLE, tt, "native", MPI_INFO_NULL);
	MPI_File_read_at_all(fh, 0, f, tn, MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_read_at_all(fh, tn, f + tn, tn, MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	/* boundary forcing: one record a step of 4 edges x 512 doubles; each rank reads its two outer edge halves */
	snprintf(p, sizeof p, "%s/ocean_bry.dat", in);
	int bfd = open(p, O_RDONLY);
	if (bfd < 0) die(p);
	FILE *log = NULL;
	if (rank == 0) {
		snprintf(p, sizeof p, "%s/roms.log", dir);
		log = fopen(p, "w");
		fprintf(log, "ROMS-like run: %d ranks, %dx%d, %d steps, his %d avg %d\n", np, G, G, steps, his, avg);
	}
	MPI_File hf, af;
	snprintf(p, sizeof p, "%s/ocean_his.dat", dir);
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_WRONLY | MPI_MODE_CREATE, MPI_INFO_NULL, &hf);
	MPI_File_set_view(hf, 0, MPI_DOUBLE, tt, "native", MPI_INFO_NULL);
	snprintf(p, sizeof p, "%s/ocean_avg.dat", dir);
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_WRONLY | MPI_MODE_CREATE, MPI_INFO_NULL, &af);
	MPI_File_set_view(af, 0, MPI_DOUBLE, tt, "native", MPI_INFO_NULL);
	double bseg[2][256];
	int hrec = 0, arec = 0;
	for (int s = 1; s <= steps; s++) {
		off_t rec = (off_t)(s - 1) * 4 * 512 * 8;
		/* west/east edge (by px) and south/north edge (by py), this tile's half */
		if (pread(bfd, bseg[0], 2048, rec + (px ? 512 : 0) * 8 + oy * 8) != 2048) die("pread");
		if (pread(bfd, bseg[1], 2048, rec + (2 + py) * 512 * 8 + ox * 8) != 2048) die("pread");
		for (int k = 0; k < NF; k++) {
			memcpy(w, f + k * tn, tn * 8);
			for (int i = 0; i < T; i++) w[i] += 1e-3 * bseg[0][i] + 1e-3 * bseg[1][i];
			sweep(w, f + k * tn, T, T, 2 * compute);
			for (size_t i = 0; i < tn; i++) acc[k * tn + i] += f[k * tn + i];
		}
		if (log && s % 10 == 0) fprintf(log, "step %6d  time %10.2f s  KE %.6e  vol %.6e\n", s, s * 30.0, sink, f[7]);
		if (s % his == 0) {
			for (int k = 0; k < NF; k++)
				MPI_File_write_at_all(hf, (MPI_Offset)(hrec * NF + k) * tn, f + k * tn, tn, MPI_DOUBLE, MPI_STATUS_IGNORE);
			hrec++;
		}
		if (s % avg == 0) {
			for (size_t i = 0; i < NF * tn; i++) acc[i] /= avg;
			for (int k = 0; k < NF; k++)
				MPI_File_write_at_all(af, (MPI_Offset)(arec * NF + k) * tn, acc + k * tn, tn, MPI_DOUBLE, MPI_STATUS_IGNORE);
			memset(acc, 0, NF * tn * 8);
			arec++;
		}
	}
	MPI_File_close(&hf); MPI_File_close(&af);
	close(bfd);
	snprintf(p, sizeof p, "%s/ocean_rst.dat", dir);
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_WRONLY | MPI_MODE_CREATE, MPI_INFO_NULL, &fh);
	MPI_File_set_view(fh, 0, MPI_DOUBLE, tt, "native", MPI_INFO_NULL);
	for (int k = 0; k < NF; k++)
		MPI_File_write_at_all(fh, (MPI_Offset)k * tn, f + k * tn, tn, MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	if (log) { fprintf(log, "done: %d history, %d averages records\n", hrec, arec); fclose(log); }
	(void)fb;
}

/* MOM-like */
static void mom(const char *dir, const char *in, int steps)
{
	const int GX = 1024, GY = 512;
	int rows = GY / np;
	size_t tn = (size_t)GX * rows;
	double *topo = malloc((size_t)GX * GY * 8), *t = malloc(tn * 8), *u = malloc(tn * 8), *d = calloc(tn, 8);
	char p[512], nml[4096] = "";
	if (rank == 0) {
		snprintf(p, sizeof p, "%s/input.nml", in);
		FILE *f = fopen(p, "r");
		if (!f) die(p);
		char line[256];
		while (fgets(line, sizeof line, f)) if (strlen(nml) + strlen(line) < sizeof nml) strcat(nml, line);
		fclose(f);
	}
	MPI_Bcast(nml, sizeof nml, MPI_CHAR, 0, MPI_COMM_WORLD);
	snprintf(p, sizeof p, "%s/topog.dat", in);
	int fd = open(p, O_RDONLY);
	if (fd < 0) die(p);
	for (size_t o = 0; o < (size_t)GX * GY * 8; o += 1 << 20)
		if (read(fd, (char *)topo + o, 1 << 20) != 1 << 20) die("read topog");
	close(fd);
	memcpy(t, topo + (size_t)rank * tn, tn * 8);
	for (int s = 0; s < steps; s++) {
		sweep(t, u, GX, rows, 2 * compute);
		for (size_t i = 0; i < tn; i++) d[i] += t[i] * t[i];
	}
	/* restart: 4 fields (temp, salt, u, v) of this rank's strip, 1 MiB writes */
	snprintf(p, sizeof p, "%s/RESTART/ocean_temp_salt.res.%04d", dir, rank);
	fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) die(p);
	for (int k = 0; k < 4; k++)
		for (size_t o = 0; o < tn * 8; o += 1 << 20) {
			size_t n = tn * 8 - o < (1 << 20) ? tn * 8 - o : (1 << 20);
			if (write(fd, (char *)t + o, n) != (ssize_t)n) die("write rst");
		}
	close(fd);
	snprintf(p, sizeof p, "%s/diag.%04d", dir, rank);
	fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (size_t o = 0; o < tn * 8; o += 1 << 20) {
		size_t n = tn * 8 - o < (1 << 20) ? tn * 8 - o : (1 << 20);
		if (write(fd, (char *)d + o, n) != (ssize_t)n) die("write diag");
	}
	close(fd);
	if (rank == 0) {
		snprintf(p, sizeof p, "%s/ocean.stats", dir);
		FILE *f = fopen(p, "w");
		fprintf(f, "%s\nsteps %d energy %.6e\n", nml, steps, sink);
		fclose(f);
	}
}

/* ADCIRC-like stations + rank-0 global output */
static void adcsta(const char *dir, int steps, int out, int nsta)
{
	const int NN = 131072; /* global nodes: 1 MiB of doubles an output */
	int ln = NN / np;
	double *e = malloc(ln * 8), *w = malloc(ln * 8), *g = rank == 0 ? malloc(NN * 8) : NULL;
	double *sv = malloc(nsta * 8), *sa = malloc((size_t)nsta * np * 8);
	for (int i = 0; i < ln; i++) e[i] = sin(i * 1e-3 + rank);
	char p[512];
	FILE *f61 = NULL; int f63 = -1, fbin = getenv("FBIN") != NULL;
	if (rank == 0) {
		snprintf(p, sizeof p, "%s/fort.61", dir); f61 = fopen(p, "w");
		/* a buffer of our own: glibc's setvbuf ignores the size when buf is NULL (keeps st_blksize, 4 KiB) */
		if (getenv("FBUF")) setvbuf(f61, malloc(atoi(getenv("FBUF"))), _IOFBF, atoi(getenv("FBUF")));
		fprintf(f61, "ADCIRC-like station elevations\n%d %d %f %d\n", steps / 1, nsta * np, 2.0, 1);
		snprintf(p, sizeof p, "%s/fort.63", dir); f63 = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	}
	for (int s = 1; s <= steps; s++) {
		sweep(e, w, 512, ln / 512, 2 * compute);
		for (int k = 0; k < nsta; k++) sv[k] = e[(k * 997) % ln];
		MPI_Gather(sv, nsta, MPI_DOUBLE, sa, nsta, MPI_DOUBLE, 0, MPI_COMM_WORLD);
		if (f61 && fbin) {
			double ts = s * 2.0;
			fwrite(&ts, 8, 1, f61);
			fwrite(sa, 8, nsta * np, f61);
		} else if (f61) {
			fprintf(f61, "%f %d\n", s * 2.0, s);
			for (int k = 0; k < nsta * np; k++) fprintf(f61, "%8d %14.6e\n", k + 1, sa[k]);
		}
		if (s % out == 0) {
			MPI_Gather(e, ln, MPI_DOUBLE, g, ln, MPI_DOUBLE, 0, MPI_COMM_WORLD);
			if (rank == 0 && write(f63, g, NN * 8) != NN * 8) die("write 63");
		}
	}
	if (f61) { fclose(f61); close(f63); }
}

/* stations with fsync per record */
static void stafsync(const char *dir, int steps, int nsta, const char *mode)
{
	const int NL = 65536;
	double *e = malloc(NL * 8), *w = malloc(NL * 8), *sv = malloc(nsta * 3 * 8), *sa = malloc((size_t)nsta * 3 * np * 8);
	for (int i = 0; i < NL; i++) e[i] = cos(i * 1e-3 + rank);
	char p[512];
	int fd = -1, per = !strcmp(mode, "rec");
	if (rank == 0) {
		snprintf(p, sizeof p, "%s/fort.61", dir);
		fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0) die(p);
	}
	for (int s = 1; s <= steps; s++) {
		sweep(e, w, 256, NL / 256, 2 * compute);
		for (int k = 0; k < 3 * nsta; k++) sv[k] = e[(k * 389) % NL];
		MPI_Gather(sv, 3 * nsta, MPI_DOUBLE, sa, 3 * nsta, MPI_DOUBLE, 0, MPI_COMM_WORLD);
		if (rank == 0) {
			ssize_t n = (ssize_t)nsta * 3 * np * 8;
			if (write(fd, sa, n) != n) die("write 61");
			if (per) fsync(fd);
		}
	}
	if (rank == 0) { fsync(fd); close(fd); }
	snprintf(p, sizeof p, "%s/hotstart.%04d", dir, rank);
	fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (write(fd, e, NL * 8) != NL * 8) die("write hot");
	close(fd);
}

/* history written row by row, independent, or collectively */
static void hisindep(const char *dir, int nout, const char *mode)
{
	const int G = 256, T = 128, NF = 3;
	int px = rank % 2, py = rank / 2, ox = px * T, oy = py * T;
	size_t tn = (size_t)T * T;
	double *f = malloc(NF * tn * 8), *w = malloc(tn * 8);
	for (size_t i = 0; i < NF * tn; i++) f[i] = sin(i * 1e-4 + rank);
	char p[512];
	MPI_File fh;
	snprintf(p, sizeof p, "%s/ocean_his.dat", dir);
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_WRONLY | MPI_MODE_CREATE, MPI_INFO_NULL, &fh);
	int coll = !strcmp(mode, "coll");
	MPI_Datatype tt = tile_type(G, G, T, T, ox, oy);
	if (coll) MPI_File_set_view(fh, 0, MPI_DOUBLE, tt, "native", MPI_INFO_NULL);
	for (int o = 0; o < nout; o++) {
		for (int k = 0; k < NF; k++) sweep(f + k * tn, w, T, T, 20 * compute);
		for (int k = 0; k < NF; k++) {
			MPI_Offset base = (MPI_Offset)(o * NF + k) * G * G * 8;
			if (coll)
				MPI_File_write_at_all(fh, (MPI_Offset)(o * NF + k) * tn, f + k * tn, tn, MPI_DOUBLE, MPI_STATUS_IGNORE);
			else
				for (int j = 0; j < T; j++)
					MPI_File_write_at(fh, base + ((MPI_Offset)(oy + j) * G + ox) * 8, f + k * tn + (size_t)j * T, T,
							  MPI_DOUBLE, MPI_STATUS_IGNORE);
		}
	}
	MPI_File_close(&fh);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (getenv("COMPUTE")) compute = atoi(getenv("COMPUTE"));
	if (argc < 2) return 1;
	double t0 = MPI_Wtime();
	if (!strcmp(argv[1], "gen")) { if (rank == 0) gen(argv[2], atoi(argv[3])); }
	else if (!strcmp(argv[1], "roms")) roms(argv[2], argv[3], atoi(argv[4]), atoi(argv[5]), atoi(argv[6]));
	else if (!strcmp(argv[1], "mom")) mom(argv[2], argv[3], atoi(argv[4]));
	else if (!strcmp(argv[1], "adcsta")) adcsta(argv[2], atoi(argv[3]), atoi(argv[4]), atoi(argv[5]));
	else if (!strcmp(argv[1], "stafsync")) stafsync(argv[2], atoi(argv[3]), atoi(argv[4]), argv[5]);
	else if (!strcmp(argv[1], "hisindep")) hisindep(argv[2], atoi(argv[3]), argv[4]);
	double t1 = MPI_Wtime(), tm;
	MPI_Reduce(&t1, &tm, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	double ss; MPI_Reduce(&sink, &ss, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) printf("%s: %.3f s (sink %.4g)\n", argv[1], tm - t0, ss);
	MPI_Finalize();
	return 0;
}
