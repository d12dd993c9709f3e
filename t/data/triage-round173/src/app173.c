/* Round 173 (labels173): a toy particle-in-cell code (VPIC/WarpX-like) with the I/O of real PIC codes.
 * Modes (argv[1]):
 *   gen FILE NPART HDR          make a particle file (NPART 32-B particles) and a text header (not logged)
 *   vpic DIR STEPS EVERY NP NC  per-rank per-species particle dumps (header write + one data write), collective
 *                               field dump to one shared file, rank-0 fprintf energies line per step
 *   warpx DIR STEPS EVERY NP NC one shared particle file per species per dump via MPI_File_write_at_all with
 *                               uneven counts (density gradient), collective field dump, final checkpoint + MPI_File_sync
 *                               (env ONEFILE=1: fields and both species of a dump in one shared file, a twin)
 *   reader FILE HDR OUT         post-processing: rank 0 reads the text header (fgets), every rank its slice with
 *                               MPI_File_read_at_all, histogram reduced, rank 0 writes OUT with fprintf
 *   smallpart DIR STEPS EVERY NP particle|slab   shared particle dump, one 32-B MPI_File_write_at per particle
 *                               (particle) or one MPI_File_write_at_all per rank (slab, the twin)
 *   fieldascii DIR STEPS EVERY NC ascii|binary   field dump gathered to rank 0 and fprintf'ed as text (ascii) or
 *                               written collectively in binary (binary, the twin)
 *   tracer DIR STEPS NTR file|rank|buf   tracked-particle output every step: one file per rank per species per step
 *                               (file), one file per rank per species appended each step (rank, the twin), or
 *                               that file appended every 10 steps from a 10-step memory buffer (buf, a second twin)
 * COMPUTE (env) scales the push loop. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

typedef struct { float x, y, z, ux, uy, uz, w; int id; } part_t; /* 32 B */
static int rank, nprocs, compute = 1;
static double sink;

