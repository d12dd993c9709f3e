/* Round 145 (labels145): five jobs of a centre's day, one MPI program with modes.
 * unittest DIR N      : code-development test job: each rank writes, reads back, removes N small fixture files
 * lqcd DIR L sites|coll: lattice QCD config write, L^4 sites of 288 B (SU(3) links); "sites" = one independent
 *                        MPI_File_write_at per site (problem), "coll" = one collective write per rank (twin)
 * scf DIR ITERS MB     : DFT SCF, rank 0 stdio log line per iteration, collective wavefunction at the end
 * scaling DIR ITERS fsync|buf : MPI scaling test, every rank appends a timing line per step to its own file;
 *                        "fsync" = write(2)+fsync per line (problem), "buf" = stdio, flushed at close (twin)
 * seismic DIR SHOTS    : seismic imaging, rank r reads its shot gathers (unequal sizes) from one shared file */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <math.h>
static int rank, size;
static volatile double sink; /* keeps the HMC stand-in from being optimised away */
static double work(long n) { double s = 0; for (long i = 1; i <= n; i++) s += sin(i * 1e-3) / i; return s; }
static void unittest(const char *d, int n) {
	char p[512], buf[2048]; double acc = 0;
	for (int i = 0; i < n; i++) {
		snprintf(p, sizeof p, "%s/fixture-%d-%d.dat", d, rank, i);
		memset(buf, 'a' + i % 26, sizeof buf);
		FILE *f = fopen(p, "w"); fwrite(buf, 1, 100 + i % 1900, f); fclose(f);
		f = fopen(p, "r"); size_t k = fread(buf, 1, sizeof buf, f); fclose(f); unlink(p);
		acc += work(300000) + k;
	}
	if (rank == 0) printf("unittest %d cases ok %g\n", n, acc);
}
static void lqcd(const char *d, int L, const char *how) {
	long sites = (long)L * L * L * L, mine = sites / size; int bs = 288;
	char *b = malloc(mine * bs), p[512]; for (long i = 0; i < mine * bs; i++) b[i] = (char)(i * 7 + rank);
	for (int t = 0; t < 10; t++) sink += work(10000000); /* HMC trajectories */
	snprintf(p, sizeof p, "%s/conf.lime", d); MPI_File fh;
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	MPI_Offset off = (MPI_Offset)rank * mine * bs;
	if (!strcmp(how, "sites"))
		for (long s = 0; s < mine; s++) MPI_File_write_at(fh, off + s * bs, b + s * bs, bs, MPI_BYTE, MPI_STATUS_IGNORE);
	else MPI_File_write_at_all(fh, off, b, (int)(mine * bs), MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh); free(b);
}
static void scf(const char *d, int iters, int mb) {
	char p[512]; FILE *log = NULL; double e = 0;
	if (rank == 0) { snprintf(p, sizeof p, "%s/OUTCAR", d); log = fopen(p, "w"); }
	for (int i = 0; i < iters; i++) { e += work(600000); if (log) fprintf(log, "iter %5d E= %.10f\n", i, e); }
	if (log) fclose(log);
	long n = (long)mb << 20; char *w = malloc(n); memset(w, rank + 1, n); MPI_File fh;
	snprintf(p, sizeof p, "%s/WAVECAR", d);
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	MPI_File_write_at_all(fh, (MPI_Offset)rank * n, w, (int)n, MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh); free(w);
}
static void scaling(const char *d, int iters, const char *how) {
	char p[512], line[128]; snprintf(p, sizeof p, "%s/timing-%04d.txt", d, rank);
	int fsy = !strcmp(how, "fsync"); int fd = -1; FILE *f = NULL;
	if (fsy) fd = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644); else f = fopen(p, "w");
	for (int i = 0; i < iters; i++) {
		double t0 = MPI_Wtime(), s = work(30000), r; MPI_Allreduce(&s, &r, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		int k = snprintf(line, sizeof line, "step %6d ranks %d t %.6f r %.6f\n", i, size, MPI_Wtime() - t0, r);
		if (fsy) { if (write(fd, line, k) != k) MPI_Abort(MPI_COMM_WORLD, 1); fsync(fd); } else fputs(line, f);
	}
	if (fsy) close(fd); else fclose(f);
}
static void seismic(const char *d, int shots) {
	char p[512]; snprintf(p, sizeof p, "%s/gathers.segy", d); MPI_File fh; MPI_Offset off = 0;
	long shot = 2L << 20; char *b = malloc(1 << 20); double s = 0;
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
	for (int i = 0; i < shots; i++) {
		long len = shot + (long)(i % 3) * (512 << 10); /* gathers differ in trace count */
		if (i % size == rank)
			for (long o = 0; o < len; o += 1 << 20) {
				int n = (int)(len - o < (1 << 20) ? len - o : (1 << 20));
				MPI_File_read_at(fh, off + o, b, n, MPI_BYTE, MPI_STATUS_IGNORE); s += b[n - 1] + work(20000000);
			}
		off += len;
	}
	MPI_File_close(&fh); free(b); if (rank == 0) printf("migrated %d shots %g\n", shots, s);
}
int main(int argc, char **argv) {
	MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
	const char *m = argv[1], *d = argv[2];
	if (!strcmp(m, "unittest")) unittest(d, atoi(argv[3]));
	else if (!strcmp(m, "lqcd")) lqcd(d, atoi(argv[3]), argv[4]);
	else if (!strcmp(m, "scf")) scf(d, atoi(argv[3]), atoi(argv[4]));
	else if (!strcmp(m, "scaling")) scaling(d, atoi(argv[3]), argv[4]);
	else if (!strcmp(m, "seismic")) seismic(d, atoi(argv[3]));
	MPI_Finalize(); return 0;
}
