/*
 * MPI-IO's own costs for the cost model (analysis/iocost.h): MPI_File_open
 * is collective and loads the library's I/O components, so POSIX's open
 * says nothing of it (5 us costed, 120 to 180 us measured: issue 33 D10).
 * Where mpicc and mpirun are on PATH, a small MPI program of two
 * processes times open, close, a 4 KiB write_at and read_at on the
 * calibrated directory and prints the medians as cost lines.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
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

/* seconds mpicc or mpirun may take: IOL_IOCOST_MPI_S, or fewer for a
 * test of a hang ($IOLENS_TEST_MPICAL_S) */
static int run_secs(void)
{
	const char *e = getenv("IOLENS_TEST_MPICAL_S");
	long s = e ? strtol(e, NULL, 10) : 0;

	return s > 0 && s < IOL_IOCOST_MPI_S ? (int)s : IOL_IOCOST_MPI_S;
}

/* milliseconds left before deadline, 0 past it */
static int left_ms(const struct timespec *deadline)
{
	struct timespec now;
	double ms;

	clock_gettime(CLOCK_MONOTONIC, &now);
	ms = (double)(deadline->tv_sec - now.tv_sec) * 1e3 +
	     (double)(deadline->tv_nsec - now.tv_nsec) / 1e6;
	return ms > 0 ? (int)fmin(ms + 1, 1e9) : 0;
}

/* The child: its own process group (so that a hang kills mpirun and the
 * ranks it started), stdin from /dev/null (mpirun forwards it to rank
 * 0), stdout into p, stderr nowhere. */
static void child(char *const *argv, const char *dir, int *p)
{
	int null = open("/dev/null", O_RDWR);

	setpgid(0, 0);
	dup2(p[1], 1);
	if (null >= 0) {
		dup2(null, 0);
		dup2(null, 2);
	}
	close(p[0]);
	close(p[1]);
	if (chdir(dir) == 0)
		execvp(argv[0], argv);
	_exit(127);
}

/* The child's stdout into out (n bytes, NUL-ended; NULL: none), the
 * rest read and dropped, until its end or the deadline: 0, or -1 past
 * the deadline. */
static int drain(int fd, char *out, size_t n, const struct timespec *dl)
{
	struct pollfd pf = {fd, POLLIN, 0};
	char junk[512];
	size_t got = 0;
	ssize_t r;
	int ms;

	for (;;) {
		if (!(ms = left_ms(dl)))
			break;
		if (poll(&pf, 1, ms) < 0 && errno != EINTR)
			break;
		if (!pf.revents)
			continue;
		if (out && got + 1 < n)
			r = read(fd, out + got, n - 1 - got);
		else
			r = read(fd, junk, sizeof(junk));
		if (r == 0 || (r < 0 && errno != EINTR && errno != EAGAIN))
			break;
		if (r > 0 && out && got + 1 < n)
			got += (size_t)r;
	}
	if (out)
		out[got] = 0;
	return ms ? 0 : -1;
}

/* pid's end, by the deadline (its stdout closed, it may still run): 0
 * with *status, 1 past the deadline, -1 no such child */
static int ended(pid_t pid, int *status, const struct timespec *dl)
{
	const struct timespec tick = {0, 10000000};
	pid_t w;

	while ((w = waitpid(pid, status, WNOHANG)) == 0 ||
	       (w < 0 && errno == EINTR)) {
		if (!left_ms(dl))
			return 1;
		nanosleep(&tick, NULL);
	}
	return w == pid ? 0 : -1;
}

/* Run argv in dir, its stdout into out (see drain()), for at most
 * run_secs(): 0 when it exits 0 in time, 1 past the time (its process
 * group killed), else -1. */
static int run(char *const *argv, const char *dir, char *out, size_t n)
{
	struct timespec dl;
	int p[2], status = -1, late;
	pid_t pid;

	if (pipe(p))
		return -1;
	if ((pid = fork()) < 0) {
		close(p[0]);
		close(p[1]);
		return -1;
	}
	if (pid == 0)
		child(argv, dir, p);
	setpgid(pid, pid); /* whichever of the two runs first */
	close(p[1]);
	clock_gettime(CLOCK_MONOTONIC, &dl);
	dl.tv_sec += run_secs();
	late = drain(p[0], out, n, &dl) < 0 ? 1 : ended(pid, &status, &dl);
	close(p[0]);
	if (late < 0)
		return -1;
	if (!late)
		return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
	kill(-pid, SIGKILL);
	kill(pid, SIGKILL); /* were it in no group of its own */
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	return 1;
}

