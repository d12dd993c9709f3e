/* Round 112 (labels112): an industrial engineering centre's day, four of the five drawn kinds in one C program.
 * usage: app112 fft FILE CH N pointwise|whole   serial: FFT of each channel of an interleaved float32 recording
 *        app112 dft DIR NCONF ITERS MIB          MPI: catalyst screening, NCONF configs in one allocation
 *        app112 seis DATA OUT NTR ITERS indep|coll  MPI: inversion, per-trace gradient output
 *        app112 cad STEP MESH NODES              serial: STEP-like text to a text mesh through stdio */
#define _GNU_SOURCE
#include <complex.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef WITH_MPI
#include <mpi.h>
#endif

static void die(const char *m) { perror(m); exit(1); }

static void fft(double complex *a, long n)
{
	for (long i = 1, j = 0; i < n; i++) {
		long bit = n >> 1;
		for (; j & bit; bit >>= 1) j ^= bit;
		j ^= bit;
		if (i < j) { double complex t = a[i]; a[i] = a[j]; a[j] = t; }
	}
	for (long len = 2; len <= n; len <<= 1) {
		double complex w = cexp(-2 * M_PI * I / len);
		for (long i = 0; i < n; i += len) {
			double complex u = 1;
			for (long k = 0; k < len / 2; k++, u *= w) {
				double complex x = a[i + k], y = a[i + k + len / 2] * u;
				a[i + k] = x + y; a[i + k + len / 2] = x - y;
			}
		}
	}
}

/* pointwise: one 4-byte pread per sample of a channel (the naive strided reader); whole: one read, deinterleave */
static int do_fft(const char *path, int ch, long n, int whole)
{
	int fd = open(path, O_RDONLY);
	if (fd < 0) die(path);
	double complex *a = malloc(n * sizeof *a);
	float *all = whole ? malloc((size_t)n * ch * sizeof(float)) : NULL;
	if (whole && pread(fd, all, (size_t)n * ch * 4, 0) != (ssize_t)n * ch * 4) die("read");
	FILE *out = fopen("spectra.txt", "w");
	for (int c = 0; c < ch; c++) {
		for (long i = 0; i < n; i++) {
			float v;
			if (whole) v = all[i * ch + c];
			else if (pread(fd, &v, 4, (i * ch + c) * 4) != 4) die("pread");
			a[i] = v;
		}
		fft(a, n);
		long best = 1;
		for (long i = 1; i < n / 2; i++) if (cabs(a[i]) > cabs(a[best])) best = i;
		fprintf(out, "channel %d peak bin %ld amplitude %.3f\n", c, best, cabs(a[best]));
	}
	fclose(out); close(fd); free(a); free(all);
	return 0;
}

static double burn(long n)
{
	double s = 0;
	for (long i = 1; i <= n; i++) s += sin(i * 1e-3) / i;
	return s;
}

static long count_lines(FILE *f)
{
	char line[256]; long n = 0;
	while (fgets(line, sizeof line, f)) n++;
	return n;
}

/* reads the STEP-like geometry with fgets, "meshes" (compute), writes a Gmsh-like text mesh with fprintf */
static int do_cad(const char *step, const char *mesh, long nodes)
{
	FILE *f = fopen(step, "r");
	if (!f) die(step);
	long ents = count_lines(f);
	fclose(f);
	double q = burn(90000000L);
	FILE *o = fopen(mesh, "w");
	if (!o) die(mesh);
	fprintf(o, "$MeshFormat\n4.1 0 8\n$EndMeshFormat\n$Nodes\n%ld\n", nodes);
	for (long i = 0; i < nodes; i++)
		fprintf(o, "%ld %.6f %.6f %.6f\n", i + 1, sin(i * 1e-3), cos(i * 1e-3), q * (i % 97));
	fprintf(o, "$EndNodes\n$Elements\n%ld\n", nodes / 4);
	for (long i = 0; i + 4 < nodes; i += 4) fprintf(o, "%ld 4 %ld %ld %ld %ld\n", i / 4 + 1, i + 1, i + 2, i + 3, i + 4);
	fprintf(o, "$EndElements\n%% from %ld STEP entities\n", ents);
	fclose(o);
	return 0;
}

#ifdef WITH_MPI
static void read_deck(const char *dir, const char *name, char *buf, int cap)
{
	char p[512];
	snprintf(p, sizeof p, "%s/%s", dir, name);
	FILE *f = fopen(p, "r");
	if (!f) die(p);
	size_t n = fread(buf, 1, cap - 1, f);
	buf[n] = 0;
	fclose(f);
}

