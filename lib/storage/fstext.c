/*
 * Text snapshots of a parallel file system: `lfs df` (fullness of each
 * MDT and OST), `lctl dl -t` (the devices a client sees, with the server
 * NID of each OST and MDT), each alone or as snapshots after `BEGIN
 * <epoch>` lines, and GPFS `mmperfmon query` output (a legend of
 * numbered metrics, then a row per time bucket), from a file or from
 * an archive's member (lib/storage/fstar.c).
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "storage/fsmon.h"
#include "base/lines.h"
#include "base/banned.h"

struct txt {
	struct iol_fsmon *m;
	struct iol_lines l;
	struct iol_error *err;
	double t; /* the snapshot's time (BEGIN), 0 when not said */
	/* lines from memory instead (an archive's member), NUL-ended */
	char *mem, *mend;
	uint64_t mline;
};

/* the next line of the file, or of the memory */
static int next_line(struct txt *x, char **s, size_t *len)
{
	char *nl;

	if (!x->mem)
		return iol_lines_next(&x->l, s, len, x->err);
	if (x->mem >= x->mend)
		return 0;
	nl = memchr(x->mem, '\n', (size_t)(x->mend - x->mem));
	*s = x->mem;
	*len = (size_t)((nl ? nl : x->mend) - x->mem);
	(*s)[*len] = 0;
	x->mem = nl ? nl + 1 : x->mend;
	x->mline++;
	return 1;
}

static unsigned long long lineno(const struct txt *x)
{
	return x->mend ? x->mline : x->l.lineno;
}

static int set_fsname(struct iol_fsmon *m, const char *target)
{
	const char *dash = strrchr(target, '-');

	if (!m->fsname[0] && dash && dash > target)
		snprintf(m->fsname, sizeof(m->fsname), "%.*s",
			 (int)(dash - target), target);
	return 0;
}

/* "snx11035-OST0000_UUID 90767651352 65387344040 24423870832 73% ..." */
static int lfs_df_line(struct txt *x, const char *s)
{
	char name[128], mnt[256] = "";
	long long blocks, used, avail;
	struct iol_fstarget *t;
	char *u;
	int kind;

	if (sscanf(s, "%127s %lld %lld %lld %*s %255s", name, &blocks, &used,
		   &avail, mnt) < 4)
		return 0; /* the header, "filesystem_summary:", blank */
	if ((u = strstr(name, "_UUID")))
		*u = 0;
	kind = strstr(name, "-MDT") || strstr(mnt, "[MDT") ? IOL_FSK_MDT
							   : IOL_FSK_OST;
	set_fsname(x->m, name);
	t = iol_fsmon_target(x->m, name, kind);
	if (!t)
		return IOL_ENOMEM;
	return iol_fsmon_gauge(&t->full, &t->nfull, &t->fullcap, x->t,
			       (double)used, (double)blocks);
}

/* "4 UP osc snx11035-OST0014-osc-ffff885f81a64000 <uuid> 5 <nid>" */
static int lctl_line(struct txt *x, const char *s)
{
	char type[16], name[160], nid[128] = "";
	struct iol_fstarget *t;
	char *p;
	int kind;

	if (sscanf(s, "%*d %*s %15s %159s %*s %*d %127s", type, name, nid) < 2)
		return 0;
	if (!strcmp(type, "osc"))
		kind = IOL_FSK_OST;
	else if (!strcmp(type, "mdc"))
		kind = IOL_FSK_MDT;
	else
		return 0;
	/* snx11035-OST0014-osc-ffff...: the target is the first two parts */
	p = strchr(name, '-');
	if (p && (p = strchr(p + 1, '-')))
		*p = 0;
	set_fsname(x->m, name);
	t = iol_fsmon_target(x->m, name, kind);
	if (!t)
		return IOL_ENOMEM;
	if (nid[0] && !t->server && !(t->server = strdup(nid)))
		return IOL_ENOMEM;
	return 0;
}

