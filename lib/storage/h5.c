/*
 * h5lmt and TOKIO time-series HDF5, read through libhdf5 loaded with
 * dlopen on the first such file (as libpq is for a PostgreSQL store):
 * no other command loads it or needs it installed, and the build needs
 * no HDF5 header: the few types and calls used are declared here as
 * HDF5 1.10 and later define them (hid_t 64 bits).
 *
 * h5lmt: OST rates (bytes/s) per step, column i the rate between time
 * stamps i-1 and i (column 0 has none); FSMissingGroup marks samples
 * that are missing (no interval).  TOKIO: row i covers [t_i, t_i+step),
 * in bytes (readbytes) or bytes/s (readrates); a NaN is missing.
 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "storage/fsmon.h"
#include "base/banned.h"

typedef int64_t hid_t;
typedef int herr_t;
typedef int htri_t;
typedef unsigned long long hsize_t;

struct h5fns {
	herr_t (*open)(void);
	herr_t (*eset)(hid_t, void *, void *);
	hid_t (*fopen)(const char *, unsigned, hid_t);
	herr_t (*fclose)(hid_t);
	htri_t (*lexists)(hid_t, const char *, hid_t);
	hid_t (*dopen)(hid_t, const char *, hid_t);
	herr_t (*dclose)(hid_t);
	hid_t (*dspace)(hid_t);
	herr_t (*dread)(hid_t, hid_t, hid_t, hid_t, hid_t, void *);
	int (*sndims)(hid_t);
	int (*sdims)(hid_t, hsize_t *, hsize_t *);
	herr_t (*sclose)(hid_t);
	htri_t (*aexists)(hid_t, const char *);
	hid_t (*aopen)(hid_t, const char *, hid_t);
	herr_t (*aclose)(hid_t);
	hid_t (*atype)(hid_t);
	hid_t (*aspace)(hid_t);
	herr_t (*aread)(hid_t, hid_t, void *);
	size_t (*tsize)(hid_t);
	htri_t (*tvarstr)(hid_t);
	hid_t (*tcopy)(hid_t);
	herr_t (*tsetsize)(hid_t, size_t);
	herr_t (*tclose)(hid_t);
	herr_t (*freemem)(void *);
	hid_t *native_double, *c_s1;
};
static struct h5fns h5;
static char h5_fail[256];
static pthread_once_t h5_once = PTHREAD_ONCE_INIT;

#define H5P_DEFAULT ((hid_t)0)
#define H5S_ALL ((hid_t)0)
#define H5E_DEFAULT ((hid_t)0)
#define H5T_VARIABLE ((size_t)-1)

static const struct {
	size_t off;
	const char *name;
} h5_syms[] = {
#define S(m, n)                              \
	{                                    \
		offsetof(struct h5fns, m), n \
	}
	S(open, "H5open"),
	S(eset, "H5Eset_auto2"),
	S(fopen, "H5Fopen"),
	S(fclose, "H5Fclose"),
	S(lexists, "H5Lexists"),
	S(dopen, "H5Dopen2"),
	S(dclose, "H5Dclose"),
	S(dspace, "H5Dget_space"),
	S(dread, "H5Dread"),
	S(sndims, "H5Sget_simple_extent_ndims"),
	S(sdims, "H5Sget_simple_extent_dims"),
	S(sclose, "H5Sclose"),
	S(aexists, "H5Aexists"),
	S(aopen, "H5Aopen"),
	S(aclose, "H5Aclose"),
	S(atype, "H5Aget_type"),
	S(aspace, "H5Aget_space"),
	S(aread, "H5Aread"),
	S(tsize, "H5Tget_size"),
	S(tvarstr, "H5Tis_variable_str"),
	S(tcopy, "H5Tcopy"),
	S(tsetsize, "H5Tset_size"),
	S(tclose, "H5Tclose"),
	S(freemem, "H5free_memory"),
	S(native_double, "H5T_NATIVE_DOUBLE_g"),
	S(c_s1, "H5T_C_S1_g"),
#undef S
};

/* Debian's serial build first, then upstream's names, 1.10 to 1.14 */
static const char *const h5_sonames[] = {
	"libhdf5_serial.so.103",
	"libhdf5_serial.so.200",
	"libhdf5_serial.so.310",
	"libhdf5.so.103",
	"libhdf5.so.200",
	"libhdf5.so.310",
	"libhdf5.so",
};