static void push(part_t *p, long n, float *f, long nc, int reps)
{
	for (int r = 0; r < reps; r++)
		for (long i = 0; i < n; i++) {
			long c = (long)(fabsf(p[i].x) * 997) % nc;
			p[i].ux += 0.001f * f[6 * c] + 0.0001f * sinf(p[i].y);
			p[i].uy += 0.001f * f[6 * c + 1];
			p[i].x += 0.01f * p[i].ux; p[i].y += 0.01f * p[i].uy; p[i].z += 0.01f * p[i].uz;
			if (p[i].x > 1) p[i].x -= 1;
			if (p[i].x < 0) p[i].x += 1;
		}
	for (long c = 0; c < nc * 6; c++) f[c] = 0.999f * f[c] + 1e-4f * (float)(c % 7);
}
static void init_parts(part_t *p, long n, int sp)
{
	srand(1234 + rank * 7 + sp);
	for (long i = 0; i < n; i++) {
		p[i].x = rand() / (float)RAND_MAX; p[i].y = rand() / (float)RAND_MAX; p[i].z = rand() / (float)RAND_MAX;
		p[i].ux = 0.1f * (rand() / (float)RAND_MAX - 0.5f); p[i].uy = 0.1f * (rand() / (float)RAND_MAX - 0.5f);
		p[i].uz = 0.01f; p[i].w = 1.0f; p[i].id = (int)(rank * n + i);
	}
}
static double energy(part_t *p, long n)
{
	double e = 0, g;
	for (long i = 0; i < n; i++) e += 0.5 * (p[i].ux * p[i].ux + p[i].uy * p[i].uy + p[i].uz * p[i].uz);
	MPI_Allreduce(&e, &g, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
	return g;
}
static void wr(int fd, const void *b, size_t n) { if (write(fd, b, n) != (ssize_t)n) { perror("write"); MPI_Abort(MPI_COMM_WORLD, 1); } }
static void mkd(const char *d) { mkdir(d, 0755); }

static void field_dump(const char *dir, int step, float *f, long nc)
{
	char fn[512]; MPI_File fh;
	snprintf(fn, sizeof fn, "%s/fields.%06d.bin", dir, step);
	MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	MPI_File_write_at_all(fh, (MPI_Offset)rank * nc * 6 * sizeof(float), f, (int)(nc * 6), MPI_FLOAT, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
	if (getenv("COMPUTE")) compute = atoi(getenv("COMPUTE"));
	const char *mode = argv[1];
	char fn[512];
	if (!strcmp(mode, "gen")) {
		long n = atol(argv[3]); part_t *p = malloc(n * sizeof *p); init_parts(p, n, 0);
		FILE *f = fopen(argv[2], "wb"); fwrite(p, sizeof *p, n, f); fclose(f);
		f = fopen(argv[4], "w"); fprintf(f, "# particle dump\nnpart %ld\nrecord 32\nspecies electron\ntime 1.25e-12\n", n); fclose(f);
	} else if (!strcmp(mode, "vpic") || !strcmp(mode, "warpx")) {
		const char *dir = argv[2]; int steps = atoi(argv[3]), every = atoi(argv[4]);
		long np = atol(argv[5]), nc = atol(argv[6]);
		int warpx = !strcmp(mode, "warpx");
		long myn[2]; part_t *sp[2]; float *f = calloc(nc * 6, sizeof(float));
		for (int s = 0; s < 2; s++) {
			/* warpx: density gradient, 5-20 % more or less a rank; vpic: even */
			myn[s] = warpx ? (long)(np * (0.6 + 0.8 * rank / (double)(nprocs - 1))) : np;
			sp[s] = malloc(myn[s] * sizeof(part_t)); init_parts(sp[s], myn[s], s);
		}
		const char *spn[2] = { "electron", "ion" };
		FILE *en = NULL;
		if (rank == 0) { snprintf(fn, sizeof fn, "%s/energies.txt", dir); en = fopen(fn, "w"); fprintf(en, "# step time ke_e ke_i field\n"); }
		for (int t = 1; t <= steps; t++) {
			for (int s = 0; s < 2; s++) push(sp[s], myn[s], f, nc, compute);
			double ke0 = energy(sp[0], myn[0]), ke1 = energy(sp[1], myn[1]);
			if (rank == 0) fprintf(en, "%d %.6e %.10e %.10e %.10e\n", t, t * 1.25e-15, ke0, ke1, (double)f[0]);
			if (t % every) continue;
			if (warpx && getenv("ONEFILE")) { /* one file a dump: fields, then electrons, then ions */
				MPI_File fh; long off[2] = {0, 0}, tot[2]; snprintf(fn, sizeof fn, "%s/dump.%06d.bin", dir, t);
				MPI_Exscan(myn, off, 2, MPI_LONG, MPI_SUM, MPI_COMM_WORLD); if (rank == 0) off[0] = off[1] = 0;
				MPI_Allreduce(myn, tot, 2, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
				MPI_Offset fb = (MPI_Offset)nprocs * nc * 24;
				MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
				MPI_File_write_at_all(fh, (MPI_Offset)rank * nc * 24, f, (int)(nc * 6), MPI_FLOAT, MPI_STATUS_IGNORE);
				MPI_File_write_at_all(fh, fb + off[0] * 32, sp[0], (int)(myn[0] * 32), MPI_BYTE, MPI_STATUS_IGNORE);
				MPI_File_write_at_all(fh, fb + (tot[0] + off[1]) * 32, sp[1], (int)(myn[1] * 32), MPI_BYTE, MPI_STATUS_IGNORE);
				MPI_File_close(&fh);
				continue;
			}
			field_dump(dir, t, f, nc);
			for (int s = 0; s < 2; s++) {
				if (!warpx) { /* VPIC: one file per rank per species per dump, a header then the particles */
					snprintf(fn, sizeof fn, "%s/T.%d", dir, t); if (rank == 0) mkd(fn);
					MPI_Barrier(MPI_COMM_WORLD);
					snprintf(fn, sizeof fn, "%s/T.%d/%s.%d.%d", dir, t, spn[s], t, rank);
					int fd = open(fn, O_WRONLY | O_CREAT | O_TRUNC, 0644);
					char hdr[64] = "VPIC particle v1"; memcpy(hdr + 32, &myn[s], sizeof(long));
					wr(fd, hdr, 64); wr(fd, sp[s], myn[s] * sizeof(part_t)); close(fd);
				} else { /* WarpX-like: one shared file per species per dump */
					long off = 0; MPI_Exscan(&myn[s], &off, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD); if (rank == 0) off = 0;
					MPI_File fh; snprintf(fn, sizeof fn, "%s/%s.%06d.bin", dir, spn[s], t);
					MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
					MPI_File_write_at_all(fh, off * 32, sp[s], (int)(myn[s] * 32), MPI_BYTE, MPI_STATUS_IGNORE);
					MPI_File_close(&fh);
				}
			}
		}
		if (warpx) { /* restart checkpoint: fields then both species, collective, synced once */
			long n = myn[0] + myn[1], off = 0, tot; MPI_Exscan(&n, &off, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD); if (rank == 0) off = 0;
			MPI_Allreduce(&n, &tot, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
			MPI_File fh; snprintf(fn, sizeof fn, "%s/checkpoint.bin", dir);
			MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
			MPI_Offset fb = (MPI_Offset)nprocs * nc * 24;
			MPI_File_write_at_all(fh, (MPI_Offset)rank * nc * 24, f, (int)(nc * 6), MPI_FLOAT, MPI_STATUS_IGNORE);
			MPI_File_write_at_all(fh, fb + off * 32, sp[0], (int)(myn[0] * 32), MPI_BYTE, MPI_STATUS_IGNORE);
			MPI_File_write_at_all(fh, fb + (off + myn[0]) * 32, sp[1], (int)(myn[1] * 32), MPI_BYTE, MPI_STATUS_IGNORE);
			MPI_File_sync(fh); MPI_File_close(&fh);
		}
		if (rank == 0) { fclose(en); printf("%s: %d steps, dump every %d, %ld particles a species a rank, %ld cells a rank\n", mode, steps, every, np, nc); }
	} else if (!strcmp(mode, "reader")) {
		long ntot = 0; char line[256];
		if (rank == 0) { FILE *h = fopen(argv[3], "r"); while (fgets(line, sizeof line, h)) sscanf(line, "npart %ld", &ntot); fclose(h); }
		MPI_Bcast(&ntot, 1, MPI_LONG, 0, MPI_COMM_WORLD);
		long n = ntot / nprocs, off = rank * n; if (rank == nprocs - 1) n = ntot - off;
		part_t *p = malloc(n * sizeof *p); MPI_File fh;
		MPI_File_open(MPI_COMM_WORLD, argv[2], MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
		MPI_File_read_at_all(fh, off * 32, p, (int)(n * 32), MPI_BYTE, MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
		enum { NB = 256 }; long h[NB] = {0}, g[NB];
		for (int r = 0; r < compute; r++) for (long i = 0; i < n; i++) {
			double e = 0.5 * (p[i].ux * p[i].ux + p[i].uy * p[i].uy + p[i].uz * p[i].uz) + 1e-9 * r * sin(p[i].x * r);
			int b = (int)(sqrt(e) * 2000); if (b >= NB) b = NB - 1; if (r == 0) h[b]++; sink += e;
		}
		MPI_Reduce(h, g, NB, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
		if (rank == 0) { FILE *o = fopen(argv[4], "w"); for (int b = 0; b < NB; b++) fprintf(o, "%g %ld\n", b / 2000.0, g[b]); fclose(o);
			printf("reader: %ld particles, sink %g\n", ntot, sink); }
	} else if (!strcmp(mode, "smallpart")) {
		const char *dir = argv[2]; int steps = atoi(argv[3]), every = atoi(argv[4]); long np = atol(argv[5]);
		int slab = !strcmp(argv[6], "slab"); long nc = 4096;
		part_t *p = malloc(np * sizeof *p); init_parts(p, np, 0); float *f = calloc(nc * 6, sizeof(float));
		for (int t = 1; t <= steps; t++) {
			push(p, np, f, nc, compute); energy(p, np);
			if (t % every) continue;
			MPI_File fh; snprintf(fn, sizeof fn, "%s/electron.%06d.bin", dir, t);
			MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
			MPI_Offset base = (MPI_Offset)rank * np * 32;
			if (slab) MPI_File_write_at_all(fh, base, p, (int)(np * 32), MPI_BYTE, MPI_STATUS_IGNORE);
			else for (long i = 0; i < np; i++) MPI_File_write_at(fh, base + i * 32, &p[i], 32, MPI_BYTE, MPI_STATUS_IGNORE);
			MPI_File_close(&fh);
		}
		if (rank == 0) printf("smallpart(%s): %d steps, every %d, %ld particles a rank\n", argv[6], steps, every, np);
	} else if (!strcmp(mode, "fieldascii")) {
		const char *dir = argv[2]; int steps = atoi(argv[3]), every = atoi(argv[4]); long nc = atol(argv[5]);
		int bin = !strcmp(argv[6], "binary"); long np = 20000;
		part_t *p = malloc(np * sizeof *p); init_parts(p, np, 0); float *f = calloc(nc * 6, sizeof(float));
		float *all = rank == 0 ? malloc((size_t)nprocs * nc * 6 * sizeof(float)) : NULL;
		for (int t = 1; t <= steps; t++) {
			push(p, np, f, nc, compute); energy(p, np);
			if (t % every) continue;
			if (bin) { field_dump(dir, t, f, nc); continue; }
			MPI_Gather(f, (int)(nc * 6), MPI_FLOAT, all, (int)(nc * 6), MPI_FLOAT, 0, MPI_COMM_WORLD);
			if (rank == 0) {
				snprintf(fn, sizeof fn, "%s/fields.%06d.txt", dir, t); FILE *o = fopen(fn, "w");
				fprintf(o, "# ex ey ez bx by bz, %ld cells\n", nprocs * nc);
				for (long c = 0; c < nprocs * nc; c++) { float *v = all + 6 * c;
					fprintf(o, "%.8e %.8e %.8e %.8e %.8e %.8e\n", v[0], v[1], v[2], v[3], v[4], v[5]); }
				fclose(o);
			}
		}
		if (rank == 0) printf("fieldascii(%s): %d steps, every %d, %ld cells a rank\n", argv[6], steps, every, nc);
	} else if (!strcmp(mode, "tracer")) {
		const char *dir = argv[2]; int steps = atoi(argv[3]); long ntr = atol(argv[4]); int perfile = !strcmp(argv[5], "file"), buf = !strcmp(argv[5], "buf");
		long np = 20000, nc = 4096; part_t *sp[2]; float *f = calloc(nc * 6, sizeof(float));
		for (int s = 0; s < 2; s++) { sp[s] = malloc(np * sizeof(part_t)); init_parts(sp[s], np, s); }
		const char *spn[2] = { "electron", "ion" }; int fds[2] = { -1, -1 };
		part_t *tb[2] = { malloc(10 * ntr * sizeof(part_t)), malloc(10 * ntr * sizeof(part_t)) }; int nb = 0;
		for (int t = 1; t <= steps; t++) {
			for (int s = 0; s < 2; s++) push(sp[s], np, f, nc, compute);
			energy(sp[0], np);
			for (int s = 0; s < 2; s++) {
				if (perfile) { snprintf(fn, sizeof fn, "%s/tracer.%s.%d.%05d", dir, spn[s], rank, t); fds[s] = open(fn, O_WRONLY | O_CREAT | O_TRUNC, 0644); }
				else if (fds[s] < 0) { snprintf(fn, sizeof fn, "%s/tracer.%s.%d", dir, spn[s], rank); fds[s] = open(fn, O_WRONLY | O_CREAT | O_TRUNC, 0644); }
				if (buf) { memcpy(tb[s] + nb * ntr, sp[s], ntr * sizeof(part_t));
					if (nb == 9 || t == steps) wr(fds[s], tb[s], (nb + 1) * ntr * sizeof(part_t)); }
				else wr(fds[s], sp[s], ntr * sizeof(part_t)); /* the first NTR particles are the tracked ones */
				if (perfile) { close(fds[s]); fds[s] = -1; }
			}
			if (buf) nb = (nb + 1) % 10;
		}
		for (int s = 0; s < 2; s++) if (fds[s] >= 0) close(fds[s]);
		if (rank == 0) printf("tracer(%s): %d steps, %ld tracked a species a rank\n", argv[5], steps, ntr);
	}
	MPI_Finalize();
	return 0;
}
