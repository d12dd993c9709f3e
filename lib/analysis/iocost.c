/*
 * The storage cost model (analysis/iocost.h): measured by timing each
 * call of a few hundred opens, closes, stats, fsyncs and reads and
 * writes of each size class, sequential and at random offsets, in a
 * directory of its own; the median of each kind is its cost, as a loaded
 * machine's outliers (another process on the CPU) would otherwise set
 * the mean.  Bounded: at most IOL_IOCOST_MAXBYTES on disk, at most
 * IOL_IOCOST_PHASE_S seconds a measurement, everything removed after.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "analysis/iocost.h"
#include "base/banned.h"

const int64_t iol_iocost_sizes[IOL_IOCOST_NSIZES] = {512, 4096, 65536, 1048576};

#define NMETA 200 /* opens, closes, stats timed */
#define NRW 64	  /* reads or writes timed per size class at most */
#define NSYNC 8	  /* fsyncs timed */
#define NTRUNC 8  /* truncating opens (and closes) timed per size */

struct cal {
	char dir[1100], file[1200];
	char *buf;
	double t[NMETA];
	int n;
	double start;
	struct iol_error *err;
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(struct cal *k)
{
	if (!k->n)
		return NAN;
	qsort(k->t, (size_t)k->n, sizeof(*k->t), cmp_d);
	return k->n % 2 ? k->t[k->n / 2]
			: (k->t[k->n / 2 - 1] + k->t[k->n / 2]) / 2;
}

/* a phase: its timings reset, its clock started */
static void phase(struct cal *k)
{
	k->n = 0;
	k->start = now();
}

/* one more timing, 0 while the phase may go on */
static int took(struct cal *k, double t0, int max)
{
	double t1 = now();

	k->t[k->n++] = t1 - t0;
	return k->n >= max || t1 - k->start > IOL_IOCOST_PHASE_S;
}

static int fail(struct cal *k, const char *what)
{
	iol_error_set(k->err, IOL_EIO, "%s '%s': %s", what, k->file,
		      strerror(errno));
	if (k->err)
		k->err->sys = errno;
	return IOL_EIO;
}

/* unlink of the n files o0.. meta() made, timed (issue 33 D5: a
 * program's scratch files removed cost 30 us each where the mean of
 * close and stat said 1) */
static int unlinks(struct cal *k, struct iol_iocost *c, int n)
{
	char name[1300];
	double t0;
	int i, bad = 0;

	phase(k);
	for (i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "%s/o%d", k->dir, i);
		t0 = now();
		if (unlink(name) < 0)
			bad = 1;
		k->t[k->n++] = now() - t0;
	}
	if (bad) {
		snprintf(k->file, sizeof(k->file), "%s/o*", k->dir);
		return fail(k, "cannot unlink");
	}
	c->unlink = median(k);
	c->unlink_est = 0;
	return 0;
}

static int meta(struct cal *k, struct iol_iocost *c)
{
	struct stat st;
	int fd = -1;
	double t0;

	int stop;

	char name[1300];

	/* an open that creates its file, as a program's output does: the
	 * costlier kind, and the one I/O blocks mostly make */
	phase(k);
	do {
		snprintf(name, sizeof(name), "%s/o%d", k->dir, k->n);
		t0 = now();
		if ((fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0600)) < 0)
			return fail(k, "cannot create");
		stop = took(k, t0, NMETA);
		close(fd);
	} while (!stop);
	c->create = median(k);
	if ((stop = unlinks(k, c, k->n)))
		return stop;
	/* and an open of a file that is there, as a loop opening one file
	 * again per record does (O_CREAT of a name that exists) */
	phase(k);
	do {
		t0 = now();
		if ((fd = open(k->file, O_WRONLY | O_CREAT | O_APPEND, 0600)) <
		    0)
			return fail(k, "cannot open");
		stop = took(k, t0, NMETA);
		close(fd);
	} while (!stop);
	c->open = median(k);
	phase(k);
	do {
		if ((fd = open(k->file, O_RDONLY)) < 0)
			return fail(k, "cannot open");
		t0 = now();
		close(fd);
	} while (!took(k, t0, NMETA));
	c->close = median(k);
	phase(k);
	do {
		t0 = now();
		if (stat(k->file, &st) < 0)
			return fail(k, "cannot stat");
	} while (!took(k, t0, NMETA));
	c->stat = median(k);
	return 0;
}

