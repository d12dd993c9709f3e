/*
 * A cost model of one machine's storage (issue 33): seconds per I/O call
 * on the file system where a job will run, measured once by
 * `iolens blocks --calibrate [DIR]`, saved as text, and multiplied by a
 * block's predicted calls into its predicted I/O time, so that blocks
 * rank before anything runs.
 *
 * The text format (one line a cost, '#' comments, order free):
 *
 *   # iolens I/O cost model 1
 *   dir /scratch/me
 *   open 3.1e-06
 *   create 1.5e-04
 *   close 1.2e-06
 *   stat 9.0e-07
 *   fsync 0.0021
 *   write seq 4096 2.4e-06
 *   write rand 4096 2.9e-06
 *   read seq 4096 8.0e-07
 *   ...
 *
 * "read|write seq|rand SIZE SECONDS" for each size class of
 * IOL_IOCOST_SIZES.  Everything a call costs is in its own line: a
 * reader ignores lines it does not know.
 *
 * "unlink", an unlink of a file just made (issue 33 D5: tens of
 * microseconds, 40 times the mean of close and stat it was costed as).
 *
 * A rerun's costs (a model saved before they were measured costs
 * no truncation): "trunc_open" and "trunc_open_mib", an open with O_TRUNC
 * of a file holding data written moments before, not synced (the
 * previous run's), fixed and per MiB truncated; "trunc_close" and
 * "trunc_close_mib", the close after writing into a file so truncated,
 * fixed and per MiB written (ext4's auto_da_alloc starts the writeback
 * there).  A program run again in its directory finds its outputs there:
 * its opens that make their file truncate them.
 *
 * "spread NAME LO HI" (since issue 33 D13): the lowest and highest of the
 * IOL_IOCOST_ROUNDS rounds' medians of a figure (NAME as iol_iocost_fig()
 * names it, "fsync", "write seq 4096"), whose median the figure is; an
 * older reader ignores them.
 *
 * Optional, where blocks --calibrate found mpicc and mpirun (an MPI
 * program of 2 processes on the same directory): MPI-IO's own per call
 * costs, "mpiio_open", "mpiio_close", "mpiio_read", "mpiio_write" (a
 * 4 KiB read_at or write_at); without them an MPI-IO call costs the
 * POSIX call it makes, a lower bound.
 */
#ifndef IOLENS_IOCOST_H
#define IOLENS_IOCOST_H

#include <stddef.h>
#include <stdint.h>

#include "base/error.h"

#define IOL_IOCOST_NSIZES 4
/* the size classes measured: 512 B, 4 KiB, 64 KiB, 1 MiB */
extern const int64_t iol_iocost_sizes[IOL_IOCOST_NSIZES];

enum { IOL_IOC_READ, IOL_IOC_WRITE };
enum { IOL_IOC_SEQ, IOL_IOC_RAND };

/* The figures measured in rounds: the calls, then the reads and writes
 * by [read|write][seq|rand][size], IOL_IOCF_RW + rw * 8 + p * 4 + s. */
enum {
	IOL_IOCF_OPEN,
	IOL_IOCF_CREATE,
	IOL_IOCF_CLOSE,
	IOL_IOCF_STAT,
	IOL_IOCF_FSYNC,
	IOL_IOCF_UNLINK,
	IOL_IOCF_TRUNC_OPEN,
	IOL_IOCF_TRUNC_CLOSE,
	IOL_IOCF_RW,
	IOL_IOCF_N = IOL_IOCF_RW + 2 * 2 * 4
};

/* Each figure is the median of this many rounds' medians, the rounds of
 * all figures interleaved (a burst of load hits one round of each, not
 * every round of one); a figure whose highest round is over
 * IOL_IOCOST_SPREAD times its lowest is noisy (issue 33 D13: under load
 * two calibrations an hour apart gave fsync 4885 and 79 us). */
#define IOL_IOCOST_ROUNDS 3
#define IOL_IOCOST_SPREAD 3.0

