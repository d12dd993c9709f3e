/*
 * MPI-IO's own costs for the cost model (analysis/iocost.h): MPI_File_open
 * is collective and loads the library's I/O components, so POSIX's open
 * says nothing of it (5 us costed, 120 to 180 us measured: issue 33 D10).
 * Where mpicc and mpirun are on PATH, a small MPI program of two
 * processes times open, close, a 4 KiB write_at and read_at on the
 * calibrated directory and prints the medians as cost lines.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "analysis/iocost.h"
#include "base/banned.h"

/* the program: rank 0 prints "mpiio_open SECONDS" and the others */
static const char prog[] =
	"#include <mpi.h>\n"
	"#include <stdio.h>\n"
	"#include <stdlib.h>\n"
	"#define N 16\n"
	"static int cmp(const void *a, const void *b)\n"
	"{\n"
	"\tdouble x = *(const double *)a, y = *(const double *)b;\n"
	"\treturn x < y ? -1 : x > y;\n"
	"}\n"
	"static double med(double *v)\n"
	"{\n"
	"\tqsort(v, N, sizeof(*v), cmp);\n"
	"\treturn v[N / 2] > 1e-9 ? v[N / 2] : 1e-9;\n"
	"}\n"
	"int main(int argc, char **argv)\n"
	"{\n"
	"\tstatic char buf[4096];\n"
	"\tdouble t[4][N], t0;\n"
	"\tchar path[4200];\n"
	"\tMPI_File fh;\n"
	"\tMPI_Offset at;\n"
	"\tint rank, i;\n"
	"\tMPI_Init(&argc, &argv);\n"
	"\tMPI_Comm_rank(MPI_COMM_WORLD, &rank);\n"
	"\tsnprintf(path, sizeof(path), \"%s/mpiio.dat\", argv[1]);\n"
	"\tfor (i = 0; i < N; i++) {\n"
	"\t\tat = (MPI_Offset)(rank * N + i) * 4096;\n"
	"\t\tMPI_Barrier(MPI_COMM_WORLD);\n"
	"\t\tt0 = MPI_Wtime();\n"
	"\t\tif (MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE |\n"
	"\t\t\t\t  MPI_MODE_RDWR, MPI_INFO_NULL, &fh))\n"
	"\t\t\tMPI_Abort(MPI_COMM_WORLD, 1);\n"
	"\t\tt[0][i] = MPI_Wtime() - t0;\n"
	"\t\tt0 = MPI_Wtime();\n"
	"\t\tMPI_File_write_at(fh, at, buf, 4096, MPI_BYTE,\n"
	"\t\t\t\t  MPI_STATUS_IGNORE);\n"
	"\t\tt[3][i] = MPI_Wtime() - t0;\n"
	"\t\tt0 = MPI_Wtime();\n"
	"\t\tMPI_File_read_at(fh, at, buf, 4096, MPI_BYTE,\n"
	"\t\t\t\t MPI_STATUS_IGNORE);\n"
	"\t\tt[2][i] = MPI_Wtime() - t0;\n"
	"\t\tt0 = MPI_Wtime();\n"
	"\t\tMPI_File_close(&fh);\n"
	"\t\tt[1][i] = MPI_Wtime() - t0;\n"
	"\t}\n"
	"\tMPI_Barrier(MPI_COMM_WORLD);\n"
	"\tif (rank == 0) {\n"
	"\t\tMPI_File_delete(path, MPI_INFO_NULL);\n"
	"\t\tprintf(\"mpiio_open %.9g\\nmpiio_close %.9g\\n\"\n"
	"\t\t       \"mpiio_read %.9g\\nmpiio_write %.9g\\n\", med(t[0]),\n"
	"\t\t       med(t[1]), med(t[2]), med(t[3]));\n"
	"\t}\n"
	"\tMPI_Finalize();\n"
	"\treturn 0;\n"
	"}\n";