/* the offset of call i of size sz: in order, or spread over the file by
 * a fixed permutation (a multiplier prime to the slot count) */
static off_t where(int i, int64_t sz, int rnd)
{
	int64_t slots = IOL_IOCOST_MAXBYTES / sz;

	if (!rnd)
		return (off_t)((i % slots) * sz);
	return (off_t)(((int64_t)i * 40503 + 17) % slots * sz);
}

static int rw_class(struct cal *k, struct iol_iocost *c, int fd, int rw,
		    int rnd, int s)
{
	int64_t sz = iol_iocost_sizes[s];
	int max =
		(int)(IOL_IOCOST_MAXBYTES / sz < NRW ? IOL_IOCOST_MAXBYTES / sz
						     : NRW);
	ssize_t r;
	double t0;
	int i = 0;

	/* sequential calls go where the last one ended, as a program's do */
	if (!rnd && lseek(fd, 0, SEEK_SET) < 0)
		return fail(k, "cannot seek");
	phase(k);
	do {
		off_t off = where(i++, sz, rnd);

		t0 = now();
		if (rnd)
			r = rw == IOL_IOC_READ
				    ? pread(fd, k->buf, (size_t)sz, off)
				    : pwrite(fd, k->buf, (size_t)sz, off);
		else
			r = rw == IOL_IOC_READ ? read(fd, k->buf, (size_t)sz)
					       : write(fd, k->buf, (size_t)sz);
		if (r != (ssize_t)sz) {
			if (r >= 0)
				errno = EIO;
			return fail(k, rw == IOL_IOC_READ ? "cannot read"
							  : "cannot write");
		}
	} while (!took(k, t0, max));
	c->rw[rw][rnd][s] = median(k);
	return 0;
}

static int data(struct cal *k, struct iol_iocost *c)
{
	int fd = open(k->file, O_RDWR), r = 0, s, rw, rnd;
	double t0;

	if (fd < 0)
		return fail(k, "cannot open");
	/* the file at its full size first, so that reads find data */
	for (s = 0; s < IOL_IOCOST_MAXBYTES / (1 << 20) && !r; s++)
		if (write(fd, k->buf, 1 << 20) != 1 << 20)
			r = fail(k, "cannot write");
	/* and on disk, so that the writes timed do not wait for its
	 * writeback */
	if (!r && fsync(fd) < 0)
		r = fail(k, "cannot fsync");
	for (rw = IOL_IOC_WRITE; rw >= IOL_IOC_READ && !r; rw--)
		for (rnd = 0; rnd < 2 && !r; rnd++)
			for (s = 0; s < IOL_IOCOST_NSIZES && !r; s++)
				r = rw_class(k, c, fd, rw, rnd, s);
	phase(k);
	while (!r) {
		if (pwrite(fd, k->buf, 4096, 0) != 4096) {
			r = fail(k, "cannot write");
			break;
		}
		t0 = now();
		if (fsync(fd) < 0)
			r = fail(k, "cannot fsync");
		else if (took(k, t0, NSYNC))
			break;
	}
	c->fsync = median(k);
	close(fd);
	return r;
}

/* sz bytes into fd from its start, 0 or -1 */
static int fill(struct cal *k, int fd, int64_t sz)
{
	int64_t done;
	size_t m;

	for (done = 0; done < sz; done += (int64_t)m) {
		m = sz - done < (1 << 20) ? (size_t)(sz - done) : 1 << 20;
		if (write(fd, k->buf, m) != (ssize_t)m)
			return -1;
	}
	return 0;
}