/* mmperfmon: one column of a block */
struct mcol {
	/* 0 ignored, 1 bytes read, 2 bytes written, 3 CPU, 4 operations
	 * of a file system (op: their kind) */
	int what;
	int fs; /* of a file system (GPFSFilesystem), not an NSD */
	char target[96], host[96], metric[64];
	const char *op;
	unsigned long long line; /* of its legend */
};

/* A file system's operation counts per bucket, by the kind fsload shows
 * (Lustre's MDS operations' table): GPFSFilesystem's read and write
 * requests, GPFSFilesystemAPI's calls. */
static const struct {
	const char *metric, *op;
} gpfs_ops[] = {
	{"gpfs_fs_read_ops", "read"},
	{"gpfs_fs_write_ops", "write"},
	{"gpfs_fis_open_calls", "open"},
	{"gpfs_fis_close_calls", "close"},
	{"gpfs_fis_read_calls", "read_call"},
	{"gpfs_fis_write_calls", "write_call"},
	{"gpfs_fis_readdir_calls", "readdir"},
	{"gpfs_fis_inodes_written", "inode_update"},
};

static const char *gpfs_op(const char *metric)
{
	size_t i;

	for (i = 0; i < sizeof(gpfs_ops) / sizeof(*gpfs_ops); i++)
		if (!strcmp(metric, gpfs_ops[i].metric))
			return gpfs_ops[i].op;
	return NULL;
}

/* " 1:\tngfsv468.nersc.gov|GPFSNSDDisk|ddn59dt00|gpfs_nsdds_bytes_read",
 * " 5: ngfsv492.nersc.gov|GPFSFilesystem|TSAILUN.nersc.gov|tlproject2|
 * gpfs_fs_bytes_read" (host, sensor, cluster, file system, metric) */
static void legend(struct mcol *c, const char *s)
{
	char f[6][96];
	int n = 0;
	const char *p = strchr(s, ':');

	memset(c, 0, sizeof(*c));
	if (!p)
		return;
	p += 1 + strspn(p + 1, " \t");
	while (n < 6 && *p) {
		size_t k = strcspn(p, "|");

		snprintf(f[n++], sizeof(f[0]), "%.*s", (int)k, p);
		p += k + (p[k] == '|');
	}
	if (n < 3)
		return;
	snprintf(c->host, sizeof(c->host), "%s", f[0]);
	if (n == 4 && !strcmp(f[3], "gpfs_nsdds_bytes_read"))
		c->what = 1;
	else if (n == 4 && !strcmp(f[3], "gpfs_nsdds_bytes_written"))
		c->what = 2;
	else if (n == 3 &&
		 (!strcmp(f[2], "cpu_user") || !strcmp(f[2], "cpu_sys")))
		c->what = 3;
	else if (n == 5 && !strcmp(f[1], "GPFSFilesystem")) {
		c->fs = 1;
		c->what = !strcmp(f[4], "gpfs_fs_bytes_read")	   ? 1
			  : !strcmp(f[4], "gpfs_fs_bytes_written") ? 2
								   : 0;
	}
	if (n == 5 && !c->what && (c->op = gpfs_op(f[4]))) {
		c->fs = 1;
		c->what = 4;
	}
	if (c->what != 0 && c->what != 3) {
		snprintf(c->target, sizeof(c->target), "%s", f[c->fs ? 3 : 2]);
		snprintf(c->metric, sizeof(c->metric), "%s", f[n - 1]);
	}
}

/* a value and its unit ("31371.0 MB"): *p advanced; NAN when null */
static double value(const char **p)
{
	const char *s = *p + strspn(*p, " \t");
	char *end;
	double v = strtod(s, &end);

	if (end == s) {
		*p = s + strcspn(s, " \t");
		return NAN;
	}
	s = end + strspn(end, " \t");
	if (isalpha((unsigned char)s[0]) && s[1] == 'B' &&
	    (s[2] == ' ' || s[2] == '\t' || !s[2])) {
		static const char units[] = "kMGTP";
		const char *u = strchr(units, s[0]);

		if (u)
			v *= pow(1024, (double)(u - units + 1));
		end = (char *)s + 2;
	}
	*p = end;
	return v;
}