static void h5_load(void)
{
	void *h = NULL;
	size_t i;

	for (i = 0; !h && i < sizeof(h5_sonames) / sizeof(*h5_sonames); i++)
		h = dlopen(h5_sonames[i], RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		snprintf(h5_fail, sizeof(h5_fail), "%s", dlerror());
		return;
	}
	for (i = 0; i < sizeof(h5_syms) / sizeof(*h5_syms); i++) {
		void *f = dlsym(h, h5_syms[i].name);

		if (!f) {
			snprintf(h5_fail, sizeof(h5_fail), "libhdf5 has no %s",
				 h5_syms[i].name);
			return;
		}
		/* POSIX: dlsym's address fits a function pointer */
		memcpy((char *)&h5 + h5_syms[i].off, &f, sizeof(f));
	}
	/* the library initialises its type globals here; its error stack
	 * would print to stderr, and lib/ never prints */
	if (h5.open() < 0 || h5.eset(H5E_DEFAULT, NULL, NULL) < 0)
		snprintf(h5_fail, sizeof(h5_fail), "H5open failed");
}

/* A dataset read whole as doubles: rows x cols (cols 1 for rank 1). */
struct h5arr {
	double *v;
	size_t rows, cols;
};

static int h5_exists(hid_t f, const char *path)
{
	char part[256];
	const char *p = path;

	/* H5Lexists wants each link above the last to exist */
	while ((p = strchr(p + 1, '/'))) {
		snprintf(part, sizeof(part), "%.*s", (int)(p - path), path);
		if (h5.lexists(f, part, H5P_DEFAULT) <= 0)
			return 0;
	}
	return h5.lexists(f, path, H5P_DEFAULT) > 0;
}

static int h5_read(hid_t f, const char *path, struct h5arr *a,
		   struct iol_error *err)
{
	hsize_t dims[2] = {0, 1};
	hid_t d, s;
	int nd;

	memset(a, 0, sizeof(*a));
	if (!h5_exists(f, path))
		return iol_error_set(err, IOL_ECORRUPT, "no dataset %s", path);
	d = h5.dopen(f, path, H5P_DEFAULT);
	if (d < 0)
		return iol_error_set(err, IOL_ECORRUPT, "cannot open %s", path);
	s = h5.dspace(d);
	nd = s < 0 ? -1 : h5.sndims(s);
	if (nd < 1 || nd > 2 || h5.sdims(s, dims, NULL) < 0 ||
	    dims[0] * dims[1] > 100000000ULL) {
		if (s >= 0)
			h5.sclose(s);
		h5.dclose(d);
		return iol_error_set(err, IOL_ECORRUPT,
				     "%s: not a table of numbers", path);
	}
	h5.sclose(s);
	a->rows = (size_t)dims[0];
	a->cols = nd == 2 ? (size_t)dims[1] : 1;
	a->v = malloc((a->rows * a->cols + 1) * sizeof(double));
	if (!a->v || h5.dread(d, *h5.native_double, H5S_ALL, H5S_ALL,
			      H5P_DEFAULT, a->v) < 0) {
		h5.dclose(d);
		free(a->v);
		a->v = NULL;
		return iol_error_set(err, IOL_ECORRUPT, "cannot read %s", path);
	}
	h5.dclose(d);
	return 0;
}

static double at(const struct h5arr *a, size_t r, size_t c)
{
	return a->v[r * a->cols + c];
}

/* The string array attribute name of dataset path into names[i]
 * (caller frees each); n wanted; missing names stay NULL. */
