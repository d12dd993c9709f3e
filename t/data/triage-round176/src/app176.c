/* app176.c: round 176 (labels176), sequence database search (BLAST/DIAMOND/MMseqs2-like) I/O patterns.
 * Modes (argv[1]):
 *   gen FILE MIB                         make an input file of MIB MiB of pseudo-sequence bytes (outside Darshan)
 *   search IDX QRY VOL SPILLDIR OUT NHITS  every rank reads the whole DB index (2 MiB preads) and the query file,
 *                                        its contiguous part of the sequence volume in 1 MiB preads; "aligns";
 *                                        writes NHITS tabular hit lines (fprintf) to its spill file in SPILLDIR,
 *                                        reads them back once (merge step) and all ranks write the merged hits to
 *                                        OUT with MPI_File_write_at_all; rank 0 keeps a small fprintf log
 *   volumes DBDIR OUTDIR                 rank r reads volume DBDIR/db.RR whole in 4 MiB reads, "aligns" in
 *                                        proportion to its bytes, writes its results in one write to its own file;
 *                                        rank 0 writes a small fprintf log
 *   qstorm QRY DIR NQ NB file|rank       rank reads its slice of the query file; NB batches of NQ queries a rank;
 *                                        file: one result file per query (open/write/close); rank: one file per
 *                                        rank per batch, one write
 *   master IDX QRY VOL OUT root|all      mpiBLAST-like master/worker: root: rank 0 reads the index, the queries and
 *                                        the whole volume (4 MiB preads), scatters the volume's parts and
 *                                        broadcasts index and queries; all: every rank reads them itself (index,
 *                                        queries whole, its part of the volume); "align"; hits gathered to rank 0,
 *                                        which writes the merged report with fwrite through a 1 MiB stdio buffer
 *   resume QRY DIR NQ query|end          restartable search: rank reads its slice of the query file, appends each
 *                                        query's hits to its own result file (one write a query); query: fsync
 *                                        after every query (so --resume can skip done queries); end: one fsync at end
 *   reread VOL OUTDIR NB reread|once     NB query batches; reread: every batch re-reads the rank's DB partition
 *                                        from disk in 1 MiB preads (DB block larger than the memory limit;
 *                                        posix_fadvise DONTNEED after each pass stands for the memory pressure);
 *                                        once: read the partition once and keep it; one result write a batch
 * COMPUTE (env, default 10): units of toy alignment work per step. */
#define _GNU_SOURCE
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

static int rank, np;
static double sink;
static double cu(void) { const char *e = getenv("COMPUTE"); return e ? atof(e) : 10; }
static void work(double units, const unsigned char *b, size_t n)
{
	double s = 0; long it = (long)(units * 200000);
	for (long i = 0; i < it; i++) s += (b && n ? b[(i * 7919) % n] : 1) * 1e-9 + s * 1e-12;
	sink += s;
}
static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); }
static off_t fsz(int fd) { struct stat st; fstat(fd, &st); return st.st_size; }
static void readall(int fd, unsigned char *b, off_t off, size_t n, size_t chunk)
{
	size_t d = 0;
	while (d < n) { size_t c = n - d < chunk ? n - d : chunk; ssize_t r = pread(fd, b + d, c, off + d);
		if (r <= 0) die("pread"); d += r; }
}
static int hitline(char *o, int q, int s, unsigned seed)
{
	return sprintf(o, "q%06d\ts%08d\t%.2f\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%.1e\t%.1f\n", q, s, 30 + (seed % 7000) / 100.0,
		50 + seed % 400, seed % 40, seed % 5, 1 + seed % 20, 200 + seed % 300, 1 + seed % 900, 300 + seed % 900,
		1e-5 / (1 + seed % 1000), 40 + (seed % 9000) / 10.0);
}

