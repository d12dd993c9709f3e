/* Round 187 (labels187): cosmology N-body and halo-finder I/O. Snapshot dumps, particle output, halo catalogues,
 * merger-tree post-processing. A particle is pos 3 floats + vel 3 floats + an 8-B id = 32 B (Gadget-like blocks
 * POS, VEL, ID after a 256-B header). A halo catalogue record is 64 B. Modes:
 *   gen SNAP NPART                make a snapshot (outside Darshan): 256-B header + POS + VEL + ID blocks
 *   gencat DIR NSNAP NHALO        make NSNAP halo catalogues DIR/cat_NNN.bin of NHALO 64-B records (outside Darshan)
 *   drop FILE                     drop FILE from the page cache
 *   nbody DIR NSTEP NSNAP NPART   N-body run, NPART particles a rank; NSNAP snapshot dumps to one shared file each
 *                                 (rank 0 writes the header, all ranks their slices with MPI_File_write_at_all);
 *                                 rank 0 appends one timings line a step (fprintf)
 *   fof PARAM SNAP OUT cat|halo|rank   FoF halo finder: every rank reads PARAM (fgets) and its slice of SNAP
 *                                 (MPI_File_read_at_all), finds groups; cat: rank 0 gathers the catalogue and writes it
 *                                 (one fwrite) plus an ASCII summary (fprintf); halo: each rank writes one file per
 *                                 halo of its particle ids (OUT/groups_000/halo_NNNNN.ids); rank: one ids file a rank
 *   tree CATDIR NSNAP OUT         serial merger-tree builder (no MPI): for each pair (s, s+1) reads both catalogues
 *                                 record by record (fread of 64 B; env TREEBULK: one fread a catalogue), matches halos,
 *                                 writes one block of links a pair
 *   lightcone DIR NSTEP NPART fsync|plain   N-body steps; each step every rank appends the particles that crossed
 *                                 the light cone to its own file (write); fsync: fsync after every append
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/types.h>

typedef struct { long id; float mass, pos[3], vel[3]; int npart, desc; char pad[64 - 8 - 28 - 8]; } halo_t;
static int rank = 0, np = 1;
static double sink;
static void work(long n) { double s = 0; for (long i = 1; i <= n; i++) s += sin(i * 1e-3) * 1e-6; sink += s; }
static long cu(void) { char *c = getenv("COMPUTE"); return c ? atol(c) : 1; }
static void die(const char *m) { perror(m); if (np > 1) MPI_Abort(MPI_COMM_WORLD, 1); exit(1); }

static void gen(const char *fn, long n) {
	FILE *f = fopen(fn, "w"); if (!f) die(fn); char hdr[256] = {0}; memcpy(hdr, &n, 8); fwrite(hdr, 1, 256, f);
	float *b = malloc(n * 12); for (long i = 0; i < n * 3; i++) b[i] = fmod(i * 0.618034, 1000.0); fwrite(b, 12, n, f);
	for (long i = 0; i < n * 3; i++) b[i] = sin(i * 1e-3) * 300; fwrite(b, 12, n, f); free(b);
	long *id = malloc(n * 8); for (long i = 0; i < n; i++) id[i] = i; fwrite(id, 8, n, f); fclose(f);
}

int main(int argc, char **argv) {
	const char *mode = argc > 1 ? argv[1] : "";
	if (!strcmp(mode, "gen")) { gen(argv[2], atol(argv[3])); return 0; }
	if (!strcmp(mode, "gencat")) {
		int ns = atoi(argv[3]); long nh = atol(argv[4]); halo_t *h = calloc(nh, sizeof *h); char fn[512];
		for (int s = 0; s < ns; s++) {
			for (long i = 0; i < nh; i++) { h[i].id = s * nh + i; h[i].mass = 1e10 * (1 + i % 97); h[i].npart = 20 + i % 500;
				h[i].desc = (i * 7 + s) % nh; for (int k = 0; k < 3; k++) { h[i].pos[k] = fmod(i * 0.37 + k, 500); h[i].vel[k] = k; } }
			snprintf(fn, sizeof fn, "%s/cat_%03d.bin", argv[2], s); FILE *f = fopen(fn, "w"); if (!f) die(fn);
			fwrite(&nh, 8, 1, f); fwrite(h, sizeof *h, nh, f); fclose(f);
		}
		return 0;
	}
	if (!strcmp(mode, "drop")) { int fd = open(argv[2], O_RDONLY); fdatasync(fd); posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); close(fd); return 0; }
	if (!strcmp(mode, "tree")) { /* serial post-processing, no MPI */
		const char *dir = argv[2], *out = argv[4]; int ns = atoi(argv[3]); char fn[512];
		FILE *o = fopen(out, "w"); if (!o) die(out);
		long nlinks = 0;
		for (int s = 0; s + 1 < ns; s++) {
			halo_t *c[2]; long n[2];
			for (int k = 0; k < 2; k++) {
				snprintf(fn, sizeof fn, "%s/cat_%03d.bin", dir, s + k); FILE *f = fopen(fn, "r"); if (!f) die(fn);
				if (fread(&n[k], 8, 1, f) != 1) die("hdr"); c[k] = malloc(n[k] * sizeof(halo_t));
				if (getenv("TREEBULK")) { if (fread(c[k], sizeof(halo_t), n[k], f) != (size_t)n[k]) die("cat"); } /* twin: one fread */
				else for (long i = 0; i < n[k]; i++) if (fread(&c[k][i], sizeof(halo_t), 1, f) != 1) die("rec"); /* record by record */
				fclose(f);
			}
			long *link = malloc(n[0] * 2 * sizeof(long));
			for (long i = 0; i < n[0]; i++) { long d = c[0][i].desc % n[1]; link[2 * i] = c[0][i].id; link[2 * i + 1] = c[1][d].id; work(cu() * 40); }
			fwrite(link, 2 * sizeof(long), n[0], o); nlinks += n[0];
			printf("pair %d-%d: %ld links\n", s, s + 1, n[0]); fflush(stdout);
			free(link); free(c[0]); free(c[1]);
		}
		fclose(o); printf("tree: %d snapshots, %ld links, sink %.3g\n", ns, nlinks, sink); return 0;
	}
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	long c = cu(); char fn[512];
	if (!strcmp(mode, "nbody")) {
		const char *dir = argv[2]; int nstep = atoi(argv[3]), nsnap = atoi(argv[4]); long n = atol(argv[5]), ntot = n * np;
		float *pos = malloc(n * 12), *vel = malloc(n * 12); long *id = malloc(n * 8);
		for (long i = 0; i < n; i++) { id[i] = rank * n + i; for (int k = 0; k < 3; k++) { pos[3 * i + k] = fmod(i * 0.1 + k, 1000); vel[3 * i + k] = k; } }
		FILE *tl = NULL;
		if (rank == 0) { snprintf(fn, sizeof fn, "%s/timings.txt", dir); tl = fopen(fn, "w"); if (!tl) die(fn); }
		int every = nstep / nsnap, isnap = 0;
		for (int s = 1; s <= nstep; s++) {
			double t0 = MPI_Wtime(); work(c * 2000); /* PM force + kick-drift */
			for (long i = 0; i < n * 3; i++) pos[i] += 1e-4f * vel[i];
			double e = pos[rank], g; MPI_Allreduce(&e, &g, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
			if (rank == 0) fprintf(tl, "Step %d, Time: %.6f, CPU: %.4f, Systemstep: %.6g, Dloga: %.6g\n", s, 0.02 + s * 1e-3, MPI_Wtime() - t0, 1e-3, 1e-3);
			if (s % every == 0) {
				snprintf(fn, sizeof fn, "%s/snapshot_%03d", dir, isnap++);
				MPI_File fh; MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
				if (rank == 0) { char hdr[256] = {0}; memcpy(hdr, &ntot, 8); MPI_File_write_at(fh, 0, hdr, 256, MPI_BYTE, MPI_STATUS_IGNORE); }
				MPI_Offset o = 256 + (MPI_Offset)rank * n * 12;
				MPI_File_write_at_all(fh, o, pos, n * 3, MPI_FLOAT, MPI_STATUS_IGNORE);
				MPI_File_write_at_all(fh, o + ntot * 12, vel, n * 3, MPI_FLOAT, MPI_STATUS_IGNORE);
				MPI_File_write_at_all(fh, 256 + ntot * 24 + (MPI_Offset)rank * n * 8, id, n, MPI_LONG, MPI_STATUS_IGNORE);
				MPI_File_close(&fh);
			}
		}
		if (rank == 0) { fclose(tl); printf("nbody: %d steps, %d snapshots of %ld particles, sink %.3g\n", nstep, nsnap, ntot, sink); }
	} else if (!strcmp(mode, "fof")) {
		const char *par = argv[2], *snap = argv[3], *out = argv[4], *how = argv[5];
		FILE *pf = fopen(par, "r"); if (!pf) die(par); char line[256]; double ll = 0.2; int nl = 0;
		while (fgets(line, sizeof line, pf)) { nl++; if (!strncmp(line, "LinkingLength", 13)) ll = atof(line + 14); } fclose(pf);
		MPI_File fh; MPI_File_open(MPI_COMM_WORLD, snap, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
		long ntot; MPI_File_read_at_all(fh, 0, &ntot, 1, MPI_LONG, MPI_STATUS_IGNORE);
		long n = ntot / np, first = rank * n; if (rank == np - 1) n = ntot - first;
		float *pos = malloc(n * 12), *vel = malloc(n * 12); long *id = malloc(n * 8);
		MPI_File_read_at_all(fh, 256 + first * 12, pos, n * 3, MPI_FLOAT, MPI_STATUS_IGNORE);
		MPI_File_read_at_all(fh, 256 + ntot * 12 + first * 12, vel, n * 3, MPI_FLOAT, MPI_STATUS_IGNORE);
		MPI_File_read_at_all(fh, 256 + ntot * 24 + first * 8, id, n, MPI_LONG, MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
		/* linking: cost grows with the particles; groups of 20-219 particles, a quarter of the particles in groups */
		work(c * n / 4);
		int nh = 0; long used = 0; int cap = 100000; halo_t *h = calloc(cap, sizeof *h); int *start = malloc(cap * sizeof(int));
		while (nh < cap) { int m = 20 + (int)((nh * 7919L + rank * 31) % 200); if (used + m > n / 4) break;
			h[nh].id = first + used; h[nh].npart = m; h[nh].mass = m * 1e10f * ll; for (int k = 0; k < 3; k++) { h[nh].pos[k] = pos[3 * used + k]; h[nh].vel[k] = vel[3 * used + k]; }
			start[nh] = used; used += m; nh++; }
		if (!strcmp(how, "cat")) {
			int *cnt = NULL, *dis = NULL, tot = 0; if (rank == 0) { cnt = malloc(np * sizeof(int)); dis = malloc(np * sizeof(int)); }
			int nb = nh * sizeof(halo_t); MPI_Gather(&nb, 1, MPI_INT, cnt, 1, MPI_INT, 0, MPI_COMM_WORLD);
			halo_t *all = NULL;
			if (rank == 0) { for (int r = 0; r < np; r++) { dis[r] = tot; tot += cnt[r]; } all = malloc(tot); }
			MPI_Gatherv(h, nb, MPI_BYTE, all, cnt, dis, MPI_BYTE, 0, MPI_COMM_WORLD);
			if (rank == 0) {
				long nall = tot / sizeof(halo_t);
				snprintf(fn, sizeof fn, "%s/fof_tab_000.bin", out); FILE *f = fopen(fn, "w"); if (!f) die(fn);
				fwrite(&nall, 8, 1, f); fwrite(all, sizeof(halo_t), nall, f); fclose(f);
				snprintf(fn, sizeof fn, "%s/fof_summary_000.txt", out); f = fopen(fn, "w"); if (!f) die(fn);
				fprintf(f, "# id npart mass x y z vx vy vz\n");
				for (long i = 0; i < nall && i < 1000; i++) fprintf(f, "%ld %d %.5e %.4f %.4f %.4f %.3f %.3f %.3f\n", all[i].id, all[i].npart,
					all[i].mass, all[i].pos[0], all[i].pos[1], all[i].pos[2], all[i].vel[0], all[i].vel[1], all[i].vel[2]);
				fclose(f); printf("fof(cat): %ld halos from %ld particles, %d param lines, sink %.3g\n", nall, ntot, nl, sink);
			}
		} else if (!strcmp(how, "halo")) { /* one file per halo: the storm */
			snprintf(fn, sizeof fn, "%s/groups_000", out); if (rank == 0) mkdir(fn, 0755); MPI_Barrier(MPI_COMM_WORLD);
			for (int i = 0; i < nh; i++) {
				snprintf(fn, sizeof fn, "%s/groups_000/halo_%07ld.ids", out, h[i].id);
				int fd = open(fn, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (fd < 0) die(fn);
				long m = h[i].npart; if (write(fd, &m, 8) != 8 || write(fd, id + start[i], m * 8) != m * 8) die("write"); close(fd);
			}
			MPI_Barrier(MPI_COMM_WORLD); if (rank == 0) printf("fof(halo): %d halos on rank 0, sink %.3g\n", nh, sink);
		} else { /* one file a rank: offset table + ids */
			snprintf(fn, sizeof fn, "%s/groups_000", out); if (rank == 0) mkdir(fn, 0755); MPI_Barrier(MPI_COMM_WORLD);
			snprintf(fn, sizeof fn, "%s/groups_000/fof_ids_000.%d", out, rank);
			int fd = open(fn, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (fd < 0) die(fn);
			long *tab = malloc((2 * nh + 1) * 8); tab[0] = nh; for (int i = 0; i < nh; i++) { tab[1 + 2 * i] = h[i].id; tab[2 + 2 * i] = h[i].npart; }
			if (write(fd, tab, (2 * nh + 1) * 8) < 0 || write(fd, id, used * 8) < 0) die("write"); close(fd);
			MPI_Barrier(MPI_COMM_WORLD); if (rank == 0) printf("fof(rank): %d halos on rank 0, sink %.3g\n", nh, sink);
		}
	} else if (!strcmp(mode, "lightcone")) {
		const char *dir = argv[2]; int nstep = atoi(argv[3]); long n = atol(argv[4]); int dosync = !strcmp(argv[5], "fsync");
		float *p = malloc(n * 32);
		for (long i = 0; i < n * 8; i++) p[i] = fmod(i * 0.37, 100);
		snprintf(fn, sizeof fn, "%s/lightcone_%03d.bin", dir, rank);
		int fd = open(fn, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (fd < 0) die(fn);
		long tot = 0;
		for (int s = 1; s <= nstep; s++) {
			work(c * 200);
			double e = p[s % n], g; MPI_Allreduce(&e, &g, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
			long k = 64 + (s * 37 + rank * 11) % 128; /* particles crossing the cone this step */
			if (write(fd, p + (s % 64) * 8, k * 32) != k * 32) die("write"); tot += k;
			if (dosync) fsync(fd);
		}
		fsync(fd); close(fd);
		if (rank == 0) printf("lightcone(%s): %d steps, %ld particles on rank 0, sink %.3g\n", argv[5], nstep, tot, sink);
	}
	MPI_Finalize();
	return 0;
}
