/*
 * The triage rule table: each rule reads the job's summary (METRICS.md)
 * and its access-size histogram, and yields one finding.  A rule whose
 * data the log lacks yields "not evaluated" with the reason, never a
 * silent pass.  Values are compared against thresholds from the
 * configuration, which each finding carries so it can be printed.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/metrics.h"
#include "analysis/triage.h"
#include "base/banned.h"

const char *const iol_sev_names[5] = {"high", "warn", "info", "ok",
				      "not evaluated"};

enum {
	K_META,
	K_CREATES,
	K_SMALL,
	K_RANK0,
	K_MISAL,
	K_RANDOM,
	K_IOTIME,
	K_IMBAL,
	K_IDLE,
	K_FSYNC,
	K_SEEK
};
static const char *const keys[IOL_TRIAGE_NKEYS] = {
	"meta_cost_pct",       "creates_per_proc", "small_req_pct",
	"rank0_share_pct",     "misaligned_pct",   "random_pct",
	"io_time_pct",	       "rank_imbalance",   "idle_ranks_pct",
	"fsync_per_write_pct", "seek_per_op_pct",
};

struct ctx {
	const struct iol_job *job;
	const struct iol_summary *s;
	const struct iol_hist *h; /* job histogram, NULL when none */
	/* from per-file rows (POSIX+STDIO) */
	int64_t nranks_io, maxrank, has_shared;
	double maxbytes, sumbytes;
	int64_t writes, syncs, ops, seeks;
};

/* Per-rank bytes and POSIX op counts from the unmerged file rows. */
static int rank_scan(const struct iol_job *job, struct ctx *cx,
		     struct iol_error *err)
{
	struct iol_filerow *rows = NULL;
	size_t n = 0, k;
	int64_t np = job->nprocs > 0 ? job->nprocs : 1;
	double *b = calloc((size_t)np, sizeof(*b));
	int rc;

	if (!b)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	rc = iol_files_compute(job, 0, &rows, &n, err);
	for (k = 0; rc >= 0 && k < n; k++) {
		const struct iol_filerow *r = &rows[k];

		if (r->mod != IOL_MOD_POSIX && r->mod != IOL_MOD_STDIO)
			continue;
		if (r->mod == IOL_MOD_POSIX) {
			cx->writes += r->writes > 0 ? r->writes : 0;
			cx->syncs += r->syncs > 0 ? r->syncs : 0;
			cx->seeks += r->seeks > 0 ? r->seeks : 0;
			cx->ops += (r->reads > 0 ? r->reads : 0) +
				   (r->writes > 0 ? r->writes : 0);
		}
		if (r->rank < 0 || r->rank >= np)
			cx->has_shared = 1;
		else
			b[r->rank] += (double)(r->br > 0 ? r->br : 0) +
				      (double)(r->bw > 0 ? r->bw : 0) + 1e-9;
	}
	cx->maxrank = -1;
	for (k = 0; k < (size_t)np; k++) {
		if (b[k] > 0)
			cx->nranks_io++;
		cx->sumbytes += b[k];
		if (cx->maxrank < 0 || b[k] > cx->maxbytes) {
			cx->maxbytes = b[k];
			cx->maxrank = (int64_t)k;
		}
	}
	free(b);
	free(rows);
	return rc < 0 ? rc : 0;
}

static int e_imbal(const struct ctx *c, double *v, char *d, size_t n)
{
	double mean;

	if (c->job->nprocs < 2 || c->sumbytes <= 0) {
		snprintf(d, n,
			 c->job->nprocs < 2 ? "a single process"
					    : "no per-rank records");
		return -1;
	}
	if (c->maxbytes < 1048576.0) {
		snprintf(d, n, "per-rank records hold under 1 MiB a rank");
		return -1;
	}
	mean = c->sumbytes / (double)c->job->nprocs;
	*v = c->maxbytes / mean;
	snprintf(d, n, "rank %lld moved %.0f B, mean rank %.0f B",
		 (long long)c->maxrank, c->maxbytes, mean);
	return 0;
}

