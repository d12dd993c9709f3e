/* lq106.c: round 106's lattice-QCD I/O programs (labels106). One binary, five jobs:
 *   hmc   DIR L T NTRAJ       read the gauge config collectively (subarray view), NTRAJ trajectories of compute,
 *                             rank 0 appends a correlator line per measurement (fopen "a"/fprintf/fclose), then the
 *                             new config written collectively after rank 0's ILDG XML records
 *   meas  DIR L T NSRC        read the config independently (same subarray view), a propagator per source written
 *                             collectively, one file per source
 *   prop  DIR L T NSRC site|coll  propagators written per site (2304-B independent write_at) or collectively
 *   ildg  DIR L T 0|1         config gathered to rank 0 and written as an ILDG-like file through stdio,
 *                             one fwrite a site (default 4 KiB buffer) or with an 8 MiB setvbuf buffer
 * Lattice L^3 x T, decomposed 2x2 in (t,z) on 4 ranks; a site of the gauge field is 4 SU(3) links
 * (72 doubles, 576 B), of a propagator 12x12 complex (288 doubles, 2304 B). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#define GSITE 72
#define PSITE 288
#define HDR 1024
static int rank, np, L, T, dims[4], sub[4], start[4];

static void decomp(void)
{
	int pt = np / 2, pz = 2;
	dims[0] = T; dims[1] = L; dims[2] = L; dims[3] = L;
	sub[0] = T / pt; sub[1] = L / pz; sub[2] = L; sub[3] = L;
	start[0] = (rank / pz) * sub[0]; start[1] = (rank % pz) * sub[1]; start[2] = 0; start[3] = 0;
}

static MPI_Datatype view(int nd)
{
	MPI_Datatype site, ft;
	MPI_Type_contiguous(nd, MPI_DOUBLE, &site);
	MPI_Type_create_subarray(4, dims, sub, start, MPI_ORDER_C, site, &ft);
	MPI_Type_commit(&ft);
	MPI_Type_free(&site);
	return ft;
}

static size_t nloc(void) { return (size_t)sub[0] * sub[1] * sub[2] * sub[3]; }

static void xml(char *b, const char *kind)
{
	memset(b, ' ', 512);
	snprintf(b, 512, "<?xml version=\"1.0\"?><ildgFormat><version>1.0</version><field>%s</field>"
		"<precision>64</precision><lx>%d</lx><ly>%d</ly><lz>%d</lz><lt>%d</lt></ildgFormat>", kind, L, L, L, T);
}

/* a stand-in for the molecular dynamics: enough flops that the run is compute, as an HMC's is */
static double work(double *u, size_t n, int reps)
{
	double s = 0;
	for (int r = 0; r < reps; r++)
		for (size_t i = 0; i < n; i++) { u[i] = u[i] * 0.999 + sin(u[i]) * 1e-3; s += u[i]; }
	return s;
}

static void fill(double *u, size_t n, int seed)
{
	for (size_t i = 0; i < n; i++) u[i] = sin(0.001 * (double)(i + (size_t)rank * n) + seed);
}

