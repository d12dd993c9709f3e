/* Round 181 (labels181): a SPECFEM/SW4-like seismic wave propagation toy and a shot-gather post-processor.
 * app181 gen MESHDIR NPROC NSTA NSTEPS           make per-rank mesh databases, STATIONS, stf.txt (not logged)
 * app181 gentm FILE NT NSTA                      make a time-major seismogram file [t][sta][3] floats (not logged)
 * app181 fwd MESHDIR OUTDIR NSTEPS SNAPEVERY NSTA SNAPMODE SEISMODE
 *    SNAPMODE: coll (one shared file per snapshot, MPI_File_write_at_all) | fpp (one file per rank per snapshot)
 *    SEISMODE: gather (MPI_Gather to rank 0, one write) | perrank (one binary file a rank, one write)
 *              | ascii (one fprintf'ed .semd file per station per component) | sync (append each step + fsync;
 *              env NOSYNC=1: no fsync)
 *    env COMPUTE: inner repetitions of the stencil per step (default 4)
 * app181 shotgather IN OUT NT NSTA MODE          MODE: sample (one 4-B pread per sample) | once (1 MiB preads)
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <math.h>
#include <sys/stat.h>

#define NGLL 125              /* 5x5x5 GLL points */
#define NELEM 384             /* elements a rank */
#define FIELD (NELEM*NGLL*3)  /* floats a rank: 3-component displacement, 576000 B */

static void die(const char *m) { perror(m); exit(1); }

static int gen(int argc, char **argv) {
	const char *d = argv[2]; int np = atoi(argv[3]), nsta = atoi(argv[4]), nsteps = atoi(argv[5]);
	char p[512]; mkdir(d, 0755);
	size_t sz = 4u << 20; char *b = malloc(sz);
	for (int r = 0; r < np; r++) {
		for (size_t i = 0; i < sz; i++) b[i] = (char)(i * 7 + r);
		snprintf(p, sizeof p, "%s/proc%06d_mesh.bin", d, r);
		FILE *f = fopen(p, "w"); if (!f) die(p); fwrite(b, 1, sz, f); fclose(f);
	}
	snprintf(p, sizeof p, "%s/STATIONS", d); FILE *f = fopen(p, "w");
	for (int s = 0; s < nsta; s++) fprintf(f, "S%04d XX %10.4f %10.4f 0.0 0.0\n", s, 34.0 + s * 0.01, -118.0 + s * 0.013);
	fclose(f);
	snprintf(p, sizeof p, "%s/stf.txt", d); f = fopen(p, "w");
	for (int t = 0; t < nsteps; t++) { double x = (t * 0.01 - 1.0) * 6; fprintf(f, "%12.6f %15.7e\n", t * 0.01, (1 - 2 * x * x) * exp(-x * x)); }
	fclose(f); free(b); return 0;
}

static int gentm(int argc, char **argv) {
	int nt = atoi(argv[3]), nsta = atoi(argv[4]); size_t n = (size_t)nt * nsta * 3;
	float *a = malloc(n * 4); for (size_t i = 0; i < n; i++) a[i] = sinf(i * 0.001f);
	FILE *f = fopen(argv[2], "w"); if (!f) die(argv[2]); fwrite(a, 4, n, f); fclose(f); free(a); return 0;
}