static int e_idle(const struct ctx *c, double *v, char *d, size_t n)
{
	if (c->job->nprocs < 2) {
		snprintf(d, n, "a single process");
		return -1;
	}
	if (c->has_shared) {
		*v = 0;
		snprintf(d, n, "shared records: every rank opened a file");
		return 0;
	}
	*v = 100.0 * (double)(c->job->nprocs - c->nranks_io) /
	     (double)c->job->nprocs;
	snprintf(d, n, "%lld of %lld ranks have no POSIX/STDIO record",
		 (long long)(c->job->nprocs - c->nranks_io),
		 (long long)c->job->nprocs);
	return 0;
}

static int e_fsync(const struct ctx *c, double *v, char *d, size_t n)
{
	if (!c->writes) {
		snprintf(d, n, "no POSIX writes");
		return -1;
	}
	*v = 100.0 * (double)c->syncs / (double)c->writes;
	snprintf(d, n, "%lld fsync/fdatasync for %lld POSIX writes",
		 (long long)c->syncs, (long long)c->writes);
	return 0;
}

static int e_seek(const struct ctx *c, double *v, char *d, size_t n)
{
	if (!c->ops) {
		snprintf(d, n, "no POSIX reads or writes");
		return -1;
	}
	*v = 100.0 * (double)c->seeks / (double)c->ops;
	snprintf(d, n, "%lld seeks for %lld POSIX reads and writes",
		 (long long)c->seeks, (long long)c->ops);
	return 0;
}

/* Fill value or the reason it is missing; returns 0 when evaluated. */
typedef int (*eval_fn)(const struct ctx *c, double *v, char *d, size_t n);

struct rule {
	const char *code, *title, *unit;
	int key; /* threshold, -1 none */
	int sev; /* when crossed */
	eval_fn eval;
	const char *rec;
};

static int e_meta(const struct ctx *c, double *v, char *d, size_t n)
{
	if (!isfinite(c->s->md_cost_pct)) {
		snprintf(d, n, "no POSIX/STDIO I/O time in the log");
		return -1;
	}
	*v = c->s->md_cost_pct;
	snprintf(d, n, "%.3f s metadata of %.3f s I/O", c->s->meta_time_total,
		 c->s->io_time_total);
	return 0;
}

static int e_creates(const struct ctx *c, double *v, char *d, size_t n)
{
	if (!isfinite(c->s->creates_per_proc)) {
		snprintf(d, n, "no process count or file records");
		return -1;
	}
	*v = c->s->creates_per_proc;
	snprintf(d, n, "%lld files created (%s), %lld files",
		 (long long)c->s->ncreated,
		 c->s->creates_exact ? "exact" : "estimated",
		 (long long)c->s->nfiles);
	return 0;
}

static int e_small(const struct ctx *c, double *v, char *d, size_t n)
{
	int64_t small = 0, all = 0;
	int b;

	if (!c->h) {
		snprintf(d, n, "no access-size histogram (no POSIX records)");
		return -1;
	}
	for (b = 0; b < IOL_NBINS; b++) {
		all += c->h->rd[b] + c->h->wr[b];
		if (b < 5) /* the bins below 1 MiB */
			small += c->h->rd[b] + c->h->wr[b];
	}
	if (!all) {
		snprintf(d, n, "no POSIX reads or writes");
		return -1;
	}
	*v = 100.0 * (double)small / (double)all;
	snprintf(d, n, "%lld of %lld POSIX operations under 1 MiB",
		 (long long)small, (long long)all);
	return 0;
}

static int e_rank0(const struct ctx *c, double *v, char *d, size_t n)
{
	if (c->s->busiest_rank < 0 || !isfinite(c->s->busiest_share)) {
		snprintf(d, n, "no per-rank records (shared records only)");
		return -1;
	}
	if (c->job->nprocs < 2) {
		snprintf(d, n, "a single process");
		return -1;
	}
	*v = c->s->busiest_share * 100.0;
	snprintf(d, n, "rank %lld of %lld, strategy %s",
		 (long long)c->s->busiest_rank, (long long)c->job->nprocs,
		 c->s->strategy ? c->s->strategy : "?");
	return 0;
}

static int e_misal(const struct ctx *c, double *v, char *d, size_t n)
{
	if (!isfinite(c->s->pct_aligned)) {
		snprintf(d, n, "no POSIX operations");
		return -1;
	}
	*v = 100.0 - c->s->pct_aligned;
	snprintf(d, n, "POSIX file alignment (no LUSTRE stripe check)");
	return 0;
}