struct mrow {
	double t;
	double *v;
};

/* the rows of one block, sorted by time, turned into intervals */
/* the written column of the target whose read column is k; nc if none */
static size_t mm_partner(const struct mcol *c, size_t nc, size_t k)
{
	size_t j;

	for (j = 0; j < nc; j++)
		if (c[j].what == 2 && c[j].fs == c[k].fs &&
		    !strcmp(c[j].target, c[k].target) &&
		    !strcmp(c[j].host, c[k].host))
			return j;
	return nc;
}

static int mm_target(struct txt *x, const struct mcol *c,
		     struct iol_fstarget **t)
{
	*t = iol_fsmon_target(x->m, c->what == 3 ? c->host : c->target,
			      c->what == 3 ? IOL_FSK_NSDSRV
			      : c->fs	   ? IOL_FSK_GPFSFS
					   : IOL_FSK_NSD);
	if (!*t)
		return IOL_ENOMEM;
	if (c->what == 3)
		return 0;
	/* a file system's nodes, which may be clients: no row each */
	if (c->fs)
		return iol_fstarget_servers_add(*t, c->host);
	/* its server is a row too, the sum of its disks */
	if (!iol_fsmon_target(x->m, c->host, IOL_FSK_NSDSRV))
		return IOL_ENOMEM;
	return iol_fstarget_servers_add(*t, c->host);
}

/* the step between a block's rows: the smallest (a first row followed
 * by a missing one would make the first difference two steps); one
 * row: a minute, mmperfmon's usual bucket */
static double mm_step(const struct mrow *rows, size_t nr)
{
	double step = 0;
	size_t i;

	for (i = 1; i < nr; i++)
		if (rows[i - 1].t >= 0 && rows[i].t > rows[i - 1].t &&
		    (!(step > 0) || rows[i].t - rows[i - 1].t < step))
			step = rows[i].t - rows[i - 1].t;
	return step > 0 ? step : 60;
}

/* one interval per row and disk, read and written together; a null in
 * both, or a time stamp that skips buckets, is missing samples: a run
 * of them one gap, not zeros */
static int mm_bytes(struct txt *x, struct iol_fstarget *t, const struct mcol *c,
		    size_t kr, size_t kw, const struct mrow *rows, size_t nr)
{
	double step = mm_step(rows, nr);
	struct iol_fsrun u = {0, 0, 0};
	char name[200];
	size_t i;
	int r = 0;

	/* the NSD as this server reported it */
	snprintf(name, sizeof(name), "%s" IOL_FS_PAIR "%s", c->target, c->host);
	/* a file system's series: its nodes' buckets sum */
	if (c->fs)
		snprintf(name, sizeof(name), "%s", c->target);

	for (i = 0; r == 0 && i < nr; i++) {
		struct iol_ival iv = {0};
		double rd = kr < SIZE_MAX ? rows[i].v[kr] : NAN;
		double wr = kw < SIZE_MAX ? rows[i].v[kw] : NAN;
		double next = i + 1 < nr ? rows[i + 1].t : -1;

		if (rows[i].t < 0)
			continue;
		iv.start = rows[i].t;
		iv.end = next > iv.start && next - iv.start <= 1.5 * step
				 ? next
				 : iv.start + step;
		if (isnan(rd) && isnan(wr)) {
			r = iol_fsrun_add(x->m, t, name, &u, iv.start, iv.end,
					  1);
		} else if ((r = iol_fsrun_end(x->m, t, name, &u)) == 0) {
			iv.util = -1;
			iv.rbytes = isnan(rd) ? 0 : llround(rd);
			iv.wbytes = isnan(wr) ? 0 : llround(wr);
			r = iol_devset_add(&x->m->data, name, &iv);
		}
		if (r == 0 && next > iv.end + 1e-6)
			r = iol_fsrun_add(
				x->m, t, name, &u, iv.end, next,
				iol_fsmon_missing(next - iv.start, step));
	}
	return r ? r : iol_fsrun_end(x->m, t, name, &u);
}

