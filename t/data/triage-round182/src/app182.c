/* app182.c - round 182 (labels182): a toy LAMMPS-like MD engine's I/O.
 * gen FILE NATOMS             : write a LAMMPS-style text data file (not logged)
 * md DATA OUTDIR NSTEPS DUMPEVERY : rank 0 reads DATA in 1 MiB freads and MPI_Bcast's each chunk; every rank keeps its
 *   slice of atoms; NSTEPS steps of toy force compute (COMPUTE env: inner iterations); rank 0 appends a thermo line to
 *   OUTDIR/log.lammps every 10 steps (fprintf); every DUMPEVERY steps a dump, style from env DUMP:
 *     bin      : one binary file per dump step (dump.STEP.bin), MPI_File_write_at_all (header by rank 0)
 *     txtgather: one shared text file dump.atom, atoms MPI_Gatherv'ed to rank 0, fprintf one line per atom
 *     txtmpiio : the same text, each rank formats its lines, offsets by MPI_Exscan, MPI_File_write_at_all
 *     fileper  : a binary file per step per rank (dump.STEP.RANK): open, write, close
 *     rankfile : one binary file per rank (dump.RANK), appended each dump step
 *     rankbuf  : one binary file per rank (dump.RANK), dumps kept in memory and appended 50 dump steps at a time
 *   at the end a binary restart (restart.bin) with MPI_File_write_at_all unless NORESTART is set.
 *   RST=fsyncrec|once with RSTEVERY=K: besides, every K steps each rank writes its own restart file
 *   (restart.STEP.RANK: its atoms then velocities, 64 B an atom) in 64 KiB records; fsyncrec fsyncs after each record
 *   ("safe" restart writer), once fsyncs the file once before close. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <fcntl.h>
#include <unistd.h>
typedef struct { double id, type, x, y, z; } atom_t; /* 40 B, dump binary record */
static int rank, np;
static double sink;
int main(int argc, char **argv) {
	if (argc >= 4 && !strcmp(argv[1], "gen")) {
		long n = atol(argv[3]); FILE *f = fopen(argv[2], "w");
		fprintf(f, "LAMMPS data file (round 182)\n\n%ld atoms\n1 atom types\n\n0 100 xlo xhi\n0 100 ylo yhi\n0 100 zlo zhi\n\nAtoms # atomic\n\n", n);
		srand(182);
		for (long i = 0; i < n; i++) fprintf(f, "%ld 1 %.8f %.8f %.8f\n", i + 1, 100.0 * rand() / RAND_MAX, 100.0 * rand() / RAND_MAX, 100.0 * rand() / RAND_MAX);
		fclose(f); return 0;
	}
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 6) { if (!rank) fprintf(stderr, "usage\n"); MPI_Abort(MPI_COMM_WORLD, 1); }
	const char *data = argv[2], *out = argv[3]; int nsteps = atoi(argv[4]), every = atoi(argv[5]);
	const char *style = getenv("DUMP") ? getenv("DUMP") : "bin";
	int compute = getenv("COMPUTE") ? atoi(getenv("COMPUTE")) : 10;
	/* read the data file: rank 0 freads 1 MiB chunks, broadcast */
	long size = 0; char *buf = NULL;
	FILE *df = NULL;
	if (!rank) { df = fopen(data, "r"); fseek(df, 0, SEEK_END); size = ftell(df); fseek(df, 0, SEEK_SET); }
	MPI_Bcast(&size, 1, MPI_LONG, 0, MPI_COMM_WORLD);
	buf = malloc(size + 1);
	for (long off = 0; off < size; off += 1 << 20) {
		long n = size - off < (1 << 20) ? size - off : (1 << 20);
		if (!rank) fread(buf + off, 1, n, df);
		MPI_Bcast(buf + off, (int)n, MPI_CHAR, 0, MPI_COMM_WORLD);
	}
	if (!rank) fclose(df);
	buf[size] = 0;
	long natoms = atol(strstr(buf, "\n\n") + 2);
	long lo = natoms * rank / np, hi = natoms * (rank + 1) / np, nl = hi - lo;
	atom_t *a = malloc(sizeof(atom_t) * (nl ? nl : 1));
	double *v = calloc(3 * (nl ? nl : 1), sizeof(double));
	char *p = strstr(buf, "Atoms"); p = strchr(p, '\n') + 2;
	for (long i = 0; i < hi; i++) {
		if (i >= lo) { char *q; long id = strtol(p, &q, 10); int t = (int)strtol(q, &q, 10); /* not sscanf: glibc strlen()s the rest of the buffer each call */
			double x = strtod(q, &q), y = strtod(q, &q), z = strtod(q, &q);
			a[i - lo] = (atom_t){ id, t, x, y, z }; }
		p = strchr(p, '\n') + 1;
	}
	free(buf);
	FILE *log = NULL; char fn[4096];
	if (!rank) { snprintf(fn, sizeof fn, "%s/log.lammps", out); log = fopen(fn, "w");
		fprintf(log, "LAMMPS (toy, round 182)\n  %ld atoms, %d procs, dump %s every %d\nStep Temp E_pair TotEng Press\n", natoms, np, style, every); }
	FILE *txt = NULL; MPI_File tfh; MPI_Offset tbase = 0; int rfd = -1;
	if (!strcmp(style, "txtgather") && !rank) { snprintf(fn, sizeof fn, "%s/dump.atom", out); txt = fopen(fn, "w"); }
	if (!strcmp(style, "txtmpiio")) { snprintf(fn, sizeof fn, "%s/dump.atom", out);
		MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &tfh); }
	char *db = NULL; long dl = 0; int nb = 0;
	if (!strcmp(style, "rankbuf")) db = malloc(nl * sizeof(atom_t) * 50);
	if (!strcmp(style, "rankfile") || db) { snprintf(fn, sizeof fn, "%s/dump.%d", out, rank); rfd = open(fn, O_CREAT | O_WRONLY | O_TRUNC, 0644); }
	for (int step = 0; step <= nsteps; step++) {
		if (step) { double e = 0; /* toy force: a few flops a neighbour */
			for (long i = 0; i < nl; i++) { double fx = 0;
				for (int k = 0; k < compute; k++) fx += sin(a[i].x * (k + 1) + a[(i + k) % nl].y) * 1e-3;
				v[3 * i] += fx * 1e-3; a[i].x += v[3 * i] * 1e-3; e += fx * fx; }
			MPI_Allreduce(MPI_IN_PLACE, &e, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD); sink += e; }
		if (step % 10 == 0 && !rank) fprintf(log, "%8d %12.6f %12.6f %12.6f %12.6f\n", step, 1.0 + sink * 1e-6, -6.7 + sink * 1e-7, -5.2, 0.1 * step);
		if (getenv("RST") && step && step % atoi(getenv("RSTEVERY")) == 0) {
			int per = !strcmp(getenv("RST"), "fsyncrec"); snprintf(fn, sizeof fn, "%s/restart.%d.%d", out, step, rank);
			int fd = open(fn, O_CREAT | O_WRONLY | O_TRUNC, 0644); char *rb = malloc(nl * 64); long rl = 0;
			for (long i = 0; i < nl; i++) { memcpy(rb + rl, &a[i], 40); memcpy(rb + rl + 40, &v[3 * i], 24); rl += 64; }
			for (long o = 0; o < rl; o += 65536) { write(fd, rb + o, rl - o < 65536 ? rl - o : 65536); if (per) fsync(fd); }
			if (!per) fsync(fd);
			close(fd); free(rb);
		}
		if (step % every) continue;
		if (!strcmp(style, "bin")) {
			MPI_File fh; snprintf(fn, sizeof fn, "%s/dump.%d.bin", out, step);
			MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
			double hdr[4] = { step, natoms, 0, 100 };
			MPI_File_write_at_all(fh, 32 + lo * 40, a, (int)(nl * 5), MPI_DOUBLE, MPI_STATUS_IGNORE);
			if (!rank) MPI_File_write_at(fh, 0, hdr, 4, MPI_DOUBLE, MPI_STATUS_IGNORE);
			MPI_File_close(&fh);
		} else if (!strcmp(style, "txtgather")) {
			int *cnt = NULL, *dsp = NULL; atom_t *all = NULL; int mine = (int)(nl * 5);
			if (!rank) { cnt = malloc(np * sizeof(int)); dsp = malloc(np * sizeof(int)); all = malloc(natoms * sizeof(atom_t)); }
			MPI_Gather(&mine, 1, MPI_INT, cnt, 1, MPI_INT, 0, MPI_COMM_WORLD);
			if (!rank) for (int r = 0, s = 0; r < np; r++) { dsp[r] = s; s += cnt[r]; }
			MPI_Gatherv(a, mine, MPI_DOUBLE, all, cnt, dsp, MPI_DOUBLE, 0, MPI_COMM_WORLD);
			if (!rank) { fprintf(txt, "ITEM: TIMESTEP\n%d\nITEM: NUMBER OF ATOMS\n%ld\nITEM: BOX BOUNDS pp pp pp\n0 100\n0 100\n0 100\nITEM: ATOMS id type x y z\n", step, natoms);
				for (long i = 0; i < natoms; i++) fprintf(txt, "%.0f %.0f %.6f %.6f %.6f\n", all[i].id, all[i].type, all[i].x, all[i].y, all[i].z);
				free(cnt); free(dsp); free(all); }
		} else if (!strcmp(style, "txtmpiio")) {
			char *tb = malloc(nl * 64 + 256); long len = 0;
			if (!rank) len += sprintf(tb, "ITEM: TIMESTEP\n%d\nITEM: NUMBER OF ATOMS\n%ld\nITEM: BOX BOUNDS pp pp pp\n0 100\n0 100\n0 100\nITEM: ATOMS id type x y z\n", step, natoms);
			for (long i = 0; i < nl; i++) len += sprintf(tb + len, "%.0f %.0f %.6f %.6f %.6f\n", a[i].id, a[i].type, a[i].x, a[i].y, a[i].z);
			long off = 0, tot = 0; MPI_Exscan(&len, &off, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD); if (!rank) off = 0;
			MPI_Allreduce(&len, &tot, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
			MPI_File_write_at_all(tfh, tbase + off, tb, (int)len, MPI_CHAR, MPI_STATUS_IGNORE);
			tbase += tot; free(tb);
		} else if (!strcmp(style, "fileper")) {
			snprintf(fn, sizeof fn, "%s/dump.%d.%d", out, step, rank);
			int fd = open(fn, O_CREAT | O_WRONLY | O_TRUNC, 0644); write(fd, a, nl * sizeof(atom_t)); close(fd);
		} else if (!strcmp(style, "rankfile")) {
			write(rfd, a, nl * sizeof(atom_t));
		} else if (db) {
			memcpy(db + dl, a, nl * sizeof(atom_t)); dl += nl * sizeof(atom_t);
			if (++nb == 50 || step + every > nsteps) { write(rfd, db, dl); dl = 0; nb = 0; }
		}
	}
	if (txt) fclose(txt);
	if (!strcmp(style, "txtmpiio")) MPI_File_close(&tfh);
	if (rfd >= 0) close(rfd);
	if (!getenv("NORESTART")) {
		MPI_File fh; snprintf(fn, sizeof fn, "%s/restart.bin", out);
		MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
		MPI_File_write_at_all(fh, 64 + lo * 64, a, (int)(nl * 5), MPI_DOUBLE, MPI_STATUS_IGNORE);
		MPI_File_write_at_all(fh, 64 + lo * 64 + 40 * nl, v, (int)(nl * 3), MPI_DOUBLE, MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
	}
	if (!rank) { fprintf(log, "Loop time of %d steps, sink %g\nTotal wall time: done\n", nsteps, sink); fclose(log);
		printf("md(%s): %ld atoms, %d steps, dump every %d, sink %g\n", style, natoms, nsteps, every, sink); }
	MPI_Finalize(); return 0;
}
