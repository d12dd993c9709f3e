/*
 * The MPI group of iolens replay (replay/mpi.h, make MPI=1): the
 * collective calls of struct iol_rgroup over MPI_COMM_WORLD.
 */
#define _GNU_SOURCE /* O_CLOEXEC */
#ifdef IOLENS_MPI
#include <fcntl.h>
#include <limits.h>
#include <mpi.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "replay/mpi.h"
#include "base/banned.h"

/* MPI counts are int: large arrays go in pieces */
#define PIECE ((size_t)1 << 28)

static int barrier(void *ctx)
{
	(void)ctx;
	return MPI_Barrier(MPI_COMM_WORLD) == MPI_SUCCESS ? 0 : -1;
}

static int bcast(void *ctx, void *buf, size_t len)
{
	size_t o, k;

	(void)ctx;
	for (o = 0; o < len; o += k) {
		k = len - o < PIECE ? len - o : PIECE;
		if (MPI_Bcast((char *)buf + o, (int)k, MPI_BYTE, 0,
			      MPI_COMM_WORLD) != MPI_SUCCESS)
			return -1;
	}
	return 0;
}

static int reduce(void *v, size_t n, size_t size, MPI_Datatype t)
{
	int me;
	size_t o, k;

	MPI_Comm_rank(MPI_COMM_WORLD, &me);
	for (o = 0; o < n; o += k) {
		void *p = (char *)v + o * size;

		k = n - o < PIECE ? n - o : PIECE;
		if (MPI_Reduce(me == 0 ? MPI_IN_PLACE : p, p, (int)k, t,
			       MPI_SUM, 0, MPI_COMM_WORLD) != MPI_SUCCESS)
			return -1;
	}
	return 0;
}

static int sum(void *ctx, double *v, size_t n)
{
	(void)ctx;
	return reduce(v, n, sizeof(*v), MPI_DOUBLE);
}

static int sum64(void *ctx, int64_t *v, size_t n)
{
	(void)ctx;
	return reduce(v, n, sizeof(*v), MPI_INT64_T);
}

static void abort_all(void *ctx)
{
	(void)ctx;
	MPI_Abort(MPI_COMM_WORLD, 1);
}

#ifdef IOLENS_TEST_HOOKS
/* A test's pause (t/6004; make TEST_HOOKS=1 only): the run directory's
 * name written to the FIFO $IOLENS_TEST_PAUSE, then the FIFO read to
 * its end, so that a test acts at this point whatever the schedule. */
static void pause_for_test(void *ctx, const char *rundir)
{
	const char *p = getenv("IOLENS_TEST_PAUSE");
	char buf[64];
	int fd, ok;

	(void)ctx;
	if (!p || (fd = open(p, O_WRONLY | O_CLOEXEC)) < 0)
		return;
	ok = write(fd, rundir, strlen(rundir)) >= 0 && write(fd, "\n", 1) == 1;
	close(fd);
	fd = ok ? open(p, O_RDONLY | O_CLOEXEC) : -1;
	while (fd >= 0 && read(fd, buf, sizeof(buf)) > 0)
		;
	if (fd >= 0)
		close(fd);
}
#endif

void iol_rgroup_mpi(struct iol_rgroup *g, int rank, int size)
{
	g->me = rank;
	g->n = size;
	g->ctx = NULL;
	g->barrier = barrier;
	g->bcast = bcast;
	g->sum = sum;
	g->sum64 = sum64;
	g->abort = abort_all;
	g->learnt = NULL;
#ifdef IOLENS_TEST_HOOKS
	g->learnt = pause_for_test;
#endif
}
#else
/* not an MPI build: no group to make */
#include "replay/mpi.h"
#include "base/banned.h"

void iol_rgroup_mpi(struct iol_rgroup *g, int rank, int size)
{
	(void)g, (void)rank, (void)size;
}
#endif
