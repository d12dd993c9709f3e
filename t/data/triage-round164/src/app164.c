/* Round 164 (labels164): lattice QCD I/O - gauge configurations, propagators and correlator files.
 * Modes:
 *   gen   FILE L T                      make an ILDG-like gauge config (not logged): 512-B text header + L^3*T sites
 *                                       x 4 links x SU(3) 18 doubles (big-endian IEEE), t slowest
 *   drop  FILE                          posix_fadvise(DONTNEED) (not logged)
 *   gauge FILE OUTDIR L T slab|site     load the config on all ranks (time slabs; site: a 48-B pread per SU(3) row), plaquette, rank-0 text log
 *   prop  DIR L T                       write a 12-source point propagator, uneven time slabs, MPI_File_write_at
 *   corr  DIR NSRC NMOM T files|one     correlators of each rank's sources: one file per (src,mom,channel) or one a rank
 *   hmc   DIR L T NTRAJ EVERY           HMC trajectories, rank 0 appends a log line a trajectory (fopen "a"), a
 *                                       checkpoint every EVERY: header by rank 0, slabs by MPI_File_write_at_all, sync
 * COMPUTE=s in the environment adds s seconds of per-rank compute (the solver/plaquette work) to gauge, prop and hmc. */
#define _GNU_SOURCE
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <math.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>
#include <time.h>

#define HDR 512
#define LINKD 18 /* doubles per SU(3) link */

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
static void compute(double s) { double t0 = now(), x = 1.0; while (now() - t0 < s) for (int i = 0; i < 100000; i++) x = x * 1.0000001 + 1e-9; if (x < 0) printf("%g\n", x); }
static double envcompute(void) { const char *c = getenv("COMPUTE"); return c ? atof(c) : 0; }
static void bswap8(double *d, size_t n) { uint64_t *u = (uint64_t *)d; for (size_t i = 0; i < n; i++) u[i] = __builtin_bswap64(u[i]); }
static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); }

/* time slab of rank r of np for extent T, optionally uneven weights */
static void slab(int T, int np, int r, const int *w, int *t0, int *nt)
{
	int tot = 0, acc = 0;
	for (int i = 0; i < np; i++) tot += w ? w[i] : 1;
	for (int i = 0; i < r; i++) acc += w ? w[i] : 1;
	*t0 = (int)((long)T * acc / tot);
	*nt = (int)((long)T * (acc + (w ? w[r] : 1)) / tot) - *t0;
}

static int gen(const char *f, int L, int T)
{
	long sites = (long)L * L * L * T;
	FILE *o = fopen(f, "w"); if (!o) die(f);
	char h[HDR]; memset(h, ' ', HDR);
	int n = snprintf(h, HDR, "<?xml version=\"1.0\"?><ildgFormat><version>1.0</version><field>su3gauge</field>"
		"<precision>64</precision><lx>%d</lx><ly>%d</ly><lz>%d</lz><lt>%d</lt></ildgFormat>", L, L, L, T);
	h[n] = ' '; h[HDR - 1] = '\n';
	fwrite(h, 1, HDR, o);
	double *buf = malloc(sizeof(double) * LINKD * 4 * L * L * L);
	for (int t = 0; t < T; t++) {
		long ns = (long)L * L * L * 4 * LINKD;
		for (long i = 0; i < ns; i++) buf[i] = sin(0.001 * (i + t * 7)) * 0.5;
		bswap8(buf, ns);
		fwrite(buf, sizeof(double), ns, o);
	}
	fclose(o); free(buf);
	printf("gen: %ld sites, %ld bytes\n", sites, HDR + sites * 4 * LINKD * 8);
	return 0;
}

static double plaq(const double *u, long nlinks)
{
	double s = 0;
	for (long i = 0; i < nlinks; i++) { const double *m = u + i * LINKD; s += m[0] * m[8] - m[1] * m[9] + m[16] * m[17]; }
	return s / nlinks;
}