static int shotgather(int argc, char **argv) {
	const char *in = argv[2], *out = argv[3]; int nt = atoi(argv[4]), nsta = atoi(argv[5]); const char *mode = argv[6];
	int fd = open(in, O_RDONLY); if (fd < 0) die(in);
	int fo = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fo < 0) die(out);
	float *tr = malloc((size_t)nt * 4); double sink = 0;
	if (!strcmp(mode, "sample")) {
		for (int c = 0; c < 3; c++) for (int s = 0; s < nsta; s++) {
			for (int t = 0; t < nt; t++)
				if (pread(fd, &tr[t], 4, ((off_t)t * nsta * 3 + s * 3 + c) * 4) != 4) die("pread");
			for (int t = 0; t < nt; t++) sink += tr[t];
			if (write(fo, tr, (size_t)nt * 4) != nt * 4) die("write");
		}
	} else {
		size_t n = (size_t)nt * nsta * 3 * 4, got = 0; char *a = malloc(n);
		while (got < n) { size_t k = n - got > (1u << 20) ? 1u << 20 : n - got; ssize_t r = pread(fd, a + got, k, got); if (r <= 0) die("pread"); got += r; }
		float *fa = (float *)a;
		for (int c = 0; c < 3; c++) for (int s = 0; s < nsta; s++) {
			for (int t = 0; t < nt; t++) tr[t] = fa[(size_t)t * nsta * 3 + s * 3 + c];
			for (int t = 0; t < nt; t++) sink += tr[t];
			if (write(fo, tr, (size_t)nt * 4) != nt * 4) die("write");
		}
		free(a);
	}
	close(fd); close(fo); printf("shotgather(%s): %d traces x %d samples, sink %g\n", mode, nsta * 3, nt, sink); return 0;
}