/* the medians of an open(O_TRUNC) of a file holding sz bytes written
 * moments before and not synced, as a rerun finds the previous run's
 * output, and of the close after writing sz bytes into it again, into
 * *o and *cl.  Synced first, as before issue 33 D4, the open cost 778 us
 * where reruns measured 0.21-0.34 ms; here (load 13-15) the median of 24
 * such opens of 64 KiB was 4.0 ms synced, 1.5-2.5 ms not. */
static int trunc_size(struct cal *k, int64_t sz, double *o, double *cl)
{
	double to[NTRUNC], tc[NTRUNC], t0;
	int fd, i, stop;

	phase(k);
	do {
		if ((fd = open(k->file, O_WRONLY | O_CREAT | O_TRUNC, 0600)) <
			    0 ||
		    fill(k, fd, sz) < 0 || close(fd) < 0)
			return fail(k, "cannot write");
		t0 = now();
		if ((fd = open(k->file, O_WRONLY | O_CREAT | O_TRUNC, 0600)) <
		    0)
			return fail(k, "cannot truncate");
		to[k->n] = now() - t0;
		if (fill(k, fd, sz) < 0)
			return fail(k, "cannot write");
		t0 = now();
		close(fd);
		stop = took(k, t0, NTRUNC);
	} while (!stop);
	for (i = 0; i < k->n; i++)
		tc[i] = k->t[i];
	memcpy(k->t, to, sizeof(to));
	*o = median(k);
	memcpy(k->t, tc, sizeof(tc));
	*cl = median(k);
	return 0;
}

/*
 * A rerun's truncation: opens with O_TRUNC of files holding 64 KiB and
 * 1 MiB, and the closes after writing them again, as a line through the
 * two (fixed, per MiB; neither below 0): on ext4 the open waits for the
 * blocks to be freed and the close starts the writeback
 * (auto_da_alloc), hundreds of times a create's cost.
 */
static int trunc_costs(struct cal *k, struct iol_iocost *c)
{
	double o1, c1, o2, c2;
	int r;

	if ((r = trunc_size(k, 65536, &o1, &c1)) ||
	    (r = trunc_size(k, 1 << 20, &o2, &c2)))
		return r;
	c->trunc_open_mib = fmax(0, (o2 - o1) * 16 / 15);
	c->trunc_open = fmax(o1 - c->trunc_open_mib / 16, 1e-9);
	c->trunc_close_mib = fmax(0, (c2 - c1) * 16 / 15);
	c->trunc_close = fmax(c1 - c->trunc_close_mib / 16, 1e-9);
	return 0;
}

double *iol_iocost_fig(struct iol_iocost *c, int f, char *buf, size_t n)
{
	static const char *const nm[IOL_IOCF_RW] = {
		"open",	 "create", "close",	 "stat",
		"fsync", "unlink", "trunc_open", "trunc_close",
	};
	double *const v[IOL_IOCF_RW] = {
		&c->open,  &c->create, &c->close,      &c->stat,
		&c->fsync, &c->unlink, &c->trunc_open, &c->trunc_close,
	};
	int k = f - IOL_IOCF_RW;

	if (f < IOL_IOCF_RW) {
		snprintf(buf, n, "%s", nm[f]);
		return v[f];
	}
	snprintf(buf, n, "%s %s %lld", k / 8 ? "write" : "read",
		 k / 4 % 2 ? "rand" : "seq",
		 (long long)iol_iocost_sizes[k % 4]);
	return &c->rw[k / 8][k / 4 % 2][k % 4];
}