static int gauge(int argc, char **argv, int rank, int np)
{
	if (argc < 7) return 2;
	const char *f = argv[2], *out = argv[3]; int L = atoi(argv[4]), T = atoi(argv[5]); int site = !strcmp(argv[6], "site");
	char hdr[HDR];
	if (rank == 0) { /* header with STDIO on rank 0 only, broadcast */
		FILE *h = fopen(f, "r"); if (!h) die(f);
		if (fread(hdr, 1, HDR, h) != HDR) die("header");
		fclose(h);
	}
	MPI_Bcast(hdr, HDR, MPI_CHAR, 0, MPI_COMM_WORLD);
	int t0, nt; slab(T, np, rank, NULL, &t0, &nt);
	long vol3 = (long)L * L * L, nlinks = vol3 * nt * 4;
	size_t bytes = nlinks * LINKD * sizeof(double);
	double *u = malloc(bytes);
	MPI_Offset off = HDR + (MPI_Offset)t0 * vol3 * 4 * LINKD * 8;
	if (!site) {
		MPI_File fh;
		MPI_File_open(MPI_COMM_WORLD, f, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
		MPI_File_read_at_all(fh, off, u, (int)(bytes / 8), MPI_DOUBLE, MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
		bswap8(u, bytes / 8);
	} else { /* one pread per SU(3) row (3 complex doubles, 48 B) of each link, converted as it comes */
		int fd = open(f, O_RDONLY); if (fd < 0) die(f);
		for (long i = 0; i < nlinks * 3; i++) {
			double *m = u + i * 6;
			if (pread(fd, m, 48, off + i * 48) != 48) die("pread");
			bswap8(m, 6);
		}
		close(fd);
	}
	compute(envcompute());
	double p = plaq(u, nlinks), *pt = calloc(T, sizeof(double)), *all = calloc(T, sizeof(double));
	for (int t = 0; t < nt; t++) pt[t0 + t] = plaq(u + (long)t * vol3 * 4 * LINKD, vol3 * 4);
	MPI_Reduce(pt, all, T, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	double ps; MPI_Reduce(&p, &ps, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) {
		char fn[4096]; snprintf(fn, sizeof fn, "%s/plaquette.log", out);
		FILE *o = fopen(fn, "w"); if (!o) die(fn);
		fprintf(o, "# config %s\n# %.120s\n", f, hdr);
		for (int t = 0; t < T; t++) fprintf(o, "t %3d plaq %.12f\n", t, all[t]);
		fprintf(o, "plaquette %.12f ranks %d\n", ps / np, np);
		fclose(o);
		printf("gauge(%s): %dx%d^3, %d ranks, plaq %.6f\n", site ? "site" : "slab", T, L, np, ps / np);
	}
	free(u); free(pt); free(all);
	return 0;
}

static int prop(int argc, char **argv, int rank, int np)
{
	if (argc < 5) return 2;
	const char *dir = argv[2]; int L = atoi(argv[3]), T = atoi(argv[4]);
	static const int w[8] = { 6, 8, 8, 10, 8, 8, 8, 8 };
	int t0, nt; slab(T, np, rank, np == 4 ? w : NULL, &t0, &nt);
	long vol3 = (long)L * L * L;
	size_t per = (size_t)vol3 * 12 * 2 * sizeof(double); /* per time slice per source: 12 spin-colour complex */
	double *b = malloc(per * nt);
	char fn[4096]; snprintf(fn, sizeof fn, "%s/prop.bin", dir);
	MPI_File fh;
	MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	double cs = envcompute() / 12;
	for (int s = 0; s < 12; s++) { /* one solve per spin-colour source, then its slab of the solution */
		compute(cs);
		for (size_t i = 0; i < per * nt / 8; i++) b[i] = 1.0 / (1 + i + s);
		MPI_Offset off = ((MPI_Offset)s * T + t0) * per;
		MPI_File_write_at(fh, off, b, (int)(per * nt / 8), MPI_DOUBLE, MPI_STATUS_IGNORE);
	}
	MPI_File_close(&fh);
	if (rank == 0) {
		snprintf(fn, sizeof fn, "%s/prop.info", dir);
		FILE *o = fopen(fn, "w"); fprintf(o, "propagator %dx%d^3 12 sources, %d ranks\n", T, L, np); fclose(o);
		printf("prop: 12 sources, slab %d of %d on rank 0, %zu B a slice a source\n", nt, T, per);
	}
	free(b);
	return 0;
}

static int corr(int argc, char **argv, int rank, int np)
{
	if (argc < 7) return 2;
	const char *dir = argv[2]; int nsrc = atoi(argv[3]), nmom = atoi(argv[4]), T = atoi(argv[5]); int one = !strcmp(argv[6], "one");
	static const char *ch[] = { "pion", "rho_x", "rho_y", "rho_z", "nucleon", "a0" };
	char fn[4096], *acc_buf = NULL;
	size_t acc = 0, cap = 0;
	int fd1 = -1, nf = 0;
	if (one) { snprintf(fn, sizeof fn, "%s/corr.r%d.dat", dir, rank); fd1 = open(fn, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (fd1 < 0) die(fn); }
	for (int s = rank; s < nsrc; s += np)
		for (int m = 0; m < nmom; m++)
			for (int c = 0; c < 6; c++) {
				char buf[64 * 64]; int n = 0;
				for (int t = 0; t < T; t++) n += snprintf(buf + n, sizeof buf - n, "%d %.10e %.10e\n", t, exp(-0.3 * t) * (1 + c + m), 0.0);
				if (one) { /* records gathered in memory, one write a rank at the end */
					if (acc + n + 128 > cap) acc_buf = realloc(acc_buf, cap = 2 * cap + n + 128);
					acc += snprintf(acc_buf + acc, 128, "# src %d mom %d %s\n", s, m, ch[c]);
					memcpy(acc_buf + acc, buf, n); acc += n;
				} else {
					snprintf(fn, sizeof fn, "%s/%s_src%03d_p%02d.dat", dir, ch[c], s, m);
					int fd = open(fn, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (fd < 0) die(fn);
					if (write(fd, buf, n) != n) die("write");
					close(fd); nf++;
				}
			}
	if (one) { if (write(fd1, acc_buf, acc) != (ssize_t)acc) die("write"); close(fd1); }
	free(acc_buf);
	int tot; MPI_Reduce(&nf, &tot, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) printf("corr(%s): %d sources x %d momenta x 6 channels, %d files\n", one ? "one" : "files", nsrc, nmom, one ? np : tot);
	return 0;
}

static int hmc(int argc, char **argv, int rank, int np)
{
	if (argc < 7) return 2;
	const char *dir = argv[2]; int L = atoi(argv[3]), T = atoi(argv[4]), ntraj = atoi(argv[5]), every = atoi(argv[6]);
	int t0, nt; slab(T, np, rank, NULL, &t0, &nt);
	long vol3 = (long)L * L * L, n = vol3 * nt * 4 * LINKD;
	double *u = malloc(n * sizeof(double)), cs = envcompute() / ntraj;
	for (long i = 0; i < n; i++) u[i] = sin(0.001 * i);
	char fn[4096];
	for (int tr = 1; tr <= ntraj; tr++) {
		compute(cs); /* molecular dynamics + accept/reject */
		for (long i = 0; i < n; i += 97) u[i] *= 0.999;
		if (rank == 0) { /* the trajectory log, appended a line a trajectory */
			snprintf(fn, sizeof fn, "%s/hmc.log", dir);
			FILE *o = fopen(fn, "a"); if (!o) die(fn);
			fprintf(o, "traj %4d dH %+.6f acc %d plaq %.10f t %.2f\n", tr, 0.01 * sin(tr), tr % 5 != 0, 0.59 + 1e-4 * tr, now());
			fclose(o);
		}
		if (tr % every) continue;
		/* checkpoint: ILDG-like header from rank 0, slabs collectively, one sync */
		snprintf(fn, sizeof fn, "%s/ckpoint_lat.%d", dir, tr);
		MPI_File fh;
		MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
		if (rank == 0) {
			char h[HDR]; memset(h, ' ', HDR); snprintf(h, HDR, "<ildgFormat><lx>%d</lx><lt>%d</lt><traj>%d</traj></ildgFormat>", L, T, tr);
			MPI_File_write_at(fh, 0, h, HDR, MPI_CHAR, MPI_STATUS_IGNORE);
		}
		MPI_File_write_at_all(fh, HDR + (MPI_Offset)t0 * vol3 * 4 * LINKD * 8, u, (int)n, MPI_DOUBLE, MPI_STATUS_IGNORE);
		MPI_File_sync(fh);
		MPI_File_close(&fh);
	}
	if (rank == 0) printf("hmc: %d trajectories, checkpoint every %d, %ld B a rank a checkpoint\n", ntraj, every, n * 8);
	free(u);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 2) return 2;
	if (!strcmp(argv[1], "gen")) return gen(argv[2], atoi(argv[3]), atoi(argv[4]));
	if (!strcmp(argv[1], "drop")) { int fd = open(argv[2], O_RDONLY); fdatasync(fd); posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); close(fd); return 0; }
	MPI_Init(&argc, &argv);
	int rank, np, rc = 2; MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (!strcmp(argv[1], "gauge")) rc = gauge(argc, argv, rank, np);
	else if (!strcmp(argv[1], "prop")) rc = prop(argc, argv, rank, np);
	else if (!strcmp(argv[1], "corr")) rc = corr(argc, argv, rank, np);
	else if (!strcmp(argv[1], "hmc")) rc = hmc(argc, argv, rank, np);
	MPI_Finalize();
	return rc;
}
