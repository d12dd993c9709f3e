/* Round 180 (labels180): a university cluster's ordinary day. Three of the five drawn job kinds, written the way
 * their users typically write them:
 *   md    : kind 1, molecular dynamics (MPI): rank 0 reads a text config and broadcasts; gathers frames to rank 0
 *           which fwrites them to a trajectory; thermo log with fprintf + fflush; restart at the end.
 *   cfd   : kind 2, 2-D heat/Jacobi solver (MPI), row slabs; each rank fwrites its slab to its own file every
 *           DUMP iterations; rank 0 appends a residual line with fopen("a")/fprintf/fclose every 5 iterations
 *           (RESKEEP=1 in the environment, the twin: the residual file opened once and closed at the end).
 *   fastq : kind 5, serial FASTQ quality trimmer/filter: fgets, trim, fputs (stdio default buffer unless OBUF set).
 *   gen-conf / gen-fastq : input makers (run outside Darshan).
 * Build: mpicc -O2 -o app180 app180.c -lm (md, cfd); gcc -O2 -DSERIAL -o fastq180 app180.c -lm (fastq, gen-*).
 */
#ifndef SERIAL
#include <mpi.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

static int rank = 0, np = 1;

#ifndef SERIAL
/* ---------- md ---------- */
static int md(const char *conf, const char *dir, int nsteps, int every_frame, int every_thermo)
{
	int n = 0; double box = 0;
	double *x = NULL;
	char path[512];
	if (rank == 0) {
		FILE *f = fopen(conf, "r");
		if (!f) { perror(conf); MPI_Abort(MPI_COMM_WORLD, 1); }
		if (fscanf(f, "%d %lf", &n, &box) != 2) MPI_Abort(MPI_COMM_WORLD, 1);
		x = malloc(sizeof(double) * 3 * n);
		for (int i = 0; i < n; i++) {
			char el[8];
			if (fscanf(f, "%7s %lf %lf %lf", el, &x[3*i], &x[3*i+1], &x[3*i+2]) != 4) MPI_Abort(MPI_COMM_WORLD, 1);
		}
		fclose(f);
	}
	MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);
	MPI_Bcast(&box, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
	if (rank != 0) x = malloc(sizeof(double) * 3 * n);
	MPI_Bcast(x, 3 * n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
	int nl = n / np, lo = rank * nl;
	double *v = calloc(3 * nl, sizeof(double)), *xl = malloc(sizeof(double) * 3 * nl);
	memcpy(xl, x + 3 * lo, sizeof(double) * 3 * nl);
	float *fl = malloc(sizeof(float) * 3 * nl), *fr = rank == 0 ? malloc(sizeof(float) * 3 * n) : NULL;
	FILE *traj = NULL, *log = NULL;
	if (rank == 0) {
		snprintf(path, sizeof path, "%s/traj.bin", dir); traj = fopen(path, "wb");
		snprintf(path, sizeof path, "%s/log.md", dir); log = fopen(path, "w");
		fprintf(log, "# toy LJ MD: %d atoms, box %.3f, %d ranks\n# step temp epot etot press\n", n, box, np);
		fflush(log);
	}
	int K = getenv("COMPUTE") ? atoi(getenv("COMPUTE")) : 40;
	double dt = 0.002;
	for (int s = 1; s <= nsteps; s++) {
		double ep = 0, ek = 0;
		for (int i = 0; i < nl; i++) {
			double fx = 0, fy = 0, fz = 0;
			for (int k = 1; k <= K; k++) {            /* toy neighbour loop */
				int j = (lo + i + k * 37) % n;
				double dx = xl[3*i] - x[3*j], dy = xl[3*i+1] - x[3*j+1], dz = xl[3*i+2] - x[3*j+2];
				double r2 = dx*dx + dy*dy + dz*dz + 1.0, ir6 = 1.0 / (r2*r2*r2);
				double ff = 24.0 * ir6 * (2.0 * ir6 - 1.0) / r2;
				fx += ff * dx; fy += ff * dy; fz += ff * dz; ep += 4.0 * ir6 * (ir6 - 1.0);
			}
			v[3*i] += dt * fx * 1e-3; v[3*i+1] += dt * fy * 1e-3; v[3*i+2] += dt * fz * 1e-3;
			for (int d = 0; d < 3; d++) {
				xl[3*i+d] += dt * v[3*i+d];
				ek += 0.5 * v[3*i+d] * v[3*i+d];
			}
		}
		MPI_Allgather(xl, 3 * nl, MPI_DOUBLE, x, 3 * nl, MPI_DOUBLE, MPI_COMM_WORLD);
		if (s % every_thermo == 0) {
			double loc[2] = {ep, ek}, glob[2];
			MPI_Reduce(loc, glob, 2, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
			if (rank == 0) {
				fprintf(log, "%8d %12.6f %14.6f %14.6f %12.6f\n", s, 2.0 * glob[1] / (3.0 * n), glob[0] / n,
					(glob[0] + glob[1]) / n, glob[1] / (box * box * box));
				fflush(log);             /* so `tail -f log.md` shows progress */
			}
		}
		if (s % every_frame == 0) {
			for (int i = 0; i < 3 * nl; i++) fl[i] = (float)xl[i];
			MPI_Gather(fl, 3 * nl, MPI_FLOAT, fr, 3 * nl, MPI_FLOAT, 0, MPI_COMM_WORLD);
			if (rank == 0) {
				int hdr[2] = {s, n};
				fwrite(hdr, sizeof hdr, 1, traj);
				fwrite(fr, sizeof(float), 3 * n, traj);
			}
		}
	}
	/* restart: positions + velocities gathered to rank 0 */
	double *vr = rank == 0 ? malloc(sizeof(double) * 3 * n) : NULL;
	MPI_Gather(v, 3 * nl, MPI_DOUBLE, vr, 3 * nl, MPI_DOUBLE, 0, MPI_COMM_WORLD);
	if (rank == 0) {
		fclose(traj);
		snprintf(path, sizeof path, "%s/restart.bin", dir);
		FILE *r = fopen(path, "wb");
		fwrite(&n, sizeof n, 1, r); fwrite(&box, sizeof box, 1, r);
		fwrite(x, sizeof(double), 3 * n, r); fwrite(vr, sizeof(double), 3 * n, r);
		fclose(r);
		fprintf(log, "# done %d steps\n", nsteps);
		fclose(log);
		printf("md: %d atoms, %d steps, frames every %d, thermo every %d\n", n, nsteps, every_frame, every_thermo);
	}
	return 0;
}

/* ---------- cfd ---------- */
static int cfd(const char *dir, int N, int iters, int dump)
{
	int rows = N / np;
	double *u = calloc((size_t)(rows + 2) * N, sizeof(double)), *un = calloc((size_t)(rows + 2) * N, sizeof(double));
	char path[512];
	int reskeep = getenv("RESKEEP") != NULL; FILE *rf = NULL;
	/* boundary: hot top edge on rank 0 */
	for (int it = 1; it <= iters; it++) {
		if (rank == 0) for (int j = 0; j < N; j++) u[j] = 100.0;
		int up = rank > 0 ? rank - 1 : MPI_PROC_NULL, dn = rank < np - 1 ? rank + 1 : MPI_PROC_NULL;
		MPI_Sendrecv(u + N, N, MPI_DOUBLE, up, 1, u + (size_t)(rows + 1) * N, N, MPI_DOUBLE, dn, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		MPI_Sendrecv(u + (size_t)rows * N, N, MPI_DOUBLE, dn, 2, u, N, MPI_DOUBLE, up, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		if (rank == 0) for (int j = 0; j < N; j++) u[j] = 100.0;
		double res = 0;
		for (int i = 1; i <= rows; i++)
			for (int j = 1; j < N - 1; j++) {
				size_t c = (size_t)i * N + j;
				un[c] = 0.25 * (u[c - N] + u[c + N] + u[c - 1] + u[c + 1]);
				double d = un[c] - u[c]; res += d * d;
			}
		double *t = u; u = un; un = t;
		double g;
		MPI_Allreduce(&res, &g, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		if (rank == 0 && it % 5 == 0) {
			if (reskeep) {        /* twin (RESKEEP=1): the residual file kept open, closed at the end */
				if (!rf) { snprintf(path, sizeof path, "%s/residual.dat", dir); rf = fopen(path, "a"); }
				fprintf(rf, "%6d %.10e\n", it, sqrt(g));
			} else {
				snprintf(path, sizeof path, "%s/residual.dat", dir);
				FILE *f = fopen(path, "a");
				fprintf(f, "%6d %.10e\n", it, sqrt(g));
				fclose(f);
			}
		}
		if (it % dump == 0) {
			snprintf(path, sizeof path, "%s/field_%04d.%d.bin", dir, it, rank);
			FILE *f = fopen(path, "wb");
			int hdr[4] = {it, N, rows, rank};
			fwrite(hdr, sizeof hdr, 1, f);
			fwrite(u + N, sizeof(double), (size_t)rows * N, f);
			fclose(f);
		}
	}
	if (rf) fclose(rf);
	if (rank == 0) printf("cfd: %dx%d, %d iterations, dump every %d, %d ranks\n", N, N, iters, dump, np);
	return 0;
}

#endif
/* ---------- fastq ---------- */
static int fastq(const char *in, const char *out, const char *stats, int minq, int minlen)
{
	FILE *fi = fopen(in, "r"), *fo = fopen(out, "w");
	if (!fi || !fo) { perror("open"); return 1; }
	size_t ob = getenv("OBUF") ? (size_t)atol(getenv("OBUF")) : 0;
	if (ob) setvbuf(fo, malloc(ob), _IOFBF, ob);   /* glibc ignores the size when the buffer is NULL */
	char h[512], s[1024], p[512], q[1024];
	long nin = 0, nout = 0, bases = 0, kept = 0;
	long qhist[64] = {0};
	while (fgets(h, sizeof h, fi) && fgets(s, sizeof s, fi) && fgets(p, sizeof p, fi) && fgets(q, sizeof q, fi)) {
		nin++;
		int L = strcspn(q, "\n");
		s[strcspn(s, "\n")] = 0; q[L] = 0;
		bases += L;
		/* trim 3' end with a sliding window of 4 below minq */
		int end = L;
		while (end >= 4) {
			int sum = 0;
			for (int k = end - 4; k < end; k++) sum += q[k] - 33;
			if (sum / 4 >= minq) break;
			end--;
		}
		for (int k = 0; k < L; k++) { int qq = q[k] - 33; if (qq >= 0 && qq < 64) qhist[qq]++; }
		if (end < minlen) continue;
		s[end] = 0; q[end] = 0;
		fputs(h, fo); fputs(s, fo); fputc('\n', fo); fputs("+\n", fo); fputs(q, fo); fputc('\n', fo);
		nout++; kept += end;
	}
	fclose(fi); fclose(fo);
	FILE *fs = fopen(stats, "w");
	fprintf(fs, "reads_in\t%ld\nreads_out\t%ld\nbases_in\t%ld\nbases_out\t%ld\n", nin, nout, bases, kept);
	for (int k = 0; k < 64; k++) if (qhist[k]) fprintf(fs, "Q%d\t%ld\n", k, qhist[k]);
	fclose(fs);
	printf("fastq: %ld reads in, %ld out (%ld of %ld bases kept)\n", nin, nout, kept, bases);
	return 0;
}

static unsigned long long rs = 88172645463325252ULL;
static unsigned rnd(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return (unsigned)(rs >> 11); }

int main(int argc, char **argv)
{
	if (argc < 2) return 2;
	const char *m = argv[1];
	if (!strcmp(m, "gen-conf")) {       /* gen-conf FILE N */
		int n = atoi(argv[3]); double box = cbrt(n / 0.8);
		FILE *f = fopen(argv[2], "w"); fprintf(f, "%d %.6f\n", n, box);
		for (int i = 0; i < n; i++) fprintf(f, "Ar %.6f %.6f %.6f\n", box * (rnd() % 100000) / 1e5, box * (rnd() % 100000) / 1e5, box * (rnd() % 100000) / 1e5);
		fclose(f); return 0;
	}
	if (!strcmp(m, "gen-fastq")) {      /* gen-fastq FILE NREADS */
		long nr = atol(argv[3]); FILE *f = fopen(argv[2], "w"); const char *b = "ACGT";
		for (long r = 0; r < nr; r++) {
			int L = 100 + rnd() % 51; char s[160], q[160];
			for (int k = 0; k < L; k++) {
				s[k] = b[rnd() % 4];
				int qq = 38 - (k * 30) / L - (int)(rnd() % 8); if (qq < 2) qq = 2; q[k] = 33 + qq;
			}
			s[L] = q[L] = 0;
			fprintf(f, "@SRR180%07ld.%ld length=%d\n%s\n+\n%s\n", r, r, L, s, q);
		}
		fclose(f); return 0;
	}
	if (!strcmp(m, "fastq")) return fastq(argv[2], argv[3], argv[4], atoi(argv[5]), atoi(argv[6]));
#ifdef SERIAL
	return 2;
#else
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	int rc = 2;
	if (!strcmp(m, "md")) rc = md(argv[2], argv[3], atoi(argv[4]), atoi(argv[5]), atoi(argv[6]));
	else if (!strcmp(m, "cfd")) rc = cfd(argv[2], atoi(argv[3]), atoi(argv[4]), atoi(argv[5]));
	MPI_Finalize();
	return rc;
#endif
}