/* c's figures the medians of the rounds r[], with their spread */
static void combine(struct iol_iocost *c, struct iol_iocost *r, int n)
{
	double v[IOL_IOCOST_ROUNDS], mo[IOL_IOCOST_ROUNDS],
		mc[IOL_IOCOST_ROUNDS];
	char name[64];
	int f, i;

	for (f = 0; f < IOL_IOCF_N; f++) {
		for (i = 0; i < n; i++)
			v[i] = *iol_iocost_fig(&r[i], f, name, sizeof(name));
		qsort(v, (size_t)n, sizeof(*v), cmp_d);
		*iol_iocost_fig(c, f, name, sizeof(name)) =
			n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
		c->lo[f] = v[0];
		c->hi[f] = v[n - 1];
	}
	for (i = 0; i < n; i++)
		mo[i] = r[i].trunc_open_mib, mc[i] = r[i].trunc_close_mib;
	qsort(mo, (size_t)n, sizeof(*mo), cmp_d);
	qsort(mc, (size_t)n, sizeof(*mc), cmp_d);
	c->trunc_open_mib = n % 2 ? mo[n / 2] : (mo[n / 2 - 1] + mo[n / 2]) / 2;
	c->trunc_close_mib =
		n % 2 ? mc[n / 2] : (mc[n / 2 - 1] + mc[n / 2]) / 2;
}

static int measure_round(const char *dir, struct iol_iocost *c,
			 struct iol_error *err);

int iol_iocost_measure(const char *dir, struct iol_iocost *c,
		       struct iol_error *err)
{
	struct iol_iocost r[IOL_IOCOST_ROUNDS];
	int i, rc = 0;

	for (i = 0; i < IOL_IOCOST_ROUNDS && !rc; i++)
		rc = measure_round(dir, &r[i], err);
	if (rc)
		return rc;
	*c = r[0];
	combine(c, r, IOL_IOCOST_ROUNDS);
	return 0;
}

/* one round of every figure */
static int measure_round(const char *dir, struct iol_iocost *c,
			 struct iol_error *err)
{
	struct cal k;
	int fd, r;

	memset(c, 0, sizeof(*c));
	memset(&k, 0, sizeof(k));
	k.err = err;
	snprintf(c->dir, sizeof(c->dir), "%s", dir);
	snprintf(k.dir, sizeof(k.dir), "%s/.iolens-calibrate.XXXXXX", dir);
	snprintf(k.file, sizeof(k.file), "%s", dir);
	if (!mkdtemp(k.dir))
		return fail(&k, "cannot make a directory in");
	snprintf(k.file, sizeof(k.file), "%s/data", k.dir);
	if (!(k.buf = malloc(1 << 20))) {
		rmdir(k.dir);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	memset(k.buf, 'x', 1 << 20);
	if ((fd = open(k.file, O_WRONLY | O_CREAT | O_EXCL, 0600)) < 0) {
		r = fail(&k, "cannot create");
	} else {
		close(fd);
		r = meta(&k, c);
		if (!r)
			r = data(&k, c);
		if (!r)
			r = trunc_costs(&k, c);
		unlink(k.file);
	}
	rmdir(k.dir);
	free(k.buf);
	return r;
}

int iol_iocost_path(char *buf, size_t n)
{
	const char *x = getenv("XDG_CONFIG_HOME"), *h = getenv("HOME");

	if (x && *x == '/')
		snprintf(buf, n, "%s/iolens/iocost", x);
	else if (h && *h == '/')
		snprintf(buf, n, "%s/.config/iolens/iocost", h);
	else
		return IOL_EINVAL;
	return 0;
}

/* mkdir -p of path's directories */
static int parents(const char *path)
{
	char d[4096];
	char *p;

	snprintf(d, sizeof(d), "%s", path);
	for (p = d + 1; (p = strchr(p, '/')); p++) {
		*p = 0;
		if (mkdir(d, 0755) < 0 && errno != EEXIST)
			return -1;
		*p = '/';
	}
	return 0;
}

static const char *const rwname[2] = {"read", "write"};
static const char *const pname[2] = {"seq", "rand"};

/* "spread NAME LO HI" of each figure measured in rounds */
static void spreads(FILE *f, const struct iol_iocost *c)
{
	struct iol_iocost x = *c;
	char name[64];
	int k;

	for (k = 0; k < IOL_IOCF_N; k++)
		if (c->lo[k] > 0 && c->hi[k] >= c->lo[k]) {
			iol_iocost_fig(&x, k, name, sizeof(name));
			fprintf(f, "spread %s %.9g %.9g\n", name, c->lo[k],
				c->hi[k]);
		}
}

/* a "spread NAME LO HI" line into c: 1, or 0 another line */
static int parse_spread(struct iol_iocost *c, const char *l)
{
	char name[64], a[16], b[16], want[64];
	long long sz;
	double lo, hi;
	int k;

	if (strncmp(l, "spread ", 7))
		return 0;
	if (sscanf(l + 7, "%15s %15s %lld %lf %lf", a, b, &sz, &lo, &hi) == 5)
		snprintf(name, sizeof(name), "%s %s %lld", a, b, sz);
	else if (sscanf(l + 7, "%15s %lf %lf", a, &lo, &hi) == 3)
		snprintf(name, sizeof(name), "%s", a);
	else
		return 0;
	for (k = 0; k < IOL_IOCF_N; k++) {
		iol_iocost_fig(c, k, want, sizeof(want));
		if (!strcmp(want, name) && lo > 0 && hi >= lo && isfinite(hi)) {
			c->lo[k] = lo;
			c->hi[k] = hi;
			return 1;
		}
	}
	return 0;
}

int iol_iocost_save(const struct iol_iocost *c, const char *path,
		    struct iol_error *err)
{
	char tmp[4200];
	FILE *f;
	int rw, p, s, bad;