static void h5_names(hid_t f, const char *path, const char *name, char **names,
		     size_t n)
{
	hid_t d = h5.dopen(f, path, H5P_DEFAULT), a = -1, t = -1, s = -1;
	hsize_t dim[2] = {0, 0};
	size_t sz, i, k;

	if (d < 0)
		return;
	if (h5.aexists(d, name) > 0 &&
	    (a = h5.aopen(d, name, H5P_DEFAULT)) >= 0 &&
	    (t = h5.atype(a)) >= 0 && (s = h5.aspace(a)) >= 0 &&
	    h5.sdims(s, dim, NULL) >= 0) {
		k = dim[0] < n ? (size_t)dim[0] : n;
		if (h5.tvarstr(t) > 0) {
			hid_t mt = h5.tcopy(*h5.c_s1);
			char **v = calloc(dim[0] + 1, sizeof(*v));

			if (v && mt >= 0 &&
			    h5.tsetsize(mt, H5T_VARIABLE) >= 0 &&
			    h5.aread(a, mt, v) >= 0) {
				for (i = 0; i < k; i++)
					names[i] = v[i] ? strdup(v[i]) : NULL;
				for (i = 0; i < dim[0]; i++)
					h5.freemem(v[i]);
			}
			free(v);
			if (mt >= 0)
				h5.tclose(mt);
		} else if ((sz = h5.tsize(t)) > 0 && dim[0] < 1000000) {
			char *b = calloc((size_t)dim[0] + 1, sz);

			if (b && h5.aread(a, t, b) >= 0)
				for (i = 0; i < k; i++)
					names[i] = strndup(b + i * sz, sz);
			free(b);
		}
	}
	if (s >= 0)
		h5.sclose(s);
	if (t >= 0)
		h5.tclose(t);
	if (a >= 0)
		h5.aclose(a);
	h5.dclose(d);
}

/* v may be NULL: a reader that failed before its names were read */
static void free_names(char **v, size_t n)
{
	size_t i;

	for (i = 0; v && i < n; i++)
		free(v[i]);
	free(v);
}

/* name i of a table, or a made-up one ("OST0003") */
static const char *name_of(char **names, size_t i, const char *pfx, char *buf,
			   size_t n)
{
	if (names && names[i] && names[i][0])
		return names[i];
	snprintf(buf, n, "%s%04zx", pfx, i);
	return buf;
}

/* bytes of [t0, t1) (gap: the samples missing inside it, as an LMT
 * counter across missing readings); a count past 2^53 (or infinite) is
 * no sample of a server: refused, naming the target and time */
static int add_bytes(struct iol_fsmon *m, const char *name, double t0,
		     double t1, double r, double w, int gap,
		     struct iol_error *err)
{
	struct iol_ival iv = {0};

	if (!(r <= 9007199254740992.0) || !(w <= 9007199254740992.0))
		return iol_error_set(err, IOL_ECORRUPT,
				     "%s at %.0f: %g bytes is no count of "
				     "bytes",
				     name, t0, r > w ? r : w);

	iv.start = t0;
	iv.end = t1;
	iv.rbytes = llround(r < 0 ? 0 : r);
	iv.wbytes = llround(w < 0 ? 0 : w);
	iv.util = -1;
	iv.gap = gap;
	return iol_devset_add(&m->data, name, &iv);
}

/* the smallest step between time stamps: the recorded one, where a
 * time stamp that skips a step would make the first difference long */
static double min_step(const double *ts, size_t n)
{
	double step = 0;
	size_t k;

	for (k = 1; k < n; k++)
		if (ts[k] > ts[k - 1] &&
		    (!(step > 0) || ts[k] - ts[k - 1] < step))
			step = ts[k] - ts[k - 1];
	return step;
}

/* every time stamp a time from 1970 to 9999 (as mmperfmon's): a NaN or
 * an absurd one would make an interval of no length or of NaN ends
 * (TOKIO's row k is [t_k, t_k + step)), and a hole to it bins past any
 * memory; refused, naming it */
static int stamps(const struct h5arr *ts, const char *what,
		  struct iol_error *err)
{
	size_t k;

	for (k = 0; k < ts->rows; k++)
		if (!(ts->v[k] >= 0 && ts->v[k] < 253402300800.0))
			return iol_error_set(err, IOL_ECORRUPT,
					     "%s: time stamp %zu (%g) is no "
					     "time",
					     what, k + 1, ts->v[k]);
	return 0;
}