/* an operation column's buckets into m->mdops by their kind, summed
 * there over the nodes and file systems that report them (a count per
 * bucket, as bytes are); a null is no count, nothing added */
static int mm_ops(struct txt *x, const struct mcol *c, size_t k,
		  const struct mrow *rows, size_t nr)
{
	double step = mm_step(rows, nr);
	size_t i;
	int r = 0;

	for (i = 0; r == 0 && i < nr; i++) {
		struct iol_ival iv = {0};
		double next = i + 1 < nr ? rows[i + 1].t : -1;

		if (rows[i].t < 0 || isnan(rows[i].v[k]))
			continue;
		iv.start = rows[i].t;
		iv.end = next > iv.start && next - iv.start <= 1.5 * step
				 ? next
				 : iv.start + step;
		iv.reads = rows[i].v[k];
		iv.util = -1;
		r = iol_devset_add(&x->m->mdops, c->op, &iv);
	}
	return r;
}

/* A byte column's buckets, once: the same server's metric of the same
 * disk over a period read before (a copy of a report, inside an
 * archive and beside it, or two queries that share buckets) would add
 * up twice where an NSD's buckets sum, and which copy is right is not
 * known: refused, naming the column and the first bucket given twice. */
static int mm_once(struct txt *x, const struct mcol *c, const struct mrow *rows,
		   size_t nr)
{
	const struct iol_fsseen *s = NULL;
	double t0 = -1, t1 = -1;
	char key[300], a[40];
	size_t i;
	int r;

	for (i = 0; i < nr; i++)
		if (rows[i].t >= 0) {
			if (t0 < 0 || rows[i].t < t0)
				t0 = rows[i].t;
			if (rows[i].t > t1)
				t1 = rows[i].t;
		}
	if (t0 < 0)
		return 0;
	snprintf(key, sizeof(key), "%s|%s|%s", c->host, c->target, c->metric);
	r = iol_fsmon_seen(x->m, key, t0, t1, &s);
	if (r == 1)
		return iol_error_set(
			x->err, IOL_ECORRUPT,
			"line %llu: %s at %s: given before (a copy "
			"of a report read already?)",
			c->line, key,
			iol_fsmon_iso(a, sizeof(a), t0 > s->t0 ? t0 : s->t0));
	return r;
}

static int mm_commit(struct txt *x, const struct mcol *c, size_t nc,
		     struct mrow *rows, size_t nr)
{
	struct iol_fstarget *t;
	size_t i, k, j;
	int r = 0;

	for (k = 0; r == 0 && k < nc; k++) {
		if (!c[k].what)
			continue;
		if (c[k].what != 3 && (r = mm_once(x, &c[k], rows, nr)) < 0)
			return r;
		if (c[k].what == 4) {
			r = mm_ops(x, &c[k], k, rows, nr);
			continue;
		}
		if ((r = mm_target(x, &c[k], &t)) < 0)
			return r;
		if (c[k].what == 1) {
			j = mm_partner(c, nc, k);
			r = mm_bytes(x, t, &c[k], k, j < nc ? j : SIZE_MAX,
				     rows, nr);
		} else if (c[k].what == 2) {
			/* done with its read column, unless it has none */
			for (j = 0; j < nc; j++)
				if (c[j].what == 1 && mm_partner(c, nc, j) == k)
					break;
			if (j == nc)
				r = mm_bytes(x, t, &c[k], SIZE_MAX, k, rows,
					     nr);
		} else {
			for (i = 0; r == 0 && i < nr; i++)
				if (!isnan(rows[i].v[k]) && rows[i].t >= 0)
					r = iol_fsmon_gauge(
						&t->cpu, &t->ncpu, &t->cpucap,
						rows[i].t, rows[i].v[k], 0);
		}
	}
	return r;
}