static int e_random(const struct ctx *c, double *v, char *d, size_t n)
{
	if (!isfinite(c->s->pct_seq)) {
		snprintf(d, n, "no POSIX operations");
		return -1;
	}
	*v = 100.0 - c->s->pct_seq;
	snprintf(d, n, "POSIX reads and writes");
	return 0;
}

static int e_iotime(const struct ctx *c, double *v, char *d, size_t n)
{
	if (!isfinite(c->s->pct_io_slowest)) {
		snprintf(d, n, "no run time or I/O time");
		return -1;
	}
	*v = c->s->pct_io_slowest;
	snprintf(d, n, "slowest rank, POSIX+STDIO");
	return 0;
}

static int e_incomplete(const struct ctx *c, double *v, char *d, size_t n)
{
	int m, k = 0;

	*v = 0;
	d[0] = '\0';
	for (m = 0; m < IOL_MOD_KNOWN; m++)
		if (c->s->incomplete & ((uint64_t)1 << m)) {
			*v += 1;
			k += snprintf(d + k, k < (int)n ? n - (size_t)k : 0,
				      "%s%s", k ? " " : "",
				      iol_modinfo(m)->name);
			if (k >= (int)n)
				k = (int)n;
		}
	return 0;
}

static const struct rule rules[] = {
	{"IOL-INCOMPLETE", "log incomplete: modules ran out of memory",
	 "modules", -1, IOL_SEV_HIGH, e_incomplete,
	 "Darshan dropped records; findings below may be missing. Raise "
	 "DARSHAN_MODMEM / DARSHAN_MOD_MEM and rerun."},
	{"IOL-META-BOUND", "metadata-bound I/O", "%", K_META, IOL_SEV_HIGH,
	 e_meta,
	 "Most I/O time goes to open/close/stat/seek. Open files once, keep "
	 "them open, aggregate small files into fewer larger ones."},
	{"IOL-SMALL-FILES", "small-file storm: many files created per process",
	 "files/proc", K_CREATES, IOL_SEV_WARN, e_creates,
	 "Each process creates many files. Pack them into one file per "
	 "process or a shared file (HDF5, ADIOS, tar) to spare the metadata "
	 "server."},
	{"IOL-SMALL-REQ", "small requests (< 1 MiB)", "%", K_SMALL,
	 IOL_SEV_WARN, e_small,
	 "Many reads/writes are under 1 MiB. Buffer them into larger "
	 "requests, or use MPI-IO collective buffering."},
	{"IOL-RANK0-IO", "rank-0-only I/O: one rank moved nearly all bytes",
	 "%", K_RANK0, IOL_SEV_WARN, e_rank0,
	 "One rank does the I/O for the job. Spread it with MPI-IO "
	 "collective I/O or a file per rank group."},
	{"IOL-MISALIGNED", "misaligned accesses", "%", K_MISAL, IOL_SEV_INFO,
	 e_misal,
	 "Align request offsets and sizes to the file system block or stripe "
	 "size (MPI-IO hint striping_unit, HDF5 H5Pset_alignment)."},
	{"IOL-RANDOM", "non-sequential accesses", "%", K_RANDOM, IOL_SEV_INFO,
	 e_random,
	 "Accesses jump around the file. Sort or batch them, or let MPI-IO "
	 "collective I/O reorder them."},
	{"IOL-IO-TIME", "slowest rank spends much of the run in I/O", "%",
	 K_IOTIME, IOL_SEV_WARN, e_iotime,
	 "I/O takes a large share of run time. Overlap it with computation or "
	 "reduce what is written."},
	{"IOL-RANK-IMBALANCE", "rank imbalance: busiest rank vs the mean rank",
	 "x mean", K_IMBAL, IOL_SEV_WARN, e_imbal,
	 "One rank moves far more data than the average rank. Spread the I/O "
	 "over ranks or aggregators."},
	{"IOL-IDLE-RANKS", "ranks that did no I/O", "%", K_IDLE, IOL_SEV_INFO,
	 e_idle,
	 "Some ranks did no file I/O; if the others wait on them, use them as "
	 "I/O aggregators."},
	{"IOL-FSYNC", "fsync-dominated writes", "syncs/100 writes", K_FSYNC,
	 IOL_SEV_WARN, e_fsync,
	 "The job syncs often. Sync once at the end of a phase, not after "
	 "every write."},
	{"IOL-SEEK-PER-OP", "a seek for every read or write", "seeks/100 ops",
	 K_SEEK, IOL_SEV_INFO, e_seek,
	 "Use pread/pwrite with offsets instead of lseek before each call."},
};
#define NRULES (sizeof(rules) / sizeof(rules[0]))