static void gauge_rw(const char *path, double *u, int write, int coll)
{
	MPI_File fh; MPI_Datatype ft = view(GSITE); char b[512];
	int n = (int)(nloc() * GSITE);
	MPI_File_open(MPI_COMM_WORLD, path, write ? MPI_MODE_CREATE | MPI_MODE_WRONLY : MPI_MODE_RDONLY,
		MPI_INFO_NULL, &fh);
	if (write && rank == 0) { xml(b, "su3gauge"); MPI_File_write_at(fh, 0, b, 512, MPI_CHAR, MPI_STATUS_IGNORE); }
	MPI_File_set_view(fh, HDR, MPI_DOUBLE, ft, "native", MPI_INFO_NULL);
	if (write) MPI_File_write_all(fh, u, n, MPI_DOUBLE, MPI_STATUS_IGNORE);
	else if (coll) MPI_File_read_all(fh, u, n, MPI_DOUBLE, MPI_STATUS_IGNORE);
	else MPI_File_read(fh, u, n, MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	MPI_Type_free(&ft);
}

static void corr_append(const char *dir, int meas, double v)
{
	char p[512]; FILE *f;
	snprintf(p, sizeof p, "%s/corr.dat", dir);
	f = fopen(p, "a");
	fprintf(f, "%6d", meas);
	for (int t = 0; t < T; t++) fprintf(f, " %.8e", v * exp(-0.3 * t));
	fprintf(f, "\n");
	fclose(f);
}

static void prop_write(const char *dir, int src, double *p, int persite)
{
	char path[512]; MPI_File fh;
	snprintf(path, sizeof path, "%s/prop.src%03d", dir, src);
	MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	if (!persite) {
		MPI_Datatype ft = view(PSITE);
		MPI_File_set_view(fh, 0, MPI_DOUBLE, ft, "native", MPI_INFO_NULL);
		MPI_File_write_all(fh, p, (int)(nloc() * PSITE), MPI_DOUBLE, MPI_STATUS_IGNORE);
		MPI_Type_free(&ft);
	} else {
		/* the naive writer: each site to its global offset, one independent call a site */
		size_t k = 0;
		for (int t = 0; t < sub[0]; t++) for (int z = 0; z < sub[1]; z++) for (int y = 0; y < L; y++)
			for (int x = 0; x < L; x++, k++) {
				long g = (((long)(start[0] + t) * L + start[1] + z) * L + y) * L + x;
				MPI_File_write_at(fh, (MPI_Offset)g * PSITE * 8, p + k * PSITE, PSITE, MPI_DOUBLE,
					MPI_STATUS_IGNORE);
			}
	}
	MPI_File_close(&fh);
}

static void ildg_stdio(const char *dir, double *u, int big)
{
	size_t n = nloc() * GSITE;
	double *all = rank == 0 ? malloc(n * np * sizeof *all) : NULL;
	MPI_Gather(u, (int)n, MPI_DOUBLE, all, (int)n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
	if (rank == 0) {
		char p[512], b[512]; FILE *f; char *buf = big ? malloc(8 << 20) : NULL;
		snprintf(p, sizeof p, "%s/conf.ildg", dir);
		f = fopen(p, "w");
		if (big) setvbuf(f, buf, _IOFBF, 8 << 20);
		xml(b, "su3gauge"); fwrite(b, 1, 512, f);
		xml(b, "ildg-binary-data"); fwrite(b, 1, 512, f);
		/* one fwrite a site, as a serial writer loops over sites (rank order stands in for site order) */
		for (size_t s = 0; s < n * np / GSITE; s++) fwrite(all + s * GSITE, sizeof(double), GSITE, f);
		fclose(f); free(buf); free(all);
	}
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 6) { if (!rank) fprintf(stderr, "usage: see header\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	const char *mode = argv[1], *dir = argv[2];
	char path[512]; double s = 0;
	L = atoi(argv[3]); T = atoi(argv[4]); int n5 = atoi(argv[5]);
	decomp();
	double *u = malloc(nloc() * GSITE * sizeof *u);
	snprintf(path, sizeof path, "%s/conf.lime", dir);
	if (!strcmp(mode, "mkconf")) { fill(u, nloc() * GSITE, 1); gauge_rw(path, u, 1, 1); }
	else if (!strcmp(mode, "hmc")) {
		gauge_rw(path, u, 0, 1);
		for (int i = 0; i < n5; i++) {
			s = work(u, nloc() * GSITE / 16, 2);
			double g; MPI_Allreduce(&s, &g, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
			if (rank == 0) corr_append(dir, i, fabs(g) + 1);
		}
		gauge_rw(path, u, 1, 1);
	} else if (!strcmp(mode, "meas") || !strcmp(mode, "prop")) {
		int persite = argc > 6 && !strcmp(argv[6], "site");
		double *p = malloc(nloc() * PSITE * sizeof *p);
		gauge_rw(path, u, 0, !strcmp(mode, "prop"));
		for (int src = 0; src < n5; src++) {
			fill(p, nloc() * PSITE, src);
			s += work(p, nloc() * PSITE, !strcmp(mode, "meas") ? 6 : 1);
			prop_write(dir, src, p, persite);
		}
		free(p);
	} else if (!strcmp(mode, "ildg")) {
		fill(u, nloc() * GSITE, 2);
		s = work(u, nloc() * GSITE, 2);
		ildg_stdio(dir, u, n5 == 1);
	}
	if (rank == 0) printf("%s done, checksum %.6e\n", mode, s);
	free(u);
	MPI_Finalize();
	return 0;
}