/* h5lmt: targets are the rows, time steps the columns */
static int h5lmt_osts(struct iol_fsmon *m, hid_t f, const struct h5arr *ts,
		      struct iol_error *err)
{
	struct h5arr rd, wr, miss = {0};
	char **names = NULL, buf[32];
	double step;
	size_t i, k;
	int r;

	if ((r = h5_read(f, "/OSTReadGroup/OSTBulkReadDataSet", &rd, err)) < 0)
		return r;
	if ((r = h5_read(f, "/OSTWriteGroup/OSTBulkWriteDataSet", &wr, err)) <
	    0) {
		free(rd.v);
		return r;
	}
	if (h5_exists(f, "/FSMissingGroup/FSMissingDataSet"))
		h5_read(f, "/FSMissingGroup/FSMissingDataSet", &miss, err);
	if (rd.rows != wr.rows || rd.cols != wr.cols || rd.cols != ts->rows)
		r = iol_error_set(err, IOL_ECORRUPT,
				  "h5lmt: OST tables and time steps differ "
				  "in size");
	names = calloc(rd.rows + 1, sizeof(*names));
	if (r == 0 && names)
		h5_names(f, "/OSTWriteGroup/OSTBulkWriteDataSet", "OSTNames",
			 names, rd.rows);
	step = min_step(ts->v, ts->rows);
	for (i = 0; r == 0 && i < rd.rows; i++) {
		const char *nm = name_of(names, i, "OST", buf, sizeof(buf));
		struct iol_fstarget *t = iol_fsmon_target(m, nm, IOL_FSK_OST);
		struct iol_fsrun u = {0, 0, 0};

		if (!t) {
			r = IOL_ENOMEM;
			break;
		}
		for (k = 1; r == 0 && k < rd.cols; k++) {
			double dt = ts->v[k] - ts->v[k - 1];
			double rb = at(&rd, i, k) * dt, wb = at(&wr, i, k) * dt;
			int gap = iol_fsmon_missing(dt, step);

			if (!(dt > 0))
				continue;
			if ((miss.v && miss.rows == rd.rows &&
			     miss.cols == rd.cols && at(&miss, i, k) != 0) ||
			    isnan(rb) || isnan(wb)) {
				r = iol_fsrun_add(m, t, nm, &u, ts->v[k - 1],
						  ts->v[k], gap + 1);
				continue;
			}
			if ((r = iol_fsrun_end(m, t, nm, &u)) == 0)
				r = add_bytes(m, nm, ts->v[k - 1], ts->v[k], rb,
					      wb, gap, err);
		}
		if (r == 0)
			r = iol_fsrun_end(m, t, nm, &u);
	}
	free_names(names, rd.rows);
	free(rd.v);
	free(wr.v);
	free(miss.v);
	return r;
}

/* CPU per server: rows servers x columns steps (h5lmt), or rows steps x
 * columns servers (TOKIO, transposed) */
static int cpu_table(struct iol_fsmon *m, hid_t f, const char *path,
		     const char *attr, int kind, const double *ts, size_t nts,
		     int transposed, struct iol_error *err)
{
	struct h5arr c;
	char **names, buf[32];
	size_t i, k, ns, nt;
	int r = 0;

	if (!h5_exists(f, path))
		return 0;
	if ((r = h5_read(f, path, &c, err)) < 0)
		return r;
	ns = transposed ? c.cols : c.rows;
	nt = transposed ? c.rows : c.cols;
	if (ns == 1 && c.cols == 1 && !transposed) { /* rank 1: one server */
		ns = 1;
		nt = c.rows;
		transposed = 1;
	}
	if (nt > nts)
		nt = nts;
	names = calloc(ns + 1, sizeof(*names));
	if (names)
		h5_names(f, path, attr, names, ns);
	for (i = 0; r == 0 && i < ns; i++) {
		struct iol_fstarget *t = iol_fsmon_target(
			m,
			name_of(names, i, kind == IOL_FSK_MDS ? "MDS" : "OSS",
				buf, sizeof(buf)),
			kind);

		if (!t)
			r = IOL_ENOMEM;
		for (k = 0; r == 0 && k < nt; k++)
			r = iol_fsmon_gauge(
				&t->cpu, &t->ncpu, &t->cpucap, ts[k],
				transposed ? at(&c, k, i) : at(&c, i, k), 0);
	}
	free_names(names, ns);
	free(c.v);
	return r;
}