static void eval_rule(const struct rule *r, const struct ctx *cx,
		      const struct iol_triage_conf *c, struct iol_finding *f)
{
	double v = NAN;

	memset(f, 0, sizeof(*f));
	f->code = r->code;
	f->title = r->title;
	f->unit = r->unit;
	f->rec = r->rec;
	f->threshold = r->key >= 0 ? c->v[r->key] : 0;
	f->value = NAN;
	if (r->eval(cx, &v, f->detail, sizeof(f->detail)) < 0) {
		f->sev = IOL_SEV_NA;
		return;
	}
	f->value = v;
	f->sev = v > f->threshold ? r->sev : IOL_SEV_OK;
}

int iol_triage_run(const struct iol_job *job, const struct iol_triage_conf *c,
		   struct iol_triage *t, struct iol_error *err)
{
	struct iol_summary s;
	struct iol_hist h[1];
	struct iol_opts o = {0, 0};
	struct ctx cx;
	size_t k;
	int rc;

	memset(t, 0, sizeof(*t));
	rc = iol_summary_compute(job, &o, &s, err);
	if (rc < 0)
		return rc;
	memset(&cx, 0, sizeof(cx));
	cx.job = job;
	cx.s = &s;
	cx.h = iol_hist_compute(job, h, 1) ? h : NULL;
	rc = rank_scan(job, &cx, err);
	if (rc < 0)
		return rc;
	t->f = calloc(NRULES, sizeof(*t->f));
	if (!t->f)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	for (k = 0; k < NRULES; k++)
		eval_rule(&rules[k], &cx, c, &t->f[k]);
	t->n = NRULES;
	return 0;
}

void iol_triage_free(struct iol_triage *t)
{
	free(t->f);
	t->f = NULL;
	t->n = 0;
}

static int conf_line(struct iol_triage_conf *c, char *line, int lineno,
		     struct iol_error *err)
{
	char *eq, *key, *val, *end, *p;
	int k;

	p = strchr(line, '#');
	if (p)
		*p = '\0';
	key = line + strspn(line, " \t\r");
	if (!*key)
		return 0;
	eq = strchr(key, '=');
	if (!eq)
		return iol_error_set(err, IOL_ESYNTAX, "line %d: no '='",
				     lineno);
	*eq = '\0';
	for (p = eq; p > key && strchr(" \t", p[-1]); p--)
		p[-1] = '\0';
	val = eq + 1;
	for (k = 0; k < IOL_TRIAGE_NKEYS; k++)
		if (!strcmp(key, keys[k]))
			break;
	if (k == IOL_TRIAGE_NKEYS)
		return iol_error_set(err, IOL_ESYNTAX,
				     "line %d: unknown key '%s'", lineno, key);
	errno = 0;
	c->v[k] = strtod(val, &end);
	end += strspn(end, " \t\r");
	if (errno || end == val || *end || !isfinite(c->v[k]))
		return iol_error_set(err, IOL_ESYNTAX,
				     "line %d: bad number for %s", lineno, key);
	return 0;
}

static int conf_apply(struct iol_triage_conf *c, const char *text,
		      struct iol_error *err)
{
	char buf[512];
	const char *p = text, *nl;
	int lineno = 0, rc;

	while (*p) {
		size_t len;

		nl = strchr(p, '\n');
		len = nl ? (size_t)(nl - p) : strlen(p);
		lineno++;
		if (len >= sizeof(buf))
			return iol_error_set(err, IOL_ESYNTAX,
					     "line %d: too long", lineno);
		memcpy(buf, p, len);
		buf[len] = '\0';
		rc = conf_line(c, buf, lineno, err);
		if (rc < 0)
			return rc;
		p += len + (nl ? 1 : 0);
	}
	return 0;
}

int iol_triage_conf_parse(struct iol_triage_conf *c, const char *text,
			  struct iol_error *err)
{
	int rc = conf_apply(c, iol_triage_default_conf, err);

	if (rc < 0 || !text)
		return rc;
	return conf_apply(c, text, err);
}