	snprintf(tmp, sizeof(tmp), "%s.tmp.%ld", path, (long)getpid());
	if (parents(path) < 0 || !(f = fopen(tmp, "w")))
		return iol_error_set(err, IOL_EIO, "cannot write '%s': %s",
				     path, strerror(errno));
	fprintf(f, "# iolens I/O cost model 1: seconds per call (medians), "
		   "measured by\n# iolens blocks --calibrate; "
		   "\"read|write seq|rand SIZE SECONDS\" per size class\n");
	fprintf(f,
		"dir %s\nopen %.9g\ncreate %.9g\nclose %.9g\nstat %.9g\n"
		"fsync %.9g\n",
		c->dir, c->open, c->create, c->close, c->stat, c->fsync);
	if (!c->unlink_est && c->unlink > 0)
		fprintf(f, "unlink %.9g\n", c->unlink);
	for (rw = 0; rw < 2; rw++)
		for (p = 0; p < 2; p++)
			for (s = 0; s < IOL_IOCOST_NSIZES; s++)
				fprintf(f, "%s %s %lld %.9g\n", rwname[rw],
					pname[p],
					(long long)iol_iocost_sizes[s],
					c->rw[rw][p][s]);
	if (iol_iocost_has_trunc(c))
		fprintf(f,
			"trunc_open %.9g\ntrunc_open_mib %.9g\n"
			"trunc_close %.9g\ntrunc_close_mib %.9g\n",
			c->trunc_open, c->trunc_open_mib, c->trunc_close,
			c->trunc_close_mib);
	spreads(f, c);
	if (iol_iocost_has_mpi(c))
		fprintf(f,
			"mpiio_open %.9g\nmpiio_close %.9g\nmpiio_read %.9g\n"
			"mpiio_write %.9g\n",
			c->mpi_open, c->mpi_close, c->mpi_rw[0], c->mpi_rw[1]);
	bad = ferror(f);
	if (fclose(f) != 0 || bad || rename(tmp, path) < 0) {
		unlink(tmp);
		return iol_error_set(err, IOL_EIO, "cannot write '%s': %s",
				     path, strerror(errno));
	}
	return 0;
}

static int size_class(long long sz)
{
	int s;

	for (s = 0; s < IOL_IOCOST_NSIZES; s++)
		if (iol_iocost_sizes[s] == sz)
			return s;
	return -1;
}

/* an unlink cost a model may hold: seconds, more than 0 and at most an
 * hour (a line of "-3e-05", "nan" or "1e308" costed 200 unlinks at
 * nothing or at an infinity, printed as an empty field) */
static int unlink_ok(double v)
{
	return v > 0 && v <= 3600;
}

int iol_iocost_parse_line(struct iol_iocost *c, char *l)
{
	char a[16], b[16];
	long long sz;
	double v;
	int rw, p, s;

	if (parse_spread(c, l))
		return 1;
	if (!strncmp(l, "dir ", 4)) {
		l[strcspn(l, "\n")] = 0;
		snprintf(c->dir, sizeof(c->dir), "%s", l + 4);
		return 0;
	}
	if (sscanf(l, "%15s %15s %lld %lf", a, b, &sz, &v) == 4) {
		rw = !strcmp(a, "read") ? 0 : !strcmp(a, "write") ? 1 : -1;
		p = !strcmp(b, "seq") ? 0 : !strcmp(b, "rand") ? 1 : -1;
		if (rw < 0 || p < 0 || (s = size_class(sz)) < 0)
			return 0;
		c->rw[rw][p][s] = v;
		return 1;
	}
	if (sscanf(l, "%15s %lf", a, &v) != 2)
		return 0;
	if (!strcmp(a, "open"))
		c->open = v;
	else if (!strcmp(a, "create"))
		c->create = v;
	else if (!strcmp(a, "close"))
		c->close = v;
	else if (!strcmp(a, "stat"))
		c->stat = v;
	else if (!strcmp(a, "fsync"))
		c->fsync = v;
	else if (!strcmp(a, "unlink")) {
		c->unlink = v;
		c->unlink_est = unlink_ok(v) ? 0 : 2;
	} else if (!strcmp(a, "trunc_open"))
		c->trunc_open = v;
	else if (!strcmp(a, "trunc_open_mib"))
		c->trunc_open_mib = v;
	else if (!strcmp(a, "trunc_close"))
		c->trunc_close = v;
	else if (!strcmp(a, "trunc_close_mib"))
		c->trunc_close_mib = v;
	else if (!strcmp(a, "mpiio_open"))
		c->mpi_open = v;
	else if (!strcmp(a, "mpiio_close"))
		c->mpi_close = v;
	else if (!strcmp(a, "mpiio_read"))
		c->mpi_rw[0] = v;
	else if (!strcmp(a, "mpiio_write"))
		c->mpi_rw[1] = v;
	else
		return 0;
	return 1;
}

int iol_iocost_load(struct iol_iocost *c, const char *path,
		    struct iol_error *err)
{
	char line[1200];
	FILE *f = fopen(path, "r");
	int rw, p, s;