/* h5lmt's /MDSOpsGroup: operations (rows, OpNames) per second per step */
static int h5lmt_ops(struct iol_fsmon *m, hid_t f, const struct h5arr *ts,
		     struct iol_error *err)
{
	static const char path[] = "/MDSOpsGroup/MDSOpsDataSet";
	struct h5arr c;
	char **names, buf[32];
	size_t i, k;
	int r;

	if (!h5_exists(f, path))
		return 0;
	if ((r = h5_read(f, path, &c, err)) < 0)
		return r;
	names = calloc(c.rows + 1, sizeof(*names));
	if (names)
		h5_names(f, path, "OpNames", names, c.rows);
	for (i = 0; r == 0 && i < c.rows; i++)
		for (k = 1; r == 0 && k < c.cols && k < ts->rows; k++) {
			struct iol_ival iv = {0};

			iv.start = ts->v[k - 1];
			iv.end = ts->v[k];
			iv.util = -1;
			iv.reads = at(&c, i, k) * (iv.end - iv.start);
			if (isnan(iv.reads))
				continue;
			r = iol_devset_add(
				&m->mdops,
				name_of(names, i, "op", buf, sizeof(buf)), &iv);
		}
	free_names(names, c.rows);
	free(c.v);
	return r;
}

static int h5lmt_read(struct iol_fsmon *m, hid_t f, struct iol_error *err)
{
	struct h5arr ts;
	int r;

	if ((r = h5_read(f, "/FSStepsGroup/FSStepsDataSet", &ts, err)) < 0)
		return r;
	r = stamps(&ts, "h5lmt", err);
	if (r == 0)
		r = h5lmt_osts(m, f, &ts, err);
	if (r == 0)
		r = cpu_table(m, f, "/OSSCPUGroup/OSSCPUDataSet", "OSSNames",
			      IOL_FSK_OSS, ts.v, ts.rows, 0, err);
	if (r == 0)
		r = cpu_table(m, f, "/MDSCPUGroup/MDSCPUDataSet", "",
			      IOL_FSK_MDS, ts.v, ts.rows, 0, err);
	if (r == 0)
		r = h5lmt_ops(m, f, &ts, err);
	free(ts.v);
	return r;
}

/* one TOKIO OST (column i): row k is [t_k, t_k + step), a NaN a
 * missing sample, a time stamp that skips steps missing samples too */
static int tokio_series(struct iol_fsmon *m, struct iol_fstarget *t,
			const char *nm, const struct h5arr *ts,
			const struct h5arr *rd, const struct h5arr *wr,
			size_t i, double step, double scale,
			struct iol_error *err)
{
	struct iol_fsrun u = {0, 0, 0};
	size_t k;
	int r = 0;

	for (k = 0; r == 0 && k < rd->rows; k++) {
		double t0 = ts->v[k], t1 = t0 + step;
		double rb = at(rd, k, i) * scale, wb = at(wr, k, i) * scale;
		int skip = k + 1 < ts->rows
				   ? iol_fsmon_missing(ts->v[k + 1] - t0, step)
				   : 0;

		if (isnan(rb) || isnan(wb))
			r = iol_fsrun_add(m, t, nm, &u, t0, t1, 1);
		else if ((r = iol_fsrun_end(m, t, nm, &u)) == 0)
			r = add_bytes(m, nm, t0, t1, rb, wb, 0, err);
		if (r == 0 && skip)
			r = iol_fsrun_add(m, t, nm, &u, t1, ts->v[k + 1], skip);
	}
	return r ? r : iol_fsrun_end(m, t, nm, &u);
}