/* CPU is user + system: two columns of one host make one sample */
static void mm_cpu_merge(struct mcol *c, size_t nc, struct mrow *rows,
			 size_t nr)
{
	size_t a, b, i;

	for (a = 0; a < nc; a++)
		for (b = a + 1; c[a].what == 3 && b < nc; b++)
			if (c[b].what == 3 && !strcmp(c[a].host, c[b].host)) {
				for (i = 0; i < nr; i++)
					rows[i].v[a] += rows[i].v[b];
				c[b].what = 0;
			}
}

static void free_rows(struct mrow *rows, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		free(rows[i].v);
	free(rows);
}

/* the row numbered n (from 1) of the legend's table, made when new:
 * rows are numbered in turn, so a new one is the next (a number that
 * skips ahead would make every row before it, nc values each, from one
 * line of a hostile report) */
static struct mrow *mm_row_at(struct mrow **rows, size_t *nr, size_t *cap,
			      size_t n, size_t nc)
{
	size_t i;

	if (n < 1 || n > *nr + 1)
		return NULL;
	while (*nr < n) {
		if (*nr == *cap) {
			size_t nc2 = *cap ? 2 * *cap : 64;
			struct mrow *nrw = realloc(*rows, nc2 * sizeof(**rows));

			if (!nrw)
				return NULL;
			*rows = nrw;
			*cap = nc2;
		}
		(*rows)[*nr].t = -1;
		(*rows)[*nr].v = malloc((nc + 1) * sizeof(double));
		if (!(*rows)[*nr].v)
			return NULL;
		for (i = 0; i < nc; i++)
			(*rows)[*nr].v[i] = NAN;
		(*nr)++;
	}
	return &(*rows)[n - 1];
}

/* "  1 2019-03-04-16:01:00   0   0 ...": columns base.. of row 1 */
/* a byte count of a bucket: a null (NAN), or from 0 to 2^53 (9 PB in a
 * bucket is no server's; beyond, a double no longer holds every byte) */
static int byte_count(double v)
{
	return isnan(v) || (v >= 0 && v <= 9007199254740992.0);
}

static int mm_row(struct txt *x, const struct mcol *c, struct mrow **rows,
		  size_t *nr, size_t *cap, const char *s, size_t base,
		  size_t width, size_t nc)
{
	int y, mo, d, h, mi, sec, n = 0, no;
	struct mrow *row;
	size_t k;

	if (sscanf(s, "%d %4d-%2d-%2d-%2d:%2d:%2d%n", &no, &y, &mo, &d, &h, &mi,
		   &sec, &n) != 7)
		return iol_error_set(x->err, IOL_ESYNTAX,
				     "line %llu: not a row of mmperfmon",
				     lineno(x));
	row = mm_row_at(rows, nr, cap, (size_t)(no > 0 ? no : 0), nc);
	if (!row)
		return iol_error_set(x->err, IOL_ECORRUPT,
				     "line %llu: row number %d", lineno(x), no);
	row->t = iol_fs_localtime(y, mo, d, h, mi, sec);
	if (row->t < 0)
		return iol_error_set(x->err, IOL_ECORRUPT,
				     "line %llu: no such time %04d-%02d-%02d-"
				     "%02d:%02d:%02d",
				     lineno(x), y, mo, d, h, mi, sec);
	s += n;
	for (k = base; k < base + width && k < nc; k++) {
		row->v[k] = value(&s);
		if ((c[k].what == 1 || c[k].what == 2) &&
		    !byte_count(row->v[k]))
			return iol_error_set(x->err, IOL_ECORRUPT,
					     "line %llu: %s|%s: %g is no count "
					     "of bytes",
					     lineno(x), c[k].host, c[k].target,
					     row->v[k]);
		if (c[k].what == 4 && !byte_count(row->v[k]))
			return iol_error_set(x->err, IOL_ECORRUPT,
					     "line %llu: %s|%s|%s: %g is no "
					     "count of operations",
					     lineno(x), c[k].host, c[k].target,
					     c[k].metric, row->v[k]);
	}
	return 0;
}

