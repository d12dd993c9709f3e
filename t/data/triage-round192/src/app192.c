/* Round 192 (labels192): graph analytics and data-shuffle jobs.
 * mpicc -O2 -Wall -o app192 app192.c
 * Modes (all under mpirun except gen):
 *   gen FILE NEDGES NV           binary edge list, 16 B an edge (u64 src, u64 dst), skewed (serial, outside Darshan)
 *   part EDGES OUTDIR NV ITERS   graph partitioner: collective read of each rank's slice (MPI_File_read_at_all),
 *                                label propagation (Allreduce), partition vector written collectively
 *                                (MPI_File_write_at_all); rank 0 fprintf a progress line an iteration
 *   edgeread EDGES OUTDIR NV CHUNK  graph loader: each rank preads its slice CHUNK bytes at a time, degree count,
 *                                Reduce to rank 0 which writes degrees.bin in one write
 *   bfstext EDGES OUTDIR NV ITERS NLINES  BFS-like relaxation (slice read in 1 MiB preads), each rank writes its
 *                                vertices' "vertex level parent" lines with fprintf to its own text file
 *                                (env STDIOBUF=bytes: setvbuf that size; default stdio's; STDIOBUF=bin: binary
 *                                level and parent arrays, one write() each, instead of text)
 *   sortmerge DIR NRUNS RUNKEYS BLK  external sort: each rank writes NRUNS sorted runs (one write each), k-way
 *                                merges them reading BLK-byte blocks, writes sorted-R.bin through a 1 MiB buffer
 *   shuffle DIR WAVES PARTS RECS MODE  map-reduce shuffle; MODE file: one spill file per mapper per wave per
 *                                partition; MODE index: one spill file per mapper per wave with an offset header
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

static uint64_t rng = 88172645463325252ULL;
static uint64_t xr(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }
static int rank, np;
static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); exit(1); }

static void gen(const char *f, long ne, long nv)
{
	FILE *o = fopen(f, "wb"); uint64_t e[2 * 4096]; long i = 0;
	if (!o) { perror(f); exit(1); }
	while (i < ne) {
		int k;
		for (k = 0; k < 4096 && i < ne; k++, i++) {
			uint64_t a = xr() % nv, b = xr() % nv;
			if (xr() % 4 == 0) a = a % (nv / 64); /* skew: a quarter of edges start at hubs */
			e[2 * k] = a; e[2 * k + 1] = b;
		}
		fwrite(e, 16, k, o);
	}
	fclose(o);
}

static long fsize(const char *f) { struct stat s; if (stat(f, &s)) die(f); return s.st_size; }