/* TOKIO: /datatargets/{read,write}{bytes,rates} rows steps x cols OSTs */
static int tokio_osts(struct iol_fsmon *m, hid_t f, struct iol_error *err)
{
	struct h5arr ts, rd = {0}, wr = {0};
	char **names = NULL, buf[32];
	const char *rp = "/datatargets/readbytes",
		   *wp = "/datatargets/writebytes";
	double step, scale = 1;
	size_t i;
	int r;

	if (!h5_exists(f, rp)) {
		rp = "/datatargets/readrates";
		wp = "/datatargets/writerates";
		scale = -1; /* rates: times the step */
	}
	if ((r = h5_read(f, "/datatargets/timestamps", &ts, err)) < 0)
		return r;
	if ((r = h5_read(f, rp, &rd, err)) == 0)
		r = h5_read(f, wp, &wr, err);
	if (r == 0 && (rd.rows != ts.rows || wr.rows != ts.rows ||
		       rd.cols != wr.cols || ts.rows < 1))
		r = iol_error_set(err, IOL_ECORRUPT,
				  "TOKIO HDF5: data and time stamps differ "
				  "in size");
	if (r == 0)
		r = stamps(&ts, "TOKIO HDF5", err);
	step = min_step(ts.v, ts.rows);
	if (r == 0 && !(step > 0))
		r = iol_error_set(err, IOL_ECORRUPT,
				  "TOKIO HDF5: no time step");
	if (scale < 0)
		scale = step;
	if (r == 0 && (names = calloc(rd.cols + 1, sizeof(*names))))
		h5_names(f, wp, "columns", names, rd.cols);
	for (i = 0; r == 0 && i < rd.cols; i++) {
		const char *nm = name_of(names, i, "OST", buf, sizeof(buf));
		struct iol_fstarget *t = iol_fsmon_target(m, nm, IOL_FSK_OST);

		if (!t) {
			r = IOL_ENOMEM;
			break;
		}
		r = tokio_series(m, t, nm, &ts, &rd, &wr, i, step, scale, err);
	}
	free_names(names, rd.cols);
	free(ts.v);
	free(rd.v);
	free(wr.v);
	return r;
}

static int tokio_fullness(struct iol_fsmon *m, hid_t f, struct iol_error *err)
{
	struct h5arr ts, used = {0}, tot = {0};
	char **names = NULL, buf[32];
	size_t i, k;
	int r;

	if (!h5_exists(f, "/fullness/bytes") ||
	    !h5_exists(f, "/fullness/bytestotal"))
		return 0;
	if ((r = h5_read(f, "/fullness/timestamps", &ts, err)) < 0)
		return r;
	if ((r = h5_read(f, "/fullness/bytes", &used, err)) == 0)
		r = h5_read(f, "/fullness/bytestotal", &tot, err);
	if (r == 0 && (used.rows != ts.rows || tot.rows != ts.rows ||
		       used.cols != tot.cols))
		r = iol_error_set(err, IOL_ECORRUPT,
				  "TOKIO HDF5: fullness tables differ in size");
	if (r == 0 && (names = calloc(used.cols + 1, sizeof(*names))))
		h5_names(f, "/fullness/bytes", "columns", names, used.cols);
	for (i = 0; r == 0 && i < used.cols; i++) {
		struct iol_fstarget *t = iol_fsmon_target(
			m, name_of(names, i, "OST", buf, sizeof(buf)),
			IOL_FSK_OST);

		if (!t)
			r = IOL_ENOMEM;
		/* pytokio keeps LMT's kB in "bytes" */
		for (k = 0; r == 0 && k < used.rows; k++)
			r = iol_fsmon_gauge(&t->full, &t->nfull, &t->fullcap,
					    ts.v[k], at(&used, k, i),
					    at(&tot, k, i));
	}
	free_names(names, used.cols);
	free(ts.v);
	free(used.v);
	free(tot.v);
	return r;
}

static int tokio_cpu(struct iol_fsmon *m, hid_t f, const char *grp, int kind,
		     struct iol_error *err)
{
	char tp[64], cp[64];
	struct h5arr ts;
	int r;