/* the metric names after "Row Timestamp": how many columns a table has */
static size_t mm_width(const char *s)
{
	size_t n = 0;

	while (*s) {
		s += strspn(s, " \t");
		if (!*s)
			break;
		n++;
		s += strcspn(s, " \t");
	}
	return n >= 2 ? n - 2 : 0;
}

/* a wide query is printed as several tables of the legend's columns in
 * turn, each with rows numbered from 1 */
static int mmperfmon(struct txt *x, char *first)
{
	struct mcol c[512];
	struct mrow *rows = NULL;
	size_t nc = 0, nr = 0, cap = 0, base = 0, width = 0;
	char *s = first;
	size_t len;
	int r = 1, inlegend = 0;

	for (; r > 0; r = next_line(x, &s, &len)) {
		const char *p = s + strspn(s, " \t");

		if (!strncmp(p, "Legend:", 7)) {
			mm_cpu_merge(c, nc, rows, nr);
			if (nr && (r = mm_commit(x, c, nc, rows, nr)) < 0)
				break;
			free_rows(rows, nr);
			rows = NULL;
			nr = cap = nc = base = width = 0;
			inlegend = 1;
		} else if (inlegend && isdigit((unsigned char)*p) &&
			   strchr(p, '|') && nc < 512) {
			legend(&c[nc], p);
			c[nc++].line = lineno(x);
		} else if (!strncmp(p, "Row", 3)) {
			base += inlegend ? 0 : width;
			width = mm_width(p);
			inlegend = 0;
		} else if (!inlegend && isdigit((unsigned char)*p) && nc) {
			r = mm_row(x, c, &rows, &nr, &cap, p, base, width, nc);
			if (r < 0)
				break;
			r = 1;
		}
	}
	if (r == 0) {
		mm_cpu_merge(c, nc, rows, nr);
		if (nr)
			r = mm_commit(x, c, nc, rows, nr);
	}
	free_rows(rows, nr);
	return r < 0 ? r : 0;
}

int iol_fs_mmperfmon_mem(struct iol_fsmon *m, char *buf, size_t len,
			 struct iol_error *err)
{
	struct txt x = {m, {0}, err, 0, buf, buf + len, 0};
	char *s;
	size_t n;
	int r;

	while ((r = next_line(&x, &s, &n)) > 0) {
		s += strspn(s, " \t\r");
		if (*s)
			break;
	}
	if (r <= 0 || strncmp(s, "Legend:", 7))
		return 1;
	return mmperfmon(&x, s);
}

int iol_fs_text_read(struct iol_fsmon *m, const char *path, int fmt,
		     struct iol_error *err)
{
	struct txt x = {m, {0}, err, 0, NULL, NULL, 0};
	char *s;
	size_t len;
	int r;

	r = iol_lines_open(&x.l, path, err);
	if (r < 0)
		return r;
	while ((r = iol_lines_next(&x.l, &s, &len, err)) > 0) {
		const char *p = s + strspn(s, " \t");

		if (fmt == IOL_FSFMT_MMPERFMON) {
			r = mmperfmon(&x, s);
			break;
		}
		if (!strncmp(p, "BEGIN ", 6))
			x.t = strtod(p + 6, NULL);
		else if (fmt == IOL_FSFMT_LFS_DF)
			r = lfs_df_line(&x, p);
		else
			r = lctl_line(&x, p);
		if (r < 0)
			break;
	}
	iol_lines_close(&x.l);
	return r < 0 ? r : 0;
}