/* tmp's files removed (the program's, its data, a core a crash left),
 * then tmp */
static void remove_dir(const char *tmp)
{
	DIR *d = opendir(tmp);
	struct dirent *e;

	while (d && (e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			unlinkat(dirfd(d), e->d_name, 0);
	if (d)
		closedir(d);
	rmdir(tmp);
}

/* the costs of the program's lines (mpiio_*) into c: no other cost a
 * line mpirun printed could set, and all four positive and finite */
static int parse_costs(char *out, struct iol_iocost *c)
{
	char *l, *nl;

	c->mpi_open = c->mpi_close = c->mpi_rw[0] = c->mpi_rw[1] = 0;
	for (l = out; l && *l; l = nl) {
		if ((nl = strchr(l, '\n')))
			*nl++ = 0;
		if (!strncmp(l, "mpiio_", 6))
			iol_iocost_parse_line(c, l);
	}
	if (iol_iocost_has_mpi(c) &&
	    isfinite(c->mpi_open + c->mpi_close + c->mpi_rw[0] + c->mpi_rw[1]))
		return 0;
	c->mpi_open = c->mpi_close = c->mpi_rw[0] = c->mpi_rw[1] = 0;
	return -1;
}

/* the program into tmp/mpical.c: 0, or -1 */
static int write_prog(const char *src)
{
	FILE *f = fopen(src, "w");
	int bad;

	if (!f)
		return -1;
	bad = fputs(prog, f) < 0;
	return fclose(f) || bad ? -1 : 0;
}

/* mpicc, then mpirun -np 2, of the program in tmp: costs into c */
static int build_run(char *tmp, struct iol_iocost *c, struct iol_error *err)
{
	char out[1024];
	char *cc[] = {"mpicc", "-O1", "-o", "mpical", "mpical.c", NULL};
	char *mr[] = {"mpirun", "-np",	    "2", "--oversubscribe",
		      NULL,	"./mpical", ".", NULL};
	int r;

	/* Open MPI refuses root unless told (a container's root) */
	mr[4] = geteuid() == 0 ? "--allow-run-as-root" : "-q";
	if ((r = run(cc, tmp, NULL, 0)))
		return iol_error_set(err, IOL_EIO,
				     "mpicc could not build the MPI-IO "
				     "calibration%s",
				     r > 0 ? " in time" : "");
	if ((r = run(mr, tmp, out, sizeof(out))) > 0)
		return iol_error_set(err, IOL_EIO,
				     "mpirun -np 2 of the MPI-IO calibration "
				     "did not end in %d s: killed",
				     run_secs());
	if (r < 0)
		return iol_error_set(err, IOL_EIO,
				     "mpirun -np 2 of the MPI-IO "
				     "calibration failed");
	if (parse_costs(out, c) < 0)
		return iol_error_set(err, IOL_EIO,
				     "the MPI-IO calibration printed no "
				     "costs");
	return 0;
}

int iol_iocost_measure_mpi(const char *dir, struct iol_iocost *c,
			   struct iol_error *err)
{
	char tmp[4200], src[4300];
	int r;

	if (!on_path("mpicc") || !on_path("mpirun"))
		return 1;
	snprintf(tmp, sizeof(tmp), "%s/.iolens-mpical.XXXXXX", dir);
	if (!mkdtemp(tmp))
		return iol_error_set(err, IOL_EIO,
				     "cannot make a directory in '%s': %s", dir,
				     strerror(errno));
	snprintf(src, sizeof(src), "%s/mpical.c", tmp);
	r = write_prog(src) < 0
		    ? iol_error_set(err, IOL_EIO, "cannot write '%s'", src)
		    : build_run(tmp, c, err);
	remove_dir(tmp);
	return r;
}