struct iol_iocost {
	char dir[1024]; /* where it was measured */
	/* open: of a file that is there; create: an open that makes its
	 * file (O_CREAT|O_TRUNC of a new name), far costlier on most file
	 * systems.  A model saved before create was measured has its
	 * "open" (a create) as both. */
	double open, create, close, stat, fsync;
	double rw[2][2][IOL_IOCOST_NSIZES]; /* [read|write][seq|rand][size] */
	/* MPI-IO per call (collective open and close; read_at, write_at
	 * of 4 KiB), 0: not measured */
	double mpi_open, mpi_close, mpi_rw[2];
	/* a rerun's truncating open and the close after it: seconds fixed
	 * and per MiB (0: not measured) */
	double trunc_open, trunc_open_mib, trunc_close, trunc_close_mib;
	/* unlink of a file just made and closed, measured since issue 33
	 * D5; a model saved before has none: unlink_est 1 (2: its line is
	 * no cost, not a number of seconds in (0, 3600]) and unlink
	 * the estimate iol_iocost_load() says */
	double unlink;
	int unlink_est;
	/* per figure (IOL_IOCF_*), its rounds' lowest and highest medians
	 * (0: not known, a model saved before issue 33 D13) */
	double lo[IOL_IOCF_N], hi[IOL_IOCF_N];
	/* cost as in an empty directory (blocks --fresh): opens that make
	 * their file create it, the rerun's costs above not applied */
	int fresh;
};

/*
 * Without MPI-IO's measured costs, an MPI-IO call costs the POSIX call it
 * makes plus this overhead a call and process: the time of the other
 * system calls Open MPI's ompio makes beneath it, in iolens traces of
 * MPI programs of 2 processes on this project's machine (MPI_File_open:
 * 23 calls, its shared-pointer files and locks, 190 us; a 4 KiB
 * write_at: 10 us against a write's 7; a close: 6 us against 1).  The
 * POSIX call alone ranked an MPI_File_open below a file's create.
 */
#define IOL_IOCOST_MPI_DEF_OPEN 200e-6
#define IOL_IOCOST_MPI_DEF_CLOSE 5e-6
#define IOL_IOCOST_MPI_DEF_RW 3e-6

/* c has a rerun's costs of truncation */
static inline int iol_iocost_has_trunc(const struct iol_iocost *c)
{
	return c && c->trunc_open > 0 && c->trunc_close > 0;
}

/* c costs a rerun's truncations: it has them, and --fresh is not set */
static inline int iol_iocost_reruns(const struct iol_iocost *c)
{
	return iol_iocost_has_trunc(c) && !c->fresh;
}

/* c has MPI-IO's costs */
static inline int iol_iocost_has_mpi(const struct iol_iocost *c)
{
	return c && c->mpi_open > 0 && c->mpi_close > 0 && c->mpi_rw[0] > 0 &&
	       c->mpi_rw[1] > 0;
}

/* Figure f of c (IOL_IOCF_*): its value's address, and its name into
 * buf ("fsync", "write seq 4096"). */
double *iol_iocost_fig(struct iol_iocost *c, int f, char *buf, size_t n);

/* Figure f's rounds disagree: the highest over IOL_IOCOST_SPREAD times
 * the lowest. */
static inline int iol_iocost_noisy(const struct iol_iocost *c, int f)
{
	return c->lo[f] > 0 && c->hi[f] > IOL_IOCOST_SPREAD * c->lo[f];
}

/* One "name seconds" line into c (mpiio_open ...: the lines an MPI
 * calibration prints).  1 a cost it knows, 0 another line. */
int iol_iocost_parse_line(struct iol_iocost *c, char *line);

/* Bounds of one calibration: at most this many bytes on disk at once,
 * and each measurement stops after this many seconds. */
#define IOL_IOCOST_MAXBYTES (8 << 20)
#define IOL_IOCOST_PHASE_S 1.0
/* and mpicc, or mpirun of the MPI-IO program, killed after this many */
#define IOL_IOCOST_MPI_S 300

/* Measure c on dir's file system: a directory of its own under dir,
 * removed with its files before returning.  0 or IOL_EIO (err says
 * which call failed). */
int iol_iocost_measure(const char *dir, struct iol_iocost *c,
		       struct iol_error *err);

/* MPI-IO's costs into c's mpi_* (iocost-mpi.c): an MPI program built by
 * mpicc and run by `mpirun -np 2 --oversubscribe` in a directory of its
 * own under dir, removed before returning.  0; 1 when mpicc or mpirun
 * is not on PATH (nothing measured); IOL_EIO when it could not be
 * built or run, or either took over IOL_IOCOST_MPI_S seconds (err
 * says which). */
int iol_iocost_measure_mpi(const char *dir, struct iol_iocost *c,
			   struct iol_error *err);