/* one adsorbate configuration: rank 0 reads the decks and logs an OUTCAR line an iteration; the
 * wavefunction (MIB MiB a rank) is written collectively once, at the end */
static void dft_conf(const char *dir, int iters, int mib, int rank)
{
	char deck[3][1024];
	if (rank == 0) {
		read_deck(dir, "INCAR", deck[0], 1024);
		read_deck(dir, "POSCAR", deck[1], 1024);
		read_deck(dir, "KPOINTS", deck[2], 1024);
	}
	MPI_Bcast(deck, sizeof deck, MPI_CHAR, 0, MPI_COMM_WORLD);
	char p[600];
	snprintf(p, sizeof p, "%s/OUTCAR", dir);
	FILE *out = rank == 0 ? fopen(p, "w") : NULL;
	double e = -100;
	for (int it = 0; it < iters; it++) {
		double loc = burn(600000) * 1e-3, tot;
		MPI_Allreduce(&loc, &tot, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		e += tot * 1e-4;
		if (out) fprintf(out, "  iteration %4d   free energy TOTEN = %18.8f eV\n", it, e);
	}
	if (out) fclose(out);
	size_t n = (size_t)mib << 20;
	char *w = malloc(n);
	memset(w, rank + 1, n);
	MPI_File fh;
	snprintf(p, sizeof p, "%s/WAVECAR", dir);
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	MPI_File_write_at_all(fh, (MPI_Offset)rank * n, w, (int)n, MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	free(w);
}

static int do_dft(const char *base, int nconf, int iters, int mib, int rank)
{
	char dir[512];
	for (int c = 0; c < nconf; c++) {
		snprintf(dir, sizeof dir, "%s/conf%02d", base, c);
		dft_conf(dir, iters, mib, rank);
	}
	return 0;
}

#define TRB 2240 /* a trace: 240-B header + 500 float32 samples */

/* inversion: each rank reads its NTR traces of observed data collectively, iterates, then writes its
 * gradient traces: indep = one MPI_File_write_at per trace (the naive port), coll = one write_at_all */
static int do_seis(const char *data, const char *outp, int ntr, int iters, int coll, int rank)
{
	size_t n = (size_t)ntr * TRB;
	char *d = malloc(n), *g = malloc(n);
	MPI_File fh;
	MPI_File_open(MPI_COMM_WORLD, data, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
	MPI_File_read_at_all(fh, (MPI_Offset)rank * n, d, (int)n, MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	double misfit = 0;
	for (int it = 0; it < iters; it++) {
		double loc = burn(2000000) + d[it % n] * 1e-9, tot;
		MPI_Allreduce(&loc, &tot, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		misfit = tot;
	}
	for (size_t i = 0; i < n; i++) g[i] = (char)(d[i] ^ (int)misfit);
	MPI_File_open(MPI_COMM_WORLD, outp, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	MPI_Offset off = (MPI_Offset)rank * n;
	if (coll)
		MPI_File_write_at_all(fh, off, g, (int)n, MPI_BYTE, MPI_STATUS_IGNORE);
	else
		for (int t = 0; t < ntr; t++)
			MPI_File_write_at(fh, off + (MPI_Offset)t * TRB, g + (size_t)t * TRB, TRB, MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	free(d); free(g);
	return 0;
}
#endif

int main(int argc, char **argv)
{
	if (argc < 2) return 2;
#ifdef WITH_MPI
	int rank, rc = 2;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	if (!strcmp(argv[1], "dft") && argc == 6) rc = do_dft(argv[2], atoi(argv[3]), atoi(argv[4]), atoi(argv[5]), rank);
	if (!strcmp(argv[1], "seis") && argc == 7)
		rc = do_seis(argv[2], argv[3], atoi(argv[4]), atoi(argv[5]), !strcmp(argv[6], "coll"), rank);
	MPI_Finalize();
	return rc;
#else
	if (!strcmp(argv[1], "fft") && argc == 6) return do_fft(argv[2], atoi(argv[3]), atol(argv[4]), !strcmp(argv[5], "whole"));
	if (!strcmp(argv[1], "cad") && argc == 5) return do_cad(argv[2], argv[3], atol(argv[4]));
	return 2;
#endif
}