static void part(const char *edges, const char *out, long nv, int iters)
{
	long fs = fsize(edges), ne = fs / 16, per = ne / np, lo = rank * per, n = rank == np - 1 ? ne - lo : per, i;
	uint64_t *e = malloc(n * 16); int *lab = malloc(nv * sizeof(int)), *tmp = malloc(nv * sizeof(int));
	MPI_File fh; char p[512]; FILE *log = NULL; int it;
	MPI_File_open(MPI_COMM_WORLD, edges, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
	MPI_File_read_at_all(fh, lo * 16, e, n * 2, MPI_UINT64_T, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	if (rank == 0) { snprintf(p, sizeof p, "%s/part.log", out); log = fopen(p, "w"); }
	for (i = 0; i < nv; i++) lab[i] = i;
	for (it = 0; it < iters; it++) {
		long ch = 0;
		for (i = 0; i < n; i++) { int a = lab[e[2 * i]], b = lab[e[2 * i + 1]];
			if (a < b) { lab[e[2 * i + 1]] = a; ch++; } else if (b < a) { lab[e[2 * i]] = b; ch++; } }
		MPI_Allreduce(lab, tmp, nv, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
		memcpy(lab, tmp, nv * sizeof(int));
		MPI_Allreduce(MPI_IN_PLACE, &ch, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
		if (log) fprintf(log, "iter %d changed %ld\n", it, ch);
	}
	for (i = 0; i < nv; i++) lab[i] = lab[i] % (np * 16); /* partition id */
	snprintf(p, sizeof p, "%s/partition.bin", out);
	long vper = nv / np, vlo = rank * vper, vn = rank == np - 1 ? nv - vlo : vper;
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	MPI_File_write_at_all(fh, vlo * 4, lab + vlo, vn, MPI_INT, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	if (log) { fprintf(log, "done: %ld vertices, %d parts\n", nv, np * 16); fclose(log); }
	if (rank == 0) printf("part: %ld edges, %ld vertices, %d iters\n", ne, nv, iters);
}

static void edgeread(const char *edges, const char *out, long nv, long chunk)
{
	long fs = fsize(edges), per = fs / 16 / np * 16, lo = rank * per, n = rank == np - 1 ? fs - lo : per, off;
	char *buf = malloc(n); int *deg = calloc(nv, sizeof(int)), *all = rank == 0 ? calloc(nv, sizeof(int)) : NULL;
	int fd = open(edges, O_RDONLY); char p[512]; long i;
	if (fd < 0) die(edges);
	for (off = 0; off < n; off += chunk) {
		long c = n - off < chunk ? n - off : chunk;
		if (pread(fd, buf + off, c, lo + off) != c) die("pread");
	}
	close(fd);
	for (i = 0; i < n / 16; i++) { uint64_t *e = (uint64_t *)(buf + 16 * i); deg[e[0]]++; deg[e[1]]++; }
	MPI_Reduce(deg, all, nv, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) {
		snprintf(p, sizeof p, "%s/degrees.bin", out);
		fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0 || write(fd, all, nv * sizeof(int)) != (ssize_t)(nv * sizeof(int))) die(p);
		close(fd);
		printf("edgeread: %ld B a rank in %ld-B preads\n", n, chunk);
	}
}

static void bfstext(const char *edges, const char *out, long nv, int iters, long nlines)
{
	long fs = fsize(edges), per = fs / 16 / np * 16, lo = rank * per, n = rank == np - 1 ? fs - lo : per, off, i;
	char *buf = malloc(n); int *lev = malloc(nv * sizeof(int)), *par = malloc(nv * sizeof(int));
	int fd = open(edges, O_RDONLY), it; char p[512]; const char *sb = getenv("STDIOBUF");
	if (fd < 0) die(edges);
	for (off = 0; off < n; off += 1 << 20) {
		long c = n - off < (1 << 20) ? n - off : (1 << 20);
		if (pread(fd, buf + off, c, lo + off) != c) die("pread");
	}
	close(fd);
	for (i = 0; i < nv; i++) { lev[i] = i == 0 ? 0 : 1 << 30; par[i] = -1; }
	for (it = 0; it < iters; it++) {
		for (i = 0; i < n / 16; i++) { uint64_t *e = (uint64_t *)(buf + 16 * i);
			if (lev[e[0]] + 1 < lev[e[1]]) { lev[e[1]] = lev[e[0]] + 1; par[e[1]] = e[0]; }
			if (lev[e[1]] + 1 < lev[e[0]]) { lev[e[0]] = lev[e[1]] + 1; par[e[0]] = e[1]; } }
		MPI_Allreduce(MPI_IN_PLACE, lev, nv, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
	}
	snprintf(p, sizeof p, "%s/bfs-%05d.txt", out, rank);
	long vper = nv / np, vlo = rank * vper;
	if (sb && !strcmp(sb, "bin")) { /* binary output: the level and parent arrays of the same vertices, one write each */
		snprintf(p, sizeof p, "%s/bfs-%05d.bin", out, rank);
		int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644); long k = nlines < vper ? nlines : vper;
		if (fd < 0 || write(fd, lev + vlo, k * 4) != k * 4 || write(fd, par + vlo, k * 4) != k * 4) die(p);
		close(fd);
	} else {
		FILE *o = fopen(p, "w"); if (!o) die(p);
		if (sb) setvbuf(o, NULL, _IOFBF, atol(sb));
		for (i = 0; i < nlines; i++) { long v = vlo + i % vper; fprintf(o, "%ld %d %d\n", v, lev[v], par[v]); }
		fclose(o);
	}
	if (rank == 0) printf("bfstext: %d iters, %ld lines a rank, stdio buf %s\n", iters, nlines, sb ? sb : "default");
}

static int cmpu(const void *a, const void *b) { uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b; return x < y ? -1 : x > y; }

static void sortmerge(const char *dir, int nruns, long rk, long blk)
{
	uint64_t *run = malloc(rk * 8); char p[512]; int r, fds[64]; long i;
	rng += rank * 7919;
	for (r = 0; r < nruns; r++) {
		for (i = 0; i < rk; i++) run[i] = xr();
		qsort(run, rk, 8, cmpu);
		snprintf(p, sizeof p, "%s/run-%d-%d.bin", dir, rank, r);
		int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0 || write(fd, run, rk * 8) != rk * 8) die(p);
		close(fd);
	}
	/* k-way merge, BLK bytes a run buffered */
	long bk = blk / 8; uint64_t *ib = malloc(nruns * blk), *ob = malloc(1 << 20); long pos[64], cnt[64], left[64], ol = 0;
	for (r = 0; r < nruns; r++) { snprintf(p, sizeof p, "%s/run-%d-%d.bin", dir, rank, r); fds[r] = open(p, O_RDONLY);
		if (fds[r] < 0) die(p); pos[r] = cnt[r] = 0; left[r] = rk; }
	snprintf(p, sizeof p, "%s/sorted-%d.bin", dir, rank);
	int of = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (of < 0) die(p);
	for (;;) {
		int best = -1;
		for (r = 0; r < nruns; r++) {
			if (pos[r] == cnt[r] && left[r] > 0) { long c = left[r] < bk ? left[r] : bk;
				if (read(fds[r], ib + r * bk, c * 8) != c * 8) die("read"); cnt[r] = c; pos[r] = 0; left[r] -= c; }
			if (pos[r] < cnt[r] && (best < 0 || ib[r * bk + pos[r]] < ib[best * bk + pos[best]])) best = r;
		}
		if (best < 0) break;
		ob[ol++] = ib[best * bk + pos[best]++];
		if (ol == (1 << 17)) { if (write(of, ob, ol * 8) != ol * 8) die("write"); ol = 0; }
	}
	if (ol && write(of, ob, ol * 8) != ol * 8) die("write");
	close(of);
	for (r = 0; r < nruns; r++) { close(fds[r]); snprintf(p, sizeof p, "%s/run-%d-%d.bin", dir, rank, r); unlink(p); }
	if (rank == 0) printf("sortmerge: %d runs of %ld keys a rank, %ld-B merge blocks\n", nruns, rk, blk);
}

static void shuffle(const char *dir, int waves, int parts, long recs, const char *mode)
{
	int w, q, m, idx = !strcmp(mode, "index"); char p[512]; long i;
	uint32_t *rec = malloc(recs * 12), **pb = malloc(parts * sizeof *pb); long *pn = calloc(parts, sizeof(long));
	for (q = 0; q < parts; q++) pb[q] = malloc(recs * 12);
	rng += rank * 104729;
	for (w = 0; w < waves; w++) {          /* map waves */
		for (i = 0; i < recs; i++) { rec[3 * i] = xr(); rec[3 * i + 1] = xr() % 1000; rec[3 * i + 2] = 1; }
		memset(pn, 0, parts * sizeof(long));
		for (i = 0; i < recs; i++) { q = rec[3 * i] % parts; memcpy(pb[q] + 3 * pn[q]++, rec + 3 * i, 12); }
		if (idx) {
			long hdr[257]; hdr[0] = (parts + 1) * 8;
			for (q = 0; q < parts; q++) hdr[q + 1] = hdr[q] + pn[q] * 12;
			snprintf(p, sizeof p, "%s/spill-m%d-w%d.bin", dir, rank, w);
			int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(p);
			char *all = malloc(hdr[parts]); memcpy(all, hdr, (parts + 1) * 8);
			for (q = 0; q < parts; q++) memcpy(all + hdr[q], pb[q], pn[q] * 12);
			if (write(fd, all, hdr[parts]) != hdr[parts]) die("write");
			close(fd); free(all);
		} else for (q = 0; q < parts; q++) {
			snprintf(p, sizeof p, "%s/spill-m%d-w%d-p%d.bin", dir, rank, w, q);
			int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(p);
			if (write(fd, pb[q], pn[q] * 12) != pn[q] * 12) die("write");
			close(fd);
		}
	}
	MPI_Barrier(MPI_COMM_WORLD);
	/* reduce: rank r owns partitions q with q % np == r; sums values a key bucket */
	long *sum = calloc(1000, sizeof(long)); char *in = malloc(recs * 12 + 4096);
	snprintf(p, sizeof p, "%s/part-r-%05d.txt", dir, rank);
	FILE *o = fopen(p, "w"); if (!o) die(p);
	for (q = rank; q < parts; q += np) {
		memset(sum, 0, 1000 * sizeof(long));
		for (m = 0; m < np; m++) for (w = 0; w < waves; w++) {
			long got;
			if (idx) {
				long hdr[2];
				snprintf(p, sizeof p, "%s/spill-m%d-w%d.bin", dir, m, w);
				int fd = open(p, O_RDONLY); if (fd < 0) die(p);
				if (pread(fd, hdr, 16, q * 8) != 16) die("pread");
				got = pread(fd, in, hdr[1] - hdr[0], hdr[0]);
				close(fd);
			} else {
				snprintf(p, sizeof p, "%s/spill-m%d-w%d-p%d.bin", dir, m, w, q);
				int fd = open(p, O_RDONLY); if (fd < 0) die(p);
				got = read(fd, in, recs * 12 + 4096);
				close(fd);
			}
			for (i = 0; i < got / 12; i++) { uint32_t *r = (uint32_t *)(in + 12 * i); sum[r[1]] += r[2]; }
		}
		for (i = 0; i < 1000; i++) if (sum[i]) fprintf(o, "%d %ld %ld\n", q, i, sum[i]);
	}
	fclose(o);
	if (rank == 0) printf("shuffle(%s): %d waves x %d partitions x %d mappers, %ld records a wave\n", mode, waves, parts, np, recs);
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "gen")) { gen(argv[2], atol(argv[3]), atol(argv[4])); return 0; }
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 2) die("usage");
	if (!strcmp(argv[1], "part")) part(argv[2], argv[3], atol(argv[4]), atoi(argv[5]));
	else if (!strcmp(argv[1], "edgeread")) edgeread(argv[2], argv[3], atol(argv[4]), atol(argv[5]));
	else if (!strcmp(argv[1], "bfstext")) bfstext(argv[2], argv[3], atol(argv[4]), atoi(argv[5]), atol(argv[6]));
	else if (!strcmp(argv[1], "sortmerge")) sortmerge(argv[2], atoi(argv[3]), atol(argv[4]), atol(argv[5]));
	else if (!strcmp(argv[1], "shuffle")) shuffle(argv[2], atoi(argv[3]), atoi(argv[4]), atol(argv[5]), argv[6]);
	else die("mode");
	MPI_Finalize();
	return 0;
}