/* name found in a directory of PATH */
static int on_path(const char *name)
{
	const char *p = getenv("PATH");
	char buf[4200];

	while (p && *p) {
		size_t n = strcspn(p, ":");

		snprintf(buf, sizeof(buf), "%.*s/%s", (int)n, p, name);
		if (n && access(buf, X_OK) == 0)
			return 1;
		p += n + (p[n] == ':');
	}
	return 0;
}

/* Run argv in dir, its stdout into out (n bytes, NUL-ended; NULL: none),
 * its stderr nowhere.  0 when it exits 0, else -1. */
static int run(char *const *argv, const char *dir, char *out, size_t n)
{
	int p[2], status, null;
	size_t got = 0;
	ssize_t r;
	pid_t pid;

	if (pipe(p))
		return -1;
	if ((pid = fork()) < 0) {
		close(p[0]);
		close(p[1]);
		return -1;
	}
	if (pid == 0) {
		null = open("/dev/null", O_WRONLY);
		dup2(p[1], 1);
		if (null >= 0)
			dup2(null, 2);
		close(p[0]);
		close(p[1]);
		if (chdir(dir) == 0)
			execvp(argv[0], argv);
		_exit(127);
	}
	close(p[1]);
	while (out && got + 1 < n &&
	       ((r = read(p[0], out + got, n - 1 - got)) > 0 ||
		(r < 0 && errno == EINTR)))
		got += r > 0 ? (size_t)r : 0;
	if (out)
		out[got] = 0;
	close(p[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

static int measured(const struct iol_iocost *c)
{
	return iol_iocost_has_mpi(c);
}

int iol_iocost_measure_mpi(const char *dir, struct iol_iocost *c,
			   struct iol_error *err)
{
	char tmp[4200], src[4300], bin[4300], out[1024], *l, *nl;
	char *cc[] = {"mpicc", "-O1", "-o", "mpical", "mpical.c", NULL};
	char *mr[] = {"mpirun", "-np",	    "2", "--oversubscribe",
		      NULL,	"./mpical", ".", NULL};
	FILE *f;
	int r = IOL_EIO;

	if (!on_path("mpicc") || !on_path("mpirun"))
		return 1;
	/* Open MPI refuses root unless told (a container's root) */
	mr[4] = geteuid() == 0 ? "--allow-run-as-root" : "-q";
	snprintf(tmp, sizeof(tmp), "%s/.iolens-mpical.XXXXXX", dir);
	if (!mkdtemp(tmp))
		return iol_error_set(err, IOL_EIO,
				     "cannot make a directory in '%s': %s", dir,
				     strerror(errno));
	snprintf(src, sizeof(src), "%s/mpical.c", tmp);
	snprintf(bin, sizeof(bin), "%s/mpical", tmp);
	if (!(f = fopen(src, "w")) || fputs(prog, f) < 0 || fclose(f)) {
		iol_error_set(err, IOL_EIO, "cannot write '%s'", src);
		goto out;
	}
	if (run(cc, tmp, NULL, 0) < 0) {
		iol_error_set(err, IOL_EIO,
			      "mpicc could not build the "
			      "MPI-IO calibration");
		goto out;
	}
	if (run(mr, tmp, out, sizeof(out)) < 0) {
		iol_error_set(err, IOL_EIO,
			      "mpirun -np 2 of the MPI-IO "
			      "calibration failed");
		goto out;
	}
	for (l = out; l && *l; l = nl) {
		if ((nl = strchr(l, '\n')))
			*nl++ = 0;
		iol_iocost_parse_line(c, l);
	}
	r = measured(c) ? 0
			: iol_error_set(err, IOL_EIO,
					"the MPI-IO calibration printed no "
					"costs");
out:
	unlink(src);
	unlink(bin);
	snprintf(src, sizeof(src), "%s/mpiio.dat", tmp);
	unlink(src);
	rmdir(tmp);
	return r;
}