int main(int argc, char **argv) {
	if (argc > 1 && !strcmp(argv[1], "gen")) return gen(argc, argv);
	if (argc > 1 && !strcmp(argv[1], "gentm")) return gentm(argc, argv);
	if (argc > 1 && !strcmp(argv[1], "shotgather")) return shotgather(argc, argv);
	MPI_Init(&argc, &argv);
	int rank, np; MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 9) { if (!rank) fprintf(stderr, "usage\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	const char *md = argv[2], *od = argv[3]; int nsteps = atoi(argv[4]), snapev = atoi(argv[5]), nsta = atoi(argv[6]);
	const char *snapmode = argv[7], *seismode = argv[8];
	int comp = getenv("COMPUTE") ? atoi(getenv("COMPUTE")) : 4, nosync = getenv("NOSYNC") != NULL;
	char p[512];
	/* 1. the rank's mesh database, read once in 1 MiB preads */
	snprintf(p, sizeof p, "%s/proc%06d_mesh.bin", md, rank);
	int fd = open(p, O_RDONLY); if (fd < 0) die(p);
	struct stat st; fstat(fd, &st); char *mesh = malloc(st.st_size); size_t got = 0;
	while (got < (size_t)st.st_size) { size_t k = st.st_size - got > (1u << 20) ? 1u << 20 : st.st_size - got; ssize_t r = pread(fd, mesh + got, k, got); if (r <= 0) die("mesh"); got += r; }
	close(fd);
	/* 2. STATIONS and the source time function, read by every rank */
	snprintf(p, sizeof p, "%s/STATIONS", md); FILE *f = fopen(p, "r"); if (!f) die(p);
	char line[256]; int ns = 0; while (fgets(line, sizeof line, f)) ns++; fclose(f);
	if (ns < nsta) nsta = ns;
	snprintf(p, sizeof p, "%s/stf.txt", md); f = fopen(p, "r"); if (!f) die(p);
	float *stf = calloc(nsteps, 4); for (int t = 0; t < nsteps; t++) { double a, b; if (fscanf(f, "%lf %lf", &a, &b) != 2) break; stf[t] = b; } fclose(f);
	/* field */
	float *u = calloc(FIELD, 4), *v = calloc(FIELD, 4);
	for (int i = 0; i < FIELD; i++) u[i] = (mesh[i % st.st_size] & 15) * 1e-3f;
	int nloc = nsta / np; float *seis = calloc((size_t)nloc * 3 * nsteps, 4);
	FILE *log = NULL; if (!rank) { snprintf(p, sizeof p, "%s/output_solver.txt", od); log = fopen(p, "w"); if (!log) die(p); }
	int sfd = -1; float *rec = malloc(nloc * 3 * 4);
	if (!strcmp(seismode, "sync")) { snprintf(p, sizeof p, "%s/seis_proc%06d.bin", od, rank); sfd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (sfd < 0) die(p); }
	double t0 = MPI_Wtime();
	for (int it = 0; it < nsteps; it++) {
		for (int rep = 0; rep < comp; rep++)
			for (int i = 1; i < FIELD - 1; i++) v[i] = 0.999f * v[i] + 0.01f * (u[i - 1] - 2 * u[i] + u[i + 1]);
		for (int i = 0; i < FIELD; i++) u[i] += 0.01f * v[i];
		u[FIELD / 2] += stf[it];
		for (int s = 0; s < nloc; s++) for (int c = 0; c < 3; c++) {
			float x = u[(s * 997 * 3 + c) % FIELD]; seis[((size_t)s * 3 + c) * nsteps + it] = x; rec[s * 3 + c] = x; }
		if (sfd >= 0) { if (write(sfd, rec, nloc * 3 * 4) != nloc * 3 * 4) die("seis"); if (!nosync) fsync(sfd); }
		double e = 0; for (int i = 0; i < FIELD; i += 1000) e += u[i] * u[i];
		double eg; MPI_Allreduce(&e, &eg, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		if (log) fprintf(log, " Time step # %6d  time %10.4f s  max norm of displacement %.6e  elapsed %.3f s\n", it + 1, it * 0.01, sqrt(eg), MPI_Wtime() - t0);
		if ((it + 1) % snapev == 0) {
			int k = (it + 1) / snapev;
			if (!strcmp(snapmode, "coll")) {
				MPI_File fh; snprintf(p, sizeof p, "%s/snapshot%06d.bin", od, it + 1);
				MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
				MPI_File_write_at_all(fh, (MPI_Offset)rank * FIELD * 4, u, FIELD, MPI_FLOAT, MPI_STATUS_IGNORE);
				MPI_File_close(&fh);
			} else {
				snprintf(p, sizeof p, "%s/snapshot_proc%06d_%06d.bin", od, rank, it + 1);
				int g = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (g < 0) die(p);
				if (pwrite(g, u, FIELD * 4, 0) != FIELD * 4) die("snap"); close(g);
			}
			if (log) fprintf(log, " Snapshot %d written at step %d\n", k, it + 1);
		}
	}
	if (sfd >= 0) close(sfd);
	size_t nb = (size_t)nloc * 3 * nsteps * 4;
	if (!strcmp(seismode, "gather")) {
		float *all = rank ? NULL : malloc(nb * np);
		MPI_Gather(seis, nb / 4, MPI_FLOAT, all, nb / 4, MPI_FLOAT, 0, MPI_COMM_WORLD);
		if (!rank) { snprintf(p, sizeof p, "%s/seismograms.bin", od); int g = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
			if (g < 0 || write(g, all, nb * np) != (ssize_t)(nb * np)) die(p); close(g); }
	} else if (!strcmp(seismode, "perrank")) {
		snprintf(p, sizeof p, "%s/seis_proc%06d.bin", od, rank); int g = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (g < 0 || write(g, seis, nb) != (ssize_t)nb) die(p); close(g);
	} else if (!strcmp(seismode, "ascii")) {
		for (int s = 0; s < nloc; s++) for (int c = 0; c < 3; c++) {
			snprintf(p, sizeof p, "%s/XX.S%04d.BX%c.semd", od, rank * nloc + s, "ENZ"[c]);
			FILE *g = fopen(p, "w"); if (!g) die(p);
			for (int t = 0; t < nsteps; t++) fprintf(g, "%12.4f %15.7e\n", t * 0.01, seis[((size_t)s * 3 + c) * nsteps + t]);
			fclose(g);
		}
	}
	if (log) { fprintf(log, " End of the simulation, %.3f s\n", MPI_Wtime() - t0); fclose(log); }
	if (!rank) printf("fwd(%s,%s): %d ranks, %d steps, %d stations, wall %.2f s, u0 %g\n", snapmode, seismode, np, nsteps, nsta, MPI_Wtime() - t0, u[FIELD / 2]);
	MPI_Finalize(); return 0;
}
