/* app184.c - round 184 (labels184): a WRF-like NWP driver's I/O.
 * usage: app184 gen FILE MiB            (make an input file, outside Darshan)
 *        app184 MODE RUNDIR INDIR HOURS STEPS NX NY NLEV NFLD
 *   MODE: coll (collective shared history), split (a file per rank per hour), row (split, one write per row),
 *         gather (io_form=2 style: every field gathered to rank 0, which writes one history file an hour and the restart)
 *   env: COMPUTE (busy-loop iterations x1e5 a step), RSLSYNC=1 (fflush+fsync rsl.out every line)
 * Rank 0 reads INDIR/namelist.input and broadcasts it; boundary file INDIR/wrfbdy_d01 read every model hour. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <math.h>
static double sink;
static void compute(long n, float *f, size_t m) { for (long i = 0; i < n * 100000; i++) { sink += sin(i * 1e-3) * f[i % m]; } }
int main(int argc, char **argv) {
	if (argc == 4 && !strcmp(argv[1], "gen")) {
		FILE *o = fopen(argv[2], "w"); long n = atol(argv[3]) << 20; char b[65536];
		for (long i = 0; i < n; i += sizeof b) { for (int k = 0; k < (int)sizeof b; k++) b[k] = (char)(i / 7 + k * 13); fwrite(b, 1, sizeof b, o); }
		fclose(o); return 0; }
	MPI_Init(&argc, &argv);
	int r, np; MPI_Comm_rank(MPI_COMM_WORLD, &r); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 10) { if (!r) fprintf(stderr, "usage\n"); MPI_Abort(MPI_COMM_WORLD, 1); }
	const char *mode = argv[1], *rd = argv[2], *in = argv[3];
	int hours = atoi(argv[4]), steps = atoi(argv[5]), nx = atoi(argv[6]), ny = atoi(argv[7]), nlev = atoi(argv[8]), nfld = atoi(argv[9]);
	long comp = getenv("COMPUTE") ? atol(getenv("COMPUTE")) : 1; int rslsync = getenv("RSLSYNC") && atoi(getenv("RSLSYNC"));
	char fn[512], nl[8192]; int nlen = 0;
	if (!r) { snprintf(fn, sizeof fn, "%s/namelist.input", in); FILE *f = fopen(fn, "r"); char line[256];
		while (f && fgets(line, sizeof line, f)) { int l = strlen(line); if (nlen + l < (int)sizeof nl) { memcpy(nl + nlen, line, l); nlen += l; } }
		if (f) fclose(f); }
	MPI_Bcast(&nlen, 1, MPI_INT, 0, MPI_COMM_WORLD); MPI_Bcast(nl, nlen, MPI_CHAR, 0, MPI_COMM_WORLD);
	snprintf(fn, sizeof fn, "%s/rsl.out.%04d", rd, r); FILE *rsl = fopen(fn, "w");
	snprintf(fn, sizeof fn, "%s/rsl.error.%04d", rd, r); FILE *rse = fopen(fn, "w");
	fprintf(rsl, "taskid: %d hostname: vm\n namelist %d bytes\n", r, nlen); fprintf(rse, "taskid: %d hostname: vm\n", r);
	size_t plane = (size_t)nx * ny, fsz = plane * nlev;            /* floats a field a rank */
	float *st = malloc(fsz * nfld * sizeof(float));
	for (size_t i = 0; i < fsz * nfld; i++) st[i] = (float)((i * 2654435761u) % 1000) / 1000.f;
	size_t bdyr = (size_t)2 * (nx + ny) * nlev * 4 * sizeof(float); /* boundary bytes a rank an hour (4 vars) */
	char *bdy = malloc(bdyr * np);
	snprintf(fn, sizeof fn, "%s/wrfbdy_d01", in);
	MPI_File bf; int bfd = -1;
	if (!strcmp(mode, "coll")) MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_RDONLY, MPI_INFO_NULL, &bf);
	else if (!r) bfd = open(fn, O_RDONLY);
	double t0 = MPI_Wtime();
	for (int h = 0; h < hours; h++) {
		/* boundary tendencies for this hour */
		if (!strcmp(mode, "coll")) MPI_File_read_at_all(bf, (MPI_Offset)(h * np + r) * bdyr, bdy, bdyr, MPI_BYTE, MPI_STATUS_IGNORE);
		else { if (!r) pread(bfd, bdy, bdyr * np, (off_t)h * np * bdyr);
			MPI_Scatter(bdy, bdyr, MPI_BYTE, r ? bdy : MPI_IN_PLACE, bdyr, MPI_BYTE, 0, MPI_COMM_WORLD); }
		fprintf(rsl, "d01 %02d:00:00 Input data processed for wrfbdy_d01 for domain 1\n", h);
		for (int s = 0; s < steps; s++) {
			compute(comp, st, fsz * nfld);
			for (size_t i = 0; i < fsz * nfld; i += 97) st[i] = st[i] * 0.999f + 0.001f * bdy[i % bdyr];
			fprintf(rsl, "Timing for main: time 2026-12-02_%02d:%02d:00 on domain 1: %12.5f elapsed seconds\n", h, s * 60 / steps, MPI_Wtime() - t0);
			if (rslsync) { fflush(rsl); fsync(fileno(rsl)); }
		}
		/* history for this hour */
		if (!strcmp(mode, "coll")) {
			MPI_File hf; snprintf(fn, sizeof fn, "%s/wrfout_d01_2026-12-02_%02d:00:00", rd, h + 1);
			MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &hf);
			if (!r) MPI_File_write_at(hf, 0, nl, 4096 > nlen ? nlen : 4096, MPI_BYTE, MPI_STATUS_IGNORE); /* header */
			for (int k = 0; k < nfld; k++)
				MPI_File_write_at_all(hf, 4096 + ((MPI_Offset)k * np + r) * fsz * sizeof(float), st + k * fsz, fsz, MPI_FLOAT, MPI_STATUS_IGNORE);
			MPI_File_close(&hf);
		} else if (!strcmp(mode, "gather")) {
			float *g = r ? NULL : malloc(fsz * np * sizeof(float)); int fd = -1;
			snprintf(fn, sizeof fn, "%s/wrfout_d01_2026-12-02_%02d:00:00", rd, h + 1);
			if (!r) { fd = open(fn, O_CREAT | O_WRONLY | O_TRUNC, 0644); write(fd, nl, 4096 > nlen ? nlen : 4096); }
			for (int k = 0; k < nfld; k++) {
				MPI_Gather(st + k * fsz, fsz, MPI_FLOAT, g, fsz, MPI_FLOAT, 0, MPI_COMM_WORLD);
				if (!r) pwrite(fd, g, fsz * np * sizeof(float), 4096 + (off_t)k * np * fsz * sizeof(float));
			}
			if (!r) { close(fd); free(g); }
		} else {
			snprintf(fn, sizeof fn, "%s/wrfout_d01_2026-12-02_%02d:00:00_%04d", rd, h + 1, r);
			int fd = open(fn, O_CREAT | O_WRONLY | O_TRUNC, 0644);
			write(fd, nl, 4096 > nlen ? nlen : 4096);
			for (int k = 0; k < nfld; k++) {
				if (!strcmp(mode, "row")) { for (size_t j = 0; j < fsz; j += nx) write(fd, st + k * fsz + j, nx * sizeof(float)); }
				else write(fd, st + k * fsz, fsz * sizeof(float));
			}
			close(fd);
		}
		fprintf(rsl, "Timing for Writing wrfout_d01_2026-12-02_%02d:00:00 for domain 1: %10.5f elapsed seconds\n", h + 1, MPI_Wtime() - t0);
		if (rslsync) { fflush(rsl); fsync(fileno(rsl)); }
	}
	/* restart */
	if (!strcmp(mode, "coll")) {
		MPI_File rf; snprintf(fn, sizeof fn, "%s/wrfrst_d01_2026-12-02_%02d:00:00", rd, hours);
		MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &rf);
		MPI_File_write_at_all(rf, (MPI_Offset)r * fsz * nfld * sizeof(float), st, fsz * nfld, MPI_FLOAT, MPI_STATUS_IGNORE);
		MPI_File_close(&rf); MPI_File_close(&bf);
	} else if (!strcmp(mode, "gather")) {
		float *g = r ? NULL : malloc(fsz * nfld * np * sizeof(float));
		MPI_Gather(st, fsz * nfld, MPI_FLOAT, g, fsz * nfld, MPI_FLOAT, 0, MPI_COMM_WORLD);
		if (!r) { snprintf(fn, sizeof fn, "%s/wrfrst_d01_2026-12-02_%02d:00:00", rd, hours);
			int fd = open(fn, O_CREAT | O_WRONLY | O_TRUNC, 0644); write(fd, g, fsz * nfld * np * sizeof(float)); close(fd); free(g); close(bfd); }
	} else {
		snprintf(fn, sizeof fn, "%s/wrfrst_d01_2026-12-02_%02d:00:00_%04d", rd, hours, r);
		int fd = open(fn, O_CREAT | O_WRONLY | O_TRUNC, 0644); write(fd, st, fsz * nfld * sizeof(float)); close(fd);
		if (bfd >= 0) close(bfd);
	}
	fprintf(rsl, "d01 2026-12-02_%02d:00:00 wrf: SUCCESS COMPLETE WRF\n", hours); fprintf(rse, "wrf: SUCCESS COMPLETE WRF\n");
	fclose(rsl); fclose(rse);
	if (!r) printf("%s: %d hours x %d steps, patch %dx%dx%d x %d fields, %.2f s, sink %g\n", mode, hours, steps, nx, ny, nlev, nfld, MPI_Wtime() - t0, sink);
	free(st); free(bdy); MPI_Finalize(); return 0;
}
