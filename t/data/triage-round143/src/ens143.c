/* Round 143 MPI program: an ensemble (uncertainty quantification) of short model runs, one member at a time
 * on each rank (members round-robin over the ranks).
 * ens143 DIR NMEM REPS LOG RES [restart]
 *   Each member reads its line of the shared DIR/params.txt and the shared base input DIR/base.dat (stdio),
 *   runs REPS relaxation sweeps of a small 1-D model, writes a log of 16 lines and its result.
 *   LOG stdio: the member log through stdio (one flush at fclose); LOG fsync: write(2)+fsync of every line
 *   (a "crash-safe" log). RES files: DIR/out/m-NNNN.res through stdio; RES shsmall: sixteen 64-B records a
 *   member into the shared DIR/results.bin by independent MPI_File_write_at at the member's interleaved
 *   offsets; RES shcoll: the same records kept in memory, one MPI_File_write_at_all at the end.
 *   restart: only the members listed in DIR/failed.txt run again, each first reading its 1 MiB
 *   checkpoint DIR/ckpt/m-NNNN.ck. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <math.h>
#define NX 4096
#define NREC 16
#define RECB 64
static double u[NX];
static void die(const char *p) { perror(p); MPI_Abort(MPI_COMM_WORLD, 1); }
static void read_param(const char *dir, int m, double *k, double *s) {
	char p[512], line[256]; snprintf(p, sizeof p, "%s/params.txt", dir);
	FILE *f = fopen(p, "r"); if (!f) die(p);
	/* the file is the ensemble's design: line m is member m's (k, source) pair */
	for (int i = 0; i <= m && fgets(line, sizeof line, f); i++) ;
	if (sscanf(line, "%*d %lf %lf", k, s) != 2) die("params line");
	fclose(f);
}
static void read_base(const char *dir) {
	char p[512]; snprintf(p, sizeof p, "%s/base.dat", dir);
	FILE *f = fopen(p, "rb"); if (!f) die(p);
	if (fread(u, sizeof(double), NX, f) != NX) die("base short");
	fclose(f);
}
static void read_ckpt(const char *dir, int m) {
	char p[512]; static double ck[131072]; snprintf(p, sizeof p, "%s/ckpt/m-%04d.ck", dir, m);
	FILE *f = fopen(p, "rb"); if (!f) die(p);
	if (fread(ck, sizeof(double), 131072, f) != 131072) die("ckpt short");
	fclose(f); for (int i = 0; i < NX; i++) u[i] = 0.5 * (u[i] + ck[i]);
}
static double sweep(double k, double s) {
	double r = 0;
	for (int i = 1; i < NX - 1; i++) { double v = (u[i - 1] + u[i + 1] + k * s) / (2 + k); r += fabs(v - u[i]); u[i] = v; }
	return r;
}
typedef struct { FILE *f; int fd; } mlog;
static void logline(mlog *L, const char *fmt, int a, double b) {
	char buf[128]; int n = snprintf(buf, sizeof buf, fmt, a, b);
	if (L->f) { fputs(buf, L->f); return; }
	if (write(L->fd, buf, n) != n) die("log write");
	if (fsync(L->fd)) die("fsync");
}
static double member(const char *dir, int m, int reps, int fsyncing, int restart, char *rec) {
	char p[512]; double k, s; mlog L = { 0, -1 };
	read_param(dir, m, &k, &s); read_base(dir); if (restart) read_ckpt(dir, m);
	snprintf(p, sizeof p, "%s/out/m-%04d.log", dir, m);
	if (fsyncing) { L.fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (L.fd < 0) die(p); }
	else if (!(L.f = fopen(p, "w"))) die(p);
	double r = 0;
	for (int b = 0; b < NREC; b++) {
		for (int i = 0; i < reps / NREC; i++) r = sweep(k, s);
		logline(&L, "member %d block residual %.6e\n", m, r);
		snprintf(rec + b * RECB, RECB, "%6d %2d %.10e %.10e", m, b, r, u[NX / 2]);
	}
	if (L.f) fclose(L.f); else close(L.fd);
	return u[NX / 2];
}
static int members(const char *dir, int nmem, int restart, int *list) {
	if (!restart) { for (int i = 0; i < nmem; i++) list[i] = i; return nmem; }
	char p[512]; int n = 0; snprintf(p, sizeof p, "%s/failed.txt", dir);
	FILE *f = fopen(p, "r"); if (!f) die(p);
	while (n < nmem && fscanf(f, "%d", &list[n]) == 1) n++;
	fclose(f); return n;
}
static void put_result(const char *dir, int m, double q, const char *rec) {
	char p[512]; snprintf(p, sizeof p, "%s/out/m-%04d.res", dir, m);
	FILE *f = fopen(p, "w"); if (!f) die(p);
	fprintf(f, "%d %.12e\n", m, q); fwrite(rec, 1, NREC * RECB, f); fclose(f);
}
int main(int argc, char **argv) {
	MPI_Init(&argc, &argv);
	int rank, np; MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 6) { if (!rank) fprintf(stderr, "usage: ens143 DIR NMEM REPS stdio|fsync files|shsmall|shcoll [restart]\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	const char *dir = argv[1]; int nmem = atoi(argv[2]), reps = atoi(argv[3]);
	int fsyncing = !strcmp(argv[4], "fsync"), restart = argc > 6 && !strcmp(argv[6], "restart");
	int shsmall = !strcmp(argv[5], "shsmall"), shcoll = !strcmp(argv[5], "shcoll");
	int *list = malloc(nmem * sizeof *list), n = members(dir, nmem, restart, list);
	char *recs = calloc((size_t)nmem * NREC, RECB), path[512]; MPI_File fh = MPI_FILE_NULL;
	snprintf(path, sizeof path, "%s/results.bin", dir);
	if (shsmall || shcoll) MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	int mine = 0; double sum = 0;
	for (int i = rank; i < n; i += np) {
		int m = list[i]; char *rec = recs + (size_t)mine * NREC * RECB;
		sum += member(dir, m, reps, fsyncing, restart, rec);
		/* record b of member m sits at (b * nmem + m) * RECB: the file is ordered block-major for the surrogate */
		if (shsmall) for (int b = 0; b < NREC; b++)
			MPI_File_write_at(fh, ((MPI_Offset)b * nmem + m) * RECB, rec + b * RECB, RECB, MPI_BYTE, MPI_STATUS_IGNORE);
		else if (!shcoll) put_result(dir, m, u[NX / 2], rec);
		mine++;
	}
	if (shcoll) {
		/* the same layout in one collective call: an indexed file type over this rank's records */
		int cnt = mine * NREC; int *bl = malloc((cnt + 1) * sizeof *bl); MPI_Aint *ds = malloc((cnt + 1) * sizeof *ds);
		MPI_Datatype ft; int c = 0;
		for (int i = rank, j = 0; i < n; i += np, j++) for (int b = 0; b < NREC; b++) {
			bl[c] = RECB; ds[c] = ((MPI_Aint)b * nmem + list[i]) * RECB; c++; }
		/* displacements must ascend for a file view: sort by offset (simple insertion sort, cnt is small) */
		for (int a = 1; a < c; a++) for (int z = a; z > 0 && ds[z] < ds[z - 1]; z--) {
			MPI_Aint t = ds[z]; ds[z] = ds[z - 1]; ds[z - 1] = t; }
		char *sorted = malloc((size_t)c * RECB);
		for (int a = 0; a < c; a++) { int mm = (int)((ds[a] / RECB) % nmem), b = (int)((ds[a] / RECB) / nmem), jj = 0;
			for (int i = rank; i < n && list[i] != mm; i += np) jj++;
			memcpy(sorted + (size_t)a * RECB, recs + ((size_t)jj * NREC + b) * RECB, RECB); }
		MPI_Type_create_hindexed(c, bl, ds, MPI_BYTE, &ft); MPI_Type_commit(&ft);
		MPI_File_set_view(fh, 0, MPI_BYTE, ft, "native", MPI_INFO_NULL);
		MPI_File_write_all(fh, sorted, c * RECB, MPI_BYTE, MPI_STATUS_IGNORE);
		MPI_Type_free(&ft); free(sorted); free(bl); free(ds);
	}
	if (fh != MPI_FILE_NULL) MPI_File_close(&fh);
	double tot = 0; MPI_Reduce(&sum, &tot, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (!rank) printf("members %d mean qoi %.6e\n", n, tot / (n ? n : 1));
	free(list); free(recs); MPI_Finalize(); return 0;
}