int main(int argc, char **argv)
{
	if (argc > 3 && !strcmp(argv[1], "gen")) {
		size_t n = (size_t)atol(argv[3]) << 20; unsigned char *b = malloc(n); unsigned x = 12345;
		for (size_t i = 0; i < n; i++) { x = x * 1103515245 + 12345; b[i] = "ACDEFGHIKLMNPQRSTVWY"[(x >> 16) % 20]; }
		FILE *f = fopen(argv[2], "w"); fwrite(b, 1, n, f); fclose(f); return 0;
	}
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	const char *m = argc > 1 ? argv[1] : "";
	double t0 = MPI_Wtime(), C = cu();
	if (!strcmp(m, "search") && argc > 7) {
		FILE *lg = NULL; char p[512];
		if (!rank) { snprintf(p, sizeof p, "%s/search.log", argv[5]); lg = fopen(p, "w"); fprintf(lg, "search: %d ranks\n", np); }
		int fd = open(argv[2], O_RDONLY); if (fd < 0) die("idx"); size_t ni = fsz(fd);
		unsigned char *idx = malloc(ni); readall(fd, idx, 0, ni, 2 << 20); close(fd);
		fd = open(argv[3], O_RDONLY); if (fd < 0) die("qry"); size_t nq = fsz(fd);
		unsigned char *qry = malloc(nq); readall(fd, qry, 0, nq, nq); close(fd);
		fd = open(argv[4], O_RDONLY); if (fd < 0) die("vol"); size_t nv = fsz(fd), part = nv / np;
		unsigned char *vol = malloc(part); readall(fd, vol, (off_t)rank * part, part, 1 << 20); close(fd);
		if (lg) fprintf(lg, "db loaded: index %zu B, volume %zu B, %zu query bytes\n", ni, nv, nq);
		int nh = atoi(argv[7]);
		for (int b = 0; b < 8; b++) { work(C, vol, part); work(C / 4, idx, ni); if (lg) fprintf(lg, "batch %d done %.2f s\n", b, MPI_Wtime() - t0); }
		/* spill: this rank's hits, tabular, to the temp dir */
		snprintf(p, sizeof p, "%s/spill.%d", argv[5], rank);
		FILE *sp = fopen(p, "w"); if (!sp) die("spill"); char line[256];
		for (int i = 0; i < nh; i++) { hitline(line, rank * nh + i, (i * 7919 + rank) % 1000000, i * 2654435761u + rank); fputs(line, sp); }
		fclose(sp);
		/* merge: read the spill back once, write all ranks' hits to one result file collectively */
		sp = fopen(p, "r"); size_t cap = (size_t)nh * 128, len = 0; char *buf = malloc(cap);
		while (fgets(line, sizeof line, sp)) { size_t l = strlen(line); memcpy(buf + len, line, l); len += l; }
		fclose(sp); unlink(p);
		long long my = len, off = 0; MPI_Exscan(&my, &off, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD); if (!rank) off = 0;
		MPI_File fh; if (MPI_File_open(MPI_COMM_WORLD, argv[6], MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh)) die("out");
		MPI_File_write_at_all(fh, off, buf, (int)len, MPI_BYTE, MPI_STATUS_IGNORE); MPI_File_close(&fh);
		if (lg) { fprintf(lg, "merged: %.2f s\n", MPI_Wtime() - t0); fclose(lg); }
	} else if (!strcmp(m, "volumes") && argc > 3) {
		char p[512]; FILE *lg = NULL;
		if (!rank) { snprintf(p, sizeof p, "%s/volumes.log", argv[3]); lg = fopen(p, "w"); fprintf(lg, "volumes: %d ranks\n", np); }
		snprintf(p, sizeof p, "%s/db.%02d", argv[2], rank);
		int fd = open(p, O_RDONLY); if (fd < 0) die("vol"); size_t n = fsz(fd);
		unsigned char *v = malloc(n); readall(fd, v, 0, n, 4 << 20); close(fd);
		work(C * (double)n / (8 << 20), v, n);
		size_t on = n / 4; unsigned char *o = malloc(on); for (size_t i = 0; i < on; i++) o[i] = v[i * 4] ^ 0x55;
		snprintf(p, sizeof p, "%s/res.%02d", argv[3], rank);
		fd = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (fd < 0) die("res");
		if (write(fd, o, on) != (ssize_t)on) die("write"); close(fd);
		MPI_Barrier(MPI_COMM_WORLD);
		if (lg) { fprintf(lg, "done %.2f s\n", MPI_Wtime() - t0); fclose(lg); }
	} else if (!strcmp(m, "qstorm") && argc > 6) {
		int nq = atoi(argv[4]), nb = atoi(argv[5]), perfile = !strcmp(argv[6], "file"); char p[512];
		int fd = open(argv[2], O_RDONLY); if (fd < 0) die("qry"); size_t n = fsz(fd) / np;
		unsigned char *q = malloc(n); readall(fd, q, (off_t)rank * n, n, n); close(fd);
		char *buf = malloc((size_t)nq * 4096); char *one = malloc(4096);
		for (int b = 0; b < nb; b++) {
			size_t len = 0;
			for (int i = 0; i < nq; i++) {
				work(C / 10, q, n); int qi = (b * np + rank) * nq + i, l = 0;
				for (int h = 0; h < 12; h++) l += hitline(one + l, qi, (qi * 31 + h * 7919) % 1000000, qi * 2654435761u + h);
				if (perfile) {
					snprintf(p, sizeof p, "%s/q%06d.m8", argv[3], qi);
					int o = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (o < 0) die("open");
					if (write(o, one, l) != l) die("write"); close(o);
				} else { memcpy(buf + len, one, l); len += l; }
			}
			if (!perfile) {
				snprintf(p, sizeof p, "%s/batch%02d.r%02d.m8", argv[3], b, rank);
				int o = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (o < 0) die("open");
				if (write(o, buf, len) != (ssize_t)len) die("write"); close(o);
			}
			MPI_Barrier(MPI_COMM_WORLD);
		}
	} else if (!strcmp(m, "master") && argc > 6) {
		int root = !strcmp(argv[6], "root"); size_t ni = 0, nq = 0, nv = 0; unsigned char *idx, *qry, *vol = NULL, *part;
		if (!root || !rank) {
			int fd = open(argv[2], O_RDONLY); if (fd < 0) die("idx"); ni = fsz(fd); idx = malloc(ni); readall(fd, idx, 0, ni, 4 << 20); close(fd);
			fd = open(argv[3], O_RDONLY); if (fd < 0) die("qry"); nq = fsz(fd); qry = malloc(nq); readall(fd, qry, 0, nq, 4 << 20); close(fd);
		}
		unsigned long long sz[2] = { ni, nq }; if (root) MPI_Bcast(sz, 2, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
		ni = sz[0]; nq = sz[1];
		if (root && rank) { idx = malloc(ni); qry = malloc(nq); }
		if (root) { MPI_Bcast(idx, (int)ni, MPI_BYTE, 0, MPI_COMM_WORLD); MPI_Bcast(qry, (int)nq, MPI_BYTE, 0, MPI_COMM_WORLD); }
		int fd = -1;
		if (!root || !rank) { fd = open(argv[4], O_RDONLY); if (fd < 0) die("vol"); nv = fsz(fd); }
		unsigned long long v64 = nv; if (root) MPI_Bcast(&v64, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD); nv = v64;
		size_t pn = nv / np; part = malloc(pn);
		if (root) { if (!rank) { vol = malloc(nv); readall(fd, vol, 0, nv, 4 << 20); close(fd); }
			MPI_Scatter(vol, (int)pn, MPI_BYTE, part, (int)pn, MPI_BYTE, 0, MPI_COMM_WORLD); }
		else { readall(fd, part, (off_t)rank * pn, pn, 4 << 20); close(fd); }
		for (int b = 0; b < 8; b++) { work(C, part, pn); work(C / 4, idx, ni); work(C / 8, qry, nq); }
		size_t hn = 1 << 20; char *h = malloc(hn); memset(h, 'h', hn); char *all = NULL;
		if (!rank) all = malloc(hn * np);
		MPI_Gather(h, (int)hn, MPI_BYTE, all, (int)hn, MPI_BYTE, 0, MPI_COMM_WORLD);
		if (!rank) { FILE *f = fopen(argv[5], "w"); if (!f) die("out"); setvbuf(f, NULL, _IOFBF, 1 << 20);
			fwrite(all, 1, hn * np, f); fclose(f); }
	} else if (!strcmp(m, "resume") && argc > 5) {
		int nq = atoi(argv[4]), each = !strcmp(argv[5], "query"); char p[512], *one = malloc(4096);
		int fd = open(argv[2], O_RDONLY); if (fd < 0) die("qry"); size_t n = fsz(fd) / np;
		unsigned char *q = malloc(n); readall(fd, q, (off_t)rank * n, n, n); close(fd);
		snprintf(p, sizeof p, "%s/results.r%02d.m8", argv[3], rank);
		int o = open(p, O_CREAT | O_WRONLY | O_TRUNC | O_APPEND, 0644); if (o < 0) die("open");
		for (int i = 0; i < nq; i++) {
			work(C / 10, q, n); int qi = rank * nq + i, l = 0;
			for (int h = 0; h < 12; h++) l += hitline(one + l, qi, (qi * 31 + h * 7919) % 1000000, qi * 2654435761u + h);
			if (write(o, one, l) != l) die("write");
			if (each) fsync(o);
		}
		fsync(o); close(o);
		MPI_Barrier(MPI_COMM_WORLD);
	} else if (!strcmp(m, "reread") && argc > 5) {
		int nb = atoi(argv[4]), re = !strcmp(argv[5], "reread"); char p[512];
		int fd = -1; size_t nv = 0, part = 0; unsigned char *v = NULL;
		for (int b = 0; b < nb; b++) {
			if (b == 0 || re) {
				fd = open(argv[2], O_RDONLY); if (fd < 0) die("vol"); nv = fsz(fd); part = nv / np;
				if (!v) v = malloc(part);
				readall(fd, v, (off_t)rank * part, part, 1 << 20);
				if (re) posix_fadvise(fd, (off_t)rank * part, part, POSIX_FADV_DONTNEED);
				close(fd);
			}
			work(C, v, part);
			size_t on = 256 << 10; char *o = malloc(on); memset(o, 'h', on);
			snprintf(p, sizeof p, "%s/hits.b%02d.r%02d", argv[3], b, rank);
			int w = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (w < 0) die("res");
			if (write(w, o, on) != (ssize_t)on) die("write"); close(w); free(o);
			MPI_Barrier(MPI_COMM_WORLD);
		}
		if (!re) { /* the once mode leaves its pages cached: drop them so the next run starts cold too */
			fd = open(argv[2], O_RDONLY); posix_fadvise(fd, (off_t)rank * part, part, POSIX_FADV_DONTNEED); close(fd); }
	} else { if (!rank) fprintf(stderr, "usage: see source\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	double t = MPI_Wtime() - t0, tm; MPI_Reduce(&t, &tm, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	double s; MPI_Reduce(&sink, &s, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (!rank) printf("%s: %d ranks, %.2f s, sink %.3g\n", m, np, tm, s);
	MPI_Finalize();
	return 0;
}