/* Where the model lives: $XDG_CONFIG_HOME/iolens/iocost, else
 * $HOME/.config/iolens/iocost.  0, or IOL_EINVAL when neither is set. */
int iol_iocost_path(char *buf, size_t n);

/* Write c to path (its directory made), through a temporary file
 * renamed.  0 or IOL_EIO. */
int iol_iocost_save(const struct iol_iocost *c, const char *path,
		    struct iol_error *err);

/* Read path into c.  0; IOL_EIO when it cannot be opened (err.sys
 * ENOENT: not calibrated); IOL_ECORRUPT when a cost is missing or not a
 * positive number. */
int iol_iocost_load(struct iol_iocost *c, const char *path,
		    struct iol_error *err);

/* The saved model (iol_iocost_path()) into c: 0; 1 when not calibrated
 * (no home, or no file there); IOL_EIO or IOL_ECORRUPT when the file is
 * bad (err says why). */
int iol_iocost_load_saved(struct iol_iocost *c, struct iol_error *err);
/* The seconds of n reads (rw IOL_IOC_READ) or writes of bytes in all,
 * a share rand in [0, 1] of them at random offsets: each call's size is
 * bytes / n, its cost interpolated between the size classes (per byte
 * beyond the largest). */
double iol_iocost_rw(const struct iol_iocost *c, int rw, int64_t n,
		     int64_t bytes, double rand);

/* A block's calls, as a prediction counts them. */
struct iol_iocalls {
	int64_t opens, reads, writes, syncs;
	int64_t creates;    /* of opens, those that make their file */
	int64_t others;	    /* closes, stats, seeks...: the mean of close
			     * and stat each */
	int64_t unlinks;    /* of others, unlinks: the model's unlink */
	int64_t positioned; /* reads and writes at an offset of their own
			     * (pread, pwrite, after a seek): random */
	int64_t bytes_read, bytes_written;
	/* of the above, MPI-IO's calls (opens, other calls, reads, writes
	 * and their bytes): each costs at least the POSIX call it makes,
	 * and MPI-IO's own measured cost where that is more */
	int64_t mpi_opens, mpi_others, mpi_reads, mpi_writes;
	int64_t mpi_bytes_read, mpi_bytes_written;
	/* of creates, those that truncate a file holding trunc_bytes (a
	 * rerun finds the program's outputs), and of others the closes
	 * after writing trunc_close_bytes into such a file */
	int64_t trunc_opens, trunc_bytes, trunc_closes, trunc_close_bytes;
	/* of creates, opens of a file the program unlinks: a rerun finds
	 * none to truncate (set before iol_iocalls_rerun()) */
	int64_t scratch;
};

/* n's opens that make their file as a rerun's (analysis above): each
 * truncating bytes; tcloses closes known to follow one and a share of
 * closes more, not known (0 to 1), after writing bytes into one
 * (code/extract.h's iol_cblock_rerun() says which) */
static inline void iol_iocalls_rerun(struct iol_iocalls *n, int64_t bytes,
				     double share, int64_t closes,
				     int64_t tcloses)
{
	double t, c;

	n->trunc_opens = n->creates > n->scratch ? n->creates - n->scratch : 0;
	t = (double)n->trunc_opens * (double)bytes;
	n->trunc_bytes = t < 9e18 ? (int64_t)t : INT64_MAX;
	c = (double)closes * share + 0.5 + (double)tcloses;
	n->trunc_closes = c < 9e18 ? (int64_t)c : INT64_MAX;
	t = (double)n->trunc_closes * (double)bytes;
	n->trunc_close_bytes = t < 9e18 ? (int64_t)t : INT64_MAX;
}

/* Their predicted seconds under c.  Every call is costed as the POSIX
 * call of its kind (an MPI-IO, HDF5 or PnetCDF call of n bytes makes at
 * least one of n bytes); MPI-IO's, where c has MPI-IO's costs, as the
 * larger of that and MPI-IO's own, else as that plus the default
 * overhead IOL_IOCOST_MPI_DEF_*. */
double iol_iocost_calls(const struct iol_iocost *c,
			const struct iol_iocalls *n);

/* Spearman's rank correlation of x and y (n pairs, ties given their
 * mean rank): in [-1, 1], NAN when n < 2 or either is constant. */
double iol_spearman(const double *x, const double *y, size_t n);

#endif