	snprintf(tp, sizeof(tp), "/%s/timestamps", grp);
	snprintf(cp, sizeof(cp), "/%s/cpuload", grp);
	if (!h5_exists(f, tp) || !h5_exists(f, cp))
		return 0;
	if ((r = h5_read(f, tp, &ts, err)) < 0)
		return r;
	r = cpu_table(m, f, cp, "columns", kind, ts.v, ts.rows, 1, err);
	free(ts.v);
	return r;
}

/* /mdtargets/<op>s: counts per step, one column per MDT (summed) */
static int tokio_ops(struct iol_fsmon *m, hid_t f, struct iol_error *err)
{
	static const char *const ops[] = {
		"opens",     "closes",	  "mknods",  "links",	 "unlinks",
		"mkdirs",    "rmdirs",	  "renames", "getattrs", "setattrs",
		"getxattrs", "setxattrs", "statfss", "syncs",
	};
	struct h5arr ts, c;
	char p[64], op[32];
	size_t i, k, j;
	int r;

	if (!h5_exists(f, "/mdtargets/timestamps"))
		return 0;
	if ((r = h5_read(f, "/mdtargets/timestamps", &ts, err)) < 0)
		return r;
	for (i = 0; r == 0 && i < sizeof(ops) / sizeof(*ops); i++) {
		snprintf(p, sizeof(p), "/mdtargets/%s", ops[i]);
		if (!h5_exists(f, p) || h5_read(f, p, &c, err) < 0)
			continue;
		/* LMT's names: "open", not "opens" */
		snprintf(op, sizeof(op), "%.*s", (int)strlen(ops[i]) - 1,
			 ops[i]);
		for (k = 0; r == 0 && k < c.rows && k < ts.rows; k++) {
			struct iol_ival iv = {0};

			iv.start = ts.v[k];
			iv.end = k + 1 < ts.rows
					 ? ts.v[k + 1]
					 : ts.v[k] + (ts.v[1] - ts.v[0]);
			iv.util = -1;
			for (j = 0; j < c.cols; j++)
				if (!isnan(at(&c, k, j)))
					iv.reads += at(&c, k, j);
			r = iol_devset_add(&m->mdops, op, &iv);
		}
		free(c.v);
	}
	free(ts.v);
	return r;
}

static int tokio_read(struct iol_fsmon *m, hid_t f, struct iol_error *err)
{
	int r = tokio_osts(m, f, err);

	if (r == 0)
		r = tokio_cpu(m, f, "dataservers", IOL_FSK_OSS, err);
	if (r == 0)
		r = tokio_cpu(m, f, "mdservers", IOL_FSK_MDS, err);
	if (r == 0)
		r = tokio_fullness(m, f, err);
	if (r == 0)
		r = tokio_ops(m, f, err);
	return r;
}

int iol_fs_hdf5_read(struct iol_fsmon *m, const char *path, int *fmt,
		     struct iol_error *err)
{
	hid_t f;
	int r;

	pthread_once(&h5_once, h5_load);
	if (h5_fail[0])
		return iol_error_set(err, IOL_EUNSUPP,
				     "cannot load libhdf5 for an HDF5 "
				     "recording (Debian libhdf5-103-1): %s",
				     h5_fail);
	f = h5.fopen(path, 0u /* H5F_ACC_RDONLY */, H5P_DEFAULT);
	if (f < 0)
		return iol_error_set(err, IOL_ECORRUPT,
				     "libhdf5 cannot open it");
	if (h5_exists(f, "/OSTWriteGroup/OSTBulkWriteDataSet")) {
		*fmt = IOL_FSFMT_H5LMT;
		r = h5lmt_read(m, f, err);
	} else if (h5_exists(f, "/datatargets/timestamps")) {
		*fmt = IOL_FSFMT_TOKIO_HDF5;
		r = tokio_read(m, f, err);
	} else {
		*fmt = IOL_FSFMT_NONE;
		r = iol_error_set(err, IOL_ENOTLOG,
				  "HDF5, but neither h5lmt nor TOKIO's "
				  "time series (no /OSTWriteGroup, no "
				  "/datatargets)");
	}
	h5.fclose(f);
	return r;
}
