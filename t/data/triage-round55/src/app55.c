/* Round 55: an MPI stencil whose MPI-IO is shaped by hints and settings.
 * app55 MODE FILE MB STEPS SWEEPS PIECE HINTS [EXTRA]
 * MB: MiB of doubles a rank; each step does SWEEPS Jacobi sweeps (halo by MPI_Sendrecv), then I/O.
 * PIECE: bytes of one strided piece (coll, cbwall, split, splitb, dsread, shared); HINTS: k=v,k=v or "-".
 * Prints the slowest rank's wall time from a barrier to a barrier. */
#define _GNU_SOURCE
#include <mpi.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int rank, np;
static double *x, *y;
static long n;

static void sweep(int k)
{
	for (int s = 0; s < k; s++) {
		int l = rank > 0 ? rank - 1 : MPI_PROC_NULL, r = rank < np - 1 ? rank + 1 : MPI_PROC_NULL;
		MPI_Sendrecv(&x[1], 1, MPI_DOUBLE, l, 0, &x[n + 1], 1, MPI_DOUBLE, r, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		MPI_Sendrecv(&x[n], 1, MPI_DOUBLE, r, 1, &x[0], 1, MPI_DOUBLE, l, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		for (long i = 1; i <= n; i++)
			y[i] = 0.5 * x[i] + 0.25 * (x[i - 1] + x[i + 1]);
		double *t = x; x = y; y = t;
	}
}

static MPI_Info hints(const char *h)
{
	MPI_Info info;
	MPI_Info_create(&info);
	if (strcmp(h, "-") == 0)
		return info;
	char *d = strdup(h), *save = NULL;
	for (char *kv = strtok_r(d, ",", &save); kv; kv = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(kv, '=');
		if (eq) { *eq = 0; MPI_Info_set(info, kv, eq + 1); }
	}
	free(d);
	return info;
}

static void die(int rc, const char *what)
{
	if (rc != MPI_SUCCESS) {
		char s[MPI_MAX_ERROR_STRING]; int l;
		MPI_Error_string(rc, s, &l);
		fprintf(stderr, "rank %d: %s: %s\n", rank, what, s);
		MPI_Abort(MPI_COMM_WORLD, 1);
	}
}

/* rank's pieces interleaved with the others': PIECE bytes every PIECE*np */
static MPI_Datatype interleave(long bytes, long piece, long stride)
{
	MPI_Datatype v;
	MPI_Type_vector(bytes / piece, piece, stride, MPI_BYTE, &v);
	MPI_Type_commit(&v);
	return v;
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 8) {
		if (!rank) fprintf(stderr, "usage: app55 MODE FILE MB STEPS SWEEPS PIECE HINTS [EXTRA]\n");
		MPI_Abort(MPI_COMM_WORLD, 2);
	}
	const char *mode = argv[1], *file = argv[2];
	long mb = atol(argv[3]), piece = atol(argv[6]);
	int steps = atoi(argv[4]), sweeps = atoi(argv[5]);
	long extra = argc > 8 ? atol(argv[8]) : 0;
	MPI_Info info = hints(argv[7]);
	n = mb * 131072;
	long bytes = n * 8;
	x = malloc((n + 2) * 8); y = malloc((n + 2) * 8);
	double *snap = malloc(bytes);
	char *rbuf = NULL;
	for (long i = 0; i <= n + 1; i++) x[i] = y[i] = (double)((i * 7 + rank * 13) % 101);
	MPI_File fh = MPI_FILE_NULL;
	MPI_Request req = MPI_REQUEST_NULL;
	int amode = MPI_MODE_CREATE | MPI_MODE_WRONLY;
	int series = !strcmp(mode, "prealloc") || !strcmp(mode, "setsize");
	int fadv_fd = -1;
	if (!strcmp(mode, "dsread")) {
		amode = MPI_MODE_RDONLY;
		/* no client cache, as on a parallel file system: drop the file's pages before each read */
		if (!rank) fadv_fd = open(file, O_RDONLY);
		rbuf = malloc(extra * piece);
	}
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime();
	if (!series) die(MPI_File_open(MPI_COMM_WORLD, file, amode, info, &fh), "open");
	if (!strcmp(mode, "coll") || !strcmp(mode, "cbwall")) {
		MPI_Datatype v = interleave(bytes, piece, piece * np);
		die(MPI_File_set_view(fh, rank * piece, MPI_BYTE, v, "native", info), "view");
	} else if (!strcmp(mode, "split") || !strcmp(mode, "splitb")) {
		/* a 2-D global array of doubles, each rank a column block PIECE bytes wide */
		int gs[2] = {(int)(bytes / piece), (int)(piece / 8 * np)}, ls[2] = {gs[0], (int)(piece / 8)},
		    st[2] = {0, (int)(rank * piece / 8)};
		MPI_Datatype sa;
		MPI_Type_create_subarray(2, gs, ls, st, MPI_ORDER_C, MPI_DOUBLE, &sa);
		MPI_Type_commit(&sa);
		die(MPI_File_set_view(fh, 0, MPI_DOUBLE, sa, "native", info), "view");
	} else if (!strcmp(mode, "dsread")) {
		/* EXTRA pieces a rank a step, one every 1 MiB: a sparse strided read */
		MPI_Datatype v0 = interleave(extra * piece, piece, 1048576), v;
		MPI_Type_create_resized(v0, 0, extra * 1048576, &v);
		MPI_Type_commit(&v);
		die(MPI_File_set_view(fh, rank * piece, MPI_BYTE, v, "native", info), "view");
	}
	for (int s = 0; s < steps; s++) {
		sweep(sweeps);
		memcpy(snap, &x[1], bytes);
		if (!strcmp(mode, "coll") || !strcmp(mode, "cbwall"))
			die(MPI_File_write_at_all(fh, 0, snap, bytes, MPI_BYTE, MPI_STATUS_IGNORE), "write_all");
		else if (!strcmp(mode, "contig"))
			die(MPI_File_write_at(fh, (MPI_Offset)rank * bytes, snap, bytes, MPI_BYTE, MPI_STATUS_IGNORE), "write_at");
		else if (!strcmp(mode, "iwall")) {
			/* the previous step's checkpoint drains while this step computed */
			MPI_Wait(&req, MPI_STATUS_IGNORE);
			static double *ib;
			if (!ib) ib = malloc(bytes);
			memcpy(ib, snap, bytes);
			die(MPI_File_iwrite_at_all(fh, (MPI_Offset)rank * bytes, ib, bytes, MPI_BYTE, &req), "iwrite_at_all");
		} else if (!strcmp(mode, "split")) {
			die(MPI_File_write_all_begin(fh, snap, n, MPI_DOUBLE), "begin");
			sweep(sweeps / 2);
			die(MPI_File_write_all_end(fh, snap, MPI_STATUS_IGNORE), "end");
		} else if (!strcmp(mode, "splitb")) {
			/* split's twin (added after the labelled runs): the same view, a blocking MPI_File_write_all */
			die(MPI_File_write_all(fh, snap, n, MPI_DOUBLE, MPI_STATUS_IGNORE), "write_all");
			sweep(sweeps / 2);
		} else if (series) {
			char nm[512];
			snprintf(nm, sizeof nm, "%s.%d", file, s);
			die(MPI_File_open(MPI_COMM_WORLD, nm, amode, info, &fh), "open");
			MPI_Offset total = (MPI_Offset)bytes * np;
			if (!strcmp(mode, "prealloc"))
				die(MPI_File_preallocate(fh, total), "preallocate");
			else
				die(MPI_File_set_size(fh, total), "set_size");
			die(MPI_File_write_at_all(fh, (MPI_Offset)rank * bytes, snap, bytes, MPI_BYTE, MPI_STATUS_IGNORE), "write_at_all");
			MPI_File_close(&fh);
		} else if (!strcmp(mode, "shared") || !strcmp(mode, "ordered")) {
			/* EXTRA diagnostic records of PIECE bytes a rank a step */
			char *rec = (char *)snap;
			for (long k = 0; k < extra * piece; k++) rec[k] = 'a' + (k + s + rank) % 26;
			if (!strcmp(mode, "shared"))
				for (long k = 0; k < extra; k++)
					die(MPI_File_write_shared(fh, rec + k * piece, piece, MPI_BYTE, MPI_STATUS_IGNORE), "write_shared");
			else
				die(MPI_File_write_ordered(fh, rec, extra * piece, MPI_BYTE, MPI_STATUS_IGNORE), "write_ordered");
		} else if (!strcmp(mode, "dsread")) {
			if (!rank) posix_fadvise(fadv_fd, 0, 0, POSIX_FADV_DONTNEED);
			MPI_Barrier(MPI_COMM_WORLD);
			MPI_Offset region = (MPI_Offset)(s % 4) * extra * piece;	/* in the view's bytes */
			die(MPI_File_read_at(fh, region, rbuf, extra * piece, MPI_BYTE, MPI_STATUS_IGNORE), "read_at");
			x[1] += rbuf[0] * 1e-9;
		}
	}
	MPI_Wait(&req, MPI_STATUS_IGNORE);
	if (!series) MPI_File_close(&fh);
	MPI_Barrier(MPI_COMM_WORLD);
	double t = MPI_Wtime() - t0, tmax;
	MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (!rank) printf("%s %.3f s (x[1] %.6g)\n", mode, tmax, x[1]);
	if (fadv_fd >= 0) close(fadv_fd);
	MPI_Finalize();
	return 0;
}