	memset(c, 0, sizeof(*c));
	if (!f) {
		iol_error_set(err, IOL_EIO, "cannot open '%s': %s", path,
			      strerror(errno));
		if (err)
			err->sys = errno;
		return IOL_EIO;
	}
	while (fgets(line, sizeof(line), f))
		if (line[0] != '#')
			iol_iocost_parse_line(c, line);
	fclose(f);
	/* every cost there and a positive number: a model with a hole
	 * would rank blocks by what it left out */
	for (rw = 0; rw < 2; rw++)
		for (p = 0; p < 2; p++)
			for (s = 0; s < IOL_IOCOST_NSIZES; s++)
				if (!(c->rw[rw][p][s] > 0 &&
				      isfinite(c->rw[rw][p][s])))
					return iol_error_set(
						err, IOL_ECORRUPT,
						"'%s': no %s %s %lld cost",
						path, rwname[rw], pname[p],
						(long long)iol_iocost_sizes[s]);
	if (!(c->open > 0 && c->close > 0 && c->stat > 0 && c->fsync > 0 &&
	      isfinite(c->open + c->close + c->stat + c->fsync)))
		return iol_error_set(err, IOL_ECORRUPT,
				     "'%s': no open, close, stat or fsync cost",
				     path);
	/* a model of before creates were measured: its open was one */
	if (!(c->create > 0 && isfinite(c->create)))
		c->create = c->open;
	/* a model of before unlinks were measured: as a create, which
	 * makes what an unlink takes away (a name and an inode), said as
	 * estimated */
	if (c->unlink_est != 2)
		c->unlink_est = !unlink_ok(c->unlink);
	if (c->unlink_est)
		c->unlink = c->create;
	/* a rerun's all there (per MiB may be 0) or none */
	if (!iol_iocost_has_trunc(c) || !(c->trunc_open_mib >= 0) ||
	    !(c->trunc_close_mib >= 0) ||
	    !isfinite(c->trunc_open + c->trunc_open_mib + c->trunc_close +
		      c->trunc_close_mib))
		c->trunc_open = c->trunc_open_mib = c->trunc_close =
			c->trunc_close_mib = 0;
	/* MPI-IO's are all there or none */
	if (!iol_iocost_has_mpi(c) ||
	    !isfinite(c->mpi_open + c->mpi_close + c->mpi_rw[0] + c->mpi_rw[1]))
		c->mpi_open = c->mpi_close = c->mpi_rw[0] = c->mpi_rw[1] = 0;
	return 0;
}

/* the cost of one call of sz bytes, pattern p */
static double one(const struct iol_iocost *c, int rw, int p, double sz)
{
	const double *v = c->rw[rw][p];
	int s;

	if (sz <= (double)iol_iocost_sizes[0])
		return v[0];
	for (s = 1; s < IOL_IOCOST_NSIZES; s++)
		if (sz <= (double)iol_iocost_sizes[s]) {
			double a = (double)iol_iocost_sizes[s - 1];
			double b = (double)iol_iocost_sizes[s];

			return v[s - 1] +
			       (sz - a) * (v[s] - v[s - 1]) / (b - a);
		}
	return v[IOL_IOCOST_NSIZES - 1] * sz /
	       (double)iol_iocost_sizes[IOL_IOCOST_NSIZES - 1];
}

double iol_iocost_rw(const struct iol_iocost *c, int rw, int64_t n,
		     int64_t bytes, double rand)
{
	double sz;

	if (n <= 0)
		return 0;
	sz = bytes > 0 ? (double)bytes / (double)n : 0;
	rand = rand < 0 ? 0 : rand > 1 ? 1 : rand;
	return (double)n * ((1 - rand) * one(c, rw, IOL_IOC_SEQ, sz) +
			    rand * one(c, rw, IOL_IOC_RAND, sz));
}

/* what MPI-IO's own costs add to n's MPI-IO calls costed as POSIX
 * calls: per kind, MPI-IO's cost less the POSIX one where it is more;
 * without them, the default overhead of each call */
static double mpi_extra(const struct iol_iocost *c, const struct iol_iocalls *n,
			double posix_open, double rand)
{
	double e = 0, x;
	int k;

	if (!iol_iocost_has_mpi(c))
		return (double)n->mpi_opens * IOL_IOCOST_MPI_DEF_OPEN +
		       (double)n->mpi_others * IOL_IOCOST_MPI_DEF_CLOSE +
		       (double)(n->mpi_reads + n->mpi_writes) *
			       IOL_IOCOST_MPI_DEF_RW;
	e += (double)n->mpi_opens * fmax(0, c->mpi_open - posix_open);
	e += (double)n->mpi_others *
	     fmax(0, c->mpi_close - (c->close + c->stat) / 2);
	for (k = IOL_IOC_READ; k <= IOL_IOC_WRITE; k++) {
		int64_t m = k == IOL_IOC_READ ? n->mpi_reads : n->mpi_writes;
		int64_t b = k == IOL_IOC_READ ? n->mpi_bytes_read
					      : n->mpi_bytes_written;

		if (m <= 0)
			continue;
		x = (double)m * c->mpi_rw[k] - iol_iocost_rw(c, k, m, b, rand);
		e += fmax(0, x);
	}
	return e;
}

/* what a rerun's truncation adds: its opens cost a truncating open (of
 * their bytes) rather than a create, its closes the close after a
 * truncate rather than the mean of close and stat */
static double trunc_extra(const struct iol_iocost *c,
			  const struct iol_iocalls *n, int64_t creates)
{
	int64_t to = n->trunc_opens > creates ? creates : n->trunc_opens;
	int64_t tc = n->trunc_closes > n->others ? n->others : n->trunc_closes;
	double e = 0;

	if (!iol_iocost_reruns(c))
		return 0;
	if (to > 0)
		e += (double)to * (c->trunc_open - c->create) +
		     (double)n->trunc_bytes / 1048576.0 * c->trunc_open_mib;
	if (tc > 0)
		e += (double)tc * (c->trunc_close - (c->close + c->stat) / 2) +
		     (double)n->trunc_close_bytes / 1048576.0 *
			     c->trunc_close_mib;
	return e;
}

double iol_iocost_calls(const struct iol_iocost *c, const struct iol_iocalls *n)
{
	/* in doubles: counts of INT64_MAX (nested loops') overflowed */
	double rw = (double)n->reads + (double)n->writes;
	double rand = rw > 0 ? (double)n->positioned / rw : 0;

	int64_t cr = n->creates < 0	     ? 0
		     : n->creates > n->opens ? n->opens
					     : n->creates;

	double op = (double)(n->opens - cr) * c->open + (double)cr * c->create;
	int64_t ul = n->unlinks < 0	      ? 0
		     : n->unlinks > n->others ? n->others
					      : n->unlinks;

	return op + trunc_extra(c, n, cr) + (double)n->syncs * c->fsync +
	       (double)(n->others - ul) * (c->close + c->stat) / 2 +
	       (double)ul * c->unlink +
	       iol_iocost_rw(c, IOL_IOC_READ, n->reads, n->bytes_read, rand) +
	       iol_iocost_rw(c, IOL_IOC_WRITE, n->writes, n->bytes_written,
			     rand) +
	       mpi_extra(c, n, n->opens > 0 ? op / (double)n->opens : c->open,
			 rand);
}

static const double *rank_of;

static int cmp_at(const void *a, const void *b)
{
	double x = rank_of[*(const size_t *)a], y = rank_of[*(const size_t *)b];

	return x < y ? -1 : x > y;
}

/* r[i]: the rank of v[i], 1-based, ties their mean; 0 or -1 (memory) */
static int ranks(const double *v, size_t n, double *r)
{
	size_t *ix = malloc(n * sizeof(*ix)), i, j, k;

	if (!ix)
		return -1;
	for (i = 0; i < n; i++)
		ix[i] = i;
	rank_of = v;
	qsort(ix, n, sizeof(*ix), cmp_at);
	for (i = 0; i < n; i = j + 1) {
		for (j = i; j + 1 < n && v[ix[j + 1]] == v[ix[i]]; j++)
			;
		for (k = i; k <= j; k++)
			r[ix[k]] = (double)(i + j) / 2 + 1;
	}
	free(ix);
	return 0;
}

double iol_spearman(const double *x, const double *y, size_t n)
{
	double *rx, *ry, mx = 0, my = 0, c = 0, dx = 0, dy = 0, res = NAN;
	size_t i;

	if (n < 2)
		return NAN;
	rx = malloc(n * sizeof(*rx));
	ry = malloc(n * sizeof(*ry));
	if (rx && ry && !ranks(x, n, rx) && !ranks(y, n, ry)) {
		for (i = 0; i < n; i++)
			mx += rx[i] / (double)n, my += ry[i] / (double)n;
		for (i = 0; i < n; i++) {
			c += (rx[i] - mx) * (ry[i] - my);
			dx += (rx[i] - mx) * (rx[i] - mx);
			dy += (ry[i] - my) * (ry[i] - my);
		}
		if (dx > 0 && dy > 0)
			res = c / sqrt(dx * dy);
	}
	free(rx);
	free(ry);
	return res;
}

int iol_iocost_load_saved(struct iol_iocost *c, struct iol_error *err)
{
	char path[4096];
	int r;

	if (iol_iocost_path(path, sizeof(path)) < 0)
		return 1;
	r = iol_iocost_load(c, path, err);
	return r == IOL_EIO && err && err->sys == ENOENT ? 1 : r;
}
